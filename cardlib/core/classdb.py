"""The class database: who joined a live class, and every round they finished, in SQLite or PostgreSQL.

A live class keeps one database: SQLite in the working folder by default (``class.db``, WAL mode), or
any SQLAlchemy URL (PostgreSQL for a school server or a JupyterHub: ``postgresql://user@host/db``).
Every student's kernel and the teacher's server open it with ``ClassDB(url)``. A student joins a
class by its code and a name; each finished round is written in ONE transaction (``add_round``): the
round and all its rows, or nothing. A kernel killed mid-round leaves every round it finished and no
half of one; a write retried with the same ``key`` is stored once.

The rows are the game's record rows exactly as the app keeps them (``cardlib.ui.records.Records.rows``:
the kit's columns game, players, seat, game_no, round, then the game's ``classroom.COLUMNS``), checked
on the way in as a class file is (``cardlib.core.class_files``), and stored one JSON object a row. So
``export_zip`` gives the very CSV each app would have written (one a student a game), and
``class_data`` gives the ``ClassData`` of ``read_class_files`` that every class analysis reads.

Tables (``cardlib.core.classdb_tables``, schema version 3): classes(code, game, created),
students(class_code, name, joined), rounds(id, class_code, student, game, table_name, seat, number,
round_key, time), round_rows(round_id, line, data), tables(id, class_code, game, seed, size, state,
created, options, timeout, window_seconds), seats(table_id, seat, name, seen), moves(table_id, seq, seat,
notation, by_bot, time, clock, by_default), answers(table_id, opened, seat, notation, clock),
schema_version(version). A round's
``number`` is the student's own running count in the class and game (1, 2, ...); the record's own
``game_no`` and ``round`` stay in its rows.

>>> db = ClassDB("sqlite://")        # in memory; ClassDB() opens class.db in the working folder
>>> db.open_class("abcd", game="loop").code
'ABCD'
>>> db.join("ABCD", "  Ana ")
'Ana'
>>> db.join("ABCD", "ana")           # the same student: carries on
'Ana'
>>> try:
...     db.join("ABCE", "Ana")
... except WrongCode as refused:   # the page shows the message: it names no class
...     print(refused)
That is not the code of an open class: check it with your teacher.
>>> row = {"game": "loop", "players": 4, "seat": 0, "game_no": 1, "round": 1, "set": 1, "set_round": 1,
...        "kind": "normal", "chair": 0, "start": 0, "hand": "4y 5y 6b 7r 8b 9y 10y 12y 13r 13y 15b",
...        "aside": "6b 9y", "previous": "", "rank": 3, "base": 1, "bonus": 0, "points": 1, "total": 3}
>>> db.add_round("ABCD", "Ana", "loop", "bots", 0, [row], key="page-1:1:1")
1
>>> db.add_round("ABCD", "Ana", "loop", "bots", 0, [row], key="page-1:1:1")   # retried: stored once
1
>>> [(student.name, student.rounds) for student in db.students("ABCD")]
[('Ana', 1)]
>>> print(db.class_data("ABCD").summary())
loop: 1 rows from 1 files
"""
from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional

from sqlalchemy import and_, delete, func, select, update

from cardlib.core.classdb_people import Move, PeopleTables, SeatRow, TableRow
from cardlib.core.classdb_tables import (CODE, CODE_LENGTH, KEY_LENGTH, NAME_LENGTH, BadName, BadRound, ClassDBError,
                                         NewerDatabase, WrongCode, answers, checked_round, class_code, classes,
                                         file_stems, known_game, make_engine, moves, now, retried, round_rows,
                                         rounds, seats, student_name, students, tables, utc, writing)

__all__ = ["ClassDB", "ClassInfo", "Student", "Move", "TableRow", "SeatRow", "ClassDBError", "WrongCode", "BadName",
           "BadRound", "NewerDatabase", "file_stems"]

@dataclass(frozen=True)
class ClassInfo:
    """A class: its code, its game (None: the students choose) and when it was opened."""

    code: str
    game: Optional[str]
    created: datetime


@dataclass(frozen=True)
class Student:
    """A student of a class: the name, when they joined, rounds finished (every game), the last one's time."""

    name: str
    joined: datetime
    rounds: int
    last: Optional[datetime]


