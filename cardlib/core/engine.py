"""``Engine``: the base of every game's State, which does the contract's bookkeeping once.

A game's State writes only hooks, the way OpenSpiel's ``kuhn_poker.py`` serves ``pyspiel.State``:

- ``_check(action)``: raise IllegalActionError saying what and why, changing nothing; whatever
  it returns is handed to ``_change`` (a plan worked out while checking, or None);
- ``_change(action, plan)``: make the legal action happen (whose turn next: ``self._current``);
- ``_legal_actions(seat)``: the decisions of the seat to act (never asked once the game is over);
- ``_observe(seat)`` (an Observation with at least seat, players, current_player, log and result,
  which ``_seat_fields(seat)`` gives: the apps draw from these), ``_determinize(seat, rng)``, ``result``,
  ``all_cards``.

A public event goes into ``self._log`` as (kind, seat, value); the apps narrate it.

The base keeps ``current_player`` (``self._current``, None once the game is over), ``is_over``,
``legal_actions`` ([] once over), ``history``, ``apply`` (refuse a finished game, check, change, record),
``observation`` and ``determinize`` (a seat that is no seat is refused) and ``clone``. ``core/example.py`` is a whole game
written this way.

``_check`` refuses an action's type twins too: ``Take(3, 7.0, 8) == Take(3, 7, 8)`` and both hash alike,
so a rule that only looks the action up would take the float and record it (``type(x) is int``, not
``x in legal``; ``core.errors.whole_number``). ``core/testing.py``'s ``check_type_twins`` holds every game to it.
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Optional

from cardlib.core.errors import IllegalActionError


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """Every slot of a class and its bases (the fields a clone copies), found once per class."""
    found = _SLOTS.get(cls)
    if found is not None:
        return found
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    found = _SLOTS[cls] = tuple(names)
    return found


def _copy(value: Any) -> Any:
    """A copy of one field, deep enough for a State made of ints, tuples, frozen values and lists.

    Lists and dicts are copied, and so are lists inside them (hands in a list of hands); a
    random.Random is copied with its state; everything else is immutable and shared.
    """
    kind = type(value)
    if kind is list:
        return [item[:] if type(item) is list else item for item in value]
    if kind is dict:
        return {key: item[:] if type(item) is list else item for key, item in value.items()}
    if kind is random.Random:
        other = random.Random()
        other.setstate(value.getstate())
        return other
    return value


class Engine:
    """The bookkeeping every game's State shares; a game subclasses it and writes the hooks."""

    __slots__ = ("game", "_rng", "_current", "_history", "_log")

    def __init__(self, game: Any, rng: random.Random) -> None:
        self.game = game
        self._rng = rng  # the state's own random stream: cloned with it, never the global one
        self._current: Optional[int] = None
        self._history: list[Hashable] = []
        self._log: list[tuple] = []  # the public events, (kind, seat, value): what every seat saw happen

    # -- the contract, once --

    @property
    def current_player(self) -> Any:
        """The seat to act, or None when the game is over (a game dealing by chance in its tree for CFR, like
        core/leduc.py, says ``cfr_tree.CHANCE`` while a deal waits: see ``chance_outcomes`` there)."""
        return self._current

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._current is None

    @property
    def history(self) -> tuple[Hashable, ...]:
        """The decisions taken, in order (what the rules do by themselves is not a decision)."""
        return tuple(self._history)

    def apply(self, action: Hashable) -> None:
        """Apply one action of the current player; IllegalActionError leaves the state unchanged."""
        if self._current is None:
            raise IllegalActionError(f"{action!r}: the game is over")
        plan = self._check(action)
        self._change(action, plan)
        self._history.append(action)

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know (ValueError for a seat that is not at the table)."""
        if type(seat) is not int or not 0 <= seat < self.game.players:  # a bool is no seat
            raise ValueError(f"no seat {seat!r} in a {self.game.players}-player game")
        return self._observe(seat)

    def _seat_fields(self, seat: int) -> dict[str, Any]:
        """The five fields every observation starts with (``core.protocol.SeatObservation``), for a game's
        ``_observe``: ``Observation(**self._seat_fields(seat), hand=...)``."""
        over = self._current is None
        return {"seat": seat, "players": self.game.players, "current_player": self._current,
                "log": tuple(self._log), "result": self.result() if over else None}

    def determinize(self, seat: int, rng: random.Random) -> "Engine":
        """A state ``seat`` cannot tell from this one, hidden cards dealt again (ValueError for a seat that is not at the table)."""
        if type(seat) is not int or not 0 <= seat < self.game.players:
            raise ValueError(f"no seat {seat!r} in a {self.game.players}-player game")
        return self._determinize(seat, rng)

    def clone(self) -> "Engine":
        """An independent copy, random stream included (no deepcopy: see ``_copy``)."""
        cls = type(self)
        other = cls.__new__(cls)
        for name in _slots(cls):
            if hasattr(self, name):
                setattr(other, name, _copy(getattr(self, name)))
        if hasattr(self, "__dict__"):
            other.__dict__.update({key: _copy(value) for key, value in self.__dict__.items()})
        return other

    def legal_actions(self) -> list[Hashable]:
        """The actions the current player may take ([] once the game is over)."""
        return [] if self._current is None else self._legal_actions(self._current)

    # -- the hooks a game writes --

    def _legal_actions(self, seat: Any) -> list[Hashable]:
        """The actions ``seat``, the player to act, may take now (the game is not over)."""
        raise NotImplementedError

    def _check(self, action: Hashable) -> Any:
        """Raise IllegalActionError if ``action`` is not legal now, changing nothing; else a plan or None."""
        raise NotImplementedError

    def _change(self, action: Hashable, plan: Any) -> None:
        """Make a checked action happen and set whose turn it is (``self._current``)."""
        raise NotImplementedError

    def _observe(self, seat: int) -> Any:
        """The frozen view of a valid seat."""
        raise NotImplementedError

    def _determinize(self, seat: int, rng: random.Random) -> "Engine":
        """For a valid seat: a copy with every card ``seat`` cannot see dealt again from ``rng``, ``observation(seat)`` kept."""
        raise NotImplementedError
