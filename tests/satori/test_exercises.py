"""The Satori exercises: every truth computes, the solutions pass, wrong answers get their own messages."""
from __future__ import annotations

import math
import random
import time
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product
from pathlib import Path

import nbformat
import pytest
import sympy as sp

from cardlib import check
from cardlib.core.checking import Sampled, exercise_ids, find
from cardlib.satori import Game, Model, Story
from cardlib.satori import exercises as ex
from cardlib.satori import exercises_calls as calls  # sat.8-11
from cardlib.satori.analysis import MODELS, katsu_stakes, p_satori
from cardlib.satori.beliefs import last_card_satori
from tests.exercising import first_try  # noqa: F401 an autouse fixture: each test starts with no wrong tries
from tests.exercising import Exercises, says_only_its_own_mistake

SOLUTIONS = Path(__file__).resolve().parents[2] / "exercises" / "solutions" / "03_the_satori.ipynb"
IDS = exercise_ids("cardlib.satori.exercises")
b = sp.Symbol("b")  # a student's own symbol, matched by name


def prompts() -> str:
    """The text of the exercise notebook's markdown cells."""
    return "\n".join(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells
                     if cell.cell_type == "markdown")


# --- the truths, against independent computations ---------------------------------------------------

def orders_of(hand: str) -> set[tuple[str, ...]]:
    """The different orders of a hand: a uniform player puts each down with the same chance."""
    return set(permutations(hand))


def test_sat1_to_sat3_by_counting_cards():
    variant = orders_of("SSSSZZZ")
    assert len(variant) == 35 and ex.VARIANT == (4, 3)
    assert find("sat.1").truth() == Fraction(sum(order[0] == "S" for order in variant), len(variant)) == Fraction(4, 7)
    assert find("sat.2").truth() == 1 - ex.BLUFF == Fraction(7, 10)
    # given the first two cards were satori, the third is satori in the orders starting S, S, S
    two_s = [order for order in variant if order[:2] == ("S", "S")]
    assert find("sat.3").truth() == Fraction(sum(order[2] == "S" for order in two_s), len(two_s)) == Fraction(2, 5)


def test_sat4_by_listing_the_orders_the_declaration_not_made_allows():
    kept = [order for order in orders_of("SSSZZ") if order[:3] != ("S", "S", "S")]
    assert len(kept) == 9
    assert find("sat.4").truth() == Fraction(sum(order[0] == "S" for order in kept), len(kept)) == Fraction(5, 9)
    assert ex.FOURTH_CARD == Story((3, 2), (("play", None),) * 4) and ex.EAGER == Model(eager=True)


def chances_of_plays(plays: str, hand: tuple[int, int], bluff: Fraction | None = None) -> Fraction:
    """The chance that a player with ``hand`` (satori, zatsunen) plays the cards ``plays`` in this order."""
    s, z = hand
    chance = Fraction(1)
    for card in plays:
        if s and z:
            satori = Fraction(s, s + z) if bluff is None else 1 - bluff
            chance *= satori if card == "S" else 1 - satori
        elif (card == "S" and not s) or (card == "Z" and not z):
            return Fraction(0)
        s, z = (s - 1, z) if card == "S" else (s, z - 1)
    return chance


def test_sat5_by_bayes_rule_written_out_here():
    weights = {}
    for first, second, fourth in product("SZ", repeat=3):
        s = 3 - (first + second).count("S")
        z = 2 - (first + second).count("Z")
        likelihood = chances_of_plays("Z", (s, z))      # the third card: the zatsunen the Katsu showed
        hand = (s + 1, z)                               # that zatsunen back, and a satori from the caller
        weights[first, second, fourth] = (chances_of_plays(first + second, (3, 2)) * likelihood
                                          * chances_of_plays(fourth, hand))
    posterior = sum(w for (_, _, fourth), w in weights.items() if fourth == "S") / sum(weights.values())
    assert find("sat.5").truth() == posterior == Fraction(5, 8)


def fourth_card_satori(bluff: Fraction) -> Fraction:
    """The chance the fourth card is satori once a Katsu took the first (a satori): the hand S S Z Z plays on."""
    return sum((chances_of_plays("".join(cards), (2, 2), bluff)
                for cards in product("SZ", repeat=3) if cards[2] == "S"), Fraction(0))


def test_sat6_formula_matches_the_enumeration_at_every_rate():
    formula = find("sat.6").truth()
    for rate in (Fraction(0), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(9, 10), Fraction(1)):
        assert formula.subs(formula.free_symbols.pop(), sp.Rational(rate.numerator, rate.denominator)) == \
            sp.Rational(*fourth_card_satori(rate).as_integer_ratio())
    assert check("sat.6", "2*b - 3*b**2 + 2*b**3").ok and check("sat.6", 2 * b * (1 - b) ** 2 + b ** 2).ok
    assert not check("sat.6", "this is not a formula (").ok


