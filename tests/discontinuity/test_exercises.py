"""The Discontinuity exercises: every truth computes, the solutions pass, wrong answers get hints."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import nbformat
import pytest
import sympy as sp

from cardlib import check
from cardlib.core.checking import Sampled, exercise_ids, find
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.discontinuity import Take, exercises as ex
from cardlib.discontinuity.analysis import exhaustive_best_places
from cardlib.discontinuity.scoring import lay_out, row_penalty, row_values
from tests.exercising import first_try  # noqa: F401 an autouse fixture: each test starts with no wrong tries
from tests.exercising import Exercises, says_only_its_own_mistake

SOLUTIONS = Path(__file__).resolve().parents[2] / "exercises" / "solutions" / "02_discontinuity.ipynb"
IDS = exercise_ids("cardlib.discontinuity.exercises")
a, L = sp.symbols("a L")  # a student's own symbols, without assumptions: matched by name


def prompts() -> str:
    """The text of the exercise notebook's markdown cells."""
    return "\n".join(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells
                     if cell.cell_type == "markdown")


# --- the truths, against independent computations ---------------------------------------------------

def test_dc7_consecutive_numbers_by_the_closed_form():
    # k and k + 1 are dealt in k·(k + 1) ways, k = 1..9 (10 and 1 are not consecutive)
    favourable = sum(k * (k + 1) for k in range(1, 10))
    assert favourable == 330 and find("dc.7").truth() == sp.Rational(favourable, math.comb(55, 2)) == sp.Rational(2, 9)


def test_dc8_four_different_corners_by_a_generating_function():
    # the coefficient of x^4 in (1 + x)(1 + 2x)…(1 + 10x): one copy of each of 4 numbers
    x = sp.Symbol("x")
    favourable = sp.Poly(sp.prod([1 + k * x for k in range(1, 11)]), x).coeff_monomial(x ** 4)
    assert find("dc.8").truth() == sp.Rational(favourable, math.comb(55, 4)) == sp.Rational(4781, 10335)


def test_dc9_house_rule_saving_on_every_run():
    from cardlib.discontinuity.analysis import L as length, a as start
    saving = find("dc.9").truth()
    for first in range(1, 11):
        for cards in range(3, 12 - first):
            run = range(first, first + cards)
            assert saving.subs({start: first, length: cards}) == sum(run) - max(run)
    assert check("dc.9", sp.expand((L - 1) * (L + 2 * a - 2) / 2)).ok
    assert check("dc.9", "L*(L + 2*a - 1)/2 - (a + L - 1)").ok
    assert not check("dc.9", "this is not a formula (").ok


def test_dc12_run_of_three_by_the_closed_form():
    # k, k + 1, k + 2 are dealt in k·(k + 1)·(k + 2) ways, k = 1..8
    favourable = sum(k * (k + 1) * (k + 2) for k in range(1, 9))
    assert find("dc.12").truth() == sp.Rational(favourable, math.comb(55, 3)) == sp.Rational(4, 53)


def test_probability_answers_may_be_fractions_or_sympy():
    assert check("dc.7", Fraction(2, 9)).ok and check("dc.7", sp.Rational(330, 1485)).ok
    assert check("dc.8", Fraction(4781, 10335)).ok and check("dc.12", Fraction(1980, 26_235)).ok
    assert not check("dc.7", 2 / 9).ok  # a third-like decimal is only close


# --- the simulation: dc.11 ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def student_simulation(seed: int = 11, rows: int = 150_000, joker: bool = True, redeal: bool = True,
                       shuffle: bool = False, numbers_alike: bool = False, joker_low: bool = False) -> list[int]:
    """dc.11 as a student writes it (the flags make the slips a student makes)."""
    rng = random.Random(seed)
    penalties = []
    while len(penalties) < rows:
        if numbers_alike:
            cards = rng.sample(range(1, 11), 4)
        elif shuffle:
            deck = list(PAIRS_DECK)
            rng.shuffle(deck)
            cards = deck[:4]
        else:
            cards = rng.sample(PAIRS_DECK, 4)
        if redeal and len(set(cards)) < 4:
            continue
        row = sorted(cards) + ["J"] if joker else sorted(cards)  # the joker right of the highest card
        if joker_low:
            row = lay_out(cards, joker=True, anchor=min(cards))
        penalties.append(row_penalty(row))
    return penalties


