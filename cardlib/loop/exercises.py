"""The Loop exercises: each truth is computed by cardlib, never typed in.

Used by ``check("loop.N", answer)`` in ``exercises/05_loop.ipynb``, easy to hard: the two-player deal
(loop.1), at least one 1 or 15 (loop.2), where the three 8s fall among three chairs (loop.3), linearity
of expectation for pairs and runs (loop.4, loop.5), following under donden (loop.6), loop-round points
(loop.7), the chair rule (loop.8), a seeded simulation (loop.9), the hand or the player in replayed
deals (loop.10) and an "explain" choice on the three-player loop rule (loop.11). The lesson works other
stories and player counts, so it answers none of these.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache, partial
from itertools import permutations
from typing import Any

from cardlib.core.checking import Sampled, close_to, estimate_near, exercise, simulated, the_one_true
from cardlib.core.choices import multiple_choice
from cardlib.loop.actions import DECK, NUMBERS, parse_card
from cardlib.loop.chairs import BASE, START_POINTS, allowed_chairs, new_total, round_points
from cardlib.loop.combos import beating, combo
from cardlib.loop.slips import (
    HAND, _analysis, both_dealt, chairs_that, chooser_and_chairs, compared, eights, eights_unused_drawn, entry, every_run,
    exactly_one_of, holds, is_, is_word, missing_some, mixed_run, near, no_combination, none_of, not_from,
    not_n_entries, notation, numbers_held, one_eight_each_slip, other_shape, plays, run_around_the_top,
    run_with_replacement, runs_of_two, same_choice, same_pair, same_plays, spread_share, totals,
)

# The data the questions ask about, named so the notebook and the tests use the very same ones. Each story
# differs from the lesson's (three players, the 8s in one hand, the three-8s rule, four-player points).
DEAL_PLAYERS = 2                                       # loop.1
LEFT = len(DECK) - HAND                                # loop.1: the cards left for chair 1 once chair 0 is dealt
EXTREMES = (1, 15)                                     # loop.2: the strongest singles, under donden and without
EXTREME_CARDS = sum(card[0] in EXTREMES for card in DECK)  # six
SPREAD_PLAYERS = 3                                     # loop.3: where the three 8s fall
FOLLOW_TRICK, FOLLOW_HAND = "6b 7b", "2r 3r 4r 4y 5y 6y 7y 11b 12b"   # loop.6, donden in force
# loop.7: a four-player game after its normal round (players 0-3 in chairs 0-3) and its first loop round
NORMAL_RANKS = (2, 4, 1, 3)                            # by player, the normal round
LOOP_CHAIRS = (3, 2, 0, 1)                             # by player, the chairs taken for the loop round
CHAIR_PREVIOUS = NORMAL_RANKS                          # by chair, its occupant's normal-round rank (player p sat in chair p)
LOOP_RANKS = (1, 4, 3, 2)                              # by player, the loop round
CHOSEN = {1: 0, 2: 1}                                  # loop.8: before the next loop round, player → chair
RUNS, SIMULATION_SEED = 20_000, 5                      # loop.9
REPLAY_DEALS, REPLAY_SEED = 30, 1                      # loop.10: two players, the random bot and the climber
EXPLAIN_PLAYERS = 3                                    # loop.11: the lesson works four


# --- the deal ----------------------------------------------------------------------------------------

@exercise("loop.1", hint=("Each chair gets 11 cards, whatever the number of players; the rest of the 45 stays "
                          "unused (setting 2 aside comes later, from the hand).",
                          "Once chair 0 has its 11 cards, 34 are left. Chair 1's hand is a set of 11 of those: the "
                          "order they come in does not matter, and no card comes twice."),
          mistakes=[(entry(1, lambda: math.perm(LEFT, HAND)),
                     "That counts the hands in the order the cards come: the same 11 cards in another order are "
                     "the same hand. Divide by 11!, or use comb."),
                    (entry(1, lambda: LEFT ** HAND),
                     "34^11 lets a card come twice and counts orders: a hand is 11 different cards, unordered."),
                    (entry(1, lambda: math.comb(len(DECK), HAND)),
                     "That is every hand of 11 from the 45. Chair 0's 11 cards are gone: chair 1's hand comes "
                     "from the 34 left."),
                    (entry(1, lambda: math.comb(len(DECK), HAND) * math.comb(LEFT, HAND)),
                     "That counts whole deals (both hands at once). The question asks for chair 1's hand, chair "
                     "0's being known."),
                    (entry(0, lambda: len(DECK) - 3 * HAND, lambda: len(DECK) - 4 * HAND),
                     "That is another table: 3 players leave 12 cards unused, 4 players 1. This one has two."),
                    (entry(0, lambda: len(DECK) - DEAL_PLAYERS * (HAND - 2)),
                     "The 2 set-aside cards are dealt: they come from the hand, and they are not unused."),
                    (lambda answer, truth: same_pair(answer, truth[::-1]),
                     "The other way round: first the unused cards, then the number of hands."),
                    (not_n_entries, "Give two numbers in a tuple: (unused cards, different hands for chair 1).")])
def the_deal() -> tuple[int, int]:
    """(cards left unused with two players, different hands of 11 chair 1 may get once chair 0's are dealt)."""
    return len(DECK) - DEAL_PLAYERS * HAND, math.comb(LEFT, HAND)


# --- the 1s and 15s, and the 8s among the chairs ---------------------------------------------------

@exercise("loop.2", hint=("\"At least one\" is hard to count directly; its complement, \"no 1 and no 15\", is easy. "
                          "How many 1s and 15s does the deck hold?",
                          "Six cards (two numbers, three colours). No 1 or 15: all 11 cards come from the 39 "
                          "others, comb(39, 11) hands of the comb(45, 11). Then 1 minus that."),
          mistakes=[(is_(lambda: Fraction(HAND * EXTREME_CARDS, len(DECK))),
                     "11 × 6/45 adds up chances of events that can happen together (two such cards in one "
                     "hand): it is the expected number of 1s and 15s, more than 1, and no chance."),
                    (is_(lambda: 1 - none_of(EXTREME_CARDS, replaced=True)),
                     "1 − (39/45)^11 draws each card from all 45 again. Dealt cards are gone: the chance of "
                     "none is comb(39, 11)/comb(45, 11)."),
                    (is_(lambda: none_of(EXTREME_CARDS)), "That is the chance of no 1 and no 15: take the complement."),
                    (is_(lambda: exactly_one_of(EXTREME_CARDS)),
                     "That is exactly one of the six; at least one also counts two, three, …"),
                    (is_(lambda: 1 - none_of(3)),
                     "That is at least one of three given cards (the lesson's 8s): the 1s and the 15s are six cards."),
                    (is_(lambda: 2 * (1 - none_of(3))),
                     "At least one 1 and at least one 15 can happen together: their chances do not add (this one "
                     "is above 1). Count the hands with none of the six."),
                    (is_(lambda: 1 - none_of(3) ** 2),
                     "No 1 and no 15 are not independent: a hand without 1s has more room for 15s. Count the "
                     "hands with none of the six at once.")])
def at_least_one_extreme() -> Fraction:
    """P(a dealt hand of 11 holds at least one 1 or 15), exact."""
    return _analysis().p_at_least_one_of(EXTREME_CARDS)


@exercise("loop.3", hint=("Where the three 8s lie is a set of 3 of the 45 places, all equally likely. Unused: all "
                          "three among the 12 cards nobody gets. One each: one 8 in each chair's 11.",
                          "Unused: comb(12, 3)/comb(45, 3). One each: 11 × 11 × 11 sets of places put one 8 in "
                          "each chair, of the comb(45, 3)."),
          mistakes=[(entry(0, lambda: eights_unused_drawn(SPREAD_PLAYERS)),
                     "(12/45)^3 treats the three 8s as independent draws. Once one 8 is among the unused cards, "
                     "fewer places are left there: (12 × 11 × 10)/(45 × 44 × 43)."),
                    (entry(0, lambda: none_of(3)),
                     "That is one hand without an 8. All three hands must miss them: the 8s all lie among the 12 "
                     "unused cards."),
                    (entry(0, lambda: none_of(3) ** SPREAD_PLAYERS),
                     "(272/645)^3 treats the three hands as independent; they are not: a hand without an 8 leaves "
                     "more 8s for the others. Count where the 8s lie: comb(12, 3) of the comb(45, 3)."),
                    (entry(1, lambda: one_eight_each_slip(orders=False)),
                     "That puts 8r in chair 0, 8b in chair 1 and 8y in chair 2. Any 8 may go to any chair, one "
                     "each: 3! ways to give them out."),
                    (entry(1, lambda: one_eight_each_slip(replaced=True), lambda: one_eight_each_slip(False, True)),
                     "(11/45)^3 treats the three 8s as independent: once one lies in a chair, 44 places are left "
                     "for the next."),
                    (entry(1, lambda: eights(1) ** SPREAD_PLAYERS),
                     "(187/430)^3 treats the three hands as independent; they are not: once one hand has exactly "
                     "one 8, only two are left for the others."),
                    (not_n_entries,
                     "Give two numbers in a tuple: (all three 8s unused, one 8 in each hand)."),
                    (lambda answer, truth: same_pair(answer, truth[::-1]),
                     "The two numbers are the wrong way round: the tuple is (all three 8s unused, one 8 in each "
                     "hand).")])
def where_the_eights_lie() -> tuple[Fraction, Fraction]:
    """Three players: (P(all three 8s among the unused cards), P(each hand holds exactly one 8))."""
    analysis = _analysis()
    return analysis.p_eights_unused(SPREAD_PLAYERS), analysis.p_one_eight_each()


# --- linearity of expectation ---------------------------------------------------------------------

@exercise("loop.4", hint=("Write the count of pairs as a sum of one indicator per possible pair of cards: how many "
                          "pairs of two cards with the same number does the deck hold?",
                          "15 numbers × comb(3, 2) colour choices = 45 possible pairs; each is in the hand when "
                          "both its cards were dealt to it: (11 × 10)/(45 × 44). The expected value of the sum is "
                          "the sum of the expected values."),
          mistakes=[(is_(lambda: 2 * len(NUMBERS) * 3 * both_dealt()),
                     "That counts ordered pairs (7r 7b and 7b 7r): a pair is two cards, unordered, comb(3, 2)."),
                    (is_(lambda: len(NUMBERS) * both_dealt()),
                     "Each number makes comb(3, 2) = 3 possible pairs (rb, ry, by), not one."),
                    (is_(lambda: len(NUMBERS) * 3 * both_dealt(replaced=True)),
                     "(11/45)² treats the two cards as independent draws: once one is dealt to the hand, 10 places "
                     "are left for the other among 44 cards."),
                    (is_(lambda: math.comb(HAND, 2) * Fraction(3, len(DECK))),
                     "55 × 3/45 lets a card pair with itself: a card's partner is one of the 2 others of its "
                     "number among the 44 other cards."),
                    (is_(lambda: numbers_held(2)),
                     "That counts numbers held at least twice. A three of a kind holds three pairs, and each counts."),
                    (is_(lambda: numbers_held(2, exactly=True)),
                     "That counts numbers held exactly twice. A three of a kind holds three pairs, and each counts.")])
def expected_pairs() -> Fraction:
    """The expected number of pairs (two cards of one number) in a dealt hand of 11."""
    return _analysis().expected_combinations()["pair"]


@exercise("loop.5", hint=("One indicator per possible run of 2: two consecutive numbers in one colour. How many "
                          "are there in one colour? 15 and 1 are not consecutive.",
                          "3 colours × 14 starting numbers, each in the hand with chance (11 × 10)/(45 × 44)."),
          mistakes=[(is_(lambda: runs_of_two(len(NUMBERS))),
                     "15 and 1 are not consecutive: each colour has 14 runs of 2 (1-2 up to 14-15), not 15."),
                    (is_(lambda: runs_of_two(len(NUMBERS) - 1, colours=1)),
                     "That is one colour's runs: there are three colours, 42 possible runs of 2."),
                    (is_(lambda: runs_of_two(len(NUMBERS) - 1, colours=1, cards_a_pair=9)),
                     "A run is one colour: 4r 5b is no run. Each colour has 14 runs of 2, 42 in all."),
                    (is_(lambda: runs_of_two(len(NUMBERS) - 1, cards_a_pair=2)),
                     "4b 5b and 5b 4b are one run (the same two cards): you counted each twice."),
                    (is_(lambda: runs_of_two(len(NUMBERS) - 1, replaced=True)),
                     "(11/45)² treats the two cards as independent draws: once one is in the hand, 10 of the "
                     "other 44 cards are."),
                    (is_(every_run),
                     "That counts runs of every length. The question asks for runs of 2 (a run of 3 holds two).")])
def expected_runs_of_two() -> Fraction:
    """The expected number of runs of 2 (two consecutive numbers in one colour) in a dealt hand of 11."""
    return _analysis().expected_combinations()["run of 2"]


# --- following under donden ----------------------------------------------------------------------------

TRICK = combo([parse_card(text) for text in FOLLOW_TRICK.split()])   # loop.6's trick, as a combination


def follow_hand() -> list:
    """The hand of loop.6, as cards."""
    return [parse_card(text) for text in FOLLOW_HAND.split()]


@exercise("loop.6", hint=("Follow with the same form and size as the trick: runs of 2, one colour each.",
                          "Under donden the order is reversed: a run is stronger when its lowest number is lower, "
                          "and an equal number is not stronger. Check every run of 2 inside the longer runs."),
          compare=same_plays,
          mistakes=[(lambda answer, truth: plays(answer) is None,
                     "Give a set of plays written in the notation, like {\"play 12r 13r\", \"play 14b 15b\"}."),
                    (holds(is_word), "List only the plays: passing is always allowed when you follow, and donden "
                                     "is no play."),
                    (holds(not_from(follow_hand())), "Play only cards from the hand given."),
                    (holds(mixed_run), "A run is one colour: consecutive numbers in two colours form no combination."),
                    (holds(no_combination), "Each play must be a combination: those cards form none."),
                    (holds(other_shape(TRICK)), "Follow with the same form and size as the trick: a run of 2, "
                                                   "no single, pair or longer run."),
                    (holds(compared(TRICK, lambda number, trick: number == trick)),
                     "An equal number does not beat the trick: 6y 7y ties with 6b 7b."),
                    (holds(compared(TRICK, lambda number, trick: number > trick)),
                     "Donden is in force: the order is reversed, so a lower run beats the trick, not a higher one."),
                    (missing_some, "Some plays are missing: a run of 3 or 4 holds several runs of 2 (9r 10r 11r "
                                   "holds 9r 10r and 10r 11r).")])
def plays_that_follow() -> frozenset:
    """The plays the hand of loop.6 may make on the trick while donden is in force, in the notation."""
    return frozenset(notation(cards) for cards in beating(follow_hand(), TRICK, reversed_order=True))


# --- loop-round points and the chair rule -------------------------------------------------------------

def normal_totals() -> tuple[int, ...]:
    """Each player's total after the normal round of loop.7 (everyone starts with 2)."""
    return tuple(new_total(START_POINTS, round_points(4, rank)) for rank in NORMAL_RANKS)


def loop_round_table() -> Any:
    """The story of loop.7, one row per player (no new totals: that is the question)."""
    import pandas as pd
    rows = [{"player": p, "chair in the normal round": p, "rank in the normal round": NORMAL_RANKS[p],
             "total after it": normal_totals()[p], "chair in the loop round": LOOP_CHAIRS[p],
             "rank in the loop round": LOOP_RANKS[p]} for p in range(4)]
    return pd.DataFrame(rows).set_index("player")


def _totals(**slip: Any) -> tuple[int, ...]:
    return totals(normal_totals(), CHAIR_PREVIOUS, LOOP_CHAIRS, LOOP_RANKS, **slip)


@exercise("loop.7", hint=("A chair's points in a loop round: the normal table's BASE[4][rank - 1] + (the chair's "
                          "previous rank − the new rank). The previous rank is the one its last occupant finished "
                          "with.",
                          "Add the points to each total; a total below 0 becomes 0."),
          mistakes=[(is_(lambda: _totals(floor=False)), "A total never drops below 0: after adding, a negative "
                                                        "total becomes 0."),
                    (is_(lambda: _totals(own=NORMAL_RANKS)),
                     "The extra uses the chair's previous rank (the rank of whoever sat there before), not the "
                     "player's own last rank."),
                    (is_(lambda: _totals(sign=-1)),
                     "The sign is the other way: finishing better than the chair's last occupant (a smaller rank) "
                     "earns more, previous − rank."),
                    (is_(lambda: _totals(base=False)), "The extra comes on top of the normal table's points by "
                                                       "rank (4/2/1/0)."),
                    (is_(lambda: _totals(extra=False)), "That is the normal round's scoring: a loop round adds "
                                                        "(the chair's previous rank − the new rank)."),
                    (is_(lambda: _totals(points_only=True)), "Those are the round's points: add each to the "
                                                             "player's total."),
                    (not_n_entries, "Give one total per player, players 0 to 3 in order: a tuple of four.")])
def loop_round_totals() -> tuple[int, ...]:
    """Each player's total after the loop round of loop.7."""
    return tuple(new_total(total, round_points(4, rank, CHAIR_PREVIOUS[chair]))
                 for total, rank, chair in zip(normal_totals(), LOOP_RANKS, LOOP_CHAIRS))


def choosing_order() -> list[int]:
    """The players of loop.8 in the order they choose chairs: from last place upwards."""
    return sorted(range(4), key=lambda player: -LOOP_RANKS[player])


def _chairs(chooser: int, condition: bool = True) -> frozenset:
    """The chairs ``chooser`` may take after ``CHOSEN`` (without ``condition``: leaving none for the others)."""
    before = dict(enumerate(LOOP_CHAIRS))
    waiting = [p for p in choosing_order() if p not in CHOSEN and p != chooser] if condition else []
    return frozenset(allowed_chairs(chooser, before, CHOSEN, waiting))


def next_chooser() -> int:
    """The player of loop.8 who chooses next: the worst-placed one who has not chosen."""
    return next(p for p in choosing_order() if p not in CHOSEN)


@exercise("loop.8", hint=("Chairs are chosen from last place upwards: who finished the loop round worst chooses "
                          "first. Which player is next?",
                          "Not the chair they just had, not a taken one, and each choice must leave a valid chair "
                          "for everyone after: who would be left with their own chair?"),
          compare=same_choice,
          mistakes=[(lambda answer, truth: chooser_and_chairs(answer) is None,
                     "Give a tuple: (the next chooser, {the chairs they may take})."),
                    (lambda answer, truth: chooser_and_chairs(answer)[0] != truth[0],
                     "Chairs are chosen from last place upwards: after the 4th and the 3rd comes the 2nd."),
                    (chairs_that(lambda chairs: LOOP_CHAIRS[next_chooser()] in chairs),
                     "Nobody may take the chair they just had (with 3 or 4 players)."),
                    (chairs_that(lambda chairs: bool(chairs & set(CHOSEN.values()))),
                     "Chairs already taken are gone."),
                    (chairs_that(lambda chairs: chairs == _chairs(next_chooser(), condition=False)),
                     "Each choice must leave a valid chair for everyone after: the last chooser may not be left "
                     "with the chair they just had.")])
def next_chair_choice() -> tuple[int, frozenset]:
    """(the next player to choose a chair in loop.8, the chairs they may take)."""
    return next_chooser(), _chairs(next_chooser())


# --- a seeded simulation --------------------------------------------------------------------------------

@exercise("loop.9", hint=("One run: hand = set(rng.sample(DECK, 11)). It is a hit when some (n, c), (n + 1, c), "
                          "(n + 2, c) are all in it, for n from 1 to 13 and c in \"rby\".",
                          "A hand counts once, however many runs it holds: hits += any(...). Make rng = "
                          "random.Random(seed) once, before the loop, and deal 20,000 hands.",
                          "Give the count itself, the number of runs and the seed: (hits, 20_000, seed). The checker "
                          "works out the estimate and its standard error."),
          compare=simulated,
          mistakes=[(estimate_near(lambda: _analysis().expected_combinations()["run of 3"]),
                     "That is the mean number of runs of 3 per hand (linearity gives it exactly). The question asks "
                     "for the chance of at least one: count each hand once."),
                    (estimate_near(lambda: _analysis().p_run_in_hand(2)), "You counted runs of 2: a run of 3 is three "
                                                              "consecutive numbers."),
                    (estimate_near(lambda: _analysis().p_run_in_hand(3, one_colour=False)),
                     "Three consecutive numbers in mixed colours are no run: one colour only."),
                    (estimate_near(lambda: _analysis().p_run_in_hand(4)), "You counted runs of 4: a run of 3 is three "
                                                              "consecutive numbers (n, n + 1, n + 2)."),
                    (estimate_near(lambda: run_with_replacement(3)),
                     "Your hands are dealt with replacement (rng.choices, or rng.choice 11 times): the same card "
                     "can come twice. A hand is 11 different cards: rng.sample(DECK, 11)."),
                    (estimate_near(lambda: run_around_the_top(3)),
                     "You counted runs that go round the top, like 14-15-1: 15 and 1 are not consecutive, so n "
                     "runs from 1 to 13 only.")])
def simulated_run_of_three() -> Sampled:
    """The chance a dealt hand holds a run of 3 (exact, by counting hands without one), asked of 20,000 hands."""
    return Sampled(_analysis().p_run_in_hand(3), RUNS)


# --- the hand or the player --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def replay_table() -> Any:
    """loop.10's table: ``REPLAY_DEALS`` deals of two players replayed with the bots in both orders."""
    from cardlib.loop.replays import ClimberBot, RandomAgent, replay_deals
    bots = {"random": RandomAgent(), "climber": ClimberBot()}
    return replay_deals(deals=REPLAY_DEALS, seed=REPLAY_SEED, bots=bots, players=2)


def _share(by: Any, round_: Any = "normal") -> Fraction:
    return spread_share(replay_table(), by, round_)


@exercise("loop.10", hint=("Keep the normal round's rows. The hand is a deal and a chair: group by both, take the "
                           "mean points of each hand, and put it on each of its rows with .transform(\"mean\").",
                           "Share = Σ (hand mean − grand mean)² over the rows / Σ (points − grand mean)². Give it "
                           "to two decimals."),
          compare=partial(close_to, places=2),
          mistakes=[(near(lambda: _share(["player"]), 2), "That is the player's share: group by deal and chair."),
                    (near(lambda: 1 - _share(["player"]), 2),
                     "That is everything but the player: the hand and the rest together."),
                    (near(lambda: 1 - _share(["player"]) - _share(["deal", "chair"]), 2),
                     "That is the rest (what neither the hand nor the player explains)."),
                    (lambda answer, truth: near(lambda: _share(["chair"]), 2)(answer, truth)
                     or near(lambda: _share(["deal"]), 2)(answer, truth),
                     "A chair alone is no hand (each deal deals new cards), and a deal alone is two hands whose "
                     "points always add to 2. The hand is a deal and a chair: group by both."),
                    (near(lambda: _share(["deal", "chair"], None), 2), "Keep the normal round's rows only."),
                    (lambda answer, truth: abs(float(answer) - 100 * float(truth)) < 1,
                     "That is a percentage; a share of the spread lies between 0 and 1."),
                    (near(lambda: _share(["deal", "chair"], "loop"), 2), "That is the loop round: the question "
                                                                         "asks about the normal round.")])
def hand_share() -> Fraction:
    """The share of the spread of normal-round points in ``replay_table()`` that the hand explains, exactly."""
    return _share(["deal", "chair"])


# --- explain -------------------------------------------------------------------------------------------

_points = partial(round_points, EXPLAIN_PLAYERS)   # loop.11's rule, three players: (rank, previous) -> points


@multiple_choice("loop.11")
def what_the_loop_rule_adds() -> str:
    """The letter of loop.11: the claim about the three-player loop rule that cardlib confirms."""
    ranks = range(1, EXPLAIN_PLAYERS + 1)
    orders = list(permutations(ranks))
    zero_sum = all(sum(_points(r, p) - BASE[EXPLAIN_PLAYERS][r - 1] for p, r in zip(previous, new)) == 0
                   for previous in orders for new in orders)
    return the_one_true({
        "a": zero_sum,
        "b": all(_points(rank, 1) >= _points(rank, EXPLAIN_PLAYERS) for rank in ranks),
        "c": max(_points(1, previous) for previous in ranks) <= BASE[EXPLAIN_PLAYERS][0] + 1,
        "d": all(_points(2, previous) == BASE[EXPLAIN_PLAYERS][1] for previous in ranks),
    })
