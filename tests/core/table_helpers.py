"""What the tests of tables of people share: a class with a table, random legal play through ``play``, checks."""
from __future__ import annotations

import csv
import io
import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import MetaData, Table as SqlTable, create_engine

from cardlib.core.classdb import ClassDB
from cardlib.core.classdb_tables import ADDED, database_url, metadata, schema_version
from cardlib.core.match import replay
from cardlib.core.tables import Table, View
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


def at_once(work: Callable[..., Any], arguments: Iterable[tuple[Any, ...]]) -> None:
    """Run ``work`` on each argument tuple in threads started together, and wait for them all."""
    threads = [threading.Thread(target=work, args=args) for args in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


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


def looked_at(table: Table, names: Iterable[str]) -> tuple[Any, Any]:
    """Every page of ``names`` open (a heartbeat each) and the bots' turns played, then the table now: its state and
    its window of answers (or None)."""
    for name in names:
        table.heartbeat(name)
    table.advance_bots()
    return table.sync(), table.window()


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
    """The stored log replays from the stored seed to the table's final state and scores; each move was stored
    with the seat the rules say was to move."""
    line = info(table.game_name)
    stored = db.moves(table.id)
    assert [move.seq for move in stored] == list(range(len(stored)))
    again, movers = table.game.new(seed=seed_of(db, table)), []
    for move in stored:
        movers.append(again.current_player)
        again.apply(line.parse(move.notation))
    assert replay(table.game, seed_of(db, table), again.history).history == again.history
    final = table.sync()
    assert again.is_over and final.is_over
    assert again.history == final.history and again.result() == final.result()
    assert [move.seat for move in stored] == movers
    return again


NEW_TABLES = {"seats": 2, "answers": 3}  # the schema version that added each table


def old_metadata(version: int) -> MetaData:
    """The class database's tables as schema ``version`` had them: without the tables and columns added since."""
    old = MetaData()
    later = {(table, column) for number, added in ADDED.items() if number > version for table, column, _ in added}
    for table in metadata.sorted_tables:
        if NEW_TABLES.get(table.name, 0) > version:
            continue
        if not any(name == table.name for name, _ in later):
            table.to_metadata(old)
            continue
        SqlTable(table.name, old, *[column._copy() for column in table.columns
                                    if (table.name, column.name) not in later])
    return old


def old_database(url: str, version: int, names: Sequence[str], **table: Any) -> None:
    """A class database written by schema ``version``: class KATSU of The Satori, the students ``names``, table 1
    (seed 12, three seats; ``table``: its other columns) with the students in its seats where that version has
    seats, and its first move, "play satori" by seat 0."""
    engine = create_engine(database_url(url))
    old = old_metadata(version)
    moment = datetime.now(timezone.utc)
    with engine.begin() as connection:
        old.create_all(connection)
        connection.execute(schema_version.insert().values(version=version))
        connection.execute(old.tables["classes"].insert().values(code="KATSU", game="satori", created=moment))
        connection.execute(old.tables["students"].insert(), [{"class_code": "KATSU", "name": name, "joined": moment}
                                                             for name in names])
        connection.execute(old.tables["tables"].insert().values(id=1, class_code="KATSU", game="satori", seed=12,
                                                                 size=3, created=moment, **table))
        if "seats" in old.tables:
            connection.execute(old.tables["seats"].insert(), [{"table_id": 1, "seat": seat, "name": name,
                                                               "seen": time.time()} for seat, name in enumerate(names)])
        connection.execute(old.tables["moves"].insert().values(table_id=1, seq=0, seat=0, notation="play satori",
                                                                by_bot=False, time=moment))
    engine.dispose()
