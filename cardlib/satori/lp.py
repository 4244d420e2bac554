"""Exact equilibria of a small two-player zero-sum game: its sequence-form LP, solved by simplex in Fractions.

CFR (core/cfr.py) finds *an* equilibrium, approximately. A linear program finds the value exactly
and, with the value fixed, the whole set of a player's optimal strategies: the least and the
greatest chance of any one action over all of them.

The **sequence form** (Koller, Megiddo and von Stengel 1996) writes a strategy as a *realization
plan*: for each of the player's sequences (an information set and an action there, after the
player's earlier ones) the chance that the player's own choices follow it. The plan obeys
linear rules (the empty sequence has weight 1; an information set's actions share its parent
sequence's weight), and the expected payoff is bilinear in the two plans. So the most that
player ``seat`` can guarantee is one linear program (``guarantee``): the plan ``x`` of ``seat``
and, for each information set of the opponent, a number ``w`` that bounds what the opponent's
best response can take from there. Single-action information sets are no decisions: they add
no sequence. Payoffs are shifted up by their worst loss (-1..+1 becomes 0..2) so that every
``w`` is non-negative, as a simplex wants; the value is shifted back.

``maximise`` is a plain two-phase simplex on a sparse tableau of Fractions (Dantzig's rule,
turning to Bland's, which cannot cycle, when this very degenerate LP stalls): exact, with no
floating point anywhere. ``optima`` goes on from the optimal tableau over the optimal face:
the least and the most of a second objective among all optimal solutions. About a second
for The Satori's small game.

>>> from itertools import permutations
>>> from cardlib.core import cfr, example
>>> deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in permutations(example.CARDS, 2)]
>>> kuhn = cfr.tree(deals, utility=lambda state: state.result().scores[0])
>>> guarantee(kuhn, 0).value                     # Kuhn 1950: the first player is worth -1/18
Fraction(-1, 18)
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple, Optional

from cardlib.core.cfr import Policy, Tree

__all__ = [
    "Extremes", "Guarantee", "Infeasible", "Program", "extremes", "guarantee", "maximise", "optima", "policy",
    "sequence_form",
]

Row = dict[Hashable, Fraction]
STALL = 50  # degenerate pivots in a row before the simplex turns from Dantzig's rule to Bland's


class Infeasible(ValueError):
    """The constraints of a linear program admit no solution (or its optimum is unbounded)."""


# --- the simplex ---------------------------------------------------------------------------------

def maximise(objective: Mapping[Hashable, Fraction], rows: Sequence[tuple[Mapping[Hashable, Fraction], Fraction]]
             ) -> tuple[Fraction, dict[Hashable, Fraction]]:
    """max objective . x subject to row . x == rhs for each (row, rhs), and x >= 0: the optimum and an optimal x.

    >>> maximise({"a": 1, "b": 1}, [({"a": 1, "b": 2, "s": 1}, 4), ({"a": 3, "b": 1, "t": 1}, 6)])
    (Fraction(14, 5), {'a': Fraction(8, 5), 'b': Fraction(6, 5)})
    """
    best, _, found = optima(objective, rows, [{}])[0]
    return best, found


def optima(objective: Mapping[Hashable, Fraction], rows: Sequence[tuple[Mapping[Hashable, Fraction], Fraction]],
           then: Sequence[Mapping[Hashable, Fraction]]) -> list[tuple[Fraction, Fraction, dict[Hashable, Fraction]]]:
    """Maximise ``objective``; then, among its optimal x, maximise each of ``then``: (optimum, its best, that x) each.

    The second step starts from the first's final tableau: a column whose reduced cost is
    negative there is 0 in every optimal x, so it is dropped, and the simplex goes on over
    what remains, the optimal face (a lexicographic optimum, exactly).

    >>> found = optima({"a": 1, "b": 1}, [({"a": 1, "b": 1, "s": 1}, 2)], [{"a": 1}, {"a": -1}])
    >>> [(best, then) for best, then, _ in found]   # a + b is at most 2; then a is 2 at most, 0 at least
    [(Fraction(2, 1), Fraction(2, 1)), (Fraction(2, 1), Fraction(0, 1))]
    """
    names = list(dict.fromkeys(name for row, _ in rows for name in row))
    index = {name: k for k, name in enumerate(names)}
    table = [{index[name]: Fraction(v) for name, v in row.items() if v} for row, _ in rows]
    rhs = [Fraction(b) for _, b in rows]
    for r, b in enumerate(rhs):
        if b < 0:
            table[r], rhs[r] = {k: -v for k, v in table[r].items()}, -b
    appears = [0] * len(names)
    for row in table:
        for k in row:
            appears[k] += 1
    basis: list[int] = []
    artificial = len(names)  # artificial columns are numbered after the real ones
    for row in table:  # a column alone in its row with coefficient 1 (a slack) starts basic; else an artificial
        own = [k for k, v in row.items() if v == 1 and appears[k] == 1 and k not in basis]
        if own:
            basis.append(own[0])
        else:
            row[artificial] = Fraction(1)
            basis.append(artificial)
            artificial += 1
    if artificial > len(names):  # phase 1: drive the artificials to 0
        shortfall, _ = _optimise(table, rhs, basis, {k: Fraction(-1) for k in range(len(names), artificial)})
        if shortfall < 0:
            raise Infeasible("the constraints admit no solution")
        for r in range(len(table)):
            if basis[r] >= len(names):  # an artificial at 0 still basic: swap in any real column of its row
                real = [k for k in table[r] if k < len(names)]
                if real:
                    _pivot(table, rhs, basis, None, r, min(real))
        keep = [r for r in range(len(table)) if basis[r] < len(names)]  # rows left all-artificial are redundant
        table = [{k: v for k, v in table[r].items() if k < len(names)} for r in keep]
        rhs, basis = [rhs[r] for r in keep], [basis[r] for r in keep]
    best, cost = _optimise(table, rhs, basis, {index[name]: Fraction(v) for name, v in objective.items() if v})
    fixed = {k for k, v in cost.items() if v < 0}  # 0 in every optimal x
    answers = []
    for second in then:
        rows_ = [{k: v for k, v in row.items() if k not in fixed} for row in table]
        rhs_, basis_ = list(rhs), list(basis)
        secondary = {index[name]: Fraction(v) for name, v in second.items() if v and index[name] not in fixed}
        also, _ = _optimise(rows_, rhs_, basis_, secondary)
        found = {names[k]: rhs_[r] for r, k in enumerate(basis_) if rhs_[r]}
        answers.append((best, also, {name: found[name] for name in names if name in found}))
    return answers


def _optimise(table: list[dict[int, Fraction]], rhs: list[Fraction], basis: list[int],
              objective: dict[int, Fraction]) -> tuple[Fraction, dict[int, Fraction]]:
    """Pivot until no column improves ``objective``: the optimum and the reduced costs. Changes the tableau in place.

    Dantzig's rule (the greatest gain per unit), turning to Bland's (the first column that gains),
    which cannot cycle, after ``STALL`` pivots in a row that gained nothing.
    """
    cost = dict(objective)  # reduced costs: the objective's gain per unit of each column
    value = Fraction(0)
    for r, k in enumerate(basis):
        if k in cost:
            f = cost[k]
            value += f * rhs[r]
            for j, v in table[r].items():
                cost[j] = cost.get(j, 0) - f * v
    cost = {j: v for j, v in cost.items() if v}
    stalled = 0
    while True:
        gains = [j for j, v in cost.items() if v > 0]
        if not gains:
            return value, cost
        entering = min(gains) if stalled > STALL else max(gains, key=cost.__getitem__)
        rows = [r for r in range(len(table)) if table[r].get(entering, 0) > 0]
        if not rows:
            raise Infeasible("the optimum is unbounded")
        leaving = min(rows, key=lambda r: (rhs[r] / table[r][entering], basis[r]))
        stalled = stalled + 1 if rhs[leaving] == 0 else 0
        value += cost[entering] * rhs[leaving] / table[leaving][entering]
        _pivot(table, rhs, basis, cost, leaving, entering)


def _pivot(table: list[dict[int, Fraction]], rhs: list[Fraction], basis: list[int],
           cost: Optional[dict[int, Fraction]], r: int, c: int) -> None:
    """Make column ``c`` basic in row ``r``: divide the row by its pivot, clear ``c`` from every other row."""
    p = table[r][c]
    row = table[r] = {k: v / p for k, v in table[r].items()}
    rhs[r] /= p
    others = [(table[i], i) for i in range(len(table)) if i != r and c in table[i]]
    if cost is not None and c in cost:
        others.append((cost, -1))
    for other, i in others:
        f = other[c]
        for k, v in row.items():
            new = other.get(k, 0) - f * v
            if new:
                other[k] = new
            else:
                other.pop(k, None)
        if i >= 0:
            rhs[i] -= f * rhs[r]
    basis[r] = c


# --- the sequence form ---------------------------------------------------------------------------

Sequence_ = Optional[tuple[int, int]]  # None: the empty sequence; (i, a): action a at information set i


class Program(NamedTuple):
    """A tree in sequence form: each decision's parent sequence, each end as (chance, sequences of 0 and 1, utility)."""

    parent: dict[int, Sequence_]                    # decision information set -> its owner's previous sequence
    ends: list[tuple[Fraction, Sequence_, Sequence_, Fraction]]


