"""Windows of answers given at once at a table of people (cardlib.core.table_windows): The Satori's Katsu window
asked of every player at the same time, on a real SQLite file and a real PostgreSQL (the ``class_db`` fixture).

The table: Ana, Bo and Chie at seats 0-2 and a bot at seat 3 (four players, the bot first), from a fixed seed, on
a clock the test moves by hand. A window after the bot's play asks the three people (0, 1, 2); after Ana's, Bo,
Chie, bot.
"""
from __future__ import annotations

import itertools
import random
import threading
from dataclasses import replace
from typing import Any, Optional

import pytest
from sqlalchemy import inspect, select

from cardlib.core.classdb import ClassDB
from cardlib.core.classdb_tables import SCHEMA_VERSION, schema_version
from cardlib.core.errors import IllegalActionError
from cardlib.core.tables import Answered, MovedOn, NotYourTurn, Table, TooLate
from tests.core.table_helpers import Clock, assert_log_replays, at_once, looked_at, name_at, old_database, stored_rows

NAMES = ("Ana", "Bo", "Chie")


def katsu_table(db: ClassDB, clock: Clock, seed: int = 7, url: Optional[str] = None) -> Table:
    """Three people and a bot at a Satori table of four, started."""
    db.open_class("KATSU", game="satori")
    for name in NAMES:
        db.join("KATSU", name)
    table = Table(db, db.new_table("KATSU", "satori", seed, 4, options={"players": 4, "start": 3}), clock=clock)
    for name in NAMES:
        table.sit(name)
    assert table.start("Ana") and [seat.bot for seat in table.seats()] == [False, False, False, True]
    return table


def play_turn(table: Table) -> None:
    """The person to move plays satori while they have one (so a bot's Katsu never eliminates it), else zatsunen."""
    view = table.view(name_at(table, table.sync().current_player))
    texts = [str(action) for action in view.legal]
    table.play(name_at(table, view.mover), view.seq, "play satori" if "play satori" in texts else texts[0])


def play_until(table: Table, stop: Any) -> Any:
    """Play on (people: turns by play_turn, windows "no katsu" at once) until ``stop(state, window)``; the window
    then (None at the end of the game or at a turn)."""
    while True:
        table.advance_bots()
        window, state = table.window(), table.sync()
        if state.is_over or stop(state, window):
            return window
        if window is None:
            play_turn(table)
        else:
            opened = len(state.history) - window.answered
            if state.pile(state.active)[-1:] == ("S",) and window.waiting[0] < 3 and state.active < 3:
                table.answer(NAMES[window.waiting[0]], opened, "katsu")  # (the test knows): keeps the bot out of it
            answer_all(table, window, opened)


def answer_all(table: Table, window: Any, opened: int) -> None:
    """Every person the window waits for says "no katsu" (while the window is still open to them)."""
    for seat in window.waiting:
        asked = table.view(NAMES[seat]).window if seat < 3 else None
        if asked is not None and asked.opened == opened and asked.answers:
            table.answer(NAMES[seat], opened, "no katsu")


def to_window_of(table: Table, player: int) -> Any:
    """On to the window after ``player``'s next play (every person still in; the window asks them all)."""
    window = play_until(table, lambda state, window: window is not None and state.active == player
                        and window.answered == 0)
    assert window is not None, "the game ended first"
    return window


def log_of(db: ClassDB, table: Table, since: int) -> list[tuple[int, str]]:
    return [(move.seat, move.notation) for move in db.moves(table.id, since=since)]


# --- at once, in the digest's order ---------------------------------------------------------------------------

@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_three_people_answer_at_once_in_any_order_and_the_log_keeps_the_digests(class_db: ClassDB, order) -> None:
    table = katsu_table(class_db, Clock())
    window = to_window_of(table, 3)
    opened = len(table.sync().history)
    assert window.seats == (0, 1, 2) and all(table.view(name).window.answers == ("katsu", "no katsu") for name in NAMES)
    given: set[int] = set()
    for seat in order:
        table.answer(NAMES[seat], opened, "no katsu")
        given.add(seat)
        taken = next((k for k in range(3) if k not in given), 3)  # the log takes a prefix in clockwise order
        assert log_of(class_db, table, opened) == [(k, "no katsu") for k in range(taken)]
        assert all(not move.by_bot and not move.by_default for move in class_db.moves(table.id, since=opened))
    assert table.window() is None and table.sync().current_player == 0


