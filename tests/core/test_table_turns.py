"""Tables of people (cardlib.core.tables), one move at a time: races, illegal moves, seats, a student who
leaves, and the schema, on a real SQLite file and a real PostgreSQL for every game.

Every test of a table runs on both databases (the ``class_db`` fixture). Students' moves are seeded random
legal choices sent through ``play`` in the notation, as a page would send them (tests/core/table_helpers.py).
"""
from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from sqlalchemy import inspect, select

from cardlib.core.classdb import ClassDB, ClassDBError
from cardlib.core.classdb_tables import SCHEMA_VERSION, schema_version
from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.tables import MovedOn, NotYourTurn, Table, seated_at, start_all
from cardlib.games import info
from tests.core.table_helpers import (GAMES, NAMES, PEOPLE_SIZE, Clock, at_once, name_at, old_database, play_random,
                                      seated, seed_of, stored_rows)


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

        at_once(page, ((db, choices[k % len(choices)]) for k, db in enumerate(pages)))
        for db in pages:
            db.close()
        assert sorted(kind for kind, _, _ in outcomes) == ["moved on", "stored"]
        stored = class_db.moves(table.id)
        winner = next(text for kind, _, text in outcomes if kind == "stored")
        assert len(stored) == view.seq + 1 and stored[-1].notation == winner
        assert "The table moved on" in next(said for kind, said, _ in outcomes if kind == "moved on")
        races += 1
    assert races == 4


class Racing:
    """A kernel's class database while another kernel moves: its first look at the seats lets ``other`` play first
    (the moment between a kernel reading the log and storing its bot's move)."""

    def __init__(self, db: ClassDB, other: Table) -> None:
        self.db, self.other, self.armed = db, other, True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def seats(self, table_id: int) -> Any:
        if self.armed:
            self.armed = False
            self.other.advance_bots()
        return self.db.seats(table_id)


def at_the_bots_turn(db: ClassDB, game: str, size: int) -> Table:
    """A table of ``size`` with its last seat a bot, the people having played (seeded) up to the bot's turn."""
    for attempt in range(20):  # a game may end before the bot's turn comes (The Satori's Katsu can be quick)
        code = f"RACE{attempt:02d}"
        db.open_class(code, game=game)
        table = Table.open(db, code, game, size)
        for name in NAMES[:size - 1]:
            db.join(code, name)
            table.sit(name)
        table.start(NAMES[0])
        rng = random.Random(attempt)
        while (state := table.sync()).current_player not in (size - 1, None):
            name = name_at(table, state.current_player)
            view = table.view(name)
            table.play(name, view.seq, str(view.legal[rng.randrange(len(view.legal))]))
        if state.current_player == size - 1:
            return table
    raise AssertionError("no game of 20 reached the bot's turn")


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_decided_for_one_state_is_never_stored_after_another_kernels_move(
        class_db: ClassDB, game: str) -> None:
    size = PEOPLE_SIZE[game]
    table, bot = at_the_bots_turn(class_db, game, size), size - 1
    other = Table(class_db, table.id)  # another page's kernel, about to play the same bot's move
    racing = Table(Racing(class_db, other), table.id)
    racing.advance_bots()
    stored = class_db.moves(table.id)
    movers, state = [], table.game.new(seed=seed_of(class_db, table))
    for move in stored:
        movers.append(state.current_player)
        state.apply(info(game).parse(move.notation))
    assert [move.seat for move in stored] == movers, "a move stored under a seat that was not to move"
    assert not any(move.by_bot and move.seat != bot for move in stored), "a bot moved for a person who is here"


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
    with pytest.raises(IllegalActionError, match="is not a move of"):
        table.play(mover, seq, None)  # type: ignore[arg-type]  # what a broken page might send
    with pytest.raises(NotYourTurn, match=f"not your turn .seat {(state.current_player + 1) % size}."):
        table.play(other, seq, sorted(legal)[0])
    with pytest.raises(MovedOn, match="The table moved on"):
        table.play(mover, seq - 1, sorted(legal)[0])
    with pytest.raises(MovedOn):
        table.play(mover, seq + 1, sorted(legal)[0])
    with pytest.raises(MovedOn):
        table.play(mover, str(seq), sorted(legal)[0])  # type: ignore[arg-type]
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
    assert seated_at(class_db, "katsu", "ana") == table.id and seated_at(class_db, "KATSU", "Chie") is None
    with pytest.raises(RulesError, match="seats 2 or 3 or 4 or 5 players, not 6"):
        Table.open(class_db, "KATSU", "satori", 6)
    other, empty = Table.open(class_db, "KATSU", "satori", 3), Table.open(class_db, "KATSU", "satori", 3)
    assert other.sit("Chie") == 0
    assert start_all(class_db, "KATSU") == 1 and other.status == "playing" and empty.status == "open"
    assert [(seat.name, seat.bot) for seat in other.seats()] == [("Chie", False), (None, True), (None, True)]
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

        at_once(student, ((name,) for name in ("Bo", "Chie")))
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
    line = info(game)  # a turn, not a window of answers (its 10 s end first: tests/core/test_table_windows.py)
    play_random(table, random.Random(11), until=lambda state: len(state.history) >= 2 and not line.answer_window(state))
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
    rng, away = random.Random(2), False
    while not table.sync().is_over:
        state = table.sync()
        # Bo steps away now and then, and surely once at a draw-or-pass (the deal is the server's: any deal)
        drawing = any(str(action) in ("draw", "pass") for action in state.legal_actions())
        if state.current_player == 1 and (rng.random() < 0.5 or (drawing and not away)):
            away = away or drawing
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
    # a decision row each bot's draw or pass (a round where Bo never drew or passed has one "none" row, by the
    # bot if it revealed for Bo)
    assert sum(row["by"] == "bot" for row in bo if row["choice"] != "none") == decided_by_bot > 0
    assert {row["by"] for row in bo} == {"person", "bot"}


# --- the schema ---------------------------------------------------------------------------------------------

def test_a_version_1_class_database_is_brought_to_this_version_and_keeps_everything(class_db_url: str) -> None:
    old_database(class_db_url, 1, ["Ana"], state="open")  # version 1: no seats, a table without options and timeout
    with ClassDB(class_db_url) as db:
        with db.engine.connect() as connection:
            assert connection.scalar(select(schema_version.c.version)) == SCHEMA_VERSION == 3
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
