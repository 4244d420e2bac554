"""SCOUT in a real browser: Voila serves the seeded app and chromium plays a whole game by clicks, a
plain scout (two clicks: the end, then the place; once with a Back between) and a Scout & Show
among them. The same app replayed in this process says what the page must show after every click,
and that no card you have not seen reaches it.

Set CARDLIB_SCOUT_SCREENSHOT=docs/scout.png to save a picture of the app on the way (the place
buttons of your Scout & Show, with the places where no show could follow greyed out).
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

from cardlib.scout.actions import KEEPING, SHOWING, Show
from cardlib.scout.app import ScoutApp
from tests.browser.mirror import Picture, check_final_places, click, labels, open_app, play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 39  # round 1: you show, scout twice, Scout & Show (25 of 28 places refused) and show on; player 2 empties
#           their hand (i); rounds 2 and 3 end by (ii), a Scout & Show of yours in each


@pytest.fixture(scope="module")
def scout_url(voila_serving) -> str:
    """Where Voila serves ``ScoutApp(seed=SEED)``."""
    return voila_serving(f"from cardlib.scout import ScoutApp\n\nScoutApp(seed={SEED})")


def done_this_round(obs, kind: str) -> int:
    """How many times you did ``kind`` ("scout", "scout & show") in this round."""
    start = max(i for i, (event, _, _) in enumerate(obs.log) if event == "round")
    return sum(1 for event, seat, _ in obs.log[start:] if event == kind and seat == obs.seat)


def newcomer(mirror: ScoutApp) -> str:
    """The browser player's choice: keep the hand; on the first turn of a round with an active set, a
    plain scout; on the next, Scout & Show if the marker is unused; otherwise the biggest show (the
    leftmost of the biggest), else a scout. A card scouted goes to the first place allowed."""
    obs = mirror.state.observation(mirror.human)
    enabled = [b.description for b in mirror.action_buttons if not b.disabled]
    if enabled in (["Next round"], ["Play again"]):
        return enabled[0]
    if obs.phase == KEEPING:
        return "Keep"
    if mirror.step is not None:
        return next(label for label in enabled if label != "Back")
    shows = sorted(((a.last - a.first, -a.first), b.description) for b, a in mirror.action_of.items()
                   if type(a) is Show and not b.disabled)
    plain = [label for label in enabled if re.match(r"Scout( left| right)?: ", label)]
    both = [label for label in enabled if label.startswith("Scout & Show")]
    if obs.phase != SHOWING:
        if plain and not done_this_round(obs, "scout"):
            return plain[0]
        if both and done_this_round(obs, "scout"):
            return both[0]
    return shows[-1][1] if shows else plain[0]


def cards_in(page, selector: str) -> list:
    """The cards ``selector`` finds, in order: (top, bottom) for a face, None for a back."""
    found = page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card || null)")
    return [tuple(map(int, card.split("/"))) if card else None for card in found]


def check_page(page, mirror: ScoutApp) -> None:
    """Faces only where your observation knows the card: your hand, the active set, a card an opponent
    scouted (where it went, that way up); every other card of theirs a back. No error, no traceback."""
    state, human = mirror.state, mirror.human
    obs = state.observation(human)
    assert page.query_selector(".cl-message") is None
    assert "Traceback" not in page.content()
    if mirror.pending(obs) is not None:  # between rounds: the round over, in counts; the next deal not shown yet
        assert cards_in(page, "[data-card]") == [] and "Left in hand" in page.inner_text(".cl-table")
        return
    known = Counter(card for seat, hand in enumerate(obs.hands) if seat != human for card in hand if card)
    assert Counter(card for card in cards_in(page, "[data-card]")) == Counter(obs.hand) + Counter(obs.active) + known
    for seat in range(obs.players):
        shown = cards_in(page, f'.cl-seat[data-seat="{seat}"] .sc-hand .cl-card')
        assert shown == list(obs.hands[seat])
        if seat == human:
            assert shown == list(state.hand(seat))
        else:
            assert all(card is None or card == state.hand(seat)[i] for i, card in enumerate(shown))
    assert cards_in(page, ".sc-active .cl-card") == list(obs.active)
    if obs.active:
        assert page.get_attribute(".sc-active", "data-owner") == str(obs.owner)
    for seat in range(obs.players):  # the badges: who is to play, the owner, a marker spent
        shown = page.eval_on_selector_all(f'.cl-seat[data-seat="{seat}"] .cl-badge', "els => els.map(e => e.innerText)")
        assert ("Scout & Show used" in shown) == (not obs.markers[seat])
        assert ("owner" in shown) == (obs.owner == seat and bool(obs.active))
    totals = page.eval_on_selector_all(".cl-total", "els => els.map(e => [+e.dataset.seat, e.textContent])")
    assert [int(points.replace("−", "-")) for _, points in sorted(totals)] == list(obs.totals)


def check_summary(page, mirror: ScoutApp) -> None:
    """A finished round on show: why it ended, and each seat's numbers as the RoundTally has them."""
    obs = mirror.state.observation(mirror.human)
    tally = obs.finished[-1] if mirror.state.is_over else obs.finished[mirror.parts_read]
    result = page.inner_text(".cl-result")
    assert f"Round {tally.round} is over." in result and ("(ii)" in result) == (tally.reason == "came back")
    rows = page.eval_on_selector_all(".cl-result tbody tr", "els => els.map(e => [...e.cells].map(c => c.innerText))")
    assert [row[0] for row in rows] == [mirror.names(seat) for seat in range(obs.players)]
    for seat, (_, taken, chips, held, score) in enumerate(rows):
        assert (taken, chips) == (f"+{tally.score_cards[seat]}", f"+{tally.chips[seat]}")
        lost = f"−{tally.held[seat]}" if tally.held[seat] else "0"
        assert held == (f"{tally.held[seat]} (exempt)" if seat == tally.exempt else lost)
        assert int(score.replace("−", "-")) == tally.scores[seat]


