"""Every registered exercise, generically: it cannot be fooled, and its feedback teaches.

A cheat is an answer that is not an answer: an object equal to everything, a subclass of a builtin
with such an ``==``, an object that prints or sympifies as the truth, nan, inf, a number with
thousands of digits. None is accepted by any exercise, and none makes check() raise. Every exercise
has hints in steps (at least two, one more at each wrong try) and a message of its own for at least
one predictable wrong answer; an exact answer given as its rounded decimal is asked for exactly.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
import sympy

from cardlib.core import checking
from cardlib.core.checking import Sampled, check, find
from cardlib.games import REGISTRY
from tests.core.test_checking import AlwaysEqual


def every_id() -> list[str]:
    """The id of every exercise the registered games have."""
    checking.load_all()
    games = {line.module for line in REGISTRY}
    return sorted(key for key, item in checking._REGISTRY.items() if item.truth.__module__.rsplit(".", 1)[0] in games)


IDS = every_id()


@pytest.fixture(autouse=True)
def first_try(monkeypatch):
    """Each test starts with no wrong tries counted."""
    monkeypatch.setattr(checking, "_TRIES", {})


def cheats(truth: Any) -> list[Any]:
    """Answers that are not answers, some made to look like ``truth``."""
    if isinstance(truth, Sampled):
        truth = truth.value

    def always(base: type, value: Any) -> Any:
        """``value`` as a subclass of ``base`` whose == says yes to everything."""
        kind = type(f"Equal{base.__name__.title()}", (base,), {"__eq__": lambda self, other: True,
                                                              "__ne__": lambda self, other: False,
                                                              "__hash__": base.__hash__})
        return kind(value)

    class SaysTheTruth:
        def __str__(self):
            return str(truth)

        __repr__ = __str__

        def _sympy_(self):
            return sympy.sympify(truth) if not isinstance(truth, (frozenset, set, dict)) else sympy.Integer(0)

        def __float__(self):
            return float(truth)

        def __index__(self):
            return int(truth)

        def __iter__(self):
            return iter(truth)

        def __len__(self):
            return len(truth)

        def strip(self, *args):
            return str(truth)

        def lower(self):
            return str(truth)

    class ClaimsToBeTheTruth:
        __class__ = property(lambda self: type(truth))

    def from_a_trusted_module(module: str) -> Any:
        """An object equal to everything, its class naming a module of a package check trusts."""
        return type("Take", (AlwaysEqual,), {"__module__": module})()

    return [AlwaysEqual(), always(int, -987_654), always(float, -1.5), always(str, "zzz"), always(tuple, ()),
            always(frozenset, ()), always(list, []), always(Fraction, Fraction(-9, 7)), SaysTheTruth(),
            ClaimsToBeTheTruth(), from_a_trusted_module("cardlib.discontinuity.actions"),
            from_a_trusted_module("sympy.core.numbers"), from_a_trusted_module("numpy"), [AlwaysEqual()] * 3, (AlwaysEqual(), AlwaysEqual()),
            float("nan"), float("inf"), -float("inf"), (float("nan"), float("nan")), [float("nan")] * 3,
            10 ** 400, -10 ** 400, 10 ** 5000]


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_cheat_is_accepted_and_none_raises(exercise_id):
    accepted = [repr(type(answer).__name__) for answer in cheats(find(exercise_id).truth())
                if check(exercise_id, answer).ok]
    assert not accepted, f"{exercise_id} accepts {accepted}"


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_exercise_has_hints_in_steps_and_a_mistake_of_its_own(exercise_id):
    item = find(exercise_id)
    assert len(item.hints) >= 2, f"{exercise_id}: {len(item.hints)} hint(s)"
    assert len(item.mistakes) >= 1, f"{exercise_id}: no predictable mistake has a message"


@pytest.mark.parametrize("exercise_id", IDS)
def test_each_wrong_try_brings_the_next_hint(exercise_id):
    item = find(exercise_id)
    wrong = next(c for c in item.choices if c != item.truth()) if item.choices else -987_654
    said = [str(check(exercise_id, wrong)) for _ in item.hints]
    for step, message in enumerate(said, start=1):
        assert f"Hint {step} of {len(item.hints)}: {item.hints[step - 1]}" in message, message


def exact_non_decimals() -> list[str]:
    """The exercises whose truth is an exact fraction with no short decimal, compared exactly."""
    found = []
    for exercise_id in IDS:
        item = find(exercise_id)
        truth = item.truth()
        if item.compare is None and isinstance(truth, (Fraction, sympy.Rational)) and not isinstance(truth, int):
            value = Fraction(int(sympy.Rational(truth).p), int(sympy.Rational(truth).q))
            if value.denominator > 1 and round(value, 4) != value:
                found.append(exercise_id)
    return found


@pytest.mark.parametrize("exercise_id", exact_non_decimals())
def test_a_rounded_decimal_of_an_exact_answer_is_asked_for_exactly(exercise_id):
    truth = Fraction(str(sympy.Rational(find(exercise_id).truth())))
    message = str(check(exercise_id, round(float(truth), 3)))
    assert "exactly" in message, message


def test_there_are_exercises_to_check():
    assert len(IDS) >= 50 and len(exact_non_decimals()) >= 5
