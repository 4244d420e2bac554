"""Play the seeded Discontinuity games the lesson reads (too slow to play live in class).

    .venv/bin/python tools/discontinuity_games.py [--workers 2]

Writes three files to ``notebooks/data/``, each from its seed in ``cardlib.discontinuity.census``:

* ``discontinuity_watch_turns.csv`` and ``discontinuity_watch_games.csv``: ``census.watch`` over
  ``WATCH`` (one row per take-phase turn, one per game), for §3 of the lesson;
* ``discontinuity_tournament.csv``: ``core.tournament`` over ``TOURNAMENT`` (one row per game and
  seat), for §4.

The games are seeded, so any row can be replayed: the lesson replays the first games live, and
tests/discontinuity/test_stored_games.py replays a sample from the middle and the end.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.discontinuity import Game  # noqa: E402
from cardlib.discontinuity.census import TOURNAMENT, WATCH, lesson_players, watch  # noqa: E402
from tournament_csv import write_tournament  # noqa: E402

DATA = ROOT / "notebooks" / "data"
WATCH_TURNS_CSV = DATA / "discontinuity_watch_turns.csv"
WATCH_GAMES_CSV = DATA / "discontinuity_watch_games.csv"
TOURNAMENT_CSV = DATA / "discontinuity_tournament.csv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    turns, games = watch(Game(players=3), lesson_players(), **WATCH)
    turns.to_csv(WATCH_TURNS_CSV, index=False)
    games.to_csv(WATCH_GAMES_CSV, index=False)
    print(f"wrote {WATCH_TURNS_CSV.name} ({len(turns)} turns) and {WATCH_GAMES_CSV.name}: "
          f"{WATCH['games']} games, seed {WATCH['seed']}, {time.perf_counter() - start:.0f} s")
    write_tournament(Game(players=3), lesson_players(), TOURNAMENT_CSV, TOURNAMENT, args.workers)


if __name__ == "__main__":
    main()
