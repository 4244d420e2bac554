"""The SCOUT exercises: each truth is computed by cardlib, never typed in.

Used by ``check("scout.N", answer)`` in ``exercises/04_scout.ipynb``, easy to hard: a bigger deck
(scout.1), two neighbouring cards (scout.2), linearity of expectation (scout.3), an enumeration of
three neighbours (scout.4), the beating order (scout.5), the shows of a hand (scout.6), a seeded
simulation (scout.7), keep or turn (scout.8), a round scored (scout.9) and an "explain" choice on
how neighbouring sets depend (scout.10). Each works other numbers or player counts than the lesson.

A dealt hand is a random order of different cards, each either way up with chance 1/2, so two
neighbouring cards of it are two different cards of the deck in random order and random way up.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product
from typing import Any

from cardlib.core.checking import Sampled, estimate_near, exercise, same, simulated, the_one_true
from cardlib.core.choices import multiple_choice
from cardlib.scout.actions import parse
from cardlib.scout.groups import HAND_SIZES, Card, deck, power, shows, strongest
from cardlib.scout.rules import Game, State
from cardlib.scout.slips import (
    any_cards, carries_the_number, chance, different_groups, expected, fewer_cards, is_, is_above, letters,
    no_singles, not_n_numbers, ordered_by, other_kind, points, same_count, same_order, same_word,
    set_with_replacement, slices, three_with_replacement, two_at_most, upward_group, word, wrapping_group,
)

# The data the questions ask about, named so the notebook and the tests use the very same ones.
DECK_NUMBERS, DECK_PLAYERS = 12, 6                 # scout.1: a bigger home-made deck, not the lesson's box
PAIR_PLAYERS = 3                                   # scout.2, scout.3, scout.4, scout.7, scout.10
BEATING_GROUPS = {"a": (10,), "b": (9, 10), "c": (2, 2), "d": (3, 2, 1), "e": (6, 6)}   # scout.5
SHOW_HAND: tuple[Card, ...] = ((10, 4), (1, 8), (2, 5), (3, 9), (3, 6), (3, 1), (7, 5), (6, 2), (9, 4))  # scout.6
RUNS, SIMULATION_SEED = 40_000, 7                  # scout.7: the student's simulation
REFERENCE_HANDS, REFERENCE_SEED = 1_000_000, 2024  # scout.7: cardlib's own, a hundred times larger
KEEP_OR_TURN_HAND: tuple[Card, ...] = ((9, 2), (4, 3), (8, 1), (5, 7), (1, 2), (4, 1), (6, 1), (3, 2), (9, 3),
                                       (9, 1), (2, 4), (5, 2))   # scout.8: a three-player hand as dealt
# scout.9: a four-player game of one round, dealt from the seed; every decision in the digest's notation
ROUND_PLAYERS, ROUND_SEED = 4, 10
ROUND_SCRIPT = ("keep", "turn", "keep", "keep",
                "show 8-9", "show 7-9", "scout & show left to 11", "show 9-12", "scout left to 4",
                "scout & show left to 2 turned", "show 2-3", "scout left to 2", "show 4-6",
                "scout & show left to 6 turned", "show 4-8",
                "scout left to 1", "scout left to 1", "scout left to 1")
OTHER_PLAYERS = 5                                  # scout.10: the claim (d) is about five players


def _analysis() -> Any:
    """cardlib's mathematics of the game, loaded on first need (it brings pandas and sympy)."""
    from cardlib.scout import analysis
    return analysis


# --- the deck ------------------------------------------------------------------------------------

def _first_is(*wrongs: int) -> Callable[[Any, Any], bool]:
    """A mistake's test for scout.1: the number of cards (alone, or first of two numbers) is one of ``wrongs``."""
    def matches(answer: Any, truth: Any) -> bool:
        first = answer[0] if isinstance(answer, (tuple, list)) and answer else answer
        return type(first) in (int, float, Fraction) and first in wrongs
    return matches


