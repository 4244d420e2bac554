"""The game log: what happened, in order, newest at the bottom and always in view.

The box scrolls itself to the bottom without any script: its flex direction is reversed, so
the browser starts it at the end of the list.

>>> log_html([LogLine("Round 1", "head"), LogLine("Player 1 draws.", "new")]).count("cl-log-line")
2
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple


class LogLine(NamedTuple):
    """One line of the log; ``kind`` is "" (old news), "new" (since your last move) or "head"."""

    text: str
    kind: str = ""


def log_html(lines: Sequence[LogLine], *, empty: str = "Nothing has happened yet.") -> str:
    """The log as HTML: a scrolling box that shows its last lines."""
    if not lines:
        lines = [LogLine(empty)]
    body = "".join(
        f'<div class="cl-log-line{" cl-" + line.kind if line.kind else ""}">{escape(line.text)}</div>'
        for line in lines)
    # The inner div keeps the lines in reading order inside the reversed (bottom-anchored) box.
    return f'<div class="cl-log"><div>{body}</div></div>'
