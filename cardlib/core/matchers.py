"""The matchers an exercise compares with: exact numbers in any exact form, decimals to some places, formulas.

Each takes the student's answer already rebuilt from plain values (``core.answers.plain``) and the truth
cardlib computed. ``same`` is the default; an exercise names another with ``exercise(..., compare=...)``.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any


def _exact(value: Any) -> Fraction | None:
    """A plain number (or a sympy rational, as truths may be) as an exact Fraction, a float by its
    decimal (0.375 -> 3/8); None for anything else."""
    if getattr(value, "is_Rational", False) is True:  # sympy Integer and Rational
        return Fraction(int(value.p), int(value.q))
    if getattr(value, "is_Float", False) is True:  # a sympy Float: judged by its decimal, as a float
        value = float(value)
    if type(value) is float:
        return Fraction(repr(value)) if value == value and abs(value) != float("inf") else None
    if type(value) in (int, Fraction):
        return Fraction(value)
    return None


def _symbolic(value: Any) -> bool:
    """Whether a value is a sympy expression (not a plain number)."""
    return type(value).__module__.startswith("sympy.")


def same(answer: Any, truth: Any) -> bool:
    """Exact equality for numbers in any exact form: Fraction(3, 4), sympy Rational(3, 4), 0.75.

    A decimal counts when its digits are the exact value (0.75 is 3/4); 1/3 typed as a float
    is only close to a third, so it does not. ``answer`` is a plain value (see ``core.answers``).

    >>> same(0.75, Fraction(3, 4)), same(1 / 3, Fraction(1, 3)), same([1, 2], (1, 2))
    (True, False, True)
    """
    exact_truth = _exact(truth) if type(truth) is not float else None
    if exact_truth is not None:
        return _exact(answer) == exact_truth
    if isinstance(truth, tuple) and isinstance(answer, (tuple, list)):
        return len(answer) == len(truth) and all(same(a, t) for a, t in zip(answer, truth))
    if type(truth) is float:
        value = _exact(answer)
        return value is not None and abs(float(value) - truth) <= 1e-9 * max(1.0, abs(truth))
    if _symbolic(truth):  # an irrational number or a formula: equal when their difference simplifies to 0
        return same_expression(answer, truth) if not isinstance(answer, str) else False
    return answer == truth


def close_to(answer: Any, truth: Any, places: int = 3) -> bool:
    """An answer right to ``places`` decimals (or exact) counts: a matcher for ``exercise(compare=...)``.

    For another number of places, ``functools.partial(close_to, places=2)``.

    >>> close_to(0.143, Fraction(1, 7)), close_to(0.14, Fraction(1, 7)), close_to(Fraction(1, 7), Fraction(1, 7))
    (True, False, True)
    """
    value = _exact(answer)
    if value is None and _symbolic(answer) and answer.is_number:  # an irrational number, as sympy writes it
        value = Fraction(repr(float(answer)))
    try:
        return value is not None and abs(value - Fraction(truth)) <= Fraction(1, 2 * 10 ** places)
    except (ValueError, TypeError, ZeroDivisionError):
        return False


def same_expression(answer: Any, truth: Any) -> bool:
    """A formula counts when it simplifies to the sympy ``truth``; its symbols are matched by name.

    sympy is imported only here, when a formula is checked, so that core stays light.

    >>> import sympy as sp
    >>> a = sp.Symbol("a")
    >>> same_expression("2*a + 2", 2 * (a + 1)), same_expression(a + 2, 2 * (a + 1))
    (True, False)
    """
    import sympy as sp

    if not isinstance(answer, (str, int, float, Fraction)) and not _symbolic(answer):
        return False  # sympify would ask the object itself (its __str__ or _sympy_): read plain values only
    by_name = {symbol.name: symbol for symbol in truth.free_symbols}
    if isinstance(answer, str) and not formula_text(answer, set(by_name)):
        return False  # sympify evaluates text as Python: only a formula's own words get that far
    try:
        value = sp.sympify(answer, locals=by_name)
        value = value.subs({symbol: by_name[symbol.name] for symbol in value.free_symbols
                            if symbol.name in by_name})
        return sp.simplify(value - truth) == 0
    except (sp.SympifyError, TypeError, AttributeError, SyntaxError, ValueError):
        return False


FORMULA_WORDS = {"sqrt", "Rational", "pi", "E", "exp", "log"}


def formula_text(text: str, names: set[str]) -> bool:
    """Whether text is only a formula in ``names``: numbers, operators, brackets and a few functions; no
    attribute, no other name, no huge power (sympy would evaluate anything else as Python code).

    >>> formula_text("2*b^3 - 3*b**2 + 2*b", {"b"}), formula_text("__import__('os')", {"b"})
    (True, False)
    >>> formula_text("b.subs(b, 1)", {"b"}), formula_text("9**999999", {"b"}), formula_text("1e-3*b", {"b"})
    (False, False, True)
    """
    return (len(text) <= 500 and re.fullmatch(r"[\w\s+\-*/^().,]*", text) is not None
            and not re.search(r"\.\s*[A-Za-z_]", text) and not re.search(r"(\*\*|\^)\s*\(?\s*\d{3,}", text)
            and set(re.findall(r"(?<![\w.])[A-Za-z_]\w*", text)) <= names | FORMULA_WORDS)
