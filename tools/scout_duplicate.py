"""SCOUT: the search bot against the planner on duplicate deals (issues 10 and 25's evaluation).

    .venv/bin/python tools/scout_duplicate.py [--players 3] [--deals 1000] [--seed 2026] [--workers 2]
    .venv/bin/python tools/scout_duplicate.py --rollouts 96 --width 10 ...   # another search bot than the app's

A deal is one round (``Game(players=N, rounds=1)``, 3 players unless ``--players`` says 4 or 5):
the planners play it alone, then once with the search bot in each seat; the search bot's score in
a seat is set against the planner's in that seat. Prints the summary with 95% intervals and writes
the rows to ``notebooks/data/scout_duplicate.csv`` for 3 players (the notebook reads the summary
from there), ``scout_duplicate_4p.csv`` and ``scout_duplicate_5p.csv`` for 4 and 5. The search
bot's options (``--rollouts``, ``--width``, ``--keeps``, ``--player``, ``--others``, ``--reads``, ``--final``) default to the
app's; other values write their own file (``scout_duplicate_5p_width10.csv``).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib.scout import Game  # noqa: E402
from cardlib.scout.bots import PlannerBot, SearchBot  # noqa: E402
from duplicate_deals import run  # noqa: E402

if __name__ == "__main__":
    app = SearchBot()
    defaults = {"rollouts": app.rollouts, "width": app.width, "keeps": app.keeps, "player": app.player,
                "others": app.others, "reads": app.reads, "final": app.final, "value": app.value}
    run(__doc__.splitlines()[0], Game(players=3, rounds=1), SearchBot, PlannerBot(), "scout_duplicate.csv",
        player_counts=(3, 4, 5), options=defaults)