def test_sat7_truth_is_the_exact_chance_and_the_runs_asked_for():
    truth = find("sat.7").truth()
    assert truth.value == fourth_card_satori(Fraction(1, 3)) == Fraction(11, 27)
    assert truth.runs == ex.RUNS == 20_000 and truth.spread is None


# --- the simulation: sat.7 ---------------------------------------------------------------------------

def student_simulation(seed: int = 7, runs: int = 20_000, zatsunen: float = 1 / 3, keep_hand: bool = True,
                       uniform: bool = False, hand: tuple[str, ...] = ("S", "S", "Z", "Z")) -> tuple[int, int, int]:
    """sat.7 as a student writes it: (hits, runs, seed), a hit a run whose third card is satori (the flags
    make the slips)."""
    rng = random.Random(seed)
    hits = 0
    for _ in range(runs):
        cards = list(hand)
        for _turn in range(3):
            if uniform:
                card = rng.choice(cards)
            elif not keep_hand or ("S" in cards and "Z" in cards):
                card = "Z" if rng.random() < zatsunen else "S"
            else:
                card = cards[0]
            if keep_hand:
                cards.remove(card)
        hits += card == "S"
    return hits, runs, seed


@pytest.mark.parametrize("seed", (7, 8, 9))
def test_sat7_a_simulation_written_as_a_student_would_passes(seed):
    verdict = check("sat.7", student_simulation(seed))
    assert verdict.ok and f"seed {seed}" in verdict.message


SIMULATION_SLIPS = [  # (what the slipped simulation does, the words of its own message), in the order of the mistakes
    (dict(uniform=True), "uniformly from the hand"),
    (dict(zatsunen=2 / 3), "plays a satori 1/3 of the time"),
    (dict(keep_hand=False), "even when one kind is gone"),
    (dict(hand=("S", "S", "S", "Z", "Z")), "still holds the satori the Katsu took"),
]


@pytest.mark.parametrize("index", range(len(SIMULATION_SLIPS)))
def test_sat7_simulation_slips_get_messages_of_their_own(index):
    slip, words = SIMULATION_SLIPS[index]
    answer = student_simulation(**slip)
    verdict = check("sat.7", answer)
    assert not verdict.ok and words in verdict.message
    assert says_only_its_own_mistake("sat.7", answer, index)


@pytest.mark.parametrize("seed", (7, 8))
def test_sat7_counting_the_second_card_gets_the_message_that_covers_it(seed):
    rng = random.Random(seed)
    hits = 0
    for _ in range(20_000):
        hand = ["S", "S", "Z", "Z"]
        for turn in range(2):  # the second card, not the third
            card = ("Z" if rng.random() < 1 / 3 else "S") if len(set(hand)) == 2 else hand[0]
            hand.remove(card)
        hits += card == "S"
    verdict = check("sat.7", (hits, 20_000, seed))
    assert says_only_its_own_mistake("sat.7", (hits, 20_000, seed), 2) and "second card" in verdict.message


def test_sat7_each_slip_lies_at_least_8_standard_errors_from_the_truth():
    from cardlib.core.checking import Sampled as _Sampled  # noqa: F401 (the truth's form)
    truth = find("sat.7").truth()
    slips = [ex.last_card_satori(ex.FOURTH_AFTER_A_SUCCESS, ex.UNIFORM),
             ex.last_card_satori(ex.FOURTH_AFTER_A_SUCCESS, Model(bluff=1 - ex.SIMULATED_BLUFF)),
             1 - ex.SIMULATED_BLUFF]
    assert all(abs(float(slip - truth.value)) > 8 * truth.standard_error for slip in slips)


def test_sat7_the_exact_value_with_its_standard_error_is_no_simulation():
    truth = find("sat.7").truth()
    exact = float(truth.value)
    for fake in ((exact, truth.standard_error), (exact, 20_000, 7), (round(exact * 20_000), 10_000, 7),
                 (round(exact * 20_000), 20_000)):
        assert not check("sat.7", fake).ok, fake


def test_sat7_nan_gets_a_message_about_nan():
    message = check("sat.7", (float("nan"), float("nan"))).message
    assert "nan" in message and "fine" not in message


# --- the stakes: sat.8 and sat.9 -----------------------------------------------------------------------

