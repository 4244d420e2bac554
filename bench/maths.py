"""What the benches of a game's mathematics share (bench/analysis.py, bench/satori.py): their options and a
latency row (median, p90 and max milliseconds)."""
from __future__ import annotations

import argparse
import statistics


def options(doc: str, games: int, tournament: int, tournament_help: str) -> argparse.ArgumentParser:
    """The options: --json, --games (seeded games per player count), --seed and --tournament (how many games)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--games", type=int, default=games, help="seeded games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tournament", type=int, default=tournament, help=tournament_help)
    return parser


def latency(what: str, times: list[float]) -> dict:
    """Median, p90 and max of a list of milliseconds.

    >>> latency("a query", [3.0, 1.0, 2.0])
    {'what': 'a query', 'n': 3, 'median ms': 2.0, 'p90 ms': 2.0, 'max ms': 3.0}
    """
    times = sorted(times)
    return {"what": what, "n": len(times), "median ms": round(statistics.median(times), 2),
            "p90 ms": round(times[int(0.9 * (len(times) - 1))], 2), "max ms": round(times[-1], 2)}
