"""The equilibrium of a small two-player Satori, by CFR+ (unofficial teaching version; stdlib only).

``SMALL`` is ``Game(players=2, satori=2, zatsunen=1)``: each player holds two satori and one
zatsunen. The deal is fixed, so the game is one tree from one root: 106 + 109 = 215
information sets (player 0's and player 1's) over 695 histories (420 decisions, 275 ends).
CFR+ (core/cfr.py) brings its exploitability below 0.001 in about 1,100 iterations, a few
seconds on one core, and the equilibrium mixes where the lesson wants it to: player 0 bluffs
(plays the zatsunen while holding satori) on the first move about 29% of the time, and player 1
calls Katsu on that first card about 20% of the time. Player 0, who moves first, is worth about
+0.29 (a win is +1, a loss -1): it wins about 64.5% of the games. Neither mix is a tie-break
among equally good pure choices: ``purity_costs`` solves the game again with the choice forced,
and a first move that never bluffs, or always does, costs player 0 at least about 0.3.

Exactly, by the sequence-form LP (lp.py, a simplex in Fractions, about a second): player 0 is
worth 9/31 (``exact_value``) and bluffs first with chance 9/31 in every equilibrium
(``first_bluff_range``), but player 1's first Katsu is not unique: every chance from 4/31 to
10/31 (0.129 to 0.323) belongs to an equilibrium strategy (``first_katsu_range``); CFR landed
on 0.19. Forced openings, re-solved (``first_move_costs``): never bluffing is worth 0 to player 0,
always bluffing -1/3.

Why this size. Every deal tried, CFR+ until the exploitability is below 0.001 (checked every 25
iterations; ``python bench/cfr.py --candidates``, seconds on one core of a busy machine; the
sizes are checked by the tests):

=========  ==============  =========  ==========  =======  =======  =======  ========
each       info sets       histories  iterations  seconds  bluff 1  Katsu 1  value P0
=========  ==============  =========  ==========  =======  =======  =======  ========
1 S + 1 Z  18 + 18         88         75          0.0      0.50     0.39     +0.50
1 S + 2 Z  53 + 53         286        1,625       2.5      0.69     0.00     +0.50
2 S + 1 Z  106 + 109       695        1,125       4.6      0.29     0.19     +0.29
2 S + 2 Z  430 + 444       3,635      600         13.6     0.39     0.16     +0.28
3 S + 1 Z  554 + 577       4,710      1,150       20.4     0.21     0.27     +0.11
2 S + 3 Z  1,289 + 1,326   12,291     500         23.7     0.49     0.16     +0.33
3 S + 2 Z  2,864 + 3,023   35,939     575         62.7     0.29     0.09     +0.07
=========  ==============  =========  ==========  =======  =======  =======  ========

(bluff 1: player 0 plays the zatsunen on the first move; Katsu 1: player 1 calls on that card.)
With one satori each nobody can show a run of three, so nobody declares, and the first player is
simply worth +0.5. Solving again with a first choice forced (as ``purity_costs`` does) shows what
must mix: in 1 S + 1 Z player 0 must mix its first card, but player 1 loses nothing by never
calling it; in 1 S + 2 Z player 0 may as well always open with a zatsunen. Two satori and one
zatsunen is the smallest deal in which both first choices must be mixed and a declaration can
happen (two of one's own satori and one won by a Katsu); it solves in seconds, so a notebook can
run CFR itself and watch the exploitability fall. The larger deals mix too, at five to fifty
times the tree; the sheet's own hand (3 S + 2 Z) takes about a minute.

For comparison, the counting and the Bayesian bots (bots.py) are exploitable by 1: both always
call Katsu on the first card (its counted chance 2/3, and the posterior 3/4, pass their 3/5),
so a best response opens with the zatsunen and wins every game.

>>> SMALL.official, small_tree().size
(False, Size(infosets=(106, 109), decisions=420, terminals=275))
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple, Optional

from cardlib.core.cfr import (
    Policy, Solution, Tree, best_response, places_utility, reach, restrict, solve, tree, value,
)
from cardlib.satori import lp
from cardlib.satori.actions import (
    KATSU, NO_KATSU, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, TURN, WINDOW, ZATSUNEN, Action, Observation,
)
from cardlib.satori.rules import Game

__all__ = [
    "EquilibriumBot", "Forced", "Frequency", "ITERATIONS", "Purity", "Range", "SMALL", "exact_value",
    "first_bluff_range", "first_katsu_range", "first_katsu_strategies", "first_move_costs", "frequencies",
    "purity_costs", "situation", "small_tree", "small_value", "so_far", "solve_small",
]

SMALL = Game(players=2, satori=2, zatsunen=1)
ITERATIONS = 1500  # CFR+ passes 0.001 near 1,100; the rest buys a margin (0.0006 at 1,500)
EVERY = 50         # the curve's step: an exploitability every 50 iterations


@lru_cache(maxsize=1)
def small_tree() -> Tree:
    """The whole game tree of ``SMALL``, built once."""
    return tree([(1, SMALL.new())], utility=places_utility)  # a win +1, a loss -1: the lesson's game


def solve_small(iterations: int = ITERATIONS, plus: bool = True) -> Solution:
    """CFR+ (or CFR) on ``SMALL``: the average policy and its exploitability every 50 iterations (cached)."""
    return _solved(iterations, plus)


@lru_cache(maxsize=4)
def _solved(iterations: int, plus: bool) -> Solution:
    """The solution, computed once per (iterations, plus): solve_small() and solve_small(2000) share it."""
    return solve(small_tree(), iterations, plus=plus, every=EVERY)


def small_value(policy: Optional[Policy] = None) -> float:
    """Player 0's expected result (+1 a win, -1 a loss) when both play ``policy`` (default: the equilibrium)."""
    return float(value(small_tree(), policy if policy is not None else solve_small().policy))


