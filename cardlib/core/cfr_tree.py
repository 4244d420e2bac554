"""The game tree CFR walks (core/cfr.py): a whole two-player game, built once into flat lists.

``tree(roots, utility=...)`` walks a game of the kit from its chance outcomes ``roots`` =
[(probability, state)]. At each state the tree asks ``state.current_player``:

- a seat, 0 or 1: a decision; its information set is ``state.observation(seat)``, its choices
  ``state.legal_actions()`` (players must have perfect recall: the tree checks it);
- ``CHANCE``: chance acts here; ``state.chance_outcomes()`` lists (probability, action), exact
  probabilities summing to 1, and the tree applies each action to a clone (a card dealt
  between two betting rounds, say: ``core/leduc.py``);
- None: the end; ``utility(state)`` is player 0's payoff (player 1 gets minus it).

The utility is the caller's choice, on purpose: ``scores_utility`` (the points or chips won,
poker's payoff) and ``places_utility`` (+1 a win, -1 a loss: win most often) solve different
games, and on Leduc poker their values differ (-0.0856 against about 0).

>>> from cardlib.core import leduc
>>> tree(leduc.deals(), utility=scores_utility).size       # the nine private deals as roots, the board inside
Size(infosets=(144, 144), decisions=774, terminals=1116, chance=45)
>>> tree([(1, leduc.Game().new(deck=()))], utility=scores_utility).size   # all the dealing by chance, inside
Size(infosets=(144, 144), decisions=774, terminals=1116, chance=49)
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, Optional, Union

__all__ = ["CHANCE", "ChanceNode", "Number", "Size", "Tree", "places_utility", "scores_utility", "tree"]

Number = Union[int, float, Fraction]
CHANCE = "chance"  # a state's current_player when chance acts next (chance_outcomes() says how)
TOLERANCE = 1e-9  # how far probabilities may sum from 1 (float rounding)


def scores_utility(state: Any) -> Number:
    """Player 0's score at the end (chips or points won, minus if lost): poker's payoff."""
    return state.result().scores[0]


def places_utility(state: Any) -> int:
    """Player 0's utility from the places: +1 for a win, -1 for a loss, 0 for a shared place."""
    first, second = state.result().places[:2]
    return (first < second) - (first > second)


UTILITIES = "utility=cfr.scores_utility (the chips or points won) or utility=cfr.places_utility (+1 a win, -1 a loss)"


@dataclass(frozen=True)
class ChanceNode:
    """The key of a chance node's one-node "information set": it is no observation of any player."""

    node: int


class Size(NamedTuple):
    """How big a game tree is: information sets of player 0 and 1, decision, terminal and chance histories."""

    infosets: tuple[int, int]
    decisions: int
    terminals: int
    chance: int = 0

    @property
    def histories(self) -> int:
        """Every node of the tree: the decisions, the ends and the chance nodes."""
        return self.decisions + self.terminals + self.chance

    def __repr__(self) -> str:
        inside = f", chance={self.chance}" if self.chance else ""  # trees without chance print as before
        return f"Size(infosets={self.infosets}, decisions={self.decisions}, terminals={self.terminals}{inside})"


class Tree:
    """A whole two-player game tree, flattened: node ``n`` has ``infoset[n]`` (-1 at an end) and ``children[n]``.

    ``utility[n]`` is player 0's utility at an end (player 1 gets minus that); ``roots`` are
    (probability, node): the chance outcomes. Information set ``i`` is ``keys[i]`` (the
    observation), belongs to ``owner[i]``, offers ``actions[i]`` and holds the nodes ``members[i]``.
    A chance node is a one-node set owned by ``CHANCE`` whose probabilities are ``odds[i]``: the
    walkers treat it as a third player with a fixed policy.
    """

    __slots__ = ("roots", "infoset", "children", "utility", "keys", "owner", "actions", "members", "odds",
                 "_index")

    def __init__(self) -> None:
        self.roots: list[tuple[Number, int]] = []
        self.infoset: list[int] = []
        self.children: list[tuple[int, ...]] = []
        self.utility: list[Number] = []
        self.keys: list[Hashable] = []
        self.owner: list[Union[int, str]] = []
        self.actions: list[tuple[Hashable, ...]] = []
        self.members: list[list[int]] = []
        self.odds: dict[int, tuple[Number, ...]] = {}  # chance set -> the probabilities of its actions
        self._index: dict[Hashable, tuple[int, tuple]] = {}  # key -> (infoset, the owner's earlier decisions)

    @property
    def size(self) -> Size:
        """Information sets per player, decision, terminal and chance histories."""
        decisions = sum(len(nodes) for i, nodes in enumerate(self.members) if i not in self.odds)
        return Size((self.owner.count(0), self.owner.count(1)), decisions,
                    len(self.infoset) - decisions - len(self.odds), len(self.odds))

    def decision_sets(self) -> list[int]:
        """The information sets of the two players (every set but the chance nodes)."""
        return [i for i in range(len(self.keys)) if i not in self.odds]

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
        if seat == CHANCE:
            return self._chance(node, state, utility, recall)
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

    def _chance(self, node: int, state: Any, utility: Callable[[Any], Number], recall: tuple[tuple, tuple]) -> int:
        """Add the chance node ``state`` (a set of its own, owned by CHANCE) and each outcome below it."""
        if not callable(getattr(state, "chance_outcomes", None)):
            raise ValueError(f"chance is to act in {state!r}, but it has no chance_outcomes() to say how")
        outcomes = [(probability, action) for probability, action in state.chance_outcomes()]
        _check_chances([p for p, _ in outcomes], f"the chance outcomes of {state!r}")
        index = len(self.keys)
        self.keys.append(ChanceNode(node))
        self.owner.append(CHANCE)
        self.actions.append(tuple(action for _, action in outcomes))
        self.members.append([node])
        self.odds[index] = tuple(p for p, _ in outcomes)
        self.infoset[node] = index
        kids = []
        for _, action in outcomes:
            child = state.clone()
            child.apply(action)
            kids.append(self._grow(child, utility, recall))  # chance is nobody's decision: recall is unchanged
        self.children[node] = tuple(kids)
        return node


def _check_chances(probabilities: Sequence[Number], what: str) -> None:
    """ValueError unless ``probabilities`` are positive and sum to 1."""
    total = sum(probabilities)
    if not probabilities or abs(total - 1) > TOLERANCE or any(p <= 0 for p in probabilities):
        raise ValueError(f"{what} must be positive probabilities summing to 1, not {list(probabilities)} "
                         f"(sum {total})")


def tree(roots: Sequence[tuple[Number, Any]], *, utility: Optional[Callable[[Any], Number]] = None) -> Tree:
    """The whole tree below the chance outcomes ``roots`` = [(probability, state)], built once.

    ``utility(state)`` is player 0's payoff at an end, and must be given: ``scores_utility``,
    ``places_utility`` or a function of your own. ValueError if probabilities do not sum to 1,
    if an observation is two different decisions, or if a player forgets their own decisions
    (CFR needs perfect recall).

    >>> tree([])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: cfr.tree needs utility=, player 0's payoff at an end: utility=cfr.scores_utility (...) or ...
    """
    if utility is None or not callable(utility):
        raise TypeError(f"cfr.tree needs utility=, player 0's payoff at an end: {UTILITIES}, "
                        f"or a function of the final state" + ("" if utility is None else f", not {utility!r}"))
    _check_chances([probability for probability, _ in roots], "the roots")
    built = Tree()
    for probability, state in roots:
        built.roots.append((probability, built._grow(state.clone(), utility, ((), ()))))
    return built
