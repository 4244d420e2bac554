"""Counterfactual regret minimisation (CFR and CFR+) for any small two-player zero-sum game on the kit.

An information set is what the player to act sees, ``state.observation(state.current_player)``:
two histories with equal observations are one decision. ``tree`` (core/cfr_tree.py) walks the
whole game once into flat lists, chance nodes included, with the payoff the caller names
(``utility=scores_utility`` or ``places_utility``); ``solve`` runs CFR (Zinkevich et al. 2007:
regret matching, the plain average) or CFR+ (Tammelin 2014: regret matching+, the average
weighted by the iteration), both with alternating updates; ``exploitability`` measures a policy
by the best response of each player. Chance is a third player whose policy is fixed: every
walker below handles it as the opponent's moves, with no test of its own. Stdlib only, and no
game named here: a game is just its roots. Kuhn poker (core/example.py):

>>> from itertools import permutations
>>> from cardlib.core import example
>>> deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in permutations(example.CARDS, 2)]
>>> kuhn = tree(deals, utility=scores_utility)
>>> kuhn.size
Size(infosets=(6, 6), decisions=24, terminals=30)
>>> exploitability(kuhn, uniform(kuhn))      # the uniform random policy, exactly
Fraction(11, 24)
>>> solved = solve(kuhn, 1000)
>>> exploitability(kuhn, solved.policy) < 0.005, round(value(kuhn, solved.policy), 3)   # Kuhn: -1/18
(True, -0.056)
"""
from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import NamedTuple, Optional

from cardlib.core.cfr_tree import (
    CHANCE, TOLERANCE, ChanceNode, Number, Size, Tree, places_utility, scores_utility, tree,
)

__all__ = [
    "CHANCE", "ChanceNode", "Checkpoint", "Policy", "Size", "Solution", "Tree", "best_response", "exploitability",
    "places_utility", "reach", "restrict", "scores_utility", "solve", "tabulate", "tree", "uniform", "value",
]

Policy = dict[Hashable, dict[Hashable, Number]]  # information set (an observation) -> {action: probability}


# --- policies ------------------------------------------------------------------------------------

def tabulate(game_tree: Tree, rule: Callable[[Hashable], dict[Hashable, Number]]) -> Policy:
    """The policy that plays ``rule(observation)`` (a dict of action probabilities) at every information set."""
    return {game_tree.keys[i]: dict(rule(game_tree.keys[i])) for i in game_tree.decision_sets()}


def uniform(game_tree: Tree) -> Policy:
    """Every legal action equally likely, exactly (what a policy plays where it says nothing)."""
    return {game_tree.keys[i]: {action: Fraction(1, len(game_tree.actions[i])) for action in game_tree.actions[i]}
            for i in game_tree.decision_sets()}


def _table(game_tree: Tree, policy: Policy) -> list[list[Number]]:
    """For each information set, the policy's probabilities in the order of its actions (uniform if absent).

    A chance node's row is its odds: to the walkers, chance is one more player with a fixed policy.
    """
    table = []
    for i, (key, legal) in enumerate(zip(game_tree.keys, game_tree.actions)):
        if i in game_tree.odds:
            table.append(list(game_tree.odds[i]))
            continue
        chances = policy.get(key)
        if chances is None:
            table.append([Fraction(1, len(legal))] * len(legal))
            continue
        row = [chances.get(action, 0) for action in legal]
        if any(p < 0 for p in row) or abs(sum(row) - 1) > TOLERANCE:
            raise ValueError(f"the probabilities of the legal actions {legal} must sum to 1, not {row} at {key!r}")
        table.append(row)
    return table


def restrict(game_tree: Tree, key: Hashable, action: Hashable) -> Tree:
    """The same tree in which information set ``key`` must play ``action``: what is a pure choice worth?"""
    if (isinstance(key, ChanceNode) or key not in game_tree.keys
            or action not in game_tree.actions[game_tree.keys.index(key)]):
        raise ValueError(f"{action!r} is no choice at {key!r} in this tree")
    i = game_tree.keys.index(key)
    choice = game_tree.actions[i].index(action)
    other = Tree()
    for name in Tree.__slots__:
        setattr(other, name, getattr(game_tree, name))
    other.children, other.actions = list(game_tree.children), list(game_tree.actions)
    other.actions[i] = (action,)
    for node in game_tree.members[i]:
        other.children[node] = (game_tree.children[node][choice],)  # the other branches are cut off, unreachable
    return other