class EquilibriumBot:
    """Plays as the equilibrium policy says at its observation; uniformly where the policy is silent."""

    name = "equilibrium"

    def __init__(self, policy: Optional[Policy] = None) -> None:
        self.policy = policy if policy is not None else solve_small().policy

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """An action drawn with the policy's probabilities at ``obs`` (uniform if it never saw ``obs``)."""
        chances = self.policy.get(obs, {})
        weights = [chances.get(action, 0) for action in legal]
        if sum(weights) <= 0:
            return legal[rng.randrange(len(legal))]
        return rng.choices(legal, weights=weights)[0]

    def __repr__(self) -> str:
        return f"EquilibriumBot(<policy of {len(self.policy)} information sets>)"


# --- the equilibrium in words ---------------------------------------------------------------------

class Frequency(NamedTuple):
    """One situation: how likely it arises at the equilibrium, and the chance of a bluff or a Katsu there."""

    kind: str           # "bluff": play zatsunen while holding satori; "katsu": call Katsu on the card just played
    seat: int
    situation: str
    chance: float       # the chance that the game reaches this situation when both play the equilibrium
    probability: float  # the chance of the bluff, or of the Katsu, in it


def _cards(cards: Sequence[Optional[str]]) -> str:
    """A hand or a pile in letters, bottom first: S satori, Z zatsunen, ? unseen, - nothing."""
    return "".join("?" if card is None else card for card in cards) or "-"


def so_far(log: Sequence[tuple]) -> str:
    """The public story of a game in words, one clause a card played.

    >>> print(so_far((("deal", 0, (2, 1)), ("play", 0, None), ("no katsu", 1, None), ("play", 1, None),
    ...               ("katsu", 0, 1), ("reveal", 0, "S"))))
    P0 played, no Katsu; P1 played, P0 called Katsu: a satori, onto P0's pile
    """
    clauses: list[str] = []
    for kind, seat, told in log:
        if kind == "play":
            clauses.append(f"P{seat} played")
        elif kind == "no katsu":
            clauses[-1] += ", no Katsu"
        elif kind == "katsu":
            clauses[-1] += f", P{seat} called Katsu"
        elif kind == "reveal":
            clauses[-1] += f": a satori, onto P{seat}'s pile" if told == SATORI else f": a zatsunen, P{seat} is out"
        elif kind in ("pass", "declare"):
            clauses.append(f"P{seat} {'passed' if kind == 'pass' else 'declared'}")
    return "; ".join(clauses) or "nothing yet"


