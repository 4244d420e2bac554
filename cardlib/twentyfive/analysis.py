"""The mathematics of Twenty-five: pair counts, card bounds, exact odds and the coach.

Derivations use sympy; the fast paths use ints and ``fractions.Fraction``. The coach itself
(exact posteriors from one observation) lives in ``inference`` (stdlib only) and is
re-exported here.

>>> adds_m_pairs()
m
>>> card_bounds(25)
(11, 27)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Optional

import pandas as pd
import sympy

from cardlib.decks.pairs import NUMBERS, pairs_of
from cardlib.twentyfive.beliefs import (
    Odds, draw_outlook, hidden_worlds, p_over, pairs_posterior, pass_cost, round_costs,
    sample_hidden_hands,
)
from cardlib.twentyfive.rules import DRAW, TARGET, Game, State

__all__ = [
    "Odds", "adds_m_pairs", "card_bound_witnesses", "card_bounds",
    "draw_outlook", "example_position", "hidden_worlds", "p_over", "pair_shapes", "pair_table", "pairs_distribution",
    "pairs_generating_function", "pairs_odds", "pairs_posterior", "pass_cost", "round_costs",
    "sample_hidden_hands", "COACH_TOURNAMENT", "NAIVE_COACH_TOURNAMENT",
]

# The stored coach tournaments (tools/run_tournaments.py plays them; notebook 01 reads them).
COACH_TOURNAMENT = {"games": 2000, "seed": 25}
# The naive coach weighs every hidden hand of the unseen cards (thousands per player late in a
# round), so its tournament is the first 400 of the same seeded games.
NAIVE_COACH_TOURNAMENT = {"games": 400, "seed": 25}

Copies = Optional[Mapping[int, int] | Sequence[int]]


def _copies(copies: Copies) -> dict[int, int]:
    """Copies per number: the Pairs deck by default, a mapping, or a sequence for 1, 2, ..."""
    if copies is None:
        return {number: number for number in NUMBERS}
    if isinstance(copies, Mapping):
        return {int(number): int(c) for number, c in copies.items() if c}
    return {number: int(c) for number, c in enumerate(copies, start=1) if c}


# --- counting pairs ---------------------------------------------------------------------------

def pair_table(largest: int = 10) -> pd.DataFrame:
    """C(n, 2) for n = 0..largest, from sympy's binomial, with what one more copy adds.

    >>> int(pair_table().loc[5, "pairs"])
    10
    """
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    pairs = sympy.binomial(n, 2)
    rows = [(k, int(pairs.subs(n, k)), int(pairs.subs(n, k + 1) - pairs.subs(n, k)))
            for k in range(largest + 1)]
    return pd.DataFrame(rows, columns=["copies", "pairs", "one more adds"]).set_index("copies")


def adds_m_pairs() -> sympy.Expr:
    """C(m+1, 2) - C(m, 2), simplified by sympy: one more copy of a number with m copies adds m."""
    m = sympy.Symbol("m", integer=True, nonnegative=True)
    return sympy.simplify(sympy.expand_func(sympy.binomial(m + 1, 2) - sympy.binomial(m, 2)))


# --- how many cards make exactly 25 pairs ----------------------------------------------------

@lru_cache(maxsize=64)
def _bounds(pairs: int, copies: tuple[tuple[int, int], ...]) -> tuple[tuple[int, tuple], tuple[int, tuple]]:
    """(fewest cards, their counts) and (most cards, their counts) with exactly ``pairs`` pairs."""
    # Knapsack over numbers: pairs so far -> (cards, copies chosen per number so far).
    fewest: dict[int, tuple[int, tuple]] = {0: (0, ())}
    most: dict[int, tuple[int, tuple]] = {0: (0, ())}
    for number, limit in copies:
        new_fewest: dict[int, tuple[int, tuple]] = {}
        new_most: dict[int, tuple[int, tuple]] = {}
        for j in range(limit + 1):
            gained = pairs_of(j)
            for table, new, better in ((fewest, new_fewest, min), (most, new_most, max)):
                for have, (cards, chosen) in table.items():
                    total = have + gained
                    if total > pairs:
                        continue
                    candidate = (cards + j, chosen + ((number, j),))
                    old = new.get(total)
                    new[total] = candidate if old is None else better(old, candidate, key=lambda c: c[0])
        fewest, most = new_fewest, new_most
    if pairs not in fewest:
        raise ValueError(f"no set of cards from this deck has exactly {pairs} pairs")
    return fewest[pairs], most[pairs]


def card_bounds(pairs: int = TARGET, copies: Copies = None) -> tuple[int, int]:
    """The fewest and the most cards that hold exactly ``pairs`` pairs (at most k copies of k).

    >>> card_bounds(25)      # the rule sheet says 12 to 27: six of one number and five of another make 11
    (11, 27)
    >>> card_bounds(1)
    (2, 11)
    """
    low, high = _bounds(pairs, tuple(sorted(_copies(copies).items())))
    return low[0], high[0]


def card_bound_witnesses(pairs: int = TARGET, copies: Copies = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A set of cards of each extreme size in ``card_bounds``, as sorted numbers.

    >>> low, high = card_bound_witnesses(25)
    >>> sorted(low.count(n) for n in set(low)), len(high)
    ([5, 6], 27)
    """
    low, high = _bounds(pairs, tuple(sorted(_copies(copies).items())))
    return tuple(tuple(n for n, j in chosen for _ in range(j)) for _, chosen in (low, high))


