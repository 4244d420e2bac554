"""The contracts every game's State and every Agent follow, and the Result of a game."""
from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Optional, Protocol, runtime_checkable


@dataclass(frozen=True)
class Result:
    """Final scores and places of a game; place 1 is best and tied players share a place."""

    scores: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place."""
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)


@dataclass(frozen=True)
class SeatObservation:
    """The five fields every game's observation starts with; a game's frozen dataclass adds its own after them.

    >>> @dataclass(frozen=True)
    ... class Observation(SeatObservation):
    ...     hand: tuple[int, ...]
    >>> Observation(seat=0, players=2, current_player=1, log=(), result=None, hand=(3,))
    Observation(seat=0, players=2, current_player=1, log=(), result=None, hand=(3,))
    """

    seat: int  # whose observation this is
    players: int
    current_player: Optional[int]  # None once the game is over
    log: tuple  # the public events so far
    result: Optional[Result]  # the game's Result once it is over, None before


def places_from_scores(scores: Sequence[int], lower_is_better: bool) -> tuple[int, ...]:
    """Places from scores, ties sharing the better place.

    >>> places_from_scores([12, 30, 12], lower_is_better=True)
    (1, 3, 1)
    >>> places_from_scores([5, 9, 9], lower_is_better=False)
    (3, 1, 1)
    """
    if lower_is_better:
        return tuple(1 + sum(other < score for other in scores) for score in scores)
    return tuple(1 + sum(other > score for other in scores) for score in scores)


@runtime_checkable
class Game(Protocol):
    """A game's frozen rule options; ``new`` deals a game (stacked deals take keywords of their own)."""

    @property
    def players(self) -> int: ...

    def new(self, seed: int | None = None) -> "State": ...


@runtime_checkable
class State(Protocol):
    """One position of a game: whose turn, what may be done, what each seat may see, and every card.

    The edges (``core/testing.py`` checks them for every game): ``apply`` raises IllegalActionError and
    changes nothing for anything not legal now, a legal action's type twin included (``Take(3, 7.0, 8)``);
    ``observation`` and ``determinize`` raise ValueError for a seat that is no seat (-1, 99, None, True, "0").
    """

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> tuple[Hashable, ...]: ...

    def legal_actions(self) -> list[Hashable]: ...

    def apply(self, action: Hashable) -> None: ...

    def observation(self, seat: int) -> Any: ...

    def determinize(self, seat: int, rng: random.Random) -> "State": ...

    def result(self) -> Result: ...

    def clone(self) -> "State": ...

    def all_cards(self) -> tuple[Hashable, ...]: ...


@runtime_checkable
class Agent(Protocol):
    """A player: chooses one of the legal actions from what its seat may see."""

    def act(self, observation: Any, legal: Sequence[Hashable], rng: random.Random) -> Hashable: ...