def _box(numbers: int) -> int:
    """C(numbers, 2): one card for every pair of different numbers from 1 to ``numbers``."""
    return int(_analysis().deck_size(numbers))


@exercise("scout.1", hint=("A card is a pair of two different numbers from 1 to 12, and every such pair is on exactly "
                           "one card: count the pairs, order not mattering (3/7 and 7/3 are one card).",
                           "Choosing 2 of 12 numbers: comb(12, 2). Everything is dealt and the cards share evenly: "
                           "divide by the six players."),
          mistakes=[(_first_is(_box(10)),
                     "45 = C(10, 2) is SCOUT's own box, the numbers 1 to 10. This deck has the numbers 1 to 12: "
                     "C(12, 2)."),
                    (_first_is(_box(DECK_NUMBERS + 1)),
                     "That also counts cards like 4/4 with the same number twice (C(13, 2)); every card shows two "
                     "different numbers."),
                    (_first_is(_box(DECK_NUMBERS - 1)),
                     "That is C(11, 2): eleven numbers. The numbers 1 to 12 are twelve."),
                    (_first_is(DECK_NUMBERS * (DECK_NUMBERS - 1), DECK_NUMBERS ** 2),
                     "You counted ordered pairs (3/7 and 7/3 are the same card, turned) or pairs of a number "
                     "with itself. A card is one unordered pair of two different numbers."),
                    (lambda answer, truth: same(answer, (truth[1], truth[0])),
                     "The other way round: first the cards in the box, then the cards each player holds."),
                    (not_n_numbers, "Give two numbers in a tuple: (cards in the box, cards each player holds).")])
def bigger_deck() -> tuple[int, int]:
    """(cards in the box, cards each player holds) for a deck of the numbers 1 to 12 dealt to six players."""
    cards = _box(DECK_NUMBERS)
    return cards, cards // DECK_PLAYERS


# --- two neighbouring cards ------------------------------------------------------------------------

@exercise("scout.2", hint=("Say the first card shows some number v. How many of the other cards carry v? The first "
                           "card is gone: count among the cards that are left.",
                           "Three players: each of the numbers 1 to 9 is on 8 of the 36 cards. So 7 of the 35 "
                           "other cards carry v, and each of them shows v only when it lies that way up."),
          mistakes=[(is_(lambda: carries_the_number(PAIR_PLAYERS)),
                     "Either you counted the cards that carry the number (7 of the other 35) and left out which "
                     "way up they lie (such a card shows the number only when it lies that way up), or you found "
                     "the chance of a run of 2, which is also 1/5: a number has two neighbours."),
                    (is_(lambda: set_with_replacement(PAIR_PLAYERS)),
                     "1/9 treats the second card as if it were drawn from all 36 again (8 cards carry the "
                     "number), or the two numbers as independent draws from 1 to 9. The first card is gone: "
                     "7 of the other 35 cards carry its number, each the right way up half the time."),
                    (is_(lambda: _analysis().adjacent_chances(5)["set of 2"]),
                     "1/11 is the chance with four or five players. Three players take out every card with a "
                     "10 first, so each number is on 8 of 36 cards.")])
def adjacent_set_of_two() -> Fraction:
    """The chance that two given neighbouring cards of a dealt three-player hand form a set."""
    return _analysis().adjacent_chances(PAIR_PLAYERS)["set of 2"]


# --- linearity of expectation ---------------------------------------------------------------------------

