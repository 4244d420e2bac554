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
from typing import Any, NamedTuple, Optional

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


# --- fast versions for the engine and the bots: a group's strength as one int ---------------------
# strength = 32 × size + 16 × (1 for a set) + lowest number: the beating order as a number, so
# that "beats" is ">" (the lowest number is at most 10 < 16, and a set adds less than one card).

def power(values: Sequence[int]) -> Optional[int]:
    """The strength of a group as an int (None for no group): ``beats(a, b)`` is ``power(a) > power(b)``.

    >>> power([3, 3]) > power([9, 10]), power([1, 2, 3]) > power([10, 10]), power([3, 5])
    (True, True, None)
    """
    found = group(values)
    if found is None:
        return None
    return 32 * found.size + (16 if found.kind == SET else 0) + found.lowest


def set_power(cards: Sequence[Card]) -> int:
    """The strength of an active set of cards as held (0 for none: anything beats it)."""
    return power([card[0] for card in cards]) or 0 if cards else 0


def strongest(tops: Sequence[int]) -> tuple[int, int, int]:
    """The strongest group in a hand of top numbers: (strength, first, last), 0-based and inclusive.

    Every group lies inside a longest set or run, which is at least as strong, so one pass over
    the longest ones ending at each card finds it.

    >>> strongest([5, 2, 3, 4, 4])      # the run 2-3-4 (positions 1 to 3)
    (98, 1, 3)
    """
    best = (0, 0, 0)
    same = up = down = 1
    previous = None
    for j, value in enumerate(tops):
        if previous is not None:
            step = value - previous
            same = same + 1 if step == 0 else 1
            up = up + 1 if step == 1 else 1
            down = down + 1 if step == -1 else 1
        previous = value
        if same > 1:
            found = (32 * same + 16 + value, j - same + 1, j)
        elif up > 1:
            found = (32 * up + value - up + 1, j - up + 1, j)
        elif down > 1:
            found = (32 * down + value, j - down + 1, j)
        else:
            found = (32 + value, j, j)
        if found[0] > best[0]:
            best = found
    return best


def through(tops: Sequence[int], gap: int, value: int) -> int:
    """The strongest group containing a card of top ``value`` put in before position ``gap`` (0-based).

    >>> through([1, 2, 7, 5, 5], 2, 3)   # 1-2-3 through the new 3: 3 cards, lowest 1
    97
    >>> through([1, 2, 7, 5, 5], 3, 5)   # 5-5-5
    117
    """
    n = len(tops)
    left = [tops[i] for i in range(gap - 1, -1, -1)]  # nearest first
    right = [tops[i] for i in range(gap, n)]
    same = _reach(left, value, 0) + _reach(right, value, 0) + 1
    rises = _reach(left, value, -1), _reach(right, value, 1)  # ...v-1, v, v+1...
    falls = _reach(left, value, 1), _reach(right, value, -1)  # ...v+1, v, v-1...
    best = 32 + value
    if same > 1:
        best = 32 * same + 16 + value
    up = rises[0] + rises[1] + 1
    if up > 1:
        best = max(best, 32 * up + value - rises[0])
    down = falls[0] + falls[1] + 1
    if down > 1:
        best = max(best, 32 * down + value - falls[1])
    return best


def _reach(cards: Sequence[int], value: int, step: int) -> int:
    """How many of ``cards`` (nearest first) continue ``value`` by ``step`` each."""
    count = 0
    for card in cards:
        value += step
        if card != value:
            break
        count += 1
    return count


def beating(tops: Sequence[int], target: int, named: Optional[Sequence[Sequence[Any]]] = None) -> list:
    """Every slice (first, last), 0-based inclusive, whose group is stronger than ``target`` (0: any group).

    With ``named`` (a table: ``named[first][last]``), the table's entries instead of the pairs.

    >>> beating([3, 4, 4], 0) == [(i - 1, j - 1) for i, j in shows([3, 4, 4])]
    True
    >>> beating([3, 4, 4], power([9]))     # only two cards beat a single 9
    [(0, 1), (1, 2)]
    """
    found = []
    n = len(tops)
    singles = target < 64  # a single card (strength 32 + number) beats at most a single card
    for first in range(n):
        value = tops[first]
        if singles and 32 + value > target:
            found.append((first, first) if named is None else named[first][first])
        if first + 1 == n:
            break
        step = tops[first + 1] - value
        if step == 0:
            strength = 48 + value  # the set of one card so far: 32 × 1 + 16 + the number
        elif step == 1 or step == -1:
            strength = 32 + value  # a run of one card so far
        else:
            continue
        last = first + 1
        while True:  # each card more adds 32, and a descending run lowers its lowest number by one
            strength += 31 if step == -1 else 32
            if strength > target:
                found.append((first, last) if named is None else named[first][last])
            last += 1
            if last == n or tops[last] - tops[last - 1] != step:
                break
    return found


def show_follows(tops: list[int], best: tuple[int, int, int], card: Card, target: int, gap: int, turned: bool) -> bool:
    """Whether some group beats ``target`` once ``card`` is put in before position ``gap`` (0-based), turned or not.

    ``best`` is the hand's strongest group (``strongest(tops)``): if it beats the target and the
    new card does not split it, that settles it; else only a group through the new card can.
    """
    strength, first, last = best
    if strength > target and not first < gap <= last:
        return True
    value = card[1] if turned else card[0]
    if through(tops, gap, value) > target:
        return True
    if strength > target:  # the new card splits the strongest group: look at the new hand whole
        return strongest(tops[:gap] + [value] + tops[gap:])[0] > target
    return False


def follow_gaps(tops: list[int], best: tuple[int, int, int], value: int, target: int) -> list[bool]:
    """For each gap 0..len(tops), whether some group beats ``target`` once a card of top ``value`` goes there.

    The same answers as ``show_follows`` for every gap at once: gaps outside the strongest group
    (``best``, from ``strongest``) keep it whole, so only the few inside it are worked out.

    >>> follow_gaps([4, 4, 9], strongest([4, 4, 9]), 1, 80)   # a set of two 4s beats 80 unless split
    [True, False, True, True]
    """
    strength, first, last = best
    if strength <= target:  # nothing in the hand beats it: only a group through the new card can
        return [through(tops, gap, value) > target for gap in range(len(tops) + 1)]
    ok = [True] * (len(tops) + 1)
    for gap in range(first + 1, last + 1):
        ok[gap] = show_follows(tops, best, (value, 0), target, gap, False)
    return ok