def pair_shapes(pairs: int, cards: int, copies: Copies = None) -> list[tuple[int, ...]]:
    """Every shape (copies per number used, largest first) of ``cards`` cards with ``pairs`` pairs.

    >>> pair_shapes(25, 27)
    [(3, 3, 3, 3, 3, 3, 3, 3, 2, 1)]
    """
    limits = sorted(_copies(copies).values(), reverse=True)
    shapes = []

    def fits(shape: tuple[int, ...]) -> bool:
        # The i-th largest count needs the i-th largest supply (a sorted matching is best).
        return len(shape) <= len(limits) and all(c <= limit for c, limit in zip(shape, limits))

    def grow(shape: tuple[int, ...], left_pairs: int, left_cards: int, cap: int) -> None:
        if left_pairs == 0 and left_cards == 0:
            if fits(shape):
                shapes.append(shape)
            return
        for j in range(min(cap, left_cards), 0, -1):
            if pairs_of(j) <= left_pairs and fits(shape + (j,)):
                grow(shape + (j,), left_pairs - pairs_of(j), left_cards - j, j)

    grow((), pairs, cards, max(limits, default=0))
    return shapes


# --- n cards at random: the generating function ------------------------------------------------

def pairs_generating_function(copies: Copies = None) -> sympy.Expr:
    """prod_k sum_j C(c_k, j) x^j y^C(j,2): x counts cards, y counts pairs (c_k copies of k)."""
    x, y = sympy.symbols("x y")
    factors = [sympy.Add(*[sympy.binomial(c, j) * x**j * y**sympy.binomial(j, 2) for j in range(c + 1)])
               for _, c in sorted(_copies(copies).items())]
    return sympy.Mul(*factors)


@lru_cache(maxsize=16)
def _pair_counts(copies: tuple[tuple[int, int], ...]) -> tuple[dict[int, int], ...]:
    """For every n: pairs -> how many n-card subsets hold them (the generating function's coefficients)."""
    table: list[dict[int, int]] = [{0: 1}]
    for _, c in copies:  # multiply by sum_j C(c, j) x^j y^C(j,2)
        new: list[dict[int, int]] = [{} for _ in range(len(table) + c)]
        for n, row in enumerate(table):
            for j in range(c + 1):
                ways, gained, out = comb(c, j), pairs_of(j), new[n + j]
                for pairs, count in row.items():
                    out[pairs + gained] = out.get(pairs + gained, 0) + ways * count
        table = new
    return tuple(table)


def pairs_distribution(n: int, copies: Copies = None) -> dict[int, Fraction]:
    """Pairs -> probability among n cards dealt at random from the deck (exact).

    >>> pairs_distribution(3)[3]              # three of a kind: sum_k C(k, 3) / C(55, 3)
    Fraction(2, 159)
    >>> pairs_odds(28).over                   # 28 cards always make more than 25 pairs
    Fraction(1, 1)
    """
    table = _pair_counts(tuple(sorted(_copies(copies).items())))
    if not isinstance(n, int) or not 0 <= n < len(table):
        raise ValueError(f"n must be a whole number of cards from 0 to {len(table) - 1}, not {n!r}")
    total = comb(len(table) - 1, n)
    return {pairs: Fraction(count, total) for pairs, count in sorted(table[n].items())}


def pairs_odds(n: int, copies: Copies = None, target: int = TARGET) -> Odds:
    """The chances that n random cards hold more than, exactly, or fewer than ``target`` pairs."""
    distribution = pairs_distribution(n, copies)
    over = sum((p for pairs, p in distribution.items() if pairs > target), Fraction(0))
    exactly = distribution.get(target, Fraction(0))
    return Odds(over=over, exactly=exactly, under=1 - over - exactly)


# --- positions for lessons --------------------------------------------------------------------

def example_position(seed: int, cards: int, seat: int = 0, players: int = 3) -> State:
    """Round 1 of a seeded game where everyone draws and reveals their highest card, stopped
    at ``seat``'s turn once at least ``cards`` cards are in play (a position to reason about).

    >>> state = example_position(seed=53, cards=21)
    >>> state.current_player, state.observation(0).cards_in_play
    (0, 21)
    """
    state = Game(players=players).new(seed=seed)
    while True:
        if state.round_number > 1 or state.is_over:
            raise ValueError(f"seed {seed} never reaches {cards} cards at seat {seat}'s turn in round 1")
        legal = state.legal_actions()
        if state.phase == "reveal":
            state.apply(max(legal, key=lambda action: action.value))
        elif state.current_player == seat and state.observation(seat).cards_in_play >= cards:
            return state
        else:
            state.apply(DRAW)
