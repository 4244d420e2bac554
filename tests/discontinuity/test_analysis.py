"""Discontinuity mathematics: closed forms against enumeration and simulation (seeds printed)."""
import itertools
import math
import random

import sympy as sp

from cardlib.core.pairs import PAIRS_DECK
from cardlib.discontinuity import analysis as an
from cardlib.discontinuity.scoring import row_penalty


def test_reshuffle_probability_is_1_in_22137570():
    # rules digest, "Facts the notebook must derive": 55 / 1,217,566,350 = 1/22,137,570
    assert an.reshuffle_probability() == sp.Rational(1, 22_137_570)
    assert an.same_number_deals() == 55 and sp.binomial(55, 8) == 1_217_566_350


def test_reshuffle_parts_match_enumeration():
    # count the 8-card sets of one number by listing them: only 8s, 9s and 10s have 8 copies
    cards = list(enumerate(PAIRS_DECK))  # tell the copies apart
    same = 0
    for number in range(1, 11):
        copies = [index for index, card in cards if card == number]
        same += sum(1 for _ in itertools.combinations(copies, 8))
    assert same == an.same_number_deals()
    assert an.reshuffle_probability() == sp.Rational(same, math.comb(len(PAIRS_DECK), 8))


def test_hockey_stick_matches_the_counts():
    for m in range(1, 11):
        assert an.hockey_stick(m) == sum(math.comb(k, m) for k in range(1, 11))


def test_line_pair_probability_matches_enumeration_and_simulation():
    for size in (2, 3):
        combos = list(itertools.combinations(range(55), size))
        offers = sum(len({PAIRS_DECK[i] for i in combo}) > 1 for combo in combos)
        assert an.line_pair_probability(size) == sp.Rational(offers, len(combos))
    seed = 31
    print(f"simulation seed {seed}")
    share = an.simulate_line_pair(2, trials=40_000, seed=seed)
    assert abs(share - 8 / 9) < 4 * math.sqrt(8 / 81 / 40_000)


def test_run_saving_matches_the_scoring_for_every_run():
    a, L = an.a, an.L
    for start in range(1, 11):
        for length in range(3, 12 - start):
            run = list(range(start, start + length))
            assert an.run_sum().subs({a: start, L: length}) == sum(run)
            assert an.run_saving().subs({a: start, L: length}) == sum(run) - row_penalty(run)


def test_joker_extending_a_run_changes_the_penalty_as_the_algebra_says():
    a, L = an.a, an.L
    for start in range(1, 11):
        for length in range(1, 12 - start):
            run = list(range(start, start + length))
            change = row_penalty(run + ["J"]) - row_penalty(run)
            assert an.joker_extends_run().subs({a: start, L: length}) == change


def test_joker_bridging_two_runs_saves_the_upper_runs_lowest_card():
    c = sp.symbols("c", integer=True, positive=True)
    for low in range(1, 6):
        for top in range(low + 2, 8):
            for high in range(top + 4, 11):
                row = list(range(low, top + 1)) + list(range(top + 2, high + 1))
                with_joker = list(range(low, top + 1)) + ["J"] + list(range(top + 2, high + 1))
                assert row_penalty(row) - row_penalty(with_joker) == an.joker_bridges_runs().subs(c, top)


def test_best_joker_place_is_optimal_over_every_row():
    # exhaustive: every one of the 1,024 rows, every place the joker could take
    for row in an.every_row():
        least, anchors = an.exhaustive_best_places(row)
        best = an.best_joker_place(row)
        assert best in anchors
        assert best == max(anchors)  # ties go to the larger value shown
    assert len(an.every_row()) == 1024


def test_expected_row_penalty_matches_simulation():
    seed = 41
    print(f"simulation seed {seed}")
    rng = random.Random(seed)
    size, total, trials = 3, 0, 0
    exact = an.expected_row_penalty(size)
    while trials < 30_000:
        cards = rng.sample(PAIRS_DECK, size)
        if len(set(cards)) == size:  # the weighting: a row holds no number twice
            total += row_penalty(sorted(cards))
            trials += 1
    assert abs(total / trials - float(exact)) < 0.15
    assert an.expected_row_penalty(1) == sp.Rational(sum(k * k for k in range(1, 11)), 55)
