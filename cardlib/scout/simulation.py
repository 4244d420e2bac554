"""SCOUT by seeded simulation: dealt hands counted, with standard errors (the checks of analysis.py's
exact values, and the chances that are not linear), and the choice to turn the hand measured.

- ``simulate_adjacent``: the mean number of adjacent sets and runs of 2 and of 3 in dealt hands;
- ``adjacent_counts``: each dealt hand's count of one kind (the numbers behind a histogram);
- ``simulate_three``: the chance of at least one set or run of 3, as held and in either orientation;
- ``share_with_three``: that chance as held, from a million hands at once (numpy; scout.7's reference);
- ``turned_around``, ``turn_gain``: the hand turned around, and how often that gives a stronger best group;
- ``turning_worth``: what turning is worth to a bot, on duplicate deals.

Every function takes its seed and returns ``Estimate``s (value, standard error, samples, seed).
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from cardlib.core.estimates import Estimate, mean_of, share
from cardlib.scout.deal import flipped, shuffled
from cardlib.scout.groups import HAND_SIZES, Card, deck, strongest

KINDS = ("set of 2", "run of 2", "set of 3", "run of 3")  # the adjacent groups counted by linearity


def _dealt_hands(players: int, hands: int, seed: int) -> Iterator[list[Card]]:
    """``hands`` independent deals, each seat 0's hand as dealt (``deal.shuffled``, as the engine deals):
    one hand a deal, so the hands are independent and the usual standard error holds."""
    rng = random.Random(seed)
    cards, size = deck(players), HAND_SIZES[players]
    for _ in range(hands):
        yield shuffled(list(cards), rng)[:size]


def turned_around(hand: Sequence[Card]) -> list[Card]:
    """The hand turned around, as the ``turn`` decision does: the order reversed and every card the other way up.

    >>> turned_around([(3, 7), (5, 1), (2, 9)])   # the tops now read 9, 1, 7: the old bottoms, right to left
    [(9, 2), (1, 5), (7, 3)]
    """
    return [flipped(card) for card in reversed(hand)]


def _count_adjacent(tops: Sequence[int]) -> dict[str, int]:
    """How many adjacent sets and runs of 2 and of 3 a hand of top numbers holds (slices may overlap).

    Two neighbours form a set when their step (the difference) is 0 and a run when it is +1 or -1;
    three neighbours when their two steps are equal and such.
    """
    steps = [b - a for a, b in zip(tops, tops[1:])]
    twice = [s for s, t in zip(steps, steps[1:]) if s == t]
    return {"set of 2": steps.count(0), "run of 2": steps.count(1) + steps.count(-1),
            "set of 3": twice.count(0), "run of 3": twice.count(1) + twice.count(-1)}


def simulate_adjacent(players: int, hands: int, seed: int) -> dict[str, Estimate]:
    """The mean number of adjacent sets and runs of 2 and of 3 in ``hands`` dealt hands, with standard errors.

    >>> from cardlib.scout.analysis import expected_adjacent
    >>> estimates = simulate_adjacent(5, 2_000, seed=1)
    >>> abs(estimates["set of 2"].value - float(expected_adjacent(5)["set of 2"])) < 4 * estimates["set of 2"].standard_error
    True
    """
    totals, squares = dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)
    for hand in _dealt_hands(players, hands, seed):
        for kind, count in _count_adjacent([top for top, _ in hand]).items():
            totals[kind] += count
            squares[kind] += count * count
    return {kind: mean_of(totals[kind], squares[kind], hands, seed) for kind in KINDS}


def adjacent_counts(players: int, hands: int, seed: int, kind: str = "set of 2") -> list[int]:
    """How many adjacent groups of ``kind`` each of ``hands`` dealt hands holds, hand by hand.

    >>> counts = adjacent_counts(5, 3, seed=1)
    >>> len(counts), all(0 <= count <= 8 for count in counts)
    (3, True)
    """
    return [_count_adjacent([top for top, _ in hand])[kind] for hand in _dealt_hands(players, hands, seed)]


def share_with_three(players: int, hands: int, seed: int, chunk: int = 100_000) -> Fraction:
    """The share of ``hands`` dealt hands holding, as held, a set or run of 3 among neighbours: hits / hands.

    The same deal as ``_dealt_hands`` (a random order, each card either way up), done for many hands at
    once with numpy: a million hands in about two seconds, so the share is within about 0.001 of the
    exact chance (which is not linear, so cardlib has no formula for it). Three neighbours form one
    when their two steps are equal and 0, +1 or -1.

    >>> share = share_with_three(3, 20_000, seed=1)
    >>> abs(float(share) - simulate_three(3, 20_000, seed=2)["set or run of 3"].value) < 0.02
    True
    """
    import numpy as np  # only here: the rest of the module is plain Python
    rng = np.random.default_rng(seed)
    cards, size = np.array(deck(players)), HAND_SIZES[players]
    hits = 0
    for start in range(0, hands, chunk):
        n = min(chunk, hands - start)
        chosen = rng.random((n, len(cards))).argsort(axis=1)[:, :size]   # a random order: the first `size` cards
        tops = cards[chosen, rng.integers(0, 2, (n, size))]               # each card either way up
        steps = np.diff(tops, axis=1)
        three = (steps[:, :-1] == steps[:, 1:]) & (np.abs(steps[:, :-1]) <= 1)
        hits += int(three.any(axis=1).sum())
    return Fraction(hits, hands)


def _holds_three(tops: Sequence[int]) -> tuple[bool, bool]:
    """Whether a hand of top numbers holds an adjacent set of 3, and an adjacent run of 3 (or longer)."""
    counts = _count_adjacent(tops)
    return counts["set of 3"] > 0, counts["run of 3"] > 0


def simulate_three(players: int, hands: int, seed: int) -> dict[str, Estimate]:
    """The chance a dealt hand holds at least one set of 3, run of 3, or either, as held and in either
    orientation of the hand (turned: the bottoms in reverse order), by ``hands`` seeded deals.

    Not linear: the expected number of adjacent sets of 3 is only an upper bound on the chance of
    at least one (a hand may hold two). The turned hand is dealt just like the held one, so each
    "turned" chance equals the "as held" one; "either way" is the chance the player can have one.

    >>> estimates = simulate_three(3, 500, seed=2)
    >>> sorted(estimates)[:3]
    ['run of 3', 'run of 3 either way', 'set of 3']
    """
    names = ("set of 3", "run of 3", "set or run of 3")
    hits = dict.fromkeys([*names, *(f"{name} either way" for name in names)], 0)
    for hand in _dealt_hands(players, hands, seed):
        held = _holds_three([top for top, _ in hand])
        turned = _holds_three([top for top, _ in turned_around(hand)])
        for index, name in enumerate(names[:2]):
            hits[name] += held[index]
            hits[f"{name} either way"] += held[index] or turned[index]
        hits["set or run of 3"] += any(held)
        hits["set or run of 3 either way"] += any(held) or any(turned)
    return {name: share(count, hands, seed) for name, count in hits.items()}


# --- the choice to turn the hand -----------------------------------------------------------------

@dataclass(frozen=True)
class TurnGain:
    """What turning the whole hand does to its best group (``groups.strongest``), over simulated deals.

    ``sizes``: for each size of best group, the share of hands whose best group has that size when
    kept as dealt, and when the better orientation is chosen, each with its standard error.
    """

    turn_better: Estimate  # turning gives a strictly stronger best group
    keep_better: Estimate  # keeping does
    equal: Estimate        # both orientations' best groups are equally strong
    kept_size: Estimate    # the mean size of the best group as dealt
    best_size: Estimate    # the mean size of the best group of the better orientation
    sizes: pd.DataFrame


def turn_gain(players: int, hands: int, seed: int) -> TurnGain:
    """How often turning the hand gives a strictly stronger best group, how often keeping does, and the
    best group's size kept and in the better orientation, over ``hands`` seeded deals.

    The turned hand's tops are the bottoms in reverse order. Dealt hands are random either way up,
    so turning is better exactly as often as keeping (on average): the choice is worth something
    because the player sees which one it is.

    >>> gain = turn_gain(4, 1_000, seed=3)
    >>> gain.turn_better.value + gain.keep_better.value + gain.equal.value
    1.0
    """
    better = worse = same = 0
    kept_total = kept_squares = best_total = best_squares = 0
    kept_sizes: dict[int, int] = {}
    best_sizes: dict[int, int] = {}
    for hand in _dealt_hands(players, hands, seed):
        kept = strongest([top for top, _ in hand])[0]
        turned = strongest([top for top, _ in turned_around(hand)])[0]
        better += turned > kept
        worse += turned < kept
        same += turned == kept
        kept_size, best_size = kept // 32, max(kept, turned) // 32  # strength = 32 × size + at most 26
        kept_sizes[kept_size] = kept_sizes.get(kept_size, 0) + 1
        best_sizes[best_size] = best_sizes.get(best_size, 0) + 1
        kept_total += kept_size
        kept_squares += kept_size ** 2
        best_total += best_size
        best_squares += best_size ** 2
    rows = []
    for size in sorted(set(kept_sizes) | set(best_sizes)):
        kept_share, best_share = share(kept_sizes.get(size, 0), hands, seed), share(best_sizes.get(size, 0), hands, seed)
        rows.append((size, kept_share.value, kept_share.standard_error, best_share.value, best_share.standard_error))
    sizes = pd.DataFrame(rows, columns=["best group size", "kept", "kept SE", "better way", "better way SE"])
    return TurnGain(share(better, hands, seed), share(worse, hands, seed), share(same, hands, seed),
                    mean_of(kept_total, kept_squares, hands, seed), mean_of(best_total, best_squares, hands, seed),
                    sizes.set_index("best group size"))


# --- what bots gain from turning ------------------------------------------------------------------

def turning_worth(players: int = 3, deals: int = 60, seed: int = 1) -> pd.DataFrame:
    """What turning is worth to a bot: the planner that may turn against the planner that always keeps,
    on duplicate deals of one round (each deal played by keepers alone, then with the turner in each seat).

    Returns ``core.tournament.duplicate_summary``: points gained a round and win rates, with intervals.
    """
    from cardlib.core.tournament import duplicate, duplicate_summary
    from cardlib.scout.bots import PlannerBot
    from cardlib.scout.rules import Game
    table = duplicate(Game(players=players, rounds=1), PlannerBot(), PlannerBot(turns=False), deals=deals, seed=seed)
    return duplicate_summary(table)
