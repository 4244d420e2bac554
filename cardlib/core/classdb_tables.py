"""The class database's schema (version 3), its engine (SQLite in WAL mode or PostgreSQL) and what may go in.

SQLAlchemy Core only. ``classdb.py`` holds the functions a class calls; this file holds what they
stand on: the tables, the checks of a class code, a name and a round's rows, the URL a teacher gives (``postgresql://`` means psycopg 3), and the engine's
settings that let thirty students write at once (SQLite: WAL, a 30 s busy wait, and every write
transaction begun IMMEDIATE so that a writer waits for the lock instead of failing; PostgreSQL: the
schema created under an advisory lock, so thirty kernels opening a new database at once do not race).

Version 2 (tables of people, issue 24) added a table's ``options`` and ``timeout`` and the ``seats`` table; a
version 1 database is brought up to it when it is opened (only additions: nothing stored changes). Version 3
(windows of answers given at once, e.g. The Satori's Katsu window) added a table's ``window_seconds`` (the time
limit to answer), a move's ``clock`` (the table's clock when it was stored) and ``by_default`` (the rule's default
for a seat that gave no answer in time), and the ``answers`` table; a version 2 database is brought up alike.

>>> database_url("postgresql://teacher@school/class").render_as_string()
'postgresql+psycopg://teacher@school/class'
>>> database_url("sqlite:///class.db").database
'class.db'
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from hashlib import sha256
from typing import Any

from sqlalchemy import (Boolean, BigInteger, Column, DateTime, Float, ForeignKey, ForeignKeyConstraint, Integer,
                        MetaData, String, Table, Text, UniqueConstraint, create_engine, event, false, func,
                        inspect, select, text)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.engine.url import URL

from cardlib.core.class_files import ClassFileError, checked_rows, csv_rows
from cardlib.games import REGISTRY

SCHEMA_VERSION = 3
BUSY_SECONDS = 30            # an SQLite writer waits this long for the lock before giving up
CODE_LENGTH = 20             # a class code: 1 to 20 letters, digits or hyphens
NAME_LENGTH = 40             # a student's name, trimmed
KEY_LENGTH = 100             # a round's key, chosen by the writer
RETRIES = 5                  # a write that lost a race on a unique key (PostgreSQL) is tried again this often
SCHEMA_LOCK = 0x636C617373   # PostgreSQL advisory lock taken while the schema is made ("class")
WRITE = "cardlib_write"      # execution option: this connection's transaction writes
CODE = re.compile(r"[A-Z0-9-]{1,%d}" % CODE_LENGTH)

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

classes = Table(
    "classes", metadata,
    Column("code", String(CODE_LENGTH), primary_key=True),
    Column("game", String(40)),                        # NULL: the students choose
    Column("created", DateTime(timezone=True), nullable=False),
)

students = Table(
    "students", metadata,
    Column("class_code", String(CODE_LENGTH), ForeignKey("classes.code"), primary_key=True),
    Column("name", String(NAME_LENGTH), primary_key=True),  # as given, trimmed; unique in its class
    Column("joined", DateTime(timezone=True), nullable=False),
)

rounds = Table(
    "rounds", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_code", String(CODE_LENGTH), nullable=False),
    Column("student", String(NAME_LENGTH), nullable=False),
    Column("game", String(40), nullable=False),
    Column("table_name", String(40), nullable=False),  # "bots": a game against bots
    Column("seat", Integer, nullable=False),
    Column("number", Integer, nullable=False),         # the student's own count in the class and game: 1, 2, ...
    Column("round_key", String(KEY_LENGTH), nullable=False),  # the writer's key: a retried write is not doubled
    Column("time", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["class_code", "student"], ["students.class_code", "students.name"]),
    UniqueConstraint("class_code", "student", "round_key", name="one_round_a_key"),
    UniqueConstraint("class_code", "student", "game", "number", name="one_round_a_number"),
)

round_rows = Table(
    "round_rows", metadata,
    Column("round_id", Integer, ForeignKey("rounds.id"), primary_key=True),
    Column("line", Integer, primary_key=True),         # 0, 1, ...: the rows in the order the app wrote them
    Column("data", Text, nullable=False),              # one record row as a JSON object, in its column order
)

tables = Table(  # tables of students playing together (issue 24)
    "tables", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_code", String(CODE_LENGTH), ForeignKey("classes.code"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("size", Integer, nullable=False),
    Column("state", String(20), nullable=False),       # open, playing, over
    Column("created", DateTime(timezone=True), nullable=False),
    Column("options", Text, nullable=False, server_default="{}"),      # v2: the Game's options as JSON
    Column("timeout", Float, nullable=False, server_default="30"),     # v2: seconds before a bot plays a left seat
    Column("window_seconds", Float, nullable=False, server_default="10"),  # v3: the time limit to answer a window
)

seats = Table(  # v2: who sits where at a table of people
    "seats", metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(NAME_LENGTH)),               # the student, as the class knows them; NULL: a bot
    Column("seen", Float),                             # when the student was last seen (the table's clock, seconds)
)

ADDED = {2: [("tables", "options", "TEXT NOT NULL DEFAULT '{}'"),  # what each version added to existing tables
             ("tables", "timeout", "FLOAT NOT NULL DEFAULT 30")],
         3: [("tables", "window_seconds", "FLOAT NOT NULL DEFAULT 10"),
             ("moves", "clock", "FLOAT"),
             ("moves", "by_default", "BOOLEAN NOT NULL DEFAULT FALSE")]}

moves = Table(
    "moves", metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),          # 0, 1, ...: a move is stored only as the next one
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("by_bot", Boolean, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
    Column("clock", Float),                            # v3: the table's clock when stored (NULL: stored before v3)
    Column("by_default", Boolean, nullable=False, server_default=false()),  # v3: no answer in time: the default
)

answers = Table(  # v3: answers given at once in a window, each seat's once, before the log takes them in order
    "answers", metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("opened", Integer, primary_key=True),       # the window: the number (seq) of its first answer's move
    Column("seat", Integer, primary_key=True),
    Column("notation", Text, nullable=False),
    Column("clock", Float, nullable=False),            # the table's clock when it was given
)


class ClassDBError(ValueError):
    """Why the class database refused a request (a message for the teacher or the student)."""


class NewerDatabase(ClassDBError):
    """The database was made by a newer cardlib (a higher schema version)."""


class WrongCode(ClassDBError):
    """No open class has this code (the message says nothing of which classes exist)."""

    def __init__(self) -> None:
        super().__init__("That is not the code of an open class: check it with your teacher.")


class BadName(ClassDBError):
    """A name that cannot be a student's: empty, too long, or with control characters."""


