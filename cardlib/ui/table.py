"""HTML pieces of the table every app shares: seats, the prompt, messages and the scoreboard.

Each piece is a pure function of what it is given, so an app that passes only public
information cannot show anything else.

>>> 'data-seat="2"' in seat_box(2, "Player 2", rows=[("Hand", "", "cl-hand")])
True
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape


def seat_box(seat: int, name: str, *, rows: Sequence[tuple[str, str, str]], subtitle: str = "",
             points: int | None = None, badges: Sequence[tuple[str, bool]] = (), you: bool = False,
             turn: bool = False) -> str:
    """One player's place at the table: name, points, badges, then rows of cards.

    ``rows`` holds (label, cards HTML, class of the card area); ``badges`` holds (text, highlighted).
    """
    classes = "cl-seat" + (" cl-you" if you else "") + (" cl-turn" if turn else "")
    head = [f'<span class="cl-name">{escape(name)}</span>']
    head += [f'<span class="cl-badge{" cl-hot" if hot else ""}">{escape(text)}</span>' for text, hot in badges]
    if points is not None:
        head.append(f'<span class="cl-pts"><b>{int(points)}</b> point{"" if points == 1 else "s"}</span>')
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


def score_table(names: Sequence[str], rounds: Sequence[tuple[str, Sequence[str], Sequence[int]]],
                totals: Sequence[int], details: Sequence[str] = (), *, signed: bool = False,
                first: str = "Round", empty: str = "no round finished yet") -> str:
    """Points round by round and the totals.

    ``rounds`` holds (label, detail cells, points per seat); ``details`` names the detail columns.
    ``signed`` writes every number with its sign (games where points may be won or lost);
    ``first`` heads the label column and ``empty`` fills a table with no rows yet.

    >>> html = score_table(["You", "Player 1"], [("1", ("Player 1",), (10, 0))], (10, 0), ["Passer"])
    >>> html.count('class="cl-total"')
    2
    """
    head = "".join(f"<th>{escape(name)}</th>" for name in [first, *details, *names])
    body = []
    for label, cells, points in rounds:
        info = "".join(f'<td class="cl-detail">{escape(str(cell))}</td>' for cell in cells)
        scored = "".join(f"<td>{_signed(p) if signed else '+' + str(p) if p else '·'}</td>" for p in points)
        body.append(f"<tr><td>{escape(label)}</td>{info}{scored}</tr>")
    if not rounds:
        body.append(f'<tr><td colspan="{len(names) + len(details) + 1}"><span class="cl-none">'
                    f"{escape(empty)}</span></td></tr>")
    total_cells = "".join(f'<td class="cl-total" data-seat="{seat}">{int(t)}</td>' for seat, t in enumerate(totals))
    body.append(f'<tr class="cl-total-row"><td>Total</td>{"<td></td>" * len(details)}{total_cells}</tr>')
    return (f'<div class="cl-scores-box"><table class="cl-scores"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _signed(points: int) -> str:
    """A number with its sign, a true minus for losses: +4, 0, −3."""
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def section(title: str) -> str:
    """A small heading between parts of the app."""
    return f'<div class="cl-section">{escape(title)}</div>'
