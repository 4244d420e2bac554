"""Loop's deal, exact: the 8s (the digest's 373/645 and 1/86), the optional rule, and combinations
counted by linearity of expectation, against independent counts and seeded simulations."""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import sympy as sp

from cardlib.loop import analysis
from cardlib.loop.actions import DECK


def test_the_digest_facts_about_8s_equal_the_counting_formula():
    at_least_one = 1 - Fraction(math.comb(42, 11), math.comb(45, 11))
    assert analysis.p_at_least_one_eight() == sp.Rational(at_least_one.numerator, at_least_one.denominator)
    assert analysis.p_at_least_one_eight() == sp.Rational(373, 645)   # the digest's own figures
    assert analysis.p_three_eights() == sp.Rational(1, 86)


def test_the_8s_distribution_is_a_distribution_and_matches_a_simulation():
    distribution = analysis.eights_distribution()
    assert sum(distribution.values()) == 1 and all(0 < p < 1 for p in distribution.values())
    estimate = analysis.p_eight_by_simulation(20_000, seed=2)
    assert abs(estimate.value - float(analysis.p_at_least_one_eight())) < 4 * estimate.standard_error


def test_the_three_eights_rule_triggers_players_times_one_in_86():
    for players in (2, 3, 4):
        rule = analysis.three_eights_rule(players)
        assert rule["a deal triggers it"] == players * analysis.p_three_eights()
        assert rule["expected deals"] == 1 / (1 - rule["a deal triggers it"])


def exact_mean_by_listing(hand_size):
    """The mean count of every kind over every hand of ``hand_size`` cards (all of them, listed)."""
    totals, hands = {}, 0
    for hand in combinations(DECK, hand_size):
        hands += 1
        for kind, count in analysis.count_combinations(list(hand)).items():
            totals[kind] = totals.get(kind, 0) + count
    return {kind: Fraction(total, hands) for kind, total in totals.items()}


def test_linearity_gives_the_exact_mean_of_every_hand_listed():
    for hand_size in (2, 3):
        listed = exact_mean_by_listing(hand_size)
        expected = {kind: value for kind, value in analysis.expected_combinations(hand_size).items() if value}
        assert expected == listed


def test_the_expected_combinations_of_11_cards_match_a_seeded_simulation():
    expected = analysis.expected_combinations()
    simulated = analysis.simulate_combinations(4_000, seed=5)
    for kind in ("pair", "three", "run of 2", "run of 3", "run of 4"):
        estimate = simulated[kind]
        assert abs(estimate.value - float(expected[kind])) < 4 * estimate.standard_error, kind
