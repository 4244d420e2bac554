"""SCOUT's cards and groups: the deck by player count, what a valid group is, and the beating order
(stdlib only).

A card is (top, bottom): two different numbers from 1 to 10, the top one counting. A group is
the top numbers of cards adjacent in a hand: one card, a **set** (all one number) or a **run**
(consecutive numbers going up or down along the hand; 10 and 1 are not consecutive).

Beating (the digest, rule 4): more cards beat fewer; with equal counts a set beats a run; with
equal count and kind the higher lowest number wins; equal groups never beat each other.

>>> beats((3, 3), (4, 5))          # a set of 2 beats a run of 2, whatever the numbers
True
>>> beats((1, 2, 3), (9, 9))       # three cards beat two
True
>>> beats((5, 4), (4, 5))          # the same run, read the other way: equal, no beat
False
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple, Optional

Card = tuple[int, int]  # (top, bottom) as held: the top number counts

NUMBERS = range(1, 11)
ALL_CARDS: tuple[Card, ...] = tuple(combinations(NUMBERS, 2))  # C(10, 2) = 45, smaller number first
REMOVED = {3: tuple(card for card in ALL_CARDS if 10 in card), 4: ((9, 10),), 5: (), 2: ((9, 10),)}
HAND_SIZES = {3: 12, 4: 11, 5: 9, 2: 11}

SINGLE, RUN, SET = "single", "run", "set"
KIND_ORDER = {SINGLE: 0, RUN: 0, SET: 1}  # only equal counts are compared by kind, and a single is alone


def deck(players: int) -> tuple[Card, ...]:
    """The cards a game of ``players`` uses (each as (smaller, larger)): 36, 44 or 45; two players: 44.

    >>> [len(deck(n)) for n in (2, 3, 4, 5)]
    [44, 36, 44, 45]
    """
    removed = set(REMOVED[players])
    return tuple(card for card in ALL_CARDS if card not in removed)


class Group(NamedTuple):
    """A valid group: its kind ("single", "set" or "run"), how many cards, and its lowest number."""

    kind: str
    size: int
    lowest: int

    @property
    def strength(self) -> tuple[int, int, int]:
        """The beating order as a key: count first, then set over run, then the lowest number."""
        return (self.size, KIND_ORDER[self.kind], self.lowest)


def group(values: Sequence[int]) -> Optional[Group]:
    """The group the top numbers ``values`` (in hand order) form, or None if they form none.

    >>> group([7]), group([4, 4, 4]), group([6, 5, 4]), group([9, 10, 1]), group([2, 4])
    (Group(kind='single', size=1, lowest=7), Group(kind='set', size=3, lowest=4), Group(kind='run', size=3, lowest=4), None, None)
    """
    if not values:
        return None
    if len(values) == 1:
        return Group(SINGLE, 1, values[0])
    if all(value == values[0] for value in values):
        return Group(SET, len(values), values[0])
    steps = {b - a for a, b in zip(values, values[1:])}
    if steps in ({1}, {-1}):
        return Group(RUN, len(values), min(values))
    return None


def beats(new: Sequence[int], old: Sequence[int]) -> bool:
    """Whether the group ``new`` beats the active set ``old`` (both valid groups of top numbers)."""
    mine, theirs = group(new), group(old)
    if mine is None or theirs is None:
        raise ValueError(f"not a valid group: {list(new) if mine is None else list(old)}")
    return mine.strength > theirs.strength


def shows(values: Sequence[int]) -> list[tuple[int, int]]:
    """Every valid group of adjacent cards in a hand of top numbers: (first, last), 1-based.

    >>> shows([3, 4, 4])
    [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3)]
    """
    found = []
    for first in range(len(values)):
        for last in range(first, len(values)):
            if group(values[first:last + 1]) is None:
                break  # a longer slice from here is no group either
            found.append((first + 1, last + 1))
    return found
