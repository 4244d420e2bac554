"""The Satori exercises: each truth is computed by cardlib, never typed in.

Used by ``check("sat.N", answer)`` in ``exercises/03_the_satori.ipynb``, easy to hard: the prior
(sat.1–2), evidence from a Katsu (sat.3), an enumeration (sat.4), Bayes' rule by hand (sat.5), a
formula in the bluff rate (sat.6), a seeded simulation (sat.7), the stakes of a call in one
position (sat.8–9) and an "explain" choice (sat.10).

Every question is about one player, who was dealt the sheet's hand of 3 satori and 2 zatsunen;
``Story`` writes down what the table saw of them, and a ``Model`` says how they choose a card.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardlib.core.checking import (
    Sampled, close_to, estimate_near, exercise, near, same, same_expression, simulated, standard_error_slips,
    the_one_true,
)
from cardlib.satori.actions import NO_KATSU, PLAYS, SATORI, Observation
from cardlib.satori.beliefs import UNIFORM, Model, Story, last_card_satori, worlds
from cardlib.satori.rules import Game

DEALT = (3, 2)                      # satori and zatsunen in the sheet's hand
HAND = ("S", "S", "S", "Z", "Z")    # the same hand as cards
UNSEEN = ("play", None)             # a card played face down that nobody called
BLUFF = Fraction(1, 4)              # sat.2, sat.7: the chance of a zatsunen when both kinds are in hand

# The stories the questions ask about, named so the notebook and the tests use the very same ones.
FIRST_CARD = Story(DEALT, (UNSEEN,))
AFTER_A_SUCCESS = Story(DEALT, (("play", SATORI), UNSEEN))                    # sat.3
FOURTH_CARD = Story(DEALT, (UNSEEN,) * 4)                                     # sat.4
AFTER_A_FAILURE = Story(DEALT, (UNSEEN, ("play", "Z", True), UNSEEN))         # sat.5
THIRD_CARD = Story(DEALT, (UNSEEN,) * 3)                                      # sat.6, sat.7
EAGER = Model(eager=True)                                                     # sat.4
NEVER_BLUFFS = Model(bluff=Fraction(0))                                       # sat.10

RUNS, SIMULATION_SEED = 20_000, 7          # sat.7
# sat.8–9: the cards played in turn by seats 0, 1, 2 (three rounds); the last one waits in the window
POSITION_PLAYS = ("Z", "S", "S", "Z", "Z", "Z", "S", "S", "S")
ROLLOUTS, STAKES_SEED = 400, 2
BOTS = "bluffs 1/4, declares at once (the bots)"


def _analysis() -> Any:
    """cardlib's mathematics of the game, loaded on first need (it brings sympy)."""
    from cardlib.satori import analysis
    return analysis


