"""Random playouts for every game in GAMES: games/s and decisions/s, median of 5 runs.

    python bench/engines.py            # a table
    python bench/engines.py --json     # the same figures as JSON

Two loops per game variant: "engine" (legal_actions, a random choice, apply: the engine alone)
and "play()" (the same through cardlib.core.play with RandomAgent, which also builds every
observation an agent sees). One core; nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib import GAMES  # noqa: E402
from cardlib.core import RandomAgent, play  # noqa: E402
from cardlib.core.testing import variants  # noqa: E402


def engine_run(game, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games with the bare engine for about ``seconds``; (games, decisions, time)."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new(seed=seed + games)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def play_run(game, seconds: float, seed: int) -> tuple[int, int, float]:
    """The same through core.play with RandomAgents (observations built for every decision)."""
    agents = [RandomAgent()] * game.players
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        decisions += play(game, agents, seed=seed + games).decisions
        games += 1
    return games, decisions, time.perf_counter() - start


def measure(game, loop, runs: int, seconds: float) -> dict:
    """Median games/s and decisions/s over ``runs`` runs."""
    rates = [loop(game, seconds, seed=1000 * run) for run in range(runs)]
    return {
        "games_per_s": statistics.median(g / t for g, _, t in rates),
        "decisions_per_s": statistics.median(d / t for _, d, t in rates),
        "decisions_per_game": statistics.median(d / g for g, d, _ in rates),
    }


def import_seconds(module: str, runs: int) -> float:
    """Median wall time of ``python -c "import module"`` in a fresh interpreter."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True, cwd=Path(__file__).resolve().parents[1])
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def variant_label(name: str, game) -> str:
    """A short name for a rule variant: the game, its players, and any option that changes play.

    >>> from cardlib.twentyfive import Game
    >>> variant_label("twentyfive", Game(players=4, start_player=2))
    'twentyfive, 4 players'
    """
    label = f"{name}, {game.players} players"
    if getattr(game, "halves", False):
        label += " (halves)"
    return label


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    rows = []
    for name in args.game or list(GAMES):
        seen = set()
        for game in variants(GAMES[name]):
            label = variant_label(name, game)
            if label in seen:
                continue  # variants that differ only in who starts run alike
            seen.add(label)
            for kind, loop in (("engine", engine_run), ("play()", play_run)):
                rows.append({"game": name, "variant": label, "options": repr(game), "loop": kind,
                             **measure(game, loop, args.runs, args.seconds)})
    imports = {f"cardlib.{name}": import_seconds(f"cardlib.{name}", 7) for name in args.game or list(GAMES)}
    imports["(bare python)"] = import_seconds("sys", 7)
    if args.json:
        print(json.dumps({"python": platform.python_version(), "runs": args.runs, "rows": rows,
                          "import_seconds": imports}, indent=2))
        return
    print(f"Random playouts, median of {args.runs} runs of {args.seconds:g} s, "
          f"Python {platform.python_version()}, one core\n")
    print(f"| {'game':<33} | {'loop':<6} | {'games/s':>9} | {'decisions/s':>11} | {'decisions/game':>14} |")
    print(f"|{'-' * 35}|{'-' * 8}|{'-' * 11}|{'-' * 13}|{'-' * 16}|")
    for row in rows:
        print(f"| {row['variant']:<33} | {row['loop']:<6} | {row['games_per_s']:>9,.0f} | "
              f"{row['decisions_per_s']:>11,.0f} | {row['decisions_per_game']:>14.1f} |")
    print("\nImport in a fresh interpreter, median of 7 (python -c \"import ...\")\n")
    print(f"| {'module':<24} | {'seconds':>7} |")
    print(f"|{'-' * 26}|{'-' * 9}|")
    for module, seconds in imports.items():
        print(f"| {module:<24} | {seconds:>7.3f} |")


if __name__ == "__main__":
    main()
