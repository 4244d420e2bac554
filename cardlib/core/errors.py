"""The two errors every game raises, and the option checks every game and app makes the same way.

>>> check_players("Twenty-five", 3, (3, 4))
3
>>> check_players("Twenty-five", True, (3, 4))
Traceback (most recent call last):
...
cardlib.core.errors.RulesError: Twenty-five is for 3 or 4 players, not True
>>> check_seat("start_player", 3, 3)
Traceback (most recent call last):
...
cardlib.core.errors.RulesError: start_player must be a seat from 0 to 2, not 3
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state; the state is left unchanged."""


class RulesError(ValueError):
    """Rule options or a stacked deck that do not describe a valid game."""


def whole_number(value: Any) -> bool:
    """True for an int that is not a bool (True is an int to Python, but no count and no seat).

    >>> whole_number(3), whole_number(True), whole_number(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(allowed: Sequence[int]) -> str:
    """'3 or 4', '2 to 4': the player counts a game allows, in words."""
    allowed = sorted(allowed)
    if len(allowed) > 2 and allowed == list(range(allowed[0], allowed[-1] + 1)):
        return f"{allowed[0]} to {allowed[-1]}"
    return " or ".join(str(n) for n in allowed) if len(allowed) <= 2 else \
        ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"


def check_players(title: str, value: Any, allowed: Sequence[int]) -> int:
    """``value`` if it is a player count the game allows, else RulesError naming the counts."""
    if not whole_number(value) or value not in allowed:
        raise RulesError(f"{title} is for {_counts(allowed)} players, not {value!r}")
    return value


def check_seat(name: str, value: Any, players: int) -> int:
    """``value`` if it is a seat at a table of ``players``, else RulesError (``name`` says whose)."""
    if not whole_number(value) or not 0 <= value < players:
        raise RulesError(f"{name} must be a seat from 0 to {players - 1}, not {value!r}")
    return value