def test_dc11_truth_is_the_exact_mean_and_spread_of_a_row_of_four_with_the_joker_on_top():
    rows = [(math.prod(row), row_penalty(list(row) + ["J"])) for row in combinations(range(1, 11), 4)]
    weight = sum(ways for ways, _ in rows)
    mean = Fraction(sum(ways * penalty for ways, penalty in rows), weight)
    variance = Fraction(sum(ways * penalty ** 2 for ways, penalty in rows), weight) - mean ** 2
    truth = find("dc.11").truth()
    assert truth.value == sp.Rational(mean.numerator, mean.denominator) and truth.runs == 150_000
    assert truth.spread == pytest.approx(math.sqrt(variance), rel=1e-12)
    assert row_penalty(lay_out([2, 5, 8, 9], joker=True, anchor=9)) == row_penalty([2, 5, 8, 9, "J"])


@pytest.mark.parametrize("shuffle", (False, True), ids=("sample", "shuffle"))
def test_dc11_a_simulation_written_as_a_student_would_passes(shuffle):
    print("simulation seed 11")
    assert check("dc.11", (student_simulation(shuffle=shuffle), 11)).ok
    assert check("dc.11", [student_simulation(shuffle=shuffle), 11]).ok


def test_dc11_simulation_slips_get_messages_of_their_own():
    assert says_only_its_own_mistake("dc.11", (student_simulation(joker=False), 11), 0)
    assert says_only_its_own_mistake("dc.11", (student_simulation(redeal=False), 11), 1)


@pytest.mark.parametrize("seed", (11, 1, 2))
def test_dc11_numbers_alike_and_the_joker_on_the_lowest_card_get_messages_of_their_own(seed):
    truth = find("dc.11").truth()
    from cardlib.discontinuity.slips import mean_penalty_of
    assert mean_penalty_of(4, False, max) - float(truth.value) > 8 * truth.standard_error
    assert says_only_its_own_mistake("dc.11", (student_simulation(seed, numbers_alike=True), seed), 2)
    assert says_only_its_own_mistake("dc.11", (student_simulation(seed, joker_low=True), seed), 3)
    assert check("dc.11", (student_simulation(seed), seed)).ok


def test_dc11_the_exact_mean_and_its_standard_error_are_no_simulation():
    truth = find("dc.11").truth()
    verdict = check("dc.11", (float(truth.value), truth.standard_error))
    assert not verdict.ok and "(outcomes, seed)" in verdict.message
    assert not check("dc.11", ([float(truth.value)] * 150_000, 11)).ok  # the exact value repeated
    assert not check("dc.11", (student_simulation(rows=10_000), 11)).ok  # the wrong number of rows


# --- explain: dc.13 and dc.14 ------------------------------------------------------------------------

def test_dc13_the_joker_on_a_ten_counts_11_and_extends_the_run():
    on_ten = lay_out(ex.JOKER_ON_TEN_ROW, joker=True, anchor=10)
    assert on_ten == (6, 9, 10, "J") and row_values(on_ten) == [6, 9, 10, 11]
    assert row_penalty(on_ten) == 6 + 9 and row_penalty(ex.JOKER_ON_TEN_ROW) == 6 + 9 + 10
    assert find("dc.13").truth() == "c"


def test_dc13_is_not_the_lessons_example():
    # the lesson shows a joker inside the run 2, 3, 4 splitting it; dc.13 asks about the top of 1..10
    assert 10 in ex.JOKER_ON_TEN_ROW and ex.JOKER_ON_TEN_ROW != (2, 3, 4)


def test_dc14_options_do_not_name_the_take_of_dc10():
    options = prompts().split("### dc.14")[1]
    assert "5 and 6" not in options and "Take(6" not in options


def test_the_answer_cells_comments_point_the_way_without_doing_the_sum():
    cells = {cell.id: cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells}
    for number in (1, 3):
        comments = " ".join(line for line in cells[f"q{number}-answer"].splitlines() if line.startswith("#"))
        assert not any(digit in comments for digit in "0123456789")


