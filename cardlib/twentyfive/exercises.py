"""The Twenty-five exercises: each truth is computed by cardlib, never typed in.

Used by ``check("25.N", answer)`` in ``exercises/01_twenty_five.ipynb``, easy to hard: counting
pairs (25.1–3: the share of the deck's pairs that are 10s, what two more 7s add, what the next card adds
on average; none of them a line of the lesson's pair table), how many cards make exactly 20 pairs (25.4–6; the
lesson answers them for 25), random deals (25.7–8; 25.7 asks for a pair above 5), the round's points (25.9), a position and the coach's posterior (25.10–12,
added up by the student), an enumeration (25.13, among the hands holding a 4), a seeded simulation (25.14, answered as hits, runs
and seed) and an "explain" choice (25.15: why only fewer than 25 pairs cost a passer).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from cardlib.core.checking import Sampled, close_to, estimate_near, exercise, near, same, simulated, the_one_true
from cardlib.core.choices import multiple_choice
from cardlib.decks.pairs import COPIES, NUMBERS, PAIRS_DECK, pair_count, pairs_of
from cardlib.twentyfive.rules import TARGET, Observation, State, round_points
from cardlib.twentyfive.slips import (next_card_adds, share_of_hands, share_of_number_sets, share_with_replacement,
                                      with_replacement_over)


EXERCISE_SEED = 227  # a position where the reveals say a lot (the lesson uses another seed)


def reveal_position() -> State:
    """The position of exercises 25.10, 25.11, 25.12 and 25.15: round 1, three players, 21 cards in play.

    Everyone has drawn and revealed their highest card; you are player 0, about to decide.
    """
    from cardlib.twentyfive.analysis import example_position
    return example_position(seed=EXERCISE_SEED, cards=21, seat=0)


def reveal_observation() -> Observation:
    """What player 0 sees in ``reveal_position()``."""
    return reveal_position().observation(0)


def _analysis() -> Any:
    """cardlib's mathematics of the game, loaded on first need (it brings sympy and pandas)."""
    from cardlib.twentyfive import analysis
    return analysis


