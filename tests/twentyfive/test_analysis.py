"""Twenty-five mathematics: the pair table, card bounds and the exact odds of n random cards."""
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import sympy

from cardlib.decks.pairs import PAIRS_DECK, pair_count
from cardlib.twentyfive import analysis
from cardlib.twentyfive.analysis import (
    adds_m_pairs, card_bound_witnesses, card_bounds, pair_shapes, pair_table, pairs_distribution,
    pairs_generating_function, pairs_odds,
)

SMALL_DECKS = [(1, 2, 3), (1, 2, 3, 4), (2, 2, 3), (1, 2, 3, 4, 5, 6)]


def deck_of(copies):
    return [number for number, c in enumerate(copies, start=1) for _ in range(c)]


def test_pair_table_is_c_n_2():
    table = pair_table()
    assert list(table.index) == list(range(11))
    for n in range(11):
        assert table.loc[n, "pairs"] == pair_count([7] * n)
        assert table.loc[n, "one more adds"] == pair_count([7] * (n + 1)) - pair_count([7] * n)


def test_adding_one_more_copy_adds_m_pairs():
    m = sympy.Symbol("m", integer=True, nonnegative=True)
    assert adds_m_pairs() == m


def brute_bounds(pairs, copies):
    sizes = [sum(counts) for counts in product(*(range(c + 1) for c in copies))
             if sum(j * (j - 1) // 2 for j in counts) == pairs]
    return (min(sizes), max(sizes)) if sizes else None


def test_card_bounds_match_exhaustive_search_on_small_decks():
    for copies in SMALL_DECKS:
        most = sum(c * (c - 1) // 2 for c in copies)
        for pairs in range(most + 1):
            expected = brute_bounds(pairs, copies)
            if expected is None:
                continue
            assert card_bounds(pairs, copies) == expected, (copies, pairs)
            low, high = card_bound_witnesses(pairs, copies)
            for witness, size in zip((low, high), expected):
                assert len(witness) == size and pair_count(witness) == pairs
                assert all(witness.count(n) <= copies[n - 1] for n in set(witness))


def test_cards_for_exactly_25_pairs_are_11_to_27_not_the_sheets_12():
    # Digest: the sheet says 12..27; the truth is 11 (6 and 5 copies) to 27 (eight 3s, a 2, a 1).
    low, high = card_bounds(25)
    assert (low, high) == (11, 27) and low < 12
    witness_low, witness_high = card_bound_witnesses(25)
    assert pair_count(witness_low) == pair_count(witness_high) == 25
    assert sorted(Counter(witness_low).values()) == [5, 6]
    assert pair_shapes(25, 11) == [(6, 5)]
    assert pair_shapes(25, 27) == [(3,) * 8 + (2, 1)]
    assert pair_shapes(25, 10) == [] and pair_shapes(25, 28) == []


def brute_pairs_counts(copies):
    """n -> pairs -> number of n-card subsets of the physical deck, by enumerating every subset."""
    cards = deck_of(copies)
    table = {}
    for n in range(len(cards) + 1):
        table[n] = Counter(pair_count(subset) for subset in combinations(cards, n))
    return table


def test_pairs_distribution_matches_brute_force_on_small_decks():
    for copies in SMALL_DECKS:
        brute = brute_pairs_counts(copies)
        total = len(deck_of(copies))
        for n, counts in brute.items():
            expected = {pairs: Fraction(c, comb(total, n)) for pairs, c in counts.items()}
            assert pairs_distribution(n, copies) == expected, (copies, n)


def test_generating_function_coefficients_are_the_fast_counts():
    x, y = sympy.symbols("x y")
    for copies in SMALL_DECKS[:3]:
        polynomial = sympy.Poly(sympy.expand(pairs_generating_function(copies)), x, y)
        total = len(deck_of(copies))
        for (n, pairs), coefficient in polynomial.terms():
            assert pairs_distribution(n, copies)[pairs] == Fraction(int(coefficient), comb(total, n))


def test_generating_function_of_the_pairs_deck_has_ten_factors():
    expression = pairs_generating_function()
    assert len(expression.args) == 10
    x, y = sympy.symbols("x y")
    assert expression.subs({x: 1, y: 1}) == 2 ** 55  # every subset of the 55 cards, once


def test_pairs_distribution_sums_to_one_for_every_n():
    for n in range(56):
        assert sum(pairs_distribution(n).values()) == 1


def test_pairs_distribution_matches_a_seeded_simulation():
    seed, n, trials = 2025, 20, 20_000
    rng = random.Random(seed)
    odds = pairs_odds(n)
    hits = sum(pair_count(rng.sample(PAIRS_DECK, n)) > 25 for _ in range(trials))
    se = (float(odds.over) * (1 - float(odds.over)) / trials) ** 0.5
    assert abs(hits / trials - float(odds.over)) < 3 * se, f"seed {seed}"


def test_known_odds_from_the_digest():
    # Digest: P(>25) is about 0.146 at n = 20 and 0.862 at n = 24.
    assert round(float(pairs_odds(20).over), 3) == 0.146
    assert round(float(pairs_odds(24).over), 3) == 0.862


def test_28_or_more_cards_always_exceed_25_pairs():
    # Digest: with 28 or more cards in play, the pairs always exceed 25; 27 can make exactly 25.
    assert all(pairs_odds(n).over == 1 for n in range(28, 56))
    assert pairs_odds(27).exactly > 0


def test_analysis_re_exports_the_coach():
    from cardlib.twentyfive import beliefs
    for name in ("pairs_posterior", "p_over", "pass_cost", "Odds"):
        assert getattr(analysis, name) is getattr(beliefs, name)
