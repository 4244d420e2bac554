"""A learned advantage for SCOUT's search bot (numpy): what each of the planner's best moves is worth, from
the mover's observation only.

``features(obs, action, value, best, rank)`` describes one candidate move in numbers: the table's size,
the move's kind, what the planner thinks of it, the hand before and after it (cards, pieces, longest set and
run), the show left on the table, the others' hand sizes and markers. ``Advantage`` is a small network
(two hidden layers) read from ``value.npz`` beside this file: it maps those numbers to the points the move
is worth above the mean of the candidates, in the round's end score.

It was trained by ``tools/scout_value.py`` (self-play, reproducible from its seed): in rounds of planners, at
every decision each candidate was played on to the round's end *in the true game* by planners, so the network
learns what a move is worth on average over the hands the mover cannot see, as they really lie after the play
it has seen. The search bot never sees a hidden card: only the training did. It learned three to five players
(not the two-player game's tokens). A Scout & Show is described by its scout, as a plain scout is.

>>> from cardlib.scout import Game
>>> state = Game(players=4, rounds=1).new(seed=3)
>>> while state.phase == "keep":
...     state.apply(state.legal_actions()[0])
>>> obs = state.observation(state.current_player)
>>> from cardlib.scout.bots import PlannerBot
>>> values = PlannerBot().values(obs, state.legal_actions())
>>> ranked = sorted(values, key=values.__getitem__, reverse=True)[:5]
>>> len(features(obs, ranked[0], values[ranked[0]], values[ranked[0]], 0)) == FEATURES
True
>>> worth = Advantage()(obs, ranked, values)
>>> len(worth) == len(ranked) and all(isinstance(each, float) for each in worth)
True
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Optional

import numpy as np

from cardlib.scout.actions import Action, Observation, Scout, ScoutAndShow, Show
from cardlib.scout.bots_search import pieces, scouted, without
from cardlib.scout.groups import strongest
from cardlib.scout.playout import group_power

WEIGHTS = Path(__file__).with_name("value.npz")
FEATURES = 52  # numbers a candidate is described by (``features``)
RANKS = 5  # the planner's rank of a candidate is one of the first RANKS (the search's default width)


def longest(tops: Sequence[int]) -> tuple[int, int]:
    """The longest set and the longest run (up or down) of neighbouring cards.

    >>> longest([3, 3, 3, 4, 5, 6, 1])
    (3, 4)
    """
    best_set = best_run = 1 if tops else 0
    same = up = down = 1
    for before, card in zip(tops, tops[1:]):
        step = card - before
        same = same + 1 if step == 0 else 1
        up = up + 1 if step == 1 else 1
        down = down + 1 if step == -1 else 1
        best_set, best_run = max(best_set, same), max(best_run, up, down)
    return best_set, best_run


def hand_numbers(tops: Sequence[int]) -> list[float]:
    """A hand in seven numbers: its size, pieces, strongest group, longest set and run, cards saved by groups, pieces a card."""
    size = len(tops)
    if not size:
        return [0.0] * 7
    parts = pieces(tops)
    best_set, best_run = longest(tops)
    return [size / 10, parts / 5, strongest(tops)[0] / 200, best_set / 5, best_run / 5, (size - parts) / 5, parts / size]


def features(obs: Observation, action: Action, value: float, best: float, rank: int) -> list[float]:
    """One candidate move in ``FEATURES`` numbers, from the mover's observation (``value``: the planner's value of
    it, ``best``: of its best move, ``rank``: its place in the planner's order, from 0)."""
    players, seat, tops, kind, active = obs.players, obs.seat, list(obs.tops), type(action), obs.active
    sizes = obs.hand_sizes  # the others' hands: only how many cards each holds
    back = obs.owner is not None and (seat + 1) % players == obs.owner  # everyone else has scouted
    row: list[float] = [players == 3, players == 4, players == 5, kind is Show, kind is Scout, kind is ScoutAndShow]
    row += [max(-10.0, value) / 5, max(-10.0, value - best) / 5] + [rank == k for k in range(RANKS)]
    row += hand_numbers(tops)
    if kind is Show:
        after = without(tops, action)
        size = action.last - action.first + 1
        shown = group_power(tops[action.first - 1:action.last])
        row += [size / 5, len(active) / 5, not after, shown / 200, 0.0, 0.0]
        left, strength, mine = size, shown, True
    else:
        after, rest = scouted(obs, tops, action)
        row += [0.0, 0.0, 0.0, 0.0, 1.0, back]
        left, strength, mine = len(rest), group_power([card[0] for card in rest]) if rest else 0, False
    row += hand_numbers(after)
    row += [left / 5, strength / 200, mine, back]
    others = [(seat + k) % players for k in range(1, players)]
    row += [sizes[other] / 10 for other in others] + [0.0] * (5 - players)
    row += [obs.markers[other] for other in others] + [0.0] * (5 - players)
    row += [min(sizes[other] for other in others) / 10, obs.markers[seat], (obs.score_cards[seat] + obs.chips[seat]) / 10]
    gap = (obs.owner - seat) % players if not mine and obs.owner is not None else 0  # seats on to the show's owner
    row += [gap == k for k in range(1, 5)]
    return [float(number) for number in row]


class Advantage:
    """The learned network: each candidate's worth in points above the candidates' mean (see the module)."""

    def __init__(self, path: Optional[Path] = None, stored: Optional[Mapping[str, np.ndarray]] = None) -> None:
        """Read from ``path`` (value.npz beside this file by default), or from ``stored`` arrays of the same names."""
        stored = stored if stored is not None else np.load(path or WEIGHTS)
        depth = sum(1 for name in stored if name.startswith("W"))
        self.mean, self.scale = stored["mean"], stored["scale"]
        self.layers = [(stored[f"W{k}"], stored[f"b{k}"]) for k in range(depth)]

    def __call__(self, obs: Observation, ranked: Sequence[Action], values: dict[Action, float]) -> list[float]:
        """The worth of each of ``ranked`` (the planner's order), in points."""
        best = values[ranked[0]]
        numbers = np.array([features(obs, action, values[action], best, rank) for rank, action in enumerate(ranked)],
                           dtype=np.float32)
        return [float(each) for each in forward(self.layers, (numbers - self.mean) / self.scale)]


def forward(layers: Sequence[tuple[np.ndarray, np.ndarray]], numbers: np.ndarray) -> np.ndarray:
    """The network's output for each row: ReLU between the layers, none after the last."""
    for k, (weights, bias) in enumerate(layers):
        numbers = numbers @ weights + bias
        if k < len(layers) - 1:
            numbers = np.maximum(numbers, 0)
    return numbers[:, 0]
