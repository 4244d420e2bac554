"""Discontinuity's table as HTML, drawn only from what a seat may see (an ``Observation``).

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

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.discontinuity.actions import LINE_NAMES, LINES, MARKS, PLACE_NAMES, SLOT_OF, PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.records import HalfResult, Observation
from cardlib.discontinuity.rules import FIRST_HALF
from cardlib.discontinuity.scoring import (
    JOKER, RUN, SAFE_CARD, largest_value, lay_out, row_penalty, row_values, runs,
)
from cardlib.decks.pairs_faces import pairs_face
from cardlib.ui import (
    card_group, card_slot, grid_html, number, pile, points_text, prompt_html, score_table, seat_box,
    table_html, wild_card,
)
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names

def signed(points: int) -> str:
    """Points with their sign and a true minus.

    >>> signed(4), signed(0), signed(-3)
    ('+4', '0', '−3')
    """
    return points_text(points, sign=True)


# Which line each label of the square's frame names: columns above, rows left, diagonals at the corners.
_TOP = (7, 1, 2, 3, 8)
_LEFT = (4, 5, 6)


def _label(line: int) -> str:
    arrow = {7: "↘", 8: "↙"}.get(line, "")
    text = f"{arrow}{MARKS[line]}" if line == 8 else f"{MARKS[line]}{arrow}"
    return f'<span class="cl-grid-label" title="line {MARKS[line]}: {LINE_NAMES[line]}">{text}</span>'


def _place(card: int, empty: str, why: str) -> str:
    return f'<span class="cl-grid-cell">{pairs_face(card) if card else card_slot(empty, title=why)}</span>'


def refill_note(square: Sequence[int], deck_size: int) -> str:
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
        places = "The empty place is" if empty == 1 else f"The {empty} empty places are"
        return f"{places} refilled from the deck once the joker is placed."
    cards = "the deck’s last card fills an empty place" if deck_size == 1 else \
        f"the deck’s last {deck_size} cards fill the empty places"
    return f"Once the joker is placed, {cards} and the game ends."


def square_html(square: Sequence[int], deck_size: int, *, refill_pending: bool = False) -> str:
    """The 3×3 square: eight face-up places around the deck (only its size), lines marked ①–⑧.

    ``refill_pending``: the turn is not over (a joker is being placed), so the places just
    emptied wait for the refill that ends it; otherwise an empty place stays empty (deck out).
    """
    note = refill_note(square, deck_size) if refill_pending else ""
    empty, why = ("refill", note) if note else ("empty", "")
    cells = [[_label(line) for line in _TOP]]
    places = iter(square)
    for r, line in enumerate(_LEFT):
        row = [_label(line)]
        for c in range(3):
            row.append(f'<span class="cl-grid-cell cl-deck">{pile(deck_size, "left")}</span>'
                       if (r, c) == (1, 1) else _place(next(places), empty, why))
        cells.append(row + ["<span></span>"])  # an empty grid cell keeps the columns in step
    after = f'<div class="cl-refill">{escape(note)}</div>' if note else ""
    return (f'<div class="cl-square" data-deck="{int(deck_size)}">{grid_html(cells)}'
            f'<div class="cl-sub">① ② ③ columns · ④ ⑤ ⑥ rows · ⑦ ⑧ diagonals</div>{after}</div>')


def row_html(row: Sequence, *, empty: str = "no cards yet", joker_to_place: bool = False) -> str:
    """A laid-out row: runs of three or more framed ("counts only" their lowest), the joker wild.

    ``joker_to_place``: the owner's joker is off the row, waiting to be placed: it is drawn after
    the row, apart, counting nothing yet.

    >>> 'cl-wild-loose' in row_html((6, 7), joker_to_place=True)
    True
    """
    if joker_to_place:
        loose = card_group(wild_card(None, title="the joker, to place: it counts nothing until it is placed"),
                           "to place", counted=False)
        return (row_html(row, empty="") if row else "") + loose
    if not row:
        return f'<span class="cl-none">{escape(empty)}</span>' if empty else ""
    values = row_values(row)
    out, i = [], 0
    for run in runs(values):
        cards = "".join(
            wild_card(value, title=f"joker: counts {value}; nobody sees the card under it")
            if row[i + k] == JOKER else pairs_face(value)
            for k, value in enumerate(run))
        i += len(run)
        out.append(card_group(cards, f"counts only {run[0]}") if len(run) >= RUN else cards)
    return "".join(out)


def joker_costs(row: Sequence) -> tuple[int, int]:
    """The least and the most a row of number cards costs once a joker is placed right of one of them.

    >>> joker_costs((6, 7))          # right of 7: 6 7 J(8) costs 6; right of 6: 6 J(7) 7 costs 20
    (6, 20)
    """
    costs = [row_penalty(lay_out(row, True, anchor)) for anchor in row]
    return min(costs), max(costs)


def row_cost(row: Sequence, *, joker_to_place: bool = False) -> str:
    """What a row costs now, to show after its cards; with a joker to place, what it may cost.

    >>> row_cost((5, 7, 9))
    '<span class="cl-note">costs <b>21</b></span>'
    >>> row_cost((6, 7), joker_to_place=True)
    '<span class="cl-note">costs <b>6</b> to <b>20</b> once the joker is placed</span>'
    """
    if joker_to_place and row:
        low, high = joker_costs(row)
        cost = f"<b>{low}</b>" if low == high else f"<b>{low}</b> to <b>{high}</b>"
        return f'<span class="cl-note">costs {cost} once the joker is placed</span>'
    return f'<span class="cl-note">costs <b>{row_penalty(row)}</b></span>' if row else ""


def safe_html(safe_cards: int) -> str:
    """A safe: how many cards lie in it face down, and what they score.

    >>> safe_html(4)
    '<b>4</b> cards → <b>+8</b>'
    """
    return f"<b>{int(safe_cards)}</b> cards → <b>{signed(SAFE_CARD * safe_cards)}</b>"


def tally(row: Sequence, safe_cards: int) -> str:
    """A seat's points in words: the safe, the row's cost, the result."""
    penalty = row_penalty(row)
    return (f"safe {safe_cards} × {SAFE_CARD} = {signed(SAFE_CARD * safe_cards)} · row {signed(-penalty)}"
            f" → {signed(SAFE_CARD * safe_cards - penalty)}")


def line_values(square: Sequence[int], line: int) -> tuple[int, ...]:
    """The face-up values on a line, in the order of its places."""
    return tuple(square[slot] for slot in LINES[line])


def why_no_take(values: Sequence[int]) -> str:
    """Why a line offers no take, in words.

    >>> why_no_take((7, 7))
    'both show 7: two equal numbers can never be taken together'
    """
    if not all(values):
        return "an empty place: nothing to take"
    if len(set(values)) == 1:
        count = "both show" if len(values) == 2 else "all three show"
        return f"{count} {values[0]}: two equal numbers can never be taken together"
    return "no two different numbers"  # unreachable by the rules; said plainly all the same


def take_label(take: Take, square: Sequence[int]) -> str:
    """A button's words for a take: "take 3 and 7 from ④", naming the place when a line shows a twin.

    >>> take_label(Take(4, 3, 7, at=(0, 1)), (3, 3, 7, 1, 2, 3, 4, 5))
    'take 3 and 7 from ④ (the 3 at top)'
    """
    text = f"take {take.a} and {take.b} from {MARKS[take.line]}"
    if take.at is not None:
        slot = SLOT_OF[take.at]
        text += f" (the {square[slot]} at {PLACE_NAMES[slot]})"
    return text


def line_heading(line: int, values: Sequence[int], reason: str = "") -> str:
    """The heading of a line's buttons: its mark and name, and why not, if it offers nothing
    (the buttons name the cards; a line that offers nothing names them in its reason)."""
    why = f'<br><span class="cl-why">{escape(reason)}</span>' if reason else ""
    return f"<b>{MARKS[line]}</b> {escape(LINE_NAMES[line])}{why}"


def numbers_of(row: Sequence) -> list[int]:
    """The number cards of a laid-out row (the joker left out)."""
    return [card for card in row if card != JOKER]


def place_label(place: PlaceJoker, row: Sequence, safe_cards: int, banked: int = 0) -> str:
    """A joker place's button: where, what it counts, and the row's cost and the total it gives
    (``banked``: the points of earlier halves, which the total includes as the seats show it).

    >>> place_label(PlaceJoker(6), (1, 2, 5, 6, 8), 8)
    'right of 6 (joker = 7): row −8, points +8'
    """
    after = lay_out(numbers_of(row), True, place.anchor)
    penalty = row_penalty(after)
    return (f"right of {place.anchor} (joker = {place.anchor + 1}): row {signed(-penalty)},"
            f" points {signed(banked + SAFE_CARD * safe_cards - penalty)}")


def result_rows(names: Sequence[str], rows: Sequence[Sequence], points: Sequence[int],
                extra: Optional[Sequence[Sequence[str]]] = None, extra_heads: Sequence[str] = ()) -> str:
    """A table of each seat's final row, safe and points (safe size worked back from the points)."""
    head = "".join(f"<th>{escape(h)}</th>" for h in ["", "Row", "Safe", "Points", *extra_heads])
    body = []
    for seat, name in enumerate(names):
        safe_cards = (points[seat] + row_penalty(rows[seat])) // SAFE_CARD
        more = "".join(f"<td>{cell}</td>" for cell in (extra[seat] if extra else ()))
        body.append(f'<tr data-seat="{seat}"><td><b>{escape(name)}</b></td>'
                    f'<td class="cl-result-row">{row_html(rows[seat], empty="empty")}</td>'
                    f"<td>{safe_cards} cards</td><td>{escape(tally(rows[seat], safe_cards))}</td>{more}</tr>")
    return f'<table class="cl-results"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


