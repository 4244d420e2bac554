"""The Discontinuity exercises: every truth computes, the solutions pass, wrong answers get hints."""
from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest
import sympy as sp

from cardlib import check
from cardlib.core.checking import exercise_ids, find
from cardlib.discontinuity import Take, exercises as ex
from cardlib.discontinuity.analysis import exhaustive_best_places

SOLUTIONS = Path(__file__).resolve().parents[2] / "exercises" / "solutions" / "02_discontinuity.ipynb"
IDS = exercise_ids("cardlib.discontinuity.exercises")


@lru_cache(maxsize=1)
def solution_answers() -> dict[str, object]:
    """Run the solution notebook's code in one namespace (no kernel) and read each checked answer."""
    notebook = nbformat.read(SOLUTIONS, as_version=4)
    namespace: dict[str, object] = {}
    answers: dict[str, object] = {}
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        found = re.fullmatch(r'check\("(dc\.\d+)", (answer_\d+)\)', cell.source.strip())
        if found:
            answers[found.group(1)] = namespace[found.group(2)]
        else:
            exec(compile(cell.source, f"{SOLUTIONS.name}:{cell.id}", "exec"), namespace)
    return answers


def test_the_solution_notebook_checks_every_exercise_once():
    assert sorted(solution_answers(), key=lambda key: int(key.split(".")[1])) == IDS


@pytest.mark.parametrize("exercise_id", IDS)
def test_solution_values_check(exercise_id):
    verdict = check(exercise_id, solution_answers()[exercise_id])
    assert verdict.ok, verdict.message
    assert verdict.message.startswith("✓")


def wrong_answer(exercise_id: str) -> object:
    """A plausible but wrong answer of the right type."""
    truth = find(exercise_id).truth()
    if isinstance(truth, Take):
        state = ex.best_take_position()
        return next(action for action in state.legal_actions() if isinstance(action, Take) and action != truth)
    if isinstance(truth, sp.Rational):
        return truth + sp.Rational(1, 1000)
    if isinstance(truth, sp.Expr):
        return truth + 1
    return truth + 1


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_value_gets_a_cross_with_its_hint(exercise_id):
    verdict = check(exercise_id, wrong_answer(exercise_id))
    assert not verdict.ok
    assert verdict.message.startswith("✗") and find(exercise_id).hint in verdict.message


def test_probability_answers_may_be_fractions_or_sympy():
    assert check("dc.7", Fraction(8, 9)).ok and check("dc.7", sp.Rational(8, 9)).ok
    assert check("dc.8", sp.Rational(55, sp.binomial(55, 8))).ok  # the digest: 55 / C(55, 8)
    assert check("dc.8", Fraction(1, 22_137_570)).ok  # the digest's value


def test_run_rule_formula_accepts_any_equal_form_and_own_symbols():
    a, L = sp.symbols("a L")  # no assumptions: matched to the truth's symbols by name
    assert check("dc.9", sp.expand((L - 1) * (L + 2 * a) / 2)).ok
    assert check("dc.9", "L*(L + 2*a - 1)/2 - a").ok
    assert not check("dc.9", L * (L + 2 * a - 1) / 2).ok  # forgot to subtract a
    assert not check("dc.9", "this is not a formula (").ok


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
    text = "\n".join(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells
                     if cell.cell_type == "markdown")
    for row in (ex.LONG_RUN_ROW, ex.SHORT_RUNS_ROW, ex.JOKER_ROW, ex.RUN_OF_TWO_ROW, ex.GAP_ROW, ex.JOKER_PLACE_ROW):
        assert ", ".join(str(card) for card in row) in text
    assert f"{ex.SAFE_CARDS} cards" in text


def test_the_anchor_3_and_the_missing_minus_a_get_messages_of_their_own():
    assert "Right of 3" in str(check("dc.6", 3))
    from cardlib.discontinuity.analysis import a, run_saving
    assert "still costs its lowest card a" in str(check("dc.9", run_saving() + a))
    assert "still costs" not in str(check("dc.9", run_saving() + 1))


def test_the_hint_of_dc10_names_the_notebooks_own_variable():
    assert "position" in find("dc.10").hint and "state." not in find("dc.10").hint
