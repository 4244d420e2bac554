"""Benchmarks of Twenty-five's mathematics: coach query latency and the exact pair odds.

    .venv/bin/python bench/analysis.py                 # a table
    .venv/bin/python bench/analysis.py --json          # the same figures as JSON
    .venv/bin/python bench/analysis.py --tournament 2000 --workers 2   # CoachBot vs ThresholdBots

A coach query is ``p_over`` plus ``draw_outlook`` on a fresh position (the per-position cache
cleared; the per-player prefix tables stay warm, as they do in play). Positions are every turn
met in seeded games where players mostly draw, so rounds run long.
"""
from __future__ import annotations

import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.twentyfive import beliefs  # noqa: E402
from cardlib.core.tournament import standings  # noqa: E402
from cardlib.twentyfive.analysis import _pair_counts, pairs_distribution  # noqa: E402
from cardlib.twentyfive.bots import CoachBot, ThresholdBot  # noqa: E402
from cardlib.twentyfive.rules import DRAW, Game  # noqa: E402
from maths import latency, options  # noqa: E402


def positions(players: int, games: int, seed: int) -> list:
    """Observations of the player to move at every turn of seeded games (draws 85% of the time)."""
    rng = random.Random(seed)
    out = []
    for index in range(games):
        state = Game(players=players).new(seed=seed * 1_000 + index)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase == "turn":
                out.append(state.observation(state.current_player))
            if DRAW in legal and rng.random() < 0.85:
                state.apply(DRAW)
            else:
                state.apply(legal[rng.randrange(len(legal))])
    return out


def coach_latency(players: int, games: int, seed: int) -> dict:
    """Median, p90 and max milliseconds of one coach query over many positions."""
    times = []
    for observation in positions(players, games, seed):
        beliefs._worlds.cache_clear()
        start = time.perf_counter()
        beliefs.p_over(observation)
        if observation.pile_size:
            beliefs.draw_outlook(observation)
        times.append(1000 * (time.perf_counter() - start))
    return latency(f"coach query, {players} players", times)


def distribution_time() -> dict:
    """Milliseconds to get pairs_distribution(n) for every n = 0..55, from a cold cache."""
    _pair_counts.cache_clear()
    start = time.perf_counter()
    for n in range(56):
        pairs_distribution(n)
    return {"what": "pairs_distribution, all n = 0..55", "n": 56,
            "total ms": round(1000 * (time.perf_counter() - start), 2)}


def main() -> None:
    parser = options(__doc__, games=20, tournament=0, tournament_help="also play this many CoachBot games")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rows = [coach_latency(3, args.games, args.seed), coach_latency(4, args.games, args.seed),
            distribution_time()]
    report: dict = {"seed": args.seed, "rows": rows}
    if args.tournament:
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as executor:
            _, table = standings(Game(players=3), [CoachBot(), ThresholdBot(22), ThresholdBot(22)],
                                 games=args.tournament, seed=args.seed, executor=executor)
        report["tournament"] = {"games": args.tournament, "seed": args.seed,
                                "seconds": round(time.perf_counter() - start, 1),
                                "summary": json.loads(table.to_json(orient="index"))}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"seed {args.seed}")
    columns = ["what", "n", "median ms", "p90 ms", "max ms", "total ms"]
    print(" | ".join(f"{c:>34}" if c == "what" else f"{c:>9}" for c in columns))
    for row in rows:
        print(" | ".join(f"{str(row.get(c, '')):>34}" if c == "what" else f"{str(row.get(c, '')):>9}"
                         for c in columns))
    if args.tournament:
        info = report["tournament"]
        print(f"\nCoachBot vs 2 x ThresholdBot(22): {info['games']} games, seed {info['seed']}, "
              f"{info['seconds']} s")
        print(table[["seats played", "mean score", "win rate", "loss rate", "loss low", "loss high"]]
              .to_string(float_format=lambda v: f"{v:.4f}"))


if __name__ == "__main__":
    main()