def sequence_form(game_tree: Tree) -> Program:
    """The tree walked once: each decision's parent sequence (a decision: two actions or more), and the ends."""
    parent: dict[int, Sequence_] = {}
    ends: list[tuple[Fraction, Sequence_, Sequence_, Fraction]] = []

    def walk(node: int, chance: Fraction, last: tuple[Sequence_, Sequence_]) -> None:
        i = game_tree.infoset[node]
        if i < 0:
            ends.append((chance, last[0], last[1], Fraction(game_tree.utility[node])))
            return
        seat, kids = game_tree.owner[i], game_tree.children[node]
        if i in game_tree.odds:  # a chance node: its odds multiply the chance of every end below
            for p, kid in zip(game_tree.odds[i], kids):
                walk(kid, chance * Fraction(p), last)
            return
        if len(kids) > 1:
            parent.setdefault(i, last[seat])  # perfect recall (checked by cfr.tree): one parent per set
        for a, kid in enumerate(kids):
            mine = (i, a) if len(kids) > 1 else last[seat]
            walk(kid, chance, (mine, last[1]) if seat == 0 else (last[0], mine))

    for p, root in game_tree.roots:
        walk(root, Fraction(p), (None, None))
    return Program(parent, ends)


def _shift(program: Program, seat: int) -> Fraction:
    """How far to lift ``seat``'s payoffs so that none is negative (then every w of the LP is >= 0)."""
    return max(0, max(-u if seat == 0 else u for _, _, _, u in program.ends))


