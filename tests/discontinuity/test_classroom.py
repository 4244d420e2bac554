"""Discontinuity for the class: the rows an app records (what was seen, decided, how it came out), their
CSV read back whole, no hidden card in them, and the teacher's tables against truths cardlib computes."""
from __future__ import annotations

import random
import statistics
from fractions import Fraction

import pytest

from cardlib.core.classroom import PEOPLE_COLUMNS, game_columns, read_class_files
from cardlib.discontinuity import classroom
from cardlib.discontinuity.actions import TakeJoker
from cardlib.discontinuity.analysis import joker_change
from cardlib.discontinuity.app import DiscontinuityApp
from cardlib.discontinuity.bots import GreedyBot, LookaheadBot
from cardlib.discontinuity.classroom import cards_text, row_numbers
from cardlib.ui.records import KIT_COLUMNS
from cardlib.ui.testing import new_game, play_with_agent

TABLES = [(3, None), (2, None), (4, None), (2, False)]  # (players, halves): the menu's four tables


class Watching:
    """An agent that plays like ``agent`` and writes down what its observation showed at each decision."""

    def __init__(self, agent):
        self.agent, self.seen = agent, []

    def act(self, obs, legal, rng):
        action = self.agent.act(obs, legal, rng)
        self.seen.append((obs, action))
        return action


def played(players, halves, seed, agent, games=1, human=0):
    """An app after ``games`` whole games with ``agent`` at your seat."""
    app = DiscontinuityApp(players=players, halves=halves, seed=seed, human=human)
    play_with_agent(app, agent, random.Random(seed), games=games)
    return app


def pooled(apps):
    """The apps' CSVs read back as a class (every file must be taken whole)."""
    files = [(f"student{n}.csv", app.records.csv_text().encode()) for n, app in enumerate(apps)]
    data = read_class_files(files)
    assert data.skipped == []
    return data["discontinuity"]


@pytest.mark.parametrize("players, halves", TABLES)
def test_the_rows_have_the_kit_columns_then_the_games_and_one_row_a_decision(players, halves):
    watcher = Watching(GreedyBot())
    app = played(players, halves, seed=players, agent=watcher)
    rows = app.records.rows
    assert app.records.columns() == [*KIT_COLUMNS, *classroom.COLUMNS]
    assert game_columns("discontinuity") == classroom.COLUMNS
    assert [row["decision"] for row in rows] == [str(action) for _, action in watcher.seen]
    assert {row["round"] for row in rows} == ({1, 2} if app.state.game.halves else {1})
    assert all(isinstance(row[name], kind) for row in rows for name, kind in classroom.COLUMNS.items())


@pytest.mark.parametrize("players, halves", TABLES)
def test_each_row_holds_exactly_what_the_observation_showed(players, halves):
    watcher = Watching(LookaheadBot())
    app = played(players, halves, seed=10 + players, agent=watcher)
    for row, (obs, action) in zip(app.records.rows, watcher.seen, strict=True):
        assert row["square"] == cards_text(obs.square) and row["row"] == cards_text(obs.row)
        assert (row["safe"], row["deck"], row["phase"]) == (obs.safe_sizes[obs.seat], obs.deck_size, obs.phase)
        assert row["joker_open"] == (not obs.jokers_used[obs.seat])


def test_turns_count_your_takes_in_the_round_and_a_joker_place_belongs_to_its_take():
    watcher = Watching(GreedyBot())
    app = played(2, None, seed=4, agent=watcher)
    for half in (1, 2):
        rows = [row for row in app.records.rows if row["round"] == half]
        takes = [row["turn"] for row in rows if row["phase"] == "take"]
        assert takes == list(range(1, len(takes) + 1))
        before = {id(row): rows[i - 1]["turn"] for i, row in enumerate(rows) if i}
        assert all(row["turn"] == before[id(row)] for row in rows if row["phase"] == "place")


@pytest.mark.parametrize("players, halves", TABLES)
def test_how_a_round_came_out_is_the_engines_result(players, halves):
    app = played(players, halves, seed=20 + players, agent=GreedyBot(), human=players - 1)
    state, seat = app.state, app.human
    obs = state.observation(seat)
    rows = app.records.rows
    last = [row for row in rows if row["round"] == max(r["round"] for r in rows)]
    first_half = obs.halves[0].scores[seat] if obs.halves else 0
    assert {row["total"] for row in last} == {state.result().scores[seat]}
    assert {row["points"] for row in last} == {state.result().scores[seat] - first_half}
    assert {row["place"] for row in last} == {state.result().places[seat]}
    assert {row["final_row"] for row in last} == {cards_text(state.row(seat))}
    assert {row["halves"] for row in rows} == {state.game.halves}
    if obs.halves:
        half = [row for row in rows if row["round"] == 1]
        assert {(row["points"], row["total"]) for row in half} == {(first_half, first_half)}


def test_a_twin_with_other_hidden_cards_writes_the_same_rows():
    rng = random.Random(1)
    state, seat, decisions, differed, half_checked = DiscontinuityApp(players=2).state.game.new(seed=8), 1, 0, 0, False
    while not state.is_over:  # every decision of yours: a twin's observation gives the same row
        action = rng.choice(state.legal_actions())
        if state.current_player == seat:
            twin = state.determinize(seat, rng)
            decisions += 1
            differed += twin.hidden() != state.hidden()
            assert classroom.decision_row(state.observation(seat), action) == \
                classroom.decision_row(twin.observation(seat), action)
        state.apply(action)
        obs = state.observation(seat)
        if obs.halves and not half_checked:  # the first half just ended: its rows, twin or not
            half_checked = True
            twin = state.determinize(seat, rng)
            assert twin.hidden() != state.hidden()  # the second half's deck really differs
            assert classroom.round_rows(obs, obs.halves[0], [{"turn": 1}]) == \
                classroom.round_rows(twin.observation(seat), obs.halves[0], [{"turn": 1}])
    assert half_checked and differed >= decisions // 2


