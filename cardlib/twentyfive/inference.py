"""What the reveals say about hidden hands: exact counting (stdlib only).

A revealed card other than a 5 was the highest card in that hand at that moment. For one
player, ``reveal_sequences`` counts the value sequences of the cards they took in (the dealt
block, then one card per draw) that reproduce every reveal and leave a given hidden hand.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from cardlib.core.pairs import NUMBERS

FIVE = 5

Hand = tuple[int, ...]  # a sorted multiset of numbers


def falling(n: int, k: int) -> int:
    """The falling factorial n (n-1) ... (n-k+1): ordered ways to pick k of n physical copies.

    >>> falling(5, 2), falling(2, 3)
    (20, 0)
    """
    out = 1
    for i in range(k):
        out *= n - i
    return out if n >= k else 0


def _orderings(hand: Hand) -> int:
    """How many value sequences deal this multiset: a multinomial coefficient."""
    counts = [hand.count(v) for v in set(hand)]
    return factorial(len(hand)) // prod(factorial(c) for c in counts)


def _may_reveal(hand: Hand, value: int) -> bool:
    """Whether ``value`` is a legal reveal from ``hand``: held, and the highest or a 5."""
    return value in hand and (value == FIVE or value == hand[-1])


def _without(hand: Hand, value: int) -> Hand:
    index = hand.index(value)
    return hand[:index] + hand[index + 1:]


def _with(hand: Hand, value: int) -> Hand:
    return tuple(sorted(hand + (value,)))


@lru_cache(maxsize=4096)
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
    values = sorted(set(available) | set(reveals))
    entered = hidden + len(reveals)
    draws = entered - dealt
    if draws < 0 or draws < len(reveals) - 1:
        return {}
    # The dealt block: every multiset, weighted by its orderings.
    layer: dict[Hand, int] = {}
    for hand in combinations_with_replacement(values, dealt):
        layer[hand] = _orderings(hand)
    drawn = 0
    for index, value in enumerate(reveals):
        if index:
            layer = _draw(layer, values)
            drawn += 1
        layer = {_without(hand, value): count for hand, count in layer.items() if _may_reveal(hand, value)}
    for _ in range(draws - drawn):
        layer = _draw(layer, values)
    return layer


def _draw(layer: dict[Hand, int], values: Sequence[int]) -> dict[Hand, int]:
    out: dict[Hand, int] = {}
    for hand, count in layer.items():
        for value in values:
            key = _with(hand, value)
            out[key] = out.get(key, 0) + count
    return out


def unseen_counts(observation) -> list[int]:
    """Copies of each number (index 1..10) the seat has not seen: not in its hand nor any field."""
    counts = [0] + list(NUMBERS)
    for card in observation.known_cards:
        counts[card] -= 1
    return counts


def hand_weight(hand: Hand, pool: Sequence[int]) -> int:
    """Ways to pick the physical cards of ``hand`` from ``pool`` (copies per number)."""
    weight = 1
    for value in set(hand):
        weight *= falling(pool[value], hand.count(value))
    return weight


def sample_hidden_hands(observation, dealt: int, rng: random.Random) -> list[Hand]:
    """Hidden hands for every seat, drawn player by player from hands the reveals allow.

    The seat's own hand is its own. Each other player's hand is drawn with weight
    (value sequences matching their reveals) x (ways to take those cards from what is left).
    Every world drawn is possible; drawing the players in turn is close to, not exactly,
    the joint posterior.
    """
    pool = unseen_counts(observation)
    hands: list[Hand] = []
    for seat in range(observation.players):
        if seat == observation.seat:
            hands.append(observation.hand)
            continue
        table = reveal_sequences(observation.fields[seat], dealt, observation.hand_sizes[seat])
        options = [(hand, count * hand_weight(hand, pool)) for hand, count in table.items()]
        options = [(hand, w) for hand, w in options if w]
        total = sum(w for _, w in options)
        pick = rng.randrange(total)
        for hand, weight in options:
            pick -= weight
            if pick < 0:
                break
        for value in hand:
            pool[value] -= 1
        hands.append(hand)
    return hands
