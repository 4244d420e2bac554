"""Tables of people (cardlib.core.tables) on a real SQLite file and a real PostgreSQL, for every game.

Every test runs on both databases (the ``class_db`` fixture). Students' moves are seeded random legal
choices sent through ``play`` in the notation, as a page would send them; the clock of the leaver tests is
a plain object the test moves on (a class uses ``time.time``).
"""
from __future__ import annotations

import csv
import io
import os
import random
import subprocess
import sys
import threading
from datetime import datetime, timezone
from typing import Any

import pytest
from sqlalchemy import (BigInteger, Column, DateTime, ForeignKey, Integer, MetaData, String, Table as SqlTable,
                        create_engine, inspect, select)

from cardlib.core.classdb import ClassDB, ClassDBError
from cardlib.core.classdb_tables import SCHEMA_VERSION, database_url, metadata, schema_version
from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.match import replay
from cardlib.core.tables import MovedOn, NotYourTurn, Table, View, start_all
from cardlib.games import REGISTRY, info

GAMES = [line.name for line in REGISTRY]
NAMES = ["Ana", "Bo", "Chie", "Dan", "Eri"]
PEOPLE_SIZE = {"twentyfive": 3, "discontinuity": 3, "satori": 3, "scout": 3, "loop": 3}  # every seat a person
WHOLE_SIZE = {**PEOPLE_SIZE, "loop": 2}  # a whole game of people (Loop's random 3-player games run ~200 moves)
BOT_SIZE = {"twentyfive": 3, "discontinuity": 2, "satori": 3, "scout": 2, "loop": 2}     # one person, bots (quick)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def seated(db: ClassDB, game: str, size: int, people: int, clock: Any = None) -> Table:
    """A class KATSU of ``game`` with a table of ``size``; the first ``people`` names sit down."""
    db.open_class("KATSU", game=game)
    table = Table.open(db, "KATSU", game, size, **({"clock": clock} if clock else {}))
    for name in NAMES[:people]:
        db.join("KATSU", name)
        table.sit(name)
    return table


def name_at(table: Table, seat: int) -> str:
    return next(s.name for s in table.seats() if s.seat == seat)


def play_random(table: Table, rng: random.Random, check: Any = None, until: Any = None) -> None:
    """Every person's turn a seeded random legal choice through play(), bots advanced between, to the end."""
    while table.status == "playing":
        table.advance_bots()
        state = table.sync()
        if state.is_over or (until is not None and until(state)):
            return
        name = name_at(table, state.current_player)
        view = table.view(name)
        if check is not None:
            check(view, state)
        table.play(name, view.seq, str(view.legal[rng.randrange(len(view.legal))]))


def stored_rows(db: ClassDB, game: str) -> list[dict[str, str]]:
    """Every record row stored for the class, as the class's CSVs hold them (the people and by columns too)."""
    return [row for _, raw in db.class_csvs("KATSU", game) for row in csv.DictReader(io.StringIO(raw.decode()))]


def seed_of(db: ClassDB, table: Table) -> int:
    return db.table_row(table.id).seed


def assert_view_is_the_seats_own(seed: int, view: View, state: Any) -> None:
    """A view is the engine's own observation of its seat, the move number and the mover: no seed, no state."""
    assert view.observation == state.observation(view.seat)
    assert view.mover == state.current_player and view.seq == len(state.history)
    assert view.legal == (tuple(state.legal_actions()) if view.mover == view.seat else ())
    assert str(seed) not in repr(view)
    assert not any(value is state for value in vars(view).values())


def assert_log_replays(db: ClassDB, table: Table) -> Any:
    """The stored log replays from the stored seed to the table's final state and scores."""
    line = info(table.game_name)
    stored = db.moves(table.id)
    assert [move.seq for move in stored] == list(range(len(stored)))
    again = replay(table.game, seed_of(db, table), [line.parse(move.notation) for move in stored])
    final = table.sync()
    assert again.is_over and final.is_over
    assert again.history == final.history and again.result() == final.result()
    assert [move.seat for move in stored] == [seat for seat in seats_of_moves(table.game, seed_of(db, table), stored)]
    return again


def seats_of_moves(game: Any, seed: int, stored: list) -> list[int]:
    """The seat to move before each stored move, as the rules say (a move is stored with its mover's seat)."""
    state, seats = game.new(seed=seed), []
    for move in stored:
        seats.append(state.current_player)
        state.apply(info(game_name(game)).parse(move.notation))
    return seats


