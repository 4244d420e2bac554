"""The Satori exercises: each truth is computed by cardlib, never typed in.

Used by ``check("sat.N", answer)`` in ``exercises/03_the_satori.ipynb``, easy to hard: the prior
(sat.1–2), evidence from a Katsu (sat.3), an enumeration (sat.4), Bayes' rule by hand (sat.5), a
formula in the bluff rate (sat.6), a seeded simulation (sat.7), the stakes of a call in one
position (sat.8–9), an "explain" choice (sat.10) and the learner's Beta update of a bluff rate (sat.11).
sat.8–11 are written in ``exercises_calls.py`` (``check`` loads a game's ``exercises_<part>`` modules too).

Each question asks about a story, a hand or a rate the lesson does not work (issue 21: no lesson
prints its exercises' answers): sat.1 and sat.3 a house variant of 4 satori and 3 zatsunen, the
others the sheet's hand of 3 and 2. ``Story`` writes down what the table saw of the player, and a
``Model`` says how they choose a card.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from cardlib.core.checking import Sampled, estimate_near, exercise, same, same_expression, simulated
from cardlib.satori.actions import NO_KATSU, PLAYS, SATORI, ZATSUNEN, Observation
from cardlib.satori.beliefs import UNIFORM, Model, Story, last_card_satori, worlds
from cardlib.satori.rules import Game
from cardlib.satori.slips import a_number, in_another_symbol

DEALT = (3, 2)                      # satori and zatsunen in the sheet's hand
VARIANT = (4, 3)                    # sat.1, sat.3: a house variant (unofficial), so the lesson's 3/5 is not the answer
HAND = ("S", "S", "S", "Z", "Z")    # the sheet's hand as cards
UNSEEN = ("play", None)             # a card played face down that nobody called
TAKEN = ("play", SATORI)            # a card a Katsu showed to be satori (it went to the caller's pile)
BLUFF = Fraction(3, 10)             # sat.2: the chance of a zatsunen when both kinds are in hand
SIMULATED_BLUFF = Fraction(1, 3)    # sat.7

# The stories the questions ask about, named so the notebook and the tests use the very same ones.
FIRST_CARD = Story(DEALT, (UNSEEN,))                                          # sat.2
VARIANT_FIRST_CARD = Story(VARIANT, (UNSEEN,))                                # sat.1
AFTER_TWO_SUCCESSES = Story(VARIANT, (TAKEN, TAKEN, UNSEEN))                  # sat.3
FOURTH_CARD = Story(DEALT, (UNSEEN,) * 4)                                     # sat.4 (asks about the first card)
AFTER_A_FAILURE = Story(DEALT, (UNSEEN, UNSEEN, ("play", ZATSUNEN, True), UNSEEN))  # sat.5
FOURTH_AFTER_A_SUCCESS = Story(DEALT, (TAKEN, UNSEEN, UNSEEN, UNSEEN))        # sat.6, sat.7
EAGER = Model(eager=True)                                                     # sat.4
ALWAYS_BLUFFS = Model(bluff=Fraction(1))                                      # sat.10

RUNS = 20_000                              # sat.7
# sat.8–9: the cards played in turn by seats 0, 1, 2 (three rounds); the last one waits in the window
POSITION_PLAYS = ("Z", "S", "S", "Z", "Z", "Z", "S", "S", "S")


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


def card_satori(told: Story, model: Model, card: int) -> Fraction:
    """The posterior that the player's ``card``-th unrevealed play (1 = the first) is satori.

    >>> card_satori(FOURTH_CARD, Model(eager=True), 4), card_satori(FOURTH_CARD, Model(), 1)
    (Fraction(2, 3), Fraction(3, 5))
    """
    found = worlds(told, model)
    total = sum(found.values(), Fraction(0))
    return sum((w for (_, _, pile), w in found.items() if pile[card - 1] == SATORI), Fraction(0)) / total


# --- the prior and the model -------------------------------------------------------------------------

@exercise("sat.1", hint=("Each card of the hand is equally likely to be the one played. How many of the seven are "
                         "satori?",
                         "favourable / total, as a Fraction: Fraction(satori, satori + zatsunen)."),
          mistakes=[(Fraction(3, 7), "That is the zatsunen's share: 3 of the 7 cards. The question asks about a "
                                     "satori."),
                    (Fraction(4, 3), "That is the odds, satori to zatsunen (4 : 3), not a probability: a "
                                     "probability divides by all seven cards, and is never above 1."),
                    (Fraction(1, 2), "Two kinds of card does not make the two kinds equally likely: the hand holds "
                                     "4 satori and 3 zatsunen, and it is the cards that are equally likely."),
                    (Fraction(3, 5), "3/5 is the sheet's hand (3 satori, 2 zatsunen). This house variant deals 4 "
                                     "satori and 3 zatsunen.")])
def prior_first_card() -> Fraction:
    """The prior that a uniform player's first card is satori, in the house variant."""
    return last_card_satori(VARIANT_FIRST_CARD, UNIFORM)


