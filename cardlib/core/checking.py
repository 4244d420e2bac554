"""``check(exercise_id, answer)``: automatic feedback for the exercises.

Each game's ``exercises.py`` registers its questions with :func:`exercise`. The truth is a
function that computes the answer with cardlib, never a pasted number. An answer is compared
with :func:`same` (exact) unless the exercise names another matcher: :func:`close_to` (right to
three decimals), :func:`same_expression` (a sympy formula in any equal form) or :func:`simulated`
(what a seeded simulation counted, ``(hits, runs, seed)``, judged against the exact value; see
``core/sampled.py``). Every answer is first rebuilt from plain values (``core/answers.py``), so a
matcher never meets the student's own object, and nothing the student wrote decides its own verdict. An "explain" item is a
multiple choice: ``exercise(..., choices="abc")`` and the truth is the letter whose claim cardlib
confirms.

>>> from cardlib.core.checking import Exercise, judge
>>> square = Exercise("demo.1", lambda: 49, hints=("Seven times seven.",))
>>> print(judge(square, 49))
✓ demo.1: correct.
>>> print(judge(square, 48))
✗ demo.1: not yet. Hint: Seven times seven.
>>> print(judge(square, ...))
… demo.1: replace the ... with your answer, then run the cell again.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import partial
from typing import Any

from cardlib.core.answers import Unreadable, non_finite, plain
from cardlib.core.matchers import _exact, close_to, same, same_expression  # noqa: F401 (the games import them from here)
from cardlib.core.sampled import Run, Sampled, estimate_near, read_run, simulated  # noqa: F401 (the games import them from here)

_REGISTRY: dict[str, "Exercise"] = {}


@dataclass(frozen=True)
class Mistake:
    """A predictable wrong answer and the message of its own it gets.

    ``answer`` is the wrong value itself, or a test ``(answer, truth) -> bool`` for a kind of slip.

    >>> Mistake(12, "The sheet's figure.").matches(12.0, 11), Mistake(lambda answer, truth: answer < 0, "").matches(3, 1)
    (True, False)
    """

    answer: Any
    message: str

    def matches(self, answer: Any, truth: Any) -> bool:
        """Whether ``answer`` is this mistake."""
        try:
            return bool(self.answer(answer, truth)) if callable(self.answer) else same(answer, self.answer)
        except Exception:  # an answer too odd for the test is not this mistake
            return False


@dataclass(frozen=True)
class Exercise:
    """One checked question: its id, how to compute the truth, hints in steps, and how to compare.

    ``hints`` come one more at each wrong try (a nudge first); ``mistakes`` are predictable wrong
    answers with their own messages.
    """

    id: str
    truth: Callable[[], Any]
    hints: tuple[str, ...] = ()
    compare: Callable[[Any, Any], bool] | None = None
    mistakes: tuple[Mistake, ...] = ()
    choices: str = ""

    @property
    def hint(self) -> str:
        """The first hint (the nudge)."""
        return self.hints[0] if self.hints else ""


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


_TRIES: dict[str, int] = {}  # wrong tries per exercise id in this kernel: the next hint comes with each


def exercise(id: str, hint: str | Sequence[str] = "", compare: Callable[[Any, Any], bool] | None = None,
             mistakes: Sequence[tuple[Any, str]] = (), choices: str = "") -> Callable:
    """Register the decorated function as the truth of exercise ``id``.

    ``hint`` is one hint or several in steps; ``mistakes`` holds (wrong answer or test, message) pairs;
    ``choices`` makes it a multiple choice answered with one of those letters.
    """
    hints = (hint,) if isinstance(hint, str) else tuple(hint)

    def register(truth: Callable[[], Any]) -> Callable[[], Any]:
        _REGISTRY[id] = Exercise(id, truth, tuple(h for h in hints if h), compare,
                                 tuple(Mistake(answer, message) for answer, message in mistakes), choices)
        return truth
    return register


def letter(answer: Any) -> str:
    """A multiple-choice answer as one lower-case letter: "B", " b ", "(b)" all read "b".

    >>> letter("(B) "), letter(2)
    ('b', '')
    """
    return answer.strip().strip("()").strip().lower() if isinstance(answer, str) else ""


def the_one_true(claims: dict[str, bool]) -> str:
    """The letter of the one claim that holds, for a multiple choice's truth; an error if cardlib confirms none or several.

    >>> the_one_true({"a": 1 + 1 == 3, "b": 1 + 1 == 2})
    'b'
    """
    true = [letter for letter, holds in claims.items() if holds]
    if len(true) != 1:
        raise ValueError(f"cardlib confirms {true or 'none'} of the claims {sorted(claims)}, not exactly one")
    return true[0]


# --- tests for predictable mistakes: each game's ``mistakes=[(test, message)]`` ---------------------

def near(wrong: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test for an answer judged to three decimals: it is, to three decimals, ``wrong()``.

    >>> near(lambda: Fraction(2, 5))(0.4, Fraction(3, 5)), near(lambda: Fraction(2, 5))(0.6, Fraction(3, 5))
    (True, False)
    """
    return lambda answer, truth: close_to(answer, Fraction(wrong()))


