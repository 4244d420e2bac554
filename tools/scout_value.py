"""SCOUT: train the search bot's learned advantage (cardlib/scout/bots_value.py) by self-play, seeded.

    .venv/bin/python tools/scout_value.py [--rounds 3 4000 4 4000 5 6000] [--iterations 1] [--seed 2026] [--workers 2]

Each iteration:

1. Rounds are played (``--rounds``: a player count and its rounds, as pairs) by planners, one seat at a time
   the mover. At every decision with more than one candidate, each of the planner's best five moves is played
   on to the round's end *in the true game*, and its score, less the candidates' mean, is the target. Playing
   on, the others play as PlannerBot does (``planner_ss_move``), and so does the mover in the first
   iteration; in a second (``--iterations 2``) the mover plays as the first network (measured, not shipped: the
   search bot with it gains −0.01 a round at 4 players and +0.08 at 5 over the shipped one, paired on 1,000
   deals). The move then played is the mover's choice, or one of the five at random a quarter of the time, so
   that the rows also hold what follows other moves.
2. A network of two hidden layers of 64 (ReLU) learns the targets from the mover's ``features`` (Adam, mean
   squared error, 20 passes, a fifth of the decisions held out).
3. It prints, on the held-out decisions, what choosing by the network gains over the planner's choice, in
   points a decision (and what knowing the hidden cards would gain), and writes the network to ``--out``
   (cardlib/scout/value.npz by default); the last iteration's stays.

The targets come from the true game, but the network reads only what the mover sees: it learns what a move
is worth on average over the hands the mover cannot see, as they really lie after the play it has seen.
The same seed and rounds give the same rows on any number of workers (each block of rounds has its own
seed), and the same weights on the same machine: cardlib/scout/value.npz is the default run's (855 s on this
project's two-core machine; a second iteration's rows took 4,655 s more on 2026-11-27, and its training 100 s).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Optional

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.scout import Game  # noqa: E402
from cardlib.scout.actions import KEEPING, Action, Observation  # noqa: E402
from cardlib.scout.bots import PlannerBot  # noqa: E402
from cardlib.scout.bots_search import planner_ss_move  # noqa: E402
from cardlib.scout.bots_value import RANKS, WEIGHTS, Advantage, features, forward  # noqa: E402
from cardlib.scout.playout import Table, margin  # noqa: E402
from cardlib.scout.rules import State  # noqa: E402

BLOCK = 50  # rounds a block: each block is seeded on its own, so workers change nothing
EXPLORE = 0.25  # how often the move played is one of the five at random


class Seen:
    """What the seat to play on a rollout's ``Table`` sees, under the observation's names that the planner's values
    and ``features`` read: its own hand, the public table, and only how many cards the others hold."""

    def __init__(self, table: Table) -> None:
        seat = table._current
        self.players, self.seat, self.phase, self.tokens = table.game.players, seat, table._phase, None
        self.hand = tuple(table._hands[seat])
        self.tops = tuple(card[0] for card in self.hand)
        self.hand_sizes = tuple(len(hand) for hand in table._hands)
        self.active, self.owner = tuple(table._active), table._owner
        self.markers, self.score_cards, self.chips = table._markers, table._piles, table._chips


def choose(network: Optional[Advantage], obs: Observation | Seen, legal: Sequence[Action],
           planner: PlannerBot) -> tuple[list[Action], dict[Action, float], Action]:
    """The planner's best five, its values, and the move the mover plays: the network's best (the planner's
    without a network)."""
    values = planner.values(obs, legal)
    ranked = sorted(values, key=values.__getitem__, reverse=True)[:RANKS]
    if network is None or len(ranked) == 1:
        return ranked, values, ranked[0]
    worth = network(obs, ranked, values)
    return ranked, values, ranked[worth.index(max(worth))]


def continuation(network: Optional[Advantage], mover: int, planner: PlannerBot) -> Callable[[Table, random.Random], Action]:
    """The rollouts' player: the planners, and the mover by the network when there is one."""
    if network is None:
        return planner_ss_move

    def move(table: Table, rng: random.Random) -> Action:
        if table._current != mover or table._phase == KEEPING:
            return planner_ss_move(table, rng)
        legal = State._legal_actions(table, mover)
        return legal[0] if len(legal) == 1 else choose(network, Seen(table), legal, planner)[2]
    return move


def rows(players: int, rounds: int, seed: int, stored: Optional[dict] = None) -> tuple[list[list[float]], list[float], list[int]]:
    """A block's rows: each candidate's features, its target (points above the decision's mean) and its decision.
    With ``stored`` (a network's arrays), the mover plays by that network, in the round and in the rollouts."""
    rng = random.Random(seed)
    planner, game = PlannerBot(), Game(players=players, rounds=1)
    network = Advantage(stored=stored) if stored is not None else None
    numbers, targets, decisions = [], [], []
    decision = 0
    for _ in range(rounds):
        state = game.new(seed=rng.getrandbits(32))
        while not state.is_over:
            seat, legal = state.current_player, state.legal_actions()
            obs = state.observation(seat)
            if obs.phase == KEEPING or len(legal) == 1:
                state.apply(planner.act(obs, legal, rng))
                continue
            ranked, values, mine = choose(network, obs, legal, planner)
            if len(ranked) > 1:
                table, player = Table(state), continuation(network, seat, planner)
                scores = [margin(table, seat, action, random.Random(0), player, 0.0) for action in ranked]
                mean = sum(scores) / len(scores)
                for rank, (action, score) in enumerate(zip(ranked, scores)):
                    numbers.append(features(obs, action, values[action], values[ranked[0]], rank))
                    targets.append(score - mean)
                    decisions.append(decision)
                decision += 1
            state.apply(ranked[rng.randrange(len(ranked))] if rng.random() < EXPLORE else mine)
    return numbers, targets, decisions