# --- the page: help, seats, panels, prompts, the log and the scoreboard -------------------------

HELP = """<details class="cl-help"><summary>How to play Discontinuity</summary>
<p>The deck has one 1, two 2s, … ten 10s. Eight cards lie face up in a 3×3 square around the deck.
Its eight <b>lines</b> are marked ①–⑧: columns ① ② ③, rows ④ ⑤ ⑥, diagonals ⑦ ⑧
(② ⑤ ⑦ ⑧ cross the deck, so they hold two cards).</p>
<p>On your turn take <b>two cards of different numbers from one line</b> (two equal numbers can never
be taken together), or, <b>once per game</b>, the deck's top card face down as your <b>joker</b>.
The square is refilled from the deck; the game ends when the deck runs out.</p>
<p>Cards you take go into your <b>row</b>. Two of one number go at once into your <b>safe</b> (金庫,
<i>kinko</i>): <b>+2 a card</b>. Every card left in your row costs its value, but in a run of three or more
consecutive values only the <b>lowest</b> counts (framed: "counts only …"). <b>Highest total wins</b>; a tie
goes to the largest value in the row.</p>
<p>The <b>joker</b> (gold) sits right of a number card in your row and counts that number + 1 (alone: 11);
you choose its place at the end of each of your turns. Nobody ever sees the card under it.</p>
<p>Two players play two halves of the deck (28 then 27 cards), the other player starting the second;
the halves add up. "2 players (one full game)" in the Players menu plays the whole deck as one game instead
(not on the rule sheet).</p></details>"""

