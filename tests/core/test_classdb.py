"""The class database on a real SQLite file and a real PostgreSQL server (``make test`` starts one).

Every test runs on both (the ``class_db`` fixture of tests/conftest.py). The rounds written are the
rows real apps keep: the sample students of tools/class_samples.py playing the apps, whose CSVs are
the sample class files under notebooks/data/class/.
"""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, func, select, update

from cardlib.core.classdb import BadName, BadRound, ClassDB, ClassDBError, NewerDatabase, WrongCode
from cardlib.core.classdb_people import Answer
from cardlib.core.classdb_tables import SCHEMA_VERSION, answers, moves, round_rows, rounds, schema_version, students
from cardlib.core.classroom import read_class_files
from cardlib.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "notebooks" / "data" / "class"
STUDENTS = 2  # of each game's six sample students
ODD_NAMES = ["<b>x</b>", "Ana'; DROP TABLE students;--", 'Bo"b', "さくら", "  Zoë  ", "%s %(name)s ?"]
LOOP_ROW = {"game": "loop", "players": 4, "seat": 0, "game_no": 1, "round": 1, "set": 1, "set_round": 1,
            "kind": "normal", "chair": 0, "start": 0, "hand": "4y 5y 6b 7r 8b 9y 10y 12y 13r 13y 15b",
            "aside": "6b 9y", "previous": "", "rank": 3, "base": 1, "bonus": 0, "points": 1, "total": 3}


def loop_round(number: int = 1, lines: int = 1) -> list[dict[str, Any]]:
    """A Loop round of ``lines`` rows that passes the checks (the record's round number ``number``)."""
    return [dict(LOOP_ROW, round=number, points=line % 5) for line in range(lines)]


@lru_cache(maxsize=None)
def played(index: int, number: int) -> tuple[str, tuple[tuple[dict[str, Any], ...], ...], str, int]:
    """Sample student ``number`` of the registry's game ``index`` playing the real app, as
    tools/class_samples.py plays it: (game, the rows of each finished round, the app's CSV, the seat)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from class_samples import student_played

    line = REGISTRY[index]
    app = student_played(line, number, seed=2026 + 1000 * index + number)
    by_round: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for row in app.records.rows:
        by_round.setdefault((row["game_no"], row["round"]), []).append(row)
    return line.name, tuple(tuple(rows) for rows in by_round.values()), app.records.csv_text(), app.names.me


def a_class_of_sample_students(db: ClassDB) -> dict[str, str]:
    """Two sample students of each game write their rounds into class S; returns name -> the app's CSV."""
    db.open_class("S")
    written = {}
    for index in range(len(REGISTRY)):
        for number in range(STUDENTS):
            game, rounds_of, text, seat = played(index, number)
            name = f"{game} student {number + 1}"
            db.join("S", name)
            for count, rows in enumerate(rounds_of, start=1):
                assert db.add_round("S", name, game, "bots", seat, list(rows), key=f"page:{count}") == count
            written[name] = text
    return written


def count(db: ClassDB, table: Any) -> int:
    """Rows in one of the database's tables."""
    with db.engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(table)))


# --- classes, students, names ----------------------------------------------------------------------

def test_a_class_opens_once_and_again_with_the_game_given_last(class_db: ClassDB) -> None:
    assert class_db.class_info("ABCD") is None
    first = class_db.open_class(" abcd ", game="scout")
    assert (first.code, first.game) == ("ABCD", "scout")
    class_db.join("ABCD", "Ana")
    again = class_db.open_class("ABCD")  # the teacher restarts, students choosing: nobody is lost
    assert (again.code, again.game, again.created) == ("ABCD", None, first.created)
    assert class_db.class_info("abcd") == again and [s.name for s in class_db.students("ABCD")] == ["Ana"]
    for bad in ["", "AB CD", "A" * 21, "ÄBC"]:
        with pytest.raises(ClassDBError, match="a class code is 1 to 20"):
            class_db.open_class(bad)
    with pytest.raises(ClassDBError, match="no game 'chess'; the games are twentyfive"):
        class_db.open_class("CHESS", game="chess")


