"""The usual slips of the Twenty-five exercises that need more than one line to compute: the exact value a
student's slip leads to (cards dealt with replacement, the next card drawn from the whole deck, each set
of numbers listed once), so that ``cardlib.twentyfive.exercises`` can recognise it by value and say
what was counted wrongly.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations, product
from math import comb, factorial

from cardlib.decks.pairs import COPIES, pair_count


def with_replacement_distribution(cards: int, copies: dict[int, int] | None = None) -> dict[int, Fraction]:
    """P(p pairs) for ``cards`` cards each drawn from the whole deck again (``rng.choices``): the slip of 25.14.

    >>> with_replacement_distribution(2, {1: 1, 2: 1})   # two draws from {1, 2}: the same number half the time
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    copies = dict(COPIES if copies is None else copies)
    total = sum(copies.values())
    ways = Counter({(0, 0): Fraction(1)})  # (cards drawn, pairs made) -> probability / multinomial order
    for count in copies.values():
        grown: Counter = Counter()
        for (drawn, pairs), weight in ways.items():
            for j in range(cards - drawn + 1):
                grown[drawn + j, pairs + comb(j, 2)] += weight * Fraction(count, total) ** j / factorial(j)
        ways = grown
    return {pairs: weight * factorial(cards) for (drawn, pairs), weight in sorted(ways.items()) if drawn == cards}


def with_replacement_over(cards: int, target: int) -> Fraction:
    """The chance of more than ``target`` pairs among ``cards`` cards dealt with replacement."""
    return sum((p for pairs, p in with_replacement_distribution(cards).items() if pairs > target), Fraction(0))


def share_of_hands(deck: Sequence[int], cards: int, counts: Callable[[tuple[int, ...]], bool],
                   given: Callable[[tuple[int, ...]], bool] = lambda hand: True) -> Fraction:
    """The share of the hands of ``cards`` cards from ``deck`` (copies told apart) that ``counts``, among
    those that are ``given``: the truth of 25.13 and some of its slips.

    >>> share_of_hands((1, 2, 2), 2, lambda hand: pair_count(hand) >= 1)
    Fraction(1, 3)
    """
    hands = [hand for hand in combinations(deck, cards) if given(hand)]
    return Fraction(sum(bool(counts(hand)) for hand in hands), len(hands))


def share_of_number_sets(deck: Sequence[int], cards: int, counts: Callable[[tuple[int, ...]], bool],
                         given: Callable[[tuple[int, ...]], bool] = lambda hand: True) -> Fraction:
    """The slip of 25.13: each set of numbers listed once, as if all were equally likely.

    >>> share_of_number_sets((1, 2, 2), 2, lambda hand: pair_count(hand) >= 1)   # {1, 2} and {2, 2}
    Fraction(1, 2)
    """
    sets = {tuple(sorted(hand)) for hand in combinations(deck, cards) if given(hand)}
    return Fraction(sum(bool(counts(numbers)) for numbers in sets), len(sets))


def share_with_replacement(deck: Sequence[int], cards: int, counts: Callable[[tuple[int, ...]], bool],
                           given: Callable[[tuple[int, ...]], bool] = lambda hand: True) -> Fraction:
    """The slip of 25.13 dealt with replacement: every sequence of ``cards`` draws from the whole deck.

    >>> share_with_replacement((1, 2), 2, lambda hand: pair_count(hand) >= 1)
    Fraction(1, 2)
    """
    draws = [hand for hand in product(deck, repeat=cards) if given(hand)]
    return Fraction(sum(bool(counts(hand)) for hand in draws), len(draws))


def next_card_adds(in_play: Sequence[int], deck: Sequence[int]) -> Fraction:
    """The mean number of pairs the next card adds when it is drawn at random from ``deck`` (25.3 draws
    it from the cards not in play; its slip draws from the whole deck).

    >>> next_card_adds([2], [1, 2])    # the other 2 adds one pair, the 1 none
    Fraction(1, 2)
    """
    before = pair_count(in_play)
    return Fraction(sum(pair_count([*in_play, card]) - before for card in deck), len(deck))