def situation(obs: Observation) -> str:
    """What the seat to act sees, in a line: its hand and pile, the other pile as seen, and the story."""
    seat = obs.seat
    other = 1 - seat
    doing = "to play" if obs.phase == TURN else f"to judge P{other}'s card"
    return (f"P{seat} {doing}, holding {_cards(obs.hand)}, pile {_cards(obs.pile)} "
            f"(P{other}'s {_cards(obs.piles[other])}); so far: {so_far(obs.log)}")


def frequencies(policy: Optional[Policy] = None, at_least: float = 0.05) -> list[Frequency]:
    """The bluff and Katsu chances of ``policy`` where the game arrives with chance ``at_least``, in order of play.

    A bluff situation is a turn with both kinds in hand; a Katsu situation is a window.
    """
    policy = policy if policy is not None else solve_small().policy
    game_tree = small_tree()
    arises = reach(game_tree, policy)
    rows = []
    for obs, legal in zip(game_tree.keys, game_tree.actions):
        chance = arises[obs]
        if chance < at_least:
            continue
        chances = policy.get(obs) or {action: 1 / len(legal) for action in legal}  # silent: uniform, as in reach
        if obs.phase == WINDOW:
            rows.append((len(obs.log), Frequency("katsu", obs.seat, situation(obs), float(chance),
                                                 float(chances.get(KATSU, 0)))))
        elif SATORI in obs.hand and ZATSUNEN in obs.hand:
            rows.append((len(obs.log), Frequency("bluff", obs.seat, situation(obs), float(chance),
                                                 float(chances.get(PLAY_ZATSUNEN, 0)))))
    return [row for _, row in sorted(rows, key=lambda pair: (pair[0], -pair[1].chance))]


# --- why mix: the pure choices, each solved for ------------------------------------------------

class Purity(NamedTuple):
    """Player 0's value when one situation must play ``forced``: between ``low`` and ``high`` (CFR+ bounds)."""

    situation: str
    forced: str
    low: float
    high: float


def _bounds(game_tree: Tree, iterations: int) -> tuple[float, float]:
    """Player 0's value of a tree, bracketed: what its CFR+ policy guarantees each side."""
    policy = solve(game_tree, iterations).policy
    return float(-best_response(game_tree, policy, 1)[0]), float(best_response(game_tree, policy, 0)[0])


def purity_costs(iterations: int = 1000) -> tuple[Purity, ...]:
    """The first bluff and the first Katsu, each forced one way, then the other: player 0's value each time.

    The equilibrium's value lies in ``low``..``high`` of the unforced row; a forced row whose
    range lies wholly on player 0's side of it (below for player 0's choice, above for
    player 1's) proves that no equilibrium makes that choice pure.
    """
    game_tree = small_tree()
    root = game_tree.roots[0][1]
    first_move = game_tree.keys[game_tree.infoset[root]]
    first_window = game_tree.keys[game_tree.infoset[game_tree.children[root][0]]]
    rows = [Purity("nothing forced", "-", *_bounds(game_tree, iterations))]
    for obs, action in ((first_move, PLAY_SATORI), (first_move, PLAY_ZATSUNEN),
                        (first_window, KATSU), (first_window, NO_KATSU)):
        rows.append(Purity(situation(obs), str(action), *_bounds(restrict(game_tree, obs, action), iterations)))
    return tuple(rows)


# --- exactly, and every equilibrium: the sequence-form LP (lp.py) ----------------------------------

class Range(NamedTuple):
    """A first choice over all of its player's equilibrium strategies: its chance lies in ``low``..``high``, exactly."""

    situation: str
    action: str
    low: Fraction
    high: Fraction


def _first_choices() -> tuple[int, int]:
    """Player 0's first move and player 1's first Katsu window, as information-set numbers of ``small_tree()``.

    Player 1 cannot see the card, so both openings lead to one window: there is one first-card
    information set, whose behaviour probability is a realization weight (it follows no earlier
    choice of player 1, so it is reached in every equilibrium).
    """
    game_tree = small_tree()
    root = game_tree.roots[0][1]
    windows = {game_tree.infoset[kid] for kid in game_tree.children[root]}
    if len(windows) != 1:
        raise ValueError(f"player 1 has {len(windows)} first-card information sets; one was expected")
    return game_tree.infoset[root], windows.pop()


