"""The SCOUT exercises: every truth computes, the solutions pass, wrong answers get their own messages."""
from __future__ import annotations

import math
import random
import sys
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations, product
from pathlib import Path

import nbformat
import pytest

from cardlib import check
from cardlib.core.checking import exercise_ids, find
from cardlib.scout import exercises as ex
from cardlib.scout.analysis import adjacent_chances, adjacent_chances_by_listing, simulate_three
from cardlib.scout.slips import chance
from cardlib.scout.groups import beats
from tests.exercising import first_try  # noqa: F401 an autouse fixture: each test starts with no wrong tries
from tests.exercising import Exercises, says_only_its_own_mistake
from tests.scout.helpers import ALL_CARDS, beating_slices, cards_of, strength, turned

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = ROOT / "exercises" / "solutions" / "04_scout.ipynb"
STUDENT = ROOT / "exercises" / "04_scout.ipynb"
IDS = exercise_ids("cardlib.scout.exercises")


def prompts() -> str:
    """The text of the exercise notebook's markdown cells."""
    return "\n".join(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells
                     if cell.cell_type == "markdown")


# --- the truths, against independent computations ---------------------------------------------------

def neighbours(cards, kind):
    """The chance two neighbouring dealt cards form a set or a run of 2, by listing every case here."""
    hits = total = 0
    for first, second in permutations(cards, 2):
        for a, b in product(first, second):
            total += 1
            hits += (a == b) if kind == "set" else abs(a - b) == 1
    return Fraction(hits, total)


