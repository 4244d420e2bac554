"""The Twenty-five exercises: every truth computes exactly; the decimal ones accept three decimals."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cardlib import check
from cardlib.core.checking import _REGISTRY, close_to, find
from cardlib.twentyfive import exercises  # noqa: F401  (registers the 25.N exercises)

IDS = sorted((key for key in _REGISTRY if key.startswith("25.")), key=lambda key: int(key.split(".")[1]))
DECIMAL_IDS = [key for key in IDS if find(key).compare is close_to]


def test_at_least_eight_exercises_numbered_from_25_1():
    assert len(IDS) >= 8
    assert IDS == [f"25.{n}" for n in range(1, len(IDS) + 1)]


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_truth_is_computed_exactly_and_has_a_hint(exercise_id):
    item = find(exercise_id)
    truth = item.truth()
    assert truth is not None and not isinstance(truth, float)
    assert item.hint


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
