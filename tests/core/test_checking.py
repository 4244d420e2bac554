"""check(): ✓ for a right answer, ✗ with the hint for a wrong one, never a traceback; the matchers."""
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import numpy
import pandas
import pytest
import sympy

from cardlib.core import checking
from cardlib.core.checking import Exercise, Verdict, check, close_to, exercise, judge, same, same_expression


@pytest.fixture
def registry():
    """Demo exercises in the real registry, removed afterwards (a game's exercises stay put)."""
    exercise("demo.third", hint="One outcome in three.")(lambda: Fraction(1, 3))
    exercise("demo.pairs", hint="C(10, 2).")(lambda: 45)
    exercise("demo.sympy", hint="Ask sympy.")(lambda: sympy.Rational(3, 8))
    exercise("demo.float", hint="About a seventh.")(lambda: 0.146)
    exercise("demo.pair", hint="Two numbers.")(lambda: (Fraction(1, 2), 27))
    exercise("demo.word")(lambda: "pass")
    exercise("demo.parity", compare=lambda answer, truth: answer % 2 == truth % 2)(lambda: 4)
    yield checking._REGISTRY
    for exercise_id in [key for key in checking._REGISTRY if key.startswith("demo.")]:
        del checking._REGISTRY[exercise_id]
        checking._TRIES.pop(exercise_id, None)


def test_the_exercise_decorator_registers_and_returns_the_truth(registry):
    truth = exercise("demo.seven")(lambda: 7)
    assert truth() == 7 and registry["demo.seven"].truth is truth


