"""The Twenty-five exercises: every truth computes exactly; the decimal ones accept three decimals."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cardlib import check
from cardlib.core.checking import close_to, exercise_ids, find
from cardlib.twentyfive import exercises  # noqa: F401  (registers the 25.N exercises)

IDS = exercise_ids("cardlib.twentyfive.exercises")
DECIMAL_IDS = [key for key in IDS if find(key).compare is close_to]


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_exact_truth_gets_a_tick(exercise_id):
    verdict = check(exercise_id, find(exercise_id).truth())
    assert verdict.ok, verdict.message


def test_the_probabilities_read_off_a_table_take_three_decimals():
    assert DECIMAL_IDS == ["25.8", "25.10", "25.11", "25.12"]


@pytest.mark.parametrize("exercise_id", DECIMAL_IDS)
def test_a_probability_rounded_to_three_decimals_gets_a_tick(exercise_id):
    truth = find(exercise_id).truth()
    assert check(exercise_id, round(float(truth), 3)).ok


@pytest.mark.parametrize("exercise_id", DECIMAL_IDS)
def test_a_probability_off_in_the_third_decimal_gets_a_cross_with_its_hint(exercise_id):
    truth = find(exercise_id).truth()
    verdict = check(exercise_id, round(float(truth), 3) + 0.002)
    assert not verdict.ok and find(exercise_id).hint in verdict.message


def test_an_exact_exercise_asks_for_the_fraction_not_its_decimal():
    truth = find("25.7").truth()
    assert isinstance(truth, Fraction)
    verdict = check("25.7", float(truth))
    assert not verdict.ok and "give it exactly" in verdict.message


def test_the_sheets_12_and_the_wrong_seat_get_messages_of_their_own():
    assert "rule sheet's figure" in str(check("25.4", 12))
    assert "wrong seat" in str(check("25.9", (0, 0, 6)))
    assert "fewer than 25" in str(check("25.9", (0, 10, 0)))


def test_hints_come_in_steps_and_name_nothing_the_notebook_lacks():
    hints = find("25.4").hints
    assert len(hints) >= 2 and "C(6" not in hints[0]  # the nudge does not compute the answer
    assert not any("round_points" in hint for hint in find("25.9").hints)  # not imported in the exercises
