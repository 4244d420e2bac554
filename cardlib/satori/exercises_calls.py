"""The Satori exercises sat.8–11, the calls: the stakes of a Katsu in one position (sat.8–9), why always
bluffing loses (sat.10) and the learner's Beta update of a bluff rate from called cards (sat.11).

``check("sat.N", ...)`` loads it with ``exercises.py`` (``core.checking.exercise_modules``); the stories,
the position and the helpers these share are that module's.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardlib.core.checking import close_to, exercise, near, the_one_true
from cardlib.core.choices import multiple_choice
from cardlib.satori.actions import SATORI, ZATSUNEN
from cardlib.satori.beliefs import Story, worlds
from cardlib.satori.exercises import (
    ALWAYS_BLUFFS, DEALT, TAKEN, UNSEEN, _analysis, _is, card_satori, katsu_position,
)
from cardlib.satori.rules import Game
from cardlib.satori.slips import break_even_at, exact_chances, near_any

ROLLOUTS, STAKES_SEED = 400, 2              # sat.8: the rollouts of katsu_stakes and their seed
BOTS = "bluffs 1/4, declares at once (the bots)"  # sat.9: the model of analysis.MODELS the bots play


@lru_cache(maxsize=None)
def _stakes() -> Any:
    """katsu_stakes of the position, as the question asks for it (seeded: the same every time)."""
    return _analysis().katsu_stakes(katsu_position(), rollouts=ROLLOUTS, seed=STAKES_SEED)


def _chances() -> tuple[Fraction, Fraction, Fraction]:
    """(success, no call | satori, no call | zatsunen): each branch's chance of winning, exactly."""
    return exact_chances(_stakes())


def _bots_p() -> Fraction:
    """The posterior that player 2's card is satori, under the bots' model."""
    analysis = _analysis()
    return analysis.p_satori(katsu_position(), analysis.MODELS[BOTS])


FAILED_CALL_KEEPS = Fraction(1, 10)   # sat.8's house rule: a failed call leaves the caller this chance of winning


def _exact_break_even(failed: Fraction = Fraction(0)) -> Fraction:
    """The position's break-even when a failed call leaves the caller ``failed`` (slips.break_even_at)."""
    return break_even_at(_chances(), failed)


@exercise("sat.8", hint=("A call is worth p × P(win | success) + (1 − p) × 0.1 under the house rule. Letting the card "
                         "go is worth P(win | no call, S) if it is a satori and P(win | no call, Z) if not. Where are "
                         "the two expected values equal?",
                         "stakes = katsu_stakes(position, rollouts=400, seed=2) has stakes.success, "
                         "stakes.no_call_satori and stakes.no_call_zatsunen (each with .value). Solve p × success + "
                         "(1 − p) × 0.1 = p × no call | S + (1 − p) × no call | Z for p.",
                         "Gather the p terms: p × (success − no call | S + no call | Z − 0.1) = no call | Z − 0.1."),
          compare=close_to,
          mistakes=[(near(lambda: _exact_break_even()),
                     "That is the break-even when a failed call eliminates you (worth 0). Under this house rule a "
                     "failed call still leaves you 0.1."),
                    (near(lambda: (_chances()[2] - FAILED_CALL_KEEPS) / (_chances()[0] - _chances()[1] + _chances()[2])),
                     "A call fails only when the card is a zatsunen, with chance 1 − p: the call is worth "
                     "p × success + (1 − p) × 0.1, not p × success + 0.1."),
                    (near(lambda: _exact_break_even(-FAILED_CALL_KEEPS)),
                     "The 0.1 has its sign turned: it adds to the call's side of the balance, so when you gather "
                     "the terms it is taken away from no call | Z."),
                    (near_any(lambda: _chances()[0] - _chances()[2], lambda: _chances()[0] - _chances()[1]),
                     "That is a difference of chances of winning, not a probability. The break-even is the p "
                     "where the two expected values are equal: solve for p, don't subtract."),
                    (Fraction(1, 2), "1/2 would be right only if the stakes balanced exactly. Use the stakes: here "
                                     "they do not."),
                    (near_any(lambda: 1 / _exact_break_even(FAILED_CALL_KEEPS)),
                     "Upside down: a chance is at most 1. In p × (success − no call | S + no call | Z − 0.1) = "
                     "no call | Z − 0.1, no call | Z − 0.1 goes on top.")])
