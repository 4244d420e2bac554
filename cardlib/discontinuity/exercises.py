"""The Discontinuity exercises: each truth is computed by cardlib, never typed in.

Used by ``check("dc.N", answer)`` in ``exercises/02_discontinuity.ipynb``, easy to hard: rows and
their penalty (dc.1–6), fresh deals counted (dc.7–8), a house rule as algebra (dc.9), a position
(dc.10), a seeded simulation (dc.11: a row of four that keeps its joker on top, answered as every
row's penalty and the seed), an enumeration (dc.12) and two "explain" choices (dc.13–14).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from cardlib.core.checking import Sampled, estimate_near, exercise, same, same_expression, simulated, the_one_true
from cardlib.core.choices import multiple_choice
from cardlib.decks.pairs import NUMBERS, PAIRS_DECK, stacked_deck
from cardlib.discontinuity.actions import Take
from cardlib.discontinuity.rules import Game, State
from cardlib.discontinuity.slips import (
    is_run_around_the_top, makes_a_run, mean_penalty_of, mean_penalty_with_repeats, penalty_runs_of_two,
)
from cardlib.discontinuity.scoring import (
    JOKER, JOKER_ALONE, lay_out, row_penalty, row_values, runs, score,
)

# The rows the questions ask about, named so the notebook and the tests use the very same rows.
LONG_RUN_ROW = (2, 3, 4, 5, 8)
SHORT_RUNS_ROW, ADDED_CARD = (1, 2, 4, 5, 9, 10), 3
SAFE_CARDS, JOKER_ROW = 6, (2, 5, 6, JOKER, 9)
RUN_OF_TWO_ROW = (4, 5, 9)
GAP_ROW = (3, 4, 5, 7, 8, 9)
JOKER_PLACE_ROW = (2, 3, 6, 7, 9)


def best_take_position() -> State:
    """The position of exercise dc.10: three players, stacked, after one take each; player 0 to act.

    Player 0 holds 5 and 6, and the square offers both a long run and two pairs.
    """
    square = [5, 6, 9, 4, 7, 3, 8, 10]          # (0,0) (0,1) (0,2) (1,0) (1,2) (2,0) (2,1) (2,2)
    refills = [7, 2, 8, 9, 5, 6]                 # the deck's top cards, in the order they come
    state = Game(players=3).new(deck=stacked_deck(square, refills))
    for take in (Take(4, 5, 6), Take(3, 7, 9), Take(6, 3, 8)):
        state.apply(take)
    return state


def after(state: State, action: Any) -> State:
    """The position after ``action``, tried on a copy (the position itself is left as it was)."""
    trial = state.clone()
    trial.apply(action)
    return trial


def points_after(state: State, action: Any) -> int:
    """The points of the player to act after ``action``, tried on a copy of the position."""
    return after(state, action).points(state.current_player)


def _is(wrong: Callable[[Any], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is exactly the wrong value computed from the truth."""
    return lambda answer, truth: same(answer, wrong(truth))


def _analysis() -> Any:
    """cardlib's mathematics of the game, loaded on first need (it brings sympy)."""
    from cardlib.discontinuity import analysis
    return analysis


@exercise("dc.1", hint=("Find the runs first: which cards are three or more consecutive numbers? Then compare "
                        "what the row costs with what its cards add up to.",
                        "A run of three or more consecutive numbers costs only its lowest card; every other "
                        "card costs its number. The saving is the sum of the cards minus the penalty."),
          mistakes=[(0, "That pays every card. The run rule: 2, 3, 4, 5 is a run of four and costs only its "
                        "lowest card."),
                    (_is(lambda truth: row_penalty(LONG_RUN_ROW)),
                     "That is what the row costs; the question asks how much less that is than paying every card."),
                    (sum(LONG_RUN_ROW), "That is every card paid; the saving is that minus what the row costs."),
                    (sum(LONG_RUN_ROW) - min(LONG_RUN_ROW), "The run costs its lowest card, but the 8 is not in "
                                                            "the run: it costs its number too."),
                    (sum(LONG_RUN_ROW) - max(LONG_RUN_ROW[:-1]) - LONG_RUN_ROW[-1],
                     "A run costs its lowest card, not its highest.")])
