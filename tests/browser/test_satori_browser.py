"""The Satori in a real browser: Voila serves the seeded app, chromium plays a whole game by clicks
(Katsu! called, a declaration at the end) with the coach open, and the same app replayed in this
process says what the page must show, and that no card unseen by you reaches it.

Set CARDLIB_SATORI_SCREENSHOT=docs/satori.png to save a picture of the app in a Katsu window, coach
open, on the way.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

from cardlib.satori.actions import KATSU, WINDOW
from cardlib.satori.app import SatoriApp
from cardlib.satori.bots import BayesianBot
from tests.browser.mirror import Picture, button, check_final_places, click, double_click, labels, moment, open_app, \
    play_to_the_end, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 1  # three players: you call Katsu! three times (each a satori) and declare Satori! with a run of 3


@pytest.fixture(scope="module")
def satori_url(voila_serving) -> str:
    """Where Voila serves ``SatoriApp(seed=SEED)``."""
    return voila_serving(f"from cardlib.satori import SatoriApp\n\nSatoriApp(seed={SEED})")


def newcomer(mirror: SatoriApp) -> str:
    """The browser player's choice: Katsu! when the bots' own posterior reaches 3/5; declare when you
    may; otherwise a satori, else a zatsunen, else pass."""
    return newcomer_in(mirror, [b.description for b in mirror.action_buttons if not b.disabled])


def newcomer_in(mirror: SatoriApp, enabled: list[str]) -> str:
    """The newcomer's choice among the ``enabled`` labels (in English)."""
    state, seat = mirror.state, mirror.human
    if state.is_over:
        return enabled[0]
    obs = state.observation(seat)
    if obs.phase == WINDOW:
        return "Katsu!" if BayesianBot().chance(obs) >= BayesianBot().threshold else "No katsu"
    return next(label for label in ("Declare Satori!", "Play satori", "Play zatsunen", "Pass") if label in enabled)


def faces(page, selector: str) -> Counter:
    """How often each card face ("S", "Z") is drawn in the elements ``selector`` finds."""
    return Counter(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)"))


def check_page(page, mirror: SatoriApp) -> None:
    """Only cards you may see are drawn face up: your hand, your pile, a satori a Katsu showed, and at
    the end the runs shown; every other card is a back. No error, no traceback."""
    state, human = mirror.state, mirror.human
    obs = state.observation(human)
    assert page.query_selector(".cl-message") is None
    html = page.content()
    assert "Traceback" not in html
    known = Counter(card for pile in obs.piles for card in pile if card is not None)
    times = 2 if state.is_over else 1  # at the end the panel shows every pile still in once more
    assert faces(page, "[data-card]") == Counter(obs.hand) + Counter({k: v * times for k, v in known.items()})
    for seat in range(obs.players):
        hand = f'.cl-hand[data-seat="{seat}"]'
        pile = f'.cl-pile-cards[data-seat="{seat}"]'
        if obs.out[seat]:
            assert not page.query_selector_all(f"{pile} .cl-card, {hand} .cl-card")
            continue
        shown = page.eval_on_selector_all(f"{pile} .cl-card", "els => els.map(e => e.dataset.card || null)")
        assert shown == list(obs.piles[seat])  # bottom to top: a face exactly where the card is known
        if seat == human:
            assert sorted(faces(page, f"{hand} [data-card]").elements()) == sorted(state.hand(seat))
            assert shown == list(state.pile(seat))
        else:
            assert not page.query_selector_all(f"{hand} [data-card]")
            assert page.eval_on_selector(hand, "e => e.querySelectorAll('.cl-back').length") == obs.hand_sizes[seat]
            truth = state.pile(seat)
            assert all(card is None or card == truth[i] for i, card in enumerate(shown))
    waiting = page.query_selector_all(".sat-wait")
    assert len(waiting) == (1 if obs.phase == WINDOW else 0)
    if obs.phase == WINDOW and obs.current_player == human:
        prompt = page.inner_text(".cl-prompt")
        asked = mirror.say("{who} has played a card face down on top of their pile. Katsu?",
                           who=mirror.names(obs.active))
        assert asked in prompt
        if not mirror.coach_open:
            return
        coach = page.inner_text(".cl-coach")
        assert "P(satori)" in coach and "break-even" in coach and "0 (you are out)" in coach
        # the four cases, what each choice is worth at P(satori), the break-even and the verdict: as in the app
        cases = page.eval_on_selector_all(".cl-coach [data-stake]",
                                          "els => els.map(e => [e.dataset.stake, e.dataset.value])")
        assert [name for name, _ in cases] == ["success", "failure", "no call satori", "no call zatsunen"]
        said = re.findall(r'data-stake="([^"]+)" data-value="([^"]+)"', mirror._coach.value)
        assert cases == [list(case) for case in said]
        expect = page.eval_on_selector_all(".cl-coach [data-expect]", "els => els.map(e => e.dataset.expect)")
        assert expect == ["call", "no call"]
        kind = page.get_attribute(".cl-coach .cl-verdict", "data-verdict")
        assert kind in ("call", "let it go", "too close") and f'data-verdict="{kind}"' in mirror._coach.value


