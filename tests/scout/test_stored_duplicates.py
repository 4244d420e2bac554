"""The search bot's stored duplicate deals (notebook 04 reads them) are what today's search bot plays.

A change to SearchBot's default play changes these rows: play the deals again with
``python tools/scout_duplicate.py`` (seed 2026, 1,000 deals) and commit the CSV.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from cardlib.core.tournament import duplicate
from cardlib.scout import Game
from cardlib.scout.bots import PlannerBot, SearchBot

STORED = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "scout_duplicate.csv"


def test_the_stored_deals_replay_with_todays_search_bot():
    stored = pd.read_csv(STORED)
    assert stored["deal"].nunique() == 1000 and set(stored["seat"]) == {0, 1, 2}
    replayed = duplicate(Game(players=3, rounds=1), SearchBot(), PlannerBot(), deals=2, seed=2026)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), stored.head(len(replayed)),
                                  check_dtype=False, obj="the first two deals, replayed")
