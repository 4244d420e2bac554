"""Loop in a real browser: Voila serves the seeded app and chromium plays a whole game by clicks:
the normal round (2 cards set aside in two clicks, once with a Back between; a long lead chosen by
its form, then the play), then loop rounds, each after a chair chosen by its cards and the points it
pays; in one of them you set an 8 aside and reveal it for donden. The same app replayed in this
process says what the page must show after every click, and that no card your observation does not
show reaches it.

Set CARDLIB_LOOP_SCREENSHOT=docs/loop.png to save a picture of the app on the way (your turn under
donden, a trick to beat).
"""
from __future__ import annotations

import re

import pytest

from cardlib.loop.app import LoopApp
from cardlib.loop.chairs import round_points
from cardlib.ui.app import ordinal
from cardlib.ui.table import points_text
from tests.browser.mirror import Picture, check_final_places, click, labels, open_app, play_to_the_end
from tests.loop.test_app import TOKEN, visible

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 11  # four players, four rounds: you lead runs chosen by their form, take a chair before each loop
#            round, and in the first loop round set aside an 8 that lies at your new chair and declare donden


@pytest.fixture(scope="module")
def loop_url(voila_serving) -> str:
    """Where Voila serves ``LoopApp(seed=SEED)``."""
    return voila_serving(f"from cardlib.loop import LoopApp\n\nLoopApp(seed={SEED})")


def declared(obs) -> bool:
    """Whether you have declared donden in this game."""
    return any(kind == "donden" and who == obs.seat for kind, who, _ in obs.log)


def newcomer(mirror: LoopApp) -> str:
    """The browser player's choice: set aside an 8 if dealt one (with the lowest other card), else the two
    lowest cards; declare donden once; lead the form with the most cards (runs first), its longest play;
    follow with the first play that beats, else pass; take the first chair allowed."""
    obs = mirror.state.observation(mirror.human)
    enabled = [b.description for b in mirror.action_buttons if not b.disabled]
    if enabled in (["Next round"], ["Play again"]):
        return enabled[0]
    if obs.phase == "set aside":
        eights = [label for label in enabled if label.startswith("8")]
        if mirror.step is None:
            return eights[0] if eights else enabled[0]
        return next(label for label in enabled if label != "Back")
    if obs.phase == "sit":
        return enabled[0]
    dond = [label for label in enabled if label.startswith("Donden")]
    if dond and not declared(obs):
        return dond[0]
    plays = [label for label in enabled if label not in ("Pass", "Back") and not label.startswith("Donden")]
    if mirror.step is not None:
        return max(plays, key=lambda label: len(label.split()))
    if plays and plays[0].endswith(")") and "(" in plays[0] and not plays[0].endswith("(stops)"):  # forms
        return next((label for form in ("Runs", "Pairs", "Three", "Singles") for label in plays
                     if label.startswith(form)))
    if obs.trick:
        return plays[0] if plays else "Pass"
    return max(plays, key=lambda label: len(label.split()))


def faces(page, selector: str) -> list[str]:
    """The cards ``selector`` finds face up, in order ('9y'); a back counts as None."""
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card || null)")


def check_page(page, mirror: LoopApp) -> None:
    """Faces only where your observation shows the card: your hand exactly, others' hands as backs, no
    hidden card named anywhere (text, tooltips, data); no error, no traceback."""
    state, human = mirror.state, mirror.human
    obs = state.observation(human)
    assert page.query_selector(".cl-message") is None
    words = page.inner_text(".cl-app")
    assert "Traceback" not in words
    titles = page.eval_on_selector_all(".cl-app [title]", "els => els.map(e => e.title)")
    shown = " ".join([words, *titles, *filter(None, faces(page, "[data-card]"))])
    named = {(int(n), c) for n, c in TOKEN.findall(shown)}
    assert named <= visible(obs), sorted(named - visible(obs))
    if page.query_selector(".lp-chair") is not None:  # the chair choice
        check_chairs(page, mirror)
        return
    assert [card for card in faces(page, f'.lp-hand[data-seat="{human}"] .cl-card')] == [
        f"{n}{c}" for n, c in obs.hand]
    for seat in range(obs.players):
        if seat != human:
            assert faces(page, f'.lp-hand[data-seat="{seat}"] .cl-card') == [None] * obs.hand_sizes[seat]
        pile = faces(page, f'.lp-pile[data-seat="{seat}"] .cl-card')
        assert pile == [f"{n}{c}" for n, c in obs.piles[obs.chairs[seat]]]
    if obs.reversed and mirror.pending(obs) is None and obs.phase == "play":
        assert "Donden: 1 is strongest now" in page.inner_text(".lp-centre")
    totals = page.eval_on_selector_all(".cl-total", "els => els.map(e => [+e.dataset.seat, e.textContent])")
    assert [int(points.replace("−", "-")) for _, points in sorted(totals)] == list(obs.scores)