@pytest.fixture(scope="module")
def satori_ja_url(voila_serving) -> str:
    """Where Voila serves ``SatoriApp(seed=SEED, lang="ja")``."""
    return voila_serving(f"from cardlib.satori import SatoriApp\n\nSatoriApp(seed={SEED}, lang='ja')")


JAPANESE = {"Katsu!": "喝!", "No katsu": "喝をしない", "Declare Satori!": "「悟りました」と宣言する",
            "Play satori": "悟りカードを出す", "Play zatsunen": "雑念カードを出す", "Pass": "パスする"}


def test_a_japanese_table_plays_a_whole_game_by_clicks_in_chromium(satori_ja_url, page):
    mirror = open_app(page, satori_ja_url, SatoriApp(seed=SEED, lang="ja"))
    assert "ザ・悟り" in page.inner_text(".cl-header")

    def choose(mirror: SatoriApp) -> str:
        english = {japanese: english for english, japanese in JAPANESE.items()}
        chosen = newcomer_in(mirror, [english.get(b.description, b.description) for b in mirror.action_buttons
                                      if not b.disabled])
        return JAPANESE.get(chosen, chosen)

    def look(page, mirror):
        check_page(page, mirror)
        shown = page.eval_on_selector_all(".cl-controls button", "els => els.map(e => e.innerText.trim())")
        assert shown and all(label in JAPANESE.values() or label == "もう一度遊ぶ" for label in shown), shown

    clicked = play_to_the_end(page, mirror, choose, look, limit=60)
    assert "喝!" in clicked and mirror.state.is_over
    assert "「喝!」" in page.inner_text(".cl-log") and "山札" in page.inner_text(".cl-app")
    assert "ゲーム終了" in page.inner_text(".cl-prompt")


def test_a_whole_game_by_clicks_with_katsu_in_chromium(satori_url, page):
    mirror = open_app(page, satori_url, SatoriApp(seed=SEED))
    button(page, "Coach").click()  # the coach stays open for the whole game
    mirror.coach_open = True
    page.wait_for_selector(".cl-coach .cl-panel")
    picture = Picture("CARDLIB_SATORI_SCREENSHOT")
    windows = []

    def look(page, mirror):
        check_page(page, mirror)
        obs = mirror.state.observation(mirror.human)
        asked = obs.phase == WINDOW and obs.current_player == mirror.human
        windows.append(asked)
        picture.take(page, asked and sum(windows) == 2, height=1500)  # the second time you are asked

    clicked = play_to_the_end(page, mirror, newcomer, look, limit=60)
    history = mirror.state.history
    assert "Katsu!" in clicked and KATSU in history and mirror.state.is_over
    assert "You call Katsu!" in page.inner_text(".cl-log") and "onto your pile" in page.inner_text(".cl-log")
    check_final_places(page, mirror)
    result = page.inner_text(".cl-result")
    assert "run of" in result and "farthest clockwise" in result
    click(page, mirror, "New game")
    assert "Game 2" in page.inner_text(".cl-header")
    check_page(page, mirror)
    # A stale button: two clicks on one play before the first answer; the second must be refused.
    double_click(page, mirror, "Play satori")
    wait_settled(page, mirror)
    assert moment(mirror) == page.get_attribute(".cl-header", "data-moment")  # exactly one play happened
    assert labels(mirror)