def test_the_first_katsu_clockwise_wins_even_if_a_later_seat_called_first(class_db: ClassDB) -> None:
    table = katsu_table(class_db, Clock())
    to_window_of(table, 3)
    opened = len(table.sync().history)
    table.answer("Chie", opened, "katsu")   # seat 2 calls first ...
    table.answer("Bo", opened, "katsu")     # ... then seat 1, still waiting for seat 0
    assert log_of(class_db, table, opened) == []
    table.answer("Ana", opened, "no katsu")
    assert log_of(class_db, table, opened) == [(0, "no katsu"), (1, "katsu")]  # Bo's call; Chie's dropped
    assert table.window() is None
    with pytest.raises(MovedOn):            # that window has closed
        table.answer("Chie", opened, "katsu")


def test_a_bot_answers_at_once_from_the_seed_and_the_move_number(class_db: ClassDB) -> None:
    table = katsu_table(class_db, Clock())
    window = to_window_of(table, 0)
    opened = len(table.sync().history)
    assert window.seats == (1, 2, 3)
    table.answer("Chie", opened, "no katsu")
    table.answer("Bo", opened, "no katsu")  # the bot's answer follows at once, from (seed, move number)
    stored = class_db.moves(table.id, since=opened)
    assert [(move.seat, move.by_bot) for move in stored][:3] == [(1, False), (2, False), (3, True)]
    assert stored[2].notation == str(bot_move_after(class_db, table, opened + 2))


def test_a_student_away_past_the_timeout_answers_by_their_bot_at_once(class_db: ClassDB) -> None:
    clock = Clock()
    table = katsu_table(class_db, clock)
    clock.now += 31                          # Chie has gone: past the table's timeout
    table.heartbeat("Ana"), table.heartbeat("Bo")
    table.advance_bots()                     # the bot plays; its window asks Ana, Bo and Chie
    opened = len(table.sync().history)
    assert table.window().seats == (0, 1, 2) and [seat.away for seat in table.seats()][:3] == [False, False, True]
    table.answer("Bo", opened, "no katsu")
    table.answer("Ana", opened, "no katsu")  # then Chie's bot answers for her at once, not after the window's 10 s
    stored = class_db.moves(table.id, since=opened)
    assert [(move.seat, move.by_bot, move.by_default) for move in stored][:3] == [
        (0, False, False), (1, False, False), (2, True, False)]
    assert stored[2].notation == str(bot_move_after(class_db, table, opened + 2))


def bot_move_after(db: ClassDB, table: Table, seq: int) -> Any:
    """The bot's move number ``seq`` at another table of the same seed and the same first moves (as a turn's)."""
    row = db.table_row(table.id)
    twin = db.new_table("KATSU", "satori", row.seed, 4, "playing", options=row.options)
    for move in db.moves(table.id)[:seq]:
        assert db.append_move(twin, move.seq, move.seat, move.notation, move.by_bot)
    return Table(db, twin).bot_move()


# --- the time limit -------------------------------------------------------------------------------------------

def test_no_answer_within_the_limit_is_no_katsu_marked_as_the_default(class_db: ClassDB) -> None:
    clock = Clock()
    table = katsu_table(class_db, clock)
    to_window_of(table, 3)
    opened = len(table.sync().history)
    seen = [seat.seen for seat in class_db.seats(table.id)]
    assert table.window_seconds == 10.0 and table.view("Ana").window.left == pytest.approx(10.0)
    clock.now += 9.9
    assert table.advance_bots() == 0 and table.view("Bo").window.answers == ("katsu", "no katsu")
    assert table.view("Bo").window.left == pytest.approx(0.1)
    clock.now += 0.1
    view = table.view("Bo").window
    assert view.answers == () and view.left == 0 and view.default == "no katsu"
    with pytest.raises(TooLate, match="no answer counts as 'no katsu'"):
        table.answer("Bo", opened, "katsu")
    assert class_db.answers(table.id, opened) == {}
    assert table.advance_bots() == 3        # every seat's default, then Ana's turn: she is there
    stored = class_db.moves(table.id, since=opened)
    assert [(m.seat, m.notation, m.by_bot, m.by_default) for m in stored] == [
        (seat, "no katsu", False, True) for seat in range(3)]
    assert [seat.seen for seat in class_db.seats(table.id)] == seen  # a default says nobody was there
    with pytest.raises(MovedOn):  # the window has closed
        table.answer("Bo", opened, "no katsu")
    while table.status == "playing":        # to the end, people answering in time
        to_end_step(table)
    rows = [row for row in stored_rows(class_db, "satori") if row["seat"] == "1"]
    defaults = [move for move in class_db.moves(table.id) if move.by_default and move.seat == 1]
    assert sum(row["by"] == "default" for row in rows) == len(defaults) == 1
    assert {row["by"] for row in rows} == {"person", "default"}


def to_end_step(table: Table) -> None:
    table.advance_bots()
    window, state = table.window(), table.sync()
    if state.is_over:
        return
    if window is None:
        play_turn(table)
        return
    answer_all(table, window, len(state.history) - window.answered)


