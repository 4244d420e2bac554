"""tournament(): one row per game and seat, seats rotated, the same table on any executor; standings()."""
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

from cardlib.core.agents import RandomAgent
from cardlib.core.match import play
from cardlib.core.example import Game as Kuhn
from cardlib.core.tournament import COLUMNS, standings, summary, tournament
from cardlib.twentyfive import Game, ThresholdBot

GAME = Game(players=3)
AGENTS = {"cautious": ThresholdBot(17), "bold": ThresholdBot(23), "random": RandomAgent()}
NAMES = list(AGENTS)


@pytest.fixture(scope="module")
def serial():
    return tournament(GAME, AGENTS, games=30, seed=5, chunk=4)


def test_a_process_pool_gives_exactly_the_serial_table(serial):
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = tournament(GAME, AGENTS, games=30, seed=5, executor=pool, chunk=4)
    pd.testing.assert_frame_equal(parallel, serial)


def test_a_thread_pool_and_another_chunk_size_give_the_same_table(serial):
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = tournament(GAME, AGENTS, games=30, seed=5, executor=pool, chunk=7)
    pd.testing.assert_frame_equal(threaded, serial)


def test_one_row_per_game_and_seat(serial):
    assert list(serial.columns) == COLUMNS
    assert len(serial) == 30 * 3
    assert (serial.groupby(["game", "seat"]).size() == 1).all()
    assert sorted(serial["game"].unique()) == list(range(30))
    assert (serial.groupby("game")["seed"].nunique() == 1).all()


def test_seats_rotate(serial):
    for row in serial.itertuples():
        assert row.agent == NAMES[(row.seat + row.game) % 3]
    # Thirty games: every agent sits in every seat ten times.
    assert (serial.groupby(["agent", "seat"]).size() == 10).all()


def test_rows_are_the_games_play_would_give(serial):
    for index in (0, 1, 2, 29):
        rows = serial[serial["game"] == index].sort_values("seat")
        seating = [AGENTS[name] for name in rows["agent"]]
        record = play(GAME, seating, seed=int(rows["seed"].iloc[0]))
        assert tuple(rows["score"]) == record.result.scores
        assert tuple(rows["place"]) == record.result.places
        assert list(rows["won"]) == [place == 1 for place in record.result.places]
        scores = record.result.scores  # Twenty-five: the highest total loses, unless all are equal
        assert list(rows["lost"]) == [score == max(scores) > min(scores) for score in scores]
        assert set(rows["decisions"]) == {record.decisions}


def test_a_different_seed_gives_different_games(serial):
    other = tournament(GAME, AGENTS, games=30, seed=6, chunk=4)
    assert set(other["seed"]).isdisjoint(set(serial["seed"]))


def test_agents_as_a_list_are_named_by_their_name_attribute():
    table = tournament(GAME, [ThresholdBot(18), RandomAgent(), ThresholdBot(22)], games=3, seed=1)
    assert set(table["agent"]) == {"threshold 18", "random", "threshold 22"}


def test_the_wrong_number_of_agents_is_refused():
    with pytest.raises(ValueError, match="3 agents"):
        tournament(GAME, [RandomAgent()] * 4, games=2)


def test_summary_intervals_contain_the_rates(serial):
    table = summary(serial)
    assert sorted(table.index) == sorted(NAMES)
    assert (table["seats played"] == 30).all()
    for name in NAMES:
        mine = serial[serial["agent"] == name]
        assert table.loc[name, "win rate"] == pytest.approx(mine["won"].mean())
        assert table.loc[name, "loss rate"] == pytest.approx(mine["lost"].mean())
        assert table.loc[name, "mean score"] == pytest.approx(mine["score"].mean())
    for label in ("win", "loss"):
        rate = table[f"{label} rate"]
        assert (table[f"{label} low"] <= rate).all() and (rate <= table[f"{label} high"]).all()
        assert ((table[f"{label} high"] - table[f"{label} low"]) > 0).any()


# --- standings: the table and its summary at once, here on the kit's own example game -----------

KUHN = Kuhn()
KUHN_AGENTS = {"first": RandomAgent(), "second": RandomAgent()}


def test_standings_are_the_tournament_and_its_summary():
    table, by_agent = standings(KUHN, KUHN_AGENTS, games=40, seed=9, chunk=7)
    pd.testing.assert_frame_equal(table, tournament(KUHN, KUHN_AGENTS, games=40, seed=9))
    pd.testing.assert_frame_equal(by_agent, summary(table))


def test_standings_of_a_zero_sum_game_balance():
    table, by_agent = standings(KUHN, KUHN_AGENTS, games=40, seed=9)
    assert list(by_agent["seats played"]) == [40, 40]
    # Kuhn poker is zero-sum and both agents sit equally often: their mean scores cancel out.
    assert by_agent["mean score"].sum() == pytest.approx(0)
    assert (table.groupby("game")["score"].sum() == 0).all()


def test_standings_on_an_executor_are_the_same():
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = standings(KUHN, KUHN_AGENTS, games=40, seed=9, executor=pool, chunk=6)
    for parallel, serial in zip(threaded, standings(KUHN, KUHN_AGENTS, games=40, seed=9)):
        pd.testing.assert_frame_equal(parallel, serial)