def test_scout1_a_deck_of_twelve_numbers_listed():
    box = list(combinations(range(1, ex.DECK_NUMBERS + 1), 2))
    assert (ex.DECK_NUMBERS, ex.DECK_PLAYERS) == (12, 6) and len(box) % 6 == 0
    assert find("scout.1").truth() == (len(box), len(box) // 6) == (66, 11)


def test_scout2_and_scout3_by_listing():
    cards = cards_of(3)
    assert find("scout.2").truth() == neighbours(cards, "set") == Fraction(1, 10)
    assert find("scout.2").truth() == adjacent_chances_by_listing(3, 2)["set of 2"]
    assert find("scout.3").truth() == (12 - 1) * neighbours(cards, "run") == Fraction(11, 5)


def test_scout3_the_expected_count_agrees_with_every_hand_of_a_toy_deck():
    toy = list(combinations(range(1, 6), 2))  # the same argument, where every hand of 4 cards can be listed
    runs = hands = 0
    for chosen in permutations(toy, 4):
        for tops in product(*chosen):
            runs += sum(abs(a - b) == 1 for a, b in zip(tops, tops[1:]))
            hands += 1
    assert Fraction(runs, hands) == 3 * neighbours(toy, "run") == 3 * adjacent_chances(cards=toy)["run of 2"]


def test_scout4_by_listing_three_neighbours_of_the_three_player_deck():
    runs = total = 0
    for chosen in permutations(cards_of(3), 3):
        for a, b, c in product(*chosen):
            total += 1
            runs += (a + 1 == b == c - 1) or (a - 1 == b == c + 1)
    assert find("scout.4").truth() == Fraction(runs, total) == Fraction(61, 3060)
    assert find("scout.4").truth() == adjacent_chances_by_listing(3, 3)["run of 3"]


def test_scout5_each_group_beats_every_group_before_it():
    order = find("scout.5").truth()
    assert sorted(order) == sorted(ex.BEATING_GROUPS) and order == "abced"
    groups = [ex.BEATING_GROUPS[name] for name in order]
    for i, weaker in enumerate(groups):
        for stronger in groups[i + 1:]:
            assert beats(stronger, weaker) and not beats(weaker, stronger)
            assert strength(stronger) > strength(weaker)  # the digest's order, computed in the helpers


def test_scout6_every_slice_that_is_a_group():
    tops = [top for top, _ in ex.SHOW_HAND]
    assert tops == [10, 1, 2, 3, 3, 3, 7, 6, 9]
    assert {tuple(sorted(card)) for card in ex.SHOW_HAND} <= set(ALL_CARDS) and len(set(map(frozenset, ex.SHOW_HAND))) == 9
    assert find("scout.6").truth() == len(beating_slices(tops, [])) == 9 + 7  # singles; 1-2, 2-3, 1-2-3, 3-3 ×2, 3-3-3, 7-6


def test_scout8_turning_gives_a_run_of_three_against_a_set_of_two():
    hand = list(ex.KEEP_OR_TURN_HAND)
    assert len({frozenset(card) for card in hand}) == 12 and all(10 not in card for card in hand)

    def best(tops):
        return max(strength(tops[i:j]) for i in range(len(tops)) for j in range(i + 1, len(tops) + 1)
                   if strength(tops[i:j]) is not None)

    kept, turned_tops = [top for top, _ in hand], [top for top, _ in turned(hand)]
    assert best(kept) == (2, 1, 9) and best(turned_tops) == (3, 0, 1)   # 9-9 against 3-2-1
    assert sum(kept) > sum(turned_tops)  # the higher numbers are in the kept hand: the slip's pull
    assert find("scout.8").truth() == "turn"


def test_scout9_the_round_ends_by_ii_and_is_scored_by_the_digest():
    state = ex.finished_round()
    assert state.is_over and len(state.history) == len(ex.ROUND_SCRIPT)
    tally = state.observation(0).finished[-1]
    assert (tally.reason, tally.ender, tally.exempt) == ("came back", 3, 3)
    # the story the question tells: 3 showed 5-4-3-2-1, then 0, 1 and 2 each only scouted
    shown = [entry for entry in state._log if entry[0] == "show"]
    assert shown[-1][1] == 3 and [card[0] for card in shown[-1][2][2]] == [5, 4, 3, 2, 1]
    assert [(entry[0], entry[1]) for entry in state._log[-5:-2]] == [("scout", 0), ("scout", 1), ("scout", 2)]
    assert [card[0] for card in state.active] == [2, 1] and state.owner == 3
    counts = ex.round_counts()
    by_hand = tuple(int(row["score cards"] + row["chips"] - (0 if player == 3 else row["cards in hand"]))
                    for player, row in counts.iterrows())
    assert find("scout.9").truth() == by_hand == tally.scores == (-6, -7, 0, 5)
    assert "ended the round by (ii)" in counts and counts["ended the round by (ii)"].tolist() == [False] * 3 + [True]


def test_scout10_a_set_makes_the_next_rarer_with_three_and_with_five_players():
    for players, carrying, cards in ((3, 8, 36), (5, 9, 45)):
        knowing_nothing, after_a_set = ex.next_set_chance(players)
        assert knowing_nothing == neighbours(cards_of(players), "set") == Fraction(carrying - 1, 2 * (cards - 1))
        assert after_a_set == Fraction(carrying - 2, 2 * (cards - 2)) < knowing_nothing   # the count in the hint
        assert after_a_set == adjacent_chances_by_listing(players, 3)["set of 3"] / knowing_nothing
    assert find("scout.10").truth() == "a"


# --- the simulation: scout.7 ----------------------------------------------------------------------------

def test_scout7_truth_is_a_million_hands_of_cardlib_and_agrees_with_the_plain_simulation():
    truth = find("scout.7").truth()
    assert truth.runs == ex.RUNS == 40_000 and truth.spread is None and isinstance(truth.value, Fraction)
    assert truth.value.denominator <= ex.REFERENCE_HANDS == 1_000_000   # a share of a million hands
    plain = simulate_three(3, 20_000, seed=5)["set or run of 3"]     # the readable simulation, another seed
    assert abs(plain.value - float(truth.value)) < 4 * plain.standard_error


@lru_cache(maxsize=None)
def student_simulation(seed: int = 7, hands: int = 40_000, either_way: bool = False, only: str = "",
                       count: bool = False, replace: bool = False) -> list[int]:
    """scout.7 as a student writes it: per hand, 1 if it holds a set or run of 3 (the flags make the slips)."""
    rng = random.Random(seed)
    cards = cards_of(3)
    found = []
    for _ in range(hands):
        if replace:
            dealt = [rng.choice(cards) for _ in range(12)]
        else:
            rng.shuffle(cards)
            dealt = cards[:12]
        hand = [card if rng.random() < 0.5 else card[::-1] for card in dealt]
        sides = [[top for top, _ in hand]] + ([[top for top, _ in turned(hand)]] if either_way else [])
        hits = 0
        for tops in sides:
            for i in range(10):
                kind = strength(tops[i:i + 3])
                if kind is not None and (not only or (only == "set") == bool(kind[1])):
                    hits += 1
        found.append(hits if count else int(hits > 0))
    return found


@pytest.mark.parametrize("seed", (7, 8, 9))
def test_scout7_a_simulation_written_as_a_student_would_passes(seed):
    found = student_simulation(seed)
    verdict = check("scout.7", (sum(found), len(found), seed))
    assert verdict.ok and "± " in verdict.message and f"seed {seed}" in verdict.message


SIMULATION_SLIPS = [  # (what the slipped simulation does, the words of its own message), in the order of the mistakes
    (dict(either_way=True), "turned version"),
    (dict(only="run"), "runs of 3 only"),
    (dict(only="set"), "sets of 3 only"),
    (dict(replace=True), "with replacement"),
    (dict(count=True), "mean number"),
]


@pytest.mark.parametrize("seed", (7, 8, 9))
def test_scout7_dealing_with_replacement_is_far_out_and_told_so(seed):
    truth = find("scout.7").truth()
    assert float(ex.three_with_replacement(3, 12) - truth.value) > 8 * truth.standard_error
    found = student_simulation(seed, replace=True)
    assert says_only_its_own_mistake("scout.7", (sum(found), len(found), seed), 3)


@pytest.mark.parametrize("index", range(len(SIMULATION_SLIPS)))
def test_scout7_simulation_slips_get_messages_of_their_own(index):
    slip, words = SIMULATION_SLIPS[index]
    found = student_simulation(**slip)
    answer = (sum(found), len(found), 7)   # counting every set or run: fewer than one a hand, so it reads as hits
    verdict = check("scout.7", answer)
    assert not verdict.ok and words in verdict.message
    assert says_only_its_own_mistake("scout.7", answer, index)


def test_no_message_gives_the_ratio_to_the_answer_or_says_which_letter_is_right():
    messages = [m.message for key in ("scout.2", "scout.3", "scout.4", "scout.8", "scout.10") for m in find(key).mistakes]
    assert not any(word in message for message in messages for word in ("twice the answer", "half the answer"))
    assert not any("Less likely" in message or "rarer, not" in message for message in messages)


def test_scout7_the_estimate_and_its_standard_error_are_no_answer_any_more():
    found = student_simulation()
    p = sum(found) / len(found)
    assert not check("scout.7", (p, math.sqrt(p * (1 - p) / len(found)))).ok
    assert "count of hits" in str(check("scout.7", (p, 40_000, 7)))
    assert "40,000 runs" in str(check("scout.7", (sum(found[:5_000]), 5_000, 7)))
    assert "seed" in str(check("scout.7", (sum(found), 40_000, None)))


# --- every recognised mistake, its own message --------------------------------------------------------

MISTAKES = {  # each exercise's recognised wrong answers, in the order of its mistakes (a list: several forms)
    "scout.1": [[45, (45, 7.5), (45, 11)],                  # SCOUT's own box, C(10, 2)
                [78, (78, 13)],                              # 4/4 and such counted, C(13, 2)
                [55, (55, Fraction(55, 6))],                 # eleven numbers, C(11, 2)
                [(132, 22), 144, (144, 24)],                 # ordered pairs, pairs with itself
                [(11, 66)],                                  # swapped
                [(66, 11, 0), [66], 66, "66, 11"]],
    "scout.2": [[Fraction(1, 5), 0.2],                       # carries the number, no way up (or the run)
                [Fraction(1, 9)],                            # with replacement
                [Fraction(1, 11)]],                          # the 45-card deck
    "scout.3": [[Fraction(12, 5)],                           # k pairs
                [Fraction(11, 10)],                          # upward runs only, or the sets' count
                [Fraction(6, 5)],                            # 6 separate pairs
                [Fraction(1, 5)],                            # one pair
                [2],                                         # k - 2
                [Fraction(33, 10)]],                         # sets too
    "scout.4": [[Fraction(3, 85)],                           # one number per card
                [Fraction(14, 729)],                         # a card twice
                [Fraction(61, 6120)],                        # upward only
                [Fraction(41, 1020)],                        # zigzags like 4-5-4 too
                [Fraction(22, 765)],                         # sets too
                [Fraction(1, 5)]],                           # a run of 2
    "scout.5": [["abc", "abcdef", 5, None, "aabcd"],
                ["decba", ["d", "e", "c", "b", "a"]],
                ["cdeab", "cdeba"],                          # by the highest number
                ["cdaeb"],                                   # by the sum
                ["dceba"],                                   # by the lowest number
                ["abcde", "baced"],                          # fewer cards above more
                ["acbed"],                                   # a run above a set of 2
                ["abecd"]],                                  # 2-2 above 6-6
    "scout.6": [[7], [19], [15], [22], [13], [14]],
    "scout.8": [["maybe", 1, None, "kept"], ["keep", " Keep ", '"keep"']],
    "scout.9": [[(-6, -7, 0, -3)],                           # the exempt player pays
                [(-6, -7, 0, 7)],                            # the active set counted
                [(-7, -8, -3, 2)],                           # no chips
                [(3, 3, 6, 5)],                              # no hands
                [(1, 2, 3), [-6, -7, 0], (-6, -7, 0, 5, 0), 5]],
    "scout.10": [["b"], ["c"], ["d"]],
}


def test_a_near_miss_is_not_taken_for_a_mistake():
    assert "way up" not in str(check("scout.2", Fraction(1, 5) + Fraction(1, 1000)))
    assert "11 neighbouring pairs, not 12" not in str(check("scout.3", Fraction(12, 5) + 1))
    assert "single cards" not in str(check("scout.6", 8))


# --- the kinds of answer ----------------------------------------------------------------------------

def test_exact_answers_take_an_exact_decimal_and_ask_for_a_fraction_otherwise():
    assert check("scout.2", 0.1).ok and check("scout.3", 2.2).ok
    assert "now give it exactly" in str(check("scout.4", round(61 / 3060, 4)))
    assert "not text" in str(check("scout.2", "1/10"))


def test_orders_and_words_read_in_any_spelling():
    assert check("scout.5", "a, b, c, e, d").ok and check("scout.5", ["A", "b", "c", "e", "D"]).ok
    assert check("scout.5", ("a", "b", "c", "e", "d")).ok and check("scout.5", "ABCED").ok
    assert check("scout.8", "Turn").ok and check("scout.8", " turn ").ok


def test_wrong_kinds_of_answer_are_told_what_to_give():
    assert "two numbers in a tuple" in str(check("scout.1", 66))
    assert "one number per player" in str(check("scout.9", 5))
    assert "five letters" in str(check("scout.5", 12345))
    assert "\"keep\" or \"turn\"" in str(check("scout.8", True))
    assert "answer with one letter in quotes" in str(check("scout.10", "e"))
    assert "count of hits" in str(check("scout.7", (0.2, 0.1, 0.0)))


@pytest.mark.parametrize("odd", ("e", "ab", 2, None, ""))
def test_multiple_choice_reads_any_case_and_refuses_non_letters(odd):
    assert check("scout.10", "A").ok and check("scout.10", "(a) ").ok
    verdict = check("scout.10", odd)
    assert not verdict.ok and "answer with one letter in quotes" in verdict.message


# --- the notebook and the answer key agree ------------------------------------------------------------

def test_the_prompts_show_what_the_truths_use():
    text = prompts()
    assert "**1 to 12**" in text and "**six players**" in text                    # scout.1
    assert "**three-player**" in text and "deck(3)" in text                        # scout.2
    assert "**12**" in text and "chance 1/5" in text and chance(3, "run of 2") == Fraction(1, 5)   # scout.3
    assert "**run of 3**" in text and "three-player game" in text                  # scout.4
    assert f"random.Random({ex.SIMULATION_SEED})" in text and f"**{ex.RUNS:,}** hands" in text
    assert "5-4-3-2-1" in text and "players 0, 1 and 2" in text and "2-1" in text  # scout.9
    assert "five players" in text and ex.OTHER_PLAYERS == 5                        # scout.10
    for name in ("expected value", "indicator", "standard error", "enumeration", "simulation"):
        assert name in text.lower()
    assert "](../../notebooks/04_scout.ipynb)" in text
    assert "Ten questions" in text and len(IDS) == 10


def test_the_student_copy_is_built_and_blank():
    sys.path.insert(0, str(ROOT / "tools"))
    import build_exercises

    assert STUDENT not in build_exercises.build(check=True), "run `make exercises`"
    cells = nbformat.read(STUDENT, as_version=4).cells
    sources = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
    for number in range(1, 11):
        assert f"answer_{number} = ...\n" in sources + "\n" and f'check("scout.{number}", answer_{number})' in sources
    assert "permutations(cards, 3)" not in sources and "b - a == c - b" not in sources  # scout.4 stays the student's
    assert "hits += " not in sources                                                   # scout.7 too


def test_the_student_notebook_imports_no_function_that_computes_an_answer():
    setup = "\n".join(cell.source for cell in nbformat.read(STUDENT, as_version=4).cells
                      if cell.cell_type == "code" and "import " in cell.source)
    for name in ("adjacent_chances", "expected_adjacent", "shows", "simulate_three", "share_with_three",
                 "next_set_chance", "round_points", "keep_or_turn", "exercises import *"):
        assert name not in setup, name


class TestExercises(Exercises):
    """The tests every game's exercises share (tests/exercising.py), on SCOUT's."""

    NOTEBOOK, MODULE, PREFIX, COUNT = "04_scout", "cardlib.scout.exercises", "scout", 10
    MISTAKES, FORMS = MISTAKES, True
    ELSEWHERE = {"scout.7": len(SIMULATION_SLIPS)}  # simulations: test_scout7_simulation_slips_...
    FIVE = find("scout.5").truth()
    WRONG = {"scout.5": FIVE[1:3] + FIVE[0] + FIVE[3:], "scout.8": None}  # "baced": a single 10 above a run of 2
