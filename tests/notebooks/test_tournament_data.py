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


@pytest.fixture(scope="module")
def stored() -> pd.DataFrame:
    return pd.read_csv(run_tournaments.TWENTYFIVE_CSV)


def test_stored_tournament_has_every_game_and_seat(stored):
    games = run_tournaments.TWENTYFIVE["games"]
    assert stored["game"].nunique() == games
    assert len(stored) == 3 * games
    assert sorted(stored["agent"].unique()) == ["coach", "threshold 22"]


@pytest.mark.parametrize("index", [0, 777, 1999])
def test_stored_games_replay_exactly(stored, index):
    rows = stored[stored["game"] == index].sort_values("seat")
    agents = {"coach": CoachBot(), "threshold 22": ThresholdBot(22)}
    seed = int(rows["seed"].iloc[0])
    record = play(Game(players=3), [agents[name] for name in rows["agent"]], seed=seed)
    assert record.result.scores == tuple(rows["score"])
    assert record.result.places == tuple(rows["place"])