# --- refusals, and what a page sees ---------------------------------------------------------------------------

def test_a_seat_outside_the_window_a_second_answer_or_a_wrong_one_is_refused_and_stores_nothing(
        class_db: ClassDB) -> None:
    table = katsu_table(class_db, Clock())
    to_window_of(table, 0)
    opened = len(table.sync().history)
    with pytest.raises(NotYourTurn, match="not asked in this window"):
        table.answer("Ana", opened, "katsu")       # her own card
    with pytest.raises(MovedOn):
        table.answer("Chie", opened - 1, "katsu")  # another window's number
    with pytest.raises(IllegalActionError):
        table.answer("Chie", opened, "play satori")
    assert class_db.answers(table.id, opened) == {} and len(class_db.moves(table.id)) == opened
    table.answer("Chie", opened, "no katsu")
    with pytest.raises(Answered, match="already"):
        table.answer("Chie", opened, "katsu")
    with pytest.raises(Answered):
        table.answer("Chie", opened, "no katsu")
    assert {seat: answer.notation for seat, answer in class_db.answers(table.id, opened).items()} == {2: "no katsu"}
    assert table.view("Chie").window.answered == "no katsu" and table.view("Chie").window.answers == ()
    table.answer("Bo", opened, "no katsu")
    assert log_of(class_db, table, opened)[:2] == [(1, "no katsu"), (2, "no katsu")]
    with pytest.raises((Answered, MovedOn)):
        table.answer("Chie", opened, "katsu")


def test_the_seat_the_rules_ask_next_may_still_play_its_answer_and_the_answers_given_follow(class_db: ClassDB) -> None:
    table = katsu_table(class_db, Clock())
    to_window_of(table, 3)
    opened = len(table.sync().history)
    table.answer("Chie", opened, "no katsu")
    table.answer("Bo", opened, "katsu")
    view = table.view("Ana")                 # a page of before: the mover's legal actions, play(name, seq, text)
    assert (view.mover, view.seq, [str(action) for action in view.legal]) == (0, opened, ["katsu", "no katsu"])
    with pytest.raises(NotYourTurn):
        table.play("Bo", opened, "no katsu")
    assert table.play("Ana", view.seq, "no katsu") == opened + 2
    assert log_of(class_db, table, opened) == [(0, "no katsu"), (1, "katsu")]
    with pytest.raises(MovedOn):
        table.play("Ana", view.seq, "katsu")


def test_a_view_never_shows_another_seats_pending_answer(class_db: ClassDB) -> None:
    table = katsu_table(class_db, Clock())
    to_window_of(table, 3)
    opened = len(table.sync().history)
    before = {name: table.view(name) for name in NAMES}
    table.answer("Chie", opened, "katsu")
    assert table.view("Ana") == before["Ana"] and table.view("Bo") == before["Bo"]  # not even that she answered
    assert table.view("Chie") == replace(before["Chie"], window=replace(before["Chie"].window, answered="katsu",
                                                                         answers=()))
    table.answer("Bo", opened, "no katsu")
    assert table.view("Ana") == before["Ana"]
    assert table.view("Bo") == replace(before["Bo"], window=replace(before["Bo"].window, answered="no katsu",
                                                                     answers=()))
    assert table.view("Ana").window.answers == ("katsu", "no katsu") and len(table.moves()) == opened


# --- races ---------------------------------------------------------------------------------------------------

def race(*work: Any) -> list[Any]:
    """Run the callables in threads at once; their results or the errors raised."""
    start, out = threading.Barrier(len(work)), [None] * len(work)

    def run(k: int) -> None:
        start.wait(timeout=60)
        try:
            out[k] = work[k]()
        except Exception as error:
            out[k] = error

    at_once(run, ((k,) for k in range(len(work))))
    return out


def test_two_racing_resolvers_store_each_move_once_and_an_answer_races_its_default(class_db: ClassDB,
                                                                                   class_db_url: str) -> None:
    clock, late = Clock(), Clock()
    table = katsu_table(class_db, clock)
    kernels = [ClassDB(class_db_url), ClassDB(class_db_url)]
    try:
        for round_no in range(4):
            if play_until(table, lambda state, window: window is not None and state.active == 3
                          and window.answered == 0) is None:
                break                                       # the game is over
            opened = len(table.sync().history)
            table.answer("Chie", opened, "no katsu")
            late.now = clock.now + 10                       # the resolvers' clock: the time is up
            early = Table(kernels[0], table.id, clock=lambda: late.now - 0.001)
            resolver = Table(kernels[1], table.id, clock=late)
            early.sync(), resolver.sync()
            if round_no % 2:                                # two resolvers at once
                made = race(resolver.advance_bots, Table(kernels[0], table.id, clock=late).advance_bots)
                assert sum(made) == 3, made
                expect = [(0, "no katsu", True), (1, "no katsu", True), (2, "no katsu", False)]
            else:                                           # Ana's last-moment answer against her default
                said, made = race(lambda: early.answer("Ana", opened, "no katsu"), resolver.advance_bots)
                ana = class_db.moves(table.id, since=opened)[0]
                assert isinstance(said, (TooLate, MovedOn)) if ana.by_default else isinstance(said, int), said
                expect = [(0, "no katsu", ana.by_default), (1, "no katsu", True), (2, "no katsu", False)]
            stored = class_db.moves(table.id, since=opened)
            assert [(m.seat, m.notation, m.by_default) for m in stored][:len(expect)] == expect
            assert [m.seq for m in class_db.moves(table.id)] == list(range(len(class_db.moves(table.id))))
            clock.now = late.now
            for name in NAMES:
                table.heartbeat(name)
    finally:
        for db in kernels:
            db.close()


