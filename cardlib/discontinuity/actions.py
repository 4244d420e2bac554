"""Discontinuity actions and the square's geometry (stdlib only).

The square has eight places around the deck, numbered in the stacked-deal order (row-major,
skipping the centre). The eight lines are the sheet's ① to ⑧.

>>> Take(4, 7, 3)                      # the two numbers are kept smaller first
Take(4, 3, 7)
>>> str(Take(4, 3, 7))
'take 3 and 7 from line ④'
>>> str(PlaceJoker(10))
'joker right of 10 (= 11)'
>>> parse(str(Take(4, 3, 7))) == Take(4, 3, 7)
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Union

from cardlib.core.actions import Word, notation_text

# (row, column) of each place around the deck, in the order a stacked deal fills them.
PLACES: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))
PLACE_NAMES = ("top left", "top", "top right", "left", "right", "bottom left", "bottom", "bottom right")
SLOT_OF = {place: slot for slot, place in enumerate(PLACES)}

# The sheet's lines: columns ① ② ③, rows ④ ⑤ ⑥, diagonals ⑦ ⑧ (as place indices).
# Decision: ⑦ runs from the top left corner, ⑧ from the top right (the sheet's figure is lost).
LINES: dict[int, tuple[int, ...]] = {
    1: (0, 3, 5), 2: (1, 6), 3: (2, 4, 7),
    4: (0, 1, 2), 5: (3, 4), 6: (5, 6, 7),
    7: (0, 7), 8: (2, 5),
}
MARKS = {line: mark for line, mark in zip(LINES, "①②③④⑤⑥⑦⑧")}
LINE_NAMES = {1: "left column", 2: "middle column", 3: "right column", 4: "top row",
              5: "middle row", 6: "bottom row", 7: "diagonal from top left", 8: "diagonal from top right"}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Take:
    """Option (a): take two face-up cards of different numbers from one line.

    ``at`` names the place (row, column) of the card taken only when the line shows the same
    number twice and either copy could be taken (they leave different squares behind).
    """

    line: int
    a: int
    b: int
    at: Optional[tuple[int, int]] = None

    def __post_init__(self) -> None:
        # the smaller number first, so Take(4, 7, 3) == Take(4, 3, 7)
        if _is_int(self.a) and _is_int(self.b) and self.a > self.b:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        text = f"take {self.a} and {self.b} from line {MARKS.get(self.line, self.line)}"
        if self.at is not None:
            name = PLACE_NAMES[SLOT_OF[self.at]] if self.at in SLOT_OF else self.at
            return f"{text} (the one at {name})"
        return text

    def __repr__(self) -> str:
        at = "" if self.at is None else f", at={self.at!r}"
        return f"Take({self.line!r}, {self.a!r}, {self.b!r}{at})"


@dataclass(frozen=True)
class PlaceJoker:
    """Put your joker right of the number card ``anchor`` in your row: it counts anchor + 1."""

    anchor: int

    def __str__(self) -> str:
        if _is_int(self.anchor):
            return f"joker right of {self.anchor} (= {self.anchor + 1})"
        return f"joker right of {self.anchor!r}"

    def __repr__(self) -> str:
        return f"PlaceJoker({self.anchor!r})"


class TakeJoker(Word, notation="take the joker (the deck's top card, face down)"):
    """Option (b): take the deck's top card face down, unseen by anyone: your joker (once a game)."""


JOKER = TakeJoker()
PLACE_JOKER = {number: PlaceJoker(number) for number in range(1, 11)}
Action = Union[Take, TakeJoker, PlaceJoker]
LINE_OF = {**{mark: line for line, mark in MARKS.items()}, **{str(line): line for line in LINES}}
_TAKE = re.compile(r"take (\d{1,2}) and (\d{1,2}) from line (\S)(?: \(the one at ([a-z ]+)\))?")
_PLACE = re.compile(r"joker right of (\d{1,2})(?: \(= \d{1,2}\))?")


def parse(text: str) -> Action:
    """The action whose notation is ``text`` (``str(action)`` read back): how a move is stored.

    >>> parse("take 3 and 7 from line ④"), parse("joker right of 10 (= 11)")
    (Take(4, 3, 7), PlaceJoker(10))
    >>> parse("take 3 and 7 from line ④ (the one at top)")
    Take(4, 3, 7, at=(0, 1))
    >>> parse(str(JOKER)) == JOKER
    True
    >>> parse("take 3 and 7")
    Traceback (most recent call last):
    ...
    ValueError: 'take 3 and 7' is not Discontinuity notation (take A and B from line ④, take the joker, joker right of N)
    """
    text = notation_text(text, "Discontinuity")
    if text == str(JOKER):
        return JOKER
    found = _TAKE.fullmatch(text)
    at = found.group(4) if found else None
    if found and found.group(3) in LINE_OF and (at is None or at in PLACE_NAMES):
        place = None if at is None else PLACES[PLACE_NAMES.index(at)]
        return Take(LINE_OF[found.group(3)], int(found.group(1)), int(found.group(2)), at=place)
    found = _PLACE.fullmatch(text)
    if found:
        return PlaceJoker(int(found.group(1)))
    raise ValueError(f"{text[:60]!r} is not Discontinuity notation "
                     "(take A and B from line ④, take the joker, joker right of N)")


def line_options(line: int, values: tuple[int, ...]) -> dict[Take, tuple[int, int]]:
    """The legal takes on a line showing ``values`` (0 = empty place), each with its two places.

    >>> line_options(4, (3, 3, 7))
    {Take(4, 3, 7, at=(0, 0)): (0, 2), Take(4, 3, 7, at=(0, 1)): (1, 2)}
    >>> line_options(2, (5, 5))
    {}
    """
    slots = LINES[line]
    pairs = [(i, j) for i in range(len(slots)) for j in range(i + 1, len(slots))]
    found: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for i, j in pairs:
        u, v = values[i], values[j]
        if u and v and u != v:  # two equal numbers can never be taken together
            found.setdefault((min(u, v), max(u, v)), []).append((slots[i], slots[j], u if values.count(u) > 1 else v))
    options: dict[Take, tuple[int, int]] = {}
    for (a, b), ways in found.items():
        for first, second, twin in ways:
            if len(ways) == 1:
                options[Take(line, a, b)] = (first, second)
            else:  # the line shows `twin` twice: say which copy is taken
                slot = first if _value_at(slots, values, first) == twin else second
                options[Take(line, a, b, at=PLACES[slot])] = (first, second)
    return options


def _value_at(slots: tuple[int, ...], values: tuple[int, ...], slot: int) -> int:
    return values[slots.index(slot)]
