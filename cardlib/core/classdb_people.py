"""The class database's side of tables of people (issue 24): tables, seats and the move log, no game rules.

``ClassDB`` inherits these; ``cardlib.core.tables`` is the game's side (it parses, checks and replays the
moves). A table's seed is stored here and read only by the server's side: ``TableRow`` never shows it.
A move is stored only as the next one: SQLite takes every write transaction IMMEDIATE (writers queue), and
on PostgreSQL the second of two writers of the same number fails on the key (table_id, seq) and is told
the table moved on. A seat is taken in one transaction too: two students racing for the last seat get
two seats or one of them the message that the table has started. A window's answer (``add_answer``) and a move
of a window (``append_move``) lock the table's row first, so that an answer and the move it would decide are
never both stored: whichever comes first, the other is refused and looks again.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional

from sqlalchemy import and_, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from cardlib.core.classdb_tables import (ClassDBError, WrongCode, answers, checked_round, classes, known_game, moves,
                                         now, retried, round_rows, rounds, seats, student_name, students, tables,
                                         utc, writing)

__all__ = ["PeopleTables", "TableRow", "SeatRow", "Move", "Answer", "last_game_number"]


@dataclass(frozen=True)
class Move:
    """One move at a shared table: its place in the sequence, the seat, the move as written, by a bot or not."""

    seq: int
    seat: int
    notation: str
    by_bot: bool
    time: datetime
    by_default: bool = False       # a window's default for a seat that gave no answer in time
    clock: Optional[float] = None  # the table's clock when stored (None: stored before schema version 3)


@dataclass(frozen=True)
class Answer:
    """A seat's answer in a window of answers given at once, stored before the log takes it in its turn."""

    seat: int
    notation: str
    clock: float


@dataclass(frozen=True)
class TableRow:
    """A table of people as stored: its class, game, seed (never for a page), size, Game options, state, timeout."""

    id: int
    code: str
    game: str
    seed: int
    size: int
    options: dict[str, Any]
    state: str
    timeout: float
    created: datetime
    window: float = 10.0   # seconds to answer a window of answers given at once (The Satori's Katsu window)

    def __repr__(self) -> str:  # the seed is the server's: not even a log line shows it
        return f"TableRow(id={self.id}, code={self.code!r}, game={self.game!r}, size={self.size}, state={self.state!r})"


@dataclass(frozen=True)
class SeatRow:
    """A taken seat: its number, the student sitting there (None: a bot) and when they were last seen."""

    seat: int
    name: Optional[str]
    seen: Optional[float]


