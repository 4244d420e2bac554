"""Benchmarks of SCOUT beyond the engine loop (bench/engines.py has that): the bots' time a move,
and the mathematics the lesson runs.

    .venv/bin/python bench/scout.py                # tables
    .venv/bin/python bench/scout.py --players 5    # the bots' positions from five-player games
    .venv/bin/python bench/scout.py --rollouts 48 --width 10   # another search bot than the app's
    .venv/bin/python bench/scout.py --final 96 --reads 30      # (--keeps, --player, --final, --reads: SearchBot's)
    .venv/bin/python bench/scout.py --json         # the same figures as JSON

Positions are every decision of seat 0 in seeded games between planners (the search bot's
opponents in the app; three players unless ``--players`` says 4 or 5); each bot answers each
position once. One core; nothing here passes or fails. The machine's load average is printed
beside the figures (compare runs only at a like load).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.scout import Game  # noqa: E402
from cardlib.scout import analysis  # noqa: E402
from cardlib.scout.bots import PLAYERS, GreedyBot, PlannerBot, SearchBot  # noqa: E402
from timing import per_move, print_tables, timed  # noqa: E402


def positions(games: int, seed: int, players: int = 3, keeping: bool = False) -> list:
    """(observation, legal actions) of seat 0 at each of its turns, in seeded games between planners
    (``keeping``: at each of its keep-or-turn decisions instead)."""
    found = []
    planner, rng = PlannerBot(), random.Random(seed)
    for index in range(games):
        state = Game(players=players).new(seed=seed * 1_000 + index)
        while not state.is_over:
            seat, legal = state.current_player, state.legal_actions()
            obs = state.observation(seat)
            if seat == 0 and (obs.phase == "keep") == keeping and len(legal) > 1:
                found.append((obs, legal))
            state.apply(planner.act(obs, legal, rng))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    usual = SearchBot()
    parser.add_argument("--rollouts", type=int, default=usual.rollouts, help="the search bot's (default: the app's)")
    parser.add_argument("--width", type=int, default=usual.width)
    parser.add_argument("--keeps", type=int, default=usual.keeps)
    parser.add_argument("--player", default=usual.player, choices=list(PLAYERS))
    parser.add_argument("--reads", type=int, default=usual.reads)
    parser.add_argument("--final", type=int, default=usual.final)
    parser.add_argument("--value", type=float, default=usual.value, help="the learned advantage's weight")
    args = parser.parse_args()
    found = positions(args.games, seed=5, players=args.players)
    search = SearchBot(rollouts=args.rollouts, width=args.width, keeps=args.keeps, player=args.player,
                       reads=args.reads, final=args.final, value=args.value)
    label = f"search ({search.rollouts} rollouts x {search.width}{', ' + search.player if search.player != 'greedy-ss' else ''}"
    label += (f", final {search.final}" if search.final else "") + (f", reads {search.reads}" if search.reads else "")
    label += (f", learned value x{search.value:g}" if search.value else "") + ")"
    bots = {"greedy": per_move(GreedyBot(), found), "planner": per_move(PlannerBot(), found),
            label: per_move(search, found), f"{label}, CPU time": per_move(search, found, time.process_time)}
    if search.keeps:
        bots[f"search keep or turn ({search.keeps} worlds)"] = per_move(search, positions(args.games, 5, args.players, True))
    maths = {
        "adjacent_chances, 3-5 players (exact)": timed(lambda: [analysis.adjacent_chances(n) for n in (3, 4, 5)]),
        "adjacent_chances_by_listing, 5 players, pairs": timed(lambda: analysis.adjacent_chances_by_listing(5, 2)),
        "simulate_adjacent, 20,000 hands": timed(lambda: analysis.simulate_adjacent(3, 20_000, 1)),
        "turn_gain, 20,000 hands": timed(lambda: analysis.turn_gain(3, 20_000, 1)),
        "turning_worth, 60 duplicate deals": timed(lambda: analysis.turning_worth(3, 60, 7)),
    }
    load = "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    if args.json:
        print(json.dumps({"players": args.players, "load": os.getloadavg(), "bots": bots, "mathematics": maths}, indent=2))
        return
    print_tables(f"SCOUT bots, milliseconds a move over {len(found)} positions of seat 0 ({args.games} "
                 f"{args.players}-player planner games, seed 5; {load})", bots, "SCOUT mathematics, seconds", maths)


if __name__ == "__main__":
    main()
