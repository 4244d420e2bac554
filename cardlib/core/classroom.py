"""A class's files pooled: the CSVs every app offers, read safely, checked, one table a game.

Each app keeps the public record of your finished rounds (``cardlib.ui.records``) and offers it as
a CSV. A teacher collects a class's files in a folder (or uploads them) and reads them here. Every
file is only parsed as text: nothing in it runs as code. A file that is not a class file of a
known game, lacks a column, or holds a value of the wrong kind is skipped with a message naming it
and why; the others are pooled, with the file's name in a ``file`` column.

A game says what its files hold in ``cardlib.<game>.classroom.COLUMNS`` (name -> kind).

>>> data = read_class_files([("ana.csv", b"game,players,seat,game_no,round\\nnone,3,0,1,1\\n")])
>>> data.skipped
["ana.csv: a file of the game 'none', which cardlib does not know"]
"""
from __future__ import annotations

import importlib
import io
from math import sqrt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from cardlib.games import REGISTRY, info

KIT_COLUMNS: dict[str, type] = {"game": str, "players": int, "seat": int, "game_no": int, "round": int}
MAX_BYTES = 5_000_000  # a class file is a few kilobytes; anything this big is not one

Source = Union[str, Path, tuple[str, bytes]]


@dataclass
class ClassData:
    """The pooled files: one table a game, the files read, and the files skipped with the reason."""

    tables: dict[str, Any] = field(default_factory=dict)  # game name -> pandas DataFrame
    read: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def __getitem__(self, game: str) -> Any:
        """The pooled table of one game (an empty one if no file of it was read)."""
        import pandas as pd

        if game in self.tables:
            return self.tables[game]
        return pd.DataFrame(columns=["file", *KIT_COLUMNS, *game_columns(game)])

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
    for source in class_sources(where):
        name, raw = (source[0], source[1]) if isinstance(source, tuple) else (Path(source).name, None)
        try:
            if raw is None:
                raw = Path(source).read_bytes() if Path(source).stat().st_size <= MAX_BYTES else b"x" * (MAX_BYTES + 1)
            table = class_table(name, bytes(raw), game)
        except ClassFileError as error:
            data.skipped.append(f"{name}: {error}")
            continue
        pooled.setdefault(table["game"].iloc[0], []).append(table)
        data.read.append(name)
    data.tables = {name: pd.concat(tables, ignore_index=True) for name, tables in pooled.items()}
    return data


class ClassFileError(ValueError):
    """Why a file is not a class file cardlib can pool."""


def class_table(name: str, raw: bytes, game: Optional[str] = None) -> Any:
    """One class file as a checked table (a ``file`` column first); ClassFileError saying why not."""
    import pandas as pd

    if not name.lower().endswith(".csv"):
        raise ClassFileError("not a CSV file (class files end in .csv)")
    if len(raw) > MAX_BYTES:
        raise ClassFileError(f"larger than {MAX_BYTES // 1_000_000} MB: not a class file")
    try:
        text = raw.decode("utf-8-sig")
        table = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    except (UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError) as error:
        raise ClassFileError(f"not readable as CSV ({type(error).__name__})") from None
    missing = [column for column in KIT_COLUMNS if column not in table.columns]
    if missing:
        raise ClassFileError(f"missing the columns {', '.join(missing)}: not a cardlib class file")
    if table.empty:
        raise ClassFileError("no rounds in it")
    games = sorted(set(table["game"]))
    if len(games) != 1:
        raise ClassFileError(f"rows of several games ({', '.join(games)}): one game a file")
    known = {line.name: line.title for line in REGISTRY}
    if games[0] not in known:
        raise ClassFileError(f"a file of the game {games[0]!r}, which cardlib does not know")
    if game is not None and games[0] != game:
        raise ClassFileError(f"a {known[games[0]]} file, not {known.get(game, game)}")
    columns = {**KIT_COLUMNS, **game_columns(games[0])}
    missing = [column for column in columns if column not in table.columns]
    if missing:
        raise ClassFileError(f"a {known[games[0]]} file missing the columns {', '.join(missing)}")
    for column, kind in columns.items():
        table[column] = converted(table[column], column, kind)
    table.insert(0, "file", name)
    return table[["file", *columns]]


def converted(values: Any, column: str, kind: type) -> Any:
    """A column as whole numbers, numbers, yes/no or text; ClassFileError naming the first bad value.

    >>> import pandas as pd
    >>> list(converted(pd.Series(["1", "2"]), "seat", int))
    [1, 2]
    >>> converted(pd.Series(["1", "x"]), "seat", int)
    Traceback (most recent call last):
    ...
    cardlib.core.classroom.ClassFileError: column seat, row 2: 'x' is not a whole number
    """
    import pandas as pd

    if kind is str:
        return values.astype(str)
    if kind is bool:
        truth = {"true": True, "false": False, "yes": True, "no": False, "1": True, "0": False}
        bad = ~values.str.lower().isin(truth)
        if bad.any():
            raise ClassFileError(f"column {column}, row {int(bad.idxmax()) + 1}: {values[bad.idxmax()]!r} is not yes/no")
        return values.str.lower().map(truth).astype(bool)
    numbers = pd.to_numeric(values.replace("", float("nan")) if kind is float else values, errors="coerce")
    bad = numbers.isna() & ((values != "") if kind is float else True)
    if kind is int:
        bad = bad | (numbers.notna() & (numbers % 1 != 0))
    if bad.any():
        row = int(bad.idxmax())
        what = "a whole number" if kind is int else "a number"
        raise ClassFileError(f"column {column}, row {row + 1}: {values[row]!r} is not {what}")
    return numbers.astype(int) if kind is int else numbers.astype(float)


def kinds(columns: Mapping[str, type]) -> str:
    """The columns and their kinds in one line (for a teacher's page).

    >>> kinds({"seat": int, "kept": bool})
    'seat (whole number), kept (yes/no)'
    """
    words = {int: "whole number", float: "number", bool: "yes/no", str: "text"}
    return ", ".join(f"{name} ({words[kind]})" for name, kind in columns.items())


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