def _block(job: tuple[int, int, int, Optional[dict]]) -> tuple[list[list[float]], list[float], list[int]]:
    """``rows`` for one block (a worker's job)."""
    return rows(*job)


def train(numbers: np.ndarray, targets: np.ndarray, seed: int, hidden: tuple[int, ...] = (64, 64), passes: int = 20,
          batch: int = 512, rate: float = 1e-3, decay: float = 1e-5) -> list[tuple[np.ndarray, np.ndarray]]:
    """A ReLU network fitted to the targets by Adam on the mean squared error (He-initialised from ``seed``)."""
    rng = np.random.default_rng(seed)
    sizes = [numbers.shape[1], *hidden, 1]
    layers = [[rng.normal(0, np.sqrt(2 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32)]
              for a, b in zip(sizes, sizes[1:])]
    first = [[np.zeros_like(part) for part in layer] for layer in layers]
    second = [[np.zeros_like(part) for part in layer] for layer in layers]
    step = 0
    for _ in range(passes):
        order = rng.permutation(len(numbers))
        for start in range(0, len(numbers), batch):
            chosen = order[start:start + batch]
            outs = [numbers[chosen]]
            for k, (weights, bias) in enumerate(layers):
                out = outs[-1] @ weights + bias
                outs.append(np.maximum(out, 0) if k < len(layers) - 1 else out)
            grad = (outs[-1][:, 0] - targets[chosen])[:, None] * (2 / len(chosen))
            step += 1
            for k in range(len(layers) - 1, -1, -1):
                weights = layers[k][0]
                grads = [outs[k].T @ grad + decay * weights, grad.sum(0)]
                if k:
                    grad = (grad @ weights.T) * (outs[k] > 0)
                for part in (0, 1):
                    first[k][part] = 0.9 * first[k][part] + 0.1 * grads[part]
                    second[k][part] = 0.999 * second[k][part] + 0.001 * grads[part] ** 2
                    move = first[k][part] / (1 - 0.9 ** step) / (np.sqrt(second[k][part] / (1 - 0.999 ** step)) + 1e-8)
                    layers[k][part] = layers[k][part] - rate * move
    return [(weights, bias) for weights, bias in layers]


def choice_gain(worth: np.ndarray, targets: np.ndarray, decisions: np.ndarray, first: np.ndarray) -> tuple[float, float, float]:
    """Points a decision gained over the planner's choice by taking the candidate of most ``worth``: the mean, its
    standard error, and the same for taking the truly best (what knowing every hand would give)."""
    gained, known = [], []
    for group in np.split(np.arange(len(decisions)), np.flatnonzero(np.diff(decisions)) + 1):
        planner = targets[group[first[group].argmax()]]
        gained.append(targets[group[worth[group].argmax()]] - planner)
        known.append(targets[group].max() - planner)
    return float(np.mean(gained)), float(np.std(gained) / np.sqrt(len(gained))), float(np.mean(known))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, nargs="+", default=[3, 4000, 4, 4000, 5, 6000],
                        help="pairs: players, rounds (default 3 4000 4 4000 5 6000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=1, help="rounds of rows and training (default 1)")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()
    started, stored = time.perf_counter(), None
    for iteration in range(1, args.iterations + 1):
        stored = _iteration(args, stored, iteration, started)
        np.savez(args.out, **stored)  # each iteration's network, the last one's kept (--iterations 1 gives the first)
        print(f"  {args.out} ({args.out.stat().st_size:,} bytes), {time.perf_counter() - started:.0f} s in all", flush=True)


def _iteration(args: argparse.Namespace, stored: Optional[dict], iteration: int, started: float) -> dict:
    """One round of rows and training: rows played on by the last network (by planners the first time), a new one fitted."""
    jobs = [(players, min(BLOCK, rounds - start), args.seed * 1_000_003 + iteration * 100_003 + players * 10_007 + start, stored)
            for players, rounds in zip(args.rounds[::2], args.rounds[1::2]) for start in range(0, rounds, BLOCK)]
    with ProcessPoolExecutor(args.workers) as pool:
        blocks = list(pool.map(_block, jobs))
    numbers = np.array([row for block in blocks for row in block[0]], dtype=np.float32)
    targets = np.array([target for block in blocks for target in block[1]], dtype=np.float32)
    decisions = np.concatenate([np.array(block[2]) + 10_000_000 * k for k, block in enumerate(blocks)])
    every = np.unique(decisions)
    print(f"iteration {iteration}: {len(numbers):,} rows, {len(every):,} decisions, {time.perf_counter() - started:.0f} s")
    held = np.isin(decisions, np.random.default_rng(args.seed + iteration).permutation(every)[:len(every) // 5])
    mean, scale = numbers[~held].mean(0), numbers[~held].std(0) + 1e-6
    scaled = ((numbers - mean) / scale).astype(np.float32)
    layers = train(scaled[~held], targets[~held], args.seed + iteration)
    first = numbers[:, 8]  # the planner's own choice (rank 0: features' ninth number)
    for name, part in (("held out", held), ("trained on", ~held)):
        gained, error, known = choice_gain(forward(layers, scaled[part]), targets[part], decisions[part], first[part])
        print(f"  {name}: {gained:+.3f} points a decision over the planner's choice (standard error {error:.3f});"
              f" knowing every hand, {known:+.3f}", flush=True)
    return {"mean": mean, "scale": scale, **{f"W{k}": w for k, (w, b) in enumerate(layers)},
            **{f"b{k}": b for k, (w, b) in enumerate(layers)}}


if __name__ == "__main__":
    main()
