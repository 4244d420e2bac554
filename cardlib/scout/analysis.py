"""The mathematics of SCOUT: the deck, counting groups in a hand, linearity of expectation, the
choice to turn the hand, and the beating order as a table.

- ``deck_table``, ``deck_size``: the cards by player count, and 45 = C(10, 2);
- ``most_groups``, ``most_groups_hand``, ``group_slices``: how many adjacent groups of two or more
  cards a hand of n cards can hold, and a hand that holds them;
- ``adjacent_chances``, ``expected_adjacent``, ``adjacent_table``: the exact chance that two (three)
  neighbouring cards of a dealt hand form a set or a run, and so, by linearity of expectation, the
  expected number of them in a hand; ``adjacent_chances_by_listing`` lists every case (slow, a check);
- ``simulate_adjacent``, ``simulate_three``: seeded checks and the chances that are not linear (at
  least one set or run of 3, as held or in either orientation of the hand), with standard errors;
- ``turned_around``, ``turn_gain``: the hand turned around, and how often that gives a stronger best
  group;
- ``beating_order``, ``why_set_beats_run``: the group types from weakest to strongest.

A dealt hand is a random order of random cards, each turned either way up with chance 1/2, so
any two neighbouring cards are two different cards of the deck in random order and random way up.

>>> adjacent_chances(5)["set of 2"]   # the next card shows the same number: 8 of 44 cards, half the time
Fraction(1, 11)
>>> most_groups(4)                    # 4-4-4-4: every slice of two or more cards is a set
6
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations, product
from typing import Optional

import pandas as pd
import sympy

from cardlib.scout.deal import flipped
from cardlib.scout.simulation import (  # noqa: F401 (the seeded checks, offered here with the exact values)
    KINDS, Estimate, TurnGain, adjacent_counts, share_with_three, simulate_adjacent, simulate_three, turn_gain,
    turned_around, turning_worth,
)
from cardlib.scout.groups import ALL_CARDS, HAND_SIZES, NUMBERS, REMOVED, RUN, SET, SINGLE, Card, Group, beats, deck, shows, strongest

__all__ = [
    "Estimate", "KINDS", "PLAYER_COUNTS", "TurnGain", "adjacent_chances", "adjacent_chances_by_listing",
    "adjacent_counts", "adjacent_table", "beating_order", "deck_size", "deck_table", "expected_adjacent",
    "group_slices", "most_groups", "most_groups_hand", "share_with_three", "simulate_adjacent", "simulate_three",
    "turn_gain", "turned_around", "turning_worth", "why_set_beats_run",
]

PLAYER_COUNTS = (2, 3, 4, 5)


# --- the deck ------------------------------------------------------------------------------------

def deck_size(numbers: int = len(NUMBERS)) -> sympy.Integer:
    """The number of cards: one for every pair of two different numbers from 1 to ``numbers``, C(numbers, 2).

    >>> deck_size(), deck_size(6)   # SCOUT's box; a toy deck of the numbers 1 to 6
    (45, 15)
    """
    return sympy.binomial(numbers, 2)


def deck_table() -> pd.DataFrame:
    """The cards by player count: removed, used, dealt to each player, and set aside (two players: for round 2).

    >>> deck_table().loc[3].tolist()
    [9, 36, 12, 36, 0]
    """
    rows = []
    for players in PLAYER_COUNTS:
        used = len(deck(players))
        a_round = players * HAND_SIZES[players]
        rows.append((players, len(REMOVED[players]), used, HAND_SIZES[players], a_round, used - a_round))
    columns = ["players", "removed", "cards used", "dealt each", "dealt a round", "set aside"]
    return pd.DataFrame(rows, columns=columns).set_index("players")


# --- how many groups a hand can hold -------------------------------------------------------------

def group_slices(tops: Sequence[int]) -> int:
    """How many slices of two or more adjacent cards form a group (a set or a run) in a hand of top numbers.

    >>> group_slices([3, 4, 5, 5])   # 3-4, 4-5, 3-4-5 and 5-5
    4
    """
    return sum(1 for first, last in shows(tops) if last > first)


def _numbers_on(cards: Sequence[Card]) -> dict[int, int]:
    """How many of ``cards`` carry each number (on either end)."""
    counts = {number: 0 for number in NUMBERS}
    for a, b in cards:
        counts[a] += 1
        counts[b] += 1
    return counts


def _longest_group(cards: Sequence[Card]) -> int:
    """The most cards one group can have with these cards: the longest run of numbers on the cards, or
    the most cards carrying one number (a set), whichever is longer."""
    counts = _numbers_on(cards)
    longest_run = stretch = 0
    for number in NUMBERS:
        stretch = stretch + 1 if counts[number] else 0
        longest_run = max(longest_run, stretch)
    return max(longest_run, max(counts.values()))


def _cards_showing(tops: Sequence[int], cards: Sequence[Card]) -> Optional[list[Card]]:
    """Different cards of ``cards`` showing ``tops`` in order (each turned as needed), or None if there are none.

    A matching of positions to cards: each position takes a card carrying its number; a position
    whose card is wanted elsewhere tries another card (augmenting paths).
    """
    owner: dict[Card, int] = {}  # card -> the position it shows

    def place(position: int, tried: set[Card]) -> bool:
        for card in cards:
            if tops[position] in card and card not in tried:
                tried.add(card)
                if card not in owner or place(owner[card], tried):
                    owner[card] = position
                    return True
        return False

    for position in range(len(tops)):
        if not place(position, set()):
            return None
    hand: list[Card] = [(0, 0)] * len(tops)
    for card, position in owner.items():
        hand[position] = card if card[0] == tops[position] else flipped(card)
    return hand


def most_groups_hand(n: int, cards: Sequence[Card] = ALL_CARDS) -> list[Card]:
    """A hand of ``n`` of these cards with the most group slices: one long run up, then down, then up...

    >>> [top for top, _ in most_groups_hand(12)]
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8]
    """
    numbers = [number for number, count in _numbers_on(cards).items() if count]
    low, high = numbers[0], numbers[-1]
    tops, step = [low], 1
    while len(tops) < n:
        if not low <= tops[-1] + step <= high:
            step = -step
        tops.append(tops[-1] + step)
    hand = _cards_showing(tops[:n], cards)
    if hand is None:
        raise ValueError(f"no {n} different cards of this deck show {tops[:n]}")
    return hand


def most_groups(n: int, cards: Sequence[Card] = ALL_CARDS) -> int:
    """The most slices of two or more adjacent cards forming a group that a hand of ``n`` of ``cards`` can hold.

    The argument. A slice of two or more cards is a group exactly when all its steps (the differences
    between neighbours) are equal and are 0 (a set), +1 or -1 (a run). Cut the hand's n - 1 steps
    into maximal blocks of equal such steps: a block of L steps holds L(L + 1)/2 group slices, and
    every group slice lies in one block. A block of L steps is L + 1 cards forming one group, so L is
    at most the longest group minus one: 9 with all 45 cards (the run 1..10; a set has at most 9
    cards, as a number is on 9 cards), 8 with three players. As L(L + 1)/2 grows faster than L,
    full blocks are best: with L the cap, the bound is q·L(L + 1)/2 + r(r + 1)/2, where n - 1 = qL + r.
    So a hand of n ≤ 10 cards (9 with three players) holds at most n(n - 1)/2, all its slices: all
    tops equal or one run. The bound is then reached with real, different cards by a zigzag run
    (1, 2, ..., 10, 9, ..., 1, 2, ...), checked here by finding the cards (``most_groups_hand``);
    without such cards this raises ValueError rather than claim the bound.

    >>> [most_groups(n) for n in range(1, 13)]
    [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 46, 48]
    >>> most_groups(12, deck(3))   # 1..9 (36 slices), then 9-8-7-6 (6 more)
    42
    """
    if not 0 <= n <= len(cards):
        raise ValueError(f"a hand holds 0 to {len(cards)} of these cards, not {n}")
    if n < 2:
        return 0
    cap = _longest_group(cards) - 1
    full, rest = divmod(n - 1, cap)
    bound = full * cap * (cap + 1) // 2 + rest * (rest + 1) // 2
    found = group_slices([top for top, _ in most_groups_hand(n, cards)])
    if found != bound:
        raise ValueError(f"the zigzag hand of {n} cards holds {found} group slices, below the bound {bound}")
    return bound


# --- linearity of expectation: neighbouring cards ------------------------------------------------

def _kind(tops: Sequence[int]) -> Optional[str]:
    """"set of k" or "run of k" for k ≥ 2 adjacent top numbers that form one (a run up or down), else None."""
    step = tops[1] - tops[0]
    if step not in (0, 1, -1) or any(b - a != step for a, b in zip(tops[1:], tops[2:])):
        return None
    return f"{'set' if step == 0 else 'run'} of {len(tops)}"


def adjacent_chances_by_listing(players: int = 5, length: int = 2, cards: Optional[Sequence[Card]] = None) -> dict[str, Fraction]:
    """The chance ``length`` neighbouring cards form a set or a run, by listing every ordered choice of
    different cards and every way up (slow: 681,120 cases for three of the 45 cards).

    >>> adjacent_chances_by_listing(3, 2)
    {'set of 2': Fraction(1, 10), 'run of 2': Fraction(1, 5)}
    """
    cards = deck(players) if cards is None else cards
    counts = {f"set of {length}": 0, f"run of {length}": 0}
    total = 0
    for chosen in permutations(cards, length):
        for tops in product(*chosen):  # each card shows one of its two numbers
            kind = _kind(tops)
            if kind:
                counts[kind] += 1
            total += 1
    return {kind: Fraction(count, total) for kind, count in counts.items()}


def adjacent_chances(players: int = 5, cards: Optional[Sequence[Card]] = None) -> dict[str, Fraction]:
    """The exact chance that two neighbouring cards of a dealt hand form a set (a run) of 2, and three a
    set (a run) of 3, from how many cards carry each number.

    With m(v) cards carrying v, there are m(v) cards that can show v; the same card cannot be used
    twice. Ordered choices, each card either way up, number N(N - 1)·4 for two cards of N:
    - set of 2: m(v)(m(v) - 1) for each v;
    - run of 2 up, v then v + 1: m(v)·m(v + 1), less the one choice using the card {v, v + 1} twice
      (if the deck has it); as many down;
    - set of 3: m(v)(m(v) - 1)(m(v) - 2), out of N(N - 1)(N - 2)·8;
    - run of 3 up, v, v + 1, v + 2: m(v)m(v + 1)m(v + 2), less the choices using one card twice:
      {v, v + 1} at the first two places (m(v + 2) of them), {v + 1, v + 2} at the last two, {v, v + 2}
      at the ends (no card can be used three times, nor two cards twice each); as many down.

    Four players (and two) have the full deck's chances of a set, 1/11 and 7/946, though the 9/10 card
    is out: renaming the numbers turns any card into any other, and a set does not care about names,
    so every card lies in its fair share of sets and taking one out leaves the share as it was. Runs
    care about names (9-10 is a run at the top end), and their chances do change.

    >>> adjacent_chances(5)
    {'set of 2': Fraction(1, 11), 'run of 2': Fraction(2, 11), 'set of 3': Fraction(7, 946), 'run of 3': Fraction(39, 2365)}
    """
    cards = deck(players) if cards is None else cards
    m = _numbers_on(cards)
    m[11] = m[12] = 0  # no card carries 11 or 12: runs stop at 10
    has = {frozenset(card) for card in cards}

    def e(a: int, b: int) -> int:
        return int(frozenset((a, b)) in has)

    n = len(cards)
    sets2 = sum(m[v] * (m[v] - 1) for v in NUMBERS)
    runs2 = 2 * sum(m[v] * m[v + 1] - e(v, v + 1) for v in NUMBERS)
    sets3 = sum(m[v] * (m[v] - 1) * (m[v] - 2) for v in NUMBERS)
    runs3 = 2 * sum(m[v] * m[v + 1] * m[v + 2] - e(v, v + 1) * m[v + 2] - e(v + 1, v + 2) * m[v] - e(v, v + 2) * m[v + 1]
                    for v in NUMBERS)
    pairs, triples = 4 * n * (n - 1), 8 * n * (n - 1) * (n - 2)
    return {"set of 2": Fraction(sets2, pairs), "run of 2": Fraction(runs2, pairs),
            "set of 3": Fraction(sets3, triples), "run of 3": Fraction(runs3, triples)}


def expected_adjacent(players: int = 5, k: Optional[int] = None) -> dict[str, Fraction]:
    """The expected number of adjacent sets and runs of 2 and of 3 in a dealt hand of ``k`` cards.

    A hand of k cards has k - 1 neighbouring pairs and k - 2 neighbouring triples; each pair is a set
    of 2 with the same chance, so by linearity of expectation (dependent or not) the expected number of
    adjacent sets of 2 is (k - 1)·P(set of 2), and so on. A run of 4 counts as two runs of 3.

    >>> expected_adjacent(5)["set of 2"]   # 9 cards: 8 neighbouring pairs, each a set with chance 1/11
    Fraction(8, 11)
    """
    k = HAND_SIZES[players] if k is None else k
    chances = adjacent_chances(players)
    return {kind: max(k - int(kind[-1]) + 1, 0) * p for kind, p in chances.items()}


def adjacent_table() -> pd.DataFrame:
    """The chances and expected counts of adjacent sets and runs, one row per player count (exact Fractions).

    >>> adjacent_table().loc[3, "expected set of 2"]
    Fraction(11, 10)
    """
    rows = []
    for players in PLAYER_COUNTS:
        chances, expected = adjacent_chances(players), expected_adjacent(players)
        rows.append({"players": players, "cards in hand": HAND_SIZES[players],
                     **{f"P({kind})": chances[kind] for kind in KINDS},
                     **{f"expected {kind}": expected[kind] for kind in KINDS}})
    return pd.DataFrame(rows).set_index("players")


# --- the beating order ---------------------------------------------------------------------------

def _example(kind: str, size: int, lowest: int) -> tuple[int, ...]:
    """The top numbers of a group: a run read upwards, a set, or a single card."""
    if kind == RUN:
        return tuple(range(lowest, lowest + size))
    return (lowest,) * size


def beating_order(players: int = 5) -> pd.DataFrame:
    """Every type of group the cards allow, from weakest to strongest, with how many different groups
    of that type there are (one per lowest number: a run read up or down is the same group).

    More cards beat fewer; with equal counts a set beats a run; then the higher lowest number wins.

    >>> beating_order().head(4)[["group", "how many", "weakest", "strongest"]]
          group  how many    weakest   strongest
    1    single        10       (1,)       (10,)
    2  run of 2         9     (1, 2)     (9, 10)
    3  set of 2        10     (1, 1)    (10, 10)
    4  run of 3         8  (1, 2, 3)  (8, 9, 10)
    """
    cards = deck(players)
    rows = []
    for size in range(1, len(NUMBERS) + 1):
        for kind in ((SINGLE,) if size == 1 else (RUN, SET)):
            lowest = [number for number in NUMBERS if _cards_showing(_example(kind, size, number), cards)]
            if not lowest:
                continue
            name = kind if size == 1 else f"{kind} of {size}"
            rows.append({"group": name, "kind": kind, "cards": size, "how many": len(lowest),
                         "lowest numbers": f"{lowest[0]}–{lowest[-1]}" if len(lowest) > 1 else str(lowest[0]),
                         "weakest": _example(kind, size, lowest[0]), "strongest": _example(kind, size, lowest[-1]),
                         "_strength": Group(kind, size, lowest[0]).strength})
    table = pd.DataFrame(rows).sort_values("_strength").drop(columns="_strength").reset_index(drop=True)
    table.index += 1
    return table


def why_set_beats_run(size: int = 2, players: int = 5) -> str:
    """The rule that a set beats a run of as many cards, shown on its hardest case and set beside the odds.

    >>> print(why_set_beats_run())
    With 2 cards each, even the weakest set, 1-1, beats the strongest run, 9-10: beats((1, 1), (9, 10)) is True.
    The rule follows the odds: 2 neighbouring cards of a dealt hand form a set with chance 1/11, a run with chance 2/11.
    """
    if size not in (2, 3):
        raise ValueError(f"the chances are worked out for groups of 2 and of 3 cards, not {size}")
    order = beating_order(players).set_index("group")
    weakest_set, strongest_run = order.loc[f"set of {size}", "weakest"], order.loc[f"run of {size}", "strongest"]
    chances = adjacent_chances(players)
    show = "-".join(str(number) for number in weakest_set), "-".join(str(number) for number in strongest_run)
    return (f"With {size} cards each, even the weakest set, {show[0]}, beats the strongest run, {show[1]}: "
            f"beats({weakest_set}, {strongest_run}) is {beats(weakest_set, strongest_run)}.\n"
            f"The rule follows the odds: {size} neighbouring cards of a dealt hand form a set with chance "
            f"{chances[f'set of {size}']}, a run with chance {chances[f'run of {size}']}.")