@lru_cache(maxsize=None)
def seeded_stakes():
    """The stakes sat.8 asks for, computed here as the question says (seeded: the same every time)."""
    return katsu_stakes(ex.katsu_position(), rollouts=400, seed=2)


def test_the_position_is_a_katsu_window_where_player_0_is_asked_first():
    position = ex.katsu_position()
    assert (position.phase, position.current_player, position.active) == ("katsu", 0, 2)
    assert position.pile == ("Z", "Z", "S") and position.hand == ("S", "S")
    assert position.piles[1] == position.piles[2] == (None, None, None) and not any(position.out)
    assert [kind for kind, _, _ in position.log].count("katsu") == 0


def three_chances() -> tuple[Fraction, Fraction, Fraction]:
    """(success, no call | satori, no call | zatsunen), each the exact share of its 400 rollouts won."""
    stakes = seeded_stakes()
    chances = []
    for estimate in (stakes.success, stakes.no_call_satori, stakes.no_call_zatsunen):
        assert estimate.samples == 400 and estimate.seed == 2
        wins = round(estimate.value * 400)
        assert wins / 400 == estimate.value
        chances.append(Fraction(wins, 400))
    return tuple(chances)


def bots_p() -> Fraction:
    return p_satori(ex.katsu_position(), MODELS["bluffs 1/4, declares at once (the bots)"])


def test_sat8_is_the_house_rules_break_even_of_the_three_seeded_estimates_and_fast():
    ex._analysis()  # sympy loaded first: the time measured is the rollouts'
    calls._stakes.cache_clear()
    start = time.perf_counter()
    truth = find("sat.8").truth()
    assert time.perf_counter() - start < 2
    success, satori, zatsunen = three_chances()
    failed = Fraction(1, 10)
    # p × success + (1 − p) × failed = p × satori + (1 − p) × zatsunen, solved here for p
    p = (zatsunen - failed) / (success - satori + zatsunen - failed)
    assert isinstance(truth, Fraction) and truth == p
    assert p * success + (1 - p) * failed == p * satori + (1 - p) * zatsunen
    stakes = seeded_stakes()
    assert 0 < truth < 1 and stakes.failure == 0
    assert not check("sat.8", stakes.break_even).ok  # the library's one call answers the sheet's rule, not this
    assert check("sat.8", float(truth)).ok and check("sat.8", round(float(truth), 3)).ok
    assert not check("sat.8", round(float(truth), 3) + 0.002).ok


def test_sat9_calling_beats_not_calling_under_the_bots_model_by_a_clear_margin():
    stakes = seeded_stakes()
    p = bots_p()
    assert p == Fraction(49, 64)  # three unseen plays by a bluffer who bluffs 1/4 of the time
    success, satori, zatsunen = three_chances()
    call, no_call = p * success, p * satori + (1 - p) * zatsunen
    assert call > no_call and success > satori
    assert float(call) == pytest.approx(stakes.call(float(p))) and float(no_call) == pytest.approx(stakes.no_call(float(p)))
    # the margin is far beyond the rollouts' noise: p stands more than 5 standard errors above the break-even,
    # and the gap of the expected values is more than 5 of its own standard errors
    assert float(p) - stakes.break_even > 5 * stakes.break_even_error
    q = float(p)
    gap_error = math.sqrt((q * stakes.success.standard_error) ** 2 + (q * stakes.no_call_satori.standard_error) ** 2
                          + ((1 - q) * stakes.no_call_zatsunen.standard_error) ** 2)
    assert float(call - no_call) > 5 * gap_error
    # the old ratio (no call over success) would give the same verdict here: the question does not hinge on it
    assert float(p) > zatsunen / success
    assert find("sat.9").truth() == "a"


@pytest.mark.parametrize("exercise_id", ("sat.9", "sat.10"))
def test_multiple_choice_reads_any_case_and_refuses_non_letters(exercise_id):
    item = find(exercise_id)
    truth = item.truth()
    assert check(exercise_id, truth.upper()).ok and check(exercise_id, f"({truth}) ").ok
    for odd in ("e", "ab", 2, None, ""):
        verdict = check(exercise_id, odd)
        assert not verdict.ok and "answer with one letter in quotes" in verdict.message


# --- explain: sat.10 ------------------------------------------------------------------------------------

def test_sat10_an_always_bluffer_plays_both_zatsunen_first():
    always = Model(bluff=Fraction(1))
    chances = [last_card_satori(Story((3, 2), (("play", None),) * plays), always) for plays in range(1, 6)]
    assert chances == [0, 0, 1, 1, 1] != [last_card_satori(Story((3, 2), (("play", None),) * n)) for n in range(1, 6)]
    assert {Game().new(seed=seed).hand(seat) for seed in range(3) for seat in range(3)} == {("S", "S", "S", "Z", "Z")}
    assert find("sat.10").truth() == "a"