def test_a_student_joins_trimmed_and_the_same_name_again_carries_on(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    assert class_db.join("abcd", "  Ana\u3000") == "Ana"  # an ideographic space trimmed too
    class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(), key="k1")
    assert class_db.join(" ABCD ", "Ana ") == "Ana"
    assert [(s.name, s.rounds) for s in class_db.students("ABCD")] == [("Ana", 1)]
    assert class_db.rounds_played("ABCD", " Ana ") == 1


def test_the_same_name_in_other_capitals_or_another_unicode_form_is_the_same_student(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    assert class_db.join("ABCD", "Zoe\u0301 Ana") == "Zo\u00e9 Ana"  # an accent typed apart: stored composed
    class_db.add_round("ABCD", "Zo\u00e9 Ana", "loop", "bots", 0, loop_round(), key="k1")
    assert class_db.join("ABCD", "ZOÉ ANA") == class_db.join("ABCD", "zoe\u0301 ana") == "Zo\u00e9 Ana"
    assert [(s.name, s.rounds) for s in class_db.students("ABCD")] == [("Zo\u00e9 Ana", 1)]
    assert class_db.join("ABCD", "Zoe Ana") == "Zoe Ana"  # without the accent: another student


def test_a_wrong_code_is_refused_and_the_message_tells_nothing_of_the_classes(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    messages = set()
    for code in ["ABCE", "ABC", "ABCDE", "", "x" * 100, "AB'CD", "ABCD;--"]:
        with pytest.raises(WrongCode) as refused:
            class_db.join(code, "Ana")
        messages.add(str(refused.value))
    assert messages == {"That is not the code of an open class: check it with your teacher."}
    assert count(class_db, students) == 0
    class_db.delete_class("ABCD")
    with pytest.raises(WrongCode):
        class_db.join("ABCD", "Ana")


def test_a_name_is_one_to_forty_characters_after_trimming(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    assert class_db.join("ABCD", "  " + "x" * 40 + "  ") == "x" * 40
    assert class_db.join("ABCD", "名" * 40) == "名" * 40  # characters, not bytes
    for name, why in [("", "type your name"), (" \t ", "type your name"), ("x" * 41, "at most 40 characters"),
                      ("An\na", "line break"), ("A\x00na", "control character")]:
        with pytest.raises(BadName, match=why):
            class_db.join("ABCD", name)
    assert len(class_db.students("ABCD")) == 2


def test_names_are_stored_exactly_as_given_and_never_read_as_sql(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    for name in ODD_NAMES:
        stored = class_db.join("ABCD", name)
        assert stored == name.strip()
        class_db.add_round("ABCD", stored, "loop", "bots", 0, loop_round(), key="k")
    assert sorted(s.name for s in class_db.students("ABCD")) == sorted(name.strip() for name in ODD_NAMES)
    assert all(class_db.rounds_played("ABCD", name) == 1 for name in ODD_NAMES)
    assert count(class_db, students) == len(ODD_NAMES)  # the table is still there
    with zipfile.ZipFile(io.BytesIO(class_db.export_zip("ABCD"))) as archive:
        files = archive.namelist()
    assert len(set(files)) == len(ODD_NAMES)
    assert all(name.startswith("loop-") and name.endswith(".csv") for name in files)
    assert not any(char in name for name in files for char in "<>'\"/\\;% ?"), files
    assert "loop-さくら.csv" in files and "loop-b_x_b.csv" in files


# --- rounds ------------------------------------------------------------------------------------------

def test_rounds_are_counted_a_student_a_game(class_db: ClassDB) -> None:
    class_db.open_class("ABCD", game="loop")
    class_db.join("ABCD", "Ana")
    class_db.join("ABCD", "Ben")
    numbers = [class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(n), key=f"a{n}") for n in (1, 2, 3)]
    game, rounds_of, _, seat = played(0, 0)
    numbers.append(class_db.add_round("ABCD", "Ana", game, "bots", seat, list(rounds_of[0]), key="t1"))
    numbers.append(class_db.add_round("ABCD", "Ben", "loop", "table 2", 0, loop_round(), key="a1"))
    assert numbers == [1, 2, 3, 1, 1]
    assert class_db.rounds_played("ABCD", "Ana") == 4
    assert class_db.rounds_played("ABCD", "Ana", "loop") == 3
    assert class_db.rounds_played("ABCD", "Ana", "scout") == 0
    assert class_db.rounds_played("ABCD", "Cleo") == 0
    with pytest.raises(ClassDBError, match="'Cleo' has not joined class 'ABCD'"):
        class_db.add_round("ABCD", "Cleo", "loop", "bots", 0, loop_round(), key="c1")
    with pytest.raises(ClassDBError, match="'Ana' has not joined class 'WXYZ'"):
        class_db.add_round("WXYZ", "Ana", "loop", "bots", 0, loop_round(), key="w1")


def test_a_round_with_a_bad_value_writes_nothing(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    class_db.join("ABCD", "Ana")
    bad = loop_round(lines=3)
    bad[2]["players"] = 11
    with pytest.raises(BadRound, match="row 3, column players: 11 is out of range"):
        class_db.add_round("ABCD", "Ana", "loop", "bots", 0, bad, key="k1")
    for rows, why in [([], "at least one row"), ([dict(LOOP_ROW, game="scout")], "game 'scout' at seat 0"),
                      ([dict(LOOP_ROW, seat=1)], "where the round is 'loop' at seat 0"),
                      ([{k: v for k, v in LOOP_ROW.items() if k != "rank"}], "missing the columns rank"),
                      ([dict(LOOP_ROW, aside=object())], "not written")]:
        with pytest.raises(BadRound, match=why):
            class_db.add_round("ABCD", "Ana", "loop", "bots", 0, rows, key="k1")
    assert (count(class_db, rounds), count(class_db, round_rows), class_db.rounds_played("ABCD", "Ana")) == (0, 0, 0)
    assert class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(), key="k1") == 1


def test_a_round_that_fails_while_its_rows_are_written_leaves_nothing(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    class_db.join("ABCD", "Ana")
    written: list[str] = []

    def fail_on_the_rows(connection: Any, cursor: Any, statement: str, *rest: Any) -> None:
        if statement.startswith("INSERT INTO"):
            written.append(statement.split()[2])
        if statement.startswith("INSERT INTO round_rows"):  # the round itself is already inserted
            raise OSError("the disk is full")

    event.listen(class_db.engine, "before_cursor_execute", fail_on_the_rows)
    with pytest.raises(OSError, match="the disk is full"):
        class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(lines=4), key="k1")
    event.remove(class_db.engine, "before_cursor_execute", fail_on_the_rows)
    assert "rounds" in written and "round_rows" in written  # the round was inserted, then its rows failed
    assert (count(class_db, rounds), count(class_db, round_rows)) == (0, 0)
    assert class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(lines=4), key="k1") == 1
    assert (count(class_db, rounds), count(class_db, round_rows)) == (1, 4)


def test_the_same_round_key_twice_is_stored_once(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    for name in ("Ana", "Ben"):
        class_db.join("ABCD", name)
    assert class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(1, lines=2), key="page-7:1:1") == 1
    assert class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(1, lines=2), key="page-7:1:1") == 1
    assert class_db.add_round("ABCD", "Ben", "loop", "bots", 0, loop_round(1, lines=2), key="page-7:1:1") == 1
    assert class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(2, lines=2), key="page-7:1:2") == 2
    assert (count(class_db, rounds), count(class_db, round_rows)) == (3, 6)
    assert class_db.rounds_played("ABCD", "Ana") == 2