@exercise("scout.3", hint=("Write the count as a sum: one indicator (1 or 0) for each pair of neighbouring cards. "
                           "How many such pairs does a hand of 12 cards have?",
                           "12 cards have 11 neighbouring pairs (1-2, 2-3, …, 11-12), and each pair is a run "
                           "of 2, up or down, with the same chance. The expected value of a sum is the sum of "
                           "the expected values."),
          mistakes=[(is_(lambda: HAND_SIZES[PAIR_PLAYERS] * chance(PAIR_PLAYERS, "run of 2")),
                     "A hand of 12 cards has 11 neighbouring pairs, not 12: the last card has no right "
                     "neighbour."),
                    (is_(lambda: (HAND_SIZES[PAIR_PLAYERS] - 1) * chance(PAIR_PLAYERS, "run of 2") / 2),
                     "That counts runs one way only: a run goes up or down along the hand (5-6 and 6-5 both "
                     "count). 11/10 is also the expected number of sets of 2: check which chance you used."),
                    (is_(lambda: HAND_SIZES[PAIR_PLAYERS] // 2 * chance(PAIR_PLAYERS, "run of 2")),
                     "That counts 6 separate pairs (1-2, 3-4, …), or 12 pairs with upward runs only. Every "
                     "card but the last starts a pair with its right neighbour: 11 pairs, overlapping, and "
                     "runs go both ways."),
                    (is_(lambda: chance(PAIR_PLAYERS, "run of 2")),
                     "That is the chance for one pair of neighbours. The hand has 11 such pairs: add up their "
                     "expected values."),
                    (is_(lambda: (HAND_SIZES[PAIR_PLAYERS] - 2) * chance(PAIR_PLAYERS, "run of 2")),
                     "12 cards have 11 neighbouring pairs; 10 is the number of neighbouring triples."),
                    (is_(lambda: (HAND_SIZES[PAIR_PLAYERS] - 1) * chance(PAIR_PLAYERS, "run of 2", "set of 2")),
                     "That counts the sets of 2 as well. The question asks for runs only.")])
def expected_runs_of_two() -> Fraction:
    """The expected number of neighbouring runs of 2 in a dealt three-player hand of 12 cards."""
    return _analysis().expected_adjacent(PAIR_PLAYERS)["run of 2"]


# --- an enumeration ------------------------------------------------------------------------------------

def _listed_three(is_run: Callable[[int, int, int], bool] = lambda a, b, c: b - a == c - b and abs(b - a) == 1,
                  itself: bool = False, one_way: bool = False) -> Fraction:
    """scout.4's chance of a run of 3, listing three neighbours of the three-player deck right or a slip's way."""
    # itself: a card may come twice (product, not permutations); one_way: each card shows its first number only
    cards = deck(PAIR_PLAYERS)
    hits = total = 0
    for chosen in (product(cards, repeat=3) if itself else permutations(cards, 3)):
        for a, b, c in product(*(card[:1] if one_way else card for card in chosen)):
            total += 1
            hits += is_run(a, b, c)
    return Fraction(hits, total)


@exercise("scout.4", hint=("Loops: for first, second, third in permutations(cards, 3) — ordered, never the same card "
                           "twice — then for a in first, for b in second, for c in third: each number a card may "
                           "show on top.",
                           "A run of 3 goes up by one twice (4-5-6) or down by one twice (6-5-4): the two steps "
                           "b - a and c - b are equal, and are +1 or -1. 4-5-4 is no run. The chance is "
                           "Fraction(runs, total)."),
          mistakes=[(is_(lambda: _listed_three(one_way=True)),
                     "Each card counted with one number only (the first of the pair). A card may lie either way "
                     "up: loop over both of its numbers."),
                    (is_(lambda: _listed_three(itself=True)),
                     "You let a card come twice (product instead of permutations): the card 4/5 cannot lie next "
                     "to itself. Three neighbours are three different cards."),
                    (is_(lambda: _listed_three(lambda a, b, c: b - a == c - b == 1)),
                     "You counted upward runs only. A run goes up or down along the hand: 6-5-4 counts as much "
                     "as 4-5-6."),
                    (is_(lambda: _listed_three(lambda a, b, c: abs(b - a) == abs(c - b) == 1)),
                     "You counted zigzags like 4-5-4 as runs. In a run both steps go the same way: b - a == c - b."),
                    (is_(lambda: _listed_three(lambda a, b, c: b - a == c - b and abs(b - a) <= 1)),
                     "That counts sets of 3 (a == b == c) as well as runs."),
                    (is_(lambda: _analysis().adjacent_chances(PAIR_PLAYERS)["run of 2"]),
                     "That is the chance of a run of 2, two neighbours. Three neighbours must make two steps of "
                     "one, the same way.")])
def adjacent_run_of_three() -> Fraction:
    """The chance that three neighbouring cards of a dealt three-player hand form a run of 3."""
    return _analysis().adjacent_chances(PAIR_PLAYERS)["run of 3"]


# --- the beating order ---------------------------------------------------------------------------------

@exercise("scout.5", hint=("First count the cards: more cards beat fewer, whatever the numbers.",
                           "Among groups of as many cards, a set beats a run; among groups of the same count "
                           "and kind, the one with the higher lowest number wins. beats(new, old) and "
                           "power(group) let you test a pair."),
          compare=same_order,
          mistakes=[(lambda answer, truth: sorted(letters(answer)) != sorted(truth),
                     "Give each of the five letters once, weakest first, in one string like \"edcba\"."),
                    (lambda answer, truth: letters(answer) == truth[::-1],
                     "That is the strongest first: the question asks for the weakest first."),
                    (ordered_by(BEATING_GROUPS, max),
                     "Higher numbers do not win by themselves. That orders the groups by their highest number; "
                     "the beating order looks first at how many cards a group has."),
                    (ordered_by(BEATING_GROUPS, sum),
                     "That orders the groups by the sum of their numbers. The beating order looks first at how "
                     "many cards a group has, then at its kind."),
                    (ordered_by(BEATING_GROUPS, min),
                     "That orders the groups by their lowest number only. The lowest number decides only between "
                     "groups of the same count and kind."),
                    (is_above(BEATING_GROUPS, fewer_cards),
                     "Some group stands above one with more cards. More cards beat fewer, whatever the "
                     "numbers: 3-2-1 beats any group of two, and a single card is the weakest group here."),
                    (is_above(BEATING_GROUPS, other_kind),
                     "A run stands above a set of as many cards. With equal counts a set beats a run, even "
                     "the weakest set the strongest run: 2-2 beats 9-10."),
                    (is_above(BEATING_GROUPS, same_count),
                     "Two sets of 2 are the wrong way round: with the same count and kind, the higher lowest "
                     "number wins.")])
def beating_order_of_the_groups() -> str:
    """The letters of ``BEATING_GROUPS`` from the weakest group to the strongest."""
    return "".join(sorted(BEATING_GROUPS, key=lambda name: power(BEATING_GROUPS[name])))


# --- the shows of a hand -------------------------------------------------------------------------------

def _tops(hand: Sequence[Card]) -> list[int]:
    return [card[0] for card in hand]


@exercise("scout.6", hint=("A show is a slice of neighbouring cards whose top numbers form a group: one card, a set "
                           "or a run (up or down). List them by their first and last position.",
                           "Every single card counts; 10 and 1 are not consecutive; a set of 3 holds two sets of "
                           "2 as well. group(tops[first:last + 1]) is None when a slice is no group."),
          mistakes=[(is_(lambda: slices(_tops(SHOW_HAND), no_singles)),
                     "You left out the single cards: one card is a valid show too."),
                    (is_(lambda: slices(_tops(SHOW_HAND), wrapping_group)),
                     "You counted 10-1 as a run: 10 and 1 are not consecutive, so the 10 can only be shown "
                     "alone."),
                    (is_(lambda: slices(_tops(SHOW_HAND), upward_group)),
                     "You left out a run going down: 7-6 is a run as much as 6-7."),
                    (is_(lambda: any_cards(_tops(SHOW_HAND))),
                     "You picked cards that are not neighbours (like the two outer 3s of 3-3-3, or 10 and 9 at "
                     "the two ends). A show is cards adjacent in hand."),
                    (is_(lambda: different_groups(_tops(SHOW_HAND))),
                     "You counted different groups of numbers once each. A show is cards at places in the hand: "
                     "3-3 at positions 4-5 and 3-3 at 5-6 are two shows, and so is each single 3."),
                    (is_(lambda: slices(_tops(SHOW_HAND), two_at_most)),
                     "You stopped at two cards: 1-2-3 and 3-3-3 are shows of three.")])
def shows_of_the_hand() -> int:
    """How many different shows the hand ``SHOW_HAND`` offers at the start of a round."""
    return len(shows(_tops(SHOW_HAND)))


# --- a seeded simulation ----------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _slipped_three() -> Any:
    """cardlib's simulation of 100,000 three-player hands, for the slips' chances (the turned hand too)."""
    return _analysis().simulate_three(PAIR_PLAYERS, REFERENCE_HANDS // 10, REFERENCE_SEED)


@lru_cache(maxsize=None)
def _reference(name: str) -> Fraction:
    """A chance from cardlib's simulations of dealt three-player hands (a share, exactly: hits / hands)."""
    if name == "set or run of 3":  # the truth: a million hands at once (numpy), in about two seconds
        return _analysis().share_with_three(PAIR_PLAYERS, REFERENCE_HANDS, REFERENCE_SEED)
    estimate = _slipped_three()[name]
    return Fraction(round(estimate.value * estimate.samples), estimate.samples)


@exercise("scout.7", hint=("One run: rng.shuffle(cards), then hand = cards[:12]; each card shows card[0] or card[1], "
                           "by rng.random() < 0.5. Then look at the 10 slices tops[i:i + 3].",
                           "A slice of three is a set or a run exactly when group(tops[i:i + 3]) is not None. A "
                           "hand counts once, however many it holds: hits += 1 at most once a hand.",
                           "Make rng = random.Random(7) once, before the loop, and deal 40,000 hands. Answer "
                           "(hits, 40_000, 7): the checker works out the estimate and its standard error."),
          compare=simulated,
          mistakes=[(estimate_near(lambda: _reference("set or run of 3 either way")),
                     "You counted a hand when its turned version holds a set or run of 3 too. The question asks "
                     "about the hand as held (tops, left to right)."),
                    (estimate_near(lambda: _reference("run of 3")),
                     "Your count holds the runs of 3 only: count a hand that holds a set of 3 too."),
                    (estimate_near(lambda: _reference("set of 3")),
                     "Your count holds the sets of 3 only: count a hand that holds a run of 3 too."),
                    (estimate_near(lambda: three_with_replacement(PAIR_PLAYERS, HAND_SIZES[PAIR_PLAYERS])),
                     "Your hands are dealt with replacement (rng.choice for each card): the same card can come "
                     "twice. A hand is 12 different cards: shuffle, then take cards[:12]."),
                    (estimate_near(lambda: expected(PAIR_PLAYERS, "set of 3", "run of 3")),
                     "That is the mean number of sets and runs of 3 per hand (linearity of expectation gives it "
                     "exactly). The question asks for the chance of at least one: count each hand once.")])
def simulated_set_or_run_of_three() -> Sampled:
    """The chance a dealt three-player hand holds a set or run of 3 as held (cardlib's simulation of a million
    hands, 25 times the question's), asked of 40,000 runs."""
    return Sampled(_reference("set or run of 3"), RUNS)


# --- keep or turn ------------------------------------------------------------------------------------

@exercise("scout.8", hint=("Turning the hand reverses the order and turns every card the other way up: the numbers "
                           "that count become the bottoms, read right to left. turned_around(hand) does it.",
                           "Find the strongest group each way: strongest(tops)[0] is its strength, and a higher "
                           "strength beats a lower one. Compare, then answer \"keep\" or \"turn\"."),
          compare=same_word,
          mistakes=[(lambda answer, truth: word(answer) not in ("keep", "turn"),
                     "Answer with one word in quotes: \"keep\" or \"turn\"."),
                    (lambda answer, truth: word(answer) == "keep",
                     "Check how you read the turned hand: its numbers are the bottoms read right to left (the "
                     "tops reversed change nothing, a group read backwards is the same group). And check how you "
                     "compared: a group's strength counts its cards first, its numbers second.")])
def keep_or_turn() -> str:
    """"turn" if the hand turned around has the stronger best group, else "keep"."""
    kept = strongest(_tops(KEEP_OR_TURN_HAND))[0]
    turned = strongest(_tops(_analysis().turned_around(KEEP_OR_TURN_HAND)))[0]
    return "turn" if turned > kept else "keep"


# --- a round scored ------------------------------------------------------------------------------------

def finished_round() -> State:
    """The round of scout.9, played to its end from ``ROUND_SEED`` by ``ROUND_SCRIPT`` (one round only).

    >>> state = finished_round()
    >>> state.is_over, [card[0] for card in state.active], state.owner
    (True, [2, 1], 3)
    """
    state = Game(players=ROUND_PLAYERS, rounds=1).new(seed=ROUND_SEED)
    for text in ROUND_SCRIPT:
        state.apply(parse(text))
    return state


def round_counts() -> Any:
    """What the table can count at the end of the round of scout.9, one row per player (no points: that is
    the question)."""
    import pandas as pd
    state = finished_round()
    tally = state.observation(0).finished[-1]
    rows = [{"player": seat, "score cards": tally.score_cards[seat], "chips": tally.chips[seat],
             "cards in hand": tally.held[seat], "owns the active set": seat == state.owner,
             "ended the round by (ii)": seat == tally.exempt}
            for seat in range(ROUND_PLAYERS)]
    return pd.DataFrame(rows).set_index("player")


@exercise("scout.9", hint=("Each player: +1 for each score card, +1 for each chip, −1 for each card left in hand.",
                           "One player is the exception: the one who ended the round by (ii) — the turn came back "
                           "to them after everyone else only scouted — loses nothing for their hand. The active "
                           "set scores nothing."),
          mistakes=[(is_(lambda: points(finished_round(), exempt_pays=True)),
                     "The player who ended the round by (ii) loses nothing for the cards in their hand: the "
                     "others let their show stand, so it is their round."),
                    (is_(lambda: points(finished_round(), active_counts=True)),
                     "The active set scores nothing: its cards stay on the table, they are nobody's score "
                     "cards."),
                    (is_(lambda: points(finished_round(), chips=False)),
                     "You left out the chips: each chip is a point, like a score card."),
                    (is_(lambda: points(finished_round(), hands=False)),
                     "Every player but the one who ended the round by (ii) loses a point for each card left in "
                     "hand."),
                    (not_n_numbers, "Give one number per player, players 0 to 3 in order: a tuple of four.")])
def round_points() -> tuple[int, ...]:
    """Each player's points for the round of scout.9, as the engine scores it."""
    return finished_round().observation(0).finished[-1].scores


# --- explain ------------------------------------------------------------------------------------------

def next_set_chance(players: int) -> tuple[Fraction, Fraction]:
    """(the chance two neighbours form a set, the chance cards 2-3 do once cards 1-2 do) in a dealt hand."""
    chances = _analysis().adjacent_chances(players)
    return chances["set of 2"], chances["set of 3"] / chances["set of 2"]


@multiple_choice("scout.10")
def does_a_set_make_the_next_rarer() -> str:
    """The letter of scout.10: the claim about cards 2-3 after a set at cards 1-2 that cardlib confirms."""
    (p3, after3), (p5, after5) = next_set_chance(PAIR_PLAYERS), next_set_chance(OTHER_PLAYERS)
    return the_one_true({
        "a": after3 < p3 and after5 < p5,
        "b": after3 > p3,
        "c": after3 == p3,
        "d": after3 < p3 and after5 == p5,
    })