class BadRound(ClassDBError):
    """A round that was not written (nothing of it is stored): its rows are not a record of its game."""


def database_url(url: str) -> URL:
    """The URL SQLAlchemy opens: ``postgresql://`` and ``postgres://`` name the psycopg 3 driver."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str) -> Engine:
    """An engine for the URL, with the settings above; the schema made or checked (``NewerDatabase``)."""
    parsed = database_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"timeout": BUSY_SECONDS})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
    else:
        engine = create_engine(parsed, pool_pre_ping=True, pool_size=2, max_overflow=8)
    try:
        _make_schema(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


def _sqlite_connect(dbapi_connection: object, record: object) -> None:
    dbapi_connection.isolation_level = None  # type: ignore[attr-defined]  # BEGIN is ours (_sqlite_begin)
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
    cursor.execute("PRAGMA journal_mode = WAL")  # readers never wait for the writer, nor it for them
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    # A deferred transaction that reads, then writes after another writer committed, fails at once with
    # "database is locked" (no busy wait); one begun IMMEDIATE waits for the write lock up front.
    writes = connection.get_execution_options().get(WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def retried(attempt: Any) -> Any:
    """Run a write; again if it lost a race on a unique key (the next try sees the winner's row)."""
    for tries in range(RETRIES):
        try:
            return attempt()
        except IntegrityError:
            if tries == RETRIES - 1:
                raise


def now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(timezone.utc)


def utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """One write transaction: committed at the end of the block, rolled back whole on an error."""
    with engine.connect() as connection:
        connection.execution_options(**{WRITE: True})
        with connection.begin():
            yield connection


def _make_schema(engine: Engine) -> None:
    with writing(engine) as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        if inspect(connection).has_table("schema_version"):
            version = connection.scalar(select(func.max(schema_version.c.version)))
            if version is not None and version > SCHEMA_VERSION:
                where = engine.url.render_as_string(hide_password=True)
                raise NewerDatabase(f"the class database {where} is of schema version {version}, made by a newer "
                                    f"cardlib; this one reads version {SCHEMA_VERSION}: upgrade cardlib to open it")
            if version is not None and version < SCHEMA_VERSION:
                _migrate(connection, version)
        metadata.create_all(connection)
        if connection.scalar(select(func.count()).select_from(schema_version)) == 0:
            connection.execute(schema_version.insert().values(version=SCHEMA_VERSION))


def _migrate(connection: Connection, version: int) -> None:
    """Bring a database of an older schema version up to this one: only additions (new columns, new tables)."""
    for later in range(version + 1, SCHEMA_VERSION + 1):
        for table, column, kind in ADDED.get(later, []):
            if column not in {known["name"] for known in inspect(connection).get_columns(table)}:
                connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))
    connection.execute(schema_version.update().values(version=SCHEMA_VERSION))


