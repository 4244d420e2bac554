"""Card faces and backs as small HTML snippets (styled by ``cardlib.ui.style.STYLE``).

A face-up card shows a label, styled as its game's view says (``cardlib.decks.pairs_faces`` for the
Pairs deck's coloured numbers), and names it in its ``data-card`` attribute;
a face-down card carries nothing but the ``cl-back`` class, so a hidden value can never reach
the page through a back.

>>> card_face(7)
'<span class="cl-card cl-face" data-card="7">7</span>'
>>> card_back()
'<span class="cl-card cl-back"></span>'

A wild card shows only the value it stands for; a pile shows only its size.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any, Optional


def card_face(label: object, *, style: str = "", data: Optional[object] = None, fresh: bool = False) -> str:
    """A face-up card showing ``label``; ``style`` is the game's CSS for it (colours, say), ``data``
    what its ``data-card`` attribute says (the label by default); ``fresh`` marks the card revealed most recently.

    >>> card_face("3|8", style="--cl-c: #2874a6", data="3/8")
    '<span class="cl-card cl-face" style="--cl-c: #2874a6" data-card="3/8">3|8</span>'
    """
    extra = " cl-fresh" if fresh else ""
    css = f' style="{escape(style)}"' if style else ""
    value = escape(str(label if data is None else data))
    return f'<span class="cl-card cl-face{extra}"{css} data-card="{value}">{escape(str(label))}</span>'


def card_back() -> str:
    """A face-down card: patterned, with no value anywhere in it."""
    return '<span class="cl-card cl-back"></span>'


def card_row(cards: Iterable[Any], *, face: Callable[..., str] = card_face, empty: str = "none",
             fresh: int = 0) -> str:
    """Face-up cards left to right in the given order, each drawn by ``face``; the last ``fresh`` are marked as new.

    >>> card_row([], empty="no cards")
    '<span class="cl-none">no cards</span>'
    >>> card_row([4, 9], fresh=1).count("cl-fresh")
    1
    """
    cards = list(cards)
    if not cards:
        return f'<span class="cl-none">{escape(empty)}</span>'
    first_fresh = len(cards) - fresh
    return "".join(face(card, fresh=i >= first_fresh) for i, card in enumerate(cards))


def back_row(count: int, *, empty: str = "none") -> str:
    """``count`` face-down cards.

    >>> back_row(2).count("cl-back")
    2
    """
    if count <= 0:
        return f'<span class="cl-none">{escape(empty)}</span>'
    return card_back() * count


def wild_card(value: Optional[int], *, name: str = "J", title: str = "") -> str:
    """A wild card (a joker) showing only the value it counts now, never the card under it.

    A wild card that counts nothing yet (``value`` None: not placed) shows a question mark.

    >>> wild_card(7)
    '<span class="cl-card cl-wild" data-wild="7"><small>J</small>7</span>'
    >>> wild_card(None)
    '<span class="cl-card cl-wild cl-wild-loose"><small>J</small>?</span>'
    """
    tip = f' title="{escape(title)}"' if title else ""
    if value is None:
        return f'<span class="cl-card cl-wild cl-wild-loose"{tip}><small>{escape(name)}</small>?</span>'
    shown = int(value)  # only the value it stands for; the card under a wild card is never drawn
    return f'<span class="cl-card cl-wild" data-wild="{shown}"{tip}><small>{escape(name)}</small>{shown}</span>'


def card_slot(text: str = "", *, title: str = "") -> str:
    """An empty place where a card may lie; ``title`` is its tooltip.

    >>> card_slot()
    '<span class="cl-card cl-slot"></span>'
    """
    tip = f' title="{escape(title)}"' if title else ""
    return f'<span class="cl-card cl-slot"{tip}>{escape(text)}</span>'


def pile(count: int, label: str = "deck") -> str:
    """A face-down pile showing only how many cards it holds.

    >>> 'data-count="12"' in pile(12)
    True
    """
    size = int(count)
    top = card_back() if size else card_slot()
    return (f'<span class="cl-pile" data-count="{size}">{top}'
            f'<span class="cl-pile-size"><b>{size}</b> {escape(label)}</span></span>')


def card_group(cards_html: str, caption: str, *, counted: bool = True) -> str:
    """Cards framed together with a caption under them (a run, a set, a trick).

    ``counted`` False draws the frame dashed (cards that do not count as themselves).

    >>> card_group(card_face(1), "counts 1").startswith('<span class="cl-group">')
    True
    """
    dashed = "" if counted else " cl-group-dashed"
    return (f'<span class="cl-group{dashed}"><span class="cl-group-cards">{cards_html}</span>'
            f'<span class="cl-group-caption">{escape(caption)}</span></span>')