def test_students_lists_each_name_with_rounds_and_last_time(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    for name in ("Cleo", "Ana", "Ben"):
        class_db.join("ABCD", name)
    for n in (1, 2):
        class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(n), key=f"k{n}")
    listed = class_db.students("ABCD")
    assert [(s.name, s.rounds) for s in listed] == [("Cleo", 0), ("Ana", 2), ("Ben", 0)]  # in the order they joined
    assert listed[0].last is None and listed[1].last is not None and listed[1].last >= listed[1].joined
    assert listed[1].last.utcoffset() is not None
    assert class_db.students("WXYZ") == []


def test_delete_class_removes_everything_of_it_and_nothing_else(class_db: ClassDB) -> None:
    for code in ("ABCD", "WXYZ"):
        class_db.open_class(code)
        class_db.join(code, "Ana")
        class_db.add_round(code, "Ana", "loop", "bots", 0, loop_round(lines=2), key="k")
        class_db.append_move(table := class_db.new_table(code, "loop", seed=1, size=4), 0, 0, "play 4y", False)
        assert class_db.add_answer(table, 1, 2, "no katsu", 1000.0, logged=1) == "stored"
    assert class_db.delete_class("abcd") is True
    assert class_db.class_info("ABCD") is None and class_db.students("ABCD") == []
    assert class_db.delete_class("ABCD") is False
    assert (count(class_db, rounds), count(class_db, round_rows), count(class_db, students)) == (1, 2, 1)
    assert (count(class_db, moves), count(class_db, answers)) == (1, 1)
    assert class_db.rounds_played("WXYZ", "Ana") == 1