# --- learning a bluff rate: sat.11 ----------------------------------------------------------------------

def test_sat11_is_the_beta_mean_after_counting_only_the_choices():
    # walk the turned cards with the hand each came from: a choice only while both kinds were in hand
    s, z = calls.ALL_TURNED.dealt
    bluffs = honest = 0
    for step in calls.ALL_TURNED.steps:
        choice = s > 0 and z > 0
        if step[1] == "S":
            honest, s = honest + choice, s - 1
        else:
            bluffs, s = bluffs + choice, s + step[2]
    a, b_ = calls.LEARNING_PRIOR
    assert (bluffs, honest) == (0, 3)
    assert find("sat.11").truth() == Fraction(a + bluffs, a + b_ + bluffs + honest) == Fraction(1, 8)


def test_the_one_true_refuses_when_cardlib_confirms_none_or_two():
    with pytest.raises(ValueError, match="not exactly one"):
        calls.the_one_true({"a": True, "b": True})


# --- every recognised mistake, its own message --------------------------------------------------------

MISTAKES = {  # each exercise's recognised wrong answers, in the order of its mistakes, computed here
    "sat.1": [Fraction(3, 7), Fraction(4, 3), Fraction(1, 2), Fraction(3, 5)],
    "sat.2": [Fraction(3, 5), Fraction(3, 10), Fraction(3, 4)],
    "sat.3": [Fraction(4, 7), Fraction(3, 6), Fraction(2, 7), Fraction(4, 5), Fraction(3, 5)],
    "sat.4": [Fraction(3, 5),                              # every order counted
              Fraction(6, 9),                              # the fourth card (the lesson's question)
              Fraction(5, 10),                             # SSSZZ out of the count, not of the total
              5,                                           # the count
              Fraction(4, 9)],                             # the zatsunen's chance
    # sat.5, each history S S, S Z, Z S weighed prior × likelihood: 1/5, 1/10, 1/10 (their sum 2/5)
    "sat.5": [(Fraction(1, 5) * Fraction(1, 3) + Fraction(2, 10) * Fraction(2, 3)) / Fraction(2, 5),  # no satori given
              Fraction(3, 5),                                                                         # the prior
              Fraction(3, 20) + Fraction(9, 40) * 2 + Fraction(1, 10),                                # priors only
              Fraction(1, 5) * Fraction(1, 2) + Fraction(1, 10) * Fraction(3, 4) * 2,                 # not normalised
              Fraction(4, 6)],                                                                        # counted share
    "sat.6": [1 - b, "1 - b + b**3", 3 * b - 6 * b ** 2 + 7 * b ** 3 - 3 * b ** 4, "2*b*(1 - b)**2",
              1 - 2 * b + 3 * b ** 2 - 2 * b ** 3, Fraction(1, 2),
              "2*x*(1 - x)**2 + x**2",                     # the right formula in another symbol
              Fraction(11, 27)],                           # a number
    "sat.9": ["b", "c"],
    "sat.10": ["b", "c", "d"],
    "sat.11": [Fraction(2, 9),                             # the zatsunen from a hand of zatsunen counted as a bluff
               Fraction(1, 5),                             # the prior's mean, not updated
               Fraction(0),                                # the share of bluffs seen, without the prior
               Fraction(1, 9)],                            # all four counted as bluffs not made
}


def sat8_mistakes() -> list[list[object]]:
    """sat.8's recognised wrong answers, by mistake: each list the answers that mistake covers."""
    success, satori, zatsunen = (float(chance) for chance in three_chances())
    failed = 0.1
    return [[round(zatsunen / (success - satori + zatsunen), 3)],                     # the sheet's rule
            [round((zatsunen - failed) / (success - satori + zatsunen), 3)],          # 0.1 without (1 − p)
            [round((zatsunen + failed) / (success - satori + zatsunen + failed), 3)],  # the sign turned
            [round(success - zatsunen, 3), round(success - satori, 3)],               # subtracted
            [0.5],
            [round((success - satori + zatsunen - failed) / (zatsunen - failed), 3)]]  # upside down


SAT8_FORMS = (1, 1, 1, 2, 1, 1)  # how many answers each sat.8 mistake covers (no rollouts when collecting)


@pytest.mark.parametrize("index, form", [(index, form) for index, forms in enumerate(SAT8_FORMS) for form in range(forms)])
def test_each_sat8_mistake_gets_its_own_message(index, form):
    answer = sat8_mistakes()[index][form]
    assert says_only_its_own_mistake("sat.8", answer, index)
    assert not check("sat.8", answer).ok


