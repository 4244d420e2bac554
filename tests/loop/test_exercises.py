"""The Loop exercises: every truth computes, the solutions pass, wrong answers get their own messages."""
from __future__ import annotations

import math
import random
import re
import sys
from fractions import Fraction
from functools import reduce
from itertools import combinations
from pathlib import Path

import nbformat
import pytest
import sympy as sp

from cardlib import check
from cardlib.core.checking import exercise_ids, find
from cardlib.loop import exercises as ex
from cardlib.loop.actions import DECK
from cardlib.loop.replays import variance_split
from cardlib.loop.rules import Game
from tests import scripts
from tests.exercising import first_try  # noqa: F401 an autouse fixture: each test starts with no wrong tries
from tests.exercising import Exercises, says_only_its_own_mistake
from tests.loop.helpers import stacked_deck

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = ROOT / "exercises" / "solutions" / "05_loop.ipynb"
STUDENT = ROOT / "exercises" / "05_loop.ipynb"
IDS = exercise_ids("cardlib.loop.exercises")
COUNT = 11
TRUTH_6 = {"play 2r 3r", "play 3r 4r", "play 4y 5y", "play 5y 6y"}


WRONG = {"loop.6": {"play 2r 3r", "play 3r 4r", "play 4y 5y"},   # every wrong set of plays is some slip
         "loop.8": (3, {2}), "loop.10": 0.5}


# --- the truths, against independent computations ---------------------------------------------------

def test_loop1_to_loop3_by_counting():
    assert find("loop.1").truth() == (45 - 22, math.comb(34, 11)) == (23, 286_097_760)
    none = Fraction(math.comb(39, 11), math.comb(45, 11))                # no 1 and no 15: six cards
    assert find("loop.2").truth() == 1 - none == Fraction(154_549, 185_115)
    unused, one_each = find("loop.3").truth()
    assert unused == Fraction(12 * 11 * 10, 45 * 44 * 43) == Fraction(2, 129)
    assert one_each == Fraction(6 * 11 ** 3, 45 * 44 * 43) == Fraction(121, 1290)


