"""Loop's class record and class analyses: the rows of games played in the app (kit columns and Loop's),
checked against the engine's truth (the chair's dealt cards, the ranks and points of the rules); the CSV
read back by the teacher's reader with nothing skipped; no card the student could not see; and the
analyses' exact answers against cardlib's own counts and enumerations, their class means against pandas.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import pandas as pd
import pytest

from cardlib.core.classroom import KIT_COLUMNS, PEOPLE_COLUMNS, read_class_files
from cardlib.core.testing import snapshot
from cardlib.loop import classroom
from cardlib.loop.actions import DECK, SetAside, cards_text
from cardlib.loop.analysis import count_combinations, eights_distribution, p_run_in_hand
from cardlib.loop.app import LoopApp
from cardlib.loop.bots import ClimberBot, climb_move
from cardlib.loop.chairs import BASE, round_points
from cardlib.loop.replays import cards_at_chairs
from cardlib.loop.rules import Game
from cardlib.loop.seen import known_to
from cardlib.loop.view_story import rounds_over
from cardlib.ui.testing import my_turn, play_with_agent


def played(players: int, seed: int, agent=None, games: int = 1, long: bool = False) -> LoopApp:
    """An app (climbers at the other seats, for speed) whose seat ``agent`` played to the end (a climber by default)."""
    app = LoopApp(players=players, seed=seed, long=long, opponents=[ClimberBot()] * (players - 1))
    play_with_agent(app, agent or ClimberBot(), random.Random(seed), games=games)
    return app


@pytest.fixture(scope="module")
def class_table() -> pd.DataFrame:
    """A small class: every sample student at every table size, read back as the teacher's notebook does."""
    files = []
    for number, student in enumerate(classroom.sample_students(4)):
        for players in (4, 3, 2):
            app = played(players, seed=10 * number + players, agent=student)
            files.append((f"student{number}-{players}.csv", app.records.csv_text().encode()))
    data = read_class_files(files)
    assert data.skipped == []
    return data["loop"]


@pytest.mark.parametrize("players, seed", [(4, 1), (3, 2), (2, 3)])
def test_every_finished_round_is_one_row_with_the_kits_columns_and_loops(players, seed):
    app = played(players, seed)
    assert app.records.columns() == [*KIT_COLUMNS, *classroom.COLUMNS]
    finished = rounds_over(app.state.observation(app.human))
    assert [row["round"] for row in app.records.rows] == list(range(1, len(finished) + 1))
    assert [row["kind"] for row in app.records.rows] == ["normal"] + ["loop"] * (len(finished) - 1)


@pytest.mark.parametrize("players, seed", [(4, 4), (3, 5), (2, 6)])
def test_the_rows_hold_the_chairs_dealt_cards_and_the_rules_points(players, seed):
    app = played(players, seed)
    state, me = app.state, app.human
    at_chairs = cards_at_chairs(state)  # a card never leaves its chair: these are the 11 each chair was dealt
    ranks_before = {}
    for row, done in zip(app.records.rows, rounds_over(state.observation(me))):
        hand, aside = classroom.cards_of(row["hand"]), classroom.cards_of(row["aside"])
        assert row["chair"] == done.chairs[me] and row["start"] == state.game.start == 0
        assert set(hand) == at_chairs[row["chair"]] and len(hand) == 11
        assert set(aside) <= set(hand) and len(aside) == 2
        assert row["hand"] == cards_text(sorted(hand, key=DECK.index))  # the notation's order
        assert row["rank"] == done.order.index(me) + 1
        previous = ranks_before.get(row["chair"])  # the rank of whoever played this chair last round
        assert row["previous"] == ("" if previous is None else previous)
        assert row["points"] == round_points(players, row["rank"], previous) == done.points[me]
        assert row["base"] == BASE[players][row["rank"] - 1] and row["base"] + row["bonus"] == row["points"]
        assert row["total"] == done.totals[me]
        ranks_before = {done.chairs[p]: done.order.index(p) + 1 for p in range(players)}


def test_the_long_game_numbers_sets_and_starts_each_set_with_a_normal_round():
    app = played(2, seed=7, long=True)
    rows = app.records.rows
    sets = [row["set"] for row in rows]
    assert sets == sorted(sets) and sets[-1] >= 2
    for row in rows:
        assert (row["kind"] == "normal") == (row["set_round"] == 1) == (row["previous"] == "")
        assert len(classroom.cards_of(row["hand"])) == 11