def test_dc14_the_pairs_take_beats_the_best_run_take():
    position = ex.best_take_position()
    pairs_take, run_take = Take(6, 5, 6), Take(1, 4, 7)
    assert find("dc.10").truth() == pairs_take and find("dc.14").truth() == "a"
    assert (ex.points_after(position, pairs_take), ex.points_after(position, run_take)) == (8, -4)
    assert run_take in position.legal_actions()


@pytest.mark.parametrize("exercise_id", ("dc.13", "dc.14"))
def test_multiple_choice_reads_any_case_and_refuses_non_letters(exercise_id):
    truth = find(exercise_id).truth()
    assert check(exercise_id, truth.upper()).ok and check(exercise_id, f"({truth}) ").ok
    for odd in ("e", "ab", 2, None, ""):
        verdict = check(exercise_id, odd)
        assert not verdict.ok and "answer with one letter in quotes: a, b, c or d" in verdict.message


# --- every recognised mistake, its own message --------------------------------------------------------

MISTAKES = {  # each exercise's recognised wrong answers, in the order of its mistakes, computed here
    "dc.1": [0, 2 + 8, 22, 22 - 2, 22 - (5 + 8)],        # every card; the penalty; the sum; the 8 in the run;
                                                          # the highest card
    "dc.2": [1 + 9 + 10, -11, (1 + 4 + 9) - (1 + 9)],     # the new penalty; the sign; runs of two as runs
    "dc.3": [6 - 16, -16, 12 - (2 + 5 + 6 + 11 + 9)],     # +1 a card; the safe forgotten; the joker as 11
    "dc.4": [4 + 9, -5],                                  # the penalty after; the sign
    "dc.5": [3, -7, 3 + 4 + 5 + 7 + 8 + 9 - 3],           # the penalty after; the sign; against every card
    "dc.6": [3, 8],                                       # a worse anchor; the joker's value, not its anchor
    "dc.7": [Fraction(330, 55 * 54),                      # sets over ordered deals
             Fraction(330 + 10 * 1, 1485),               # 10 and 1 counted as consecutive
             330,                                         # the count, not the probability
             Fraction(9, math.comb(10, 2)),               # numbers taken as equally likely
             Fraction(8, 9)],                             # the lesson's "offers a take"
    "dc.8": [Fraction(math.comb(10, 4), math.comb(55, 4)),  # the copies forgotten
             4781 * 341_055 // 10335,                         # the count
             Fraction(sum(math.comb(k, 4) for k in range(1, 11)), math.comb(55, 4)),  # all one number
             1 - Fraction(4781, 10335)],                      # the complement
    "dc.10": [Take(1, 4, 7)],                               # the best take that makes a run
    "dc.9": [L * (L + 2 * a - 1) / 2,                     # the whole run's sum
             (L - 1) * (L + 2 * a) / 2,                   # the lesson's rule: costs its lowest card
             a + L - 1,                                   # the cost, not the saving
             -(L - 1) * (L + 2 * a - 2) / 2],             # the sign turned
    "dc.12": [Fraction(1980 + 9 * 10 * 1 + 10 * 1 * 2, math.comb(55, 3)),  # 9, 10, 1 and 10, 1, 2
              1980,                                                       # the count
              Fraction(4, 53 * 6),                                        # one order only
              Fraction(8, math.comb(10, 3))],                             # numbers equally likely
    "dc.13": ["a", "b", "d"],
    "dc.14": ["b", "c", "d"],
}


def test_the_complement_of_the_lessons_answers_is_recognised_too():
    assert "lesson's question" in str(check("dc.7", Fraction(8, 9)))
    assert "in order" in str(check("dc.7", Fraction(1, 9)))  # 330/(55·54), which is also 1 − 8/9
    assert "complement" in str(check("dc.8", 1 - Fraction(4781, 10335)))


def test_a_near_miss_is_not_taken_for_a_mistake():
    assert "still costs" not in str(check("dc.9", find("dc.9").truth() + 1))
    assert "10 and 1" not in str(check("dc.7", Fraction(2, 9) + Fraction(1, 1485)))