def test_sat8_forms_are_counted():
    assert [len(answers) for answers in sat8_mistakes()] == list(SAT8_FORMS)


def test_a_near_miss_is_not_taken_for_a_mistake():
    assert "odds" not in str(check("sat.1", Fraction(4, 3) + Fraction(1, 100)))
    assert "forgot the satori" not in str(check("sat.5", Fraction(1, 2) + Fraction(1, 1000)))
    assert "b²" not in str(check("sat.6", 2 * b * (1 - b) ** 2 + b))


def test_a_decimal_of_an_exact_answer_is_told_to_be_exact():
    assert "now give it exactly" in str(check("sat.4", 5 / 9))
    assert "now give it exactly" in str(check("sat.5", 0.625)) or check("sat.5", 0.625).ok  # 0.625 is exactly 5/8
    assert check("sat.2", 0.7).ok  # 0.7 is exactly 7/10


# --- the notebook and the answer key agree ------------------------------------------------------------

def test_the_prompts_show_what_the_truths_use():
    text = prompts()
    assert "**3 satori (S) and 2 zatsunen (Z)**" in text and "**4 satori and 3 zatsunen**" in text
    assert "**3/10**" in text and "`rng.random() < 1/3`" in text and f"**{ex.RUNS:,}** runs" in text
    assert "(hits, runs, seed)" in text
    assert f"rollouts={calls.ROLLOUTS}, seed={calls.STAKES_SEED}" in text
    assert f'MODELS["{calls.BOTS}"]' in text and calls.BOTS in MODELS
    assert "Z Z S" in text and "hand S S" in text
    for name in ("prior", "likelihood", "posterior", "expected", "standard error"):
        assert name in text.lower()
    assert "](../../notebooks/03_the_satori.ipynb)" in text
    assert "Eleven questions" in text and len(IDS) == 11


def test_the_student_notebook_imports_no_function_that_computes_an_answer():
    setup = next(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells if cell.id == "setup")
    for name in ("last_card_satori", "posterior_in_bluff", "bayes_table", "card_satori", "worlds",
                 "satori_by_position", "cardlib.satori.beliefs"):
        assert name not in setup, name


def test_the_lesson_prose_states_no_exercise_answer():
    """The lesson's markdown names none of the exact truths (the lead's leak test also runs the lesson)."""
    lesson = Path(__file__).resolve().parents[2] / "notebooks" / "03_the_satori.ipynb"
    prose = "\n".join(cell.source for cell in nbformat.read(lesson, as_version=4).cells if cell.cell_type == "markdown")
    for exercise_id in IDS:
        truth = find(exercise_id).truth()
        truth = truth.value if isinstance(truth, Sampled) else truth
        if isinstance(truth, Fraction):
            written = {f"{truth.numerator}/{truth.denominator}", f"{truth.numerator} / {truth.denominator}",
                       f"{float(truth):.3f}", f"{float(truth):.4f}"}
            assert not any(text in prose for text in written), (exercise_id, truth)
        elif isinstance(truth, sp.Expr):
            assert str(truth) not in prose and str(sp.expand(truth)) not in prose and sp.latex(truth) not in prose


def test_the_top_names_the_enumeration_and_the_simulation():
    top = nbformat.read(SOLUTIONS, as_version=4).cells[0].source
    assert "sat.4" in top and "enumeration" in top and "sat.7" in top and "simulation" in top


class TestExercises(Exercises):
    """The tests every game's exercises share (tests/exercising.py), on The Satori's."""

    NOTEBOOK, MODULE, PREFIX, COUNT = "03_the_satori", "cardlib.satori.exercises", "sat", 11
    MISTAKES, ALLOWED, STEPPED = MISTAKES, frozenset({"P"}), 1  # P(win | success): a probability written out
    ELSEWHERE = {"sat.7": len(SIMULATION_SLIPS), "sat.8": len(SAT8_FORMS)}  # simulations; sat.8's forms below

    def wrong_answer(self, exercise_id: str) -> object:
        """A plausible but wrong answer of the right type, none of the recognised mistakes."""
        item = find(exercise_id)
        truth = item.truth()
        if item.choices:
            return next(choice for choice in item.choices if choice != truth)
        if isinstance(truth, Sampled):
            return (round(float(truth.value) * truth.runs) + 2_000, truth.runs, 1)
        if isinstance(truth, sp.Expr):
            return truth + b ** 2
        return truth + Fraction(1, 100)