def test_the_csv_reads_back_in_the_teachers_reader_with_nothing_skipped():
    app = played(3, seed=8, games=2)
    data = read_class_files([("x.csv", app.records.csv_text().encode())])
    assert data.skipped == [] and data.read == ["x.csv"]
    table = data["loop"]
    assert len(table) == len(app.records.rows)
    assert list(table.columns) == ["file", *KIT_COLUMNS, *classroom.COLUMNS, *PEOPLE_COLUMNS]
    assert table["previous"].isna().tolist() == [row["previous"] == "" for row in app.records.rows]
    assert table["hand"].tolist() == [row["hand"] for row in app.records.rows]


def test_a_row_holds_no_card_the_student_could_not_see():
    app = LoopApp(players=4, seed=9, opponents=[ClimberBot()] * 3)
    student, rng, checked = ClimberBot(), random.Random(9), 0
    while True:
        state = app.state
        known = known_to(state, app.human) | set(state.observation(app.human).hand)
        for row in app.records.rows[checked:]:  # rounds just written: from what the student knew then
            assert set(classroom.cards_of(row["hand"])) <= known
        checked = len(app.records.rows)
        if state.is_over:
            break
        if state.current_player == app.human and app.pending(state.observation(app.human)) is None:
            app.take(student.act(state.observation(app.human), state.legal_actions(), rng))
        else:
            app.read_on()
    assert checked > 1


def first_round_over(seed: int) -> LoopApp:
    """A 3-player app whose seat a climber played to the end of the first round."""
    app, rng = LoopApp(players=3, seed=seed, opponents=[ClimberBot()] * 2), random.Random(seed)
    while not rounds_over(app.state.observation(app.human)):
        app.take(ClimberBot().act(app.state.observation(app.human), app.state.legal_actions(), rng))
    return app


def test_a_twin_the_student_cannot_tell_apart_gives_the_same_row():
    app = first_round_over(11)
    real, me = app.state, app.human
    twin = real.determinize(me, random.Random(1))
    assert twin.observation(me) == real.observation(me) and snapshot(twin) != snapshot(real)  # others' cards differ
    done = rounds_over(real.observation(me))[0]
    recorded = {column: app.records.rows[0][column] for column in classroom.COLUMNS}
    for state in (real, twin):  # read from the table at the round's end (no decision rows): the same row
        assert classroom.round_rows(state.observation(me), done, []) == [recorded]


def test_a_round_resumed_after_setting_aside_is_read_from_the_table_at_its_end():
    state = Game(players=3).new(seed=12)
    while state.phase == "set aside":  # everyone sets aside before the app takes over
        state.apply(ClimberBot().act(state.observation(state.current_player), state.legal_actions(), None))
    dealt, aside = set(state.hand(0) + tuple(state._aside[0])), cards_text(state._aside[0])
    app, rng = LoopApp(players=3, seed=12, opponents=[ClimberBot()] * 2), random.Random(12)
    app.resume(state)
    while not app.records.rows:
        if my_turn(app):
            app.take(ClimberBot().act(app.state.observation(0), app.state.legal_actions(), rng))
        else:
            app.read_on()
    row = app.records.rows[0]
    assert set(classroom.cards_of(row["hand"])) == dealt and row["aside"] == aside and len(dealt) == 11


def test_the_sample_students_are_bots_weak_and_strong_that_play_a_whole_game():
    students = classroom.sample_students(3)
    assert {student.name for student in students} == {"random", "climber", "search"}
    for seed, student in enumerate(students):
        assert played(3, seed, agent=student).records.rows