def _is(wrong: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is exactly the wrong value, computed when a check needs it."""
    return lambda answer, truth: same(answer, wrong())


IN_PLAY = (10, 10, 10, 9, 9, 9, 9, 8, 8, 5, 5, 5, 1)   # 25.3


def cards_left(in_play: Sequence[int] = IN_PLAY) -> list[int]:
    """The cards of the Pairs deck not in play: those the next card comes from."""
    left = list(PAIRS_DECK)
    for card in in_play:
        left.remove(card)
    return left


@exercise("25.1", hint=("First count every pair the whole deck holds: C(k, 2) for each number k, added up.",
                        "Pairs of 10s: C(10, 2) of them. The share is pairs of 10s / all pairs; give a fraction."),
          mistakes=[(comb(10, 2), "That is how many pairs of 10s there are; the question asks what share of all "
                                  "the deck's pairs they are."),
                    (_is(lambda: pair_count(PAIRS_DECK)), "That is every pair in the deck; what share of them "
                                                          "are pairs of 10s?"),
                    (Fraction(10, len(PAIRS_DECK)), "That is the share of the cards that are 10s. The question "
                                                    "asks about pairs, and a number's pairs grow faster than "
                                                    "its cards."),
                    (Fraction(1, len(NUMBERS)), "That takes every number as making as many pairs as the "
                                                "others; but k copies make C(k, 2) pairs.")])
def share_of_pairs_that_are_tens() -> Fraction:
    return Fraction(pair_count([10] * COPIES[10]), pair_count(PAIRS_DECK))


@exercise("25.2", hint=("Compare the pairs of four 7s with the pairs of six 7s.",
                        "Each new 7 pairs with every 7 in play before it: the first new one with four, the "
                        "second with five. Or: C(6, 2) − C(4, 2)."),
          mistakes=[(2 * 4, "Each new 7 pairs with the four 7s already there, yes; but the two new 7s also make a "
                            "pair with each other."),
                    (comb(6, 2), "15 is every pair six 7s make; the four 7s had made some of those already."),
                    (1, "The two new 7s do pair with each other, but each of them also pairs with the 7s that "
                        "were already there."),
                    (comb(4, 2), "6 is what the four 7s already made, C(4, 2); the question asks what the two new "
                                 "ones add."),
                    (4, "4 is what one more 7 adds; two are revealed here.")])
def two_more_sevens_add() -> int:
    return pair_count([7] * 6) - pair_count([7] * 4)


@exercise("25.3", hint=("A card adds one pair for each copy of its number already in play (the lesson's "
                        "second row). Which cards are left, and how many of each number?",
                        "For each number k: (copies of k left) × (copies of k in play). Add them up and divide "
                        "by the 55 − 13 = 42 cards left. Give a fraction."),
          mistakes=[(_is(lambda: pair_count(IN_PLAY)),
                     "That is the pairs already in play; the question asks what the next card adds, on average."),
                    (_is(lambda: next_card_adds(IN_PLAY, PAIRS_DECK)),
                     "That draws the next card from all 55 cards; it comes from the cards not in play."),
                    (_is(lambda: next_card_adds(IN_PLAY, cards_left()) * len(cards_left())),
                     "That adds up what every card left would add; the mean divides by how many cards are left."),
                    (_is(lambda: Fraction(len(IN_PLAY), len(NUMBERS))),
                     "That takes the ten numbers as equally likely to come next; but the cards left are not "
                     "spread evenly: count them, number by number.")])
def next_card_adds_on_average() -> Fraction:
    return next_card_adds(IN_PLAY, cards_left())


# --- exactly 20 pairs: the lesson answers these for 25, so the questions ask for 20 ----------------

ASKED_PAIRS = 20      # 25.4–25.6
SHEET_FEWEST = 12     # the rule sheet: "exactly 25 pairs takes 12 to 27 cards"


def greedy_cards(pairs: int) -> int:
    """The cards used when ``pairs`` is made greedily: the most pairs one number can add first.

    The slip of 25.4 (biggest first is not the fewest cards).

    >>> greedy_cards(20)      # six 10s (15), three 9s (3), two 8s (1), two 7s (1)
    13
    """
    cards, left = 0, pairs
    for number in sorted(COPIES, reverse=True):
        take = max((j for j in range(COPIES[number] + 1) if pairs_of(j) <= left),
                   key=lambda j: (pairs_of(j), -j))  # the most pairs, and no card that adds none
        cards, left = cards + take, left - pairs_of(take)
    if left:
        raise ValueError(f"the greedy way cannot make exactly {pairs} pairs")
    return cards


def certain_over(target: int) -> int:
    """The fewest cards in play from which more than ``target`` pairs are certain, however they fall."""
    distribution = _analysis().pairs_distribution
    return next(n for n in range(56) if all(pairs > target for pairs in distribution(n)))


@exercise("25.4", hint=("Many copies of one number make many pairs for few cards; but the total must be "
                        "exactly 20, not more.",
                        "One number with n copies makes C(n, 2) pairs: 1, 3, 6, 10, 15, 21 for n = 2 to 7. "
                        "Write 20 as a sum of such numbers.",
                        "Each C(n, 2) in your sum costs n cards. Of all the ways to make 20, which costs the "
                        "fewest cards? pair_count on your list of cards checks the pairs."),
          mistakes=[(_is(lambda: _analysis().card_bounds(TARGET)[0]),
                     "That is the lesson's answer for 25 pairs (six of one number and five of another). "
                     "This question asks for exactly 20."),
                    (SHEET_FEWEST, "12 is the rule sheet's figure for 25 pairs (and the lesson found fewer cards "
                                   "do). This question asks for exactly 20."),
                    (_is(lambda: greedy_cards(ASKED_PAIRS)),
                     "That is the greedy way: six of one number (15 pairs) first, then small numbers for the "
                     "last 5. Biggest first is not cheapest here: another split of 20 uses fewer cards.")])
def fewest_cards_for_20() -> int:
    return _analysis().card_bounds(ASKED_PAIRS)[0]


@exercise("25.5", hint=("Spread the cards thin: a number with few copies gives few pairs for its cards.",
                        "Three copies of a number give 3 pairs for 3 cards, two give 1 pair for 2, one gives "
                        "none. Use as many numbers as you can."),
          mistakes=[(_is(lambda: _analysis().card_bounds(TARGET)[1]),
                     "That is the lesson's answer for 25 pairs. With exactly 20 pairs, how many cards can "
                     "there be at most?")])
def most_cards_for_20() -> int:
    return _analysis().card_bounds(ASKED_PAIRS)[1]


@exercise("25.6", hint=("Find the smallest n where no way of choosing n cards stays at 20 pairs or fewer.",
                        "pairs_distribution(n) lists every number of pairs n cards can make (its keys): find "
                        "the first n whose keys are all above 20."),
          mistakes=[(_is(lambda: certain_over(TARGET)),
                     "That is the lesson's answer for more than 25 pairs. Here the line is 20: from how "
                     "many cards on are more than 20 pairs certain?"),
                    (_is(lambda: _analysis().card_bounds(ASKED_PAIRS)[1]),
                     "That many cards can still hold exactly 20 pairs (question 5), so more than 20 is not "
                     "yet certain.")])
def cards_that_always_exceed_20() -> int:
    return certain_over(ASKED_PAIRS)


HIGH = range(6, 11)   # 25.7: a pair of 6s, 7s, 8s, 9s or 10s


@exercise("25.7", hint=("Every set of two cards is equally likely: favourable sets / all sets.",
                        "Count the sets of two equal cards above 5, C(k, 2) for k = 6 to 10, and divide by "
                        "C(55, 2). Give a fraction."),
          mistakes=[(Fraction(len(HIGH), len(NUMBERS) ** 2),
                     "That takes the ten numbers as equally likely; but there are k copies of k, so two 10s "
                     "are far likelier than two 6s. Count the sets of cards."),
                    (lambda answer, truth: same(answer, truth * comb(55, 2)),
                     "That is how many sets of two cards are such a pair; divide by how many sets there are in all."),
                    (_is(lambda: _analysis().pairs_distribution(2)[1]),
                     "That counts every pair, the 1s to 5s too; the question asks for a pair above 5."),
                    (lambda answer, truth: same(answer, 1 - truth),
                     "That is the chance that the two cards are NOT such a pair."),
                    (_is(lambda: sum((Fraction(k, 55) ** 2 for k in HIGH), Fraction(0))),
                     "That puts the first card back before the second is dealt, (k/55)²; the second card comes "
                     "from the 54 left.")])
def two_cards_pair_above_five() -> Fraction:
    return Fraction(sum(pair_count([k] * COPIES[k]) for k in HIGH), comb(len(PAIRS_DECK), 2))


DEALT_CARDS = 21   # 25.8 (the lesson works out 20)


def target_or_more(cards: int) -> Fraction:
    """The slip of 25.8 and 25.14: the chance of 25 pairs or more among ``cards`` random cards (≥ for >)."""
    odds = _analysis().pairs_odds(cards)
    return odds.over + odds.exactly


@exercise("25.8", hint=("pairs_distribution(21) gives the chance of each number of pairs among 21 random cards.",
                        "Add the chances of the numbers of pairs above 25: sum(p for pairs, p in "
                        "pairs_distribution(21).items() if pairs > 25)."),
          compare=close_to,
          mistakes=[(near(lambda: target_or_more(DEALT_CARDS)),
                     "That counts 25 pairs too. More than 25 starts at 26: exactly 25 is another outcome "
                     "of the round."),
                    (near(lambda: _analysis().pairs_odds(DEALT_CARDS - 1).over),
                     "That is the lesson's value for 20 cards; this question deals 21."),
                    (near(lambda: 1 - _analysis().pairs_odds(DEALT_CARDS).over),
                     "That is the chance of 25 pairs or fewer: the complement of what is asked."),
                    (lambda answer, truth: abs(float(answer) - 100 * float(truth)) < 0.5,
                     "That is a percentage; a probability lies between 0 and 1.")])
def twenty_one_cards_exceed() -> Fraction:
    return _analysis().pairs_odds(DEALT_CARDS).over


@exercise("25.9", hint=("Were there more or fewer than 25 pairs? That decides who takes points.",
                        "More than 25: the player who drew last takes pairs − 25; nobody else takes any."),
          mistakes=[((0, 0, 6), "The points went to the wrong seat: the tuple lists seats 0, 1, 2 in order, "
                                "and the points go to the player who drew last."),
                    ((0, 10, 0), "10 points is what a passer takes with fewer than 25 pairs: here there are more."),
                    (lambda answer, truth: isinstance(answer, (tuple, list)) and len(answer) != len(truth),
                     "Give one number for each of the three players, in seat order: (player 0, player 1, "
                     "player 2).")])
def points_for_31() -> tuple[int, ...]:
    return round_points(31, passer=1, passed=0, players=3)


def _odds(model: str) -> Any:
    """The chances under, exactly at and over 25 pairs in the exercises' position, by ``model``."""
    return _analysis().p_over(reveal_observation(), model=model)


@exercise("25.10", hint=("The naive model treats the hidden hands as any of the unseen cards: "
                         "pairs_posterior(position, model=\"naive\") gives P(p pairs) for every p.",
                         "Add the chances of the numbers of pairs above 25 (26 and up)."),
          compare=close_to,
          mistakes=[(near(lambda: _odds("informed").over),
                     "That is the informed model's chance (question 11). Here the hidden hands are any unseen "
                     "cards: model=\"naive\"."),
                    (near(lambda: _odds("naive").over + _odds("naive").exactly),
                     "That counts exactly 25 pairs too. More than 25 starts at 26.")])
def naive_over() -> Fraction:
    return _odds("naive").over


@exercise("25.11", hint=("The informed model keeps only the hidden hands the reveals allow: "
                         "pairs_posterior(position, model=\"informed\").",
                         "Add the chances of the numbers of pairs above 25, as in question 10."),
          compare=close_to,
          mistakes=[(near(lambda: _odds("naive").over),
                     "That is the naive model's chance again (question 10): use model=\"informed\"."),
                    (near(lambda: _odds("informed").over + _odds("informed").exactly),
                     "That counts exactly 25 pairs too. More than 25 starts at 26.")])
def informed_over() -> Fraction:
    return _odds("informed").over


@exercise("25.12", hint=("An expected value is Σ points × P: for every number of pairs p, the points you "
                         "would take as the passer times P(p pairs), from pairs_posterior(position).",
                         "Your points as the passer: 10 when p < 25; when p > 25 the player who drew last "
                         "takes p − 25 (was that you?); at exactly 25 everyone but the passer takes 10."),
          compare=close_to,
          mistakes=[(near(lambda: _analysis().pass_cost(reveal_observation(), model="naive")[0]),
                     "That uses the naive model; the question asks for the informed one."),
                    (near(lambda: _odds("informed").under),
                     "That is the chance of fewer than 25 pairs; each such round costs the passer 10 points."),
                    (near(lambda: 10 * (_odds("informed").under + _odds("informed").exactly)),
                     "At exactly 25 pairs the passer takes nothing: everyone else takes 10."),
                    (near(lambda: 10 * _odds("informed").under + sum(
                        (p * (pairs - TARGET) for pairs, p in _analysis().pairs_posterior(reveal_observation()).items()
                         if pairs > TARGET), Fraction(0))),
                     "The P − 25 points of a round above 25 go to the player who drew last, and that was not "
                     "you.")])
def informed_pass_cost() -> Fraction:
    return _analysis().pass_cost(reveal_observation(), model="informed")[0]


# --- an enumeration -------------------------------------------------------------------------------

SMALL_DECK = (1, 2, 2, 3, 3, 3, 4, 4, 4, 4)   # 25.13: k copies of k, for k = 1 to 4
SMALL_HAND, AT_LEAST, GIVEN = 4, 2, 4          # four cards, at least 2 pairs, among the hands holding a 4


def _enough(hand: tuple[int, ...]) -> bool:
    return pair_count(hand) >= AT_LEAST


def _holds_given(hand: tuple[int, ...]) -> bool:
    return GIVEN in hand


@exercise("25.13", hint=("Complete the skeleton: combinations(small_deck, 4) lists every hand by the cards' "
                         "places in the deck, so different copies of a number make different hands; keep only "
                         "the hands with a 4 in them.",
                         "A hand counts when pair_count(hand) >= 2; the answer is Fraction(favourable, "
                         "len(hands)), where hands holds only the hands with a 4."),
          mistakes=[(_is(lambda: share_of_number_sets(SMALL_DECK, SMALL_HAND, _enough, _holds_given)),
                     "That lists each set of numbers once, as if 4, 4, 4, 4 were as likely as 1, 2, 3, 4. "
                     "But the copies are different cards: 1, 2, 3, 4 can be dealt in 1·2·3·4 = 24 ways, "
                     "4, 4, 4, 4 in one. List the cards with combinations(small_deck, 4)."),
                    (_is(lambda: share_of_hands(SMALL_DECK, SMALL_HAND, lambda hand: pair_count(hand) == AT_LEAST,
                                                _holds_given)),
                     "That counts the hands with exactly 2 pairs. Three of a kind holds 3 pairs and four of "
                     "a kind 6: they have at least 2 pairs too."),
                    (_is(lambda: share_of_hands(SMALL_DECK, SMALL_HAND, lambda hand: pair_count(hand) > AT_LEAST,
                                                _holds_given)),
                     "That leaves out the hands with exactly 2 pairs: at least 2 includes 2."),
                    (_is(lambda: share_of_hands(SMALL_DECK, SMALL_HAND, _enough)),
                     "That counts among every hand; the question keeps only the hands that hold a 4."),
                    (lambda answer, truth: same(answer, 1 - truth),
                     "That is the share of the hands with a 4 that hold fewer than 2 pairs."),
                    (_is(lambda: share_with_replacement(SMALL_DECK, SMALL_HAND, _enough, _holds_given)),
                     "That deals with replacement (every sequence of draws from all ten cards); a hand is four "
                     "different cards of the deck."),
                    (lambda answer, truth: same(answer, truth * sum(map(_holds_given, combinations(SMALL_DECK,
                                                                                                 SMALL_HAND)))),
                     "That is how many hands with a 4 have at least 2 pairs; the probability divides it by how "
                     "many hands with a 4 there are.")])
def small_hands_with_pairs() -> Fraction:
    return share_of_hands(SMALL_DECK, SMALL_HAND, _enough, _holds_given)


# --- a seeded simulation --------------------------------------------------------------------------

SIMULATED_CARDS, SIMULATION_RUNS, SIMULATION_SEED = 23, 20_000, 14   # 25.14 (the lesson shows 22)


@exercise("25.14", hint=("Make rng = random.Random(14) once, before the loop. Each run deals "
                         "rng.sample(PAIRS_DECK, 23) and counts its pairs with pair_count.",
                         "A hit is a deal with more than 25 pairs: add 1 to over for each. Answer with "
                         "(over, runs, 14): the count itself, the 20,000 runs and the seed."),
          compare=simulated,
          mistakes=[(estimate_near(lambda: target_or_more(SIMULATED_CARDS)),
                     "Your simulation counts the deals with exactly 25 pairs too. More than 25 means 26 or "
                     "more: > 25, not >= 25."),
                    (estimate_near(lambda: _analysis().pairs_odds(SIMULATED_CARDS - 1).over),
                     "Your estimate fits deals of 22 cards; this question deals 23."),
                    (estimate_near(lambda: with_replacement_over(SIMULATED_CARDS, TARGET)),
                     "Your estimate fits cards dealt with replacement (rng.choices, or rng.choice 23 times): "
                     "the same card can come twice. A deal is 23 different cards: rng.sample.")])
def simulated_23_cards_exceed() -> Sampled:
    return Sampled(_analysis().pairs_odds(SIMULATED_CARDS).over, SIMULATION_RUNS)


# --- explain: multiple choice, the letter cardlib confirms ----------------------------------------

@multiple_choice("25.15")
def why_only_too_few_costs() -> str:
    """The letter of 25.15: why a pass costs you 10 × P(fewer than 25 pairs) and nothing else."""
    position = reveal_observation()
    you, last, players = position.seat, position.last_drawer, position.players
    points = {pairs: round_points(pairs, passer=you, passed=last, players=players)
              for pairs in range(TARGET - 2, TARGET + 4)}
    return the_one_true({
        "a": all(outcome[you] == 0 for outcome in points.values()),
        "b": (last != you and all(points[pairs][last] == pairs - TARGET for pairs in points if pairs > TARGET)
              and points[TARGET][you] == 0 and all(points[TARGET][seat] == 10 for seat in range(players)
                                                    if seat != you)),
        "c": any(sum(points[pairs][seat] > 0 for seat in range(players)) > 1 for pairs in points if pairs > TARGET)
             or all(points[TARGET][seat] == 0 for seat in range(players)),
        "d": any(value < 0 for outcome in points.values() for value in outcome),
    })