def long_run_saving() -> int:
    return sum(LONG_RUN_ROW) - row_penalty(LONG_RUN_ROW)


@exercise("dc.2", hint=("Work out the penalty before the 3 and after it: look closely at 10 and 1, and at the "
                        "runs of two.",
                        "Runs of two are not runs for the rule: 1, 2 costs 1 + 2. 10 and 1 are not consecutive. "
                        "With the 3, which cards make a run of three or more?"),
          mistakes=[(_is(lambda truth: row_penalty(sorted(SHORT_RUNS_ROW + (ADDED_CARD,)))),
                     "That is what the row costs with the 3; the question asks how much lower that is than "
                     "before."),
                    (_is(lambda truth: -truth), "The penalty goes down: give how much as a positive number."),
                    (_is(lambda truth: penalty_runs_of_two(SHORT_RUNS_ROW)
                         - penalty_runs_of_two(sorted(SHORT_RUNS_ROW + (ADDED_CARD,)))),
                     "Runs of two are not runs for the rule: before the 3, the cards 1, 2 and 4, 5 cost their "
                     "numbers in full.")])
def added_three_saves() -> int:
    return row_penalty(SHORT_RUNS_ROW) - row_penalty(sorted(SHORT_RUNS_ROW + (ADDED_CARD,)))


@exercise("dc.3", hint=("The score is +2 for each card in the safe (金庫), minus the row's penalty.",
                        "The joker right of 6 counts 7: does it make a run with 5 and 6?"),
          mistakes=[(SAFE_CARDS - 16, "Each card in the safe is worth +2, not +1."),
                    (-16, "The row costs 16, but the safe's cards count too: +2 for each."),
                    (score(SAFE_CARDS, [2, 5, 6, 9]) - 11,
                     "The joker counts 11 only alone in the row. Right of the 6 it counts 7, and 5, 6, 7 is a "
                     "run.")])
def score_with_joker() -> int:
    return score(SAFE_CARDS, JOKER_ROW)


@exercise("dc.4", hint=("Work out the penalty without the joker and with it, then subtract.",
                        "Without the joker 4, 5 is a run of two and costs 4 + 5; with it, 4, 5, 6 costs only 4."),
          mistakes=[(row_penalty(lay_out(RUN_OF_TWO_ROW, joker=True, anchor=5)),
                     "That is the penalty with the joker; the question asks how much it goes down."),
                    (-5, "The penalty goes down: give the saving as a positive number.")])
def joker_saves_on_a_run_of_two() -> int:
    return row_penalty(RUN_OF_TWO_ROW) - row_penalty(lay_out(RUN_OF_TWO_ROW, joker=True, anchor=5))


@exercise("dc.5", hint=("Work out the penalty of the two runs, then of the row with the joker in the gap.",
                        "Right of 5 the joker counts 6 and joins both runs into one: whose lowest card stops "
                        "counting?"),
          mistakes=[(row_penalty(lay_out(GAP_ROW, joker=True, anchor=5)),
                     "That is the penalty with the joker; the question asks how much it goes down."),
                    (-7, "The penalty goes down: give the saving as a positive number."),
                    (sum(GAP_ROW) - min(GAP_ROW), "That compares with paying every card; without the joker the "
                                                  "two runs already cost only their lowest cards, 3 and 7.")])
def joker_saves_on_a_gap() -> int:
    return row_penalty(GAP_ROW) - row_penalty(lay_out(GAP_ROW, joker=True, anchor=5))


@exercise("dc.6", hint=("The joker counts its anchor + 1: where does that join runs, or make a new one?",
                        "Try every number card as the anchor and compute row_penalty(lay_out(row, joker=True, "
                        "anchor=n)) each time; answer with the anchor's number."),
          mistakes=[(3, "Right of 3 the joker makes 2, 3, 4 a run, which costs 2 — but the 6 and 7 still cost "
                        "13 and the 9 costs 9. Is there a place that saves more?"),
                    (_is(lambda truth: truth + 1), "That is the number the joker counts there; the question asks "
                                                   "for its anchor, the card it sits right of.")])
def best_joker_anchor() -> int:
    return _analysis().best_joker_place(JOKER_PLACE_ROW)


