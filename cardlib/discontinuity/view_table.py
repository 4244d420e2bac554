"""Discontinuity's table pieces as HTML, drawn only from what a seat may see (an ``Observation``).

The square with the deck in its centre and the sheet's line marks ① to ⑧ around it; a row with
every run of three or more framed together (only its lowest card counts); the joker as a wild
card showing the value it counts now, never the card under it.

>>> row_html((5, 6, "J", 8)).count('class="cl-group"')      # 5 6 J(=7) 8: one run, costs 5
1
>>> "counts only 5" in row_html((5, 6, "J", 8))
True
>>> tally((1, 2, 5, 6, "J", 8), safe_cards=8)               # the sheet's player B
'safe 8 × 2 = +16 · row −8 → +8'
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Optional

from cardlib.decks.pairs_faces import pairs_face
from cardlib.discontinuity.actions import LINE_NAMES, LINES, MARKS, PLACE_NAMES, SLOT_OF, PlaceJoker, Take
from cardlib.discontinuity.scoring import JOKER, RUN, SAFE_CARD, lay_out, row_penalty, row_values, runs
from cardlib.ui import card_group, card_slot, grid_html, number, pile, points_text, wild_card
from cardlib.ui.words import Words

EN = Words("en")  # the words as written in the code; an app passes its own ``say`` (Japanese with lang="ja")


def signed(points: int) -> str:
    """Points with their sign and a true minus.

    >>> signed(4), signed(0), signed(-3)
    ('+4', '0', '−3')
    """
    return points_text(points, sign=True)


# Which line each label of the square's frame names: columns above, rows left, diagonals at the corners.
_TOP = (7, 1, 2, 3, 8)
_LEFT = (4, 5, 6)


def _label(line: int, say: Words = EN) -> str:
    arrow = {7: "↘", 8: "↙"}.get(line, "")
    text = f"{arrow}{MARKS[line]}" if line == 8 else f"{MARKS[line]}{arrow}"
    title = say("line {mark}: {name}", mark=MARKS[line], name=say(LINE_NAMES[line]))
    return f'<span class="cl-grid-label" title="{escape(title)}">{text}</span>'


def _place(card: int, empty: str, why: str) -> str:
    return f'<span class="cl-grid-cell">{pairs_face(card) if card else card_slot(empty, title=why)}</span>'


def refill_note(square: Sequence[int], deck_size: int, say: Words = EN) -> str:
    """What happens to the square's empty places once the joker is placed (the refill ends the turn).

    >>> refill_note((0, 0, 3, 4, 5, 6, 7, 8), 12)
    'The 2 empty places are refilled from the deck once the joker is placed.'
    >>> refill_note((0, 0, 3, 4, 5, 6, 7, 8), 1)
    'Once the joker is placed, the deck’s last card fills an empty place and the game ends.'
    """
    empty = sum(card == 0 for card in square)
    if not empty:
        return ""
    if deck_size > empty:
        if empty == 1:
            return say("The empty place is refilled from the deck once the joker is placed.")
        return say("The {n} empty places are refilled from the deck once the joker is placed.", n=empty)
    if deck_size == 1:
        return say("Once the joker is placed, the deck’s last card fills an empty place and the game ends.")
    return say("Once the joker is placed, the deck’s last {n} cards fill the empty places and the game ends.",
               n=deck_size)


def square_html(square: Sequence[int], deck_size: int, *, refill_pending: bool = False, say: Words = EN) -> str:
    """The 3×3 square: eight face-up places around the deck (only its size), lines marked ①–⑧.

    ``refill_pending``: the turn is not over (a joker is being placed), so the places just
    emptied wait for the refill that ends it; otherwise an empty place stays empty (deck out).
    """
    note = refill_note(square, deck_size, say) if refill_pending else ""
    empty, why = (say("refill"), note) if note else (say("empty"), "")
    cells = [[_label(line, say) for line in _TOP]]
    places = iter(square)
    for r, line in enumerate(_LEFT):
        row = [_label(line, say)]
        for c in range(3):
            row.append(f'<span class="cl-grid-cell cl-deck">{pile(deck_size, say("left"))}</span>'
                       if (r, c) == (1, 1) else _place(next(places), empty, why))
        cells.append(row + ["<span></span>"])  # an empty grid cell keeps the columns in step
    after = f'<div class="cl-refill">{escape(note)}</div>' if note else ""
    return (f'<div class="cl-square" data-deck="{int(deck_size)}">{grid_html(cells)}'
            f'<div class="cl-sub">{escape(say("① ② ③ columns · ④ ⑤ ⑥ rows · ⑦ ⑧ diagonals"))}</div>{after}</div>')


def row_html(row: Sequence, *, empty: str = "no cards yet", joker_to_place: bool = False, say: Words = EN) -> str:
    """A laid-out row: runs of three or more framed ("counts only" their lowest), the joker wild.

    ``joker_to_place``: the owner's joker is off the row, waiting to be placed: it is drawn after
    the row, apart, counting nothing yet.

    >>> 'cl-wild-loose' in row_html((6, 7), joker_to_place=True)
    True
    """
    if joker_to_place:
        loose = card_group(wild_card(None, title=say("the joker, to place: it counts nothing until it is placed")),
                           say("to place"), counted=False)
        return (row_html(row, empty="", say=say) if row else "") + loose
    if not row:
        return f'<span class="cl-none">{escape(say(empty))}</span>' if empty else ""
    values = row_values(row)
    out, i = [], 0
    for run in runs(values):
        cards = "".join(
            wild_card(value, title=say("joker: counts {value}; nobody sees the card under it", value=value))
            if row[i + k] == JOKER else pairs_face(value)
            for k, value in enumerate(run))
        i += len(run)
        out.append(card_group(cards, say("counts only {value}", value=run[0])) if len(run) >= RUN else cards)
    return "".join(out)


def joker_costs(row: Sequence) -> tuple[int, int]:
    """The least and the most a row of number cards costs once a joker is placed right of one of them.

    >>> joker_costs((6, 7))          # right of 7: 6 7 J(8) costs 6; right of 6: 6 J(7) 7 costs 20
    (6, 20)
    """
    costs = [row_penalty(lay_out(row, True, anchor)) for anchor in row]
    return min(costs), max(costs)


def row_cost(row: Sequence, *, joker_to_place: bool = False, say: Words = EN) -> str:
    """What a row costs now, to show after its cards; with a joker to place, what it may cost.

    >>> row_cost((5, 7, 9))
    '<span class="cl-note">costs <b>21</b></span>'
    >>> row_cost((6, 7), joker_to_place=True)
    '<span class="cl-note">costs <b>6</b> to <b>20</b> once the joker is placed</span>'
    """
    if joker_to_place and row:
        low, high = joker_costs(row)
        cost = f"<b>{low}</b>" if low == high else f"<b>{low}</b> to <b>{high}</b>"
        return f'<span class="cl-note">{say("costs {cost} once the joker is placed", cost=cost)}</span>'
    return f'<span class="cl-note">{say("costs {cost}", cost=f"<b>{row_penalty(row)}</b>")}</span>' if row else ""


def safe_html(safe_cards: int, say: Words = EN) -> str:
    """A safe: how many cards lie in it face down, and what they score.

    >>> safe_html(4)
    '<b>4</b> cards → <b>+8</b>'
    """
    return say("<b>{n}</b> cards → <b>{points}</b>", n=int(safe_cards), points=signed(SAFE_CARD * safe_cards))


def tally(row: Sequence, safe_cards: int, say: Words = EN) -> str:
    """A seat's points in words: the safe, the row's cost, the result."""
    penalty = row_penalty(row)
    return say("safe {n} × {card} = {gain} · row {cost} → {points}", n=safe_cards, card=SAFE_CARD,
               gain=signed(SAFE_CARD * safe_cards), cost=signed(-penalty),
               points=signed(SAFE_CARD * safe_cards - penalty))


def line_values(square: Sequence[int], line: int) -> tuple[int, ...]:
    """The face-up values on a line, in the order of its places."""
    return tuple(square[slot] for slot in LINES[line])


def why_no_take(values: Sequence[int], say: Words = EN) -> str:
    """Why a line offers no take, in words.

    >>> why_no_take((7, 7))
    'both show 7: two equal numbers can never be taken together'
    """
    if not all(values):
        return say("an empty place: nothing to take")
    if len(set(values)) == 1:
        if len(values) == 2:
            return say("both show {n}: two equal numbers can never be taken together", n=values[0])
        return say("all three show {n}: two equal numbers can never be taken together", n=values[0])
    return say("no two different numbers")  # unreachable by the rules; said plainly all the same


def nothing_to_take(values: Sequence[int], say: Words = EN) -> str:
    """The label of a line that offers no take: what it shows, in short (``why_no_take`` says why).

    >>> nothing_to_take((9, 9, 9))
    'nothing to take: all three show 9'
    """
    if not all(values):
        return say("nothing to take: an empty place")
    if len(set(values)) == 1:
        shown = "both show {n}" if len(values) == 2 else "all three show {n}"
        return say("nothing to take: " + shown, n=values[0])
    return say("no two different numbers")


def take_label(take: Take, square: Sequence[int], say: Words = EN) -> str:
    """A button's words for a take: "take 3 and 7 from ④", naming the place when a line shows a twin.

    >>> take_label(Take(4, 3, 7, at=(0, 1)), (3, 3, 7, 1, 2, 3, 4, 5))
    'take 3 and 7 from ④ (the 3 at top)'
    """
    if take.at is None:
        return say("take {a} and {b} from {line}", a=take.a, b=take.b, line=MARKS[take.line])
    slot = SLOT_OF[take.at]
    return say("take {a} and {b} from {line} (the {card} {at})", a=take.a, b=take.b, line=MARKS[take.line],
               card=square[slot], at=say(f"at {PLACE_NAMES[slot]}"))


def take_words(take: Take, say: Words = EN) -> str:
    """A take in the digest's notation (``str(take)``), in the app's language.

    >>> take_words(Take(4, 3, 7)) == str(Take(4, 3, 7))
    True
    """
    if take.at is None:
        return say("take {a} and {b} from line {line}", a=take.a, b=take.b, line=MARKS[take.line])
    return say("take {a} and {b} from line {line} (the one {at})", a=take.a, b=take.b, line=MARKS[take.line],
               at=say(f"at {PLACE_NAMES[SLOT_OF[take.at]]}"))


def line_heading(line: int, values: Sequence[int], reason: str = "", say: Words = EN) -> str:
    """The heading of a line's buttons: its mark and name, and why not, if it offers nothing
    (the buttons name the cards; a line that offers nothing names them in its reason)."""
    why = f'<br><span class="cl-why">{escape(reason)}</span>' if reason else ""
    return f"<b>{MARKS[line]}</b> {escape(say(LINE_NAMES[line]))}{why}"


def numbers_of(row: Sequence) -> list[int]:
    """The number cards of a laid-out row (the joker left out)."""
    return [card for card in row if card != JOKER]


def place_label(place: PlaceJoker, row: Sequence, safe_cards: int, banked: int = 0, say: Words = EN) -> str:
    """A joker place's button: where, what it counts, and the row's cost and the total it gives
    (``banked``: the points of earlier halves, which the total includes as the seats show it).

    >>> place_label(PlaceJoker(6), (1, 2, 5, 6, 8), 8)
    'right of 6 (joker = 7): row −8, points +8'
    """
    after = lay_out(numbers_of(row), True, place.anchor)
    penalty = row_penalty(after)
    return say("right of {anchor} (joker = {value}): row {cost}, points {points}", anchor=place.anchor,
               value=place.anchor + 1, cost=signed(-penalty), points=signed(banked + SAFE_CARD * safe_cards - penalty))


def result_rows(names: Sequence[str], rows: Sequence[Sequence], points: Sequence[int],
                extra: Optional[Sequence[Sequence[str]]] = None, extra_heads: Sequence[str] = (),
                say: Words = EN) -> str:
    """A table of each seat's final row, safe and points (safe size worked back from the points)."""
    head = "".join(f"<th>{escape(h)}</th>" for h in ["", say("Row"), say("Safe"), say("Points"), *extra_heads])
    body = []
    for seat, name in enumerate(names):
        safe_cards = (points[seat] + row_penalty(rows[seat])) // SAFE_CARD
        more = "".join(f"<td>{cell}</td>" for cell in (extra[seat] if extra else ()))
        body.append(f'<tr data-seat="{seat}"><td><b>{escape(name)}</b></td>'
                    f'<td class="cl-result-row">{row_html(rows[seat], empty="empty", say=say)}</td>'
                    f"<td>{escape(say('{n} cards', n=safe_cards))}</td>"
                    f"<td>{escape(tally(rows[seat], safe_cards, say))}</td>{more}</tr>")
    return f'<table class="cl-results"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
