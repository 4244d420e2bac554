"""The search bot's stored duplicate deals (notebook 04 reads them) are what today's search bot plays.

A change to SearchBot's default play changes these rows: play the deals again with
``python tools/scout_duplicate.py`` (seed 2026; ``--players 4`` and ``--players 5`` for the others)
and commit the CSVs.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from cardlib.core.tournament import duplicate
from cardlib.scout import Game, bots
from cardlib.scout.bots import PlannerBot, SearchBot
from cardlib.scout.rules import State

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "notebooks" / "data"
STORED = {3: ("scout_duplicate.csv", 2), 4: ("scout_duplicate_4p.csv", 1), 5: ("scout_duplicate_5p.csv", 1)}
# players -> the file, and how many of its first deals are played again (each holds 1,000)
FINAL = {3: "scout_duplicate_final96.csv", 4: "scout_duplicate_4p_final96.csv"}
# SearchBot(final=96, value=0.0)'s rows (not the default's): tools/scout_duplicate.py --final 96, issue 25's
# measurements from before the learned value


@pytest.mark.parametrize("players", sorted(STORED))
def test_the_stored_deals_replay_with_todays_search_bot(players):
    name, replay = STORED[players]
    stored = pd.read_csv(DATA / name)
    assert sorted(stored["deal"].unique()) == list(range(1000)) and set(stored["seat"]) == set(range(players))
    assert len(stored) == 1000 * players
    replayed = duplicate(Game(players=players, rounds=1), SearchBot(), PlannerBot(), deals=replay, seed=2026)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), stored.head(len(replayed)),
                                  check_dtype=False, obj=f"the first deals at {players} players, replayed")


ROLLOUTS_ALONE = {3: "scout_duplicate_value0.0.csv", 4: "scout_duplicate_4p_value0.0.csv", 5: "scout_duplicate_5p_value0.0.csv"}
# SearchBot(value=0.0)'s rows: the search without the learned value (the default until issue 25's learned value),
# tools/scout_duplicate.py --value 0.0


@pytest.mark.parametrize("players", sorted(ROLLOUTS_ALONE))
def test_the_stored_deals_of_the_rollouts_alone_replay_with_that_search_bot(players):
    stored = pd.read_csv(DATA / ROLLOUTS_ALONE[players])
    assert sorted(stored["deal"].unique()) == list(range(1000)) and len(stored) == 1000 * players
    replayed = duplicate(Game(players=players, rounds=1), SearchBot(value=0.0), PlannerBot(), deals=1, seed=2026)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), stored.head(len(replayed)),
                                  check_dtype=False, obj=f"the first deal at {players} players, replayed")


@pytest.mark.parametrize("players", sorted(FINAL))
def test_the_stored_deals_of_the_final_worlds_replay_with_that_search_bot(players):
    stored = pd.read_csv(DATA / FINAL[players])
    assert sorted(stored["deal"].unique()) == list(range(1000)) and len(stored) == 1000 * players
    replayed = duplicate(Game(players=players, rounds=1), SearchBot(final=96, value=0.0), PlannerBot(), deals=1, seed=2026)
    pd.testing.assert_frame_equal(replayed.reset_index(drop=True), stored.head(len(replayed)),
                                  check_dtype=False, obj=f"the first deal at {players} players, replayed")


CEILING = {3: "scout_ceiling.csv", 4: "scout_ceiling_4p.csv", 5: "scout_ceiling_5p.csv"}
# the search without the learned value, told every hand (tools/scout_ceiling.py, 200 deals each; notebook 04 sets
# them beside the rows above)


@pytest.mark.parametrize("players", sorted(CEILING))
def test_the_stored_ceiling_deals_are_the_search_bots_deals_played_again(players):
    ceiling, search = pd.read_csv(DATA / CEILING[players]), pd.read_csv(DATA / ROLLOUTS_ALONE[players])
    assert sorted(ceiling["deal"].unique()) == list(range(200)) and len(ceiling) == 200 * players
    first = search[search["deal"] < 200].reset_index(drop=True)
    assert list(ceiling["field score"]) == list(first["field score"])  # the planners alone: the same cards
    assert list(ceiling["hero score"]) != list(first["hero score"])


def test_the_ceiling_tool_replays_its_stored_deals_and_leaves_other_processes_alone(tmp_path):
    """tools/scout_ceiling.py, on the first two deals at 4 players: its stored rows again."""
    out = tmp_path / "ceiling.csv"
    subprocess.run([sys.executable, str(ROOT / "tools" / "scout_ceiling.py"), "--players", "4", "--deals", "2",
                    "--workers", "1", "--out", str(out)], check=True, capture_output=True, cwd=tmp_path)
    stored = pd.read_csv(DATA / CEILING[4]).head(8)
    pd.testing.assert_frame_equal(pd.read_csv(out), stored, obj="the first two ceiling deals, replayed")
    assert bots.world.__module__ == "cardlib.scout.world"  # the oracle was in that process only


def test_importing_the_ceiling_tool_tells_no_search_bot_anything():
    """pytest imports every tool for its doctests: only making a SeesAll may make this process's bots oracles."""
    observation, world, determinize = State.observation, bots.world, bots.determinize
    spec = importlib.util.spec_from_file_location("scout_ceiling_imported", ROOT / "tools" / "scout_ceiling.py")
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
    assert (State.observation, bots.world, bots.determinize) == (observation, world, determinize)