def game_name(game: Any) -> str:
    return type(game).__module__.split(".")[1]


# --- the registry's part ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_action_a_game_offers_reads_back_from_its_notation_through_the_registry(game: str) -> None:
    line = info(game)
    assert line.sizes and line.bot and line.table_game(line.sizes[0]).players == line.sizes[0]
    for size in line.sizes:
        state, rng = line.table_game(size).new(seed=size), random.Random(size)
        while not state.is_over:
            legal = state.legal_actions()
            assert all(line.parse(str(action)) == action for action in legal)
            state.apply(legal[rng.randrange(len(legal))])


def test_a_bots_moves_are_the_same_in_every_process_whatever_its_hash_seed() -> None:
    """Two kernels compute a bot's move alike (str hashes are salted a process: no set order may decide)."""
    script = (
        "import random, sys\n"
        "from cardlib.games import REGISTRY\n"
        "for line in REGISTRY:\n"
        "    state = line.table_game(min(line.sizes)).new(seed=5)\n"
        "    for seq in range(20):\n"
        "        if state.is_over: break\n"
        "        rng = random.Random(f'table-bot:5:{seq}')\n"
        "        action = line.new_bot().act(state.observation(state.current_player), state.legal_actions(), rng)\n"
        "        print(line.name, seq, action)\n"
        "        state.apply(action)\n")
    kernels = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env={**os.environ, "PYTHONHASHSEED": str(salt)}) for salt in (1, 2)]
    (one, why), (two, _) = [kernel.communicate(timeout=300) for kernel in kernels]
    assert [kernel.returncode for kernel in kernels] == [0, 0], why[-2000:]
    assert one == two and len(one.splitlines()) > 40


# --- whole tables ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_people_plays_to_the_end_and_its_log_replays(class_db: ClassDB, game: str) -> None:
    size = WHOLE_SIZE[game]
    table = seated(class_db, game, size, people=size)
    assert table.status == "playing"  # full: it started by itself
    checked, seed = [], seed_of(class_db, table)

    def check(view: View, state: Any) -> None:
        assert_view_is_the_seats_own(seed, view, state)
        if view.seq % 3 == 0:  # another seat's page, at the same moment
            assert_view_is_the_seats_own(seed, table.view(name_at(table, (view.seat + 1) % size)), state)
        checked.append(view.seq)

    play_random(table, random.Random(24), check)
    assert table.status == "over" and len(checked) == len(class_db.moves(table.id)) > 5
    assert_log_replays(class_db, table)
    assert not any(move.by_bot for move in class_db.moves(table.id))
    rows = stored_rows(class_db, game)
    assert {row["people"] for row in rows} == {" ".join(map(str, range(size)))} and {row["by"] for row in rows} == {"person"}
    assert len(class_db.class_data("KATSU", game)[game]) == len(rows)  # every row passes the class files' checks
    for name in NAMES[:size]:
        assert class_db.rounds_played("KATSU", name, game) >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_table_with_bots_plays_to_the_end_and_marks_them(class_db: ClassDB, game: str) -> None:
    table = seated(class_db, game, BOT_SIZE[game], people=1)
    assert table.status == "open" and table.view("Ana").observation is None  # nothing dealt to a page yet
    with pytest.raises(ClassDBError, match="has no seat"):
        table.start("Bo")
    assert table.start("Ana") is True and table.start() is False
    assert [(seat.name, seat.bot) for seat in table.seats()] == \
        [("Ana", False)] + [(None, True)] * (BOT_SIZE[game] - 1)
    seed = seed_of(class_db, table)
    play_random(table, random.Random(7), lambda view, state: assert_view_is_the_seats_own(seed, view, state))
    assert table.status == "over"
    assert_log_replays(class_db, table)
    stored = class_db.moves(table.id)
    assert all(move.by_bot == (move.seat != 0) for move in stored)
    assert {move.seat for move in stored} == set(range(BOT_SIZE[game]))
    rows = stored_rows(class_db, game)
    assert {(row["people"], row["seat"], row["by"]) for row in rows} == {("0", "0", "person")}
    assert table.finish() == class_db.rounds_played("KATSU", "Ana", game)  # again: stored once
    assert len(stored_rows(class_db, game)) == len(rows)