JOKER_LABEL = "Take the joker (once per game)"
JOKER_USED = "You took your joker already: once per game"


def facts(obs: Observation, done: Optional[HalfResult], games: int) -> str:
    """The header's facts: the game, the half (two players), the deck."""
    if done is not None:
        return f"Game {games} · The first half is over"
    if obs.result is not None:
        return f"Game {games} is over"
    half = ""
    if obs.half:
        cards = FIRST_HALF if obs.half == 1 else 55 - FIRST_HALF
        half = f" · Half <b>{obs.half}</b> of 2 ({cards} cards)"
    return f"Game {games}{half} · Deck <b>{obs.deck_size}</b> cards"


def seat_html(obs: Observation, seat: int, names: Names, bot: Any = None) -> str:
    """One seat: its row (runs framed, the joker's value), its safe, and its points (a range while a joker waits)."""
    row, safe = obs.rows[seat], obs.safe_sizes[seat]
    to_place = obs.joker_to_place == seat  # off the row: it counts nothing until it is placed
    badges = [("to play", True)] if obs.current_player == seat else []
    if to_place:
        badges.append(("joker in hand: to place", True))
    else:
        unused = "no joker taken" if obs.phase == "over" else "joker not taken yet"
        badges.append(("joker taken" if obs.jokers_used[seat] else unused, False))
    subtitle = f"bot · {getattr(bot, 'name', type(bot).__name__)}" if bot is not None else ""
    note = "from the worst to the best place of the joker, still to be placed" if to_place else ""
    return seat_box(
        seat, names(seat), subtitle=subtitle, points=obs.score_range(seat), points_note=note,
        badges=badges, you=seat == obs.seat, turn=obs.current_player == seat,
        rows=[("Row", row_html(row, joker_to_place=to_place) + row_cost(row, joker_to_place=to_place), "cl-row-cards"),
              ("Safe", safe_html(safe), "cl-safe")])


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any]) -> str:
    """The others' seats, the square with the deck, then your seat."""
    boxes = {seat: seat_html(obs, seat, names, bots.get(seat)) for seat in range(obs.players)}
    # Decision: the joker is placed at the end of the turn, after taking; the refill comes after it
    return table_html([boxes[seat] for seat in bots], boxes[obs.seat],
                      centre=square_html(obs.square, obs.deck_size, refill_pending=obs.phase == "place"))