# --- probabilities of a fresh deal: count the sets of cards, favourable / total ------------------

@lru_cache(maxsize=None)
def share_of_lines(cards: int, shows: Callable[[tuple[int, ...]], bool]) -> Any:
    """The exact chance that a line of ``cards`` fresh cards ``shows`` something, by listing every
    set of cards from the deck (copies of a number told apart, so every set is equally likely).

    >>> share_of_lines(2, lambda line: line[0] == line[1])    # one number twice: 1 - 8/9
    1/9
    """
    import sympy as sp

    sets = favourable = 0
    for line in combinations(PAIRS_DECK, cards):
        sets += 1
        favourable += bool(shows(line))
    return sp.Rational(favourable, sets)


def is_run(line: Sequence[int]) -> bool:
    """Whether the cards are consecutive numbers in some order, read as the run rule reads them
    (one run once laid out in order; 10 and 1 are not consecutive).

    >>> is_run((5, 3, 4)), is_run((10, 1)), is_run((4, 4, 5))
    (True, False, False)
    """
    return len(runs(sorted(line))) == 1


def _is_formula(wrong: Callable[[Any], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is the formula ``wrong(analysis)`` in any equal form."""
    return lambda answer, truth: same_expression(answer, wrong(_analysis()))


def _sets_of(cards: int) -> int:
    """How many sets of ``cards`` cards the deck has: C(55, cards)."""
    return comb(len(PAIRS_DECK), cards)


@exercise("dc.7", hint=("List every set of two cards: combinations(PAIRS_DECK, 2) tells the copies of a number "
                        "apart, so each set is equally likely. Count the sets showing k and k + 1.",
                        "By hand: k and k + 1 can be dealt in k·(k + 1) ways (k copies of k, k + 1 of k + 1), "
                        "for k = 1 to 9, out of comb(55, 2) sets. Give favourable / total as a Fraction."),
          mistakes=[(_is(lambda truth: truth * _sets_of(2) / (len(PAIRS_DECK) * (len(PAIRS_DECK) - 1))),
                     "The count and the total are not counted alike: 55·54 counts the deals in order (first "
                     "card, second card), while each set of two cards was counted once. Count sets for both "
                     "(comb(55, 2)), or ordered deals for both."),
                    (lambda answer, truth: same(answer, share_of_lines(2, is_run_around_the_top)),
                     "10 and 1 are not consecutive: in a row they are not a run (the run rule stops at 10). "
                     "Leave the sets showing 10 and 1 out."),
                    (_is(lambda truth: truth * _sets_of(2)),
                     "That is how many sets show consecutive numbers; the probability divides it by how "
                     "many sets there are in all."),
                    (_is(lambda truth: Fraction(len(NUMBERS) - 1, comb(len(NUMBERS), 2))),
                     "That counts pairs of numbers as if each were equally likely; but there are k copies "
                     "of k, so 9 and 10 come up far more often than 1 and 2. Count cards, not numbers."),
                    (lambda answer, truth: same(answer, _offers()),
                     "That is the lesson's question: whether the two numbers differ. Here they must differ by "
                     "exactly 1.")])
def two_card_line_consecutive() -> Any:
    """The chance a fresh two-card line shows k and k + 1, by listing every set of two cards."""
    return share_of_lines(2, is_run)


def _offers() -> Any:
    """The lesson's chance that a two-card line offers a take: what a copied answer to dc.7 would be."""
    return _analysis().line_pair_probability(2)


CORNERS = 4   # dc.8: the square's four corners, four fresh cards


@exercise("dc.8", hint=("Favourable: choose which 4 of the 10 numbers show, then one copy of each: k ways for "
                        "the number k. Total: comb(55, 4) sets of four cards.",
                        "For one choice of numbers the ways multiply: math.prod(numbers). Add that up over "
                        "combinations(range(1, 11), 4), then divide by comb(55, 4)."),
          mistakes=[(_is(lambda truth: Fraction(comb(len(NUMBERS), CORNERS), _sets_of(CORNERS))),
                     "That counts each choice of four numbers once, but there are k copies of the number k: "
                     "a choice of numbers can be dealt in the product of their copies ways."),
                    (_is(lambda truth: truth * _sets_of(CORNERS)),
                     "That is how many sets of four cards show four different numbers; divide by how many "
                     "sets there are in all."),
                    (lambda answer, truth: same(answer, _one_number(CORNERS)),
                     "That is the other extreme: all four corners one number. The question asks for no "
                     "number twice."),
                    (lambda answer, truth: same(answer, 1 - truth),
                     "That is the chance that some number shows twice: the complement of what is asked.")])
def four_different_corners() -> Any:
    """The chance the square's four corners, four fresh cards, show four different numbers."""
    return _analysis().fresh_largest_group(CORNERS)[1]  # the largest group is one card


def _one_number(cards: int) -> Any:
    """The chance ``cards`` fresh cards all show one number: the slip of dc.8 the other way round."""
    return _analysis().fresh_largest_group(cards).get(cards, 0)


# --- a house rule, as algebra ---------------------------------------------------------------------

@exercise("dc.9", hint=("Without the run rule the run costs every card: a + (a+1) + … + (a+L−1). Under the house "
                        "rule it costs only its highest card.",
                        "With k = sp.Symbol(\"k\", integer=True), sp.summation(a + k, (k, 0, L - 1)) is the "
                        "whole run; the saving is that minus the card the run still costs, a + L − 1."),
          compare=same_expression,
          mistakes=[(_is_formula(lambda an: an.run_sum()),
                     "That is what the whole run adds up to; under the house rule the run still costs its "
                     "highest card, a + L − 1, so the saving is that sum minus it."),
                    (_is_formula(lambda an: an.run_saving()),
                     "That is the lesson's rule, where the run costs its lowest card a. The house rule "
                     "makes it cost its highest card, a + L − 1."),
                    (_is_formula(lambda an: an.a + an.L - 1),
                     "That is what the run costs under the house rule, not what the rule saves: compare "
                     "it with the whole run's sum."),
                    (lambda answer, truth: same_expression(answer, -truth),
                     "That has its sign turned: the saving is the whole run's sum minus what the run still "
                     "costs, not the other way round.")])
def house_rule_saving() -> Any:
    """What the run rule saves on a run a..a+L-1 when the run costs its highest card."""
    import sympy as sp

    an = _analysis()
    return sp.factor(an.run_sum() - (an.a + an.L - 1))  # the whole run, less its highest card


def _best_run_take() -> Take:
    """The best take of the dc.10 position that leaves a run in the row: the slip of dc.10."""
    position = best_take_position()
    takes = [action for action in position.legal_actions() if type(action) is Take]
    return max((take for take in takes if makes_a_run(after(position, take).row(position.current_player))),
               key=lambda take: points_after(position, take))


@exercise("dc.10", hint=("Try each Take in position.legal_actions() with points_after(position, take) and keep "
                         "the one with the most points.",
                         "The sheet: pairs matter more than runs. Which take pairs the cards in your row?"),
          mistakes=[(lambda answer, truth: answer == _best_run_take(),
                     "That take makes a run, 4, 5, 6, 7, which costs only 4; but compare its points_after "
                     "with a take that pairs the cards you hold.")])
def best_take() -> Take:
    state = best_take_position()
    takes = [action for action in state.legal_actions() if type(action) is Take]
    return max(takes, key=lambda take: points_after(state, take))


# --- a seeded simulation ------------------------------------------------------------------------

ROW_CARDS, ROWS_DEALT, SIMULATION_SEED = 4, 150_000, 11   # dc.11: rows of 4 different numbers and the joker


@exercise("dc.11", hint=("One row: deal four cards with rng.sample(PAIRS_DECK, 4); if a number repeats "
                         "(len(set(cards)) < 4), deal again — lay_out refuses a row holding a number twice. Its "
                         "penalty is row_penalty(lay_out(cards, joker=True, anchor=max(cards))).",
                         "Make rng = random.Random(11) once, before the loop, and keep every row's penalty in a "
                         "list until it has 150,000. Answer with (penalties, 11): the whole list and the seed."),
          compare=simulated,
          mistakes=[(estimate_near(lambda: _analysis().row_penalty_mean(ROW_CARDS, joker_on_top=False)),
                     "Your rows leave the joker out: each row holds four numbers and the joker, right of the "
                     "highest card (lay_out(cards, joker=True, anchor=max(cards)))."),
                    (estimate_near(lambda: mean_penalty_with_repeats(ROW_CARDS)),
                     "Your rows keep deals where a number repeats; a row never holds a number twice, so "
                     "such a deal is dealt again."),
                    (estimate_near(lambda: mean_penalty_of(ROW_CARDS, False, max)),
                     "Your rows take every set of four numbers as equally likely (rng.sample(range(1, 11), 4)); "
                     "but the deck holds k copies of k, so high numbers come more often. Deal cards from "
                     "PAIRS_DECK."),
                    (estimate_near(lambda: mean_penalty_of(ROW_CARDS, True, min)),
                     "Your joker sits right of the lowest card; the question keeps it on top, right of the "
                     "highest (anchor=max(cards)).")])
def simulated_row_penalty() -> Sampled:
    """The exact mean penalty of a row of four and the joker on top, over 150,000 rows, with its exact spread."""
    return Sampled(_analysis().row_penalty_mean(ROW_CARDS, joker_on_top=True), ROWS_DEALT,
                   _analysis().row_penalty_spread(ROW_CARDS, joker_on_top=True))


# --- an enumeration ------------------------------------------------------------------------------

@exercise("dc.12", hint=("Fill in the test: sorted(three) gives low, middle, high; a run needs each one more than "
                         "the one before.",
                         "The line offers k, k + 1, k + 2 in k·(k + 1)·(k + 2) ways, for k = 1 to 8; check your "
                         "count against that, out of comb(55, 3)."),
          mistakes=[(lambda answer, truth: same(answer, share_of_lines(3, is_run_around_the_top)),
                     "9, 10, 1 and 10, 1, 2 are not runs: 10 and 1 are not consecutive. Leave them out."),
                    (_is(lambda truth: truth * _sets_of(3)),
                     "That is how many sets of three cards make a run; divide by how many sets there are "
                     "in all."),
                    (_is(lambda truth: truth / math.factorial(3)),
                     "That counts only the lines dealt in rising order; the question takes any order "
                     "(sort the three cards before you test them)."),
                    (_is(lambda truth: Fraction(len(NUMBERS) - 2, comb(len(NUMBERS), 3))),
                     "That counts sets of numbers as if each were equally likely; there are k copies of k, so "
                     "count sets of cards.")])
def three_card_line_run() -> Any:
    """The chance a fresh three-card line makes a run of three, by listing every set of three cards."""
    return share_of_lines(3, is_run)


# --- explain: multiple choice, the letter cardlib confirms --------------------------------------

JOKER_ON_TEN_ROW = (6, 9, 10)   # dc.13: the joker right of a 10 (the lesson's example is 2, 3, 4)


@multiple_choice("dc.13")
def joker_on_a_ten() -> str:
    """The letter of dc.13: what a joker right of the 10 does to the row 6, 9, 10."""
    row = JOKER_ON_TEN_ROW
    on_ten = lay_out(row, joker=True, anchor=max(row))
    values = row_values(on_ten)
    return the_one_true({
        "a": row_penalty(on_ten) == sum(row) + JOKER_ALONE,
        "b": 1 in values and row_penalty(on_ten) == sum(row) + 1,
        "c": values[-1] == max(row) + 1 and row_penalty(on_ten) == row[0] + row[1] and len(runs(values)) == 2,
        "d": on_ten.index(JOKER) == 1,
    })


@multiple_choice("dc.14")
def why_the_pairs_take() -> str:
    """The letter of dc.14: why the pairs take beats the best take that makes a run."""
    position = best_take_position()
    seat = position.current_player
    best, best_run = best_take(), _best_run_take()
    then, run_row = after(position, best), after(position, best_run).row(seat)
    return the_one_true({
        "a": ({best.a, best.b} == set(position.row(seat)) and then.row(seat) == ()
              and len(then.safe(seat)) - len(position.safe(seat)) == 4
              and (best_run.a, best_run.b) == (4, 7)
              and points_after(position, best) > points_after(position, best_run)),
        "b": row_penalty(run_row) == sum(row_values(run_row)),
        "c": points_after(position, best) == points_after(position, best_run),
        "d": makes_a_run(then.row(seat)),
    })
