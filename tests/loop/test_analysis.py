"""Loop's deal, exact: the 8s (the digest's 373/645 and 1/86), the optional rule, and combinations
counted by linearity of expectation, against independent counts and seeded simulations; the lesson's
readable loops against the library, and the lesson's prose (the sheet's silences, its links, no answers)."""
from __future__ import annotations

import contextlib
import io
import math
import statistics
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path

import nbformat
import pytest
import sympy as sp

from cardlib.core.checking import Sampled, exercise_ids, find
from cardlib.loop import analysis
from cardlib.loop.actions import DECK
from cardlib.loop.chairs import BASE, round_points


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


# --- the lesson's readable versions agree with the library -------------------------------------------

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "05_loop.ipynb"


def run_lesson_cells(*ids: str) -> tuple[dict, str]:
    """Run the lesson's setup cell and the cells ``ids`` in one namespace: the namespace and what they printed."""
    cells = {cell.id: cell.source for cell in nbformat.read(LESSON, as_version=4).cells}
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for cell_id in ("cd7101b8", *ids):
            exec(compile(cells[cell_id], f"05_loop.ipynb:{cell_id}", "exec"), namespace)
    return namespace, printed.getvalue()


def test_the_readable_eight_loop_deals_the_library_s_hands():
    namespace, printed = run_lesson_cells("eight-loop")
    estimate = analysis.p_eight_by_simulation(hands=namespace["hands"], seed=11)
    assert namespace["hits"] / namespace["hands"] == estimate.value and "seed 11" in printed
    assert f"± {estimate.standard_error:.4f}" in printed


def test_the_readable_combination_loop_counts_as_the_library_does():
    namespace, printed = run_lesson_cells("combination-loop")
    simulated = analysis.simulate_combinations(hands=4_000, seed=3)
    for kind, counts in (("three", namespace["threes"]), ("run of 3", namespace["runs_of_3"])):
        assert statistics.mean(counts) == pytest.approx(simulated[kind].value, abs=1e-12)
        assert statistics.stdev(counts) / math.sqrt(len(counts)) == pytest.approx(simulated[kind].standard_error)
    assert "seed 3" in printed and "±" in printed


def test_the_readable_replay_plays_the_games_replay_deals_records():
    namespace, printed = run_lesson_cells("replay-loop")
    table = analysis.replay_deals(deals=1, seed=8, bots=namespace["bots"])
    normal = table[table["round"] == "normal"]
    expected = [f"{order} points: {list(normal['points'].iloc[3 * k: 3 * k + 3])}"
                for k, order in enumerate(permutations(namespace["bots"]))]
    assert printed.strip().splitlines() == expected


# --- the figure's models, and the 8s among the chairs ---------------------------------------------------

def test_with_and_without_replacement_are_the_binomial_and_the_hypergeometric():
    both = analysis.eights_both_ways()
    assert both.iloc[0, 1] == pytest.approx((42 / 45) ** 11) and both.iloc[0, 0] == pytest.approx(272 / 645)
    assert both.iloc[0, 1] > both.iloc[0, 0]                    # (42/45)^11 overstates "no 8"
    assert (both.iloc[4:, 0] == 0).all() and (both.iloc[4:, 1] > 0).all()   # only drawn with replacement: four 8s
    assert sum(analysis.eights_with_replacement().values()) == 1


def test_the_8s_among_the_chairs_by_counting_places():
    assert analysis.p_eights_unused(2) == Fraction(math.comb(23, 3), math.comb(45, 3))
    assert analysis.p_eights_unused(4) == 0
    assert analysis.p_one_eight_each() == Fraction(11 ** 3, math.comb(45, 3))
    for cards in (1, 3, 6):
        listed = Fraction(sum(1 for hand in combinations(range(12), 4) if min(hand) < cards), math.comb(12, 4))
        assert listed == 1 - Fraction(math.comb(12 - cards, 4), math.comb(12, 4))   # the formula, on 4 cards of 12
        assert analysis.p_at_least_one_of(cards) == 1 - Fraction(math.comb(45 - cards, 11), math.comb(45, 11))


# --- the lesson as a class reads it -----------------------------------------------------------------------

def lesson_prose() -> str:
    return "\n".join(cell.source for cell in nbformat.read(LESSON, as_version=4).cells if cell.cell_type == "markdown")


def test_the_lesson_says_where_the_sheet_is_silent_and_what_cardlib_decided():
    prose = lesson_prose()
    assert "Where the sheet is silent" in prose
    assert "**+3** and **−3**" in prose and round_points(4, 1, 4) == BASE[4][0] + 3 and round_points(4, 4, 1) == -3
    assert "**highest total wins**" in prose and "at least 2 cards" in prose
    assert "**in the normal round only**" in prose


def test_the_lesson_links_its_exercises_never_the_solutions_and_states_no_answer():
    prose = lesson_prose()
    assert "](../exercises/05_loop.ipynb)" in prose and "solutions" not in prose
    for exercise_id in exercise_ids("cardlib.loop.exercises"):
        for value in exact_values(find(exercise_id).truth()):
            for text in (f"{value.numerator}/{value.denominator}", f"{float(value):.3f}", f"{float(value):.4f}"):
                assert value.denominator == 1 or text not in prose, (exercise_id, text)


def exact_values(truth) -> list[Fraction]:
    """The exact numbers in an exercise's truth (a Sampled's value, a tuple's entries)."""
    if isinstance(truth, Sampled):
        truth = truth.value
    if isinstance(truth, tuple):
        return [value for entry in truth for value in exact_values(entry)]
    if isinstance(truth, (Fraction, sp.Rational)):
        return [Fraction(int(sp.numer(truth)), int(sp.denom(truth)))]
    return []
