"""A student's answer read as plain values, before the checker compares anything.

The checker never calls a method of the student's object (its ``==``, ``__str__``, ``_sympy_``,
``__float__``): an object that says "I am equal to everything" would pass every check. So an answer
is first rebuilt from plain builtins, by the builtins' own code, and only the rebuilt value is compared:

- ``int``, ``float``, ``bool``, ``str``, ``None``, ``Fraction``; a subclass of one of them becomes the
  builtin's own value (its own ``==`` is dropped);
- ``tuple``, ``list``, ``set``, ``frozenset``, ``dict`` (and their subclasses), element by element;
- ``Decimal`` as a float; numpy scalars as int, float or bool (a float32 by its shortest decimal);
  numpy arrays and pandas Series as lists;
- sympy: a rational number, even an unevaluated ``a/b``, as a Fraction; a Float as a float; any other
  expression stays sympy, once every part of it is sympy's own;
- an object of cardlib's own (an action, a card, a result) as it is: its ``==`` is ours.

Anything else cannot be read, and :func:`plain` says so with :class:`Unreadable`.

>>> from fractions import Fraction
>>> class Liar(int):
...     def __eq__(self, other): return True
>>> plain(Liar(3)), plain([Fraction(1, 2), (True, "keep")])
(3, [Fraction(1, 2), (True, 'keep')])
>>> plain(object())
Traceback (most recent call last):
...
cardlib.core.answers.Unreadable: this answer is a object, which check cannot read: give a number, text, or a tuple, list or set of them.
"""
from __future__ import annotations

import math
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any

MOST_DIGITS = 4000  # a whole number longer than this is no answer (and Python refuses to print it)
MOST_ITEMS = 1_000_000  # elements in all, so a simulation's outcomes fit but nothing runs away
DEEPEST = 20  # containers inside containers


class Unreadable(ValueError):
    """An answer check cannot rebuild from plain values; the message says what to give instead."""


def plain(answer: Any) -> Any:
    """The answer rebuilt from plain builtins by their own code (see the module's docstring)."""
    try:
        return _Reader().read(answer, 0)
    except Unreadable:
        raise
    except Exception:  # an object built to break the reading is an unreadable answer, never a traceback
        raise Unreadable(f"this answer is a {type(answer).__name__}, which check cannot read: give a number, "
                         "text, or a tuple, list or set of them.") from None


def non_finite(value: Any) -> str:
    """"nan" or "inf" if a plain value holds one (anywhere inside it), else "".

    >>> non_finite((0.5, float("nan"))), non_finite([1, 2.5]), non_finite(-float("inf"))
    ('nan', '', 'inf')
    """
    if isinstance(value, float):
        return "nan" if value != value else "inf" if math.isinf(value) else ""
    if isinstance(value, (tuple, list, set, frozenset)):
        return next((found for found in map(non_finite, value) if found), "")
    if isinstance(value, dict):
        return non_finite(list(value.values()))
    return ""


def native(kind: type, package: str) -> bool:
    """Whether a class really is one of ``package``'s own: the module it names is the package's (from the
    package's folder), and that module holds it under its name. A class cannot join by naming a module.

    >>> from fractions import Fraction
    >>> native(Fraction, "fractions"), native(type("Fake", (), {"__module__": "sympy.core.fake"}), "sympy")
    (True, False)
    """
    module = sys.modules.get(kind.__module__ or "")
    root = sys.modules.get(package)
    if module is None or root is None or not (module.__name__ + ".").startswith(package + "."):
        return False
    home = getattr(root, "__file__", None)
    if home and not str(getattr(module, "__file__", "")).startswith(home.rsplit("/", 1)[0]):
        return False
    found: Any = module
    for part in kind.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is kind