def test_a_joker_is_written_as_the_sheet_writes_it_never_as_the_card_under_it():
    for seed in range(31, 60):  # the first game in which your joker is in your row at the end
        app = played(3, None, seed=seed, agent=GreedyBot())
        state, seat = app.state, app.human
        if "J" in state.row(seat):
            break
    face, row = state.joker_face(seat), state.row(seat)
    assert {record["final_row"] for record in app.records.rows} == {cards_text(row)}
    assert row_numbers(cards_text(row)).count(face) == row.count(face)  # the face is not added to the row


def test_the_csv_round_trips_through_the_class_reader_with_nothing_skipped():
    apps = [played(players, halves, seed=40 + n, agent=GreedyBot(), games=2) for n, (players, halves) in
            enumerate(TABLES)]
    table = pooled(apps)
    assert len(table) == sum(len(app.records.rows) for app in apps)
    first = apps[0].records.rows
    again = table[table["file"] == "student0.csv"].drop(columns=["file", *PEOPLE_COLUMNS]).to_dict("records")
    assert again == first
    assert set(table["people"]) == set(table["seat"].astype(str)) and set(table["by"]) == {"person"}  # vs bots


def test_sample_students_are_a_weak_and_strong_mix_that_each_plays_a_whole_game():
    students = classroom.sample_students(3)
    assert {student.name for student in students} == {"random", "greedy", "lookahead"}
    for n, student in enumerate(students):
        app = played(3, None, seed=50 + n, agent=student)
        assert app.state.is_over and app.records.rows


def test_results_by_seat_are_the_engines_points_averaged_by_table_and_seat():
    truth: dict[tuple, list[int]] = {}
    apps = []
    for n, (players, halves, human) in enumerate([(3, None, 0), (3, None, 0), (3, None, 2), (2, None, 1),
                                                   (2, None, 1), (4, None, 3)]):
        app = DiscontinuityApp(players=players, halves=halves, seed=60 + n, human=human)
        for game in range(2):
            play_with_agent(app, GreedyBot(), random.Random(n * 10 + game))
            state = app.state
            obs = state.observation(human)
            halves_scores = [half.scores[human] for half in obs.halves]
            last = state.result().scores[human] - sum(halves_scores)
            truth.setdefault((players, state.game.halves, human), []).extend(halves_scores + [last])
            if game == 0:
                new_game(app)
        apps.append(app)
    table = classroom.results_by_seat(pooled(apps))
    assert len(table) == len(truth)
    for _, line in table.iterrows():
        points = truth[(line["players"], bool(line["halves"]), line["seat"])]
        assert line["rounds"] == len(points)
        assert line["mean points"] == pytest.approx(statistics.mean(points))
        assert line["standard error"] == pytest.approx(statistics.stdev(points) / len(points) ** 0.5)


def test_joker_choices_set_the_class_takes_beside_the_exact_change_a_joker_makes():
    watchers = [Watching(agent) for agent in (GreedyBot(), LookaheadBot(), GreedyBot(), LookaheadBot())]
    apps = [played(players, halves, seed=70 + n, agent=watcher, games=2)
            for n, ((players, halves), watcher) in enumerate(zip(TABLES, watchers))]
    seen = [(obs, action) for watcher in watchers for obs, action in watcher.seen
            if obs.phase == "take" and not obs.jokers_used[obs.seat]]
    table = classroom.joker_choices(pooled(apps)).set_index("cards in row")
    sizes = sorted({len(obs.row) for obs, _ in seen})
    assert list(table.index) == sizes
    for size in sizes:
        turns = [(obs, action) for obs, action in seen if len(obs.row) == size]
        took = sum(action == TakeJoker() for _, action in turns)
        changes = [joker_change(list(obs.row)) for obs, _ in turns]  # the row holds no joker while it is open
        line = table.loc[size]
        assert (line["turns"], line["took joker"]) == (len(turns), took)
        assert line["take rate"] == pytest.approx(took / len(turns))
        assert line["mean joker change"] == pytest.approx(float(Fraction(sum(changes), len(changes))))
        assert line["joker lowers"] == pytest.approx(sum(c < 0 for c in changes) / len(changes))
    assert table.loc[0, "mean joker change"] == 11  # an empty row: the joker stands alone and counts 11
    assert table["took joker"].sum() > 0


def test_the_take_rates_error_pools_the_turns_of_a_round():
    # one cluster of 3 takes of 3 and one of 0 of 1: rate 3/4, error from the clusters' deviations
    error = classroom.clustered_error([3, 0], [3, 1])
    rate = 3 / 4
    assert error == pytest.approx((2 * ((3 - rate * 3) ** 2 + (0 - rate) ** 2)) ** 0.5 / 4)
    assert classroom.clustered_error([1], [2]) != classroom.clustered_error([1], [2])  # NaN: one cluster


def test_row_numbers_read_back_the_rows_written():
    for row in [(), (1, 2, 5, 6, "J", 8), ("J",), (10, "J")]:
        assert row_numbers(cards_text(row)) == [card for card in row if card != "J"]
