"""Counterfactual regret minimisation (CFR and CFR+) for any small two-player zero-sum game on the kit.

An information set is what the player to act sees, ``state.observation(state.current_player)``:
two histories with equal observations are one decision. ``tree`` walks the whole game once
into flat lists; ``solve`` runs CFR (Zinkevich et al. 2007: regret matching, the plain average)
or CFR+ (Tammelin 2014: regret matching+, the average weighted by the iteration), both with
alternating updates; ``exploitability`` measures a policy by the best response of each player.
Stdlib only, and no game named here: a game is just its roots. Kuhn poker (core/example.py):

>>> from itertools import permutations
>>> from cardlib.core import example
>>> deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in permutations(example.CARDS, 2)]
>>> kuhn = tree(deals, utility=lambda state: state.result().scores[0])
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
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple, Optional, Union

__all__ = [
    "Checkpoint", "Policy", "Size", "Solution", "Tree", "best_response", "exploitability", "places_utility",
    "reach", "restrict", "solve", "tabulate", "tree", "uniform", "value",
]

Number = Union[int, float, Fraction]
Policy = dict[Hashable, dict[Hashable, Number]]  # information set (an observation) -> {action: probability}
TOLERANCE = 1e-9  # how far a policy's probabilities at one information set may sum from 1 (float rounding)


def places_utility(state: Any) -> int:
    """Player 0's utility from the places: +1 for a win, -1 for a loss, 0 for a shared place."""
    first, second = state.result().places[:2]
    return (first < second) - (first > second)


# --- the tree ------------------------------------------------------------------------------------

class Size(NamedTuple):
    """How big a game tree is: information sets of player 0 and 1, decision histories, terminal histories."""

    infosets: tuple[int, int]
    decisions: int
    terminals: int

    @property
    def histories(self) -> int:
        """Every node of the tree: the decisions and the ends."""
        return self.decisions + self.terminals


class Tree:
    """A whole two-player game tree, flattened: node ``n`` has ``infoset[n]`` (-1 at an end) and ``children[n]``.

    ``utility[n]`` is player 0's utility at an end (player 1 gets minus that); ``roots`` are
    (probability, node): the chance outcomes. Information set ``i`` is ``keys[i]`` (the
    observation), belongs to ``owner[i]``, offers ``actions[i]`` and holds the nodes ``members[i]``.
    """

    __slots__ = ("roots", "infoset", "children", "utility", "keys", "owner", "actions", "members", "_index")

    def __init__(self) -> None:
        self.roots: list[tuple[Number, int]] = []
        self.infoset: list[int] = []
        self.children: list[tuple[int, ...]] = []
        self.utility: list[Number] = []
        self.keys: list[Hashable] = []
        self.owner: list[int] = []
        self.actions: list[tuple[Hashable, ...]] = []
        self.members: list[list[int]] = []
        self._index: dict[Hashable, tuple[int, tuple]] = {}  # key -> (infoset, the owner's earlier decisions)

    @property
    def size(self) -> Size:
        """Information sets per player, decision and terminal histories."""
        decisions = sum(len(nodes) for nodes in self.members)
        return Size((self.owner.count(0), self.owner.count(1)), decisions, len(self.infoset) - decisions)

    def _grow(self, state: Any, utility: Callable[[Any], Number], recall: tuple[tuple, tuple]) -> int:
        """Add ``state`` and everything below it; its node number. ``recall``: each player's decisions so far."""
        node = len(self.infoset)
        self.infoset.append(-1)
        self.children.append(())
        self.utility.append(0)
        seat = state.current_player
        if seat is None:
            self.utility[node] = utility(state)
            return node
        if seat not in (0, 1):
            raise ValueError(f"CFR here is for two players; seat {seat!r} is to act in {state!r}")
        key = state.observation(seat)
        legal = tuple(state.legal_actions())
        index, remembered = self._index.setdefault(key, (len(self.keys), recall[seat]))
        if index == len(self.keys):
            self.keys.append(key)
            self.owner.append(seat)
            self.actions.append(legal)
            self.members.append([])
        elif (self.owner[index], self.actions[index]) != (seat, legal):
            raise ValueError(f"one observation, two decisions: {key!r} is seat {seat} choosing from {legal} "
                             f"here but seat {self.owner[index]} choosing from {self.actions[index]} elsewhere")
        elif remembered != recall[seat]:  # CFR and the best response need perfect recall
            raise ValueError(f"seat {seat} forgets: {key!r} is reached after different decisions of its own")
        self.infoset[node] = index
        self.members[index].append(node)
        kids = []
        for choice, action in enumerate(legal):
            child = state.clone()
            child.apply(action)
            mine = recall[seat] + ((index, choice),)
            kids.append(self._grow(child, utility, (mine, recall[1]) if seat == 0 else (recall[0], mine)))
        self.children[node] = tuple(kids)
        return node


def tree(roots: Sequence[tuple[Number, Any]], utility: Optional[Callable[[Any], Number]] = None) -> Tree:
    """The whole tree below the chance outcomes ``roots`` = [(probability, state)], built once.

    ``utility(state)`` is player 0's utility at an end (default: ``places_utility``). ValueError
    if the probabilities do not sum to 1, if an observation is two different decisions, or if a
    player forgets their own decisions (CFR needs perfect recall).
    """
    total = sum(probability for probability, _ in roots)
    if not roots or abs(total - 1) > TOLERANCE or any(probability <= 0 for probability, _ in roots):
        raise ValueError(f"the roots are chance outcomes with positive probabilities summing to 1, not {total}")
    built = Tree()
    for probability, state in roots:
        built.roots.append((probability, built._grow(state.clone(), utility or places_utility, ((), ()))))
    return built


# --- policies ------------------------------------------------------------------------------------

def tabulate(game_tree: Tree, rule: Callable[[Hashable], dict[Hashable, Number]]) -> Policy:
    """The policy that plays ``rule(observation)`` (a dict of action probabilities) at every information set."""
    return {key: dict(rule(key)) for key in game_tree.keys}


def uniform(game_tree: Tree) -> Policy:
    """Every legal action equally likely, exactly (what a policy plays where it says nothing)."""
    return {key: {action: Fraction(1, len(legal)) for action in legal}
            for key, legal in zip(game_tree.keys, game_tree.actions)}


def _table(game_tree: Tree, policy: Policy) -> list[list[Number]]:
    """For each information set, the policy's probabilities in the order of its actions (uniform if absent)."""
    table = []
    for key, legal in zip(game_tree.keys, game_tree.actions):
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
    if key not in game_tree.keys or action not in game_tree.actions[game_tree.keys.index(key)]:
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
    """How likely each information set is to arise when both players follow ``policy``."""
    table, infoset, children = _table(game_tree, policy), game_tree.infoset, game_tree.children
    found: dict[Hashable, Number] = dict.fromkeys(game_tree.keys, 0)
    stack = list(game_tree.roots)
    while stack:
        weight, node = stack.pop()
        i = infoset[node]
        if i >= 0 and weight:
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
    for key, legal, row in zip(game_tree.keys, game_tree.actions, totals):
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