@pytest.mark.parametrize("exercise_id, answer", [
    ("demo.third", Fraction(1, 3)),
    ("demo.pairs", 45),
    ("demo.word", "pass"),
    ("demo.pair", (Fraction(1, 2), 27)),
])
def test_a_correct_answer_gets_a_tick(registry, exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert isinstance(verdict, Verdict) and verdict.ok and bool(verdict)
    assert str(verdict).startswith("✓") and exercise_id in str(verdict) and "Hint" not in str(verdict)


@pytest.mark.parametrize("exercise_id, answer, hint", [
    ("demo.third", Fraction(1, 4), "One outcome in three."),
    ("demo.pairs", 44, "C(10, 2)."),
    ("demo.sympy", sympy.Rational(3, 7), "Ask sympy."),
    ("demo.pair", (Fraction(1, 2), 26), "Two numbers."),
])
def test_a_wrong_answer_gets_a_cross_and_the_hint(registry, exercise_id, answer, hint):
    verdict = check(exercise_id, answer)
    assert not verdict.ok and not verdict
    assert str(verdict).startswith("✗") and exercise_id in str(verdict) and f"Hint: {hint}" in str(verdict)


def test_a_wrong_answer_without_a_hint_says_not_yet(registry):
    assert str(check("demo.word", "draw")) == "✗ demo.word: not yet."


def test_the_ellipsis_asks_for_an_answer(registry):
    verdict = check("demo.third", ...)
    assert not verdict.ok
    assert "replace the ..." in str(verdict) and "demo.third" in str(verdict)
    assert not str(verdict).startswith(("✓", "✗"))


@pytest.mark.parametrize("answer", [Fraction(1, 3), Fraction(2, 6), sympy.Rational(1, 3), sympy.Rational(2, 6)])
def test_a_fraction_truth_accepts_the_same_number_in_any_exact_form(registry, answer):
    assert check("demo.third", answer).ok


@pytest.mark.parametrize("answer", [1 / 3, sympy.Float(1 / 3), sympy.N(sympy.Rational(1, 3))])
def test_a_decimal_close_to_a_fraction_is_asked_for_exactly(registry, answer):
    verdict = check("demo.third", answer)
    assert not verdict.ok and "give it exactly" in str(verdict) and "Hint: One outcome in three." in str(verdict)


@pytest.mark.parametrize("exercise_id, answer, why", [
    ("demo.pairs", "45", "not text"),
    ("demo.third", "1/3", "not text"),
    ("demo.pairs", [45], "single number"),
    ("demo.third", (1, 3), "single number"),
    ("demo.pair", Fraction(1, 2), "in a tuple"),
])
def test_an_answer_of_the_wrong_kind_is_told_what_kind_is_wanted(registry, exercise_id, answer, why):
    verdict = check(exercise_id, answer)
    assert not verdict.ok and why in str(verdict)


@pytest.mark.parametrize("answer", [45, 45.0, Fraction(45), Fraction(90, 2), sympy.Integer(45),
                                    sympy.Rational(90, 2), numpy.int64(45), sympy.binomial(10, 2)])
def test_an_integer_truth_accepts_the_same_number_in_any_form(registry, answer):
    assert check("demo.pairs", answer).ok


@pytest.mark.parametrize("answer", [Fraction(3, 8), sympy.Rational(3, 8), 0.375, sympy.Float(0.375), 3 / 8])
def test_a_sympy_rational_truth_accepts_the_same_number_in_any_exact_form(registry, answer):
    assert check("demo.sympy", answer).ok


@pytest.mark.parametrize("exercise_id, answer", [
    ("demo.third", 0.333),                  # a rounded decimal is not the exact number
    ("demo.third", Fraction(333, 1000)),
    ("demo.sympy", 0.37),
    ("demo.pairs", 45.5),
    ("demo.pairs", sympy.Rational(91, 2)),
    ("demo.float", 0.15),
])
def test_close_is_not_equal(registry, exercise_id, answer):
    assert not check(exercise_id, answer).ok


def test_a_float_truth_accepts_floats_to_rounding(registry):
    assert check("demo.float", 0.146 + 1e-13).ok and check("demo.float", Fraction(146, 1000)).ok


def test_a_tuple_truth_accepts_a_list_of_equal_numbers(registry):
    assert check("demo.pair", [0.5, sympy.Integer(27)]).ok
    assert not check("demo.pair", [Fraction(1, 2)]).ok


def test_an_exercise_may_bring_its_own_comparison(registry):
    assert check("demo.parity", 10).ok and not check("demo.parity", 3).ok


def test_an_unknown_exercise_id_says_so_clearly(registry):
    verdict = check("no.such.exercise", 3)
    assert not verdict.ok
    assert str(verdict).startswith("✗") and "no exercise 'no.such.exercise'" in str(verdict)
    assert "demo.third" in str(verdict)  # it lists the ids it knows


class Awkward:
    """An answer whose every comparison and conversion fails."""

    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = None

    def __str__(self):
        raise RuntimeError("no printing me")

    def __float__(self):
        raise RuntimeError("no floats either")


MALFORMED = [None, "abc", "", object(), [1, 2], {"a": 1}, {1}, float("nan"), float("inf"), complex(1, 2),
             numpy.array([1, 2]), numpy.array([]), sympy.Symbol("x"), sympy.sqrt(2), sympy.oo, Awkward(),
             lambda: 1, print, b"45", True]


@pytest.mark.parametrize("answer", MALFORMED, ids=lambda answer: type(answer).__name__)
@pytest.mark.parametrize("exercise_id", ["demo.third", "demo.pairs", "demo.sympy", "demo.float", "demo.pair",
                                         "demo.word"])
def test_a_malformed_answer_is_a_cross_never_a_traceback(registry, exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict.ok and str(verdict).startswith("✗")


def test_a_failing_answer_key_is_not_blamed_on_the_student():
    broken = Exercise("demo.broken", lambda: 1 // 0)
    verdict = judge(broken, 1)
    assert not verdict.ok and "answer key" in str(verdict)


def test_same_is_exact_for_exact_numbers():
    assert same(Fraction(1, 10), Fraction(1, 10)) and same(0.1, Fraction(1, 10))
    assert same(0.1, sympy.Rational(1, 10))
    assert not same(Fraction(1, 10) + Fraction(1, 10**12), Fraction(1, 10))


# --- the answer matchers an exercise may name: close_to and same_expression -------------------

@pytest.mark.parametrize("answer", [0.143, 0.1425, Fraction(1, 7), sympy.Rational(1, 7),
                                    sympy.Float(0.1429), 1 / 7])
def test_close_to_accepts_an_answer_right_to_three_decimals(answer):
    assert close_to(answer, Fraction(1, 7))


@pytest.mark.parametrize("answer", [0.14, 0.144, Fraction(1, 6), 1, "a seventh", "0.143", None, [0.143], sympy.Symbol("x")])
def test_close_to_refuses_anything_further_or_unreadable(answer):
    assert not close_to(answer, Fraction(1, 7))


def test_close_to_takes_other_places():
    assert close_to(0.14, Fraction(1, 7), places=2) and not close_to(0.14, Fraction(1, 7), places=4)
    assert close_to(0.1429, Fraction(1, 7), places=4) and not close_to(0.143, Fraction(1, 7), places=4)


def test_close_to_counts_half_a_unit_of_the_last_place_either_side():
    truth = Fraction(1, 8)  # 0.125: 0.1245 and 0.1255 are as far as a rounding can be
    assert close_to(0.1245, truth) and close_to(0.1255, truth)
    assert not close_to(0.1244, truth) and not close_to(0.1256, truth)


@pytest.fixture
def matcher_exercises():
    a = sympy.Symbol("a", integer=True, positive=True)
    exercise("demo.close", hint="Three decimals.", compare=close_to)(lambda: Fraction(1, 7))
    exercise("demo.formula", hint="Factor it.", compare=same_expression)(lambda: 2 * (a + 1))
    yield
    for exercise_id in ("demo.close", "demo.formula"):
        del checking._REGISTRY[exercise_id]


def test_an_exercise_may_compare_to_three_decimals(matcher_exercises):
    assert check("demo.close", 0.143).ok and check("demo.close", Fraction(1, 7)).ok
    verdict = check("demo.close", 0.15)
    assert not verdict.ok and "Hint: Three decimals." in str(verdict)


def test_an_exercise_may_compare_formulas(matcher_exercises):
    assert check("demo.formula", "2*a + 2").ok
    verdict = check("demo.formula", "a + 2")
    assert not verdict.ok and "Hint: Factor it." in str(verdict)


def test_same_expression_accepts_any_equal_form():
    a = sympy.Symbol("a")
    assert same_expression(a * 2 + 2, 2 * (a + 1))
    assert same_expression("2*a + 2", 2 * (a + 1))
    assert same_expression(sympy.expand((a + 1) ** 2), (a + 1) ** 2)


def test_same_expression_matches_symbols_by_name_whatever_their_assumptions():
    a, L = sympy.symbols("a L", integer=True, positive=True)
    plain_a, plain_L = sympy.symbols("a L")
    assert same_expression(plain_L * plain_a, L * a)
    assert not same_expression(plain_L * plain_a, L * a + 1)


@pytest.mark.parametrize("answer", ["this is not a formula (", None, object(), "b + 2"])
def test_same_expression_refuses_a_different_or_unreadable_formula(answer):
    a = sympy.Symbol("a")
    assert not same_expression(answer, 2 * (a + 1))


def test_checking_loads_sympy_only_when_a_formula_is_compared():
    probe = ("import sys, cardlib.core.checking as c; before = 'sympy' in sys.modules; "
             "import sympy; c.same_expression('a', sympy.Symbol('a')); print(before)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


# -- feedback that teaches: hints in steps, predictable mistakes, slips of form --

def test_hints_come_in_steps_one_more_at_each_wrong_try(registry):
    exercise("demo.steps", hint=("A nudge.", "More.", "Nearly the answer."))(lambda: 45)
    said = [str(check("demo.steps", 44)) for _ in range(4)]
    assert "Hint 1 of 3: A nudge." in said[0] and "More." not in said[0]
    assert "Hint 2 of 3: More." in said[1] and "Hint 3 of 3: Nearly the answer." in said[2]
    assert "Hint 3 of 3" in said[3]  # the last hint stays
    assert check("demo.steps", ...).message.startswith("…") and "Hint 3 of 3" in str(check("demo.steps", 1))


def test_a_predictable_mistake_gets_its_own_message(registry):
    exercise("demo.sheet", hint="Fewer cards.", mistakes=[
        (12, "12 is the sheet's figure, not the fewest."),
        (lambda answer, truth: answer == truth + 2, "Two too many."),
    ])(lambda: 11)
    assert "12 is the sheet's figure, not the fewest." in str(check("demo.sheet", 12))
    assert "12 is the sheet's figure" in str(check("demo.sheet", Fraction(12)))  # 12 in any exact form
    assert "Two too many." in str(check("demo.sheet", 13)) and "sheet's figure" not in str(check("demo.sheet", 13))
    other = str(check("demo.sheet", 20))
    assert "Two too many." not in other and "sheet's figure" not in other and "Hint" in other


def test_an_object_where_its_number_was_wanted_names_the_numbers_to_use(registry):
    from cardlib.twentyfive.beliefs import Odds
    verdict = check("demo.third", Odds(over=Fraction(1, 3), exactly=Fraction(1, 3), under=Fraction(1, 3)))
    assert not verdict.ok and "`.over` or `.exactly` or `.under`" in str(verdict)


def test_a_cut_decimal_is_told_to_round(registry):
    exercise("demo.round", compare=close_to)(lambda: Fraction(1456, 10000))
    assert "Round, don't cut" in str(check("demo.round", 0.145))
    assert check("demo.round", 0.146).ok and "Round" not in str(check("demo.round", 0.147))


def test_a_number_for_the_id_is_told_to_use_quotes():
    verdict = check(25.1, 3)
    assert not verdict.ok and 'check("25.1", answer)' in str(verdict) and "quotes" in str(verdict)


# -- "explain" items as multiple choice; seeded simulations judged by their result --

@pytest.mark.parametrize("answer", ["b", "B", " (b) "])
def test_a_multiple_choice_takes_the_letter_in_any_case(registry, answer):
    exercise("demo.why", hint="Think.", choices="abc")(lambda: "b")
    assert check("demo.why", answer).ok


@pytest.mark.parametrize("answer", ["d", "ab", 2, None, ["b"]])
def test_a_multiple_choice_asks_for_one_of_its_letters(registry, answer):
    exercise("demo.why", hint="Think.", choices="abc")(lambda: "b")
    verdict = check("demo.why", answer)
    assert not verdict.ok and "one letter in quotes: a, b or c" in str(verdict)


def test_a_wrong_choice_gets_its_own_message(registry):
    exercise("demo.why", hint="Think.", choices="abc", mistakes=[("a", "Not the last card.")])(lambda: "b")
    assert "Not the last card." in str(check("demo.why", "A")) and "Hint" in str(check("demo.why", "c"))


@pytest.fixture
def sampled(registry):
    """A simulation exercise: P = 1/2 from 10,000 runs, standard error 0.005."""
    truth = checking.Sampled(Fraction(1, 2), 10_000)
    exercise("demo.simulation", hint=("Count, then divide.", "Count the hits."),
             compare=checking.simulated)(lambda: truth)
    return truth


@pytest.mark.parametrize("answer", [(5_000, 10_000, 1), (5_150, 10_000, 7), [4_900, 10_000, 2],
                                    (numpy.int64(5_010), 10_000, numpy.int64(3)), (5_000.0, 10_000, 1)])
def test_a_simulation_within_four_standard_errors_counts(sampled, answer):
    verdict = check("demo.simulation", answer)
    assert verdict.ok and "± 0.0050 (one standard error, 10,000 runs, seed" in str(verdict)


@pytest.mark.parametrize("answer, why", [
    (0.5, "Give (hits, runs, seed) in a tuple"),
    ((0.5, 0.005), "not an estimate and its standard error"),
    ((0.5, 10_000, 1), "the count of hits, a whole number"),
    ((5_000, 1_000, 1), "asks for 10,000 runs; this answer has 1,000"),
    ((5_000, 10_000), "give the seed you used too"),
    ((5_000, 10_000, None), "Give the seed you used"),
    ((5_000, 10_000, "seven"), "Give the seed you used"),
    ((12_000, 10_000, 1), "between 0 and the 10,000 runs"),
    ((5_300, 10_000, 1), "more than 4 standard errors"),
    ((float("nan"), float("nan")), "not a number"),
])
def test_a_simulation_answer_is_told_what_is_wrong(sampled, answer, why):
    verdict = check("demo.simulation", answer)
    assert not verdict.ok and why in str(verdict)


@pytest.fixture
def sampled_mean(registry):
    """A simulation of a mean: a fair die's 1 to 6 (mean 7/2, spread √(35/12)) from 600 rolls."""
    truth = checking.Sampled(Fraction(7, 2), 600, spread=(35 / 12) ** 0.5)
    exercise("demo.mean", hint=("Roll.", "Keep every roll."), compare=checking.simulated)(lambda: truth)
    return truth


def test_a_simulation_of_a_mean_takes_every_outcome_and_the_seed(sampled_mean):
    import random
    rng = random.Random(5)
    rolls = [rng.randint(1, 6) for _ in range(600)]
    assert check("demo.mean", (rolls, 5)).ok and check("demo.mean", (numpy.array(rolls), 5)).ok
    assert "not an estimate" in str(check("demo.mean", (3.5, 0.07)))
    assert "spread far less" in str(check("demo.mean", ([3.5] * 600, 5)))  # the exact value repeated
    assert "asks for 600 runs; this answer has 599" in str(check("demo.mean", (rolls[1:], 5)))
    assert "more than 4 standard errors" in str(check("demo.mean", ([r + 1 for r in rolls], 5)))


def test_a_simulation_slip_is_recognised_by_its_estimate(registry):
    truth = checking.Sampled(Fraction(1, 2), 10_000)
    exercise("demo.slip", hint=("a", "b"), compare=checking.simulated,
             mistakes=[(checking.estimate_near(lambda: Fraction(2, 5)), "You counted the misses.")])(lambda: truth)
    assert "You counted the misses." in str(check("demo.slip", (4_020, 10_000, 3)))
    assert "You counted the misses." not in str(check("demo.slip", (4_600, 10_000, 3)))


# -- a checker that cannot be fooled: answers are read as plain values, never asked if they are right --

class AlwaysEqual:
    """Equal to everything."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__


class EqualInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class EqualStr(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__

    def strip(self, *args):  # letter() strips: a cheat may answer with the truth here too
        return "b"


class EqualTuple(tuple):
    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


class SaysTheTruth:
    """Prints, sympifies and floats as whatever it is told."""

    def __init__(self, truth):
        self.truth = truth

    def __str__(self):
        return str(self.truth)

    __repr__ = __str__

    def _sympy_(self):
        return sympy.sympify(self.truth)

    def __float__(self):
        return float(self.truth)

    def __index__(self):
        return int(self.truth)


class ClaimsToBeAFraction:
    """An object whose __class__ says Fraction."""

    __class__ = property(lambda self: Fraction)
    numerator, denominator = 1, 3


@pytest.mark.parametrize("answer", [AlwaysEqual(), EqualInt(0), EqualStr("x"), EqualTuple((0,)),
                                    ClaimsToBeAFraction()], ids=lambda answer: type(answer).__name__)
@pytest.mark.parametrize("exercise_id", ["demo.third", "demo.pairs", "demo.sympy", "demo.float", "demo.pair",
                                         "demo.word"])
def test_an_object_that_claims_equality_is_refused(registry, exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict.ok and str(verdict).startswith("✗")


@pytest.mark.parametrize("exercise_id", ["demo.third", "demo.pairs", "demo.sympy", "demo.float", "demo.pair",
                                         "demo.word"])
def test_an_object_that_prints_or_sympifies_as_the_truth_is_refused(registry, exercise_id):
    truth = registry[exercise_id].truth()
    verdict = check(exercise_id, SaysTheTruth(truth))
    assert not verdict.ok and "which check cannot read" in str(verdict)


def test_formulas_and_multiple_choices_are_not_fooled_either(registry):
    b = sympy.Symbol("b")
    exercise("demo.formula", compare=same_expression)(lambda: b ** 3 - b + 1)
    exercise("demo.letter", choices="abc")(lambda: "b")
    assert not check("demo.formula", SaysTheTruth(b ** 3 - b + 1)).ok
    assert not check("demo.letter", EqualStr("a")).ok  # its strip() says "b", its value is "a"
    assert check("demo.letter", EqualStr("b")).ok  # its value is the answer: a subclass is read as its value


def test_a_subclass_of_a_builtin_counts_by_its_own_value(registry):
    class Mine(int):
        pass

    assert check("demo.pairs", Mine(45)).ok and not check("demo.pairs", EqualInt(44)).ok
    assert check("demo.pair", EqualTuple((Fraction(1, 2), 27))).ok


@pytest.mark.parametrize("answer", [numpy.float32(0.375), numpy.float64(0.375), Decimal("0.375"),
                                    sympy.Mul(3, sympy.Pow(8, -1, evaluate=False), evaluate=False),
                                    sympy.Rational(3, 8), Fraction(3, 8), numpy.array(0.375)],
                         ids=lambda answer: type(answer).__name__)
def test_a_right_value_in_a_form_a_student_produces_counts(registry, answer):
    assert check("demo.sympy", answer).ok


def test_numpy_whole_numbers_and_lists_count(registry):
    assert check("demo.pairs", numpy.int64(45)).ok and check("demo.pairs", numpy.float32(45)).ok
    assert check("demo.pair", numpy.array([0.5, 27])).ok
    assert check("demo.pair", pandas.Series([Fraction(1, 2), 27])).ok


@pytest.mark.parametrize("answer, why", [
    (0.111, "right value as a decimal (rounded to 3 decimals) — now give it exactly"),
    (numpy.float32(0.1111), "now give it exactly"),
    (Decimal("0.11"), "now give it exactly"),
    (float("nan"), "not a number"),
    (float("inf"), "divided by zero"),
    ((Fraction(1, 9), float("nan")), "not a number"),
    (10 ** 5000, "thousands of digits"),
], ids=lambda value: type(value).__name__ if not isinstance(value, str) else value[:12])
def test_a_near_miss_of_form_gets_its_own_message(registry, answer, why):
    exercise("demo.ninth", hint=("One in nine.", "Count."))(lambda: Fraction(1, 9))
    verdict = check("demo.ninth", answer)
    assert not verdict.ok and why in str(verdict), str(verdict)


def test_a_decimal_with_too_few_places_is_asked_for_more(registry):
    exercise("demo.places", compare=close_to)(lambda: Fraction(1, 7))
    assert "give 3 decimals" in str(check("demo.places", 0.14))


@pytest.mark.parametrize("answer", [10 ** 400, -10 ** 400, float("-inf"), numpy.array([AlwaysEqual()], dtype=object),
                                    [AlwaysEqual()], {AlwaysEqual(): 1}, [[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]],
                                    complex(1, 1), numpy.complex128(1), range(3)],
                         ids=lambda answer: type(answer).__name__)
@pytest.mark.parametrize("exercise_id", ["demo.third", "demo.pairs", "demo.sympy", "demo.float", "demo.pair",
                                         "demo.word"])
def test_odd_answers_are_refused_without_a_traceback(registry, exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict.ok and str(verdict).startswith("✗")


class SpoofedModule:
    """A class that names a trusted package's module as its own."""

    __module__ = "cardlib.discontinuity.actions"

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


def spoofed_sympy():
    """A sympy expression class of the student's, naming a sympy module."""
    return type("Fake", (sympy.Expr,), {"__module__": "sympy.core.fake", "__eq__": lambda self, other: True,
                                         "__hash__": sympy.Expr.__hash__})()


@pytest.mark.parametrize("exercise_id", ["demo.third", "demo.pairs", "demo.pair", "demo.word"])
def test_a_class_cannot_join_a_trusted_package_by_naming_its_module(registry, exercise_id):
    assert not check(exercise_id, SpoofedModule()).ok
    assert not check(exercise_id, spoofed_sympy()).ok


def test_a_formula_given_as_text_is_never_run_as_code(registry):
    b = sympy.Symbol("b")
    exercise("demo.formula", compare=same_expression)(lambda: b ** 3 - b + 1)
    marker = "cardlib_formula_ran"
    for text in [f"__import__('builtins').__setattr__('{marker}', 1)", "b.subs(b, 1)", "9**9999999", "(lambda: 1)()"]:
        assert not check("demo.formula", text).ok
    import builtins
    assert not hasattr(builtins, marker)
    assert check("demo.formula", "b^3 - b + 1").ok and check("demo.formula", "1 - b + b**3").ok


def test_a_huge_range_or_array_is_refused_at_once(registry):
    assert "far too long" in str(check("demo.pair", range(10 ** 12)))
    assert "far too big" in str(check("demo.pair", numpy.zeros(2_000_000)))


@pytest.mark.parametrize("answer, why", [
    (float(Fraction(61, 3060)), "right value as a decimal — now give it exactly"),
    (sympy.nan, "not a number"),
    (sympy.zoo, "divided by zero"),
])
def test_the_full_float_of_an_exact_answer_and_sympy_nan_get_their_messages(registry, answer, why):
    exercise("demo.odd", hint=("a", "b"))(lambda: Fraction(61, 3060))
    assert why in str(check("demo.odd", answer))


def test_a_tuple_of_decimals_of_exact_answers_is_asked_for_exactly(registry):
    exercise("demo.two", hint=("a", "b"))(lambda: (Fraction(2, 129), Fraction(121, 1290)))
    assert "now give it exactly" in str(check("demo.two", (2 / 129, 121 / 1290)))
    assert "now give it exactly" in str(check("demo.two", (Fraction(2, 129), 121 / 1290)))


def test_a_mean_simulation_far_off_is_told_what_to_check(sampled_mean):
    import random
    rng = random.Random(5)
    rolls = [rng.randint(2, 7) for _ in range(600)]
    assert "Check what you measure in each run" in str(check("demo.mean", (rolls, 5)))


def test_the_one_true_refuses_when_cardlib_confirms_none_or_two():
    assert checking.the_one_true({"a": False, "b": True, "c": False}) == "b"
    with pytest.raises(ValueError, match="not exactly one"):
        checking.the_one_true({"a": True, "b": True})
    with pytest.raises(ValueError, match="none"):
        checking.the_one_true({"a": False})
