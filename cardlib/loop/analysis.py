"""The mathematics of Loop's deal, exact, with sympy and fractions, checked by seeded simulation.

- The 8s in a hand of 11 from 45 (three 8s in the deck): a hypergeometric distribution, exact.
  P(at least one 8) = 1 − C(42, 11)/C(45, 11) = 373/645, P(three 8s) = 1/86.
- What the optional three-8s rule changes: how often a deal triggers it, and how many deals that takes.
- The deal is without replacement: ``eights_both_ways`` sets the hypergeometric beside the binomial of
  cards drawn from all 45 again, the model behind the wrong (42/45)^11.
- Where the three 8s fall among the chairs and the unused cards (``p_eights_unused``, ``p_one_eight_each``),
  and the chance of at least one of any k given cards (``p_at_least_one_of``).
- Counting combinations by linearity of expectation: the expected number of pairs, threes and runs
  (of each length) in a dealt hand of 11, exact; each is a sum over the possible combinations of
  the chance that all its cards were dealt to the hand.
- At least one run of 3 is not a sum of indicators: ``p_run_in_hand`` counts the hands without one exactly.
- The hand or the player? The replay experiment is in ``replays.py`` (re-exported here):
  ``replay_deals``, ``variance_split``, ``player_means``, ``by_previous_rank``.

>>> p_at_least_one_eight(), p_three_eights()
(373/645, 1/86)
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pandas as pd
import sympy as sp

from cardlib.core.estimates import Estimate, mean_of, share
from cardlib.loop.actions import COLOURS, DECK, EIGHT, NUMBERS
from cardlib.loop.combos import combinations_in, combo
from cardlib.loop.replays import (  # noqa: F401  (re-exported: the lesson reads one module)
    by_previous_rank, cards_at_chairs, check_layout, loop_rule_effect, player_means, replay_deals, variance_split,
)

HAND = 11        # cards dealt to each player
EIGHTS = 3       # one 8 in each colour
LONGEST_RUN = 11  # a hand of 11 holds a run of at most 11 cards


# --- the 8s ------------------------------------------------------------------------------------

def eights_distribution(hand: int = HAND) -> dict[int, sp.Rational]:
    """P(k eights) in a hand of ``hand`` cards from the 45 (hypergeometric), k = 0..3, exact.

    >>> sum(eights_distribution().values())
    1
    """
    total = sp.binomial(len(DECK), hand)
    others = len(DECK) - EIGHTS
    return {k: sp.Rational(sp.binomial(EIGHTS, k) * sp.binomial(others, hand - k), total) for k in range(EIGHTS + 1)}


def p_at_least_one_eight(hand: int = HAND) -> sp.Rational:
    """1 − C(42, 11)/C(45, 11): the chance of at least one 8 in a dealt hand."""
    return 1 - eights_distribution(hand)[0]


def p_three_eights(hand: int = HAND) -> sp.Rational:
    """The chance a dealt hand holds all three 8s."""
    return eights_distribution(hand)[EIGHTS]


def three_eights_rule(players: int) -> dict[str, sp.Rational]:
    """What the optional rule changes: the chance a deal of ``players`` hands triggers it, and the
    expected number of deals until one does not (each redeal is a fresh deal).

    Only one hand can hold all three 8s, so the events are exclusive and the chance is players × 1/86.

    >>> three_eights_rule(4)["a deal triggers it"]
    2/43
    """
    trigger = players * p_three_eights()
    return {"a deal triggers it": trigger, "expected deals": 1 / (1 - trigger),
            "expected points a player gets from it": p_three_eights() / (1 - trigger)}


def eights_with_replacement(hand: int = HAND) -> dict[int, Fraction]:
    """P(k eights) if each of the ``hand`` cards were drawn from all 45 again (binomial, 3/45 a card): the
    wrong model of a deal, since a dealt card is gone.

    >>> eights_with_replacement()[0] == Fraction(42, 45) ** 11
    True
    """
    p = Fraction(EIGHTS, len(DECK))
    return {k: math.comb(hand, k) * p ** k * (1 - p) ** (hand - k) for k in range(hand + 1)}


def eights_both_ways(most: int = 5) -> pd.DataFrame:
    """P(k eights in a hand of 11) for k = 0..``most``: dealt (hypergeometric) beside drawn with replacement
    (binomial). Dealt, a hand never holds four 8s: there are three."""
    dealt = eights_distribution()
    drawn = eights_with_replacement()
    rows = {k: {"dealt (without replacement)": float(dealt.get(k, 0)), "drawn with replacement": float(drawn[k])}
            for k in range(most + 1)}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("8s in the hand")


def p_at_least_one_of(cards: int, hand: int = HAND) -> Fraction:
    """The chance a dealt hand holds at least one of ``cards`` given cards: 1 − C(45 − cards, 11)/C(45, 11).

    >>> p_at_least_one_of(EIGHTS) == p_at_least_one_eight()
    True
    """
    return 1 - Fraction(math.comb(len(DECK) - cards, hand), math.comb(len(DECK), hand))


def p_eights_unused(players: int) -> Fraction:
    """The chance all three 8s are among the cards nobody is dealt (45 − 11 × players of them): nobody can
    stop a trick with an 8 or declare donden all game.

    >>> p_eights_unused(4)
    Fraction(0, 1)
    """
    unused = len(DECK) - HAND * players
    return Fraction(math.comb(unused, EIGHTS), math.comb(len(DECK), EIGHTS))


def p_one_eight_each() -> Fraction:
    """With three players, the chance each hand holds exactly one 8: the three 8s lie in 45 places, and
    3! × 11³ of the ordered ways put one in each chair."""
    return Fraction(math.factorial(EIGHTS) * HAND ** EIGHTS, math.perm(len(DECK), EIGHTS))


def eights_table() -> pd.DataFrame:
    """The distribution of 8s in a hand of 11, as fractions and decimals."""
    rows = [(k, str(p), float(p)) for k, p in eights_distribution().items()]
    return pd.DataFrame(rows, columns=["eights in hand", "P exact", "P"]).set_index("eights in hand")


# --- combinations by linearity of expectation --------------------------------------------------

def p_all_dealt(cards: int, hand: int = HAND) -> Fraction:
    """The chance that ``cards`` given cards are all in a hand of ``hand`` from the 45: (11)_k / (45)_k."""
    return Fraction(math.perm(hand, cards), math.perm(len(DECK), cards))


def expected_combinations(hand: int = HAND) -> dict[str, Fraction]:
    """The expected number of each kind of combination in a dealt hand, exact (linearity of expectation).

    Pairs: 15 numbers × C(3, 2) pairs of cards; threes: 15; runs of length L: 3 colours × (16 − L)
    starting numbers. Each is in the hand with ``p_all_dealt(size)``; a run of 4 also counts its
    two runs of 3 and three runs of 2, as the actions do.

    >>> expected_combinations()["pair"]
    Fraction(5, 2)
    """
    numbers = len(NUMBERS)
    found = {"pair": numbers * math.comb(EIGHTS, 2) * p_all_dealt(2, hand),
             "three": numbers * p_all_dealt(3, hand)}
    for length in range(2, min(hand, len(NUMBERS)) + 1):
        found[f"run of {length}"] = len(COLOURS) * (len(NUMBERS) - length + 1) * p_all_dealt(length, hand)
    return found


def count_combinations(hand: list) -> Counter:
    """How many pairs, threes and runs of each length a hand holds (every combination the actions offer)."""
    counted: Counter = Counter()
    for cards in combinations_in(hand):
        found = combo(cards)
        if found is None or found.form == "single":
            continue
        counted[found.form if found.form != "run" else f"run of {found.size}"] += 1
    return counted


def simulate_combinations(hands: int, seed: int, hand: int = HAND) -> dict[str, Estimate]:
    """The mean number of each kind of combination in ``hands`` seeded deals of ``hand`` cards."""
    rng = random.Random(seed)
    kinds = list(expected_combinations(hand))
    sums = dict.fromkeys(kinds, 0)
    squares = dict.fromkeys(kinds, 0)
    deck = list(DECK)
    for _ in range(hands):
        counted = count_combinations(rng.sample(deck, hand))
        for kind in kinds:
            sums[kind] += counted[kind]
            squares[kind] += counted[kind] ** 2
    return {kind: mean_of(sums[kind], squares[kind], hands, seed) for kind in kinds}


def p_eight_by_simulation(hands: int, seed: int) -> Estimate:
    """The share of seeded hands of 11 holding at least one 8, with its standard error."""
    rng = random.Random(seed)
    hits = sum(any(card[0] == EIGHT for card in rng.sample(DECK, HAND)) for _ in range(hands))
    return share(hits, hands, seed)


# --- at least one run: not a sum, so counted exactly by the hands without one ----------------------------------------------------------------------

def _sizes_without_run(length: int, weights: Sequence[int]) -> list[int]:
    """How many ways to take cards of numbers 1 to 15, by how many cards, with no ``length`` numbers in a
    row held; ``weights[m]`` ways to hold m cards of one number."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards so far, numbers held in a row at the end)
    for _ in NUMBERS:
        step: dict[tuple[int, int], int] = {}
        for (cards, streak), count in ways.items():
            for held, weight in enumerate(weights):
                if cards + held > HAND or (held and streak + 1 >= length):
                    continue
                key = (cards + held, streak + 1 if held else 0)
                step[key] = step.get(key, 0) + count * weight
        ways = step
    sizes = [0] * (HAND + 1)
    for (cards, _), count in ways.items():
        sizes[cards] += count
    return sizes


def p_run_in_hand(length: int, one_colour: bool = True) -> Fraction:
    """The chance a dealt hand of 11 holds ``length`` consecutive numbers of one colour (a run), exactly:
    1 − (hands without one) / C(45, 11); ``one_colour=False``: the slip's run in any colours.

    >>> p_run_in_hand(3)
    Fraction(55716549, 161120570)
    """
    if one_colour:
        colour = _sizes_without_run(length, (1, 1))  # each colour on its own; the three multiplied
        sizes = [sum(colour[a] * colour[b] * colour[HAND - a - b] for a in range(HAND + 1)
                     for b in range(HAND + 1 - a))]
    else:
        sizes = [_sizes_without_run(length, [math.comb(len(COLOURS), m) for m in range(len(COLOURS) + 1)])[HAND]]
    return 1 - Fraction(sizes[0], math.comb(len(DECK), HAND))
