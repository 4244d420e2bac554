"""Engine's seat guard, which every game inherits: a seat that is no seat is refused by ``observation`` and
``determinize``; and what ``_check`` must do itself: refuse a legal action's type twins (7.0 for 7, True for 1,
1 for True), which equal it and hash alike. A tiny Engine game with parts shows each; the conformance checks
(core/testing.py) hold every registered game to the same."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

import pytest

from cardlib.core import testing
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError


@dataclass(frozen=True)
class Step:
    """Move ``by`` places along ``path`` (a tuple of places), backwards if ``back``."""

    by: int
    back: bool = False
    path: Optional[tuple[int, ...]] = None


@dataclass(frozen=True)
class Line:
    seat: int
    where: int


@dataclass(frozen=True)
class Walk:
    """One player walks from 0 to 3 and back; the rules look each step up among the legal ones."""

    players: int = 2

    def new(self, seed: Optional[int] = None) -> "Walker":
        return Walker(self, random.Random(seed))


class Walker(Engine):
    __slots__ = ("_where",)

    def __init__(self, game: Walk, rng: random.Random) -> None:
        super().__init__(game, rng)
        self._where, self._current = 0, 0

    def legal_actions(self) -> list[Step]:
        if self._current is None:
            return []
        return [Step(1, False, (0, 1)), Step(1, True)] if self._where else [Step(1, False, (0, 1))]

    def _check(self, action: object) -> None:
        if type(action) is Step and (type(action.by) is not int or type(action.back) is not bool or not (
                action.path is None or all(type(place) is int for place in action.path))):
            raise IllegalActionError(f"{action!r}: a step is whole numbers and a True or False")
        if action not in self.legal_actions():  # by equality alone, Step(1.0) == Step(1) would get through
            raise IllegalActionError(f"{action!r} is not legal now")

    def _change(self, action: Step, plan: None) -> None:
        self._where += -action.by if action.back else action.by
        self._log.append(("step", self._current, self._where))
        self._current = None if self._where == 3 else 1 - self._current

    def _observe(self, seat: int) -> Line:
        return Line(seat, self._where)

    def _determinize(self, seat: int, rng: random.Random) -> "Walker":
        return self.clone()

    def all_cards(self) -> tuple:
        return ()

    def result(self):  # never asked here
        raise NotImplementedError


class LookupWalker(Walker):
    """The walker whose rules only look the step up among the legal ones."""

    __slots__ = ()

    def _check(self, action: object) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now")


@dataclass(frozen=True)
class LookupWalk(Walk):
    def new(self, seed: Optional[int] = None) -> "Walker":
        return LookupWalker(self, random.Random(seed))


@pytest.mark.parametrize("twin", [Step(1.0, False, (0, 1)), Step(True, False, (0, 1)), Step(1, 0, (0, 1)),
                                  Step(1, 0.0, (0, 1)), Step(1, False, (0.0, 1)), Step(1, False, (False, 1))],
                         ids=["float number", "bool number", "int flag", "float flag", "float in a tuple",
                              "bool in a tuple"])
def test_a_type_twin_of_a_legal_action_is_refused_and_changes_nothing(twin):
    state = Walk().new(seed=1)
    legal = state.legal_actions()
    assert twin in legal  # equal to a legal action: the rules alone would take it
    before = testing.snapshot(state)
    with pytest.raises(IllegalActionError, match="a step is whole numbers and a True or False"):
        state.apply(twin)
    assert testing.snapshot(state) == before
    state.apply(legal[0])
    assert state.history == (Step(1, False, (0, 1)),) and type(state.history[0].by) is int


def test_parts_that_are_none_pass():
    state = Walk().new(seed=1)
    state.apply(Step(1, False, (0, 1)))
    state.apply(Step(1, True))  # path None
    assert state.observation(0) == Line(0, 0)


@pytest.mark.parametrize("seat", testing.NO_SEATS + (2,))
def test_a_seat_that_is_no_seat_is_refused_by_observation_and_determinize(seat):
    state = Walk().new(seed=1)
    with pytest.raises(ValueError, match="no seat"):
        state.observation(seat)
    with pytest.raises(ValueError, match="no seat"):
        state.determinize(seat, random.Random(1))
    assert state.determinize(1, random.Random(1)).observation(1) == state.observation(1)


def test_the_walker_passes_the_new_conformance_checks_and_the_walker_that_only_looks_up_fails():
    testing.check_type_twins(Walk())
    testing.check_no_seat_refused(Walk())
    state = LookupWalk().new(seed=1)
    state.apply(Step(1.0, False, (0, 1)))  # taken, and recorded as a float
    assert type(state.history[0].by) is float
    with pytest.raises(AssertionError, match="a type twin of a legal action, was accepted"):
        testing.check_type_twins(LookupWalk())
