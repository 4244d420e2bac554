"""Helpers of the Discontinuity rules tests: stacked decks, rejected actions, quick playing."""
import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.core.testing import snapshot
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.discontinuity import TakeJoker


def deck_of(*top):
    """A Pairs deck with these cards on top (first = top), the rest in ascending order."""
    rest = list(PAIRS_DECK)
    for card in top:
        rest.remove(card)
    return list(top) + rest


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
