"""Twenty-five: the actions a player may take, and which cards a hand may reveal (stdlib only).

>>> [str(action) for action in (DRAW, PASS, REVEALS[7])]
['draw', 'pass', 'reveal 7']
>>> parse("reveal 7") == REVEALS[7]
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from cardlib.core.actions import Word, notation_text

FIVE = 5             # the card a player may always reveal instead of the highest


class Draw(Word, notation="draw"):
    """Take the top card of the draw pile (a reveal follows)."""


class Pass(Word, notation="pass"):
    """Bet that the pairs in play now exceed 25; ends the round."""


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
_REVEAL = re.compile(r"reveal (\d{1,2})")


def parse(text: str) -> Action:
    """The action whose notation is ``text`` (``str(action)`` read back): how a move is stored.

    >>> parse("draw"), parse(" pass "), parse("reveal 10")
    (Draw(), Pass(), Reveal(value=10))
    >>> parse("reveal 11")
    Traceback (most recent call last):
    ...
    ValueError: 'reveal 11' is not Twenty-five notation (draw, pass, reveal N with N from 1 to 10)
    """
    text = notation_text(text, "Twenty-five")
    if text in ("draw", "pass"):
        return DRAW if text == "draw" else PASS
    found = _REVEAL.fullmatch(text)
    if found and int(found.group(1)) in REVEALS:
        return REVEALS[int(found.group(1))]
    raise ValueError(f"{text[:60]!r} is not Twenty-five notation (draw, pass, reveal N with N from 1 to 10)")


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