# --- measuring a policy ----------------------------------------------------------------------------

def value(game_tree: Tree, policy: Policy) -> Number:
    """Player 0's expected utility when both players follow ``policy`` (exact for exact inputs)."""
    table = _table(game_tree, policy)
    infoset, children, utility = game_tree.infoset, game_tree.children, game_tree.utility

    def worth(node: int) -> Number:
        i = infoset[node]
        if i < 0:
            return utility[node]
        return sum((p * worth(kid) for p, kid in zip(table[i], children[node]) if p), Fraction(0))

    return sum((p * worth(root) for p, root in game_tree.roots), Fraction(0))


def reach(game_tree: Tree, policy: Policy) -> dict[Hashable, Number]:
    """How likely each information set is to arise when both players follow ``policy`` (chance as it deals)."""
    table, infoset, children = _table(game_tree, policy), game_tree.infoset, game_tree.children
    found: dict[Hashable, Number] = dict.fromkeys((game_tree.keys[i] for i in game_tree.decision_sets()), 0)
    stack = list(game_tree.roots)
    while stack:
        weight, node = stack.pop()
        i = infoset[node]
        if i >= 0 and weight:
            if i not in game_tree.odds:
                found[game_tree.keys[i]] += weight
            stack.extend((weight * p, kid) for p, kid in zip(table[i], children[node]))
    return found


def best_response(game_tree: Tree, policy: Policy, seat: int) -> tuple[Number, dict[Hashable, Hashable]]:
    """The value to ``seat`` of its best response to the other seat's ``policy``, and that response.

    The response picks one action per information set: the one that maximises the sum over the
    set's histories of (chance x opponent reach) x the value below, its later choices made the same way.
    """
    table, infoset, children, owner = _table(game_tree, policy), game_tree.infoset, game_tree.children, game_tree.owner
    sign = 1 if seat == 0 else -1
    reaching: list[Number] = [0] * len(infoset)  # chance x the opponent's reach: the responder's moves count 1
    stack = list(game_tree.roots)
    while stack:
        weight, node = stack.pop()
        reaching[node] = weight
        i = infoset[node]
        if i >= 0:
            mine = owner[i] == seat
            stack.extend((weight if mine else weight * p, kid) for p, kid in zip(table[i], children[node]))
    chosen: dict[int, int] = {}
    worths: dict[int, Number] = {}

    def choose(i: int) -> int:
        """The best action at information set ``i`` (ties to the first)."""
        if i not in chosen:
            totals = [sum((reaching[node] * worth(children[node][a]) for node in game_tree.members[i]
                           if reaching[node]), Fraction(0)) for a in range(len(game_tree.actions[i]))]
            chosen[i] = max(range(len(totals)), key=totals.__getitem__)
        return chosen[i]

    def worth(node: int) -> Number:
        """The responder's expected utility from ``node`` on."""
        if node not in worths:
            i = infoset[node]
            if i < 0:
                worths[node] = sign * game_tree.utility[node]
            elif owner[i] == seat:
                worths[node] = worth(children[node][choose(i)])
            else:
                worths[node] = sum((p * worth(kid) for p, kid in zip(table[i], children[node]) if p), Fraction(0))
        return worths[node]

    total = sum((p * worth(root) for p, root in game_tree.roots), Fraction(0))
    for i in range(len(game_tree.keys)):  # information sets the response never reaches still get an action
        if owner[i] == seat:
            choose(i)
    return total, {game_tree.keys[i]: game_tree.actions[i][a] for i, a in chosen.items()}


def exploitability(game_tree: Tree, policy: Policy) -> Number:
    """(player 0's best-response value + player 1's) / 2 against ``policy``: 0 exactly at an equilibrium."""
    return (best_response(game_tree, policy, 0)[0] + best_response(game_tree, policy, 1)[0]) / 2


# --- CFR and CFR+ ----------------------------------------------------------------------------------

class Checkpoint(NamedTuple):
    """The average policy's exploitability after ``iteration`` iterations, and the CFR seconds spent so far."""

    iteration: int
    exploitability: float
    seconds: float


class Solution(NamedTuple):
    """What ``solve`` found: the average policy, and the exploitability at the checkpoints asked for."""

    policy: Policy
    curve: tuple[Checkpoint, ...]