@lru_cache(maxsize=2)
def _extremes(seat: int) -> lp.Extremes:
    """The LP of ``seat``'s guarantee, then the least and the most weight on its first choice (a bluff, a Katsu)."""
    game_tree = small_tree()
    i = _first_choices()[seat]
    action = PLAY_ZATSUNEN if seat == 0 else KATSU
    return lp.extremes(game_tree, seat, (i, game_tree.actions[i].index(action)))


def exact_value() -> Fraction:
    """Player 0's value of ``SMALL``, exactly, by the sequence-form LP (CFR's ``small_value`` is within 0.001).

    >>> exact_value()
    Fraction(9, 31)
    """
    return _extremes(0).value


def _range(seat: int) -> Range:
    """The ``Range`` of ``seat``'s first choice."""
    i = _first_choices()[seat]
    found = _extremes(seat)
    return Range(situation(small_tree().keys[i]), str(PLAY_ZATSUNEN if seat == 0 else KATSU), found.low, found.high)


def first_bluff_range() -> Range:
    """Player 0's first-move bluff over all its equilibrium strategies: one rate, as low == high shows.

    >>> first_bluff_range()[2:]
    (Fraction(9, 31), Fraction(9, 31))
    """
    return _range(0)


def first_katsu_range() -> Range:
    """Player 1's Katsu on the first card over all its equilibrium strategies: a whole interval.

    Exactly, by ``lp.extremes``: the sequence-form LP of ``small_tree()`` maximises what player 1
    can guarantee (a simplex in Fractions), then, over all the plans that guarantee it (the
    optimal face), minimises and maximises the weight of the first Katsu. That weight is the
    behaviour probability itself: player 1 has one first-card window, after no choice of its own,
    so every strategy reaches it. Any rate in between is an equilibrium too (the set is convex).

    >>> found = first_katsu_range()
    >>> found.low, found.high, round(float(found.low), 3), round(float(found.high), 3)
    (Fraction(4, 31), Fraction(10, 31), 0.129, 0.323)
    """
    return _range(1)


def first_katsu_strategies() -> tuple[Policy, Policy]:
    """Two equilibrium strategies of player 1 (exact behaviour policies): calling the first card least, and most."""
    found = _extremes(1)
    return lp.policy(small_tree(), 1, found.low_plan), lp.policy(small_tree(), 1, found.high_plan)


class Forced(NamedTuple):
    """Player 0's value with its first move forced: the rest of an equilibrium kept (``kept``), or re-solved."""

    forced: str
    kept: Fraction      # the rest of player 0's equilibrium strategy kept, player 1 answering with its best response
    resolved: Fraction  # the value of the game with that first move forced: both players then play optimally


def first_move_costs(policy: Optional[Policy] = None) -> tuple[Forced, Forced]:
    """Never bluff first, always bluff first: player 0's value in each, with the rest kept and re-solved.

    ``kept`` forces the first move in player 0's ``policy`` (default: the LP's exact equilibrium
    strategy) and lets player 1 best-respond; it measures the deviation alone, and is exact for an
    exact policy (CFR's float policy gives the CFR figures, within its exploitability). ``resolved``
    is the value, by the exact LP, of the game in which that first move is forced and both players
    then play optimally: what the pure opening is worth to a player who adapts the rest.

    >>> [(row.forced, row.kept, row.resolved) for row in first_move_costs()]
    [('play satori', Fraction(0, 1), Fraction(0, 1)), ('play zatsunen', Fraction(-1, 1), Fraction(-1, 3))]
    """
    game_tree = small_tree()
    first = game_tree.keys[_first_choices()[0]]
    policy = policy if policy is not None else lp.policy(game_tree, 0, _extremes(0).low_plan)
    rows = []
    for action in (PLAY_SATORI, PLAY_ZATSUNEN):
        forced = {**policy, first: {a: int(a == action) for a in game_tree.actions[game_tree.keys.index(first)]}}
        kept = -best_response(game_tree, forced, 1)[0]
        rows.append(Forced(str(action), kept, _resolved(action)))
    return rows[0], rows[1]


@lru_cache(maxsize=2)
def _resolved(action: Action) -> Fraction:
    """The exact value to player 0 of ``SMALL`` with its first move forced to ``action``."""
    game_tree = small_tree()
    return lp.guarantee(restrict(game_tree, game_tree.keys[_first_choices()[0]], action), 0).value