# --- the analyses -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_chance_points_is_the_mean_of_every_players_points_in_every_round(players):
    for seed in range(3):  # the engine's own points: each round's points average to the table's mean exactly
        state = Game(players=players).new(seed=seed)
        while not state.is_over:
            state.apply(climb_move(state))
        for done in rounds_over(state.observation(0)):
            assert Fraction(sum(done.points), players) == classroom.chance_points(players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chance_points_after_a_rank_averages_the_rules_points_over_every_new_rank(players):
    for previous in range(1, players + 1):
        every = [round_points(players, rank, previous) for rank in range(1, players + 1)]
        assert classroom.chance_points_after(players, previous) == Fraction(sum(every), players)


def test_the_eights_chances_are_the_hypergeometric_counts():
    chances = classroom.hand_chances("eights")
    for k, chance in chances.items():
        assert chance == Fraction(math.comb(3, k) * math.comb(42, 11 - k), math.comb(45, 11))
    assert sum(chances.values()) == 1


def test_the_hand_measures_agree_with_cardlibs_counts_of_combinations():
    rng = random.Random(13)
    for _ in range(200):
        hand = cards_text(sorted(rng.sample(DECK, 11), key=DECK.index))
        counted = count_combinations(classroom.cards_of(hand))
        assert classroom.eights_in(hand) == sum(card[0] == 8 for card in classroom.cards_of(hand))
        for length in (2, 3, 4):
            assert classroom.has_run(hand, length) == (counted[f"run of {length}"] > 0)


def test_results_by_seat_sets_the_class_means_beside_the_exact_chance(class_table):
    out = classroom.results_by_seat(class_table)
    table = class_table.assign(position=(class_table["chair"] - class_table["start"]) % class_table["players"])
    groups = table.groupby(["players", "kind", "position"])["points"]
    assert out["rounds"].sum() == len(class_table)
    for (players, kind, position), row in out.iterrows():
        points = groups.get_group((players, kind, position))
        assert row["rounds"] == len(points) and row["mean points"] == pytest.approx(points.mean())
        if len(points) > 1:
            assert row["standard error"] == pytest.approx(points.std() / math.sqrt(len(points)))
        assert row["by chance (exact)"] == str(Fraction(sum(BASE[players]), players))


@pytest.mark.parametrize("measure", ["eights", "run of 3"])
def test_results_by_hand_sets_the_class_beside_the_exact_chance_of_the_hand(class_table, measure):
    out = classroom.results_by_hand(class_table, measure).reset_index()
    exact = eights_distribution() if measure == "eights" else {True: p_run_in_hand(3), False: 1 - p_run_in_hand(3)}
    for _, row in out.iterrows():
        assert row["chance (exact)"] == str(exact[row[measure]]) and row["chance"] == pytest.approx(float(exact[row[measure]]))
    for (players, kind), part in out.groupby(["players", "kind"]):
        rows = class_table[(class_table["players"] == players) & (class_table["kind"] == kind)]
        assert part["rounds"].sum() == len(rows) and part["share of hands"].sum() == pytest.approx(1)
        value = rows["hand"].map(classroom.eights_in) if measure == "eights" else \
            rows["hand"].map(lambda hand: classroom.has_run(hand, 3))
        for _, row in part.iterrows():
            chosen = rows[value == row[measure]]["points"]
            assert row["rounds"] == len(chosen)
            if len(chosen):
                assert row["mean points"] == pytest.approx(chosen.mean())
    with pytest.raises(ValueError, match="no measure"):
        classroom.results_by_hand(class_table, "sevens")


def test_by_previous_rank_sets_the_loop_rounds_beside_chance_and_the_same_rank_again(class_table):
    out = classroom.by_previous_rank(class_table)
    loops = class_table[class_table["kind"] == "loop"]
    assert out["rounds"].sum() == len(loops)
    for (players, previous), row in out.iterrows():
        group = loops[(loops["players"] == players) & (loops["previous"] == previous)]
        assert row["mean rank"] == pytest.approx(group["rank"].mean())
        assert row["mean points"] == pytest.approx(group["points"].mean())
        assert row["points if the same rank again"] == round_points(players, previous, previous)
        every = [round_points(players, rank, previous) for rank in range(1, players + 1)]
        assert row["points by chance (exact)"] == str(Fraction(sum(every), players))
        assert row["rank by chance (exact)"] == str(Fraction(sum(range(1, players + 1)), players))


def test_an_empty_class_gives_empty_tables():
    empty = read_class_files([])["loop"]
    for analysis in (classroom.results_by_seat, classroom.results_by_hand, classroom.by_previous_rank):
        assert len(analysis(empty)) == 0


def test_every_pair_of_cards_set_aside_is_a_decision_row_and_nothing_else_is():
    state = LoopApp(players=2, seed=14).state
    obs = state.observation(0)
    for pair in list(combinations(obs.hand, 2))[:5]:
        row = classroom.decision_row(obs, SetAside(pair))
        assert row == {"hand": cards_text(obs.hand), "aside": cards_text(SetAside(pair).cards)}
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert classroom.decision_row(state.observation(0), state.legal_actions()[0]) is None
