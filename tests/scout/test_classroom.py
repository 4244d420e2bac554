"""SCOUT's class record: one row a finished round, what the student saw and did and how it came out,
read back through the class reader, no card the student could not see, and the class analysis
checked against what cardlib computes (the lesson's exact expectations among them)."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pandas as pd
import pytest

from cardlib.core.classroom import PEOPLE_COLUMNS, read_class_files
from cardlib.core.protocol import places_from_scores
from cardlib.scout import classroom
from cardlib.scout.actions import KEEPING
from cardlib.scout.analysis import expected_adjacent
from cardlib.scout.app import ScoutApp
from cardlib.scout.bots import GreedyBot, PlannerBot, pieces
from cardlib.scout.classroom import (COLUMNS, hands_beside_exact, neighbours, read_hand, results_by_hand,
                                     results_by_seat, round_rows, turned_around)
from cardlib.scout.deal import shuffled
from cardlib.scout.groups import HAND_SIZES, deck, strongest
from cardlib.scout.simulation import _count_adjacent
from cardlib.ui.records import KIT_COLUMNS
from cardlib.ui.testing import check_determinized_twin, my_turn, play_with_agent


class Watching:
    """A student's bot that notes what it saw: the hand at each keep/turn, and at its first move after it."""

    def __init__(self, agent):
        self.agent, self.dealt, self.played = agent, [], []

    def act(self, obs, legal, rng):
        if obs.phase == KEEPING:
            self.dealt.append(list(obs.hand))
        elif len(self.played) < len(self.dealt):
            self.played.append(list(obs.hand))  # nobody else changes your hand: as kept or turned
        return self.agent.act(obs, legal, rng)


def planners(players: int) -> list:
    return [PlannerBot() for _ in range(players - 1)]


def played(players: int = 3, seed: int = 1, games: int = 1, agent=None, human: int = 0):
    """An app whose student seat a (watched) bot played for ``games`` games, and the watcher."""
    watcher = Watching(agent or PlannerBot())
    app = ScoutApp(players=players, human=human, opponents=planners(players), seed=seed)
    play_with_agent(app, watcher, random.Random(seed), games=games)
    return app, watcher


@pytest.mark.parametrize("players, human", [(3, 0), (4, 2), (5, 4), (2, 1)])
def test_a_row_a_finished_round_with_the_kit_columns_and_the_games(players, human):
    app, watcher = played(players, seed=players, human=human)
    rows = app.records.rows
    obs = app.state.observation(human)
    assert len(rows) == obs.rounds == len(obs.finished)
    assert list(rows[0]) == [*KIT_COLUMNS, *COLUMNS]
    for row, tally, dealt, kept in zip(rows, obs.finished, watcher.dealt, watcher.played):
        assert (row["game"], row["players"], row["seat"], row["game_no"], row["round"]) == (
            "scout", players, human, 1, tally.round)
        assert row["start"] == tally.start and row["turn_order"] == (human - tally.start) % players + 1
        assert read_hand(row["hand"]) == kept
        assert kept == (turned_around(dealt) if row["turned"] else dealt)
        assert (row["points"], row["held"], row["score_cards"], row["chips"]) == (
            tally.scores[human], tally.held[human], tally.score_cards[human], tally.chips[human])
        assert row["tokens"] == (tally.tokens[human] if players == 2 else 0)
        assert row["place"] == places_from_scores(tally.scores, lower_is_better=False)[human]
        others = [s for seat, s in enumerate(tally.scores) if seat != human]
        assert row["margin"] == pytest.approx(tally.scores[human] - sum(others) / len(others))
        assert (row["reason"], row["ender"], row["exempt"]) == (tally.reason, tally.ender, tally.exempt == human)


def test_the_rows_count_the_students_own_moves():
    app, _ = played(3, seed=5)
    state, human = app.state, app.human
    # replay the public log: your keeps/turns, shows and scouts, round by round
    counts, current = [], None
    for kind, seat, _ in state.observation(human).log:
        if kind == "round":
            current = {"turned": False, "shows": 0, "scouts": 0, "scout_and_show": False}
            counts.append(current)
        elif seat == human and current is not None:
            current["turned"] |= kind == "turn"
            current["shows"] += kind == "show"
            current["scouts"] += kind in ("scout", "scout & show")
            current["scout_and_show"] |= kind == "scout & show"
    for row, expected in zip(app.records.rows, counts):
        assert {key: row[key] for key in expected} == expected


def test_the_csv_reads_back_through_the_class_reader_with_nothing_skipped():
    app, _ = played(4, seed=8, games=2)
    data = read_class_files([("x.csv", app.records.csv_text().encode())])
    assert data.skipped == [] and data.read == ["x.csv"]
    table = data["scout"]
    assert len(table) == len(app.records.rows) == 8
    assert list(table.columns) == ["file", *KIT_COLUMNS, *COLUMNS, *PEOPLE_COLUMNS]
    for row, (_, read) in zip(app.records.rows, table.iterrows()):
        for column, kind in COLUMNS.items():
            assert read[column] == pytest.approx(row[column]) if kind is float else read[column] == row[column]


def test_a_round_begun_before_a_resume_has_no_row_its_hand_unknown():
    app, _ = played(3, seed=2)
    obs = app.state.observation(app.human)
    assert round_rows(obs, obs.finished[0], []) == []
    assert round_rows(obs, None, [{"phase": KEEPING, "action": "keep", "hand": "1/2"}]) == []


