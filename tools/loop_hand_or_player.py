"""Loop: the hand or the player? The natural experiment of issue 11, run with three bots.

    .venv/bin/python tools/loop_hand_or_player.py [--deals 300] [--seed 2026] [--workers 2]

Each deal (three players) is played six times, the random player, the climber and the search bot
in every order over the chairs: its normal round, and its loop round after the climbers played
the first round (``cardlib.loop.replays``). Prints the variance split of each round's points with
intervals, and writes the rows to ``notebooks/data/loop_hand_or_player.csv`` (the notebook reads them).
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.loop.bots import ClimberBot, RandomAgent, SearchBot  # noqa: E402
from cardlib.loop.replays import by_previous_rank, player_means, replay_deals, variance_split  # noqa: E402

BOTS = {"random": RandomAgent(), "climber": ClimberBot(), "search": SearchBot(rollouts=8, width=4)}


def chunk(first: int, deals: int, seed: int) -> pd.DataFrame:
    """Deals ``first`` … ``first + deals − 1`` of the seed."""
    return replay_deals(deals, seed, BOTS, players=3, first=first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "notebooks" / "data" / "loop_hand_or_player.csv"))
    args = parser.parse_args()
    started, size = time.perf_counter(), 10
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(chunk, first, min(size, args.deals - first), args.seed)
                for first in range(0, args.deals, size)]
        table = pd.concat([job.result() for job in jobs], ignore_index=True)
    print(f"{args.deals} deals x 6 orders x 2 rounds, seed {args.seed}, {time.perf_counter() - started:.0f} s\n")
    for round_, score in (("normal", "points"), ("loop", "points"), ("loop", "loop points")):
        print(f"{round_} round, {score}:\n{variance_split(table, round_, score).round(3).to_string()}\n")
    print(player_means(table).round(3).to_string(), "\n")
    print(by_previous_rank(table).round(3).to_string())
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(args.out, index=False)
    print(f"\nrows: {args.out}")


if __name__ == "__main__":
    main()