def _constraints(game_tree: Tree, program: Program, seat: int) -> list[tuple[Row, Fraction]]:
    """The LP's rows for ``seat``'s guarantee: its plan's rules, and one bound per opponent sequence."""
    shift = _shift(program, seat)
    rows: list[tuple[Row, Fraction]] = [({("x", None): Fraction(1)}, Fraction(1))]
    for i, before in program.parent.items():  # an information set's actions share its parent's weight
        if game_tree.owner[i] == seat:
            row = {("x", (i, a)): Fraction(1) for a in range(len(game_tree.actions[i]))}
            row[("x", before)] = Fraction(-1)
            rows.append((row, Fraction(0)))
    bounds: dict[Sequence_, Row] = {None: {("w", None): Fraction(1)}}  # opponent sequence tau: w(its set) - ...
    for i, before in program.parent.items():
        if game_tree.owner[i] != seat:
            for a in range(len(game_tree.actions[i])):
                bounds.setdefault((i, a), {})[("w", i)] = Fraction(1)
            bounds.setdefault(before, {})[("w", i)] = Fraction(-1)  # ... - the w of the sets that follow tau ...
    for chance, seq0, seq1, utility in program.ends:  # ... - (payoff to seat, shifted) x plan  <=  0
        mine, theirs = (seq0, seq1) if seat == 0 else (seq1, seq0)
        payoff = (utility if seat == 0 else -utility) + shift
        row = bounds.setdefault(theirs, {})
        row[("x", mine)] = row.get(("x", mine), 0) - chance * payoff
    for tau, row in bounds.items():
        rows.append(({**row, ("slack", tau): Fraction(1)}, Fraction(0)))
    return rows