class _Reader:
    """One answer's reading: counts the elements so that a huge or endless answer stops."""

    def __init__(self) -> None:
        self.items = 0

    def read(self, value: Any, depth: int) -> Any:
        """``value`` as plain builtins, or Unreadable."""
        self.items += 1
        if self.items > MOST_ITEMS or depth > DEEPEST:
            raise Unreadable("this answer is too big to be an answer: give the number (or numbers) asked for.")
        kind = type(value)  # type(), never isinstance(): an object can claim any __class__
        if value is None or value is ... or kind is bool:
            return value
        if issubclass(kind, int):
            return self.whole(int.__int__(value))
        if issubclass(kind, float):
            return float.__float__(value)
        if issubclass(kind, str):
            return str.__str__(value)
        if issubclass(kind, Fraction):
            return Fraction(self.whole(int.__int__(value._numerator)), self.whole(int.__int__(value._denominator)))
        if issubclass(kind, Decimal):
            return Decimal.__float__(value)
        if issubclass(kind, (tuple, list, set, frozenset, dict, range)):
            return self.container(value, kind, depth)
        if native(kind, "numpy") or native(kind, "pandas"):
            return self.array(value, depth)
        if native(kind, "sympy"):
            return self.sympy(value)
        if native(kind, "cardlib"):
            return value
        raise Unreadable(f"this answer is a {kind.__name__}, which check cannot read: give a number, text, "
                         "or a tuple, list or set of them.")

    def whole(self, number: int) -> int:
        """A whole number, unless it is absurdly long."""
        if number.bit_length() > MOST_DIGITS * 3.33:
            raise Unreadable("that number has thousands of digits: no answer here is anywhere near so large.")
        return number

    def container(self, value: Any, kind: type, depth: int) -> Any:
        """A tuple, list, set, frozenset or dict, rebuilt through the builtin's own iteration."""
        if issubclass(kind, dict):
            return {self.read(key, depth + 1): self.read(item, depth + 1) for key, item in dict.items(value)}
        if issubclass(kind, range):
            if range.__len__(value) > MOST_ITEMS:
                raise Unreadable("this range is far too long to be an answer.")
            return [self.whole(number) for number in range.__iter__(value)]
        for base in (tuple, list, frozenset, set):
            if issubclass(kind, base):
                items = [self.read(item, depth + 1) for item in base.__iter__(value)]
                try:
                    return base(items)
                except TypeError:  # a list inside a set: unhashable
                    raise Unreadable("a set can hold numbers or text, not lists: use a tuple inside it.") from None
        raise AssertionError(kind)  # pragma: no cover - the caller checked the kinds

    def array(self, value: Any, depth: int) -> Any:
        """A numpy scalar or array, or a pandas Series or Index, as Python values."""
        kind = type(value)
        if hasattr(kind, "to_numpy") and kind.__name__ in ("Series", "Index"):
            return self.read(value.to_numpy(), depth)
        if kind.__name__ == "ndarray":
            if value.size > MOST_ITEMS:
                raise Unreadable("this array is far too big to be an answer.")
            return self.read(value.tolist() if value.ndim else value[()], depth)
        if kind.__name__.startswith("float") or kind.__name__ == "longdouble":
            return float(str(value))  # float32(0.1) is 0.1 as the student wrote it, not 0.10000000149
        if kind.__name__.startswith(("int", "uint")):
            return self.whole(int(value))
        if kind.__name__.startswith("bool"):
            return bool(value)
        raise Unreadable(f"this answer is a numpy {kind.__name__}: give a number, or a list of numbers.")

    def sympy(self, value: Any) -> Any:
        """A sympy number as a Fraction or float; another sympy expression as it is, if it is all sympy's."""
        import sympy

        if not isinstance(value, sympy.Basic) or any(not native(type(part), "sympy")
                                                     for part in sympy.preorder_traversal(value)):
            raise Unreadable(f"this answer is a {type(value).__name__} made of parts that are not sympy's own: "
                             "give a number, or a sympy expression.")
        if value is sympy.nan or value.is_infinite is True:  # nan, oo, zoo: judged as a float's nan or inf
            return float("nan") if value is sympy.nan else float("inf")
        if value.is_number:
            number = value if value.is_Rational or value.is_Float else value.doit()
            if number.is_Rational:
                return Fraction(self.whole(int(number.p)), self.whole(int(number.q)))
            if number.is_Float:
                return float(number)
        return value
