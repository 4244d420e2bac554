"""The usual slips of The Satori exercises that take more than a line: a formula in another symbol or a
number where a formula is asked for (sat.6), and sat.8's break-even algebra, from which its slips follow.

A formula's mistake test reads text only if it is a formula (``core.matchers.formula_text``): sympy would
otherwise run the student's text as Python.
"""
from __future__ import annotations

import string
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardlib.core.checking import close_to
from cardlib.core.matchers import formula_text


def _formula(answer: Any) -> Any:
    """The answer as a sympy expression, or None when it is text that is no formula in one-letter symbols."""
    import sympy as sp

    if isinstance(answer, str) and not formula_text(answer, set(string.ascii_letters)):
        return None
    try:
        return sp.sympify(answer)
    except (sp.SympifyError, TypeError, SyntaxError, ValueError):
        return None


def in_another_symbol(answer: Any, truth: Any) -> bool:
    """A mistake's test: the answer is the truth written in one symbol other than b.

    >>> import sympy as sp
    >>> b = sp.Symbol("b")
    >>> in_another_symbol("2*x**2 + x", 2 * b**2 + b), in_another_symbol("__import__('os')", 2 * b**2 + b)
    (True, False)
    """
    import sympy as sp

    expression = _formula(answer)
    if expression is None:
        return False
    free = expression.free_symbols
    (b,) = sp.sympify(truth).free_symbols
    return (len(free) == 1 and free != {b}
            and sp.simplify(expression.subs(free.pop(), b) - truth) == 0)


def a_number(answer: Any, truth: Any) -> bool:
    """A mistake's test: the answer is a number where a formula is asked for.

    >>> a_number(0.4, None), a_number("b + 1", None)
    (True, False)
    """
    expression = _formula(answer)
    return expression is not None and not expression.free_symbols


def exact_chances(stakes: Any) -> tuple[Fraction, Fraction, Fraction]:
    """(success, no call | satori, no call | zatsunen): each branch's chance of winning as the exact share of its
    rollouts won."""
    return tuple(Fraction(round(estimate.value * estimate.samples), estimate.samples)
                 for estimate in (stakes.success, stakes.no_call_satori, stakes.no_call_zatsunen))


def break_even_at(chances: tuple[Fraction, Fraction, Fraction], failed: Fraction = Fraction(0)) -> Fraction:
    """The p where p × success + (1 − p) × failed = p × no call | S + (1 − p) × no call | Z.

    >>> break_even_at((Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)))
    Fraction(1, 2)
    """
    success, satori, zatsunen = chances
    return (zatsunen - failed) / (success - satori + zatsunen - failed)


def near_any(*wrongs: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: to three decimals, the answer is one of the slips ``wrongs`` compute."""
    return lambda answer, truth: any(close_to(answer, Fraction(wrong())) for wrong in wrongs)