class Guarantee(NamedTuple):
    """What ``seat`` can guarantee (its value), and an optimal realization plan: sequence -> weight."""

    value: Fraction
    plan: dict[Sequence_, Fraction]


def guarantee(game_tree: Tree, seat: int, fixed: Optional[Mapping[tuple[int, int], Fraction]] = None) -> Guarantee:
    """The most ``seat`` can guarantee itself (the game's value to it), exactly, and a plan that guarantees it.

    ``fixed`` pins the weights of some of ``seat``'s sequences (a first choice's chance, say):
    the most it can guarantee while playing them so.
    """
    program = sequence_form(game_tree)
    rows = _constraints(game_tree, program, seat)
    rows += [({("x", sequence): Fraction(1)}, Fraction(weight)) for sequence, weight in (fixed or {}).items()]
    best, found = maximise({("w", None): 1}, rows)
    return Guarantee(best - _shift(program, seat), _plan(found))


class Extremes(NamedTuple):
    """Over all of a seat's optimal plans: the game's value to it, and the least and most weight on one sequence."""

    value: Fraction
    low: Fraction
    high: Fraction
    low_plan: dict[Sequence_, Fraction]   # an optimal plan with the least weight on the sequence
    high_plan: dict[Sequence_, Fraction]  # ... and one with the most


def extremes(game_tree: Tree, seat: int, sequence: tuple[int, int]) -> Extremes:
    """Of the plans by which ``seat`` guarantees the value, those with the least and the most weight on ``sequence``.

    The LP maximises the guarantee, then (``optima``) over its optimal face minimises and
    maximises the sequence's weight. That weight is the behaviour probability of the sequence's
    action when its information set follows no earlier decision of ``seat`` (its parent is the
    empty sequence, of weight 1, so it is reached whatever ``seat`` does); otherwise ValueError,
    since a ratio of two weights is not linear.
    """
    program = sequence_form(game_tree)
    if program.parent.get(sequence[0], ()) is not None or game_tree.owner[sequence[0]] != seat:
        raise ValueError(f"{sequence!r} is not a first decision of seat {seat}")
    low, high = optima({("w", None): 1}, _constraints(game_tree, program, seat),
                       [{("x", sequence): -1}, {("x", sequence): 1}])
    return Extremes(low[0] - _shift(program, seat), -low[1], high[1], _plan(low[2]), _plan(high[2]))


def _plan(found: dict[Hashable, Fraction]) -> dict[Sequence_, Fraction]:
    """The plan's weights out of an LP solution (the zero weights are absent)."""
    return {name[1]: v for name, v in found.items() if name[0] == "x"}


def policy(game_tree: Tree, seat: int, plan: Mapping[Sequence_, Fraction]) -> Policy:
    """The behaviour strategy of a realization plan: weight of (i, a) / weight of i's parent (uniform where 0)."""
    program = sequence_form(game_tree)
    found: Policy = {}
    for i, before in program.parent.items():
        if game_tree.owner[i] == seat:
            legal = game_tree.actions[i]
            total = plan.get(before, Fraction(0)) if before is not None else Fraction(1)
            found[game_tree.keys[i]] = ({a: plan.get((i, k), Fraction(0)) / total for k, a in enumerate(legal)}
                                        if total else {a: Fraction(1, len(legal)) for a in legal})
    return found
