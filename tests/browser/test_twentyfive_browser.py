"""Twenty-five in a real browser: Voila serves the seeded app, chromium plays a whole game by
clicks, and the same app replayed in this process says what the page must show (and hide).

Set CARDLIB_TWENTYFIVE_SCREENSHOT=docs/app.png (CARDLIB_COACH_SCREENSHOT=docs/coach.png) to save a
picture of the app (with the coach open) in mid-game on the way.
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import pytest

from cardlib.twentyfive.app import TwentyFiveApp
from cardlib.twentyfive.beliefs import p_over, pass_cost
from cardlib.twentyfive.rules import PASS
from tests.browser.mirror import button, click, double_click, labels, moment, open_app, page_values, Picture, check_final_places, play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 2041  # the browser plays this app (and the test replays it): reveal choices, rounds under and over 25


@pytest.fixture(scope="module")
def twentyfive_url(voila_serving) -> str:
    """Where Voila serves ``TwentyFiveApp(seed=SEED)``."""
    return voila_serving(f"from cardlib.twentyfive.app import TwentyFiveApp\n\nTwentyFiveApp(seed={SEED})")


def newcomer(mirror: TwentyFiveApp) -> str:
    """The browser player's choice: draw until 20 cards are in play, then pass; reveal the highest."""
    enabled = [b.description for b in mirror.action_buttons if not b.disabled]
    if "Pass" in enabled and (mirror.state.observation(mirror.human).cards_in_play >= 20 or "Draw" not in enabled):
        return "Pass"
    return "Draw" if "Draw" in enabled else enabled[0]


def check_page(page, mirror: TwentyFiveApp) -> None:
    """Scores as the engine has them; no hidden card anywhere in the DOM; no error shown."""
    state, human = mirror.state, mirror.human
    obs = state.observation(human)
    totals = page.eval_on_selector_all(".cl-total", "els => els.map(e => [+e.dataset.seat, +e.textContent])")
    assert [points for _, points in sorted(totals)] == list(state.scores)
    assert page.query_selector(".cl-message") is None
    assert "Traceback" not in page.content()
    paused = labels(mirror) in (["Next round"], ["Play again"])
    if paused:  # the finished round lies open; the next deal's hands must not show
        done = obs.rounds[-1] if state.is_over else obs.rounds[mirror.parts_read]
        assert page_values(page, "[data-card]", "card") == Counter(done.cards_in_play)
        assert f"{done.pairs} pairs" in page.inner_text(".cl-result")
        return
    visible = Counter(obs.hand) + Counter(card for cards in obs.fields for card in cards)
    assert page_values(page, "[data-card]", "card") == visible  # face values only for your hand and the field cards
    for seat in range(state.game.players):
        area = f'.cl-hand[data-seat="{seat}"]'
        if seat == human:
            assert sorted(page_values(page, area + " [data-card]", "card").elements()) == list(state.hand(seat))
            continue
        assert page.eval_on_selector(area, "e => e.textContent") == ""
        assert page.eval_on_selector(area, "e => e.querySelectorAll('.cl-back').length") == len(state.hand(seat))
        assert not page.query_selector_all(area + " [data-card]")
        field = page.eval_on_selector_all(f'.cl-field[data-seat="{seat}"] [data-card]',
                                          "els => els.map(e => +e.dataset.card)")
        assert field == list(state.field(seat))  # in the order revealed


def mid_game(mirror) -> bool:
    """A moment worth a picture: round 2 or later, many cards in play, your turn to draw or pass."""
    obs = mirror.state.observation(mirror.human)
    return obs.round_number >= 2 and obs.cards_in_play >= 17 and labels(mirror) == ["Draw", "Pass"]


def test_a_whole_game_by_clicks_in_chromium(twentyfive_url, page):
    mirror, shown = open_app(page, twentyfive_url, TwentyFiveApp(seed=SEED)), []
    picture = Picture("CARDLIB_TWENTYFIVE_SCREENSHOT")

    def look(page, mirror):
        check_page(page, mirror)
        shown.append(labels(mirror))
        picture.take(page, mid_game(mirror))

    rounds_read = play_to_the_end(page, mirror, newcomer, look, limit=400).count("Next round")
    assert rounds_read >= 1, "at least one whole round was played, scored and read"
    pairs = [done.pairs for done in mirror.state.observation(mirror.human).rounds]
    reveal_choices = sum(len(buttons) == 2 and buttons[0].startswith("Reveal") for buttons in shown)
    assert reveal_choices >= 1 and min(pairs) < 25 < max(pairs), (reveal_choices, pairs)  # what SEED promises
    check_final_places(page, mirror)
    click(page, mirror, "New game")
    assert "Game 2" in page.inner_text(".cl-header")
    check_page(page, mirror)


