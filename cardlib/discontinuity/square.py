"""Discontinuity: the square (stdlib only): dealing it, what its lines offer, refilling, re-dealing.

The square is the eight face-up places around the deck, kept as a list in place order (row-major,
centre skipped; 0 marks an empty place). A deck is a list with its top card last, so dealing pops
it. The State in rules.py owns the square and the deck and calls these for its rules.

>>> square, deck = deal([9, 9, 8, 9, 7, 7, 9, 1, 4, 2])
>>> square, deck
([9, 9, 8, 9, 7, 7, 9, 1], [2, 4])
>>> takes(square)[2]                   # line ③ (the right column) shows 8, 7, 1
Take(3, 7, 8)
>>> take_slots(square, Take(3, 7, 8))  # the two places it empties
(2, 4)
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from cardlib.core.errors import IllegalActionError
from cardlib.discontinuity.actions import LINES, MARKS, Take, line_options

SQUARE = 8          # face-up places around the deck

_OPTIONS: dict[tuple[int, ...], tuple[tuple[Take, ...], dict[Take, tuple[int, int]]]] = {}


def _options(key: tuple[int, ...]) -> tuple[tuple[Take, ...], dict[Take, tuple[int, int]]]:
    """The takes on a line (key = line, then its values), cached: the square repeats a lot."""
    found = _OPTIONS.get(key)
    if found is None:
        slots = line_options(key[0], key[1:])
        found = _OPTIONS[key] = (tuple(slots), slots)
    return found


def deal(cards: list[int]) -> tuple[list[int], list[int]]:
    """The square from the top of ``cards`` (top card first) and the rest as the deck (top last)."""
    return cards[:SQUARE], cards[:SQUARE - 1:-1]


def takes(square: Sequence[int]) -> list[Take]:
    """Every legal take on the square, line ① to ⑧ (option a of a turn)."""
    a, b, c, d, e, f, g, h = square
    out: list[Take] = []
    for key in ((1, a, d, f), (2, b, g), (3, c, e, h), (4, a, b, c),
                (5, d, e), (6, f, g, h), (7, a, h), (8, c, f)):
        out.extend((_OPTIONS.get(key) or _options(key))[0])
    return out


def take_slots(square: Sequence[int], action: Take) -> tuple[int, int]:
    """The two places a Take empties, or IllegalActionError saying why it cannot be taken."""
    line = action.line
    slots = LINES.get(line) if type(line) is int else None
    # Take(4, 7.0, 3) == Take(4, 3, 7) and hashes alike: only whole numbers (not 7.0, not True) are looked up
    if slots is not None and type(action.a) is int and type(action.b) is int and _a_place(action.at):
        key = (line,) + tuple(square[slot] for slot in slots)
        try:
            found = (_OPTIONS.get(key) or _options(key))[1].get(action)
        except TypeError:  # a list where a number or a place belongs: no action at all
            raise IllegalActionError(
                f"{action!r}: a take names a line, two numbers and at most one (row, column) place") from None
        if found is not None:
            return found
    raise IllegalActionError(why_not(square, action))


def why_not(square: Sequence[int], action: Take) -> str:
    """Why a Take is illegal on this square, in words.

    >>> why_not([5, 5, 7, 4, 6, 8, 5, 9], Take(4, 5, 5))
    'Take(4, 5, 5): two equal numbers can never be taken together (line ④ shows 5, 5, 7)'
    """
    line, a, b = action.line, action.a, action.b
    if type(line) is not int or line not in LINES:
        return f"{action!r}: there is no line {line!r} (lines are 1 to 8, the sheet's ① to ⑧)"
    values = [square[slot] for slot in LINES[line]]
    shown = ", ".join(str(v) for v in values)
    if not _a_place(action.at):
        return f"{action!r}: at is None or a (row, column) place of whole numbers, not {action.at!r}"
    for number in (a, b):
        if type(number) is not int or number not in values:
            return f"{action!r}: line {MARKS[line]} shows {shown}, no {number!r}"
    if a == b:
        return f"{action!r}: two equal numbers can never be taken together (line {MARKS[line]} shows {shown})"
    options = list(_options((line, *values))[0])
    if action.at is not None and any(o.a == a and o.b == b and o.at is None for o in options):
        return f"{action!r}: line {MARKS[line]} shows {shown}, only one way to take {a} and {b}: {Take(line, a, b)!r}"
    ways = [o for o in options if o.a == a and o.b == b]
    if ways:
        return (f"{action!r}: line {MARKS[line]} shows {shown}; say which card is taken: "
                + " or ".join(repr(o) for o in ways))
    return f"{action!r}: not a take on line {MARKS[line]} ({shown})"


def _a_place(at: object) -> bool:
    """True for None or a tuple of ints (not 0.0, not False): what a Take's ``at`` may be."""
    return at is None or (type(at) is tuple and all(type(part) is int for part in at))


def refill(square: list[int], deck: list[int]) -> None:
    """Fill the empty places from the deck's top, in place order, while the deck lasts.

    >>> square, deck = [0, 2, 3, 4, 5, 6, 7, 0], [10, 9]
    >>> refill(square, deck); square, deck
    ([9, 2, 3, 4, 5, 6, 7, 10], [])
    """
    for slot in range(SQUARE):  # Decision: empty places are filled in place order
        if not square[slot]:
            if not deck:
                return
            square[slot] = deck.pop()


def all_one_number(square: Sequence[int]) -> bool:
    """True when all eight face-up cards show one number (then the square is dealt again)."""
    return square.count(square[0]) == SQUARE


def redeal(square: list[int], deck: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
    """The eight back into the deck, shuffled with ``rng``, and eight dealt again: (square, deck)."""
    cards = deck + square
    rng.shuffle(cards)
    return cards[-SQUARE:][::-1], cards[:-SQUARE]