# --- what the class reads back ------------------------------------------------------------------------

@pytest.mark.xdist_group("classdb_apps")
def test_class_data_is_what_read_class_files_makes_of_the_apps_csvs(class_db: ClassDB) -> None:
    written = a_class_of_sample_students(class_db)
    for index in range(len(REGISTRY)):  # the rows written are the sample files' rows
        for number in range(STUDENTS):
            game, _, text, _ = played(index, number)
            assert text == (SAMPLES / f"{game}-student{number + 1:02d}.csv").read_text(encoding="utf-8")
    files = dict(class_db.class_csvs("S"))
    assert len(files) == len(written)
    for name, text in written.items():  # each student's file is the very CSV the app wrote
        assert files[f"{name.split()[0]}-{name.replace(' ', '_')}.csv"] == text.encode("utf-8")
    from_db = class_db.class_data("S")
    from_csvs = read_class_files(list(files.items()))
    assert from_db.skipped == [] and sorted(from_db.read) == sorted(from_csvs.read) == sorted(files)
    assert sorted(from_db.tables) == sorted(line.name for line in REGISTRY)
    for game, table in from_csvs.tables.items():
        mine = from_db.tables[game].sort_values(["file", "game_no", "round"], kind="stable").reset_index(drop=True)
        theirs = table.sort_values(["file", "game_no", "round"], kind="stable").reset_index(drop=True)
        assert mine.equals(theirs), game
    scout = class_db.class_data("S", game="scout")
    assert list(scout.tables) == ["scout"] and scout["scout"].equals(from_db["scout"])


@pytest.mark.xdist_group("classdb_apps")
def test_export_zip_holds_the_apps_csvs_and_reads_back_whole(class_db: ClassDB) -> None:
    written = a_class_of_sample_students(class_db)
    with zipfile.ZipFile(io.BytesIO(class_db.export_zip("S"))) as archive:
        exported = [(name, archive.read(name)) for name in archive.namelist()]
    assert sorted(raw.decode("utf-8") for _, raw in exported) == sorted(written.values())
    again = read_class_files(exported)
    assert again.skipped == [] and len(again.read) == len(written)
    assert {game: len(table) for game, table in again.tables.items()} == \
        {game: len(table) for game, table in class_db.class_data("S").tables.items()}
    assert class_db.class_data("NONE").tables == {} and class_db.export_zip("NONE") != b""


# --- many writers, killed writers, a newer database -----------------------------------------------------