def test_a_refused_click_shows_a_message_not_a_traceback(twentyfive_url, page):
    mirror = open_app(page, twentyfive_url, TwentyFiveApp(seed=SEED))
    assert mirror.button("Pass").disabled
    assert button(page, "Pass").is_disabled()
    double_click(page, mirror, "Draw")  # a stale button: the second click must be refused
    assert "Traceback" not in page.content()
    assert page.eval_on_selector_all(".cl-total", "els => els.map(e => +e.textContent)") == list(mirror.state.scores)
    assert moment(mirror) == page.get_attribute(".cl-header", "data-moment")  # exactly one draw happened


# The coach panel shows, in data attributes, the exact figures expected for this moment (no older panel).
COACH_SHOWN = """(expected) => {
  const heads = [...document.querySelectorAll('.cl-coach .cl-coach-model')];
  if (expected === null) {
    const coach = document.querySelector('.cl-coach');
    return heads.length === 0 && coach !== null && coach.textContent.includes('The round is over');
  }
  return heads.length === 2 && heads.every(h => {
    const e = expected[h.dataset.model];
    return e !== undefined && h.dataset.over === e[0] && h.dataset.exactly === e[1] && h.dataset.under === e[2]
      && (h.dataset.costs || '') === e[3];
  });
}"""
SHOWN_NUMBER = re.compile(r"^([=≈<>]) ([\d.]+)%?$")


def coach_expected(mirror: TwentyFiveApp):
    """What the coach must say now, computed here from the human's observation (None: round over)."""
    obs = mirror.state.observation(mirror.human)
    if mirror.pending(obs) is not None:
        return None
    can_pass = PASS in mirror.state.legal_actions()
    expected = {}
    for model in ("naive", "informed"):
        odds = p_over(obs, model)
        costs = ",".join(map(str, pass_cost(obs, model))) if can_pass else ""
        expected[model] = [str(odds.over), str(odds.exactly), str(odds.under), costs]
    return expected


def agrees(shown: str, exact: Fraction, scale: int, places: int) -> bool:
    """A rounded number as the page shows it ("≈ 17.6%", "= 0%", "< 0.1%") agrees with ``exact``."""
    sign, number = SHOWN_NUMBER.match(shown.strip()).groups()
    value = float(exact * scale)
    return {"=": exact * scale == Fraction(number), "≈": abs(value - float(number)) <= 0.5 * 10 ** -places + 1e-12,
            "<": 0 < value < float(number), ">": float(number) < value < scale}[sign]


def check_coach(page, mirror: TwentyFiveApp) -> bool:
    """The page's coach shows p_over (and pass_cost) of the human's observation; True if it shows odds."""
    expected = coach_expected(mirror)
    page.wait_for_function(COACH_SHOWN, arg=expected, timeout=60_000)
    if expected is None:
        return False
    obs = mirror.state.observation(mirror.human)
    cells = page.eval_on_selector_all(".cl-coach-p", """els => els.map(e => [e.dataset.model, e.dataset.outcome,
        e.querySelector('.cl-coach-frac').textContent, e.querySelector('b').textContent])""")
    assert len(cells) == 6
    for model, outcome, fraction, shown in cells:
        exact = getattr(p_over(obs, model), outcome)
        assert Fraction(fraction) == exact and agrees(shown, exact, 100, 1), (model, outcome, fraction, shown)
    costs = page.eval_on_selector_all(".cl-coach-cost", """els => els.map(e => [e.dataset.model, +e.dataset.seat,
        e.querySelector('.cl-coach-frac').textContent, e.querySelector('b').textContent])""")
    assert len(costs) == (2 * obs.players if expected["naive"][3] else 0)
    for model, seat, fraction, shown in costs:
        exact = pass_cost(obs, model)[seat]
        assert Fraction(fraction) == exact and agrees(shown, exact, 1, 2), (model, seat, fraction, shown)
    if costs:  # the last to draw stands out
        assert page.eval_on_selector_all(".cl-coach-last", "els => els.map(e => +e.dataset.seat)") == [obs.last_drawer]
    else:
        assert page.inner_text(".cl-coach-note")
    assert not page.query_selector_all(".cl-coach [data-card]")
    return True


def test_a_whole_game_with_the_coach_open_shows_the_exact_odds(twentyfive_url, page):
    mirror = open_app(page, twentyfive_url, TwentyFiveApp(seed=SEED))
    assert not page.is_visible(".cl-coach")
    button(page, "Coach").click()
    mirror.coach_open = True
    page.wait_for_selector(".cl-coach", state="visible")
    picture, odds_checked, with_costs = Picture("CARDLIB_COACH_SCREENSHOT"), 0, 0

    def look(page, mirror):
        nonlocal odds_checked, with_costs
        check_page(page, mirror)
        odds_checked += check_coach(page, mirror)
        with_costs += bool(page.query_selector_all(".cl-coach-cost"))
        picture.take(page, mid_game(mirror), height=1700)

    play_to_the_end(page, mirror, newcomer, look, limit=400)
    assert odds_checked >= 12 and 0 < with_costs < odds_checked  # first turns and reveals: no costs
    assert "Game over" in page.inner_text(".cl-prompt")