@pytest.mark.parametrize("game", GAMES)
def test_every_kernel_computes_the_same_bot_move_and_racing_bots_store_one(class_db: ClassDB, class_db_url: str,
                                                                          game: str) -> None:
    table = seated(class_db, game, BOT_SIZE[game], people=1)
    table.start("Ana")
    while table.sync().current_player == 0:  # Ana moves first: let her, so that a bot is to move
        view = table.view("Ana")
        table.play("Ana", view.seq, str(view.legal[0]))
    kernels = [ClassDB(class_db_url), ClassDB(class_db_url)]
    twins = [Table(db, table.id) for db in kernels]
    assert str(twins[0].bot_move()) == str(twins[1].bot_move()) == str(table.bot_move())
    start, made, errors = threading.Barrier(2), [], []

    def kernel(twin: Table) -> None:
        try:
            start.wait(timeout=60)
            made.append(twin.advance_bots())
        except Exception as error:
            errors.append(repr(error))

    threads = [threading.Thread(target=kernel, args=(twin,)) for twin in twins]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for db in kernels:
        db.close()
    assert errors == [] and sum(made) >= 1
    stored = class_db.moves(table.id)
    assert [move.seq for move in stored] == list(range(len(stored)))  # nothing doubled, nothing skipped
    state = replay(table.game, seed_of(class_db, table), [info(game).parse(move.notation) for move in stored])
    assert state.is_over or state.current_player == 0  # the bots played on until Ana's turn (or the end)
    assert sum(made) == sum(move.by_bot for move in stored)


class Scripted:
    """A bot of the app that plays the table's stored moves (the app's record is then the table's game)."""

    def __init__(self, state_of: Any, actions: list) -> None:
        self.state_of, self.actions = state_of, actions

    def act(self, observation: Any, legal: Any, rng: Any) -> Any:
        return self.actions[len(self.state_of().history)]


@pytest.mark.parametrize("game", GAMES)
def test_a_students_rows_are_the_rows_their_app_writes_of_the_same_game(tmp_path: Any, game: str) -> None:
    """The record of a table is the game's app's own record of the same moves, plus people and by."""
    with ClassDB(f"sqlite:///{tmp_path / 'class.db'}") as db:
        table = seated(db, game, BOT_SIZE[game], people=1)
        table.start("Ana")
        play_random(table, random.Random(9))
        line = info(game)
        actions = [line.parse(move.notation) for move in db.moves(table.id)]
        ours = [row for part in table.round_records(0) for row in part]
        seed = seed_of(db, table)
    app_holder: list = []
    bots = [Scripted(lambda: app_holder[0].state, actions) for _ in range(BOT_SIZE[game] - 1)]
    app = line.app_class()(players=BOT_SIZE[game], human=0, opponents=bots, seed=1)
    app_holder.append(app)
    app.resume(table.game.new(seed=seed))
    while not app.state.is_over:
        if app.pending(app.state.observation(0)) is not None:
            app.read_on()
        else:
            app.take(actions[len(app.state.history)])
    assert app.state.history == table.sync().history
    assert [{key: value for key, value in row.items() if key not in ("people", "by")} for row in ours] == app.records.rows
    assert ours and {(row["people"], row["by"]) for row in ours} == {("0", "person")}