def _places(compare: Callable | None) -> int | None:
    """The decimals a matcher asks for: those of close_to (3 unless a partial says), None for another."""
    if compare is close_to:
        return 3
    if isinstance(compare, partial) and compare.func is close_to:
        return compare.keywords.get("places", 3)
    return None


def diagnose(answer: Any, truth: Any, compare: Callable | None = None) -> str:
    """Why a wrong (plain) answer is wrong, when its kind or form (not only its value) is the problem."""
    if isinstance(truth, Sampled):
        return _diagnose_sampled(answer, truth)
    number_truth = _exact(truth) is not None or type(truth) is float
    if number_truth and isinstance(answer, str):
        return " Give a number, not text (no quotes)."
    numbers = [name for name in getattr(answer, "__dataclass_fields__", ())
               if _exact(getattr(answer, name)) is not None]
    if number_truth and numbers:
        return (f" That is a whole {type(answer).__name__}; give the one number asked for: "
                + " or ".join(f"`.{name}`" for name in numbers) + ".")
    if number_truth and _exact(answer) is None:
        return f" Give a single number; this answer is a {type(answer).__name__}."
    if isinstance(truth, tuple) and not isinstance(answer, (tuple, list)):
        return f" Give {len(truth)} numbers in a tuple, like (a, b, c)."
    if isinstance(truth, tuple) and isinstance(answer, (tuple, list)) and len(answer) == len(truth):
        said = [diagnose(mine, theirs, compare) for mine, theirs in zip(answer, truth) if not same(mine, theirs)]
        return said[0] if said and all(message == said[0] for message in said) else ""
    exact_truth = _exact(truth) if type(truth) is not float else None
    if exact_truth is None or type(answer) is not float:
        return ""
    if _places(compare) is None and abs(answer - float(exact_truth)) <= 1e-9 * max(1.0, abs(float(exact_truth))):
        return " That is the right value as a decimal — now give it exactly, e.g. Fraction(a, b)."
    digits = _decimals(answer)
    rounded = round(exact_truth, digits) == Fraction(repr(answer))
    places = _places(compare)
    if rounded and places is None:
        return (" That is the right value as a decimal"
                + (f" (rounded to {digits} decimals)" if Fraction(repr(answer)) != exact_truth else "")
                + " — now give it exactly, e.g. Fraction(a, b).")
    if rounded and places is not None and digits < places:
        return f" Right as far as it goes: give {places} decimals."
    if _cut(answer, exact_truth):
        return " Round, don't cut: the next decimal decides the last one you keep."
    return ""


def _decimals(number: float) -> int:
    """How many decimals a float is written with (0.125 -> 3; 1e-05 -> 5).

    >>> _decimals(0.125), _decimals(2.0), _decimals(1e-05)
    (3, 1, 5)
    """
    return max(0, -Decimal(repr(number)).as_tuple().exponent)


def _diagnose_sampled(answer: Any, truth: Sampled) -> str:
    """Why a simulation's answer is not right: its form, or an estimate too far from the truth."""
    try:
        run = read_run(answer, truth)
    except ValueError as error:
        return f" {error}"
    if abs(run.estimate - float(truth.value)) > 4 * truth.standard_error:
        measured = "count as a hit" if truth.spread is None else "measure in each run"
        return (f" {str(run).capitalize()}: further from the truth than a simulation of this size strays "
                f"(more than 4 standard errors). Check what you {measured}, and how you deal the cards.")
    return ""


def _cut(answer: float, truth: Fraction) -> bool:
    """Whether ``answer`` is ``truth`` with its decimals cut off where rounding would have gone up.

    >>> _cut(0.145, Fraction(1456, 10000)), _cut(0.146, Fraction(1456, 10000))
    (True, False)
    """
    digits = len(repr(answer).split(".")[1]) if "." in repr(answer) else 0
    scale = 10 ** digits
    cut = Fraction(int(truth * scale), scale) if truth >= 0 else -Fraction(int(-truth * scale), scale)
    return Fraction(repr(answer)) == cut and abs(truth - cut) > Fraction(1, 2 * scale)


NOT_FINITE = {
    "nan": "nan means \"not a number\": it comes from 0/0, or from a mean of nothing. Check that nothing "
           "you divide by is zero.",
    "inf": "inf is no answer: somewhere a number was divided by zero.",
}


