"""The Twenty-five exercises: each truth is computed by cardlib, never typed in.

Used by ``check("25.N", answer)`` in ``exercises/01_twenty_five.ipynb``.
"""
from __future__ import annotations

from fractions import Fraction

from cardlib.core.checking import close_to, exercise
from cardlib.decks.pairs import pair_count
from cardlib.twentyfive.rules import Observation, State, round_points


EXERCISE_SEED = 227  # a position where the reveals say a lot (the lesson uses another seed)


def reveal_position() -> State:
    """The position of exercises 25.10 and 25.11: round 1, three players, 21 cards in play.

    Everyone has drawn and revealed their highest card; you are player 0, about to decide.
    """
    from cardlib.twentyfive.analysis import example_position
    return example_position(seed=EXERCISE_SEED, cards=21, seat=0)


def reveal_observation() -> Observation:
    """What player 0 sees in ``reveal_position()``."""
    return reveal_position().observation(0)


@exercise("25.1", hint="Each pair is a choice of 2 of the 5 tens: C(5, 2).")
def five_tens() -> int:
    return pair_count([10] * 5)


@exercise("25.2", hint="A new card pairs once with each copy already in play.")
def fifth_seven_adds() -> int:
    return pair_count([7] * 5) - pair_count([7] * 4)


@exercise("25.3", hint="Count number by number: C(n, 2) for each number with n copies, then add.")
def pairs_in_this_play() -> int:
    return pair_count([10, 10, 10, 9, 9, 9, 9, 8, 8, 5, 5, 5, 1])


@exercise("25.4", hint=("Many copies of one number make many pairs for few cards.",
                        "Start from the numbers with the most copies: how many pairs do six 10s make? And 9s?",
                        "Add C(n, 2) for the numbers you use until you reach exactly 25; count the cards."),
          mistakes=[(12, "12 is the rule sheet's figure, and it is not the fewest: can fewer cards make "
                         "exactly 25 pairs?")])
def fewest_cards_for_25() -> int:
    from cardlib.twentyfive.analysis import card_bounds
    return card_bounds(25)[0]


@exercise("25.5", hint="Spread the cards thin: three copies of a number give 3 pairs for 3 cards.")
def most_cards_for_25() -> int:
    from cardlib.twentyfive.analysis import card_bounds
    return card_bounds(25)[1]


@exercise("25.6", hint="Find the smallest n where no way of choosing n cards stays at 25 pairs or fewer.")
def cards_that_always_exceed() -> int:
    from cardlib.twentyfive.analysis import pairs_distribution
    return next(n for n in range(56)
                if sum(p for pairs, p in pairs_distribution(n).items() if pairs > 25) == 1)


@exercise("25.7", hint="Count the pairs of equal cards, Σ C(k, 2), and divide by C(55, 2). Give a fraction.")
def two_cards_pair() -> Fraction:
    from cardlib.twentyfive.analysis import pairs_distribution
    return pairs_distribution(2).get(1, Fraction(0))


@exercise("25.8", hint="Use pairs_distribution(20) and add the probabilities of 26 pairs and more.",
          compare=close_to)
def twenty_cards_exceed() -> Fraction:
    from cardlib.twentyfive.analysis import pairs_distribution
    return sum((p for pairs, p in pairs_distribution(20).items() if pairs > 25), Fraction(0))


@exercise("25.9", hint=("Were there more or fewer than 25 pairs? That decides who takes points.",
                        "More than 25: the player who drew last takes pairs − 25; nobody else takes any."),
          mistakes=[((0, 0, 6), "The points went to the wrong seat: the tuple lists seats 0, 1, 2 in order, "
                                "and the points go to the player who drew last."),
                    ((0, 10, 0), "10 points is what a passer takes with fewer than 25 pairs: here there are more.")])
def points_for_31() -> tuple[int, ...]:
    return round_points(31, passer=1, passed=0, players=3)


@exercise("25.10", hint="p_over(observation, model='naive') treats hidden hands as any unseen cards.",
          compare=close_to)
def naive_over() -> Fraction:
    from cardlib.twentyfive.analysis import p_over
    return p_over(reveal_observation(), model="naive").over


@exercise("25.11", hint="Use p_over with model=\"informed\". A reveal other than a 5 was the highest card held "
                         "then, so a player's hidden cards are at most the smallest card they have shown, not "
                         "the last: hidden_cap(position, seat) says how high each can go.",
          compare=close_to)
def informed_over() -> Fraction:
    from cardlib.twentyfive.analysis import p_over
    return p_over(reveal_observation(), model="informed").over


@exercise("25.12", hint="pass_cost(observation) gives each seat's expected points; take yours (seat 0).",
          compare=close_to)
def informed_pass_cost() -> Fraction:
    from cardlib.twentyfive.analysis import pass_cost
    return pass_cost(reveal_observation(), model="informed")[0]
