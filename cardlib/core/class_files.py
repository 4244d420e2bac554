"""One class file read and checked: the CSV text parsed in bounded time, every value checked against
what its game declares (a range, a seat at the table, a card notation), and the spreadsheet-safe
cells the apps write read back to the values they stand for.

A game declares its columns' kinds in ``<game>.classroom.COLUMNS`` (name -> int, float, bool or
str) and, in ``<game>.classroom.VALUES``, what each value may be (name -> a check below). A column
without a check gets the default of its kind. The first value that fails names the column, the row
and why, and the whole file is skipped (one bad cell casts doubt on the rest).

>>> Whole(2, 5).value("3", {})
3
>>> Whole(2, 5).value("1e300", {})
Traceback (most recent call last):
...
cardlib.core.class_files.BadValue: '1e300' is not a whole number
>>> formula_safe("- 9 8"), unescaped(formula_safe("- 9 8")), formula_safe("-6")
("'- 9 8", '- 9 8', '-6')
"""
from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

MAX_BYTES = 5_000_000   # a class file is a few kilobytes; anything this big is not one
MAX_COLUMNS = 200       # a game's file has about twenty columns
MAX_ROWS = 20_000       # a class file holds a few hundred rows
MAX_CELL = 20_000       # characters in one cell (a whole game's public log is a few hundred)

Row = Mapping[str, Any]

# --- cells a spreadsheet would read as a formula -------------------------------------------------

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")
QUOTE = "'"  # the OWASP convention for CSV: a leading apostrophe makes a spreadsheet show the cell as text


def formula_safe(cell: Any) -> Any:
    """A cell as the apps write it: text a spreadsheet would read as a formula gets a leading apostrophe
    (numbers, even negative ones, stay numbers); so does text that starts with an apostrophe itself, so
    that ``unescaped`` gives back every value exactly.

    >>> formula_safe("=1+1"), formula_safe("@SUM(A1)"), formula_safe(-3), formula_safe("take 3")
    ("'=1+1", "'@SUM(A1)", -3, 'take 3')
    """
    if isinstance(cell, str) and cell.startswith((*FORMULA_STARTS, QUOTE)) and not PLAIN_NUMBER.fullmatch(cell):
        return QUOTE + cell
    return cell


def unescaped(cell: str) -> str:
    """The value a ``formula_safe`` cell stands for: one leading apostrophe dropped.

    >>> unescaped("'=1+1"), unescaped("''quoted"), unescaped("-6")
    ('=1+1', "'quoted", '-6')
    """
    return cell[1:] if cell.startswith(QUOTE) else cell


# --- what a value may be ---------------------------------------------------------------------------

class BadValue(ValueError):
    """Why one cell's value is not what its column allows (``column``: another cell of the row to blame)."""

    def __init__(self, why: str, column: Optional[str] = None) -> None:
        super().__init__(why)
        self.column = column


class ClassFileError(ValueError):
    """Why a file is not a class file cardlib can pool."""


WHOLE = re.compile(r"[+-]?\d{1,15}(\.0*)?")


def whole(text: str) -> int:
    """A whole number written as one (at most 15 digits: '1e300' and 10**23 are refused, never rounded)."""
    if not WHOLE.fullmatch(text.strip()):
        raise BadValue(f"{text[:40]!r} is not a whole number")
    return int(text.strip().split(".")[0])


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int = -1_000_000
    high: int = 1_000_000

    def value(self, text: str, row: Row) -> int:
        """The number, or BadValue saying why not."""
        number = whole(text)
        if not self.low <= number <= self.high:
            raise BadValue(f"{number} is out of range (a whole number from {self.low} to {self.high})")
        return number


@dataclass(frozen=True)
class Seat:
    """A seat at the row's table, 0 to players − 1 (``blank``: one more value meaning nobody, e.g. −1)."""

    blank: Optional[int] = None

    def value(self, text: str, row: Row) -> int:
        """The seat, or BadValue saying why not."""
        number, players = whole(text), row["players"]
        if number != self.blank and not 0 <= number < players:
            raise BadValue(f"{number} is not a seat at a table of {players} (0 to {players - 1})")
        return number


@dataclass(frozen=True)
class Place:
    """A place or rank at the row's table, 1 to players (``blank``: may be empty, read as NaN)."""

    blank: bool = False

    def value(self, text: str, row: Row) -> Any:
        """The place, or BadValue saying why not."""
        if self.blank and text == "":
            return math.nan
        number, players = whole(text), row["players"]
        if not 1 <= number <= players:
            raise BadValue(f"{number} is not a place at a table of {players} (1 to {players})")
        return number


@dataclass(frozen=True)
class Number:
    """A finite number from ``low`` to ``high`` (``blank``: may be empty, read as NaN)."""

    low: float = -1e6
    high: float = 1e6
    blank: bool = False

    def value(self, text: str, row: Row) -> float:
        """The number, or BadValue saying why not."""
        if self.blank and text == "":
            return math.nan
        try:
            number = float(text) if len(text) <= 40 else math.nan
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise BadValue(f"{text[:40]!r} is not a number")
        if not self.low <= number <= self.high:
            raise BadValue(f"{number:g} is out of range (a number from {self.low:g} to {self.high:g})")
        return number


