"""Two search bots' duplicate-deal rows (tools/scout_duplicate.py's CSVs) set against each other on the deals both played.

    .venv/bin/python tools/scout_paired.py NEW.csv [OLD.csv] [--players 4]

OLD defaults to the stored rows of the app's search bot at that player count (notebooks/data/scout_duplicate*.csv,
seed 2026): the same seed deals the same cards, so the first deals of a shorter run are the stored ones. Prints
each bot's score gained over the planner and the paired difference (NEW's hero score minus OLD's, each deal's
seats averaged first), with 95% intervals over deals.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))

from duplicate_deals import csv_path  # noqa: E402


def interval(values: pd.Series, z: float = 1.96) -> str:
    """The mean and its 95% interval, as text."""
    mean, error = float(values.mean()), float(values.std(ddof=1) / len(values) ** 0.5)
    return f"{mean:+.2f} [{mean - z * error:+.2f}, {mean + z * error:+.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new")
    parser.add_argument("old", nargs="?")
    parser.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    args = parser.parse_args()
    old_path = Path(args.old) if args.old else csv_path("scout_duplicate.csv", args.players, 3)
    new, old = (pd.read_csv(path).groupby("deal").mean(numeric_only=True) for path in (args.new, old_path))
    deals = new.index.intersection(old.index)
    if len(deals) < 2:
        raise SystemExit(f"{args.new} and {old_path} share {len(deals)} deals; a comparison needs 2 or more")
    new, old = new.loc[deals], old.loc[deals]
    if not (new["field score"] == old["field score"]).all():
        raise SystemExit("the planners' scores differ on a shared deal: not the same deals (another seed or player count?)")
    print(f"{len(deals)} deals, {args.players} players")
    print(f"  new {Path(args.new).name}: gains {interval(new['hero score'] - new['field score'])} over the planner")
    print(f"  old {old_path.name}: gains {interval(old['hero score'] - old['field score'])} over the planner")
    print(f"  new - old: {interval(new['hero score'] - old['hero score'])} points a round")


if __name__ == "__main__":
    main()