# --- whole games ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 11, 13])  # games with katsu, defaults and bot answers
def test_a_whole_game_answered_at_once_replays_to_the_same_end_and_scores(class_db: ClassDB, seed: int) -> None:
    clock, rng = Clock(), random.Random(seed)
    table = katsu_table(class_db, clock, seed=seed)
    windows = 0
    while table.status == "playing":
        state, window = looked_at(table, NAMES)  # every page is open
        if state.is_over:
            break
        if window is None:
            view = table.view(name_at(table, state.current_player))
            table.play(name_at(table, view.mover), view.seq, str(rng.choice(view.legal)))
            continue
        opened, windows = len(state.history) - window.answered, windows + 1
        people = [seat for seat in window.waiting if seat < 3]
        rng.shuffle(people)
        given = {}
        for seat in people[:len(people) - (rng.random() < 0.2)]:  # now and then one says nothing in time
            said = "katsu" if rng.random() < 0.3 else "no katsu"
            try:
                table.answer(NAMES[seat], opened, said)
                given[seat] = said
            except MovedOn:  # an earlier seat's katsu closed the window
                assert table.view(NAMES[seat]).window is None or table.view(NAMES[seat]).window.opened != opened
        if table.window() is not None and len(table.sync().history) - table.window().answered == opened:
            clock.now += 10
            table.advance_bots()
        clock.now += 1
        told = [(m.seat, m.notation, m.by_bot, m.by_default) for m in class_db.moves(table.id, since=opened)]
        for asked, (seat, notation, by_bot, by_default) in zip(window.seats, told):  # the rules' order, to a katsu
            assert seat == asked
            assert notation == given.get(seat, notation) and by_default == (seat < 3 and seat not in given)
            assert by_bot == (seat == 3)
            if notation == "katsu":
                break
    final = assert_log_replays(class_db, table)
    stored = class_db.moves(table.id)
    kinds = {"katsu": sum(m.notation == "katsu" for m in stored), "default": sum(m.by_default for m in stored),
             "bot": sum(m.by_bot and m.notation.endswith("katsu") for m in stored)}
    print(f"seed {seed}: {windows} windows, {len(stored)} moves, {kinds}")
    assert windows > 5 and all(kinds.values()) and table.sync().result() == final.result()
    rows = stored_rows(class_db, "satori")
    assert {row["by"] for row in rows} <= {"person", "default"} and {row["seat"] for row in rows} <= {"0", "1", "2"}


# --- the schema ---------------------------------------------------------------------------------------------

def test_a_version_2_class_database_gains_the_windows_and_keeps_everything(class_db_url: str) -> None:
    old_database(class_db_url, 2, NAMES, state="playing", options='{"players": 3}', timeout=30.0)
    with ClassDB(class_db_url) as db:
        with db.engine.connect() as connection:
            assert connection.scalar(select(schema_version.c.version)) == SCHEMA_VERSION == 3
            assert inspect(connection).has_table("answers")
            assert {"clock", "by_default"} <= {c["name"] for c in inspect(connection).get_columns("moves")}
        assert db.table_row(1).window == 10.0 and (db.table_row(1).timeout, db.table_row(1).seed) == (30.0, 12)
        [move] = db.moves(1)
        assert (move.notation, move.by_bot, move.by_default, move.clock) == ("play satori", False, False, None)
        table = Table(db, 1)  # the window's time counts from the old move's time
        assert 0 < table.view("Bo").window.left <= 10
        table.answer("Chie", 1, "no katsu")
        table.answer("Bo", 1, "no katsu")
        assert [(m.seat, m.notation) for m in table.moves()] == [(0, "play satori"), (1, "no katsu"),
                                                                  (2, "no katsu")]
    with ClassDB(class_db_url) as db:  # opened again: nothing more to do
        assert len(db.moves(1)) == 3 and db.answers(1, 1).keys() == {1, 2}