@dataclass(frozen=True)
class Chance:
    """An exact chance written as a fraction, 0 to 1 (``blank``: may be empty)."""

    blank: bool = True

    def value(self, text: str, row: Row) -> str:
        """The text, or BadValue saying why it is not a chance."""
        if self.blank and text == "":
            return text
        try:
            chance = Fraction(text) if re.fullmatch(r"\d{1,9}(/\d{1,9})?", text) else None
        except ZeroDivisionError:
            chance = None
        if chance is None or not 0 <= chance <= 1:
            raise BadValue(f"{text[:40]!r} is not a chance from 0 to 1 (like 3/4)")
        return text


TRUTH = {"true": True, "false": False, "yes": True, "no": False, "1": True, "0": False}


@dataclass(frozen=True)
class YesNo:
    """Yes or no (True/False, yes/no, 1/0)."""

    def value(self, text: str, row: Row) -> bool:
        """True or False, or BadValue."""
        if text.strip().lower() not in TRUTH:
            raise BadValue(f"{text[:40]!r} is not yes/no")
        return TRUTH[text.strip().lower()]


@dataclass(frozen=True)
class Text:
    """Text: one of ``choices`` if given; checked by ``check(text, row)`` (its message, or None if fine);
    ``required``: not empty."""

    choices: tuple[str, ...] = ()
    check: Optional[Callable[[str, Row], Optional[str]]] = None
    required: bool = False

    def value(self, text: str, row: Row) -> str:
        """The text, or BadValue saying why not."""
        if self.required and not text.strip():
            raise BadValue("empty, and this column needs a value")
        if self.choices and text not in self.choices:
            raise BadValue(f"{text[:40]!r} is not one of {', '.join(map(repr, self.choices))}")
        if self.check is not None and (text or self.required):
            try:
                why = self.check(text, row)
            except BadValue:
                raise
            except (ValueError, KeyError, IndexError, TypeError) as error:
                why = f"{text[:40]!r} is not in the game's notation ({error})"
            if why:
                raise BadValue(why)
        return text


@dataclass(frozen=True)
class Both:
    """A value that passes ``check`` and then ``rule(value, row)`` (its message, or None if fine): a range
    that depends on other columns of the row."""

    check: Any
    rule: Callable[[Any, Row], Optional[str]]

    def value(self, text: str, row: Row) -> Any:
        """The value, or BadValue saying why not."""
        value = self.check.value(text, row)
        why = self.rule(value, row)
        if why:
            raise BadValue(why)
        return value


DEFAULTS: dict[type, Any] = {int: Whole(), float: Number(blank=True), bool: YesNo(), str: Text()}


def kind_of(check: Any) -> str:
    """What a check allows, in a few words (for a teacher's page).

    >>> kind_of(Whole(2, 5)), kind_of(Seat()), kind_of(Text(choices=("S", "Z")))
    ('whole number 2-5', 'seat', "one of 'S', 'Z'")
    """
    if isinstance(check, Whole):
        return f"whole number {check.low}-{check.high}"
    if isinstance(check, Text) and check.choices:
        return "one of " + ", ".join(map(repr, check.choices))
    if isinstance(check, Both):
        return kind_of(check.check) + ", checked against the row"
    return {Seat: "seat", Place: "place", Number: "number", Chance: "chance", YesNo: "yes/no",
            Text: "text"}[type(check)]


# --- a file --------------------------------------------------------------------------------------

def csv_rows(raw: bytes) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of a CSV, parsed in bounded time; ClassFileError if it is not one."""
    if len(raw) > MAX_BYTES:
        raise ClassFileError(f"larger than {MAX_BYTES // 1_000_000} MB: not a class file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ClassFileError("not readable as CSV (not UTF-8 text)") from None
    first = text.split("\n", 1)[0]
    if first.count(",") >= MAX_COLUMNS:  # refused before parsing: a class file has a few columns
        raise ClassFileError(f"a header of {first.count(',') + 1} columns: a class file has fewer than {MAX_COLUMNS}")
    try:
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        header = next(reader, None)
        if not header or header == [""]:
            raise ClassFileError("not readable as CSV (empty)")
        rows = []
        for line in reader:
            if not line:
                continue
            rows.append(line)
            if len(rows) > MAX_ROWS:
                raise ClassFileError(f"more than {MAX_ROWS} rows: not a class file")
    except csv.Error as error:
        raise ClassFileError(f"not readable as CSV ({error})") from None
    if len(header) > MAX_COLUMNS:
        raise ClassFileError(f"a header of {len(header)} columns: a class file has fewer than {MAX_COLUMNS}")
    doubled = sorted({name for name in header if header.count(name) > 1})
    if doubled:
        raise ClassFileError(f"the column {', '.join(map(repr, doubled[:3]))} twice in the header")
    for number, line in enumerate(rows, start=1):
        if len(line) != len(header):
            raise ClassFileError(f"row {number}: {len(line)} cells under a header of {len(header)} columns")
        if any(len(cell) > MAX_CELL for cell in line):
            raise ClassFileError(f"row {number}: a cell longer than {MAX_CELL} characters")
    return header, rows


def checked_rows(header: list[str], rows: list[list[str]], columns: Mapping[str, type],
                 values: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Each column's values, checked row by row in the column order; ClassFileError naming row, column and why."""
    where = {name: header.index(name) for name in columns}
    checks = {name: values.get(name, DEFAULTS[kind]) for name, kind in columns.items()}
    out: dict[str, list[Any]] = {name: [] for name in columns}
    for number, line in enumerate(rows, start=1):
        row: dict[str, Any] = {}
        for name in columns:
            text = unescaped(line[where[name]])
            try:
                row[name] = checks[name].value(text, row)
            except BadValue as why:
                raise ClassFileError(f"row {number}, column {why.column or name}: {why}") from None
            out[name].append(row[name])
    return out
