"""Benchmarks of SCOUT beyond the engine loop (bench/engines.py has that): the bots' time a move,
and the mathematics the lesson runs.

    .venv/bin/python bench/scout.py            # tables
    .venv/bin/python bench/scout.py --json     # the same figures as JSON

Positions are every decision of seat 0 in seeded three-player games between planners (the
search bot's opponents in the app); each bot answers each position once. One core; nothing here
passes or fails.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.scout import Game  # noqa: E402
from cardlib.scout import analysis  # noqa: E402
from cardlib.scout.bots import GreedyBot, PlannerBot, SearchBot  # noqa: E402
from timing import per_move, print_tables, timed  # noqa: E402


def positions(games: int, seed: int) -> list:
    """(observation, legal actions) of seat 0 at each of its turns, in seeded games between planners."""
    found = []
    planner, rng = PlannerBot(), random.Random(seed)
    for index in range(games):
        state = Game(players=3).new(seed=seed * 1_000 + index)
        while not state.is_over:
            seat, legal = state.current_player, state.legal_actions()
            obs = state.observation(seat)
            if seat == 0 and obs.phase != "keep" and len(legal) > 1:
                found.append((obs, legal))
            state.apply(planner.act(obs, legal, rng))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    found = positions(args.games, seed=5)
    bots = {"greedy": per_move(GreedyBot(), found), "planner": per_move(PlannerBot(), found),
            "search (24 rollouts x 5)": per_move(SearchBot(), found)}
    maths = {
        "adjacent_chances, 3-5 players (exact)": timed(lambda: [analysis.adjacent_chances(n) for n in (3, 4, 5)]),
        "adjacent_chances_by_listing, 5 players, pairs": timed(lambda: analysis.adjacent_chances_by_listing(5, 2)),
        "simulate_adjacent, 20,000 hands": timed(lambda: analysis.simulate_adjacent(3, 20_000, 1)),
        "turn_gain, 20,000 hands": timed(lambda: analysis.turn_gain(3, 20_000, 1)),
        "turning_worth, 60 duplicate deals": timed(lambda: analysis.turning_worth(3, 60, 7)),
    }
    if args.json:
        print(json.dumps({"bots": bots, "mathematics": maths}, indent=2))
        return
    print_tables(f"SCOUT bots, milliseconds a move over {len(found)} positions of seat 0 ({args.games} planner games, seed 5)",
                 bots, "SCOUT mathematics, seconds", maths)


if __name__ == "__main__":
    main()