class ClassDB(PeopleTables):
    """A class database at a SQLAlchemy URL: SQLite (the default, ``class.db`` here) or PostgreSQL; its tables
    of people are ``PeopleTables``'s (the game's side: ``cardlib.core.tables``)."""

    def __init__(self, url: str = "sqlite:///class.db") -> None:
        self.engine = make_engine(url)
        self.url = self.engine.url.render_as_string(hide_password=True)

    def __repr__(self) -> str:
        return f"ClassDB({self.url!r})"

    def close(self) -> None:
        """Close every connection this object holds."""
        self.engine.dispose()

    def __enter__(self) -> "ClassDB":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- classes and students ----------------------------------------------------------------------

    def open_class(self, code: str, game: Optional[str] = None) -> ClassInfo:
        """Open a class (again: the same class, with the game given now; its students and rounds kept)."""
        code = class_code(code)
        if game is not None:
            known_game(game)

        def attempt() -> None:
            with writing(self.engine) as connection:
                if connection.scalar(select(classes.c.code).where(classes.c.code == code)) is None:
                    connection.execute(classes.insert().values(code=code, game=game, created=now()))
                else:
                    connection.execute(update(classes).where(classes.c.code == code).values(game=game))
        retried(attempt)
        info = self.class_info(code)
        assert info is not None
        return info

    def class_info(self, code: str) -> Optional[ClassInfo]:
        """The class with this code, or None."""
        code = code.strip().upper()
        with self.engine.connect() as connection:
            found = connection.execute(select(classes).where(classes.c.code == code)).first()
        return None if found is None else ClassInfo(found.code, found.game, utc(found.created))

    def join(self, code: str, name: str) -> str:
        """A student joins a class (``WrongCode``, ``BadName``); the same name again carries on, whatever its
        capitals ("ana" is Ana). Returns the name as the class knows it (as it was first typed)."""
        name = student_name(name)
        code = code.strip().upper()
        if not CODE.fullmatch(code):
            raise WrongCode()

        def attempt() -> str:
            with writing(self.engine) as connection:
                if connection.scalar(select(classes.c.code).where(classes.c.code == code)) is None:
                    raise WrongCode()
                for known in connection.scalars(select(students.c.name).where(students.c.class_code == code)):
                    if known.casefold() == name.casefold():
                        return known
                connection.execute(students.insert().values(class_code=code, name=name, joined=now()))
                return name
        return retried(attempt)

    def students(self, code: str) -> list[Student]:
        """Every student of a class in the order they joined: name, joined, rounds finished, last round's time."""
        code = code.strip().upper()
        query = (select(students.c.name, students.c.joined, func.count(rounds.c.id), func.max(rounds.c.time))
                 .select_from(students.outerjoin(rounds, and_(rounds.c.class_code == students.c.class_code,
                                                              rounds.c.student == students.c.name)))
                 .where(students.c.class_code == code)
                 .group_by(students.c.name, students.c.joined)
                 .order_by(students.c.joined, students.c.name))
        with self.engine.connect() as connection:
            return [Student(name, utc(joined), count, utc(last) if last is not None else None)
                    for name, joined, count, last in connection.execute(query)]

    def delete_class(self, code: str) -> bool:
        """Delete a class with its students, rounds, rows, tables, seats, moves and answers; False if there was none."""
        code = code.strip().upper()
        with writing(self.engine) as connection:
            its_rounds = select(rounds.c.id).where(rounds.c.class_code == code)
            its_tables = select(tables.c.id).where(tables.c.class_code == code)
            connection.execute(delete(round_rows).where(round_rows.c.round_id.in_(its_rounds)))
            connection.execute(delete(rounds).where(rounds.c.class_code == code))
            connection.execute(delete(answers).where(answers.c.table_id.in_(its_tables)))
            connection.execute(delete(moves).where(moves.c.table_id.in_(its_tables)))
            connection.execute(delete(seats).where(seats.c.table_id.in_(its_tables)))
            connection.execute(delete(tables).where(tables.c.class_code == code))
            connection.execute(delete(students).where(students.c.class_code == code))
            return connection.execute(delete(classes).where(classes.c.code == code)).rowcount > 0

    # --- rounds -------------------------------------------------------------------------------------

    def add_round(self, code: str, name: str, game: str, table: str, seat: int, rows: list[dict[str, Any]],
                  *, key: str) -> int:
        """Write a finished round and all its rows in one transaction; returns its number (1, 2, ... for the
        student in this class and game). ``key`` (the writer's, unique a student) makes a retry store it once."""
        code, name = code.strip().upper(), name.strip()
        if not 0 < len(key) <= KEY_LENGTH:
            raise BadRound(f"a round's key is 1 to {KEY_LENGTH} characters, not {len(key)}")
        if not 0 < len(table) <= 40:
            raise BadRound(f"a table's name is 1 to 40 characters, not {len(table)}")
        data = checked_round(game, seat, rows)

        def attempt() -> int:
            mine = and_(rounds.c.class_code == code, rounds.c.student == name)
            with writing(self.engine) as connection:
                done = connection.scalar(select(rounds.c.number).where(mine, rounds.c.round_key == key))
                if done is not None:
                    return int(done)
                if connection.scalar(select(students.c.name).where(
                        students.c.class_code == code, students.c.name == name)) is None:
                    raise ClassDBError(f"{name[:NAME_LENGTH]!r} has not joined class {code[:CODE_LENGTH]!r}: "
                                       f"join first")
                number = (connection.scalar(select(func.max(rounds.c.number)).where(mine, rounds.c.game == game))
                          or 0) + 1
                added = connection.execute(rounds.insert().values(
                    class_code=code, student=name, game=game, table_name=table, seat=seat, number=number,
                    round_key=key, time=now()))
                round_id = added.inserted_primary_key[0]
                connection.execute(round_rows.insert(), [{"round_id": round_id, "line": line, "data": text}
                                                         for line, text in enumerate(data)])
                return number
        return retried(attempt)

    def rounds_played(self, code: str, name: str, game: Optional[str] = None) -> int:
        """How many rounds a student finished in a class (of one game, or of every game)."""
        query = select(func.count()).select_from(rounds).where(
            rounds.c.class_code == code.strip().upper(), rounds.c.student == name.strip())
        if game is not None:
            query = query.where(rounds.c.game == game)
        with self.engine.connect() as connection:
            return int(connection.scalar(query) or 0)

    def class_csvs(self, code: str, game: Optional[str] = None) -> list[tuple[str, bytes]]:
        """Each student's record of each game as (file name, the CSV bytes the app would have written)."""
        from cardlib.ui.records import Records

        code = code.strip().upper()
        query = (select(rounds.c.student, rounds.c.game, round_rows.c.data)
                 .select_from(rounds.join(round_rows, round_rows.c.round_id == rounds.c.id))
                 .where(rounds.c.class_code == code)
                 .order_by(rounds.c.student, rounds.c.game, rounds.c.number, rounds.c.id, round_rows.c.line))
        if game is not None:
            query = query.where(rounds.c.game == game)
        records: dict[tuple[str, str], Records] = {}
        with self.engine.connect() as connection:
            stems = file_stems(connection.scalars(select(students.c.name).where(students.c.class_code == code)))
            for student, played, text in connection.execute(query):
                records.setdefault((student, played), Records(played)).rows.append(json.loads(text))
        return [(f"{played}-{stems[student]}.csv", record.csv_text().encode("utf-8"))
                for (student, played), record in records.items()]

    def class_data(self, code: str, game: Optional[str] = None) -> Any:
        """The class's rounds as ``read_class_files`` reads the apps' CSVs (a ``ClassData``: one table a game)."""
        import pandas as pd

        from cardlib.core.classroom import ClassData, read_class_files

        data, pooled = ClassData(), {}
        for source in self.class_csvs(code, game):  # one file at a time: two students may play alike
            one = read_class_files([source], game)
            data.read += one.read
            data.skipped += one.skipped
            for played, table in one.tables.items():
                pooled.setdefault(played, []).append(table)
        data.tables = {played: pd.concat(parts, ignore_index=True) for played, parts in pooled.items()}
        return data

    def export_zip(self, code: str) -> bytes:
        """A zip of the class: one CSV a student a game (``<game>-<name>.csv``, the name made file-safe)."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, raw in self.class_csvs(code):
                archive.writestr(name, raw)
        return out.getvalue()
