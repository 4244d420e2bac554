"""``ui.testing.check_whole_game`` fails on planted breaks: a game that never ends, one that ends too early,
one whose end raises in a hook. The kit's toy (Kuhn poker) with one rule broken at a time, in its own app."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cardlib.core import example
from cardlib.core.example import BET, CALL, CHECK, Call, Check, Fold
from cardlib.ui import testing as ui
from cardlib.ui.example import KuhnApp


class NeverEnds(example.State):
    """A call, a fold or a second check opens another betting round instead of ending the hand."""

    __slots__ = ()

    def _change(self, action, plan) -> None:
        super()._change(action, plan)
        self._current, self._folder = 1 - self._log[-1][1], None


class EndsAtTheFirstCheck(example.State):
    """A single check ends the hand (the planted bug the issue's Leduc newcomer met)."""

    __slots__ = ()

    def _change(self, action, plan) -> None:
        super()._change(action, plan)
        if type(action) is Check:
            self._current = None


class ResultRaises(example.State):
    """The hand ends as it should, but the result cannot be told after a check-check showdown."""

    __slots__ = ()

    def result(self):
        if self._history[:1] == [CHECK] and self._folder is None and self._current is None and CHECK in self._history[1:]:
            raise KeyError("showdown")
        return super().result()


def planted(state_class: type) -> example.Game:
    """A Kuhn game whose hands are dealt as ``state_class``."""

    @dataclass(frozen=True)
    class Broken(example.Game):
        def new(self, seed=None, deck=None):
            state = super().new(seed, deck)
            state.__class__ = state_class  # the same slots: the toy's deal, the broken rule
            return state

    Broken.__name__ = Broken.__qualname__ = state_class.__name__
    return Broken()


def whole_game(game: example.Game, human: int, seed: int, limit: int = 3000) -> int:
    app, deal = ui.seated_at(KuhnApp, game, human=human, seed=seed)
    return ui.check_whole_game(app, deal, random.Random(seed), limit=limit)


@pytest.mark.parametrize("human", [0, 1])
def test_the_toy_is_played_to_its_result_from_either_seat(human):
    for seed in range(6):
        assert whole_game(example.Game(), human, seed) >= 0


def test_a_game_that_never_ends_fails():
    with pytest.raises(AssertionError, match="no result after 300 clicks .* does the game ever end"):
        whole_game(planted(NeverEnds), human=1, seed=1, limit=300)


def test_a_game_that_ends_before_every_seat_decided_fails():
    caught = 0
    for seed in range(8):  # the bot at seat 0 checks or bets at random: a check ends the hand at once
        try:
            whole_game(planted(EndsAtTheFirstCheck), human=1, seed=seed)
        except AssertionError as error:
            assert "before seats [1] ever decided: it ends too early" in str(error)
            caught += 1
    assert caught >= 2


def test_an_end_whose_hook_raises_fails_with_the_apps_message():
    with pytest.raises(AssertionError, match="Something went wrong"):
        for seed in range(12):
            whole_game(planted(ResultRaises), human=0, seed=seed, limit=50)


def test_the_planted_games_really_are_broken_and_the_toy_is_not():
    assert str(example.Game().new(deck=("K", "J"))) != ""
    fine = example.Game().new(deck=("K", "J"))
    fine.apply(CHECK)
    assert not fine.is_over
    early = planted(EndsAtTheFirstCheck).new(deck=("K", "J"))
    early.apply(CHECK)
    assert early.is_over
    endless = planted(NeverEnds).new(deck=("K", "J"))
    for action in (BET, CALL, BET, CALL):
        endless.apply(action)
    assert not endless.is_over and {type(a) for a in endless.legal_actions()} <= {Check, Call, Fold, type(BET)}
