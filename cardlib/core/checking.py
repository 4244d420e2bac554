"""``check(exercise_id, answer)``: automatic feedback for the exercises.

Each game's ``exercises.py`` registers its questions with :func:`exercise`. The truth is a
function that computes the answer with cardlib, never a pasted number.

>>> from cardlib.core.checking import Exercise, judge
>>> square = Exercise("demo.1", lambda: 49, hint="Seven times seven.")
>>> print(judge(square, 49))
✓ demo.1: correct.
>>> print(judge(square, 48))
✗ demo.1: not yet. Hint: Seven times seven.
>>> print(judge(square, ...))
… demo.1: replace the ... with your answer, then run the cell again.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

_REGISTRY: dict[str, "Exercise"] = {}


@dataclass(frozen=True)
class Exercise:
    """One checked question: its id, how to compute the truth, a hint, and how to compare."""

    id: str
    truth: Callable[[], Any]
    hint: str = ""
    compare: Callable[[Any, Any], bool] | None = None
    explain: str = field(default="", repr=False)


@dataclass(frozen=True)
class Verdict:
    """What check() found: ``ok`` and a message for the student."""

    id: str
    ok: bool
    message: str

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.ok


def exercise(id: str, hint: str = "", compare: Callable[[Any, Any], bool] | None = None) -> Callable:
    """Register the decorated function as the truth of exercise ``id``."""
    def register(truth: Callable[[], Any]) -> Callable[[], Any]:
        _REGISTRY[id] = Exercise(id, truth, hint, compare)
        return truth
    return register


def same(answer: Any, truth: Any) -> bool:
    """Equality that accepts exact numbers in any form: 3/4, Fraction(3, 4), sympy Rational, 0.75."""
    if getattr(truth, "is_Rational", False) is True:  # a sympy Rational truth: judged as a Fraction
        truth = Fraction(int(truth.p), int(truth.q))
    if getattr(answer, "is_Float", False) is True:  # a sympy Float answer: judged as a float
        answer = float(answer)
    if isinstance(truth, (int, Fraction)) and not isinstance(truth, bool):
        try:
            value = Fraction(str(answer)) if not isinstance(answer, (int, Fraction)) else Fraction(answer)
        except (ValueError, TypeError, ZeroDivisionError):
            return False
        if isinstance(answer, float):
            return abs(float(value) - float(truth)) <= 1e-9 * max(1.0, abs(float(truth)))
        return value == truth
    if isinstance(truth, tuple) and isinstance(answer, (tuple, list)):
        return len(answer) == len(truth) and all(same(a, t) for a, t in zip(answer, truth))
    if isinstance(truth, float):
        try:
            return abs(float(answer) - truth) <= 1e-9 * max(1.0, abs(truth))
        except (TypeError, ValueError):
            return False
    return answer == truth


def judge(item: Exercise, answer: Any) -> Verdict:
    """Compare an answer with the computed truth and say so in words."""
    if answer is ...:
        return Verdict(item.id, False, f"… {item.id}: replace the ... with your answer, then run the cell again.")
    try:
        truth = item.truth()
    except Exception as error:  # the answer key failed: not the student's fault, so say so
        return Verdict(item.id, False, f"✗ {item.id}: the answer key could not be computed ({error!r}).")
    try:
        ok = bool((item.compare or same)(answer, truth))  # bool() here: an array's truth may raise
    except Exception as error:  # a malformed answer is a wrong answer, never a traceback
        return Verdict(item.id, False, f"✗ {item.id}: could not read that answer ({error}).")
    if ok:
        return Verdict(item.id, True, f"✓ {item.id}: correct.")
    hint = f" Hint: {item.hint}" if item.hint else ""
    return Verdict(item.id, False, f"✗ {item.id}: not yet.{hint}")


def find(exercise_id: str) -> Exercise:
    """The registered exercise, loading every game's exercises on first need."""
    if exercise_id not in _REGISTRY:
        from cardlib import GAMES
        for name in GAMES:
            try:
                importlib.import_module(f"cardlib.{name}.exercises")
            except ModuleNotFoundError as error:
                if error.name != f"cardlib.{name}.exercises":
                    raise
    if exercise_id not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(f"no exercise {exercise_id!r}; known: {known}")
    return _REGISTRY[exercise_id]


def check(exercise_id: str, answer: Any) -> Verdict:
    """Check a student's answer to an exercise: ✓, or ✗ with a hint."""
    try:
        item = find(exercise_id)
    except KeyError as error:
        return Verdict(exercise_id, False, f"✗ {error.args[0]}")
    return judge(item, answer)
