"""A class's files pooled: the CSVs every app offers, read safely, checked, one table a game.

Each app keeps the public record of your finished rounds (``cardlib.ui.records``) and offers it as
a CSV. A teacher collects a class's files in a folder (or uploads them) and reads them here. Every
file is only parsed as text (``class_files``): nothing in it runs as code. A file that is not a
class file of a known game, lacks a column, holds a value outside its game's range or notation, or
repeats a file already read is skipped with a message naming it, the row, the column and why; the
others are pooled, with the file's name in a ``file`` column.

A game says what its files hold in ``cardlib.<game>.classroom.COLUMNS`` (name -> kind) and what each
value may be in ``cardlib.<game>.classroom.VALUES`` (name -> a check of ``class_files``). Rows from a
table of people also say which seats were people (``people``, e.g. "0 2") and who made the row's
decision (``by``: person, bot for a student away, or default for no answer in time); a file of a game
against bots has neither and is read as the student alone, deciding (``people`` their seat, ``by`` person).

>>> data = read_class_files([("ana.csv", b"game,players,seat,game_no,round\\nnone,3,0,1,1\\n")])
>>> data.skipped
["ana.csv: row 1, column game: a file of the game 'none', which cardlib does not know"]
>>> enough(data["scout"])
not enough data for this table yet
"""
from __future__ import annotations

import hashlib
from collections import Counter
import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from math import sqrt
from pathlib import Path
from typing import Any, Optional, Union

from cardlib.core.class_files import (MAX_BYTES, BadValue, ClassFileError, Whole, Seat, Text, checked_rows,
                                      csv_rows, kind_of)
from cardlib.games import REGISTRY, info

__all__ = ["ClassData", "ClassFileError", "read_class_files", "class_table", "enough", "NOT_ENOUGH",
           "game_columns", "game_values", "kinds", "rate_se", "mean_se", "MAX_BYTES"]

KIT_COLUMNS: dict[str, type] = {"game": str, "players": int, "seat": int, "game_no": int, "round": int}
KIT_VALUES: dict[str, Any] = {"players": Whole(1, 10), "seat": Seat(), "game_no": Whole(1, 100_000),
                              "round": Whole(1, 100_000)}
PEOPLE_COLUMNS: dict[str, type] = {"people": str, "by": str}  # last in every table; optional in a file
NOT_ENOUGH = "not enough data for this table yet"
DTYPES = {int: "int64", float: "float64", bool: "bool", str: "object"}

Source = Union[str, Path, tuple[str, bytes]]


class NotEnough:
    """What the notebook shows in place of a table whose group is empty."""

    def __repr__(self) -> str:
        return NOT_ENOUGH

    def _repr_html_(self) -> str:
        return f"<p><em>{NOT_ENOUGH}</em></p>"


def enough(table: Any, count: Optional[str] = None) -> Any:
    """The table, or "not enough data for this table yet" if it has no rows; with ``count`` (a column
    counting what each row pools), only the rows that pool something, and the note if none does.

    >>> import pandas as pd
    >>> enough(pd.DataFrame({"band": ["low", "high"], "windows": [0, 0]}), count="windows")
    not enough data for this table yet
    """
    if table is not None and count is not None and len(table):
        table = table[table[count] > 0]
    return table if table is not None and len(table) else NotEnough()


@dataclass
class ClassData:
    """The pooled files: one table a game, the files read, and the files skipped with the reason."""

    tables: dict[str, Any] = field(default_factory=dict)  # game name -> pandas DataFrame
    read: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def __getitem__(self, game: str) -> Any:
        """The pooled table of one game (an empty one, with the columns and kinds, if no file of it was read)."""
        import pandas as pd

        if game in self.tables:
            return self.tables[game]
        columns = {"file": str, **KIT_COLUMNS, **game_columns(game), **PEOPLE_COLUMNS}
        return pd.DataFrame({name: pd.Series([], dtype=DTYPES[kind]) for name, kind in columns.items()})

    def summary(self) -> str:
        """One line a game read, then one line a file skipped."""
        lines = [f"{name}: {len(table)} rows from {table['file'].nunique()} files"
                 for name, table in sorted(self.tables.items())]
        lines += [f"skipped {message}" for message in self.skipped]
        return "\n".join(lines) or "no class files"


def game_columns(game: str) -> dict[str, type]:
    """The columns a game's class files hold beyond the kit's: ``<game>.classroom.COLUMNS``."""
    module = importlib.import_module(info(game).module + ".classroom")
    return dict(module.COLUMNS)


def game_values(game: str) -> dict[str, Any]:
    """What each value of a game's files may be: the kit's checks, then ``<game>.classroom.VALUES``."""
    module = importlib.import_module(info(game).module + ".classroom")
    return {**KIT_VALUES, **getattr(module, "VALUES", {})}


def people_seats(text: str, row: Mapping[str, Any]) -> Optional[str]:
    """Why ``text`` is not the seats people held at the row's table (distinct seats, the row's among them).

    >>> people_seats("0 2", {"players": 3, "seat": 2}) is None
    True
    >>> people_seats("0 5", {"players": 3, "seat": 0})
    '5 is not a seat at a table of 3 (0 to 2)'
    """
    try:
        seats = [Seat().value(word, row) for word in text.split()]
    except BadValue as why:
        return str(why)
    if len(set(seats)) != len(seats):
        return f"{text[:40]!r} names a seat twice"
    if row["seat"] not in seats:
        return f"{text[:40]!r} leaves out the row's own seat {row['seat']}"
    return None


# who made a decision at a table of people: the person, their bot (away past the table's timeout), or the rules'
# default for a person who gave no answer within a window's time (The Satori: "no katsu", no answer is no call)
PEOPLE_VALUES: dict[str, Any] = {"people": Text(check=people_seats),
                                 "by": Text(choices=("person", "bot", "default"))}


