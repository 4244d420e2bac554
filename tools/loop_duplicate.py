"""Loop: the search bot against the climber on duplicate deals (issue 11: the search bot must beat the climber).

    .venv/bin/python tools/loop_duplicate.py [--deals 1000] [--seed 2026] [--workers 2]

A deal is two rounds of three players (``Game(players=3, rounds=2)``): the normal round and one loop
round, so the chair choice and a hand played the second time are in it. The climbers play it alone,
then once with the search bot in each seat; the search bot's score in a seat is set against the
climber's in that seat. Prints the summary with 95% intervals and writes the rows to
``notebooks/data/loop_duplicate.csv`` (the notebook reads the summary from there).
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.core.tournament import duplicate, duplicate_summary  # noqa: E402
from cardlib.loop import Game  # noqa: E402
from cardlib.loop.bots import ClimberBot, SearchBot  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "notebooks" / "data" / "loop_duplicate.csv"))
    args = parser.parse_args()
    game, hero, field = Game(players=3, rounds=2), SearchBot(), ClimberBot()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        table = duplicate(game, hero, field, deals=args.deals, seed=args.seed, executor=pool)
    seconds = time.perf_counter() - started
    print(f"{hero!r} against {field!r}: {args.deals} deals x 3 seats, seed {args.seed}, {seconds:.0f} s\n")
    print(duplicate_summary(table).round(4).to_string())
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(args.out, index=False)
    print(f"\nrows: {args.out}")


if __name__ == "__main__":
    main()