def judge(item: Exercise, answer: Any, tries: int = 0) -> Verdict:
    """Compare an answer with the computed truth and say so in words (``tries``: earlier wrong tries).

    The answer is first rebuilt from plain values (``core.answers.plain``): the student's object is
    never asked whether it is right.
    """
    if answer is ...:
        return Verdict(item.id, False, f"… {item.id}: replace the ... with your answer, then run the cell again.")
    hint = ""
    if item.hints:
        step = min(tries, len(item.hints) - 1)
        label = f"Hint {step + 1} of {len(item.hints)}" if len(item.hints) > 1 else "Hint"
        hint = f" {label}: {item.hints[step]}"
    try:
        answer = plain(answer)
    except Unreadable as error:
        return Verdict(item.id, False, f"✗ {item.id}: not yet. {str(error)[0].upper()}{str(error)[1:]}{hint}")
    if non_finite(answer):
        return Verdict(item.id, False, f"✗ {item.id}: not yet. {NOT_FINITE[non_finite(answer)]}{hint}")
    if item.choices:
        if letter(answer) not in item.choices or len(letter(answer)) != 1:
            letters = ", ".join(item.choices[:-1]) + " or " + item.choices[-1]
            return Verdict(item.id, False, f"✗ {item.id}: answer with one letter in quotes: {letters}.")
        answer = letter(answer)
    try:
        truth = item.truth()
    except Exception as error:  # the answer key failed: not the student's fault, so say so
        return Verdict(item.id, False, f"✗ {item.id}: the answer key could not be computed ({error!r}).")
    try:
        ok = bool((item.compare or same)(answer, truth))
    except Exception as error:  # a malformed answer is a wrong answer, never a traceback
        return Verdict(item.id, False, f"✗ {item.id}: could not read that answer ({error}).{hint}")
    if ok:
        run = f" {str(read_run(answer, truth)).capitalize()}." if isinstance(truth, Sampled) else ""
        return Verdict(item.id, True, f"✓ {item.id}: correct.{run}")
    mistake = next((m for m in item.mistakes if m.matches(answer, truth)), None)
    try:
        why = f" {mistake.message}" if mistake else diagnose(answer, truth, item.compare)
    except Exception:  # an answer too odd to describe is still just a wrong answer
        why = ""
    return Verdict(item.id, False, f"✗ {item.id}: not yet.{why}{hint}")


def exercise_modules(module: str) -> list[str]:
    """``module`` (a game's ``exercises``) and its parts, the modules ``<module>_<part>`` beside it, which import
    from it (a long set of exercises split in two files)."""
    package, _, name = module.rpartition(".")
    beside = importlib.import_module(package).__path__
    return [module, *sorted(f"{package}.{found.name}" for found in pkgutil.iter_modules(beside)
                            if found.name.startswith(f"{name}_"))]


def load_all() -> None:
    """Import every registered game's exercises, with their parts (a game without any is skipped)."""
    from cardlib.games import REGISTRY
    for line in REGISTRY:
        try:
            importlib.import_module(f"{line.module}.exercises")
        except ModuleNotFoundError as error:
            if error.name != f"{line.module}.exercises":
                raise
            continue
        for part in exercise_modules(f"{line.module}.exercises")[1:]:
            importlib.import_module(part)


def exercise_ids(module: str) -> list[str]:
    """The ids of the exercises ``module`` registers (a game's ``exercises``, with its parts), in number order."""
    parts = exercise_modules(module)
    for part in parts:
        importlib.import_module(part)
    mine = [key for key, item in _REGISTRY.items() if item.truth.__module__ in parts]
    return sorted(mine, key=lambda key: (key.rsplit(".", 1)[0], int(key.rsplit(".", 1)[1])))


def find(exercise_id: str) -> Exercise:
    """The registered exercise, loading every game's exercises on first need."""
    if exercise_id not in _REGISTRY:
        load_all()
    if exercise_id not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(f"no exercise {exercise_id!r}; known: {known}")
    return _REGISTRY[exercise_id]


def check(exercise_id: str, answer: Any) -> Verdict:
    """Check a student's answer to an exercise: ✓, or ✗ with a hint (the next one at each wrong try)."""
    if not isinstance(exercise_id, str):
        return Verdict(str(exercise_id), False, f"✗ Write the exercise's id in quotes, as text: "
                       f"check(\"{exercise_id}\", answer). As a number it loses its zeros (25.10 is 25.1).")
    try:
        item = find(exercise_id)
    except KeyError as error:
        return Verdict(exercise_id, False, f"✗ {error.args[0]}")
    verdict = judge(item, answer, _TRIES.get(exercise_id, 0))
    if not verdict.ok and answer is not ...:
        _TRIES[exercise_id] = _TRIES.get(exercise_id, 0) + 1
    return verdict
