"""What the games' bot and lesson benchmarks share (bench/scout.py, bench/loop.py): a bot's seconds a
move over fixed positions, one call timed, and the two tables they print."""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping


def per_move(bot, found: list, clock: Callable[[], float] = time.perf_counter) -> dict:
    """Seconds a move over (observation, legal actions) positions: median, 90th percentile and the slowest
    (``clock=time.process_time``: this process's CPU seconds, which others' load barely changes)."""
    rng, times = random.Random(1), []
    for obs, legal in found:
        start = clock()
        bot.act(obs, legal, rng)
        times.append(clock() - start)
    times.sort()
    return {"moves": len(times), "median": statistics.median(times), "p90": times[int(0.9 * (len(times) - 1))],
            "max": times[-1]}


def timed(call: Callable[[], object]) -> float:
    """Seconds one call takes."""
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def print_tables(bots_title: str, bots: Mapping[str, dict], maths_title: str, maths: Mapping[str, float]) -> None:
    """The bots' milliseconds a move, then the computations' seconds, as Markdown tables."""
    print(f"{bots_title}\n")
    width = max([24, *map(len, bots)])
    print(f"| {'bot':<{width}} | moves | median ms | p90 ms |  max ms |")
    print(f"|{'-' * (width + 2)}|-------|-----------|--------|---------|")
    for name, row in bots.items():
        print(f"| {name:<{width}} | {row['moves']:>5} | {1000 * row['median']:9.1f} | {1000 * row['p90']:6.1f} | "
              f"{1000 * row['max']:7.1f} |")
    print(f"\n{maths_title}\n")
    print("| computation                                    | seconds |")
    print("|------------------------------------------------|---------|")
    for name, seconds in maths.items():
        print(f"| {name:<46} | {seconds:7.2f} |")
