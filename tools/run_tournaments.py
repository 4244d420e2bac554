"""Play the long seeded tournaments whose results the notebooks read (too slow to replay live).

    python tools/run_tournaments.py            # writes notebooks/data/*.csv

Each CSV holds one row per game and seat, exactly as cardlib.core.tournament returns it. The
games are seeded, so any row can be checked by replaying its game: the notebooks replay the
first games live, and tests/notebooks/test_tournament_data.py checks a sample.
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.core.tournament import standings  # noqa: E402
from cardlib.twentyfive import CoachBot, Game, ThresholdBot  # noqa: E402

DATA = ROOT / "notebooks" / "data"
TWENTYFIVE = {"games": 2000, "seed": 25}
# Two equal ThresholdBots, so that neither is a scapegoat for the other: 22 cards is about where
# random cards pass 25 pairs as often as not.
TWENTYFIVE_AGENTS = (CoachBot(), ThresholdBot(22), ThresholdBot(22))
TWENTYFIVE_CSV = DATA / "twentyfive_coach_tournament.csv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        table, summary = standings(Game(players=3), TWENTYFIVE_AGENTS, executor=pool, **TWENTYFIVE)
    table.to_csv(TWENTYFIVE_CSV, index=False)
    print(f"wrote {TWENTYFIVE_CSV.relative_to(ROOT)}: {TWENTYFIVE['games']} games, seed {TWENTYFIVE['seed']}, "
          f"{time.perf_counter() - start:.0f} s")
    print(summary.to_string())


if __name__ == "__main__":
    main()