def tie_words(obs: Observation, names: Names) -> str:
    """What decided the places: the totals, and the largest value in the row where they tie."""
    words = "Highest total wins."
    largest, final = [largest_value(row) for row in obs.rows], obs.result.places
    for total in sorted(set(obs.scores), reverse=True):
        tied = [s for s in range(obs.players) if obs.scores[s] == total]
        if len(tied) > 1:
            who = ", ".join(f"{names(s)} {largest[s]}" for s in tied)
            shared = len({final[s] for s in tied}) < len(tied)
            words += (f" {' and '.join(names(s) for s in tied)} tie on {number(total)}: the largest value in the "
                      f"{'last ' if obs.halves else ''}row decides ({who})"
                      + ("; still tied, they share the place." if shared else "."))
    return words


def result_html(obs: Observation, done: Optional[HalfResult], names: Names) -> str:
    """The first half's rows and safes when it ends, or every row, safe, total and place at the game's end."""
    seats = [names(s) for s in range(obs.players)]
    if done is not None and obs.result is None:
        return ('<div class="cl-panel cl-result"><h4>The first half is over. Each row and safe:</h4>'
                f"{result_rows(seats, done.rows, done.scores)}"
                "<div>The second half starts from 0 with the other 27 cards; both may take a joker again. "
                "The halves add up.</div></div>")
    if obs.result is None:
        return ""
    largest, final = [largest_value(row) for row in obs.rows], obs.result.places
    heads = ["Largest", "Place"]
    extra = [[str(largest[s]), f"<b>{ordinal(final[s])}</b>"] for s in range(obs.players)]
    points = [obs.scores[s] - sum(h.scores[s] for h in obs.halves) for s in range(obs.players)]
    if obs.halves:
        heads = ["Half 1", "Total", *heads]
        extra = [[signed(obs.halves[0].scores[s]), f"<b>{number(obs.scores[s])}</b>", *extra[s]]
                 for s in range(obs.players)]
    title = "Game over. The second half's rows and safes:" if obs.halves else "Game over. Each row and safe:"
    return (f'<div class="cl-panel cl-result"><h4>{title}</h4>{result_rows(seats, obs.rows, points, extra, heads)}'
            f'<div class="cl-verdict">{escape(tie_words(obs, names))}</div></div>')


def half_over_prompt(obs: Observation, names: Names) -> str:
    """The pause between the halves."""
    return prompt_html("The first half is over. Read the rows above, then play the second half.",
                       f"{names.does(obs.start_player, 'start')} the second half.", waiting=True)