# --- one move at a time ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_two_pages_racing_the_same_move_store_one_and_the_other_hears_the_table_moved_on(
        class_db: ClassDB, class_db_url: str, game: str) -> None:
    size = PEOPLE_SIZE[game]
    table = seated(class_db, game, size, people=size)
    rng, races = random.Random(3), 0
    while races < 4 and not table.sync().is_over:
        state = table.sync()
        name = name_at(table, state.current_player)
        view = table.view(name)
        choices = [str(action) for action in view.legal]
        rng.shuffle(choices)
        pages = [ClassDB(class_db_url), ClassDB(class_db_url)]
        start, outcomes = threading.Barrier(2), []

        def page(db: ClassDB, text: str) -> None:
            twin = Table(db, table.id)
            twin.sync()
            start.wait(timeout=60)
            try:
                outcomes.append(("stored", twin.play(name, view.seq, text), text))
            except MovedOn as moved:
                outcomes.append(("moved on", str(moved), text))

        threads = [threading.Thread(target=page, args=(db, choices[k % len(choices)])) for k, db in enumerate(pages)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for db in pages:
            db.close()
        assert sorted(kind for kind, _, _ in outcomes) == ["moved on", "stored"]
        stored = class_db.moves(table.id)
        winner = next(text for kind, _, text in outcomes if kind == "stored")
        assert len(stored) == view.seq + 1 and stored[-1].notation == winner
        assert "The table moved on" in next(said for kind, said, _ in outcomes if kind == "moved on")
        races += 1
    assert races == 4


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_a_wrong_seat_or_a_stale_number_stores_nothing(class_db: ClassDB, game: str) -> None:
    size = PEOPLE_SIZE[game]
    table = seated(class_db, game, size, people=size)
    play_random(table, random.Random(5), until=lambda state: len(state.history) >= 3)
    state = table.sync()
    before = class_db.moves(table.id)
    mover = name_at(table, state.current_player)
    other = name_at(table, (state.current_player + 1) % size)
    seq = len(before)
    legal = {str(action) for action in state.legal_actions()}
    illegal = next(text for text in notations_elsewhere(table.game) if text not in legal)
    with pytest.raises(IllegalActionError) as refused:
        table.play(mover, seq, illegal)
    assert str(refused.value)  # the game's own words: the action and why
    with pytest.raises(IllegalActionError, match="is not a move of"):
        table.play(mover, seq, "pick up the table")
    with pytest.raises(NotYourTurn, match=f"not your turn .seat {(state.current_player + 1) % size}."):
        table.play(other, seq, sorted(legal)[0])
    with pytest.raises(MovedOn, match="The table moved on"):
        table.play(mover, seq - 1, sorted(legal)[0])
    with pytest.raises(MovedOn):
        table.play(mover, seq + 1, sorted(legal)[0])
    with pytest.raises(ClassDBError, match="has no seat"):
        table.play("Nobody", seq, sorted(legal)[0])
    assert class_db.moves(table.id) == before and table.sync().history == state.history
    assert table.play(mover, seq, sorted(legal)[0]) == seq + 1


def notations_elsewhere(game: Any) -> list[str]:
    """The notation of every action offered in a few random games: most are illegal at any one moment."""
    seen: dict[str, None] = {}
    for seed in range(3):
        state, rng = game.new(seed=seed), random.Random(seed)
        while not state.is_over and len(seen) < 300:
            legal = state.legal_actions()
            seen.update(dict.fromkeys(map(str, legal)))
            state.apply(legal[rng.randrange(len(legal))])
    return list(seen)


# --- seats ------------------------------------------------------------------------------------------------

def test_the_same_name_comes_back_to_its_own_seat_and_a_full_or_started_table_refuses_others(
        class_db: ClassDB) -> None:
    table = seated(class_db, "satori", 4, people=2)
    assert table.sit("ANA") == 0 and table.sit(" bo ") == 1
    class_db.join("KATSU", "Chie")
    with pytest.raises(ClassDBError, match="has not joined"):
        table.sit("Zed")
    assert table.start("Bo") is True
    with pytest.raises(ClassDBError, match="started without you"):
        table.sit("Chie")
    assert table.sit("Ana") == 0  # back after the start: the same seat
    with pytest.raises(RulesError, match="seats 2 or 3 or 4 or 5 players, not 6"):
        Table.open(class_db, "KATSU", "satori", 6)
    other = Table.open(class_db, "KATSU", "satori", 3)
    assert start_all(class_db, "KATSU") == 1 and other.status == "playing"
    assert str(seed_of(class_db, table)) not in repr(class_db.table_row(table.id)) + repr(table)


def test_two_students_racing_for_the_last_seat_one_sits(class_db: ClassDB, class_db_url: str) -> None:
    for attempt in range(3):
        table = seated(class_db, "scout", 3, people=1)
        for name in ("Bo", "Chie"):
            class_db.join("KATSU", name)
        start, got = threading.Barrier(2), []

        def student(name: str) -> None:
            with ClassDB(class_db_url) as db:
                twin = Table(db, table.id)
                start.wait(timeout=60)
                got.append(twin.sit(name))

        threads = [threading.Thread(target=student, args=(name,)) for name in ("Bo", "Chie")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(got) == [1, 2] and table.status == "playing"
        assert [seat.name for seat in table.seats()][0] == "Ana"


# --- a student who leaves -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_student_away_past_the_timeout_has_their_turn_played_by_their_bot_until_back(
        class_db: ClassDB, game: str) -> None:
    clock = Clock()
    size = PEOPLE_SIZE[game]
    table = seated(class_db, game, size, people=size, clock=clock)
    assert table.timeout == 30.0
    play_random(table, random.Random(11), until=lambda state: len(state.history) >= 2)
    state = table.sync()
    away = state.current_player
    present = [name_at(table, seat) for seat in range(size) if seat != away]
    clock.now += 29
    for name in present:
        table.heartbeat(name)
    assert table.advance_bots() == 0  # 29 s: still theirs
    clock.now += 2
    for name in present:
        table.heartbeat(name)
    assert [seat.away for seat in table.seats()] == [seat == away for seat in range(size)]
    made = table.advance_bots()
    stored = class_db.moves(table.id)
    assert made >= 1 and stored[len(state.history)].seat == away and stored[len(state.history)].by_bot
    assert all(move.by_bot == (move.seat == away) for move in stored[len(state.history):])
    after = table.sync()
    assert after.is_over or after.current_player != away  # it stops at a student who is there
    table.heartbeat(name_at(table, away))  # back: their turns are theirs again
    assert not any(seat.away for seat in table.seats())
    while not table.sync().is_over and table.sync().current_player != away:
        view = table.view(name_at(table, table.sync().current_player))
        table.play(name_at(table, view.mover), view.seq, str(view.legal[0]))
    if not table.sync().is_over:
        assert table.advance_bots() == 0
        view = table.view(name_at(table, away))
        assert view.mover == away and view.legal


def test_a_bots_decisions_for_a_student_away_are_marked_in_the_record(class_db: ClassDB) -> None:
    clock = Clock()
    table = seated(class_db, "twentyfive", 3, people=3, clock=clock)
    rng = random.Random(2)
    while not table.sync().is_over:
        state = table.sync()
        if state.current_player == 1 and rng.random() < 0.5:  # Bo steps away now and then
            clock.now += 31
            for name in ("Ana", "Chie"):
                table.heartbeat(name)
            table.advance_bots()
            table.heartbeat("Bo")
            continue
        name = name_at(table, state.current_player)
        view = table.view(name)
        table.play(name, view.seq, str(view.legal[rng.randrange(len(view.legal))]))
    bo = [row for row in stored_rows(class_db, "twentyfive") if row["seat"] == "1"]
    bot_moves = [move for move in class_db.moves(table.id) if move.by_bot]
    assert bot_moves and all(move.seat == 1 for move in bot_moves)
    decided_by_bot = sum(move.notation in ("draw", "pass") for move in bot_moves)
    assert sum(row["by"] == "bot" for row in bo) == decided_by_bot > 0
    assert {row["by"] for row in bo} == {"person", "bot"}


# --- the schema ---------------------------------------------------------------------------------------------

def test_a_version_1_class_database_is_brought_to_this_version_and_keeps_everything(class_db_url: str) -> None:
    engine = create_engine(database_url(class_db_url))
    old = MetaData()
    for table in metadata.sorted_tables:  # version 1: no seats, and a table without options and timeout
        if table.name == "tables":
            SqlTable("tables", old, Column("id", Integer, primary_key=True, autoincrement=True),
                     Column("class_code", String(20), ForeignKey("classes.code"), nullable=False),
                     Column("game", String(40), nullable=False), Column("seed", BigInteger, nullable=False),
                     Column("size", Integer, nullable=False), Column("state", String(20), nullable=False),
                     Column("created", DateTime(timezone=True), nullable=False))
        elif table.name != "seats":
            table.to_metadata(old)
    moment = datetime.now(timezone.utc)
    with engine.begin() as connection:
        old.create_all(connection)
        connection.execute(schema_version.insert().values(version=1))
        connection.execute(old.tables["classes"].insert().values(code="KATSU", game="satori", created=moment))
        connection.execute(old.tables["students"].insert().values(class_code="KATSU", name="Ana", joined=moment))
        connection.execute(old.tables["tables"].insert().values(id=1, class_code="KATSU", game="satori", seed=12,
                                                                 size=3, state="open", created=moment))
        connection.execute(old.tables["moves"].insert().values(table_id=1, seq=0, seat=0, notation="play satori",
                                                                by_bot=False, time=moment))
    engine.dispose()
    with ClassDB(class_db_url) as db:
        with db.engine.connect() as connection:
            assert connection.scalar(select(schema_version.c.version)) == SCHEMA_VERSION == 2
            assert inspect(connection).has_table("seats")
        assert [student.name for student in db.students("KATSU")] == ["Ana"]
        row = db.table_row(1)
        assert (row.seed, row.size, row.options, row.timeout) == (12, 3, {}, 30.0)
        table = Table(db, 1)
        assert table.game == info("satori").table_game(3)
        assert table.sit("Ana") == 0 and table.start("Ana")
        assert [move.notation for move in table.moves()] == ["play satori"]
    with ClassDB(class_db_url) as db:  # opened again: nothing more to do
        assert db.table_row(1).state == "playing"
