"""The stored games the Discontinuity lesson reads are cardlib's own: sampled rows replay from their seeds."""
from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

from cardlib.core import play
from cardlib.core.tournament import schedule
from cardlib.discontinuity import Game
from cardlib.discontinuity.census import TOURNAMENT, WATCH, lesson_players, watch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import discontinuity_games as stored  # noqa: E402

PLACES = (0, 0.4, 1)  # the first game, one in the middle, the last


def sample(games: int) -> list[int]:
    """The indices of the sampled games among ``games``."""
    return [round(place * (games - 1)) for place in PLACES]


@pytest.fixture(scope="module")
def tournament() -> pd.DataFrame:
    return pd.read_csv(stored.TOURNAMENT_CSV)


@pytest.fixture(scope="module")
def watched() -> tuple[pd.DataFrame, pd.DataFrame]:
    return pd.read_csv(stored.WATCH_TURNS_CSV), pd.read_csv(stored.WATCH_GAMES_CSV)


def test_the_tournament_has_every_game_and_seat_with_the_schedules_seeds(tournament):
    games = TOURNAMENT["games"]
    assert tournament["game"].nunique() == games and len(tournament) == 3 * games
    assert sorted(tournament["agent"].unique()) == sorted(lesson_players())
    seeds = {index: seed for index, seed, _ in schedule(games, TOURNAMENT["seed"], 3)}
    assert (tournament["seed"] == tournament["game"].map(seeds)).all()


@pytest.mark.parametrize("index", sample(TOURNAMENT["games"]))
def test_stored_tournament_games_replay_exactly(tournament, index):
    rows = tournament[tournament["game"] == index].sort_values("seat")
    players = lesson_players()
    record = play(Game(players=3), [players[name] for name in rows["agent"]], seed=int(rows["seed"].iloc[0]))
    assert record.result.scores == tuple(rows["score"])
    assert record.result.places == tuple(rows["place"])


def test_a_changed_score_would_not_replay(tournament):
    rows = tournament[tournament["game"] == 0].sort_values("seat")
    players = lesson_players()
    record = play(Game(players=3), [players[name] for name in rows["agent"]], seed=int(rows["seed"].iloc[0]))
    assert record.result.scores != tuple(rows["score"] + [1, 0, 0])


def test_the_watched_games_are_all_there(watched):
    turns, games = watched
    assert list(games["game"]) == list(range(WATCH["games"]))
    assert set(turns["game"]) == set(games["game"])
    assert (games["squares"] > 10).all()


def test_stored_watched_games_replay_exactly(watched):
    turns, games = watched
    chosen = sample(WATCH["games"])
    fresh_turns, fresh_games = watch(Game(players=3), lesson_players(), only=chosen, **WATCH)
    assert fresh_games.reset_index(drop=True).equals(games[games["game"].isin(chosen)].reset_index(drop=True))
    mine = turns[turns["game"].isin(chosen)].reset_index(drop=True)
    pd.testing.assert_frame_equal(fresh_turns, mine, check_dtype=False)
