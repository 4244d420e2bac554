"""The Pairs deck's faces: one colour per number, so equal numbers (the pairs) catch the eye.

Both Pairs-deck games draw their cards with these; ``cardlib.ui`` knows no deck.

>>> pairs_face(7)
'<span class="cl-card cl-face" style="--cl-c: #2874a6" data-card="7">7</span>'
"""
from __future__ import annotations

from collections.abc import Iterable

from cardlib.ui.cards import card_face, card_row

COLOURS = {
    1: "#8d5524", 2: "#c0392b", 3: "#e67e22", 4: "#a88b00", 5: "#1e8449",
    6: "#138d90", 7: "#2874a6", 8: "#7d3c98", 9: "#c2185b", 10: "#212121",
}


def pairs_face(number: int, *, fresh: bool = False) -> str:
    """A face-up card of the Pairs deck, in its number's colour."""
    value = int(number)  # only a number of the deck may go into the page
    return card_face(value, style=f"--cl-c: {COLOURS[value]}", fresh=fresh)


def pairs_row(numbers: Iterable[int], *, empty: str = "none", fresh: int = 0) -> str:
    """Pairs-deck cards left to right; the last ``fresh`` are marked as new.

    >>> pairs_row([3, 3]).count('data-card="3"')
    2
    """
    return card_row([int(n) for n in numbers], face=pairs_face, empty=empty, fresh=fresh)
