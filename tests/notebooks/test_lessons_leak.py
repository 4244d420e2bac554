"""No lesson gives away its exercises: each lesson is run, and its outputs and prose are searched for
every exercise's exact truth. The lessons link their own exercises, never the solutions.

A truth is looked for as a fraction ("13/20", "13 / 20", \\frac{13}{20}), as any printed decimal that
rounds to its 3- or 4-place decimal (those with at least three significant digits: 0.766, 0.0105),
as a percentage to one place, as a whole number of four digits or more (10150595910 or 10,150,595,910),
and, for a formula, as its terms in any order. Small whole numbers and words are not searched: too
many sentences hold a 3 or a "keep" by chance.
"""
from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import sympy

from cardlib.core.checking import Sampled, exercise_ids, find
from cardlib.games import REGISTRY

from .test_notebooks import ROOT, executed, lesson_group, text_of

LESSONS = [line for line in REGISTRY if line.notebook]


def numbers_in(truth: Any) -> list[Any]:
    """The values a truth is made of: a tuple's items, a simulation's exact value."""
    if isinstance(truth, Sampled):
        return numbers_in(truth.value)
    if isinstance(truth, (tuple, list)):
        return [value for item in truth for value in numbers_in(item)]
    return [truth]


def significant(text: str) -> int:
    """How many significant digits a decimal is written with ("0.0105" -> 3, "0.500" -> 3)."""
    return len(text.lstrip("-").replace(".", "").lstrip("0"))


def decimal_forms(value: Fraction) -> list[tuple[int, str]]:
    """(places, text) of the value's 3- and 4-place decimals that carry at least three significant digits.

    >>> decimal_forms(Fraction(49, 64))
    [(3, '0.766'), (4, '0.7656')]
    >>> decimal_forms(Fraction(1, 2))
    [(3, '0.500'), (4, '0.5000')]
    >>> decimal_forms(Fraction(1, 86))
    [(4, '0.0116')]
    """
    forms = []
    for places in (3, 4):
        text = f"{float(value):.{places}f}"
        if significant(text) >= 3:
            forms.append((places, text))
    return forms


def normal(text: str) -> str:
    """Text with the differences of typing taken out, for finding a formula: spaces, braces, ×, minus signs.

    >>> normal("1 − b + b³"), normal("b^{3} - b + 1"), normal("b**3 - b + 1")
    ('1-b+b^3', 'b^3-b+1', 'b^3-b+1')
    """
    for old, new in (("−", "-"), ("**", "^"), ("³", "^3"), ("²", "^2"), ("⁴", "^4"), ("\\cdot", ""), ("·", ""),
                     ("*", ""), ("{", ""), ("}", ""), ("\\left", ""), ("\\right", ""), ("$", "")):
        text = text.replace(old, new)
    return re.sub(r"\s+", "", text)


def formula_forms(expression: sympy.Expr) -> set[str]:
    """A formula's terms in every order (up to five terms), as str and LaTeX would write them, normalised."""
    terms = sympy.Add.make_args(sympy.expand(expression))
    forms = {normal(str(expression)), normal(sympy.latex(expression))}
    if len(terms) <= 5:
        for order in itertools.permutations(terms):
            for write in (str, sympy.latex):
                text = " + ".join(write(term) for term in order)
                forms.add(normal(text).replace("+-", "-"))
    return forms


