"""Helpers of the Discontinuity rules tests: stacked decks, rejected actions, quick playing."""
import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.core.testing import snapshot
from cardlib.decks.pairs import stacked_deck
from cardlib.discontinuity import JOKER, Game, Take, TakeJoker


def deck_of(*top):
    """A Pairs deck with these cards on top (first = top), the rest in ascending order."""
    return stacked_deck(top)


def joker_to_place():
    """Player 0 took 4 and 8, then the joker, after players 1 and 2 took theirs: a place to choose."""
    state = Game(players=3).new(deck=deck_of(4, 8, 1, 2, 3, 5, 6, 7, 9, 10))
    state.apply(Take(4, 4, 8))
    for _ in range(3):
        state.apply(JOKER)
    return state


def rejects(state, action, words):
    """The action raises IllegalActionError mentioning ``words`` and leaves the state as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=words):
        state.apply(action)
    assert snapshot(state) == before


def play_takes(state, until):
    """Play the first legal take (joker placements as offered) while until(state) is false."""
    while not state.is_over and not until(state):
        legal = state.legal_actions()
        takes = [a for a in legal if type(a) is not TakeJoker]
        state.apply(takes[0])