# --- what may be stored ----------------------------------------------------------------------------

def class_code(code: str) -> str:
    """A class code as stored: trimmed, in capitals, 1 to 20 letters, digits or hyphens.

    >>> class_code(" abcd ")
    'ABCD'
    """
    code = code.strip().upper()
    if not CODE.fullmatch(code):
        raise ClassDBError(f"a class code is 1 to {CODE_LENGTH} letters (A-Z), digits or hyphens, "
                           f"not {code[:CODE_LENGTH + 5]!r}")
    return code


def student_name(name: str) -> str:
    """A student's name as stored: trimmed, 1 to 40 characters, no control characters (``BadName``).

    >>> student_name("  さくら ")
    'さくら'
    >>> student_name("Zoe\u0301") == "Zo\u00e9"   # an accent typed apart is the same letter
    True
    """
    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        raise BadName("Please type your name.")
    if len(name) > NAME_LENGTH:
        raise BadName(f"A name is at most {NAME_LENGTH} characters; this one has {len(name)}.")
    if any(unicodedata.category(char) == "Cc" for char in name):
        raise BadName("A name cannot hold a line break, a tab or another control character.")
    return name


def known_game(game: str) -> str:
    """The game's name if cardlib has it, else ClassDBError naming the games."""
    names = [line.name for line in REGISTRY]
    if game not in names:
        raise ClassDBError(f"no game {game[:40]!r}; the games are {', '.join(names)}")
    return game


def checked_round(game: str, seat: int, rows: list[dict[str, Any]]) -> list[str]:
    """A round's rows as JSON text, one a row, once they pass the class files' checks; BadRound saying why not."""
    from cardlib.core.classroom import file_checks
    from cardlib.ui.records import Records

    known_game(game)
    if not rows:
        raise BadRound("a round has at least one row")
    for number, row in enumerate(rows, start=1):
        if row.get("game") != game or row.get("seat") != seat:
            raise BadRound(f"row {number}: game {row.get('game')!r} at seat {row.get('seat')!r}, "
                           f"where the round is {game!r} at seat {seat!r}")
    record = Records(game)
    record.rows = [dict(row) for row in rows]
    try:
        header, lines = csv_rows(record.csv_text().encode("utf-8"))
        columns, checks = file_checks(header, game)
        missing = [column for column in columns if column not in header]
        if missing:
            raise ClassFileError(f"missing the columns {', '.join(missing)}")
        checked_rows(header, lines, columns, checks)
        return [json.dumps(row, ensure_ascii=False) for row in rows]
    except (ClassFileError, TypeError, ValueError) as why:
        raise BadRound(f"the round was not written: {why}") from None


def file_stems(names: Iterable[str]) -> dict[str, str]:
    """Each name made safe as a file name (letters, digits, - and _); names that would clash, or leave
    nothing, get a short tag of the exact name so that every student keeps a file of their own.

    >>> file_stems(["Ana", "<b>x</b>", "ana", "/"])
    {'Ana': 'Ana-dea210', '<b>x</b>': 'b_x_b', 'ana': 'ana-24d4b9', '/': 'student-8a5eda'}
    """
    names = list(names)
    plain = {name: re.sub(r"_+", "_", "".join(char if char.isalnum() or char in "-_" else "_"
                                               for char in unicodedata.normalize("NFC", name))).strip("_-.")[:40]
             for name in names}
    clashes = [stem.casefold() for stem in plain.values()]
    return {name: (stem if stem and clashes.count(stem.casefold()) == 1 else
                   f"{stem or 'student'}-{sha256(name.encode('utf-8')).hexdigest()[:6]}")
            for name, stem in plain.items()}