class PeopleTables:
    """The tables of people of a class database (a mixin of ``ClassDB``, which holds ``engine``)."""

    engine: Engine

    def new_table(self, code: str, game: str, seed: int, size: int, state: str = "open", *,
                  options: Optional[dict[str, Any]] = None, timeout: float = 30.0, window: float = 10.0) -> int:
        """A new shared table of a class (``options``: its Game's, as JSON; ``window``: the seconds to answer a
        window of answers given at once); returns its id."""
        if not 0 < float(window) <= 3600:
            raise ClassDBError(f"the time to answer is more than 0 and at most 3600 seconds, not {window!r}")
        code = code.strip().upper()
        known_game(game)
        with writing(self.engine) as connection:
            if connection.scalar(select(classes.c.code).where(classes.c.code == code)) is None:
                raise WrongCode()
            added = connection.execute(tables.insert().values(
                class_code=code, game=game, seed=seed, size=size, state=state, created=now(),
                options=json.dumps(options or {"players": size}, sort_keys=True), timeout=float(timeout),
                window_seconds=float(window)))
            return int(added.inserted_primary_key[0])

    def table_row(self, table_id: int) -> TableRow:
        """A table as stored, its seed included (for the server's side only: ClassDBError if there is none)."""
        with self.engine.connect() as connection:
            found = connection.execute(select(tables).where(tables.c.id == table_id)).first()
        if found is None:
            raise ClassDBError(f"no table {table_id!r} in this class database")
        return table_row(found)

    def class_tables(self, code: str) -> list[TableRow]:
        """A class's tables, the oldest first."""
        query = select(tables).where(tables.c.class_code == code.strip().upper()).order_by(tables.c.id)
        with self.engine.connect() as connection:
            return [table_row(found) for found in connection.execute(query)]

    def seats(self, table_id: int) -> list[SeatRow]:
        """The taken seats of a table, in seat order (a bot's name is None)."""
        query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        with self.engine.connect() as connection:
            return [SeatRow(row.seat, row.name, row.seen) for row in connection.execute(query)]

    def take_seat(self, table_id: int, name: str, seen: float) -> int:
        """Seat a student who joined the class: their own seat again, else the first free one of an open table,
        which starts once the last is taken (ClassDBError: the table is full or playing). Returns the seat."""
        name = student_name(name)

        def attempt() -> int:
            with writing(self.engine) as connection:
                table = connection.execute(select(tables).where(tables.c.id == table_id)).first()
                if table is None:
                    raise ClassDBError(f"no table {table_id!r} in this class database")
                known = [known for known in connection.scalars(select(students.c.name).where(
                    students.c.class_code == table.class_code)) if known.casefold() == name.casefold()]
                if not known:
                    raise ClassDBError(f"{name!r} has not joined class {table.class_code!r}: join first")
                taken = {row.seat: row.name for row in connection.execute(
                    select(seats).where(seats.c.table_id == table_id))}
                for seat, sitting in taken.items():
                    if sitting == known[0]:
                        connection.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
                                           .values(seen=seen))
                        return seat
                free = [seat for seat in range(table.size) if seat not in taken]
                if table.state != "open" or not free:
                    raise ClassDBError("This table has started without you: join another table.")
                connection.execute(seats.insert().values(table_id=table_id, seat=free[0], name=known[0], seen=seen))
                if len(free) == 1:
                    connection.execute(update(tables).where(tables.c.id == table_id).values(state="playing"))
                return free[0]
        return retried(attempt)

    def start_table(self, table_id: int) -> bool:
        """Start an open table: every empty seat gets a bot. False if it had started already."""
        def attempt() -> bool:
            with writing(self.engine) as connection:
                table = connection.execute(select(tables).where(tables.c.id == table_id)).first()
                if table is None:
                    raise ClassDBError(f"no table {table_id!r} in this class database")
                if table.state != "open":
                    return False
                taken = set(connection.scalars(select(seats.c.seat).where(seats.c.table_id == table_id)))
                bots = [{"table_id": table_id, "seat": seat, "name": None, "seen": None}
                        for seat in range(table.size) if seat not in taken]
                if bots:
                    connection.execute(seats.insert(), bots)
                connection.execute(update(tables).where(tables.c.id == table_id).values(state="playing"))
                return True
        return retried(attempt)

    def seen(self, table_id: int, seat: int, when: float) -> None:
        """A student's page at this seat is there (a heartbeat)."""
        with writing(self.engine) as connection:
            connection.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                   seats.c.name.is_not(None)).values(seen=when))

    def end_table(self, table_id: int) -> None:
        """A table whose game is over."""
        with writing(self.engine) as connection:
            connection.execute(update(tables).where(tables.c.id == table_id).values(state="over"))

    def append_move(self, table_id: int, seq: int, seat: int, notation: str, by_bot: bool,
                    seen: Optional[float] = None, *, clock: Optional[float] = None, by_default: bool = False,
                    unanswered: Optional[int] = None) -> bool:
        """Store a table's move number ``seq`` (0, 1, ...) only if it is the next; False if the table moved on.
        ``seen``: the student at the seat was there then (in the same transaction); ``clock``: the table's clock;
        ``unanswered``: a window's number (``opened``): store the move only if the seat has no answer there
        (a bot's or the default: else False, and the caller finds the answer)."""
        try:
            with writing(self.engine) as connection:
                if connection.scalar(select(tables.c.id).where(tables.c.id == table_id).with_for_update()) is None:
                    raise ClassDBError(f"no table {table_id!r} in this class database")
                last = connection.scalar(select(func.max(moves.c.seq)).where(moves.c.table_id == table_id))
                if seq != (-1 if last is None else last) + 1:
                    return False
                if unanswered is not None and connection.scalar(select(answers.c.seat).where(
                        answers.c.table_id == table_id, answers.c.opened == unanswered, answers.c.seat == seat)) \
                        is not None:
                    return False
                connection.execute(moves.insert().values(table_id=table_id, seq=seq, seat=seat, notation=notation,
                                                         by_bot=by_bot, time=now(), clock=clock,
                                                         by_default=by_default))
                if seen is not None:
                    connection.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                           seats.c.name.is_not(None)).values(seen=seen))
                return True
        except IntegrityError:  # another writer stored this seq first
            return False

    def add_answer(self, table_id: int, opened: int, seat: int, notation: str, clock: float, *, logged: int) -> str:
        """Store a seat's answer in the window ``opened`` if the log still has ``logged`` moves (what the answer
        was checked against): "stored", "answered" (the seat answered there before: nothing stored) or "moved"
        (the log moved on: check again). The student at the seat was there (``clock``)."""
        try:
            with writing(self.engine) as connection:
                if connection.scalar(select(tables.c.id).where(tables.c.id == table_id).with_for_update()) is None:
                    raise ClassDBError(f"no table {table_id!r} in this class database")
                mine = (answers.c.table_id == table_id, answers.c.opened == opened, answers.c.seat == seat)
                if connection.scalar(select(answers.c.seat).where(*mine)) is not None:
                    return "answered"
                last = connection.scalar(select(func.max(moves.c.seq)).where(moves.c.table_id == table_id))
                if logged != (-1 if last is None else last) + 1:
                    return "moved"
                connection.execute(answers.insert().values(table_id=table_id, opened=opened, seat=seat,
                                                           notation=notation, clock=clock))
                connection.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                       seats.c.name.is_not(None)).values(seen=clock))
                return "stored"
        except IntegrityError:  # the same seat's other answer came first
            return "answered"

    def answers(self, table_id: int, opened: int) -> dict[int, Answer]:
        """The answers given in a table's window ``opened``, by seat (for the server's side: a page never sees
        another seat's)."""
        query = select(answers).where(answers.c.table_id == table_id, answers.c.opened == opened)
        with self.engine.connect() as connection:
            return {row.seat: Answer(row.seat, row.notation, row.clock) for row in connection.execute(query)}

    def moves(self, table_id: int, since: int = 0) -> list[Move]:
        """A table's moves in order (from number ``since`` on)."""
        query = (select(moves).where(moves.c.table_id == table_id, moves.c.seq >= since).order_by(moves.c.seq))
        with self.engine.connect() as connection:
            return [Move(row.seq, row.seat, row.notation, bool(row.by_bot), utc(row.time), bool(row.by_default),
                         row.clock) for row in connection.execute(query)]

    def add_table_rounds(self, code: str, name: str, game: str, table: str, seat: int,
                         parts: list[list[dict[str, Any]]], *, key: str) -> int:
        """A student's finished rounds of one table in ONE transaction, numbered as the student's next game
        (``game_no``); stored once whatever the retries (the keys ``key:1``, ``key:2``, ...). Returns how many."""
        code, name = code.strip().upper(), name.strip()
        parts = [rows for rows in parts if rows]
        keys = [f"{key}:{number}" for number in range(1, len(parts) + 1)]
        for rows in parts:
            checked_round(game, seat, rows)

        def attempt() -> int:
            mine = and_(rounds.c.class_code == code, rounds.c.student == name)
            with writing(self.engine) as connection:
                if connection.scalar(select(func.count()).select_from(rounds).where(
                        mine, rounds.c.round_key.in_(keys))):
                    return len(parts)
                number = connection.scalar(select(func.max(rounds.c.number)).where(mine, rounds.c.game == game)) or 0
                game_no = last_game_number(connection, code, name, game) + 1
                for round_key, rows in zip(keys, parts):
                    number += 1
                    data = checked_round(game, seat, [{**row, "game_no": game_no} for row in rows])
                    added = connection.execute(rounds.insert().values(
                        class_code=code, student=name, game=game, table_name=table, seat=seat, number=number,
                        round_key=round_key, time=now()))
                    connection.execute(round_rows.insert(), [{"round_id": added.inserted_primary_key[0], "line": line,
                                                              "data": text} for line, text in enumerate(data)])
                return len(parts)
        return retried(attempt)


def last_game_number(connection: Any, code: str, name: str, game: str) -> int:
    """The highest game number of a student's stored rounds of a game (0: none yet)."""
    query = (select(round_rows.c.data).select_from(rounds.join(round_rows, round_rows.c.round_id == rounds.c.id))
             .where(rounds.c.class_code == code, rounds.c.student == name, rounds.c.game == game,
                    round_rows.c.line == 0))
    return max((int(json.loads(data)["game_no"]) for data in connection.scalars(query)), default=0)


def table_row(found: Any) -> TableRow:
    """A stored table as a TableRow."""
    return TableRow(found.id, found.class_code, found.game, int(found.seed), found.size, json.loads(found.options),
                    found.state, float(found.timeout), utc(found.created), float(found.window_seconds))
