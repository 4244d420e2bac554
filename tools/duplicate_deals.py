"""What the games' duplicate-deal scripts share (tools/scout_duplicate.py, tools/loop_duplicate.py): the
command line, the run on worker processes, the summary with 95% intervals, and the rows written as CSV."""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.core.tournament import duplicate, duplicate_summary  # noqa: E402


def run(description: str, game: Any, hero: Any, field: Any, csv_name: str) -> None:
    """Parse --deals/--seed/--workers/--out, play the duplicate deals, print the summary and write the rows."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(ROOT / "notebooks" / "data" / csv_name))
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        table = duplicate(game, hero, field, deals=args.deals, seed=args.seed, executor=pool)
    seconds = time.perf_counter() - started
    print(f"{hero!r} against {field!r}: {args.deals} deals x {game.players} seats, seed {args.seed}, {seconds:.0f} s\n")
    print(duplicate_summary(table).round(4).to_string())
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(args.out, index=False)
    print(f"\nrows: {args.out}")
