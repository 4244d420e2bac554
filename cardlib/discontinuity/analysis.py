"""The mathematics of Discontinuity (sympy, exact), with simulations that check it.

>>> reshuffle_probability()
1/22137570
>>> line_pair_probability(2)
8/9
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import sympy as sp

from cardlib.decks.pairs import COPIES, NUMBERS, PAIRS_DECK
from cardlib.discontinuity.actions import PLACES
from cardlib.discontinuity.rules import SQUARE
from cardlib.discontinuity.scoring import JOKER, lay_out, row_penalty, run_cost, runs

a, L = sp.symbols("a L", integer=True, positive=True)


def square_grid(square: Sequence[int]) -> list[list[Any]]:
    """The 8 face-up cards as the 3×3 square the players see, the deck (山札) in the middle.

    >>> square_grid((9, 9, 8, 9, 7, 7, 9, 1))
    [[9, 9, 8], [9, 'deck', 7], [7, 9, 1]]
    """
    grid: list[list[Any]] = [[None] * 3 for _ in range(3)]
    grid[1][1] = "deck"
    for (row, column), card in zip(PLACES, square):
        grid[row][column] = card
    return grid


# --- the re-deal ---------------------------------------------------------------------------------

def same_number_deals(cards: int = SQUARE) -> sp.Integer:
    """How many sets of ``cards`` cards from the deck show one number: sum of C(k, cards) over k.

    >>> same_number_deals()
    55
    """
    return sp.Add(*[sp.binomial(COPIES[k], cards) for k in NUMBERS])


def reshuffle_probability(cards: int = SQUARE) -> sp.Rational:
    """The chance a first deal of 8 shows one number (and must be re-dealt), exactly.

    Only 8s, 9s and 10s have 8 copies: (C(8,8) + C(9,8) + C(10,8)) / C(55,8).
    """
    return sp.Rational(same_number_deals(cards), sp.binomial(len(PAIRS_DECK), cards))


def hockey_stick(cards: int) -> sp.Integer:
    """sum_{k=1..10} C(k, m) = C(11, m + 1), the identity behind every same-number count.

    >>> hockey_stick(2), hockey_stick(8)
    (165, 55)
    """
    k = sp.symbols("k", integer=True, positive=True)
    total = sp.summation(sp.binomial(k, cards), (k, 1, max(NUMBERS)))
    assert total == sp.binomial(max(NUMBERS) + 1, cards + 1)
    return sp.Integer(total)


def deal_patterns(cards: int = SQUARE) -> dict[tuple[int, ...], int]:
    """Every way ``cards`` cards can split among the numbers 1..10 (how many of each), with the
    number of card sets that split in that way: the product of C(k, count of k).

    >>> patterns = deal_patterns(2)
    >>> patterns[(0,) * 9 + (2,)], sum(patterns.values())     # two 10s: C(10, 2); all: C(55, 2)
    (45, 1485)
    """
    found: dict[tuple[int, ...], int] = {}

    def split(number: int, left: int, counts: tuple[int, ...], ways: int) -> None:
        if number > max(NUMBERS):
            if left == 0:
                found[counts] = ways
            return
        for count in range(min(left, COPIES[number]) + 1):
            split(number + 1, left - count, counts + (count,), ways * int(sp.binomial(COPIES[number], count)))

    split(1, cards, (), 1)
    return found


def reshuffle_by_patterns(cards: int = SQUARE) -> sp.Rational:
    """The re-deal chance again, by listing every pattern of a deal (a check of the closed form).

    >>> reshuffle_by_patterns()
    1/22137570
    >>> reshuffle_by_patterns(2) == 1 - line_pair_probability(2)
    True
    """
    patterns = deal_patterns(cards)
    one_number = sum(ways for counts, ways in patterns.items() if cards in counts)
    return sp.Rational(one_number, sum(patterns.values()))


def fresh_largest_group(cards: int = SQUARE) -> dict[int, sp.Rational]:
    """The exact chance of each largest group in a fresh deal of ``cards`` cards (every set alike).

    >>> odds = fresh_largest_group()
    >>> odds[8] == reshuffle_probability(), sum(odds.values())   # eight of one number: the re-deal
    (True, 1)
    """
    patterns = deal_patterns(cards)
    total = sum(patterns.values())
    odds: dict[int, int] = {}
    for counts, ways in patterns.items():
        odds[max(counts)] = odds.get(max(counts), 0) + ways
    return {largest: sp.Rational(odds[largest], total) for largest in sorted(odds)}


# --- a line offers a take ------------------------------------------------------------------------

def line_pair_probability(cards: int) -> sp.Rational:
    """The chance a line of ``cards`` fresh face-up cards offers a take (not all one number).

    A 2-card line (② ⑤ ⑦ ⑧) offers one with chance 1 - C(11,3)/C(55,2) = 8/9; a 3-card line
    (① ③ ④ ⑥) with 1 - C(11,4)/C(55,3).

    >>> line_pair_probability(3)
    157/159
    """
    return 1 - sp.Rational(hockey_stick(cards), sp.binomial(len(PAIRS_DECK), cards))


def simulate_line_pair(cards: int, trials: int, seed: int) -> float:
    """The share of ``trials`` random lines of ``cards`` cards that offer a take (a check)."""
    rng = random.Random(seed)
    deck = list(PAIRS_DECK)
    hits = 0
    for _ in range(trials):
        line = rng.sample(deck, cards)
        hits += len(set(line)) > 1
    return hits / trials


def line_pair_by_listing(cards: int) -> sp.Rational:
    """The chance a line of ``cards`` cards offers a take, by listing every set of cards (a check).

    >>> line_pair_by_listing(2)
    8/9
    """
    from itertools import combinations

    sets = offers = 0
    for chosen in combinations(range(len(PAIRS_DECK)), cards):  # positions: copies told apart
        sets += 1
        offers += len({PAIRS_DECK[index] for index in chosen}) > 1
    return sp.Rational(offers, sets)


# --- the run rule as algebra ---------------------------------------------------------------------

def run_sum() -> sp.Expr:
    """What a run a, a+1, ..., a+L-1 would cost without the run rule: sum of its values.

    >>> run_sum()
    L*(L + 2*a - 1)/2
    """
    k = sp.symbols("k", integer=True)
    return sp.factor(sp.summation(a + k, (k, 0, L - 1)))


def run_saving() -> sp.Expr:
    """What the run rule saves on a run of length L >= 3 starting at a: the sum minus a.

    >>> run_saving()
    (L - 1)*(L + 2*a)/2
    """
    return sp.factor(run_sum() - a)


def joker_extends_run() -> sp.Piecewise:
    """The change in penalty when a joker extends a run a..a+L-1 at its top (no run above it).

    A lone card (L = 1) gains a dearer neighbour: + (a + 1). A run of two becomes a run of
    three: 2a + 1 becomes a, saving a + 1. A run of three or more still costs a: the joker is free.

    >>> joker_extends_run()
    Piecewise((a + 1, Eq(L, 1)), (-a - 1, Eq(L, 2)), (0, True))
    """
    lone = sp.expand(run_sum().subs(L, 2) - run_sum().subs(L, 1))
    pair = sp.expand(a - run_sum().subs(L, 2))
    longer = sp.expand(a - a)
    return sp.Piecewise((lone, sp.Eq(L, 1)), (pair, sp.Eq(L, 2)), (longer, True))


def joker_bridges_runs() -> sp.Expr:
    """The saving when a joker fills the gap between runs a..c and c+2..b (both of 3 or more):
    the upper run's lowest card c + 2 no longer counts.

    >>> joker_bridges_runs()
    c + 2
    """
    c = sp.symbols("c", integer=True, positive=True)
    return sp.simplify((a + (c + 2)) - a)


def best_joker_place(row: Sequence[int]) -> int:
    """The joker's best anchor in a row of number cards (0: the row is empty, the joker alone).

    Only the top card of a run can be best (elsewhere the joker splits its run); at the top of
    a run it costs what joker_extends_run says, or saves what joker_bridges_runs says. Ties go to
    the place showing the larger value (the tie-break), so the higher anchor.

    >>> best_joker_place([1, 2, 5, 6, 8])     # the sheet's row: right of 6 joins 5, 6 and 8
    6
    >>> best_joker_place([3, 4, 8])           # right of 4 makes 3, 4, 5: costs 3 instead of 7
    4
    """
    numbers = sorted(row)
    if not numbers:
        return 0
    groups = runs(numbers)
    best_anchor, best_change = 0, None
    for index, run in enumerate(groups):
        top = run[-1]
        above = groups[index + 1] if index + 1 < len(groups) else None
        if above is not None and above[0] == top + 2:  # the joker bridges the gap
            merged = run + [top + 1] + above
            change = run_cost(merged) - run_cost(run) - run_cost(above)
        else:
            change = run_cost(run + [top + 1]) - run_cost(run)
        if best_change is None or change <= best_change:
            best_anchor, best_change = top, change
    return best_anchor


def exhaustive_best_places(row: Sequence[int]) -> tuple[int, list[int]]:
    """Every anchor tried: the least penalty, and the anchors reaching it (a check)."""
    numbers = sorted(row)
    if not numbers:
        return row_penalty([JOKER]), [0]
    costs = {anchor: row_penalty(_with_joker(numbers, anchor)) for anchor in numbers}
    least = min(costs.values())
    return least, [anchor for anchor, cost in costs.items() if cost == least]


def _with_joker(numbers: Sequence[int], anchor: int) -> list:
    out: list = []
    for number in numbers:
        out.append(number)
        if number == anchor:
            out.append(JOKER)
    return out


def every_row() -> list[tuple[int, ...]]:
    """All 1,024 rows a player can hold (a row never holds a number twice)."""
    return [tuple(k for k in NUMBERS if mask >> (k - 1) & 1) for mask in range(1 << len(NUMBERS))]


def expected_row_penalty(size: int) -> sp.Rational:
    """The mean penalty of ``size`` different numbers, each set weighted by how many ways the
    deck can deal one card of each number (a row holds no number twice)."""
    from itertools import combinations

    total = weight = 0
    for row in combinations(NUMBERS, size):
        ways = 1
        for number in row:
            ways *= COPIES[number]
        total += ways * row_penalty(list(row))
        weight += ways
    return sp.Rational(total, weight)


def row_penalty_distribution(size: int, joker_on_top: bool = False) -> dict[int, sp.Rational]:
    """Each penalty of ``size`` different numbers with its exact chance, weighted like
    ``expected_row_penalty`` (by the ways the deck deals one card of each number).

    ``joker_on_top``: the row also holds the joker, right of its highest card.

    >>> row_penalty_distribution(10)                # all ten numbers: one run, costing 1
    {1: 1}
    >>> row_penalty_distribution(2)[3]              # only 1 and 2 cost 3: 1·2 of the 1,320 ways
    1/660
    >>> row_penalty_distribution(2, joker_on_top=True)[1]   # 1, 2 and the joker (3): a run costing 1
    1/660
    """
    from itertools import combinations

    ways_of: dict[int, int] = {}
    for row in combinations(NUMBERS, size):
        ways = 1
        for number in row:
            ways *= COPIES[number]
        penalty = row_penalty(lay_out(row, joker=True, anchor=max(row)) if joker_on_top else list(row))
        ways_of[penalty] = ways_of.get(penalty, 0) + ways
    weight = sum(ways_of.values())
    return {penalty: sp.Rational(ways_of[penalty], weight) for penalty in sorted(ways_of)}


def every_run(shortest: int = 1) -> list[list[int]]:
    """Every run of consecutive numbers inside 1..10 with at least ``shortest`` cards.

    >>> len(every_run(3)), every_run(10)
    (36, [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    """
    top = max(NUMBERS)
    return [list(range(start, start + length))
            for length in range(shortest, top + 1) for start in range(1, top + 2 - length)]


def joker_change(row: Sequence[int]) -> int:
    """How the row penalty changes when a joker joins the row at its best place (negative: it saves).

    >>> joker_change([1, 2, 5, 6, 8])      # the sheet's row: 22 without the joker, 8 with it
    -14
    >>> joker_change([4])                  # a lone card: the joker adds a 5
    5
    """
    least, _ = exhaustive_best_places(row)
    return least - row_penalty(sorted(row))


def simulate_row_penalty(size: int, trials: int, seed: int) -> float:
    """The mean penalty of ``trials`` random rows of ``size`` different numbers (a check).

    A deal with a repeated number is thrown away and dealt again: that is the weighting
    ``expected_row_penalty`` uses.

    >>> abs(simulate_row_penalty(3, trials=5_000, seed=41) - float(expected_row_penalty(3))) < 0.5
    True
    """
    rng = random.Random(seed)
    total = done = 0
    while done < trials:
        cards = rng.sample(PAIRS_DECK, size)
        if len(set(cards)) == size:
            total += row_penalty(sorted(cards))
            done += 1
    return total / trials


def row_penalty_mean(size: int, joker_on_top: bool = False) -> sp.Rational:
    """The exact mean penalty of ``size`` different numbers (and the joker right of the highest)."""
    return sum(penalty * chance for penalty, chance in row_penalty_distribution(size, joker_on_top).items())


def row_penalty_spread(size: int, joker_on_top: bool = False) -> float:
    """The exact standard deviation of that penalty, as a float (a simulation's standard error needs it)."""
    mean = row_penalty_mean(size, joker_on_top)
    chances = row_penalty_distribution(size, joker_on_top)
    return float(sp.sqrt(sum((penalty - mean) ** 2 * chance for penalty, chance in chances.items())))