# --- the notebook and the answer key agree ------------------------------------------------------------

def test_joker_place_question_has_one_best_anchor():
    least, anchors = exhaustive_best_places(ex.JOKER_PLACE_ROW)
    assert anchors == [find("dc.6").truth()]


def test_best_take_question_has_one_best_take_and_it_is_option_a():
    state = ex.best_take_position()
    assert state.current_player == 0 and state.phase == "take"
    points = sorted((ex.points_after(state, action) for action in state.legal_actions()
                     if isinstance(action, Take)), reverse=True)
    assert points[0] > points[1]
    assert ex.points_after(state, find("dc.10").truth()) == points[0]


def test_points_after_leaves_the_position_unchanged():
    state = ex.best_take_position()
    before = (state.square, state.row(0), state.history)
    ex.points_after(state, state.legal_actions()[0])
    assert (state.square, state.row(0), state.history) == before


def test_the_prompts_show_the_rows_the_truths_use():
    text = prompts()
    for row in (ex.LONG_RUN_ROW, ex.SHORT_RUNS_ROW, ex.JOKER_ROW, ex.RUN_OF_TWO_ROW, ex.GAP_ROW, ex.JOKER_PLACE_ROW,
                ex.JOKER_ON_TEN_ROW):
        assert ", ".join(str(card) for card in row) in text
    assert f"{ex.SAFE_CARDS} cards" in text
    assert "right of the **10**" in text
    assert f"random.Random({ex.SIMULATION_SEED})" in text and f"{ex.ROWS_DEALT:,}" in text
    assert f"PAIRS_DECK, {ex.ROW_CARDS})" in text
    assert "Fourteen questions" in text and len(IDS) == 14


def test_the_questions_the_lesson_answers_are_asked_about_other_cases():
    # the lesson prints the chance a line offers a take, the re-deal chance and run_saving()
    from cardlib.discontinuity import analysis as an
    assert find("dc.7").truth() != an.line_pair_probability(2)
    assert find("dc.8").truth() != an.reshuffle_probability()
    assert find("dc.8").truth() not in an.fresh_largest_group().values()  # the lesson's table of eight cards
    assert find("dc.11").truth().value != an.expected_row_penalty(4)     # the lesson's table of rows
    assert sp.simplify(find("dc.9").truth() - an.run_saving()) != 0


def test_the_hint_of_dc10_names_the_notebooks_own_variable():
    assert "position" in find("dc.10").hint and "state." not in find("dc.10").hint


def test_the_student_copy_does_not_import_what_computes_an_answer():
    setup = nbformat.read(SOLUTIONS, as_version=4).cells[1].source
    assert "score" not in setup and "best_joker_place" not in setup and "row_penalty_distribution" not in setup


class TestExercises(Exercises):
    """The tests every game's exercises share (tests/exercising.py), on Discontinuity's."""

    NOTEBOOK, MODULE, PREFIX, COUNT = "02_discontinuity", "cardlib.discontinuity.exercises", "dc", 14
    MISTAKES, ALLOWED = MISTAKES, frozenset({"dc"})
    ELSEWHERE = {"dc.11": len(find("dc.11").mistakes)}  # simulations: test_dc11_simulation_slips_...

    def wrong_answer(self, exercise_id: str) -> object:
        """A plausible but wrong answer of the right type."""
        item = find(exercise_id)
        truth = item.truth()
        if item.choices:
            return next(choice for choice in item.choices if choice != truth)
        if isinstance(truth, Sampled):  # a spread like one row's, but centred 10 points too high
            centre = round(float(truth.value)) + 10
            return ([centre - 10 + 20 * (run % 2) for run in range(truth.runs)], 1)
        if isinstance(truth, Take):
            state = ex.best_take_position()
            return next(action for action in state.legal_actions() if isinstance(action, Take) and action != truth)
        if isinstance(truth, sp.Rational):
            return truth + sp.Rational(1, 1000)
        if isinstance(truth, sp.Expr):
            return truth + 1
        return truth + 1
