"""Play the long seeded tournaments whose results the notebooks read (too slow to replay live).

    python tools/run_tournaments.py            # writes notebooks/data/*.csv
    python tools/run_tournaments.py --only naive

Each CSV holds one row per game and seat, exactly as cardlib.core.tournament returns it. The
games are seeded, so any row can be checked by replaying its game: the notebooks replay the
first games live, and tests/notebooks/test_tournament_data.py checks a sample.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.twentyfive import CoachBot, Game, ThresholdBot  # noqa: E402
from cardlib.twentyfive.analysis import COACH_TOURNAMENT, NAIVE_COACH_TOURNAMENT  # noqa: E402
from tournament_csv import write_tournament  # noqa: E402

DATA = ROOT / "notebooks" / "data"
# Two equal ThresholdBots, so that neither is a scapegoat for the other: 22 cards is about where
# random cards pass 25 pairs as often as not.
TWENTYFIVE_AGENTS = (CoachBot(), ThresholdBot(22), ThresholdBot(22))
TWENTYFIVE_CSV = DATA / "twentyfive_coach_tournament.csv"
# The same decision rule with the naive model (hidden hands: any unseen cards), the same seats and
# seeds: what the information in the reveals is worth, isolated.
NAIVE_AGENTS = (CoachBot(model="naive"), ThresholdBot(22), ThresholdBot(22))
NAIVE_CSV = DATA / "twentyfive_naive_coach_tournament.csv"
TOURNAMENTS = {"coach": (TWENTYFIVE_AGENTS, TWENTYFIVE_CSV, COACH_TOURNAMENT),
               "naive": (NAIVE_AGENTS, NAIVE_CSV, NAIVE_COACH_TOURNAMENT)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=sorted(TOURNAMENTS), action="append", help="play only these (repeatable)")
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    for name, (agents, path, settings) in TOURNAMENTS.items():
        if args.only and name not in args.only:
            continue
        write_tournament(Game(players=3), agents, path, settings, args.workers)


if __name__ == "__main__":
    main()