def test_a_whole_game_by_clicks_with_a_scout_and_a_scout_and_show_in_chromium(scout_url, page):
    mirror = open_app(page, scout_url, ScoutApp(seed=SEED))
    picture = Picture("CARDLIB_SCOUT_SCREENSHOT")
    seen = {"places": 0, "refused": 0, "back": False, "summaries": 0}

    def look(page, mirror):
        check_page(page, mirror)
        if labels(mirror) in (["Next round"], ["Play again"]):
            seen["summaries"] += 1
            check_summary(page, mirror)
        if mirror.step is None:
            return
        seen["places"] += 1
        size = len(mirror.state.hand(mirror.human))
        assert page.locator(".cl-controls button").count() == 2 * (size + 1) + 1  # at 1 .. at N+1, turned, Back
        assert "which number on top?" in page.inner_text(".cl-prompt")
        refused = page.locator(".cl-controls button:disabled")
        seen["refused"] += refused.count()
        if refused.count():  # a Scout & Show: the places no show could follow are greyed out, and say why
            assert "No show could follow" in refused.first.get_attribute("title")
            picture.take(page, True, height=1400)
        if not seen["back"]:  # the first place buttons: go back once, and open the same end again
            seen["back"] = True
            opened = mirror.step
            first = next(b.description for b, opens in mirror.opens_of.items() if opens is None)
            click(page, mirror, "Back")
            check_page(page, mirror)
            label = next(b.description for b, opens in mirror.opens_of.items() if opens == opened)
            click(page, mirror, label)
            assert first == "at 1"

    clicked = play_to_the_end(page, mirror, newcomer, look, limit=80)
    history = [str(action) for action in mirror.state.history]
    assert any(action.startswith("scout ") for action in history)
    assert any(action.startswith("scout & show") for action in history)
    assert any(label.startswith("Scout & Show") for label in clicked) and clicked.count("Next round") == 2
    assert seen["places"] >= 4 and seen["refused"] and seen["back"] and seen["summaries"] == 3
    log = page.inner_text(".cl-log")
    assert "You use Scout & Show: scout the " in log and "You scout the " in log and "You show " in log
    check_final_places(page, mirror)