@exercise("sat.2", hint=("This player does not pick a card at random: with both kinds in hand they choose by kind, "
                         "not by card.",
                         "A zatsunen comes with chance 3/10 whatever the counts in hand. Their hand holds both "
                         "kinds: what is left for a satori?"),
          mistakes=[(Fraction(3, 5), "3/5 is the uniform model, each card equally likely. This player chooses by "
                                     "kind: a zatsunen 3/10 of the time, whatever the counts."),
                    (BLUFF, "3/10 is the chance of a zatsunen, the bluff itself. The question asks about a "
                            "satori."),
                    (Fraction(3, 4), "3/4 is a player who bluffs 1/4 of the time (the bots). This one bluffs 3/10 "
                                     "of the time.")])
def bluffer_first_card() -> Fraction:
    """The chance that a player who bluffs 3/10 of the time plays a satori first."""
    return last_card_satori(FIRST_CARD, Model(bluff=BLUFF))


# --- evidence ------------------------------------------------------------------------------------------

@exercise("sat.3", hint=("Both Katsus showed a satori, and both cards went to the callers' piles. What is left in the "
                         "player's hand?",
                         "Of 4 satori and 3 zatsunen, two satori are gone: 2 satori and 3 zatsunen are left, and "
                         "a uniform player picks one of those five."),
          mistakes=[(Fraction(4, 7), "4/7 is the prior of a fresh hand. The Katsus showed that two satori have "
                                     "already left the hand: count what is left."),
                    (Fraction(1, 2), "That takes away only one satori (3 of 6). Both Katsus took a satori."),
                    (Fraction(2, 7), "Two satori are left, but not among seven cards: the hand holds only five "
                                     "now."),
                    (Fraction(4, 5), "Five cards are left, but the two taken were satori: the satori left are "
                                     "4 − 2."),
                    (Fraction(3, 5), "That counts the zatsunen among the five cards left (it is also the prior of "
                                     "the sheet's hand, 3 satori of 5). Count the satori left in this hand.")])
def third_card_after_two_successes() -> Fraction:
    """The posterior that a uniform player's third card is satori, once Katsus took their first two (both satori)."""
    return last_card_satori(AFTER_TWO_SUCCESSES, UNIFORM)


@exercise("sat.4", hint=("An eager player with three satori on top of their pile declares at the start of their "
                         "turn. They played a fourth card instead: which orders does that rule out?",
                         "Keep the 9 orders whose first three cards are not S, S, S; among those, count the ones "
                         "whose first card is S."),
          mistakes=[(Fraction(3, 5), "3/5 counts every order of the hand. But the player played instead of "
                                     "declaring: that is evidence about the cards already down too. Leave out the "
                                     "orders in which they would have declared."),
                    (_is(lambda: card_satori(FOURTH_CARD, EAGER, 4)),
                     "That is the chance for the fourth card, the one just played. The question asks about their "
                     "first card."),
                    (Fraction(1, 2), "You left S, S, S, Z, Z out of the count but not out of the total: divide by "
                                     "the number of orders you kept."),
                    (5, "That is how many of the orders kept start with a satori; divide by how many orders you "
                        "kept."),
                    (_is(lambda: 1 - card_satori(FOURTH_CARD, EAGER, 1)),
                     "That is the chance the first card is a zatsunen.")])
def first_card_of_an_eager_player() -> Fraction:
    """The posterior of the first card of an eager uniform player who played a fourth card instead of declaring."""
    return card_satori(FOURTH_CARD, EAGER, 1)


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
        elif step[0] == "play" and step[1] == ZATSUNEN:
            s += step[2]
    return Fraction(s, s + z)


@exercise("sat.5", hint=("Four histories: the first two cards were S S, S Z, Z S or Z Z. For each, prior × "
                         "likelihood: the chance of those two cards, times the chance that the third card was "
                         "then the zatsunen the Katsu showed.",
                         "S S: prior 3/5 × 2/4, and the hand S Z Z then plays a zatsunen with chance 2/3. S Z and "
                         "Z S: prior 3/10 each, likelihood 1/3. Z Z: no zatsunen left, likelihood 0. Afterwards the "
                         "zatsunen comes back with a satori from the caller.",
                         "Divide each prior × likelihood by their sum (the posteriors), then weigh each history's "
                         "chance of a satori fourth: 2/4 after S S (hand S S Z Z), 3/4 after S Z or Z S."),
          mistakes=[(_is(lambda: last_card_satori(Story(DEALT, (UNSEEN, UNSEEN, ("play", ZATSUNEN, False), UNSEEN)))),
                     "You gave back the zatsunen but forgot the satori: the eliminated caller hands the player "
                     "one satori too, so the hand grows to four cards."),
                    (Fraction(3, 5), "3/5 is the prior of a fresh hand. The Katsu showed the third card, and "
                                     "that changes what the first two were likely to be."),
                    (_is(lambda: _priors_only(AFTER_A_FAILURE)),
                     "That weighs each history by its prior only. The revealed zatsunen is evidence: multiply "
                     "each prior by its likelihood, the chance of that zatsunen in that history."),
                    (_is(lambda: _unnormalised(AFTER_A_FAILURE)),
                     "That is prior × likelihood of the satori histories, not yet a probability: divide by the "
                     "sum over all histories (the evidence)."),
                    (_is(lambda: _counted_share(AFTER_A_FAILURE)),
                     "That counts the player's unseen cards (4 satori of 6) as if every order were equally "
                     "likely. The revealed zatsunen makes satori among the first two cards more likely, so the "
                     "cards left are not exchangeable any more.")])