def _is(wrong: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is exactly the wrong value that ``wrong()`` computes."""
    return lambda answer, truth: same(answer, wrong())


def _is_formula(wrong: Callable[[Any], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is the formula ``wrong(b)`` in any equal form."""
    def matches(answer: Any, truth: Any) -> bool:
        import sympy as sp
        return same_expression(answer, sp.sympify(wrong(sp.Symbol("b"))))
    return matches


# --- the prior and the model -------------------------------------------------------------------------

@exercise("sat.1", hint=("Each card of the hand is equally likely to be the one played. How many of the five are "
                         "satori?",
                         "favourable / total, as a Fraction: Fraction(satori, satori + zatsunen)."),
          mistakes=[(Fraction(2, 5), "That is the zatsunen's share: 2 of the 5 cards. The question asks about a "
                                     "satori."),
                    (Fraction(3, 2), "That is the odds, satori to zatsunen (3 : 2), not a probability: a "
                                     "probability divides by all five cards, and is never above 1."),
                    (Fraction(1, 2), "Two kinds of card does not make the two kinds equally likely: the hand holds "
                                     "3 satori and 2 zatsunen, and it is the cards that are equally likely.")])
def prior_first_card() -> Fraction:
    """The prior that a uniform player's first card is satori."""
    return last_card_satori(FIRST_CARD, UNIFORM)


@exercise("sat.2", hint=("This player does not pick a card at random: with both kinds in hand they play a zatsunen "
                         "with chance 1/4. What is left for a satori?",),
          mistakes=[(Fraction(3, 5), "3/5 is the uniform model, each card equally likely. This player chooses by "
                                     "kind: a zatsunen 1/4 of the time, whatever the counts."),
                    (BLUFF, "1/4 is the chance of a zatsunen, the bluff itself. The question asks about a "
                            "satori.")])
def bluffer_first_card() -> Fraction:
    """The chance that a player who bluffs 1/4 of the time plays a satori first."""
    return last_card_satori(FIRST_CARD, Model(bluff=BLUFF))


# --- evidence ------------------------------------------------------------------------------------------

@exercise("sat.3", hint=("The Katsu showed the first card: a satori, now on the caller's pile. What is left in the "
                         "player's hand?",
                         "Two satori and two zatsunen are left, and a uniform player picks one of those four."),
          mistakes=[(Fraction(3, 5), "3/5 is the prior of a fresh hand. The Katsu showed that one satori has "
                                     "already left the hand: count what is left."),
                    (Fraction(2, 5), "Two satori are left, but not among five cards: the hand holds only four "
                                     "now.")])
def second_card_after_a_success() -> Fraction:
    """The posterior that a uniform player's second card is satori, once a Katsu took their first (a satori)."""
    return last_card_satori(AFTER_A_SUCCESS, UNIFORM)


@exercise("sat.4", hint=("An eager player with three satori on top of their pile declares at the start of their "
                         "turn. They played a fourth card instead: which orders does that rule out?",
                         "Keep the orders whose first three cards are not S, S, S; among those, count the ones "
                         "whose fourth card is S."),
          mistakes=[(Fraction(3, 5), "3/5 counts every order of the hand. But the player played instead of "
                                     "declaring: that is evidence. Leave out the orders in which they would have "
                                     "declared."),
                    (0, "You kept only the orders in which the player would have declared (S, S, S first). Keep "
                        "the others."),
                    (Fraction(5, 8), "You also left out orders whose fourth card makes three satori in a row, like "
                                     "Z, S, S, S, Z. The player declares only at the start of a turn, so only the "
                                     "first three cards matter now."),
                    (6, "That is how many of the orders kept end their fourth card on a satori; divide by how many "
                        "orders you kept."),
                    (Fraction(1, 3), "That is the chance the fourth card is a zatsunen.")])
def fourth_card_of_an_eager_player() -> Fraction:
    """The posterior of the fourth card of an eager uniform player who did not declare."""
    return last_card_satori(FOURTH_CARD, EAGER)


def _unnormalised(told: Story) -> Fraction:
    """prior × likelihood of the histories ending in a satori, without dividing by the evidence."""
    return sum((row.prior * row.likelihood for row in _analysis().bayes_table(told) if row.last == SATORI),
               Fraction(0))


def _priors_only(told: Story) -> Fraction:
    """The priors of the histories ending in a satori: Bayes' rule without the likelihood."""
    rows = _analysis().bayes_table(told)
    return sum((row.prior for row in rows if row.last == SATORI), Fraction(0)) / sum(row.prior for row in rows)


def _counted_share(told: Story) -> Fraction:
    """The share of satori among the player's unseen cards, counted from the public totals (no order)."""
    s, z = told.dealt
    for step in told.steps:
        if step[0] == "play" and step[1] == SATORI:
            s -= 1
        elif step[0] == "play" and step[1] == "Z":
            s += step[2]
    return Fraction(s, s + z)


@exercise("sat.5", hint=("Two histories: the first card was S or Z. For each, prior × likelihood: the chance of "
                         "that first card, times the chance that the second card was then the zatsunen the Katsu "
                         "showed.",
                         "First S: 3/5 × 2/4, and the hand becomes 3 S + 2 Z (the zatsunen back, a satori from "
                         "the caller). First Z: 2/5 × 1/4, and the hand becomes 4 S + 1 Z. Divide each by the "
                         "sum of both, then weigh the chance of a satori third.",
                         "bayes_table(Story((3, 2), ((\"play\", None), (\"play\", \"Z\", True), "
                         "(\"play\", None)))) lists the rows: compare yours."),
          mistakes=[(_is(lambda: last_card_satori(Story(DEALT, (UNSEEN, ("play", "Z", False), UNSEEN)))),
                     "You gave back the zatsunen but forgot the satori: the eliminated caller hands the player "
                     "one satori too, so the hand grows to five cards."),
                    (Fraction(3, 5), "3/5 is the prior of a fresh hand. The Katsu showed the second card, and "
                                     "that changes what the first card was likely to be."),
                    (_is(lambda: _priors_only(AFTER_A_FAILURE)),
                     "That weighs each history by its prior only. The revealed zatsunen is evidence: multiply "
                     "each prior by its likelihood, the chance of that zatsunen in that history."),
                    (_is(lambda: _unnormalised(AFTER_A_FAILURE)),
                     "That is prior × likelihood of the satori histories, not yet a probability: divide by the "
                     "sum over all histories (the evidence)."),
                    (_is(lambda: _counted_share(AFTER_A_FAILURE)),
                     "That counts the player's unseen cards (4 satori of 6) as if every order were equally "
                     "likely. The revealed zatsunen makes a satori first more likely, so the cards left are "
                     "not exchangeable any more.")])
def third_card_after_a_failure() -> Fraction:
    """The posterior of the third card, after a Katsu on the second showed a zatsunen."""
    return last_card_satori(AFTER_A_FAILURE, UNIFORM)


# --- a formula in the bluff rate ---------------------------------------------------------------------

@exercise("sat.6", hint=("List the first two cards: S S, S Z, Z S, Z Z, each with its chance in b. After which of "
                         "them does the hand still hold both kinds?",
                         "After S S, S Z and Z S the third card is satori with chance 1 − b; after Z Z only "
                         "satori are left, so it is satori for sure. Add up chance × chance."),
          compare=same_expression,
          mistakes=[(_is_formula(lambda b: 1 - b),
                     "1 − b is right only while the hand holds both kinds. After two zatsunen only satori are "
                     "left, and the third card is satori for sure."),
                    (_is_formula(lambda b: (1 - b) * (1 - b ** 2)),
                     "That covers S S, S Z and Z S, but after Z Z the third card is satori for sure: add that "
                     "history's chance, b²."),
                    (_is_formula(lambda b: b - b ** 3),
                     "That is the chance the third card is a zatsunen."),
                    (_is_formula(lambda b: Fraction(3, 5)),
                     "3/5 is the uniform model, a number. The question asks for a formula in the bluff rate b.")])
def third_card_in_the_bluff_rate() -> Any:
    """The posterior that the third card is satori after two unseen, as a formula in the bluff rate b."""
    return _analysis().posterior_in_bluff(THIRD_CARD)


# --- a seeded simulation -------------------------------------------------------------------------------

@exercise("sat.7", hint=("One run: hand = [\"S\", \"S\", \"S\", \"Z\", \"Z\"]; three times, choose a card and "
                         "hand.remove(card). With both kinds in hand the card is \"Z\" when rng.random() < 1/4; "
                         "with one kind left there is no choice.",
                         "Make rng = random.Random(7) once, before the loop; count the runs whose third card is "
                         "\"S\", out of 20,000.",
                         "The estimate is p = hits / 20,000; its standard error is math.sqrt(p * (1 - p) / "
                         "20_000)."),
          compare=simulated,
          mistakes=[(estimate_near(lambda: last_card_satori(THIRD_CARD, UNIFORM)),
                     "Your player picks a card uniformly from the hand (that gives 3/5). This one chooses by "
                     "kind: a zatsunen 1/4 of the time when both kinds are in hand."),
                    (estimate_near(lambda: last_card_satori(THIRD_CARD, Model(bluff=1 - BLUFF))),
                     "Your player plays a satori 1/4 of the time; it is the zatsunen (the bluff) that comes 1/4 "
                     "of the time."),
                    (estimate_near(lambda: 1 - BLUFF),
                     "Your player plays a satori with chance 3/4 every time, even after two zatsunen. Take each "
                     "card out of the hand: once the zatsunen are gone, the next card is a satori for sure."),
                    *standard_error_slips(RUNS, "runs")])
def simulated_third_card() -> Sampled:
    """The exact chance the third card is satori (bluff 1/4), and the standard error of a 20,000-run estimate."""
    p = last_card_satori(THIRD_CARD, Model(bluff=BLUFF))
    return Sampled(p, math.sqrt(p * (1 - p) / RUNS))


# --- the stakes of a call ----------------------------------------------------------------------------

def katsu_position() -> Observation:
    """The position of sat.8 and sat.9: what player 0 sees in a Katsu window, asked first.

    Three players, each dealt the sheet's hand (stacked: S, S, S, Z, Z). In three rounds nobody
    called: player 0 played zatsunen, zatsunen, satori (pile Z Z S, run 1; hand S S), and
    players 1 and 2 played three cards each, unseen. Player 2's third card has just gone down,
    and player 0 is the first asked: katsu or no katsu? A success puts a satori on player 0's
    pile (run 2); a failure eliminates them.

    >>> position = katsu_position()
    >>> position.seat, position.current_player, position.active, position.pile, position.hand
    (0, 0, 2, ('Z', 'Z', 'S'), ('S', 'S'))
    """
    state = Game(players=3).new(hands=[list(HAND)] * 3)
    for number, card in enumerate(POSITION_PLAYS):
        state.apply(PLAYS[card])
        if number < len(POSITION_PLAYS) - 1:
            for _ in range(2):
                state.apply(NO_KATSU)
    return state.observation(0)


@lru_cache(maxsize=None)
def _stakes() -> Any:
    """katsu_stakes of the position, as the question asks for it (seeded: the same every time)."""
    return _analysis().katsu_stakes(katsu_position(), rollouts=ROLLOUTS, seed=STAKES_SEED)


def _chance(estimate: Any) -> Fraction:
    """An Estimate as the exact share of its rollouts won (wins / rollouts)."""
    return Fraction(round(estimate.value * estimate.samples), estimate.samples)


def _chances() -> tuple[Fraction, Fraction, Fraction]:
    """(success, no call | satori, no call | zatsunen): the chances of winning of the three branches, exactly."""
    stakes = _stakes()
    return _chance(stakes.success), _chance(stakes.no_call_satori), _chance(stakes.no_call_zatsunen)


def _bots_p() -> Fraction:
    """The posterior that player 2's card is satori, under the bots' model."""
    analysis = _analysis()
    return analysis.p_satori(katsu_position(), analysis.MODELS[BOTS])


def _exact_break_even() -> Fraction:
    """The p where p × success = p × no call | S + (1 − p) × no call | Z."""
    success, satori, zatsunen = _chances()
    return zatsunen / (success - satori + zatsunen)


def _near_any(*wrongs: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: to three decimals, the answer is one of the slips ``wrongs`` compute."""
    return lambda answer, truth: any(close_to(answer, Fraction(wrong())) for wrong in wrongs)


@exercise("sat.8", hint=("A failed call leaves you 0, so a call is worth p × P(win | success). Letting the card go "
                         "is worth P(win | no call, S) if it is a satori and P(win | no call, Z) if not. Where are "
                         "the two expected values equal?",
                         "stakes = katsu_stakes(position, rollouts=400, seed=2) has stakes.success, "
                         "stakes.no_call_satori and stakes.no_call_zatsunen (each with .value). Solve p × success "
                         "= p × no call | S + (1 − p) × no call | Z for p.",
                         "Gather the p terms: p × (success − no call | S + no call | Z) = no call | Z."),
          compare=close_to,
          mistakes=[(near(lambda: _chances()[2] / _chances()[0]),
                     "That solves p × P(win | success) = P(win | no call, Z), as if letting the card go were worth "
                     "the same whatever it is. With chance p it is a satori, and letting it go is then worth "
                     "P(win | no call, S): no call is worth p × no call | S + (1 − p) × no call | Z."),
                    (near(lambda: _chances()[1] / _chances()[0]),
                     "That solves p × P(win | success) = P(win | no call, S): letting the card go is worth that "
                     "only when it is a satori. With chance 1 − p it is a zatsunen, and letting it go is then "
                     "worth P(win | no call, Z)."),
                    (near(lambda: (_bots_p() * _chances()[1] + (1 - _bots_p()) * _chances()[2]) / _chances()[0]),
                     "That divides no call, averaged over the card under the bots' model, by P(win | success). "
                     "But that average is itself a function of p: write no call as p × no call | S + (1 − p) × "
                     "no call | Z and solve p × success = no call for p."),
                    (_near_any(lambda: _chances()[0] - _chances()[2], lambda: _chances()[0] - _chances()[1]),
                     "That is a difference of chances of winning, not a probability. The break-even is the p "
                     "where the expected values are equal, p × success = p × no call | S + (1 − p) × no call | Z: "
                     "solve for p, don't subtract."),
                    (Fraction(1, 2), "1/2 would be right only if a success gained over letting a satori go exactly "
                                     "what letting a zatsunen go is worth (success − no call | S = no call | Z). "
                                     "Use the stakes: here they differ."),
                    (_near_any(lambda: 1 / _exact_break_even(), lambda: _chances()[0] / _chances()[2]),
                     "Upside down: a chance is at most 1. In p × (success − no call | S + no call | Z) = "
                     "no call | Z, no call | Z goes on top.")])
def break_even() -> Fraction:
    """The chance of a satori above which calling raises player 0's chance of winning, exact from the rollout counts."""
    return _exact_break_even()


@exercise("sat.9", hint=("p = p_satori(position, MODELS[\"bluffs 1/4, declares at once (the bots)\"]). A call is "
                         "worth p × stakes.success.value; no call p × stakes.no_call_satori.value + (1 − p) × "
                         "stakes.no_call_zatsunen.value.",
                         "Or compare p with the break-even of sat.8: above it, a call raises your chance of "
                         "winning."),
          choices="abc",
          mistakes=[("b", "Work it out: p × stakes.success.value against p × stakes.no_call_satori.value + (1 − p) × "
                          "stakes.no_call_zatsunen.value. Which expected value is larger?"),
                    ("c", "Look at the stakes: stakes.success.value against stakes.no_call_satori.value. A success "
                          "puts the satori on your own pile: which chance is higher?")])
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

@exercise("sat.10", hint=("Under Model(bluff=0) what does a player with a satori in hand play? Try "
                          "last_card_satori(Story((3, 2), ((\"play\", None),) * k), Model(bluff=0)) for k = 1, 2, "
                          "3.",
                          "Look at the dealt hands too: Game().new(seed=s).hand(seat) for a few seeds and "
                          "seats."),
          choices="abcd",
          mistakes=[("b", "Nothing about the deal is random: every player takes the same 3 satori and 2 zatsunen. "
                          "The only secret is the order of play, which the player chooses."),
                    ("c", "Compare last_card_satori(story, Model(bluff=0)) with the uniform model's 3/5: the "
                          "never-bluffer's posterior is not the prior."),
                    ("d", "The opposite: with no bluffs the first three cards are the three satori, so after three "
                          "plays nobody called their pile is S, S, S and they can declare.")])
def why_never_bluffing_loses() -> str:
    """The letter of sat.10: the claim about a player who never bluffs that cardlib confirms."""
    stories = [Story(DEALT, (UNSEEN,) * plays) for plays in range(1, DEALT[0] + 1)]
    hands = {Game().new(seed=seed).hand(seat) for seed in range(10) for seat in range(3)}
    return the_one_true({
        "a": all(last_card_satori(told, NEVER_BLUFFS) == 1 for told in stories),
        "b": len(hands) > 1,
        "c": all(last_card_satori(told, NEVER_BLUFFS) == last_card_satori(told, UNIFORM) for told in stories),
        "d": all(pile != (SATORI,) * 3 for (_, _, pile) in worlds(THIRD_CARD, NEVER_BLUFFS)),
    })