def check_chairs(page, mirror: LoopApp) -> None:
    """Each chair's played cards face up, its unplayed ones as backs unless known, what it pays at each rank."""
    obs = mirror.state.observation(mirror.human)
    assert page.locator(".lp-chair").count() == obs.players
    for chair in range(obs.players):
        holder = obs.chairs.index(chair)
        assert faces(page, f'.lp-pile[data-chair="{chair}"] .cl-card') == [f"{n}{c}" for n, c in obs.piles[chair]]
        aside = faces(page, f'.lp-aside[data-chair="{chair}"] .cl-card')
        known = obs.hand + obs.aside if holder == obs.seat else obs.held_known[holder]
        unplayed = obs.hand_sizes[holder] + 2  # set aside, and the last player's cards still in hand
        assert aside == [f"{n}{c}" for n, c in known] + [None] * (unplayed - len(known))
        rank = obs.out.index(holder) + 1
        pays = " · ".join(f"{ordinal(r)} {points_text(round_points(obs.players, r, rank), sign=True)}"
                          for r in range(1, obs.players + 1))
        assert page.inner_text(f'.lp-pays[data-chair="{chair}"]') == pays
    allowed = {action.chair for action in mirror.state.legal_actions()}
    for chair in range(obs.players):
        button = page.locator(".cl-controls button").filter(has_text=re.compile(rf"^\s*Chair {chair}\s*$"))
        assert button.is_disabled() == (chair not in allowed)


def test_a_whole_game_by_clicks_with_donden_and_chair_choices_in_chromium(loop_url, page):
    mirror = open_app(page, loop_url, LoopApp(seed=SEED))
    picture = Picture("CARDLIB_LOOP_SCREENSHOT")
    seen = {"back": False, "forms": 0, "chairs": 0, "donden": False, "summaries": 0}

    def look(page, mirror):
        check_page(page, mirror)
        obs = mirror.state.observation(mirror.human)
        if labels(mirror) in (["Next round"], ["Play again"]):
            seen["summaries"] += 1
            assert "is over." in page.inner_text(".cl-result")
        if page.query_selector(".lp-chair") is not None:
            seen["chairs"] += 1
        if any(label.startswith("Runs (") for label in labels(mirror)):
            seen["forms"] += 1
        if obs.reversed and obs.phase == "play" and declared(obs):
            seen["donden"] = True
            assert page.locator(f'.lp-aside[data-seat="{obs.seat}"] .lp-revealed').count() == 1
            choices = [b for b in mirror.action_buttons if not b.disabled]
            picture.take(page, bool(obs.trick) and mirror.pending(obs) is None and len(choices) > 2, height=1250)
        if obs.phase == "set aside" and mirror.step is not None and not seen["back"]:
            seen["back"] = True  # the first card clicked: go back once, and click it again
            opened = mirror.step
            click(page, mirror, "Back")
            check_page(page, mirror)
            click(page, mirror, next(b.description for b, opens in mirror.opens_of.items() if opens == opened))

    clicked = play_to_the_end(page, mirror, newcomer, look, limit=250)
    log = mirror.state.observation(mirror.human).log
    mine = [kind for kind, who, _ in log if who == mirror.human]
    assert "donden" in mine and "sit" in mine and clicked.count("Next round") >= 1
    assert seen["back"] and seen["forms"] and seen["chairs"] >= 1 and seen["donden"] and seen["summaries"] >= 2
    told = page.inner_text(".cl-log")
    assert "You reveal 8" in told and "You take chair" in told and "a loop round" in told
    check_final_places(page, mirror)