def file_checks(header: list[str], game: str) -> tuple[dict[str, type], dict[str, Any]]:
    """The columns to check in a file of ``game`` with this header (the people columns if it has them),
    and each column's check."""
    columns = {**KIT_COLUMNS, **game_columns(game)}
    columns.update({name: kind for name, kind in PEOPLE_COLUMNS.items() if name in header})
    return columns, {**game_values(game), **PEOPLE_VALUES}


def with_people(values: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """The checked values with ``people`` and ``by`` filled where a file left them out or empty."""
    rows = len(values["seat"])
    people = values.get("people") or [""] * rows
    values["people"] = [text or str(seat) for text, seat in zip(people, values["seat"])]
    values["by"] = [text or "person" for text in values.get("by") or [""] * rows]
    return values


def class_sources(where: Union[str, Path, Iterable[Source]]) -> list[Source]:
    """Every file of a folder (sorted), or the paths and (name, bytes) pairs given."""
    if isinstance(where, (str, Path)):
        folder = Path(where)
        if not folder.is_dir():
            raise FileNotFoundError(f"no folder {str(folder)!r} to read class files from")
        return sorted((p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")),
                      key=lambda p: p.name)
    return list(where)


def read_class_files(where: Union[str, Path, Iterable[Source]], game: Optional[str] = None) -> ClassData:
    """Read a folder or a list of class files (paths or uploaded (name, bytes)); ``game`` keeps only its files."""
    import pandas as pd

    data = ClassData()
    pooled: dict[str, list[Any]] = {}
    seen: dict[bytes, str] = {}  # a file's content -> the name it was first read under
    for source in class_sources(where):
        name, raw = (source[0], source[1]) if isinstance(source, tuple) else (Path(source).name, None)
        try:
            if raw is None:
                raw = Path(source).read_bytes() if Path(source).stat().st_size <= MAX_BYTES else b"x" * (MAX_BYTES + 1)
            digest = hashlib.sha256(bytes(raw).replace(b"\r\n", b"\n")).digest()
            if digest in seen:
                raise ClassFileError(f"the same content as {seen[digest]}, already read")
            seen[digest] = name
            table = class_table(name, bytes(raw), game)
        except ClassFileError as error:
            data.skipped.append(f"{name}: {error}")
            continue
        pooled.setdefault(table["game"].iloc[0], []).append(table)
        data.read.append(name)
    data.tables = {name: pd.concat(tables, ignore_index=True) for name, tables in pooled.items()}
    return data


def class_table(name: str, raw: bytes, game: Optional[str] = None) -> Any:
    """One class file as a checked table (a ``file`` column first); ClassFileError saying why not."""
    import pandas as pd

    if not name.lower().endswith(".csv"):
        raise ClassFileError("not a CSV file (class files end in .csv)")
    header, rows = csv_rows(raw)
    missing = [column for column in KIT_COLUMNS if column not in header]
    if missing:
        raise ClassFileError(f"missing the columns {', '.join(missing)}: not a cardlib class file")
    if not rows:
        raise ClassFileError("no rounds in it")
    at = header.index("game")
    known = {line.name: line.title for line in REGISTRY}
    named = Counter(row[at] for row in rows)
    first = max(named, key=lambda name: (name in known, named[name]))  # the file's game: most rows, a known one first
    for number, row in enumerate(rows, start=1):
        if row[at] != first:
            raise ClassFileError(f"row {number}, column game: {row[at][:40]!r}, where the other rows are "
                                 f"{first[:40]!r}: one game a file")
    if first not in known:
        raise ClassFileError(f"row 1, column game: a file of the game {first[:40]!r}, which cardlib does not know")
    games = [first]
    if game is not None and games[0] != game:
        raise ClassFileError(f"a {known[games[0]]} file, not {known.get(game, game)}")
    columns, checks = file_checks(header, games[0])
    missing = [column for column in columns if column not in header]
    if missing:
        raise ClassFileError(f"a {known[games[0]]} file missing the columns {', '.join(missing)}")
    values = with_people(checked_rows(header, rows, columns, checks))
    columns.update(PEOPLE_COLUMNS)
    table = pd.DataFrame({"file": [name] * len(rows),
                          **{column: pd.Series(values[column], dtype=DTYPES[kind]) for column, kind in columns.items()}})
    return table


def kinds(columns: Mapping[str, Any]) -> str:
    """The columns and their kinds in one line (for a teacher's page): a kind or a check of ``class_files``.

    >>> kinds({"seat": int, "kept": bool, "players": Whole(2, 5)})
    'seat (whole number), kept (yes/no), players (whole number 2-5)'
    """
    words = {int: "whole number", float: "number", bool: "yes/no", str: "text"}
    return ", ".join(f"{name} ({words[kind] if kind in words else kind_of(kind)})" for name, kind in columns.items())


def rate_se(rate: float, count: int) -> float:
    """The standard error of a rate seen in ``count`` trials, sqrt(p(1 − p)/n) (nan for none).

    >>> rate_se(0.5, 100)
    0.05
    """
    return sqrt(rate * (1 - rate) / count) if count else float("nan")


def mean_se(values: Iterable[float]) -> tuple[float, float]:
    """A mean and its standard error, the sample's standard deviation over sqrt(n) (nan without two values).

    >>> mean_se([1.0, 3.0])
    (2.0, 1.0)
    """
    numbers = [float(value) for value in values]
    n = len(numbers)
    if not n:
        return float("nan"), float("nan")
    mean = sum(numbers) / n
    if n < 2:
        return mean, float("nan")
    return mean, sqrt(sum((v - mean) ** 2 for v in numbers) / (n - 1) / n)
