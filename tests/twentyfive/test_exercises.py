"""The Twenty-five exercises: every truth computes exactly; the decimal ones accept three decimals;
the solutions pass; the questions the lesson answers are asked about other cases; wrong answers
that can be foreseen get messages of their own."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import nbformat
import pytest

from cardlib import check
from cardlib.core.checking import Sampled, close_to, exercise_ids, find
from cardlib.decks.pairs import COPIES, PAIRS_DECK, pair_count
from cardlib.twentyfive import exercises as ex  # registers the 25.N exercises
from cardlib.twentyfive.analysis import card_bounds, p_over, pairs_distribution, pairs_odds, pass_cost
from tests.exercising import first_try  # noqa: F401 an autouse fixture: each test starts with no wrong tries
from tests.exercising import Exercises, says_only_its_own_mistake

SOLUTIONS = Path(__file__).resolve().parents[2] / "exercises" / "solutions" / "01_twenty_five.ipynb"
IDS = exercise_ids("cardlib.twentyfive.exercises")
DECIMAL_IDS = [key for key in IDS if find(key).compare is close_to]


def prompt(number: int) -> str:
    """The markdown of question ``number`` in the exercise notebook."""
    cells = nbformat.read(SOLUTIONS, as_version=4).cells
    return next(cell.source for cell in cells if cell.cell_type == "markdown"
                and cell.source.startswith(f"## {number}. "))


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_exact_truth_gets_a_tick(exercise_id):
    truth = find(exercise_id).truth()
    answer = (round(truth.value * truth.runs), truth.runs, 1) if isinstance(truth, Sampled) else truth
    verdict = check(exercise_id, answer)
    assert verdict.ok, verdict.message


def test_the_probabilities_read_off_a_table_take_three_decimals():
    assert DECIMAL_IDS == ["25.8", "25.10", "25.11", "25.12"]


@pytest.mark.parametrize("exercise_id", DECIMAL_IDS)
def test_a_probability_rounded_to_three_decimals_gets_a_tick(exercise_id):
    truth = find(exercise_id).truth()
    assert check(exercise_id, round(float(truth), 3)).ok


@pytest.mark.parametrize("exercise_id", DECIMAL_IDS)
def test_a_probability_off_in_the_third_decimal_gets_a_cross_with_its_hint(exercise_id):
    truth = find(exercise_id).truth()
    verdict = check(exercise_id, round(float(truth), 3) + 0.002)
    assert not verdict.ok and find(exercise_id).hint in verdict.message


@pytest.mark.parametrize("exercise_id", ["25.1", "25.3", "25.7", "25.13"])
def test_an_exact_exercise_asks_for_the_fraction_not_its_decimal(exercise_id):
    truth = find(exercise_id).truth()
    assert isinstance(truth, Fraction)
    verdict = check(exercise_id, float(truth))
    assert not verdict.ok and "give it exactly" in verdict.message


# --- 25.4 to 25.6: exactly 20 pairs, where the lesson did 25 ------------------------------------------

def fewest_pairs(cards: int) -> int:
    """The fewest pairs ``cards`` cards can make: each card on the number with the fewest copies so far
    (one more copy of a number with m copies adds m pairs, so spreading evenly is best)."""
    held = Counter()
    pairs = 0
    for _ in range(cards):
        number = min((n for n in COPIES if held[n] < COPIES[n]), key=lambda n: held[n])
        pairs += held[number]
        held[number] += 1
    return pairs


def test_the_card_questions_ask_for_20_pairs_and_the_truths_are_not_the_lessons():
    assert (find("25.4").truth(), find("25.5").truth()) == card_bounds(20) == (10, 24)
    assert find("25.6").truth() == next(n for n in range(56) if fewest_pairs(n) > 20) == 25
    lesson = (card_bounds(25)[0], card_bounds(25)[1], next(n for n in range(56) if fewest_pairs(n) > 25))
    assert lesson == (11, 27, 28)  # what notebooks/01_twenty_five.ipynb prints
    assert (find("25.4").truth(), find("25.5").truth(), find("25.6").truth()) != lesson


def test_fewest_pairs_agrees_with_the_exact_distribution():
    assert all(fewest_pairs(n) == min(pairs_distribution(n)) for n in range(0, 56, 5))


def test_the_greedy_slip_of_25_4_is_six_then_three_then_two_and_two():
    assert ex.greedy_cards(20) == 6 + 3 + 2 + 2 and pair_count([10] * 6 + [9] * 3 + [8] * 2 + [7] * 2) == 20


def test_question_4_keeps_the_sheets_claim_and_the_lessons_answer_then_asks_for_20():
    text = prompt(4)
    assert "12" in text and "11" in text and "exactly 20" in text


# --- 25.8: 21 cards -------------------------------------------------------------------------------

def test_25_8_is_21_cards_and_not_the_lessons_20():
    truth = find("25.8").truth()
    assert truth == sum(p for pairs, p in pairs_distribution(21).items() if pairs > 25)
    assert not close_to(truth, pairs_odds(20).over)
    assert "Twenty-one cards" in prompt(8)


# --- 25.13: an enumeration ------------------------------------------------------------------------

SMALL_DECK = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]


def share_by_listing(hands: list[tuple[int, ...]], test) -> Fraction:
    return Fraction(sum(bool(test(hand)) for hand in hands), len(hands))


WITH_A_FOUR = [hand for hand in combinations(SMALL_DECK, 4) if 4 in hand]


def test_25_13_truth_by_listing_every_hand_with_a_four():
    assert len(WITH_A_FOUR) == comb(10, 4) - comb(6, 4)
    assert find("25.13").truth() == share_by_listing(WITH_A_FOUR, lambda hand: pair_count(hand) >= 2) == Fraction(53, 195)
    assert tuple(SMALL_DECK) == ex.SMALL_DECK and "1, 2, 2, 3, 3, 3, 4, 4, 4, 4" in prompt(13)
    assert "at least one 4" in prompt(13)


def test_25_13_the_skeleton_completed_as_a_student_would_passes():
    small_deck = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]
    hands = [hand for hand in combinations(small_deck, 4) if 4 in hand]
    favourable = 0
    for hand in hands:
        if pair_count(hand) >= 2:
            favourable += 1
    assert check("25.13", Fraction(favourable, len(hands))).ok


# --- 25.14: a seeded simulation -------------------------------------------------------------------

def student_simulation(seed: int = 14, counts=lambda pairs: pairs > 25, cards: int = 23,
                       deal=lambda rng, cards: rng.sample(PAIRS_DECK, cards)) -> tuple[int, int, int]:
    """25.14 as a student writes it: 20,000 deals of 23 cards; (deals with more than 25 pairs, runs, seed)."""
    rng = random.Random(seed)
    runs = 20_000
    over = 0
    for _ in range(runs):
        if counts(pair_count(deal(rng, cards))):
            over += 1
    return over, runs, seed


def test_25_14_truth_is_the_exact_chance_over_20000_deals():
    truth = find("25.14").truth()
    assert (truth.value, truth.runs, truth.spread) == (pairs_odds(23).over, 20_000, None)


@pytest.mark.parametrize("seed", (14, 2026))
def test_25_14_a_simulation_written_as_a_student_would_passes(seed):
    print(f"simulation seed {seed}")
    assert check("25.14", student_simulation(seed)).ok


def test_25_14_counting_25_or_more_gets_its_own_message():
    truth = find("25.14").truth()
    at_least = pairs_odds(23).over + pairs_odds(23).exactly
    assert float(at_least - truth.value) > 8 * truth.standard_error  # the two are told apart
    verdict = check("25.14", student_simulation(counts=lambda pairs: pairs >= 25))
    assert not verdict.ok and "exactly 25 pairs too" in verdict.message


def test_25_14_the_exact_value_with_its_standard_error_is_no_simulation():
    truth = find("25.14").truth()
    verdict = check("25.14", (float(truth.value), truth.standard_error))
    assert not verdict.ok and "(hits, runs, seed)" in verdict.message
    assert not check("25.14", (round(truth.value * 20_000), 10_000, 14)).ok  # the wrong number of runs
    assert not check("25.14", (round(truth.value * 20_000), 20_000)).ok     # no seed


def test_25_14_dealing_22_cards_gets_its_own_message():
    verdict = check("25.14", student_simulation(cards=22))
    assert not verdict.ok and "deals of 22 cards" in verdict.message


@pytest.mark.parametrize("seed", (14, 1, 2))
def test_25_14_dealing_with_replacement_gets_its_own_message(seed):
    truth = find("25.14").truth()
    slip = ex.with_replacement_over(23, 25)
    assert float(slip - truth.value) > 8 * truth.standard_error
    answer = student_simulation(seed, deal=lambda rng, cards: rng.choices(PAIRS_DECK, k=cards))
    assert says_only_its_own_mistake("25.14", answer, 2)


def test_the_with_replacement_chance_agrees_with_listing_every_draw():
    from itertools import product
    from cardlib.twentyfive.slips import with_replacement_distribution
    deck = {1: 1, 2: 2, 3: 3}
    cards = [number for number, copies in deck.items() for _ in range(copies)]
    draws = list(product(cards, repeat=3))
    by_listing = Counter(pair_count(draw) for draw in draws)
    assert with_replacement_distribution(3, deck) == {p: Fraction(n, len(draws)) for p, n in sorted(by_listing.items())}


# --- 25.15: explain ------------------------------------------------------------------------------

def test_25_15_a_pass_costs_you_only_when_there_are_fewer_than_25_pairs():
    position = ex.reveal_observation()
    assert position.seat == 0 and position.last_drawer == 2  # you did not draw last
    odds = p_over(position, "informed")
    assert pass_cost(position)[0] == 10 * odds.under  # the claim of the question, exactly
    assert find("25.12").truth() == 10 * odds.under
    assert find("25.15").truth() == "b"


def test_25_15_reads_any_case_and_refuses_non_letters():
    assert check("25.15", "B").ok and check("25.15", "(b) ").ok
    for odd in ("e", "bc", 2, None, ""):
        verdict = check("25.15", odd)
        assert not verdict.ok and "answer with one letter in quotes: a, b, c or d" in verdict.message


def test_question_15_does_not_give_away_the_key_step_of_12():
    assert "10 × P(fewer" not in prompt(15) and "fewer than 25" not in prompt(15).split("- **(a)**")[0]


def test_a_wrong_letter_says_what_is_wrong_with_its_claim_not_which_is_right():
    for wrong in "acd":
        message = check("25.15", wrong).message.split(" Hint")[0]  # the mistake's own words, not the hints
        assert f"({wrong})" in message and "(b)" not in message and "drew last" not in message


# --- every recognised mistake, its own message ------------------------------------------------------

def by_numbers_once() -> Fraction:
    """25.13 with each set of numbers listed once (copies not told apart)."""
    sets = sorted({tuple(sorted(hand)) for hand in WITH_A_FOUR})
    return share_by_listing(sets, lambda numbers: pair_count(numbers) >= 2)


def with_replacement_13() -> Fraction:
    """25.13 dealt with replacement: every sequence of four draws holding a 4."""
    from itertools import product
    draws = [draw for draw in product(SMALL_DECK, repeat=4) if 4 in draw]
    return share_by_listing(draws, lambda draw: pair_count(draw) >= 2)


def expected_added(deck: list[int]) -> Fraction:
    """25.3 worked by hand: the pairs each card of ``deck`` would add to the cards in play, averaged."""
    in_play = [10, 10, 10, 9, 9, 9, 9, 8, 8, 5, 5, 5, 1]
    return Fraction(sum(in_play.count(card) for card in deck), len(deck))


LEFT = list(PAIRS_DECK)
for _card in [10, 10, 10, 9, 9, 9, 9, 8, 8, 5, 5, 5, 1]:
    LEFT.remove(_card)


def informed_posterior() -> dict[int, Fraction]:
    from cardlib.twentyfive.analysis import pairs_posterior
    return pairs_posterior(ex.reveal_observation(), "informed")


def three(value) -> float:
    return round(float(value), 3)


def odds(model: str):
    return p_over(ex.reveal_observation(), model)


MISTAKES = {  # each exercise's recognised wrong answers, in the order of its mistakes, computed here
    "25.1": [45, 165, Fraction(10, 55), Fraction(1, 10)],   # the count of 10s' pairs; every pair; cards; numbers
    "25.2": [8, comb(6, 2), 1, comb(4, 2), 4],      # not each other; all six; only each other; four; one card
    "25.3": [13, expected_added(list(PAIRS_DECK)),  # the pairs in play; drawn from the whole deck
             expected_added(LEFT) * 42,             # not divided
             Fraction(13, 10)],                     # the numbers equally likely
    "25.7": [Fraction(5, 100), sum(comb(k, 2) for k in range(6, 11)),   # numbers alike; the count
             Fraction(1, 9),                                             # any pair
             1 - Fraction(145, 1485),                                    # the complement
             sum(Fraction(k, 55) ** 2 for k in range(6, 11))],           # with replacement
    "25.10": [three(odds("informed").over), three(odds("naive").over + odds("naive").exactly)],
    "25.11": [three(odds("naive").over), three(odds("informed").over + odds("informed").exactly)],
    "25.12": [three(pass_cost(ex.reveal_observation(), "naive")[0]),            # the naive model
              three(odds("informed").under),                                   # the chance, not the points
              three(10 * (odds("informed").under + odds("informed").exactly)),  # 25 charged to the passer
              three(10 * odds("informed").under + sum(p * (pairs - 25) for pairs, p in informed_posterior().items()
                                                      if pairs > 25))],         # P - 25 charged to you
    "25.4": [11,                                  # the lesson's, for 25 pairs
             12,                                  # the sheet's, for 25 pairs
             13],                                 # greedy: 6 + 3 + 2 + 2
    "25.5": [27],                                 # the lesson's, for 25
    "25.6": [28,                                  # the lesson's, for 25
             24],                                 # the most cards with exactly 20: one short
    "25.8": [round(float(pairs_odds(21).over + pairs_odds(21).exactly), 3),   # ≥ for >
             round(float(pairs_odds(20).over), 3),                            # the lesson's 20 cards
             round(float(1 - pairs_odds(21).over), 3),                        # the complement
             round(100 * float(pairs_odds(21).over), 1)],                     # a percentage
    "25.9": [(0, 0, 6), (0, 10, 0), (6, 0)],
    "25.13": [by_numbers_once(),                                               # copies not told apart
              share_by_listing(WITH_A_FOUR, lambda h: pair_count(h) == 2),
              share_by_listing(WITH_A_FOUR, lambda h: pair_count(h) > 2),
              Fraction(59, 210),                                               # every hand, not those with a 4
              1 - Fraction(53, 195),                                           # the complement
              with_replacement_13(),
              53],                                                             # the count
    "25.15": ["a", "c", "d"],
}


def test_the_mistakes_say_what_they_are():
    assert "lesson's answer for 25" in str(check("25.4", 11))
    assert "rule sheet's figure for 25" in str(check("25.4", 12))
    assert "greedy" in str(check("25.4", 13))
    assert "lesson's answer for 25" in str(check("25.5", 27))
    assert "lesson's answer for more than 25" in str(check("25.6", 28))
    assert "counts 25 pairs too" in str(check("25.8", MISTAKES["25.8"][0]))
    assert "lesson's value for 20 cards" in str(check("25.8", MISTAKES["25.8"][1]))
    assert "different cards" in str(check("25.13", by_numbers_once()))
    assert "each other" in str(check("25.2", 8)) and "one more 7" in str(check("25.2", 4))
    assert "twice" not in str(check("25.2", 8)) and "half" not in str(check("25.2", 4))
    assert "informed model's chance" in str(check("25.10", MISTAKES["25.10"][0]))
    assert "drew last" in str(check("25.12", MISTAKES["25.12"][3]))


def test_a_near_miss_is_not_taken_for_a_mistake():
    assert "lesson's value" not in str(check("25.8", MISTAKES["25.8"][1] + 0.002))
    assert "different cards" not in str(check("25.13", by_numbers_once() + Fraction(1, 195)))


def test_the_warm_ups_are_not_lines_of_the_lessons_pair_table():
    # the table's lines for the question's own counts (pairs of four and of six 7s, what a 5th or a 6th 7
    # adds) do not give the answer: it takes a step of work
    table_lines = {comb(4, 2), comb(6, 2), 4, 5}
    assert find("25.2").truth() not in table_lines
    assert {type(find(key).truth()) for key in ("25.1", "25.3")} == {Fraction}
    assert find("25.1").truth() == Fraction(45, 165) and find("25.3").truth() == expected_added(LEFT)


# --- the notebook and the answer key agree ------------------------------------------------------------

NUMBER_WORDS = {12: "Twelve", 13: "Thirteen", 14: "Fourteen", 15: "Fifteen", 16: "Sixteen"}


def test_the_intro_counts_the_questions():
    intro = nbformat.read(SOLUTIONS, as_version=4).cells[0].source
    assert f"{NUMBER_WORDS[len(IDS)]} questions" in intro


def test_the_prompts_show_what_the_truths_use():
    assert f"random.Random({ex.SIMULATION_SEED})" in prompt(14) and f"{ex.SIMULATION_RUNS:,}" in prompt(14)
    assert f"deal {ex.SIMULATED_CARDS} cards" in prompt(14)
    assert "more than 20" in prompt(6) and "exactly 20" in prompt(5)


def test_the_first_hint_is_a_nudge_that_does_not_give_the_answer_away():
    assert "C(5" not in find("25.4").hints[0] and len(find("25.4").hints) >= 3
    assert "last_drawer" not in find("25.15").hints[0] and "last_drawer" in find("25.15").hints[1]
    assert not any("round_points" in hint for hint in find("25.9").hints)  # not imported in the exercises


def test_the_student_copy_does_not_import_what_computes_an_answer():
    setup = next(cell.source for cell in nbformat.read(SOLUTIONS, as_version=4).cells if cell.id == "setup")
    for one_call in ("pairs_odds", "p_over", "pass_cost", "round_points", "slips"):
        assert one_call not in setup


class TestExercises(Exercises):
    """The tests every game's exercises share (tests/exercising.py), on Twenty-five's."""

    NOTEBOOK, MODULE, PREFIX, COUNT = "01_twenty_five", "cardlib.twentyfive.exercises", "25", 15
    MISTAKES, ALLOWED = MISTAKES, frozenset({"C", "P"})  # C(n, 2), P(p pairs)
    ELSEWHERE = {"25.14": len(find("25.14").mistakes)}  # simulations: test_25_14_counting_25_or_more_..., ..._22_cards_...
