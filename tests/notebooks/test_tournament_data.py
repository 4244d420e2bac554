"""The stored tournament the Twenty-five notebook reads is cardlib's own: sampled games replay."""
from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

from cardlib.core import play
from cardlib.twentyfive import CoachBot, Game, ThresholdBot

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import run_tournaments  # noqa: E402


AGENTS = {"coach": CoachBot(), "coach (naive)": CoachBot(model="naive"), "threshold 22": ThresholdBot(22)}


@pytest.fixture(scope="module", params=sorted(run_tournaments.TOURNAMENTS))
def stored(request) -> tuple[str, pd.DataFrame]:
    agents, path, settings = run_tournaments.TOURNAMENTS[request.param]
    return agents, pd.read_csv(path), settings


def test_stored_tournament_has_every_game_and_seat(stored):
    agents, table, settings = stored
    games = settings["games"]
    assert table["game"].nunique() == games
    assert len(table) == 3 * games
    assert sorted(table["agent"].unique()) == sorted({agent.name for agent in agents})


@pytest.mark.parametrize("place", [0, 0.4, 1])  # the first game, one in the middle, the last
def test_stored_games_replay_exactly(stored, place):
    _, table, settings = stored
    index = round(place * (settings["games"] - 1))
    rows = table[table["game"] == index].sort_values("seat")
    seed = int(rows["seed"].iloc[0])
    record = play(Game(players=3), [AGENTS[name] for name in rows["agent"]], seed=seed)
    assert record.result.scores == tuple(rows["score"])
    assert record.result.places == tuple(rows["place"])
