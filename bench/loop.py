"""Benchmarks of Loop beyond the engine loop (bench/engines.py has that): the bots' time a move,
and the mathematics the lesson runs.

    .venv/bin/python bench/loop.py            # tables
    .venv/bin/python bench/loop.py --json     # the same figures as JSON

Positions are every decision of player 0 with a choice, in seeded four-player games between
climbers (the app's default table: the search bot must answer there within a second); each bot
answers each position once. One core; nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.loop import Game  # noqa: E402
from cardlib.loop import analysis  # noqa: E402
from cardlib.loop.bots import ClimberBot, RandomAgent, SearchBot  # noqa: E402
from timing import per_move, print_tables, timed  # noqa: E402


def positions(games: int, seed: int, players: int = 4) -> list:
    """(observation, legal actions) of player 0 at each decision with a choice, in seeded games between climbers."""
    found = []
    climber = ClimberBot()
    for index in range(games):
        state = Game(players=players).new(seed=seed * 1_000 + index)
        while not state.is_over:
            player, legal = state.current_player, state.legal_actions()
            obs = state.observation(player)
            if player == 0 and len(legal) > 1:
                found.append((obs, legal))
            state.apply(climber.act(obs, legal, None))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    found = positions(args.games, seed=5)
    bots = {"climber": per_move(ClimberBot(), found), "search (16 rollouts x 6)": per_move(SearchBot(), found)}
    three = {"random": RandomAgent(), "climber": ClimberBot(), "climber 2": ClimberBot()}
    maths = {
        "eights_table + three_eights_rule (exact)": timed(lambda: (analysis.eights_table(),
                                                                   [analysis.three_eights_rule(n) for n in (2, 3, 4)])),
        "expected_combinations (exact)": timed(analysis.expected_combinations),
        "p_eight_by_simulation, 20,000 hands": timed(lambda: analysis.p_eight_by_simulation(20_000, 11)),
        "simulate_combinations, 4,000 hands": timed(lambda: analysis.simulate_combinations(4_000, 3)),
        "replay_deals, 12 deals x 6 orders x 2 rounds": timed(lambda: analysis.replay_deals(12, 8, three)),
    }
    if args.json:
        print(json.dumps({"bots": bots, "mathematics": maths}, indent=2))
        return
    print_tables(f"Loop bots, seconds a move over {len(found)} positions of player 0 ({args.games} four-player "
                 "climber games, seed 5)", bots, "Loop mathematics, seconds", maths)


if __name__ == "__main__":
    main()