def _matched(regrets: list[float]) -> list[float]:
    """Regret matching: play in proportion to the positive regrets (uniform if none is positive)."""
    positive = [r if r > 0 else 0.0 for r in regrets]
    total = sum(positive)
    if total > 0:
        return [r / total for r in positive]
    return [1 / len(regrets)] * len(regrets)


def _averaged(game_tree: Tree, totals: list[list[float]]) -> Policy:
    """The average strategy: each information set's accumulated strategy, normalised."""
    policy: Policy = {}
    for i, (key, legal, row) in enumerate(zip(game_tree.keys, game_tree.actions, totals)):
        if i in game_tree.odds:
            continue
        total = sum(row)
        policy[key] = {a: (w / total if total > 0 else 1 / len(legal)) for a, w in zip(legal, row)}
    return policy


def _update(game_tree: Tree, seat: int, sigma: list[list[float]], regrets: list[list[float]],
            totals: list[list[float]], weight: float) -> None:
    """One CFR pass for ``seat``: add its counterfactual regrets and its reach-weighted strategy."""
    infoset, children, utility, owner = game_tree.infoset, game_tree.children, game_tree.utility, game_tree.owner
    sign = 1.0 if seat == 0 else -1.0

    def walk(node: int, mine: float, theirs: float) -> float:
        """``seat``'s value at ``node``; ``mine`` is its own reach, ``theirs`` chance x the opponent's."""
        kids = children[node]
        if len(kids) == 1:  # a forced move: no regret, and its average is 1 whatever the weights
            kid = kids[0]
            return sign * utility[kid] if infoset[kid] < 0 else walk(kid, mine, theirs)
        i = infoset[node]
        strategy = sigma[i]
        if owner[i] != seat:
            total = 0.0
            for p, kid in zip(strategy, kids):
                if infoset[kid] < 0:  # an end: no call needed
                    total += p * sign * utility[kid]
                elif p or mine:  # a branch nobody reaches changes nothing; own reach still feeds the average
                    total += p * walk(kid, mine, theirs * p)
            return total
        values = [sign * utility[kid] if infoset[kid] < 0 else walk(kid, mine * p, theirs) if mine * p or theirs
                  else 0.0 for p, kid in zip(strategy, kids)]
        here = sum(p * v for p, v in zip(strategy, values))
        if theirs:
            regret = regrets[i]
            for a, v in enumerate(values):
                regret[a] += theirs * (v - here)
        if mine:
            total_row = totals[i]
            for a, p in enumerate(strategy):
                total_row[a] += weight * mine * p
        return here

    for p, root in game_tree.roots:
        walk(root, 1.0, float(p))


def solve(game_tree: Tree, iterations: int, plus: bool = True, every: int = 0, at: Iterable[int] = (),
          stop_below: Optional[float] = None) -> Solution:
    """Run CFR+ (or vanilla CFR with ``plus=False``) for ``iterations``; the average policy and a curve.

    The exploitability is measured every ``every`` iterations and at the iterations in ``at``;
    with ``stop_below``, the run ends at the first checkpoint below it. Seconds count CFR only.
    """
    sizes = [len(legal) for legal in game_tree.actions]
    regrets = [[0.0] * n for n in sizes]
    totals = [[0.0] * n for n in sizes]
    sigma = [_matched(row) for row in regrets]
    for i, odds in game_tree.odds.items():  # chance plays its odds throughout, and is never updated
        sigma[i] = [float(p) for p in odds]
    wanted = set(at) | (set(range(every, iterations + 1, every)) if every else set())
    curve: list[Checkpoint] = []
    seconds = 0.0
    for t in range(1, iterations + 1):
        start = time.perf_counter()
        for seat in (0, 1):  # alternating: player 1 answers player 0's updated strategy
            _update(game_tree, seat, sigma, regrets, totals, float(t) if plus else 1.0)
            for i, owner in enumerate(game_tree.owner):
                if owner == seat:
                    if plus:  # regret matching+: a negative regret is forgotten at once
                        regrets[i] = [r if r > 0 else 0.0 for r in regrets[i]]
                    sigma[i] = _matched(regrets[i])
        seconds += time.perf_counter() - start
        if t in wanted:
            curve.append(Checkpoint(t, float(exploitability(game_tree, _averaged(game_tree, totals))), seconds))
            if stop_below is not None and curve[-1].exploitability < stop_below:
                break
    return Solution(_averaged(game_tree, totals), tuple(curve))