def test_thirty_students_writing_twenty_rounds_at_once_all_land(class_db: ClassDB, class_db_url: str) -> None:
    class_db.open_class("ABCD", game="loop")
    writers, each = 30, 20
    names = [f"student {n}" for n in range(writers)]
    for name in names:
        class_db.join("ABCD", name)
    start, errors = threading.Barrier(writers), []

    def student(name: str) -> None:
        try:
            with ClassDB(class_db_url) as db:  # a kernel of its own opens the database
                start.wait(timeout=120)
                for n in range(1, each + 1):
                    assert db.add_round("ABCD", name, "loop", "bots", 0, loop_round(n, lines=3), key=f"r{n}") == n
        except Exception as error:  # every error is reported, "database is locked" above all
            errors.append(f"{name}: {error!r}")
            start.abort()

    threads = [threading.Thread(target=student, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert (count(class_db, rounds), count(class_db, round_rows)) == (writers * each, writers * each * 3)
    assert all(s.rounds == each for s in class_db.students("ABCD"))


WRITER = """
import json, sys
from cardlib.core.classdb import ClassDB
db = ClassDB(sys.argv[1])
rows = json.loads(open(sys.argv[2]).read())
for n in range(1, 100_000):
    db.add_round("ABCD", "Ana", "loop", "bots", 0, rows, key=f"r{n}")
    print(n, flush=True)
"""


def test_a_writer_killed_mid_stream_leaves_each_finished_round_whole(class_db: ClassDB, class_db_url: str,
                                                                     tmp_path: Path) -> None:
    class_db.open_class("ABCD")
    class_db.join("ABCD", "Ana")
    lines = 200  # a long round: the kill most likely lands inside a transaction
    (tmp_path / "rows.json").write_text(json.dumps(loop_round(lines=lines)))
    writer = subprocess.Popen([sys.executable, "-c", WRITER, class_db_url, str(tmp_path / "rows.json")],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT, env=os.environ.copy())
    assert writer.stdout is not None
    finished = [int(writer.stdout.readline()) for _ in range(15)]
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=60)
    finished += [int(line) for line in writer.stdout.read().split()]
    assert writer.returncode == -signal.SIGKILL and finished == list(range(1, len(finished) + 1))
    with ClassDB(class_db_url) as after:  # a new kernel opens the database the killed one left
        stored = after.rounds_played("ABCD", "Ana")
        assert stored in (len(finished), len(finished) + 1)  # the last may have committed before it printed
        with after.engine.connect() as connection:
            keys = set(connection.scalars(select(rounds.c.round_key)))
            sizes = connection.execute(select(round_rows.c.round_id, func.count()).group_by(round_rows.c.round_id))
            assert sorted(size for _, size in sizes) == [lines] * stored  # no round half-written
        assert {f"r{n}" for n in finished} <= keys
        assert after.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(), key="after") == stored + 1


def test_a_database_of_a_newer_schema_is_refused_with_a_message(class_db: ClassDB, class_db_url: str) -> None:
    with class_db.engine.begin() as connection:
        connection.execute(update(schema_version).values(version=SCHEMA_VERSION + 1))
    with pytest.raises(NewerDatabase, match=f"schema version {SCHEMA_VERSION + 1}, made by a newer cardlib; "
                                            f"this one reads version {SCHEMA_VERSION}"):
        ClassDB(class_db_url)


# --- shared tables' moves (issue 24) -----------------------------------------------------------------