def leaks(text: str, truth: Any) -> list[str]:
    """The places in ``text`` that give away ``truth``."""
    found = []
    plain_text = normal(text)
    printed = [(match.group(), float(match.group())) for match in re.finditer(r"(?<![\d.])-?\d+\.\d+", text)]
    for value in numbers_in(truth):
        if isinstance(value, bool) or isinstance(value, str):
            continue
        if isinstance(value, (sympy.Expr,)) and value.free_symbols:
            found += [f"the formula {value}" for form in formula_forms(value) if form in plain_text][:1]
            continue
        if isinstance(value, sympy.Rational) or isinstance(value, (int, Fraction)):
            value = Fraction(int(sympy.Rational(value).p), int(sympy.Rational(value).q))
        elif isinstance(value, float):
            value = Fraction(value)
        else:
            continue
        if value.denominator == 1:
            number = abs(value.numerator)
            grouped = r"[,\u2009 ]?".join(re.findall(r"\d{1,3}", f"{number:,}".replace(",", " ")))
            if number >= 1000 and re.search(rf"(?<![\d,.]){grouped}(?![\d])", text):
                found.append(f"the whole number {number}")
            continue
        a, b = abs(value.numerator), value.denominator
        if re.search(rf"(?<![\d./]){a}\s*/\s*{b}(?![\d])|\\[dt]?frac\{{{a}\}}\{{{b}\}}", text):
            found.append(f"the fraction {a}/{b}")
        for places, form in decimal_forms(abs(value)):
            hits = [shown for shown, number in printed if len(shown.split(".")[1]) >= places
                    and f"{abs(number):.{places}f}" == form]
            if hits:
                found.append(f"{form} (printed as {hits[0]})")
        percent = f"{float(abs(value)) * 100:.1f}%"
        if significant(percent[:-1]) >= 3 and re.search(rf"(?<![\d.]){re.escape(percent)}", text):
            found.append(f"the percentage {percent}")
    return found


def prose_of(path: Path) -> str:
    """The markdown cells of a notebook, as written."""
    import nbformat
    return "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown")


@pytest.mark.notebook
@pytest.mark.parametrize("line", [pytest.param(line, marks=pytest.mark.xdist_group(lesson_group(ROOT / line.notebook)))
                                  for line in LESSONS], ids=lambda line: line.name)
def test_no_lesson_prints_or_states_its_exercises_answers(line):
    path = ROOT / line.notebook
    text = text_of(executed(path)) + "\n" + prose_of(path)
    given_away = {exercise_id: where for exercise_id in exercise_ids(f"{line.module}.exercises")
                  if (where := leaks(text, find(exercise_id).truth()))}
    assert not given_away, f"{line.notebook} gives away: {given_away}"


def test_the_search_finds_what_a_lesson_could_give_away():
    b = sympy.Symbol("b")
    assert leaks("so the chance is 49/64 here", Fraction(49, 64)) == ["the fraction 49/64"]
    assert leaks("p = 0.76562 (exact)", Fraction(49, 64)) == ["0.766 (printed as 0.76562)", "0.7656 (printed as 0.76562)"]
    assert leaks("$\\frac{13}{20}$", sympy.Rational(13, 20)) and leaks("65.0%", Fraction(13, 20))
    assert leaks("the third card: 1 − b + b³", b ** 3 - b + 1) and leaks("b^{3} - b + 1", b ** 3 - b + 1)
    assert leaks("10,150,595,910 hands", (12, 10150595910)) and leaks("1/86 and n/86", (Fraction(1, 86), 1))
    assert leaks("0.0105", Sampled(Fraction(105, 10000), 100))
    # what is not a leak: another number, a longer one holding it, fewer places, a small whole number
    assert not leaks("113/20 and 13/200 and 0.77 and 3 of 5", Fraction(13, 20) + 0)
    assert not leaks("we deal 12 cards", 12) and not leaks("0.7669", Fraction(49, 64))


def test_every_lesson_is_searched():
    assert [line.name for line in LESSONS] == [line.name for line in REGISTRY if line.notebook]
    assert all(exercise_ids(f"{line.module}.exercises") for line in LESSONS)


# -- links that work where the student is: mywork/ and the student pack keep notebooks/ beside exercises/ --

def links_of(path: Path) -> list[str]:
    """The targets of the markdown links in a notebook's prose."""
    return re.findall(r"\]\(([^)\s]+)\)", prose_of(path))


@pytest.mark.parametrize("line", LESSONS, ids=lambda line: line.name)
def test_each_lesson_links_its_own_exercises_and_never_the_solutions(line):
    path = ROOT / line.notebook
    links = links_of(path)
    own = f"../exercises/{path.name}"
    assert own in links, f"{line.notebook} does not link {own}"
    assert (path.parent / own).resolve().is_file()
    assert not [link for link in links if "solutions" in link]


def test_the_start_page_links_every_exercise_notebook():
    links = links_of(ROOT / "notebooks" / "00_start_here.ipynb")
    for line in LESSONS:
        assert f"../exercises/{Path(line.notebook).name}" in links, line.name


def test_no_notebook_a_student_gets_links_the_solutions():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "exercises").glob("*.ipynb")):
        assert not [link for link in links_of(path) if "solutions" in link], path.name
