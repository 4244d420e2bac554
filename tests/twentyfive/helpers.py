"""Helpers of the Twenty-five rules tests: stacked decks, settling reveals, reading the log.

A stacked deck is the card order, top card first: seat 0 gets the first hand block, seat 1 the
next, and so on; the rest is the draw pile. ``deck`` fills the pile's bottom with the unused
cards in ascending order, so each test lists only the cards it is about.
"""
from collections import Counter

import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.core.testing import snapshot
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.twentyfive import DRAW, PASS, Game, Reveal


def deck(*hands, pile=()):
    """A full 55-card stacked deck: the hands in seat order, the pile's top cards, then the rest."""
    top = [card for hand in hands for card in hand] + list(pile)
    rest = Counter(PAIRS_DECK) - Counter(top)
    assert sum(rest.values()) == 55 - len(top), "the test asks for more copies than the deck has"
    return top + sorted(rest.elements())


def settle(state):
    """Answer every reveal decision with the highest card (for tests that do not care)."""
    while state.phase == "reveal":
        state.apply(Reveal(max(state.hand(state.current_player))))


def draw_turns(state, turns):
    """Play ``turns`` draw turns, each with its reveal."""
    for _ in range(turns):
        settle(state)
        state.apply(DRAW)
        settle(state)


def events(state, kind):
    """The public log's events of one kind, as (seat, value)."""
    return [(seat, value) for k, seat, value in state.observation(0).log if k == kind]


def last_round(state):
    """The RoundResult of the last finished round, as every seat sees it."""
    return state.observation(0).rounds[-1]


def rejected(state, action, *words):
    """Assert the action raises IllegalActionError mentioning ``words``, leaving the state as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert snapshot(state) == before, f"rejecting {action!r} changed the state"
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"
    return str(info.value)



def exactly_25_round():
    """Round 1 ends with exactly 25 pairs, seat 1 passing: six 10s (15) and five 9s (10)."""
    state = Game(players=3).new(seed=11, deck=deck((10, 10, 10, 1), (10, 10, 10, 2), (9, 9, 9, 9), pile=(9,)))
    state.apply(DRAW)
    assert state.pairs_in_play() == 25
    state.apply(PASS)
    return state