def turn_prompt(obs: Observation, legal: Sequence[Any]) -> str:
    """What you may do now: take two cards (or the joker), or place your joker."""
    if obs.phase == "place":
        return place_prompt(obs)
    joker = ", or once per game the joker." if any(isinstance(a, TakeJoker) for a in legal) else " (your joker is used)."
    return prompt_html(f"Your turn: take two different numbers from one line{joker}",
                       "Pairs go to your safe: +2 a card. Cards left in your row cost their value; "
                       "a run of three or more costs only its lowest card.")


def place_prompt(obs: Observation) -> str:
    """The prompt of the joker's place: where it is now, what it counts until then, what comes after."""
    row, seat = obs.row, obs.seat
    if obs.joker_to_place == seat:
        low, high = obs.score_range(seat)
        now = (f"Until it is placed your joker counts nothing, so your points read {points_text((low, high))}: "
               "the worst and the best place. " if low != high else "")
    else:
        now = f"It stands right of {row[row.index(JOKER) - 1]} now: keep it there or move it. "
    refill = refill_note(obs.square, obs.deck_size)
    return prompt_html("Place your joker: right of one of your number cards, where it counts that number + 1.",
                       f"{now}Each button shows what your row would then cost and your points. "
                       + (f"{refill} " if refill else "") + "You choose again at the end of each of your turns.")


def narrate(events: Sequence[tuple], names: Names = Names()) -> list[tuple[int, str]]:
    """The public log in words: (index of the event, sentence), one a event.

    >>> narrate([("take", 1, Take(4, 3, 7)), ("safe", 0, 8)])
    [(0, 'Player 1 takes 3 and 7 from line ④.'), (1, 'Player 0 puts a pair of 8s in the safe (+4).')]
    """
    return [(i, describe(event, names)) for i, event in enumerate(events)]


# What each kind of public event says; {who} is the seat's name with the event's verb.
TOLD = {
    "deal": ("start", "Cards dealt{half}: {who}."),
    "redeal": ("", "All eight face-up cards show {value}: back into the deck, shuffled, dealt again."),
    "stuck": ("", "All eight face-up cards show {value} and so does the whole deck: the game ends."),
    "take": ("take", "{who} {value.a} and {value.b} from line {line}."),
    "joker": ("take", "{who} the joker (the deck's top card, face down)."),
    "safe": ("put", "{who} a pair of {value}s in the safe (+{safe})."),
    "place": ("put", "{who} the joker {where}."),
}


def describe(event: tuple, names: Names = Names()) -> str:
    """One public event in words."""
    kind, seat, value = event
    if kind in ("half", "over"):  # every seat's points: the half's, or the game's totals
        points = [signed(p) for p in value] if kind == "half" else [number(p) for p in value.scores]
        said = ", ".join(f"{names(s)} {p}" for s, p in enumerate(points))
        return f"{'First half over' if kind == 'half' else 'Game over'}: {said}."
    if kind not in TOLD:
        return f"{kind} {seat} {value}"
    verb, words = TOLD[kind]
    who = names.does(seat, verb, inside=kind == "deal") if verb else ""
    where = (f"right of {value} (= {value + 1})" if value else "alone (= 11)") if kind == "place" else ""
    return words.format(who=who, value=value, half=f" for half {value}" if kind == "deal" and value else "",
                        line=MARKS.get(getattr(value, "line", None), ""), safe=2 * SAFE_CARD, where=where)


def scoreboard_html(obs: Observation, names: Names) -> str:
    """Each half, then the safe and the row of the game in play (a range while a joker waits), and the totals."""
    now = f"Half {obs.half}: " if obs.half else ""
    lines = [(f"Half {n}", (), h.scores) for n, h in enumerate(obs.halves, start=1)]
    rows: list = [-row_penalty(row) for row in obs.rows]
    if obs.joker_to_place is not None:  # what the row gives depends on where its joker goes
        low, high = joker_costs(obs.rows[obs.joker_to_place])
        rows[obs.joker_to_place] = (-high, -low)
    lines += [(f"{now}safe", (), [SAFE_CARD * n for n in obs.safe_sizes]), (f"{now}row", (), rows)]
    totals = [obs.score_range(seat) for seat in range(obs.players)]
    return score_table([names(s) for s in range(obs.players)], lines, totals, signed=True, first="")
