"""The Discontinuity exercises: each truth is computed by cardlib, never typed in.

Used by ``check("dc.N", answer)`` in ``exercises/02_discontinuity.ipynb``, easy to hard.
"""
from __future__ import annotations

from typing import Any

from cardlib.core.checking import exercise, same_expression
from cardlib.decks.pairs import stacked_deck
from cardlib.discontinuity.actions import Take
from cardlib.discontinuity.rules import Game, State
from cardlib.discontinuity.scoring import JOKER, lay_out, row_penalty, score

# The rows the questions ask about, named so the notebook and the tests use the very same rows.
LONG_RUN_ROW = (3, 4, 5, 6, 9)
SHORT_RUNS_ROW = (1, 2, 4, 5, 9, 10)
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


def points_after(state: State, action: Any) -> int:
    """The points of the player to act after ``action``, tried on a copy of the position."""
    seat = state.current_player
    trial = state.clone()
    trial.apply(action)
    return trial.points(seat)


@exercise("dc.1", hint="A run of three or more consecutive numbers costs only its lowest card; "
                      "every other card costs its number.")
def long_run_penalty() -> int:
    return row_penalty(LONG_RUN_ROW)


@exercise("dc.2", hint="Runs of two are not runs for the rule: 1, 2 costs 1 + 2. 10 and 1 are not consecutive.")
def short_runs_penalty() -> int:
    return row_penalty(SHORT_RUNS_ROW)


@exercise("dc.3", hint="+2 for each card in the safe (金庫), minus the row penalty; the joker right of 6 counts 7.")
def score_with_joker() -> int:
    return score(SAFE_CARDS, JOKER_ROW)


@exercise("dc.4", hint="Without the joker 4, 5 is a run of two and costs 4 + 5; with it, 4, 5, 6 costs only 4.")
def joker_saves_on_a_run_of_two() -> int:
    return row_penalty(RUN_OF_TWO_ROW) - row_penalty(lay_out(RUN_OF_TWO_ROW, joker=True, anchor=5))


@exercise("dc.5", hint="Right of 5 the joker counts 6 and joins both runs into one: "
                      "whose lowest card stops counting?")
def joker_saves_on_a_gap() -> int:
    return row_penalty(GAP_ROW) - row_penalty(lay_out(GAP_ROW, joker=True, anchor=5))


@exercise("dc.6", hint=("The joker counts its anchor + 1: where does that join runs, or make a new one?",
                        "Try every number card as the anchor and compute row_penalty(lay_out(row, joker=True, "
                        "anchor=n)) each time; answer with the anchor's number."),
          mistakes=[(3, "Right of 3 the joker makes 2, 3, 4 a run, which costs 2 — but the 6 and 7 still cost "
                        "13 and the 9 costs 9. Is there a place that saves more?")])
def best_joker_anchor() -> int:
    from cardlib.discontinuity.analysis import best_joker_place
    return best_joker_place(JOKER_PLACE_ROW)


@exercise("dc.7", hint="The line fails only when both cards show one number: sum of C(k, 2) over k, "
                      "out of C(55, 2). Give the exact fraction.")
def two_card_line_offers_a_take() -> Any:
    from cardlib.discontinuity.analysis import line_pair_probability
    return line_pair_probability(2)


@exercise("dc.8", hint="Only 8s, 9s and 10s have eight copies: (C(8,8) + C(9,8) + C(10,8)) / C(55, 8), "
                      "as an exact fraction.")
def redeal_probability() -> Any:
    from cardlib.discontinuity.analysis import reshuffle_probability
    return reshuffle_probability()


def _forgot_the_lowest_card(answer: Any, truth: Any) -> bool:
    """The sum of the whole run, without taking off the lowest card the run still costs."""
    from cardlib.discontinuity.analysis import a
    return same_expression(answer, truth + a)


@exercise("dc.9", hint=("Without the rule the run costs every card: a + (a+1) + … + (a+L-1). With it, only a.",
                        "With k = sp.Symbol(\"k\", integer=True), sp.summation(a + k, (k, 0, L - 1)) is the "
                        "whole run; the saving is that minus a."),
          compare=same_expression, mistakes=[(lambda answer, truth: _forgot_the_lowest_card(answer, truth),
                                              "That is what the whole run adds up to; the run still costs its "
                                              "lowest card a, so the saving is that sum minus a.")])
def run_rule_saving() -> Any:
    from cardlib.discontinuity.analysis import run_saving
    return run_saving()


@exercise("dc.10", hint="Try each Take in position.legal_actions() with points_after(position, take). "
                       "The sheet: pairs matter more than runs.")
def best_take() -> Take:
    state = best_take_position()
    takes = [action for action in state.legal_actions() if type(action) is Take]
    return max(takes, key=lambda take: points_after(state, take))
