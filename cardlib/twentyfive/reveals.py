"""What one player's reveals say about their hidden hand: V_j, exactly (stdlib only).

A revealed card other than a 5 was the highest card in that hand at that moment; a 5 says
nothing. For one player, V(S) counts the value sequences of the cards they took in (the dealt
block, then one card per draw) that reproduce their reveals and leave the hidden multiset S
(rules digest, "The coach's informed model"). beliefs.py weighs these tables across players.

Multisets are packed in an int, four bits per number (``pack``), so that adding two hands is
adding two ints.

>>> reveal_sequences((3,), dealt=2, hidden=1)      # a 1, 2 or 3 may hide beside the revealed 3
{(1,): 2, (2,): 2, (3,): 1}
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from cardlib.decks.pairs import NUMBERS
from cardlib.twentyfive.actions import FIVE

Hand = tuple[int, ...]  # a sorted multiset of numbers
UNIT = (0,) + tuple(1 << 4 * (number - 1) for number in NUMBERS)  # one copy of each number, packed


def falling(n: int, k: int) -> int:
    """The falling factorial n (n-1) ... (n-k+1): ordered ways to pick k of n physical copies.

    >>> falling(5, 2), falling(2, 3)
    (20, 0)
    """
    out = 1
    for i in range(k):
        out *= n - i
    return out if n >= k else 0


# --- packed multisets ---------------------------------------------------------------------------

def pack(hand: Iterable[int]) -> int:
    """A multiset of numbers as an int, four bits per number (so hands add as ints).

    >>> unpack(pack([3, 10, 3]) + pack([1]))
    (1, 3, 3, 10)
    """
    return sum(UNIT[card] for card in hand)


def unpack(code: int) -> Hand:
    """The sorted hand a packed int stands for."""
    return tuple(number for number in NUMBERS for _ in range((code >> 4 * (number - 1)) & 15))


def _top(code: int) -> int:
    """The highest number in a packed hand (0 for an empty hand)."""
    return (code.bit_length() + 3) // 4


def _digits(code: int) -> list[int]:
    return [(code >> shift) & 15 for shift in range(0, 40, 4)]


# --- one player: V_j --------------------------------------------------------------------------

def _take_in(layer: dict[int, int], values: tuple[int, ...]) -> dict[int, int]:
    """One more card enters the hand: every value it could have."""
    out: dict[int, int] = {}
    get = out.get
    for code, count in layer.items():
        for value in values:
            key = code + UNIT[value]
            out[key] = get(key, 0) + count
    return out


@lru_cache(maxsize=1024)
def _after_reveals(reveals: tuple[int, ...], dealt: int, values: tuple[int, ...]) -> dict[int, int]:
    """Packed hand -> value sequences right after the last of ``reveals`` (prefixes are cached)."""
    if not reveals:
        layer = {0: 1}
        for _ in range(dealt):
            layer = _take_in(layer, values)  # sequences, not sets: orderings are counted
        return layer
    layer = _after_reveals(reveals[:-1], dealt, values)
    if len(reveals) > 1:
        layer = _take_in(layer, values)  # the draw before this reveal
    value = reveals[-1]
    unit, shift = UNIT[value], 4 * (value - 1)
    # A reveal other than a 5 was the highest card in hand; a 5 may be revealed any time.
    return {code - unit: count for code, count in layer.items()
            if (code >> shift) & 15 and (value == FIVE or _top(code) == value)}


@lru_cache(maxsize=1024)
def _sequences(reveals: tuple[int, ...], dealt: int, hidden: int, choosing: bool = False,
               values: tuple[int, ...] = NUMBERS) -> dict[int, int]:
    """Packed hidden hand -> V_j: value sequences matching the reveals (``choosing``: holds a 5
    under a higher card, which the table sees when a player stops to choose a reveal)."""
    draws = hidden + len(reveals) - dealt
    values = tuple(sorted(set(values) | set(reveals)))
    if draws < 0 or draws < len(reveals) - 1 or draws > len(reveals):
        return {}
    layer = _after_reveals(reveals, dealt, values)
    if draws == len(reveals) and reveals:
        layer = _take_in(layer, values)  # drawn, reveal still to come
    if choosing:
        layer = {code: count for code, count in layer.items()
                 if (code >> 16) & 15 and _top(code) > FIVE}
    return layer


def reveal_sequences(reveals: tuple[int, ...], dealt: int, hidden: int,
                     available: tuple[int, ...] = tuple(NUMBERS)) -> dict[Hand, int]:
    """Hidden hand -> number of value sequences consistent with the reveals.

    ``reveals`` are one player's field cards in order, ``dealt`` the deal's block size and
    ``hidden`` the size of their hand now. Only values in ``available`` may be hidden or drawn.

    >>> table = reveal_sequences((10,), dealt=2, hidden=1)
    >>> table[(3,)], (10,) in table       # dealt (3, 10) or (10, 3); 10 beside 10 is fine too
    (2, True)
    >>> reveal_sequences((3,), dealt=2, hidden=1)[(2,)]
    2
    >>> (4,) in reveal_sequences((3,), dealt=2, hidden=1)   # a 4 would have been revealed
    False
    """
    table = _sequences(tuple(reveals), dealt, hidden, False, tuple(sorted(set(available))))
    return {unpack(code): count for code, count in table.items()}
