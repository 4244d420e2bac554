"""The search bot's stored duplicate deals (notebook 04 reads them) are what today's search bot plays.

A change to SearchBot's default play changes these rows: play the deals again with
``python tools/scout_duplicate.py`` (seed 2026; ``--players 4`` and ``--players 5`` for the others)
and commit the CSVs.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from cardlib.core.tournament import duplicate
from cardlib.scout import Game, bots
from cardlib.scout.bots import PlannerBot, SearchBot

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "notebooks" / "data"
STORED = {3: ("scout_duplicate.csv", 2), 4: ("scout_duplicate_4p.csv", 1), 5: ("scout_duplicate_5p.csv", 1)}
# players -> the file, and how many of its first deals are played again (each holds 1,000)
FINAL = {3: "scout_duplicate_final96.csv", 4: "scout_duplicate_4p_final96.csv"}
# SearchBot(final=96)'s rows (not the default's): tools/scout_duplicate.py --final 96, issue 25's measurements


@pytest.mark.parametrize("players", sorted(STORED))
def test_the_stored_deals_replay_with_todays_search_bot(players):
    name, replay = STORED[players]
    stored = pd.read_csv(DATA / name)
    assert sorted(stored["deal"].unique()) == list(range(1000)) and set(stored["seat"]) == set(range(players))
    assert len(stored) == 1000 * players
    replayed = duplicate(Game(players=players, rounds=1), SearchBot(), PlannerBot(), deals=replay, seed=2026)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), stored.head(len(replayed)),
                                  check_dtype=False, obj=f"the first deals at {players} players, replayed")


@pytest.mark.parametrize("players", sorted(FINAL))
def test_the_stored_deals_of_the_final_worlds_replay_with_that_search_bot(players):
    stored = pd.read_csv(DATA / FINAL[players])
    assert sorted(stored["deal"].unique()) == list(range(1000)) and len(stored) == 1000 * players
    replayed = duplicate(Game(players=players, rounds=1), SearchBot(final=96), PlannerBot(), deals=1, seed=2026)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), stored.head(len(replayed)),
                                  check_dtype=False, obj=f"the first deal at {players} players, replayed")


def test_the_ceiling_tool_plays_the_stored_deals_with_a_bot_that_sees_every_hand(tmp_path):
    """tools/scout_ceiling.py (issue 25's ceiling): the same deals as the stored rows, the hero told the true game."""
    out = tmp_path / "ceiling.csv"
    subprocess.run([sys.executable, str(ROOT / "tools" / "scout_ceiling.py"), "--players", "4", "--deals", "2",
                    "--workers", "1", "--out", str(out)], check=True, capture_output=True, cwd=tmp_path)
    rows, stored = pd.read_csv(out), pd.read_csv(DATA / "scout_duplicate_4p.csv").head(8)
    assert list(rows["field score"]) == list(stored["field score"])  # the planners alone: the same cards
    assert list(rows["hero score"]) != list(stored["hero score"])  # the bot that sees plays otherwise
    # The oracle only in that process: this one's SearchBot still imagines its worlds.
    assert bots.world.__module__ == "cardlib.scout.world"