def fourth_card_after_a_failure() -> Fraction:
    """The posterior of the fourth card, after a Katsu on the third showed a zatsunen."""
    return last_card_satori(AFTER_A_FAILURE, UNIFORM)


# --- a formula in the bluff rate ---------------------------------------------------------------------

@exercise("sat.6", hint=("The Katsu took a satori, so the hand holds 2 satori and 2 zatsunen. List its next two "
                         "cards, S S, S Z, Z S, Z Z, each with its chance in b.",
                         "After S Z or Z S both kinds are left: a satori with chance 1 − b. After S S only "
                         "zatsunen are left; after Z Z only satori. Add up chance × chance."),
          compare=same_expression,
          mistakes=[(_is_formula(lambda b: 1 - b),
                     "1 − b is right only while the hand holds both kinds. After S S or Z Z one kind is gone, "
                     "and the fourth card has no choice."),
                    (_is_formula(lambda b: 1 - b + b ** 3),
                     "That is the third card of a fresh hand. Here a Katsu took the first card, a satori: the "
                     "hand holds 2 satori and 2 zatsunen, and the waiting card is the third of those four."),
                    (_is_formula(lambda b: 3 * b - 6 * b ** 2 + 7 * b ** 3 - 3 * b ** 4),
                     "That is the fourth card of a player nobody called. The Katsu showed the first card: start "
                     "from the hand it left, 2 satori and 2 zatsunen."),
                    (_is_formula(lambda b: 2 * b * (1 - b) ** 2),
                     "That covers S Z and Z S, but after Z Z the fourth card is satori for sure: add that "
                     "history's chance, b²."),
                    (_is_formula(lambda b: 1 - (2 * b - 3 * b ** 2 + 2 * b ** 3)),
                     "That is the chance the fourth card is a zatsunen."),
                    (Fraction(1, 2), "1/2 is the uniform model, a number. The question asks for a formula in the "
                                     "bluff rate b."),
                    (in_another_symbol, "That is a formula in another symbol: write it in the notebook's b, "
                                         "b = sp.Symbol(\"b\")."),
                    (a_number, "That is a number: the chance at one bluff rate. The question asks for a formula in "
                                "the bluff rate b, true for every b.")])
def fourth_card_in_the_bluff_rate() -> Any:
    """The posterior that the fourth card is satori, a Katsu having taken the first (a satori), as a formula in b."""
    return _analysis().posterior_in_bluff(FOURTH_AFTER_A_SUCCESS)


# --- a seeded simulation -------------------------------------------------------------------------------

@exercise("sat.7", hint=("One run: hand = [\"S\", \"S\", \"Z\", \"Z\"] (what the Katsu left); three times, choose a "
                         "card and hand.remove(card). With both kinds in hand the card is \"Z\" when rng.random() < "
                         "1/3; with one kind left there is no choice.",
                         "Make rng = random.Random(seed) once, before the loop, with a seed of your choice; count "
                         "the runs whose third card from that hand is \"S\": those are the hits.",
                         "Answer (hits, 20_000, seed): the count itself, the number of runs and your seed. The "
                         "checker works out the estimate and its standard error."),
          compare=simulated,
          mistakes=[(estimate_near(lambda: last_card_satori(FOURTH_AFTER_A_SUCCESS, UNIFORM)),
                     "Your player picks a card uniformly from the hand (that gives 1/2). This one chooses by "
                     "kind: a zatsunen 1/3 of the time when both kinds are in hand."),
                    (estimate_near(lambda: last_card_satori(FOURTH_AFTER_A_SUCCESS, Model(bluff=1 - SIMULATED_BLUFF))),
                     "Your player plays a satori 1/3 of the time; it is the zatsunen (the bluff) that comes 1/3 "
                     "of the time."),
                    (estimate_near(lambda: 1 - SIMULATED_BLUFF),
                     "Your estimate fits 2/3, the chance of a satori while both kinds are in hand: either you "
                     "counted the second card from that hand instead of the third, or your player keeps choosing "
                     "by chance even when one kind is gone (then there is no choice: take each card out of the "
                     "hand)."),
                    (estimate_near(lambda: last_card_satori(Story(DEALT, (UNSEEN,) * 3), Model(bluff=SIMULATED_BLUFF))),
                     "Your hand still holds the satori the Katsu took: start each run from [\"S\", \"S\", \"Z\", "
                     "\"Z\"], the cards left after it.")])
def simulated_fourth_card() -> Sampled:
    """The exact chance the fourth card is satori (bluff 1/3, the first taken), asked of 20,000 runs."""
    return Sampled(last_card_satori(FOURTH_AFTER_A_SUCCESS, Model(bluff=SIMULATED_BLUFF)), RUNS)


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