def test_the_rows_hold_no_card_the_student_did_not_see():
    """The hand column is the student's dealt cards, and a world that differs in every hidden card
    gives the same page and the same record (the kit's twin check, at pauses and turns)."""
    app = ScoutApp(players=3, opponents=planners(3), seed=11)
    rng, agent, differed = random.Random(11), PlannerBot(), 0
    while not app.state.is_over:
        obs = app.state.observation(app.human)
        if app.pending(obs) is not None or rng.random() < 0.1:
            differed += check_determinized_twin(
                app, lambda: ScoutApp(players=3, opponents=planners(3), seed=11), random.Random(rng.random()))
            twin = app.state.determinize(app.human, rng)
            for done in obs.finished:
                assert round_rows(twin.observation(app.human), done, []) == round_rows(obs, done, [])
        if my_turn(app):
            app.take(agent.act(obs, app.state.legal_actions(), rng))
        else:
            app.read_on()
    assert differed and len(app.records.rows) == 3


def test_every_sample_student_plays_a_whole_game_and_they_differ_in_strength():
    students = classroom.sample_students(3)
    assert {type(bot) for bot in students} >= {GreedyBot, PlannerBot} and len({repr(b) for b in students}) == len(students)
    for n, student in enumerate(students):
        app, _ = played(3, seed=20 + n, agent=student)
        assert len(app.records.rows) == 3


# -- the class analysis, against cardlib --

def class_table(seed: int = 3, games: int = 4) -> pd.DataFrame:
    """A small class: a greedy and a planning student at three players, a planner at four."""
    files = []
    for name, players, agent in (("ana.csv", 3, GreedyBot()), ("ben.csv", 3, PlannerBot()), ("cleo.csv", 4, PlannerBot())):
        app, _ = played(players, seed=seed + len(files), games=games, agent=agent)
        files.append((name, app.records.csv_text().encode()))
    data = read_class_files(files)
    assert data.skipped == []
    return data["scout"]


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return class_table()


def test_results_by_seat_every_turn_order_once_a_game_and_means_as_pandas_says(table):
    result = results_by_seat(table)
    for (players, order), row in result.iterrows():
        rounds = table[(table["players"] == players) & (table["turn_order"] == order)]
        games = table[table["players"] == players].groupby(["file", "game_no"]).ngroups
        assert row["rounds"] == len(rounds) == games  # the start moves one seat a round: each place once a game
        assert row["mean points"] == pytest.approx(rounds["points"].mean())
        assert row["SE"] == pytest.approx(rounds["points"].sem())
        assert row["ended the round"] == pytest.approx((rounds["ender"] == rounds["seat"]).mean())
    for players in (3, 4):  # each game's deviations from its mean sum to 0, and every place has one a game
        assert result.loc[players, "vs game mean"].sum() == pytest.approx(0, abs=1e-9)
    assert sorted(result.index) == [(3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (4, 3), (4, 4)]


@pytest.mark.parametrize("measure, of", [("pieces", pieces), ("best group", lambda tops: strongest(tops)[0] // 32)])
def test_results_by_hand_buckets_by_the_measure_cardlib_computes(table, measure, of):
    result = results_by_hand(table, measure)
    values = [of([top for top, _ in read_hand(hand)]) for hand in table["hand"]]
    data = table.assign(value=values)
    assert result["rounds"].sum() == len(table)
    for (players, value), row in result.iterrows():
        bucket = data[(data["players"] == players) & (data["value"] == value)]
        share = len(bucket) / (data["players"] == players).sum()
        assert row["rounds"] == len(bucket) and row["share"] == pytest.approx(share)
        assert row["mean points"] == pytest.approx(bucket["points"].mean())
        assert math.isnan(row["SE"]) if len(bucket) < 2 else row["SE"] == pytest.approx(bucket["points"].sem())
    with pytest.raises(ValueError, match="no measure 'luck'"):
        results_by_hand(table, "luck")


def test_best_group_is_the_size_of_the_strongest_show():
    assert classroom.hand_measure("1/2 2/3 3/4 9/1 9/2", "best group") == 3  # 1-2-3 beats 9-9
    assert classroom.hand_measure("1/2 2/3 3/4 9/1 9/2") == pieces([1, 2, 3, 9, 9]) == 2


def test_neighbours_count_as_the_lessons_simulation_does():
    rng = random.Random(4)
    for _ in range(200):
        hand = shuffled(list(deck(5)), rng)[:9]
        tops = [top for top, _ in hand]
        assert neighbours(tops) == _count_adjacent(tops)


def test_hands_beside_exact_sets_the_class_beside_linearity_of_expectation(table):
    result = hands_beside_exact(table)
    for players in (3, 4):
        exact = expected_adjacent(players)
        rows = table[table["players"] == players]
        dealt = [turned_around(read_hand(h)) if t else read_hand(h) for h, t in zip(rows["hand"], rows["turned"])]
        for kind, value in exact.items():
            row = result.loc[(players, kind)]
            assert row["exact"] == value and isinstance(row["exact"], Fraction)
            counts = pd.Series([neighbours([top for top, _ in hand])[kind] for hand in dealt])
            assert row["hands"] == len(rows) and row["dealt"] == pytest.approx(counts.mean())
            assert row["SE"] == pytest.approx(counts.sem())


def test_many_dealt_hands_agree_with_the_exact_expectation_within_their_standard_error():
    """Hands dealt as the engine deals them, half of them turned by the student: the class's dealt
    hands (turned back) must sit near the exact expectation; a seeded check, four standard errors."""
    rng, rows = random.Random(2026), []
    for _ in range(1500):
        hand = shuffled(list(deck(4)), rng)[:HAND_SIZES[4]]
        turned = rng.random() < 0.5
        rows.append({"players": 4, "hand": classroom.hand_text(turned_around(hand) if turned else hand),
                     "turned": turned})
    result = hands_beside_exact(pd.DataFrame(rows))
    assert (result["z"].abs() < 4).all(), result
