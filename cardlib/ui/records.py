"""The class record an app keeps: one or more rows for each finished round, offered as a CSV.

A row holds only what the human player could see when it was written (a game's ``decision_row``
and ``round_rows`` draw it from the player's observation), so a student may hand the file in and a
teacher may pool a whole class's files (``cardlib.core.classroom``).

>>> records = Records("example", seed=3)
>>> records.new_game(1, players=2, seat=0)
>>> records.decided({"bet": "yes"})
>>> records.finished((), True, lambda part, decisions: [dict(d, won=1) for d in decisions])
>>> print(records.csv_text().strip())
game,players,seat,game_no,round,bet,won
example,2,0,1,1,yes,1
>>> records.filename
'cardlib-example-seed3.csv'

A live class sets ``sink``: every finished round's rows go to it as well (to the class database), and
``games_before`` numbers a returning student's games after the ones already stored.

>>> records.games_before, records.sink = 4, print
>>> records.new_game(2, players=2, seat=0)
>>> records.decided({"bet": "no"})
>>> records.finished((), True, lambda part, decisions: [dict(d, won=0) for d in decisions])
[{'game': 'example', 'players': 2, 'seat': 0, 'game_no': 6, 'round': 1, 'bet': 'no', 'won': 0}]
"""
from __future__ import annotations

import base64
import csv
import io
import secrets
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Optional

from cardlib.core.class_files import formula_safe

KIT_COLUMNS = ("game", "players", "seat", "game_no", "round")  # every class file starts with these

Rows = list[dict[str, Any]]


class Records:
    """Your finished rounds, row by row: the decisions of the round in play wait until it is over."""

    def __init__(self, game: str, seed: Optional[int] = None) -> None:
        self.game = game
        self.rows: Rows = []
        self._decisions: Rows = []
        self._context: dict[str, Any] = {}
        self._recorded = 0  # finished parts of the game in play already written
        self._over = False  # the game in play is over and written
        self.games_before = 0  # game numbers go on after these (a student back in a live class)
        self.sink: Optional[Callable[[Rows], None]] = None  # gets each finished round's rows too (a live class)
        # rows are only ever added: the columns and the CSV so far are kept, and each new row is written once
        self._columns: list[str] = list(KIT_COLUMNS)
        self._columned = 0  # rows whose keys are in _columns
        self._csv: tuple[tuple[str, ...], int, str] = ((), 0, "")  # the columns, the rows written, the CSV text
        tag = f"seed{seed}" if seed is not None else secrets.token_hex(3)  # two students' files keep apart
        self.filename = f"cardlib-{game}-{tag}.csv"

    def new_game(self, number: int, players: int, seat: int) -> None:
        """A new game is dealt: its rows carry its number, the table's size and your seat."""
        self._context = {"game": self.game, "players": players, "seat": seat, "game_no": number}
        self._decisions, self._recorded, self._over = [], 0, False

    def resume(self, finished: int, over: bool) -> None:
        """Play goes on from a given position: the ``finished`` parts before it are not yours to record."""
        self._decisions, self._recorded, self._over = [], finished, over

    def decided(self, row: Optional[dict[str, Any]]) -> None:
        """One of your decisions in the round in play (None: nothing to keep)."""
        if row is not None:
            self._decisions.append(dict(row))

    def finished(self, parts: Sequence[Any], over: bool, rows_of: Callable[[Any, Rows], Rows]) -> None:
        """Write every part of the game finished since last time; a game without parts is one part at its end."""
        while self._recorded < len(parts):
            self._write(parts[self._recorded], rows_of)
        if over and not self._over:
            self._over = True
            if self._decisions or not parts:  # the game's last decisions belong to no finished part
                self._write(None, rows_of)

    def _write(self, part: Any, rows_of: Callable[[Any, Rows], Rows]) -> None:
        self._recorded += 1
        context = {**self._context, "game_no": self._context["game_no"] + self.games_before}
        written = [{**context, "round": self._recorded, **row} for row in rows_of(part, self._decisions)]
        self.rows += written
        self._decisions = []
        if self.sink is not None and written:
            self.sink([dict(row) for row in written])

    @property
    def rounds(self) -> int:
        """How many finished rounds the record holds."""
        return len({(row["game_no"], row["round"]) for row in self.rows})

    def columns(self) -> list[str]:
        """The kit's columns, then the game's in the order they first appear."""
        for row in self.rows[self._columned:]:
            self._columns += [key for key in row if key not in self._columns]
        self._columned = len(self.rows)
        return list(self._columns)

    def csv_text(self) -> str:
        """The record as CSV text (a header line, then a line a row); a cell a spreadsheet would read as a
        formula ("=", "+", "-", "@", tab or CR first, not a number) starts with an apostrophe, shown as text.

        >>> records = Records("example")
        >>> records.new_game(1, players=2, seat=0)
        >>> records.decided({"square": "- 9 8", "points": -6})
        >>> records.finished((), True, lambda part, decisions: decisions)
        >>> print(records.csv_text().strip())
        game,players,seat,game_no,round,square,points
        example,2,0,1,1,'- 9 8,-6
        """
        columns = tuple(self.columns())
        kept, written, text = self._csv
        if kept != columns:  # a new column: every row is written again, with a cell for it
            written, text = 0, ""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
        quoted = csv.DictWriter(out, fieldnames=columns, lineterminator="\n", quoting=csv.QUOTE_ALL)
        if not text:
            writer.writeheader()
        for row in self.rows[written:]:
            safe = {key: formula_safe(value) for key, value in row.items()}
            # csv quotes a cell holding "\n" but not one holding "\r" under a "\n" line end: quote that row whole
            (quoted if any(isinstance(value, str) and "\r" in value for value in safe.values()) else writer).writerow(safe)
        self._csv = (columns, len(self.rows), text + out.getvalue())
        return self._csv[2]

    def copy(self) -> "Records":
        """An independent copy (a twin app continues the same record)."""
        twin = Records(self.game)
        twin.__dict__.update({key: (list(value) if isinstance(value, list) else
                                    dict(value) if isinstance(value, dict) else value)
                              for key, value in self.__dict__.items()})
        twin.sink = None  # the copy's rounds are its own: they go to no database
        return twin

    def download_html(self, say: Callable[..., str]) -> str:
        """The page's line: a link that downloads the CSV, or what will be there once a round is over."""
        if not self.rows:
            return f'<div class="cl-download">{escape(say("Finished rounds are kept here for your class: a CSV to download."))}</div>'
        data = base64.b64encode(self.csv_text().encode("utf-8")).decode("ascii")
        rounds = say("1 round") if self.rounds == 1 else say("{n} rounds", n=self.rounds)
        return (f'<div class="cl-download">{escape(say("Your rounds for the class"))}: '
                f'<a class="cl-download-link" download="{escape(self.filename)}" '
                f'href="data:text/csv;charset=utf-8;base64,{data}">'
                f'{escape(say("Download CSV ({rounds})", rounds=rounds))}</a></div>')