def break_even() -> Fraction:
    """The chance of a satori above which calling raises player 0's chance of winning, when a failed call leaves
    the caller 1/10 (a house rule), exact from the rollout counts."""
    return _exact_break_even(FAILED_CALL_KEEPS)


@multiple_choice("sat.9", choices="abc")
def should_you_call() -> str:
    """The letter of sat.9: under the bots' model, does a call raise player 0's chance of winning?"""
    p = _bots_p()
    success, satori, zatsunen = _chances()
    call, no_call = p * success, p * satori + (1 - p) * zatsunen
    return the_one_true({
        "a": call > no_call,
        "b": call < no_call,
        "c": success <= satori,
    })


# --- explain ---------------------------------------------------------------------------------------------

@multiple_choice("sat.10")
def why_always_bluffing_loses() -> str:
    """The letter of sat.10: the claim about a player who always bluffs that cardlib confirms."""
    cards = [card_satori(Story(DEALT, (UNSEEN,) * 5), ALWAYS_BLUFFS, card) for card in range(1, 6)]
    (_, _, pile), = worlds(Story(DEALT, (UNSEEN,) * 5), ALWAYS_BLUFFS)
    return the_one_true({
        "a": cards == [0, 0, 1, 1, 1],
        "b": len({Game().new(seed=seed).hand(seat) for seed in range(10) for seat in range(3)}) > 1,
        "c": all(chance == Fraction(3, 5) for chance in cards),
        "d": pile[-3:] != (SATORI,) * 3,
    })


# --- learning a bluff rate (the learner, bots_learner.py) -------------------------------------------------

LEARNING_PRIOR = (1, 4)             # sat.11: a Beta(1, 4) belief about the bluff rate, 1/5 on average
# sat.11: every card of this player turned by a Katsu: three satori, then a zatsunen
ALL_TURNED = Story(DEALT, (TAKEN, TAKEN, TAKEN, ("play", ZATSUNEN, True)))


def _beta_mean(bluffs: int, honest: int) -> Fraction:
    """The mean of Beta(a + bluffs, b + honest) for sat.11's prior Beta(a, b)."""
    a, b = LEARNING_PRIOR
    return Fraction(a + bluffs, a + b + bluffs + honest)


@exercise("sat.11", hint=("Go through the four cards in order with the hand each came from. A card played from a hand "
                          "that held both kinds was a choice: a zatsunen is a bluff (a factor r), a satori a bluff "
                          "not made (a factor 1 − r). A card from a hand of one kind was no choice at all.",
                          "A Beta prior with parameters a, b times r^k (1 − r)^m is the Beta with parameters a + k, "
                          "b + m: count k and m; the mean of a Beta with parameters a, b is a / (a + b)."),
          mistakes=[(_is(lambda: _beta_mean(1, 3)),
                     "You counted the zatsunen as a bluff. After three satori the hand held only the two zatsunen: "
                     "the player had no choice, so that card says nothing about the bluff rate."),
                    (_is(lambda: _beta_mean(0, 0)),
                     "That is the prior's mean. The Katsus showed four cards: update the prior with them."),
                    (Fraction(0), "That is the share of bluffs among the choices seen, without the prior. The learner "
                                  "adds its prior's a and b to the counts."),
                    (_is(lambda: _beta_mean(0, 4)),
                     "You counted all four cards as bluffs not made; the last had no choice (one kind in hand).")])
def learned_bluff_rate() -> Fraction:
    """The posterior mean of the bluff rate, from a Beta(1, 4) prior, once Katsus turned every card the player played."""
    from cardlib.satori.bots_learner import learned
    return learned(ALL_TURNED, LEARNING_PRIOR, eager=False).rate
