"""The Pairs deck (one 1, two 2s, ... ten 10s) and counting pairs, shared by its games."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from cardlib.core.errors import RulesError

NUMBERS = tuple(range(1, 11))
PAIRS_DECK: tuple[int, ...] = tuple(number for number in NUMBERS for _ in range(number))
COPIES = {number: number for number in NUMBERS}


def pairs_of(copies: int) -> int:
    """C(n, 2): the pairs that n copies of one number make.

    >>> [pairs_of(n) for n in range(6)]
    [0, 0, 1, 3, 6, 10]
    """
    return copies * (copies - 1) // 2


def pair_count(cards: Iterable[int]) -> int:
    """The pairs among the cards: C(n, 2) for each number with n copies.

    >>> pair_count([10, 10, 10, 10, 10])
    10
    >>> pair_count([1, 2, 2, 3, 3, 3])
    4
    """
    counts = [0] * 11
    total = 0
    for card in cards:
        total += counts[card]  # one more copy of a number with m copies adds m pairs
        counts[card] += 1
    return total


def check_pairs_deck(deck: Sequence[int]) -> tuple[int, ...]:
    """The deck as a tuple, or RulesError if it is not exactly the 55-card Pairs deck."""
    cards = tuple(deck)
    if len(cards) != len(PAIRS_DECK):
        raise RulesError(f"a stacked deck must have {len(PAIRS_DECK)} cards, got {len(cards)}")
    for card in cards:  # each card, not each Counter key: 10.0 and True count as 10 and 1
        if type(card) is not int or card not in COPIES:
            raise RulesError(f"the Pairs deck has no card {card!r} (numbers are 1 to 10)")
    counts = Counter(cards)
    for number in NUMBERS:
        if counts[number] != number:
            have = counts[number]
            raise RulesError(f"the Pairs deck has {number} {'copy' if number == 1 else 'copies'} of {number}, "
                             f"the stacked deck has {have} {'copy' if have == 1 else 'copies'}")
    return cards


def stacked_deck(*blocks: Sequence[int]) -> list[int]:
    """A Pairs deck whose top cards are the given blocks in order, the rest in ascending order.

    For ``Game.new(deck=...)`` in lessons and tests: the blocks are usually the hands in seat
    order, then the first cards of the pile.

    >>> deck = stacked_deck([10, 9, 9, 1], [5, 5])
    >>> deck[:6], len(deck)
    ([10, 9, 9, 1, 5, 5], 55)
    """
    top = [card for block in blocks for card in block]
    rest = list(PAIRS_DECK)
    for card in top:
        if card not in rest:
            raise RulesError(f"the Pairs deck has no more {card!r}s for the stacked blocks {blocks!r}")
        rest.remove(card)
    return top + rest
