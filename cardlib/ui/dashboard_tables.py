"""The dashboard's tables of people: each table's game, seats (students, bots, empty), state and moves, and
the teacher's "Start every table" button.

Students are named as in the students' table ("Student n" in the order they joined, or their escaped
name with names shown). The button posts the dashboard's own token: a page elsewhere cannot read the
token (the dashboard answers only this machine's own name) and so cannot start the tables.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from cardlib.games import REGISTRY

__all__ = ["TableLine", "read_tables", "tables_section"]


@dataclass(frozen=True)
class TableLine:
    """One table as the dashboard shows it: its number, game, state, seats (a name, or None for no one) and
    how many moves its log holds."""

    id: int
    game: str
    state: str
    seats: tuple[Any, ...]
    moves: int

    @property
    def waiting(self) -> bool:
        """Open with someone sitting: the teacher's Start would start it."""
        return self.state == "open" and any(name is not None for name in self.seats)


def read_tables(db: Any, code: str) -> list[TableLine]:
    """The class's tables of people, oldest first (never their seeds)."""
    lines = []
    for row in db.class_tables(code):
        names = {seat.seat: seat.name for seat in db.seats(row.id)}
        lines.append(TableLine(row.id, row.game, row.state, tuple(names.get(seat) for seat in range(row.size)),
                               len(db.moves(row.id))))
    return lines


def seat_words(name: Any, state: str, numbers: dict[str, int], names: bool) -> str:
    """A seat on the page: the student (escaped, or "Student n"), "bot" once the table plays, else "empty"."""
    if name is None:
        return "<i>empty</i>" if state == "open" else "<i>bot</i>"
    return html.escape(name) if names else f"Student {numbers.get(name.casefold(), '?')}"


def tables_section(tables: list[TableLine], students: list[Any], names: bool, token: str) -> str:
    """The tables of people as HTML (nothing if the class has none), with the Start button if any waits.

    >>> line = TableLine(1, "satori", "open", ("<b>Ana</b>", None, None), 0)
    >>> print(tables_section([line], [], True, "t0k"))  # doctest: +ELLIPSIS
    <section class="tables"><h2>Tables of people</h2>...<td class="who">&lt;b&gt;Ana&lt;/b&gt;, <i>empty</i>, <i>empty</i>...
    """
    if not tables:
        return ""
    titles = {line.name: line.title for line in REGISTRY}
    numbers = {student.name.casefold(): number for number, student in enumerate(students, start=1)}
    rows = []
    for line in tables:
        seats = ", ".join(seat_words(name, line.state, numbers, names) for name in line.seats)
        rows.append(f'<tr><td>{line.id}</td><td>{html.escape(titles.get(line.game, line.game))}</td>'
                    f'<td class="who">{seats}</td><td>{html.escape(line.state)}</td><td>{line.moves}</td></tr>')
    button = ""
    if any(line.waiting for line in tables):
        button = ('<form method="post" action="/start-all"><input type="hidden" name="token" '
                  f'value="{html.escape(token)}"><input type="hidden" name="names" value="{int(names)}">'
                  '<button type="submit">Start every table (empty seats get bots)</button></form>')
    return ('<section class="tables"><h2>Tables of people</h2><table class="tables"><thead><tr><th>Table</th>'
            '<th>Game</th><th class="who">Seats</th><th>State</th><th>Moves</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{button}</section>')
