"""HTML pieces of the table every app shares: seats, the prompt, messages and the scoreboard.

Each piece is a pure function of what it is given, so an app that passes only public
information cannot show anything else.

>>> 'data-seat="2"' in seat_box(2, "Player 2", rows=[("Hand", "", "cl-hand")])
True
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Union

MINUS = "\u2212"  # the true minus sign for every negative number shown

Points = Union[int, tuple[int, int]]  # a number of points, or the (lowest, highest) still open


def number(points: int) -> str:
    """A whole number as people read it: negative ones with the true minus sign.

    >>> number(12), number(0), number(-7)
    ('12', '0', '−7')
    """
    value = int(points)
    return f"{MINUS}{-value}" if value < 0 else str(value)


def points_text(points: Points, *, sign: bool = False) -> str:
    """Points, or the range they may still take ("−20 to −6"); ``sign`` writes a + on gains.

    >>> points_text(-3), points_text(4, sign=True), points_text((-20, -6))
    ('−3', '+4', '−20 to −6')
    """
    if isinstance(points, tuple):
        low, high = points
        if low != high:
            return f"{points_text(low, sign=sign)} to {points_text(high, sign=sign)}"
        points = low
    return f"+{int(points)}" if sign and points > 0 else number(points)


def _range_data(points: Points) -> str:
    """Data attributes naming a range of points (none for a settled number)."""
    if isinstance(points, tuple) and points[0] != points[1]:
        return f' data-low="{int(points[0])}" data-high="{int(points[1])}"'
    return ""


def seat_box(seat: int, name: str, *, rows: Sequence[tuple[str, str, str]], subtitle: str = "",
             points: Points | None = None, badges: Sequence[tuple[str, bool]] = (), you: bool = False,
             turn: bool = False, points_note: str = "", point_words: tuple[str, str] = ("point", "points")) -> str:
    """One player's place at the table: name, points, badges, then rows of cards.

    ``rows`` holds (label, cards HTML, class of the card area); ``badges`` holds (text, highlighted).
    ``points`` may be a (lowest, highest) range while they are not settled; ``points_note`` is
    the tooltip saying why; ``point_words`` are the words after one point and after any other number
    (the app's language: ``("点", "点")`` in Japanese).

    >>> '<b>−20 to −6</b> points' in seat_box(0, "You", rows=[], points=(-20, -6))
    True
    """
    classes = "cl-seat" + (" cl-you" if you else "") + (" cl-turn" if turn else "")
    head = [f'<span class="cl-name">{escape(name)}</span>']
    head += [f'<span class="cl-badge{" cl-hot" if hot else ""}">{escape(text)}</span>' for text, hot in badges]
    if points is not None:
        tip = f' title="{escape(points_note)}"' if points_note else ""
        word = point_words[0] if points == 1 or points == (1, 1) else point_words[1]
        head.append(f'<span class="cl-pts"{_range_data(points)}{tip}><b>{points_text(points)}</b> {word}</span>')
    sub = f'<div class="cl-sub">{escape(subtitle)}</div>' if subtitle else ""
    body = "".join(
        f'<div class="cl-row"><span class="cl-label">{escape(label)}</span>'
        f'<span class="{escape(area)}" data-seat="{int(seat)}">{cards}</span></div>'
        for label, cards, area in rows)
    return (f'<div class="{classes}" data-seat="{int(seat)}">'
            f'<div class="cl-seat-head">{"".join(head)}</div>{sub}{body}</div>')


def table_html(others: Sequence[str], mine: str, centre: str = "") -> str:
    """The table: the other seats side by side, your own seat below them.

    A ``centre`` (what lies in the middle of the table) goes on the left, the seats beside it.
    """
    seats = f'<div class="cl-seats">{"".join(others)}</div>{mine}'
    if centre:
        return (f'<div class="cl-table cl-around"><div class="cl-centre">{centre}</div>'
                f'<div class="cl-seats-side">{seats}</div></div>')
    return f'<div class="cl-table">{seats}</div>'


def grid_html(rows: Sequence[Sequence[str]]) -> str:
    """HTML cells laid out in a grid, row by row (every row as long as the first).

    >>> grid_html([["a", "b"], ["c", "d"]]).count("grid-template-columns: repeat(2, auto)")
    1
    """
    columns = len(rows[0]) if rows else 0
    cells = "".join(cell for row in rows for cell in row)
    return f'<div class="cl-grid" style="grid-template-columns: repeat({columns}, auto)">{cells}</div>'


def prompt_html(text: str, detail: str = "", *, waiting: bool = False) -> str:
    """What to do now, in one line, with an optional smaller line of detail."""
    small = f"<small>{escape(detail)}</small>" if detail else ""
    return f'<div class="cl-prompt{" cl-wait" if waiting else ""}">{escape(text)}{small}</div>'


def message_html(text: str, kind: str = "error") -> str:
    """A message about the last click ("error" or "info"); empty text gives no message.

    >>> message_html("")
    ''
    """
    if not text:
        return ""
    return f'<div class="cl-message cl-{escape(kind)}">{escape(text)}</div>'


def score_table(names: Sequence[str], rounds: Sequence[tuple[str, Sequence[str], Sequence[Points]]],
                totals: Sequence[Points], details: Sequence[str] = (), *, signed: bool = False,
                first: str = "Round", empty: str = "no round finished yet", total: str = "Total") -> str:
    """Points round by round and the totals (negative numbers with the true minus sign).

    ``rounds`` holds (label, detail cells, points per seat); ``details`` names the detail columns.
    ``signed`` writes every number with its sign (games where points may be won or lost);
    ``first`` heads the label column, ``empty`` fills a table with no rows yet and ``total`` heads
    the last row (the words in the app's language). A cell may be
    a (lowest, highest) range of points not settled yet.

    >>> html = score_table(["You", "Player 1"], [("1", ("Player 1",), (10, 0))], (10, 0), ["Passer"])
    >>> html.count('class="cl-total"')
    2
    >>> '<td class="cl-total" data-seat="1">−4</td>' in score_table(["You", "Bot"], [], (3, -4), signed=True)
    True
    """
    head = "".join(f"<th>{escape(name)}</th>" for name in [first, *details, *names])
    body = []
    for label, cells, points in rounds:
        info = "".join(f'<td class="cl-detail">{escape(str(cell))}</td>' for cell in cells)
        scored = "".join(f"<td{_range_data(p)}>{points_text(p, sign=True) if signed or p else '·'}</td>"
                         for p in points)
        body.append(f"<tr><td>{escape(label)}</td>{info}{scored}</tr>")
    if not rounds:
        body.append(f'<tr><td colspan="{len(names) + len(details) + 1}"><span class="cl-none">'
                    f"{escape(empty)}</span></td></tr>")
    total_cells = "".join(f'<td class="cl-total" data-seat="{seat}"{_range_data(t)}>{points_text(t)}</td>'
                          for seat, t in enumerate(totals))
    body.append(f'<tr class="cl-total-row"><td>{escape(total)}</td>{"<td></td>" * len(details)}{total_cells}</tr>')
    return (f'<div class="cl-scores-box"><table class="cl-scores"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def section(title: str) -> str:
    """A small heading between parts of the app."""
    return f'<div class="cl-section">{escape(title)}</div>'
