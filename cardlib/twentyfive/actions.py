"""Twenty-five: the actions a player may take, and which cards a hand may reveal (stdlib only).

>>> [str(action) for action in (DRAW, PASS, REVEALS[7])]
['draw', 'pass', 'reveal 7']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from cardlib.core.actions import Word

FIVE = 5             # the card a player may always reveal instead of the highest


class Draw(Word):
    """Take the top card of the draw pile (a reveal follows)."""

    notation = "draw"


class Pass(Word):
    """Bet that the pairs in play now exceed 25; ends the round."""

    notation = "pass"


@dataclass(frozen=True)
class Reveal:
    """Put a card from hand face up as a field card: the highest, or a 5."""

    value: int

    def __str__(self) -> str:
        return f"reveal {self.value}"


DRAW = Draw()
PASS = Pass()
REVEALS = {value: Reveal(value) for value in range(1, 11)}
Action = Union[Draw, Pass, Reveal]


def reveal_options(hand: list[int] | tuple[int, ...]) -> list[int]:
    """The values a hand may reveal: its highest number, or a 5 if it holds one.

    >>> reveal_options([1, 5, 10])   # the sheet's example
    [10, 5]
    >>> reveal_options([5, 3])
    [5]
    """
    high = max(hand)
    if high != FIVE and FIVE in hand:
        return [high, FIVE]
    return [high]
