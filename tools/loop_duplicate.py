"""Loop: the search bot against the climber on duplicate deals (issue 11: the search bot must beat the climber).

    .venv/bin/python tools/loop_duplicate.py [--deals 1000] [--seed 2026] [--workers 2]

A deal is two rounds of three players (``Game(players=3, rounds=2)``): the normal round and one loop
round, so the chair choice and a hand played the second time are in it. The climbers play it alone,
then once with the search bot in each seat; the search bot's score in a seat is set against the
climber's in that seat. Prints the summary with 95% intervals and writes the rows to
``notebooks/data/loop_duplicate.csv`` (the notebook reads the summary from there).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib.loop import Game  # noqa: E402
from cardlib.loop.bots import ClimberBot, SearchBot  # noqa: E402
from duplicate_deals import run  # noqa: E402

if __name__ == "__main__":
    run(__doc__.splitlines()[0], Game(players=3, rounds=2), SearchBot(), ClimberBot(), "loop_duplicate.csv")