def where_the_eights_lie_by_listing() -> tuple[Fraction, Fraction]:
    """loop.3 by listing every set of 3 places the 8s may take (chairs 0-2 hold places 0-32, 33-44 are unused)."""
    sets = list(combinations(range(45), 3))
    chairs = [tuple(min(place // 11, 3) for place in places) for places in sets]
    unused = sum(all(chair == 3 for chair in found) for found in chairs)
    each = sum(sorted(found) == [0, 1, 2] for found in chairs)
    return Fraction(unused, len(sets)), Fraction(each, len(sets))


def test_loop3_agrees_with_every_place_of_the_8s_listed_and_a_seeded_deal():
    assert find("loop.3").truth() == where_the_eights_lie_by_listing()
    rng, each, deals = random.Random(3), 0, 20_000
    for _ in range(deals):
        state = Game(players=3).new(seed=rng.randrange(10 ** 9))
        each += all(sum(card[0] == 8 for card in state.hand(p)) == 1 for p in range(3))
    estimate = each / deals
    assert abs(estimate - float(find("loop.3").truth()[1])) < 4 * math.sqrt(estimate * (1 - estimate) / deals)


def mean_over_every_hand(size: int, count) -> Fraction:
    """The mean of ``count(hand)`` over every hand of ``size`` cards of the 45, listed."""
    hands = list(combinations(DECK, size))
    return Fraction(sum(count(set(hand)) for hand in hands), len(hands))


def test_loop4_and_loop5_by_linearity_agree_with_every_hand_of_three_listed():
    # the same indicators, with 3 cards where every hand can be listed: 45 pairs and 42 runs of 2, each (3·2)/(45·44)
    both = Fraction(3 * 2, 45 * 44)
    assert mean_over_every_hand(3, lambda hand: sum(a[0] == b[0] for a, b in combinations(hand, 2))) == 45 * both
    assert mean_over_every_hand(3, lambda hand: sum((n + 1, c) in hand for n, c in hand)) == 42 * both
    assert find("loop.4").truth() == 45 * Fraction(11 * 10, 45 * 44) == Fraction(5, 2)
    assert find("loop.5").truth() == 42 * Fraction(11 * 10, 45 * 44) == Fraction(7, 3)


def test_loop6_every_run_of_two_below_the_trick_and_the_engine_offers_those_after_donden():
    hand = ex.follow_hand()
    listed = {f"play {a[0]}{a[1]} {b[0]}{b[1]}" for a, b in combinations(hand, 2)
              if a[1] == b[1] and abs(a[0] - b[0]) == 1 and min(a[0], b[0]) < 6}
    # two players, chair 1 starts: player 1 leads 6b 7b; player 0 set 8r aside, declares donden, then follows
    state = Game(players=2, start=1).new(deck=stacked_deck(ex.FOLLOW_HAND + " 8r 15y", "6b 7b"))
    scripts.say(state, next(a for a in map(str, state.legal_actions()) if not re.search(r"\b[67]b\b", a)))
    for text in ("set aside 8r 15y", "play 6b 7b", "donden"):
        scripts.say(state, text)
    assert state.reversed and state.current_player == 0 and state.hand(0) == tuple(sorted(hand))
    assert {a for a in scripts.legal(state) if a.startswith("play")} == listed == TRUTH_6 == find("loop.6").truth()


def test_loop7_the_totals_by_the_digest():
    previous = {chair: ex.NORMAL_RANKS[chair] for chair in range(4)}   # player p sat in chair p
    before = [2 + (4, 2, 1, 0)[rank - 1] for rank in ex.NORMAL_RANKS]
    by_hand = tuple(max(0, total + (4, 2, 1, 0)[rank - 1] + previous[chair] - rank)
                    for total, rank, chair in zip(before, ex.LOOP_RANKS, ex.LOOP_CHAIRS))
    assert find("loop.7").truth() == by_hand == (10, 0, 6, 7)
    assert before[1] + (4, 2, 1, 0)[3] + previous[ex.LOOP_CHAIRS[1]] - 4 < 0   # the floor matters here
    assert sorted(ex.LOOP_CHAIRS) == [0, 1, 2, 3] and all(ex.LOOP_CHAIRS[p] != p for p in range(4))


def test_loop8_by_trying_every_way_to_seat_the_rest_and_loop11():
    before = dict(enumerate(ex.LOOP_CHAIRS))
    chooser, last = 3, 0   # ranks 1, 4, 3, 2: players 1 and 2 chose, then 3, then 0
    free = set(range(4)) - set(ex.CHOSEN.values())
    fine = {chair for chair in free if chair != before[chooser] and (free - {chair}).pop() != before[last]}
    assert find("loop.8").truth() == (chooser, frozenset(fine)) == (3, frozenset({3}))
    assert ex.choosing_order() == [1, 2, 3, 0] and find("loop.11").truth() == "a"


# --- the simulation: loop.9 -----------------------------------------------------------------------------

def starts_of_runs(numbers: int, length: int) -> int:
    """The lowest numbers of the runs of ``length`` in a bit mask of numbers (bit n: number n held)."""
    return reduce(lambda starts, step: starts & numbers >> step, range(1, length), numbers)


def student_simulation(seed: int = 5, hands: int = 20_000, length: int = 3, mixed: bool = False,
                       count: bool = False, replace: bool = False, wrap: bool = False) -> list[int]:
    """loop.9 as a student writes it: per hand, 1 if it holds a run of 3 (the flags make the slips)."""
    rng = random.Random(seed)
    found = []
    for _ in range(hands):
        masks = dict.fromkeys("rby", 0)
        for number, colour in (rng.choices(DECK, k=11) if replace else rng.sample(DECK, 11)):
            masks[colour] |= 1 << number
            if wrap:  # 15 and 1 taken as neighbours: 1 and 2 held again above 15
                masks[colour] |= (1 << (number + 15)) if number <= 2 else 0
        groups = [masks["r"] | masks["b"] | masks["y"]] if mixed else list(masks.values())
        runs = sum(bin(starts_of_runs(mask, length)).count("1") for mask in groups)
        found.append(runs if count else int(runs > 0))
    return found


def counted(found: list[int], seed: int = 5) -> tuple[int, int, int]:
    """A simulation's answer as the question asks for it: (hits, runs, seed)."""
    return sum(found), len(found), seed


def test_loop9_truth_is_exact_and_agrees_with_a_long_simulation():
    truth = find("loop.9").truth()
    assert isinstance(truth.value, Fraction) and 0.34 < truth.value < 0.35
    assert truth.runs == ex.RUNS == 20_000 and truth.spread is None
    long_run = student_simulation(seed=99, hands=40_000)
    p = sum(long_run) / len(long_run)
    assert abs(p - float(truth.value)) < 4 * math.sqrt(p * (1 - p) / len(long_run))


@pytest.mark.parametrize("seed", (5, 6, 7))
def test_loop9_a_simulation_written_as_a_student_would_passes(seed):
    verdict = check("loop.9", counted(student_simulation(seed), seed))
    assert verdict.ok and f"seed {seed}" in verdict.message


def test_loop9_the_exact_value_or_an_estimate_with_its_error_is_no_simulation():
    truth = find("loop.9").truth()
    for answer in ((float(truth.value), truth.standard_error), (truth.value, truth.runs, 5),
                   (3458, 1_000, 5), (6916, 20_000), (6916, 20_000, None)):
        assert not check("loop.9", answer).ok, answer


SIMULATION_SLIPS = [  # (what the slipped simulation does, words of its own message), in the order of the mistakes
    (dict(count=True), "mean number"),
    (dict(length=2), "runs of 2"),
    (dict(mixed=True), "mixed colours"),
    (dict(length=4), "runs of 4"),
    (dict(replace=True), "with replacement"),
    (dict(wrap=True), "round the top"),
]


@pytest.mark.parametrize("seed", (5, 6, 7))
def test_loop9_each_new_slip_lies_8_standard_errors_out_and_gets_its_own_message(seed):
    from cardlib.loop.slips import run_around_the_top, run_with_replacement
    truth = find("loop.9").truth()
    for slip in (run_with_replacement(3), run_around_the_top(3)):
        assert abs(float(slip - truth.value)) > 8 * truth.standard_error
    assert says_only_its_own_mistake("loop.9", counted(student_simulation(seed, replace=True), seed), 4)
    assert says_only_its_own_mistake("loop.9", counted(student_simulation(seed, wrap=True), seed), 5)


def test_the_run_slips_agree_with_listing_small_cases():
    from cardlib.loop.slips import _colour_without_run
    # one colour, 15 numbers: sets of 3 with no run of 3 are all but the 13 runs (15 going round the top)
    assert _colour_without_run(3, False)[3] == math.comb(15, 3) - 13
    assert _colour_without_run(3, True)[3] == math.comb(15, 3) - 15


@pytest.mark.parametrize("index", range(len(SIMULATION_SLIPS)))
def test_loop9_simulation_slips_get_messages_of_their_own(index):
    slip, words = SIMULATION_SLIPS[index]
    answer = counted(student_simulation(**slip))
    verdict = check("loop.9", answer)
    assert not verdict.ok and words in verdict.message
    assert says_only_its_own_mistake("loop.9", answer, index)


# --- the hand or the player: loop.10 -------------------------------------------------------------------

def shares_by_pandas(rows, by) -> float:
    """The share of the spread of points that the means by ``by`` explain, computed here in pandas."""
    grand = rows["points"].mean()
    means = rows.groupby(by)["points"].transform("mean")
    return float(((means - grand) ** 2).sum() / ((rows["points"] - grand) ** 2).sum())


def loop10_slips() -> list[list[float]]:
    """loop.10's recognised wrong answers to two decimals, in the order of its mistakes."""
    table = ex.replay_table()
    normal = table[table["round"] == "normal"]
    player = shares_by_pandas(normal, ["player"])
    hand = shares_by_pandas(normal, ["deal", "chair"])
    return [[round(player, 2)], [round(1 - player, 2)], [round(1 - player - hand, 2)],
            [round(shares_by_pandas(normal, ["chair"]), 2), round(shares_by_pandas(normal, ["deal"]), 2)],
            [round(shares_by_pandas(table, ["deal", "chair"]), 2)],
            [round(100 * hand), round(100 * hand, 1)],                             # a percentage
            [round(shares_by_pandas(table[table["round"] == "loop"], ["deal", "chair"]), 2)]]


def test_loop10_truth_is_the_share_variance_split_reports():
    truth = find("loop.10").truth()
    split = variance_split(ex.replay_table(), "normal", resamples=10)
    assert float(truth) == pytest.approx(split.loc["the hand", "share"], abs=1e-12) and isinstance(truth, Fraction)
    slips = [value for values in loop10_slips() for value in values]
    assert round(float(truth), 2) not in slips


# --- every recognised mistake, its own message --------------------------------------------------------

C, LEFT = math.comb(45, 11), math.comb(34, 11)
NONE_OF_8S = Fraction(math.comb(42, 11), math.comb(45, 11))   # the lesson's P(no 8), 272/645
ONE_8 = Fraction(3 * math.comb(42, 10), math.comb(45, 11))     # the lesson's P(exactly one 8), 187/430
RIGHT_3 = (Fraction(2, 129), Fraction(121, 1290))
MISTAKES = {  # each exercise's recognised wrong answers, in the order of its mistakes (a list: several forms)
    "loop.1": [[(23, math.perm(34, 11))], [(23, 34 ** 11)], [(23, C)], [(23, C * LEFT)],
               [(12, LEFT), (1, LEFT)], [(27, LEFT)], [(LEFT, 23)], [23, [23], (23, LEFT, 0), "23, 286097760"]],
    "loop.2": [[Fraction(22, 15)], [1 - Fraction(39, 45) ** 11],
               [Fraction(math.comb(39, 11), C), sp.Rational(math.comb(39, 11), C)],
               [Fraction(6 * math.comb(39, 10), C)], [Fraction(373, 645)], [Fraction(746, 645)],
               [1 - NONE_OF_8S ** 2]],
    "loop.3": [[(Fraction(12, 45) ** 3, RIGHT_3[1])], [(NONE_OF_8S, RIGHT_3[1])], [(NONE_OF_8S ** 3, RIGHT_3[1])],
               [(RIGHT_3[0], Fraction(11 ** 3, 45 * 44 * 43))],
               [(RIGHT_3[0], 6 * Fraction(11, 45) ** 3), (RIGHT_3[0], Fraction(11, 45) ** 3)],
               [(RIGHT_3[0], ONE_8 ** 3)],
               [RIGHT_3[0], (RIGHT_3[0],), [1, 2, 3]],
               [RIGHT_3[::-1]]],                                                  # the two swapped
    "loop.4": [[5], [Fraction(5, 6)], [Fraction(121, 45)], [Fraction(11, 3)], [Fraction(185, 86)], [Fraction(85, 43)]],
    "loop.5": [[Fraction(5, 2)], [Fraction(7, 9)], [7], [Fraction(14, 3)], [Fraction(42 * 121, 45 ** 2)],
               [sum(3 * (16 - n) * Fraction(math.perm(11, n), math.perm(45, n)) for n in range(2, 12))]],
    "loop.6": [["play 2r 3r", None, 5, [1, 2], {"2r3r"}, {("2r", "3r")}],
               [TRUTH_6 | {"pass"}, {"donden"}],
               [TRUTH_6 | {"play 1r 2r"}],
               [TRUTH_6 | {"play 3r 4y"}, {"play 4r 5y"}],
               [{"play 2r 4r"}, TRUTH_6 | {"play 4r 4y 5y"}],
               [TRUTH_6 | {"play 4r 4y"}, {"play 2r 3r 4r"}, {"play 7y"}],
               [TRUTH_6 | {"play 6y 7y"}],
               [{"play 11b 12b"}, TRUTH_6 | {"11b 12b"}],
               [{"play 2r 3r", "play 4y 5y"}, set(), ["2r 3r"]]],
    "loop.7": [[(10, -1, 6, 7)], [(9, 2, 5, 6)], [(6, 5, 8, 3)], [(6, 0, 5, 5)], [(8, 2, 7, 5)], [(6, -3, 0, 4)],
               [(10, 0, 6), 5, [10, 0, 6, 7, 0]]],
    "loop.8": [[3, "3", (3,), (3, "3"), (3, {3}, 0)], [(0, {2}), (2, {3})], [(3, {1, 3})], [(3, {0, 3})],
               [(3, {2, 3})]],
    "loop.10": loop10_slips(),
    "loop.11": [["b"], ["c"], ["d"]],
}


def test_a_near_miss_is_not_taken_for_a_mistake():
    assert "expected number of 1s and 15s" not in str(check("loop.2", Fraction(22, 15) + Fraction(1, 1000)))
    assert "14 runs of 2" not in str(check("loop.5", Fraction(5, 2) + 1))
    assert "never drops below 0" not in str(check("loop.7", (10, -2, 6, 7)))


# --- the kinds of answer ----------------------------------------------------------------------------

def test_exact_answers_take_fractions_and_sympy_and_ask_for_exactness_otherwise():
    assert check("loop.2", Fraction(154_549, 185_115)).ok and check("loop.2", sp.Rational(154_549, 185_115)).ok
    assert check("loop.3", (Fraction(2, 129), sp.Rational(121, 1290))).ok and check("loop.4", 2.5).ok
    assert "now give it exactly" in str(check("loop.2", 154_549 / 185_115))
    assert "not text" in str(check("loop.4", "5/2"))


def test_plays_and_chairs_read_in_any_spelling():
    assert check("loop.6", ["2r 3r", "play 3r 4r", "PLAY 4y  5y", "5y 6y"]).ok
    assert check("loop.6", ("play 5y 6y", "play 4y 5y", "play 3r 4r", "play 3r 2r")).ok
    for answer in ((3, {3}), [3, [3]], (3, 3), (3, (3,))):
        assert check("loop.8", answer).ok, answer


def test_a_share_counts_to_two_decimals():
    truth = float(find("loop.10").truth())
    assert check("loop.10", round(truth, 2)).ok and check("loop.10", truth).ok
    assert not check("loop.10", round(truth, 2) + 0.01).ok


def test_wrong_kinds_of_answer_are_told_what_to_give():
    assert "two numbers in a tuple" in str(check("loop.1", 12))
    assert "one total per player" in str(check("loop.7", 10))
    assert "set of plays written in the notation" in str(check("loop.6", "play 2r 3r"))
    assert "(the next chooser, {the chairs they may take})" in str(check("loop.8", 3))
    assert "answer with one letter in quotes" in str(check("loop.11", "e"))
    assert "(hits, runs, seed)" in str(check("loop.9", 0.35))


# --- the notebook and the answer key agree ------------------------------------------------------------

def test_the_prompts_show_what_the_truths_use():
    text = "\n".join(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells if cell.cell_type == "markdown")
    assert "**two players**" in text and "**three players**" in text and "1 or 15" in text   # loop.1-3, loop.11
    assert ex.DEAL_PLAYERS == 2 and ex.SPREAD_PLAYERS == ex.EXPLAIN_PLAYERS == 3 and ex.EXTREMES == (1, 15)
    assert f"`{ex.FOLLOW_TRICK}`" in text and "**donden**" in text                   # loop.6
    assert "player 1 took chair 0 and player 2 took chair 1" in text and ex.CHOSEN == {1: 0, 2: 1}
    assert f"random.Random({ex.SIMULATION_SEED})" in text and f"**{ex.RUNS:,}** hands" in text
    assert "`(hits, runs, seed)`" in text
    assert f"{ex.REPLAY_DEALS} deals with two players" in text
    for name in ("expected value", "indicator", "standard error", "simulation", "share of the spread"):
        assert name in text.lower()
    assert "](../../notebooks/05_loop.ipynb)" in text and "Eleven questions" in text and len(IDS) == COUNT


def test_the_student_copy_is_built_and_blank():
    sys.path.insert(0, str(ROOT / "tools"))
    import build_exercises

    assert STUDENT not in build_exercises.build(check=True), "run `make exercises`"
    cells = nbformat.read(STUDENT, as_version=4).cells
    sources = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
    for number in range(1, COUNT + 1):
        assert f"answer_{number} = ...\n" in sources + "\n" and f'check("loop.{number}", answer_{number})' in sources
    assert "rng.sample" not in sources and "transform(" not in sources   # loop.9 and loop.10 stay the student's
    setup = next(cell.source for cell in cells if "from cardlib import check" in cell.source)
    for computes in ANSWERING:
        assert not re.search(rf"\b{computes}\b", setup), f"the student notebook imports {computes}, which computes an answer"


ANSWERING = ("analysis", "eights_distribution", "expected_combinations", "p_all_dealt", "p_at_least_one_of",
             "p_eights_unused", "p_one_eight_each", "p_run_in_hand", "beating", "allowed_chairs", "round_points",
             "new_total", "variance_split", "exercises import .*the_", "slips")   # cardlib's answers to loop.1-11


def test_the_examples_and_wrong_letter_messages_give_nothing_away():
    from cardlib.core.checking import find as find_exercise
    cells = {cell.id: cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells}
    assert not any(play in cells["q6"] for play in TRUTH_6)
    assert not any(play in m.message for m in find_exercise("loop.6").mistakes for play in TRUTH_6)
    assert "luck" not in find_exercise("loop.11").mistakes[0].message
    for number in (4, 5):  # a comment in an answer cell may point the way, not do the sum
        comments = [line for line in cells[f"q{number}-answer"].splitlines() if line.startswith("#")]
        assert not any("×" in line or "14" in line for line in comments)


def test_the_loop11_messages_give_the_rules_points():
    # the words of loop.11 are in cardlib/loop/choices.ini: its figures must be those round_points gives
    points, base = ex._points, ex.BASE[ex.EXPLAIN_PLAYERS]
    b, c, d = (m.message for m in find("loop.11").mistakes)
    assert f"1st gives {points(2, 1)}, from one whose last occupant was 3rd {points(2, 3)}." in b
    assert f"gives {base[0]} + 2 = {points(1, 3)} points" in c
    assert f"gives {base[1]} + (1 − 2) = {points(2, 1)}; from one that was 3rd, {points(2, 3)}." in d

class TestExercises(Exercises):
    """The tests every game's exercises share (tests/exercising.py), on Loop's."""

    NOTEBOOK, MODULE, PREFIX, COUNT = "05_loop", "cardlib.loop.exercises", "loop", COUNT
    MISTAKES, FORMS, STEPPED = MISTAKES, True, 1
    ELSEWHERE = {"loop.9": len(SIMULATION_SLIPS)}  # simulations: test_loop9_..._slips_...
    WRONG = WRONG