def test_a_move_is_stored_only_as_the_next_one(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    table = class_db.new_table("ABCD", "scout", seed=7, size=3)
    assert class_db.append_move(table, 1, 0, "show 3", False) is False  # 0 comes first
    assert class_db.append_move(table, 0, 0, "show 3", False) is True
    assert class_db.append_move(table, 0, 1, "scout", True) is False  # the table moved on
    assert class_db.append_move(table, 1, 1, "scout", True) is True
    assert [(m.seq, m.seat, m.notation, m.by_bot) for m in class_db.moves(table)] == \
        [(0, 0, "show 3", False), (1, 1, "scout", True)]
    assert class_db.moves(table + 1) == []
    with pytest.raises(ClassDBError, match="no table"):
        class_db.append_move(table + 1, 0, 0, "show 3", False)
    with pytest.raises(WrongCode):
        class_db.new_table("WXYZ", "scout", seed=7, size=3)


def test_an_answer_is_stored_once_a_seat_a_window_and_only_against_the_log_it_was_checked_on(
        class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    table = class_db.new_table("ABCD", "satori", seed=7, size=3, window=4.5)
    assert class_db.table_row(table).window == 4.5
    assert class_db.append_move(table, 0, 0, "play satori", False, clock=1000.0) is True
    assert class_db.add_answer(table, 1, 2, "katsu", 1001.0, logged=1) == "stored"
    assert class_db.add_answer(table, 1, 2, "no katsu", 1002.0, logged=1) == "answered"  # one a seat a window
    assert class_db.add_answer(table, 1, 1, "no katsu", 1002.0, logged=0) == "moved"     # checked on an old log
    assert class_db.answers(table, 1) == {2: Answer(2, "katsu", 1001.0)} and class_db.answers(table, 5) == {}
    assert class_db.append_move(table, 1, 2, "no katsu", False, unanswered=1) is False     # seat 2 has answered
    assert class_db.append_move(table, 1, 1, "no katsu", False, clock=1010.0, by_default=True, unanswered=1)
    assert [(m.seat, m.by_default, m.clock) for m in class_db.moves(table)] == [(0, False, 1000.0), (1, True, 1010.0)]
    with pytest.raises(ClassDBError, match="time to answer"):
        class_db.new_table("ABCD", "satori", seed=7, size=3, window=0)


def test_two_writers_racing_for_the_same_move_one_wins(class_db: ClassDB, class_db_url: str) -> None:
    class_db.open_class("ABCD")
    table, moves_each = class_db.new_table("ABCD", "loop", seed=1, size=2), 20
    start, won, errors = threading.Barrier(2), [[], []], []

    def player(seat: int) -> None:
        try:
            with ClassDB(class_db_url) as db:
                for seq in range(moves_each):
                    start.wait(timeout=120)
                    if db.append_move(table, seq, seat, f"move {seq} of seat {seat}", False):
                        won[seat].append(seq)
        except Exception as error:
            errors.append(repr(error))
            start.abort()

    threads = [threading.Thread(target=player, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and sorted(won[0] + won[1]) == list(range(moves_each))
    stored = class_db.moves(table)
    assert [m.seq for m in stored] == list(range(moves_each))
    assert all(m.notation == f"move {m.seq} of seat {m.seat}" and m.seq in won[m.seat] for m in stored)


def test_a_seat_is_taken_once_and_the_last_one_starts_the_table(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    for name in ("Ana", "Bo", "Chie"):
        class_db.join("ABCD", name)
    table = class_db.new_table("ABCD", "satori", seed=7, size=2, timeout=12)
    row = class_db.table_row(table)
    assert (row.options, row.timeout, row.state) == ({"players": 2}, 12.0, "open") and "7" not in repr(row)
    assert class_db.take_seat(table, "ana", seen=1.0) == 0 and class_db.take_seat(table, "Ana", seen=2.0) == 0
    assert class_db.take_seat(table, "Bo", seen=3.0) == 1 and class_db.table_row(table).state == "playing"
    with pytest.raises(ClassDBError, match="started without you"):
        class_db.take_seat(table, "Chie", seen=4.0)
    class_db.seen(table, 1, 9.5)
    assert [(s.seat, s.name, s.seen) for s in class_db.seats(table)] == [(0, "Ana", 2.0), (1, "Bo", 9.5)]
    assert class_db.start_table(table) is False
    assert [t.id for t in class_db.class_tables("abcd")] == [table]


def test_starting_a_table_fills_its_empty_seats_with_bots_once(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    class_db.join("ABCD", "Ana")
    table = class_db.new_table("ABCD", "scout", seed=7, size=3)
    class_db.take_seat(table, "Ana", seen=1.0)
    assert class_db.start_table(table) is True and class_db.start_table(table) is False
    assert [(s.seat, s.name) for s in class_db.seats(table)] == [(0, "Ana"), (1, None), (2, None)]
    class_db.seen(table, 1, 5.0)  # a bot is never "seen"
    assert class_db.seats(table)[1].seen is None
    assert class_db.delete_class("ABCD") and class_db.seats(table) == []


def test_a_tables_rounds_are_one_game_of_the_student_stored_once(class_db: ClassDB) -> None:
    class_db.open_class("ABCD")
    class_db.join("ABCD", "Ana")
    class_db.add_round("ABCD", "Ana", "loop", "bots", 0, loop_round(), key="page:1:1")
    parts = [[dict(row, round=number) for row in loop_round(number)] for number in (1, 2)]
    assert class_db.add_table_rounds("ABCD", "Ana", "loop", "table 1", 0, parts + [[]], key="table-1-seat-0") == 2
    assert class_db.add_table_rounds("ABCD", "Ana", "loop", "table 1", 0, parts, key="table-1-seat-0") == 2
    assert class_db.rounds_played("ABCD", "Ana", "loop") == 3
    table = class_db.class_data("ABCD", "loop")["loop"]
    assert list(table["game_no"]) == [1, 2, 2] and list(table["round"]) == [1, 1, 2]
    with pytest.raises(BadRound):
        class_db.add_table_rounds("ABCD", "Ana", "loop", "table 2", 0, [[dict(LOOP_ROW, rank=9)]], key="t2")
    assert class_db.rounds_played("ABCD", "Ana", "loop") == 3

