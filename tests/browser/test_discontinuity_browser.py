"""Discontinuity in a real browser: Voila serves the seeded app, chromium plays a whole game by
clicks (taking the joker and placing it), and the same app replayed in this process says what
the page must show, and that nothing hidden (the deck order, any joker's face) reaches it.

Set CARDLIB_DISCONTINUITY_SCREENSHOT=docs/discontinuity.png to save a picture of the app in mid-game
on the way.
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from cardlib.discontinuity.actions import PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.app import JOKER_LABEL, DiscontinuityApp
from cardlib.discontinuity.bots import GreedyBot
from cardlib.discontinuity.scoring import JOKER, row_values, runs
from cardlib.discontinuity.view import place_label, take_label
from tests.browser.mirror import click, double_click, labels, moment, open_app, page_values, Picture, check_final_places, play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 11  # three players; the human takes the joker on turn 2 and places it from then on


@pytest.fixture(scope="module")
def discontinuity_url(voila_serving) -> str:
    """Where Voila serves ``DiscontinuityApp(seed=SEED)``."""
    return voila_serving(f"from cardlib.discontinuity import DiscontinuityApp\n\nDiscontinuityApp(seed={SEED})")


def newcomer(mirror: DiscontinuityApp) -> str:
    """The browser player's choice: the joker as soon as the row holds two numbers, else greedy."""
    state, seat = mirror.state, mirror.human
    if not state.is_over and state.current_player == seat:
        obs, legal = state.observation(seat), state.legal_actions()
        if TakeJoker() in legal and len(obs.row) >= 2:
            return JOKER_LABEL
        action = GreedyBot().act(obs, legal, random.Random(len(obs.log)))
        if isinstance(action, Take):
            return take_label(action, obs.square)
        if isinstance(action, PlaceJoker):
            banked = sum(half.scores[seat] for half in obs.halves)
            return place_label(action, obs.row, obs.safe_sizes[seat], banked)
    return labels(mirror)[0]  # Play again


def shown_points(text: str):
    """Points as the page shows them: "−3", "+4", or "−20 to −6" while a joker waits to be placed.
    A hyphen-minus is refused: negative numbers take the true minus sign."""
    low, to, high = text.strip().partition(" to ")
    for number in (low, high) if to else (low,):
        assert re.fullmatch(r"[+−]?\d+", number), f"{text!r} is not written with a true minus"
    as_int = lambda number: int(number.replace("−", "-"))  # noqa: E731
    return (as_int(low), as_int(high)) if to else as_int(low)


def true_points(mirror: DiscontinuityApp) -> list:
    """Each seat's total, from the engine; a joker waiting to be placed: (worst, best) of its places."""
    state = mirror.state
    points = list(state.scores)
    seat = state.current_player
    if state.phase == "place" and JOKER not in state.row(seat):
        totals = []
        for place in state.legal_actions():
            trial = state.clone()
            trial.apply(place)
            totals.append(trial.scores[seat])
        points[seat] = (min(totals), max(totals)) if min(totals) != max(totals) else totals[0]
    return points


def check_page(page, mirror: DiscontinuityApp) -> None:
    """Scores as the engine has them; only public cards in the DOM; no joker's face; no error."""
    state, human = mirror.state, mirror.human
    obs = state.observation(human)
    totals = page.eval_on_selector_all(".cl-total", "els => els.map(e => [+e.dataset.seat, e.textContent])")
    assert [shown_points(points) for _, points in sorted(totals)] == true_points(mirror)
    shown = page.eval_on_selector_all(
        ".cl-seat", "els => els.map(e => [+e.dataset.seat, e.querySelector('.cl-pts b').textContent])")
    assert [shown_points(points) for _, points in sorted(shown)] == true_points(mirror)
    assert page.query_selector(".cl-message") is None
    html = page.content()
    assert "Traceback" not in html
    assert int(page.get_attribute(".cl-square", "data-deck")) == state.deck_size
    # Every face in the DOM is a public card: the square and the rows (rows again in the final table).
    times = 2 if state.is_over else 1
    rows = [card for row in obs.rows for card in row if card != JOKER] * times
    public = Counter(card for card in obs.square if card) + Counter(rows)
    assert page_values(page, "[data-card]", "card") == public
    # A joker shows only the value it counts (its anchor + 1), never the card under it.
    wild = Counter([value for row in obs.rows if JOKER in row for card, value in zip(row, row_values(row))
                    if card == JOKER] * times)
    assert page_values(page, ".cl-wild[data-wild]", "wild") == wild
    texts = page.eval_on_selector_all(".cl-wild[data-wild]", "els => els.map(e => [e.textContent, +e.dataset.wild])")
    assert all(text == f"J{value}" for text, value in texts)
    # A joker waiting to be placed counts nothing yet: a question mark in a dashed frame after the row.
    loose = page.eval_on_selector_all(".cl-wild-loose", "els => els.map(e => e.textContent)")
    assert loose == (["J?"] if obs.joker_to_place is not None else [])
    slots = page.eval_on_selector_all(".cl-square .cl-grid-cell:not(.cl-deck) .cl-slot",
                                      "els => els.map(e => e.textContent)")
    assert slots == ["refill" if obs.phase == "place" else "empty"] * obs.square.count(0)
    deck = page.inner_text(".cl-deck")
    assert deck.split() == [str(state.deck_size), "left"]  # the deck shows its size, nothing of its order
    # Runs of three or more are framed, one frame per run in every row.
    frames = sum(len(run) >= 3 for row in obs.rows for run in runs(row_values(row)))
    assert page.eval_on_selector_all(".cl-seat .cl-group:not(.cl-group-dashed)", "els => els.length") == frames


PICTURE = Picture("CARDLIB_DISCONTINUITY_SCREENSHOT")


def count_waiting_jokers(page, mirror, waited: list) -> None:
    """Check the page, note whether a joker waits to be placed, and take the picture once a joker is placed."""
    check_page(page, mirror)
    obs = mirror.state.observation(mirror.human)
    waited.append(obs.joker_to_place is not None)
    PICTURE.take(page, obs.phase == "take" and JOKER in obs.row and obs.deck_size < 30, height=1500)


def test_a_whole_game_by_clicks_with_the_joker_in_chromium(discontinuity_url, page):
    mirror, waited = open_app(page, discontinuity_url, DiscontinuityApp(seed=SEED)), []
    look = lambda page, mirror: count_waiting_jokers(page, mirror, waited)  # noqa: E731
    clicked = play_to_the_end(page, mirror, newcomer, look, limit=100)
    placed = sum(label.startswith("right of") for label in clicked)
    assert TakeJoker() in mirror.state.history and placed >= 1, "the human took the joker and placed it"
    assert any(waited), "the page showed a joker waiting to be placed, and the range of points it may give"
    check_final_places(page, mirror)  # with a true minus
    click(page, mirror, "New game")
    assert "Game 2" in page.inner_text(".cl-header")
    check_page(page, mirror)
    # A stale button: two clicks on one take before the first answer; the second must be refused.
    double_click(page, mirror, next(b.description for b in mirror.action_buttons if not b.disabled))
    assert moment(mirror) == page.get_attribute(".cl-header", "data-moment")  # exactly one take happened
