"""SCOUT: the search bot against the planner on duplicate deals (issue 10's evaluation).

    .venv/bin/python tools/scout_duplicate.py [--deals 1000] [--seed 2026] [--workers 2]

A deal is one round of three players (``Game(players=3, rounds=1)``): the planners play it alone,
then once with the search bot in each seat; the search bot's score in a seat is set against the
planner's in that seat. Prints the summary with 95% intervals and writes the rows to
``notebooks/data/scout_duplicate.csv`` (the notebook reads the summary from there).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib.scout import Game  # noqa: E402
from cardlib.scout.bots import PlannerBot, SearchBot  # noqa: E402
from duplicate_deals import run  # noqa: E402

if __name__ == "__main__":
    run(__doc__.splitlines()[0], Game(players=3, rounds=1), SearchBot(), PlannerBot(), "scout_duplicate.csv")
