"""Discontinuity on the page: the help, the seats, the panels, the prompts, the scoreboard and the
one narrator of the log, each drawn from an Observation (and the seats' names) alone. The square,
the rows and the buttons' words are the table's pieces (view_table.py).

>>> from cardlib.discontinuity.actions import Take
>>> narrate([("take", 1, Take(4, 3, 7)), ("safe", 0, 8)], Names(me=0))
[(0, 'Player 1 takes 3 and 7 from line ④.'), (1, 'You put a pair of 8s in the safe (+4).')]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any, Optional

from cardlib.discontinuity.actions import MARKS, TakeJoker
from cardlib.discontinuity.seen import HalfResult, Observation
from cardlib.discontinuity.rules import FIRST_HALF
from cardlib.discontinuity.scoring import JOKER, SAFE_CARD, largest_value, row_penalty
from cardlib.discontinuity.view_table import (  # noqa: F401  (the app and the tests take the pieces from here)
    joker_costs, line_heading, line_values, place_label, refill_note, result_rows, row_cost, row_html, safe_html,
    signed, square_html, take_label, take_words, tally, why_no_take, nothing_to_take,
)
from cardlib.discontinuity.view_table import EN
from cardlib.ui import number, points_text, prompt_html, score_table, seat_box, table_html
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names
from cardlib.ui.words import Words


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


def facts(obs: Observation, done: Optional[HalfResult], games: int, say: Words = EN) -> str:
    """The header's facts: the game, the half (two players), the deck."""
    if done is not None:
        return say("Game {games} · The first half is over", games=games)
    if obs.result is not None:
        return say("Game {games} is over", games=games)
    half = ""
    if obs.half:
        cards = FIRST_HALF if obs.half == 1 else 55 - FIRST_HALF
        half = say(" · Half <b>{half}</b> of 2 ({cards} cards)", half=obs.half, cards=cards)
    return say("Game {games}{half} · Deck <b>{deck}</b> cards", games=games, half=half, deck=obs.deck_size)


def seat_html(obs: Observation, seat: int, names: Names, bot: Any = None, say: Words = EN) -> str:
    """One seat: its row (runs framed, the joker's value), its safe, and its points (a range while a joker waits)."""
    row, safe = obs.rows[seat], obs.safe_sizes[seat]
    to_place = obs.joker_to_place == seat  # off the row: it counts nothing until it is placed
    badges = [(say("to play"), True)] if obs.current_player == seat else []
    if to_place:
        badges.append((say("joker in hand: to place"), True))
    else:
        unused = "no joker taken" if obs.phase == "over" else "joker not taken yet"
        badges.append((say("joker taken" if obs.jokers_used[seat] else unused), False))
    bot_name = say(getattr(bot, "name", type(bot).__name__))
    subtitle = say("bot · {name}", name=bot_name) if bot is not None else ""
    note = say("from the worst to the best place of the joker, still to be placed") if to_place else ""
    return seat_box(
        seat, names(seat), subtitle=subtitle, points=obs.score_range(seat), points_note=note,
        badges=badges, you=seat == obs.seat, turn=obs.current_player == seat,
        point_words=(say("point"), say("points")),
        rows=[(say("Row"), row_html(row, joker_to_place=to_place, say=say)
               + row_cost(row, joker_to_place=to_place, say=say), "cl-row-cards"),
              (say("Safe"), safe_html(safe, say), "cl-safe")])


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any], say: Words = EN) -> str:
    """The others' seats, the square with the deck, then your seat."""
    boxes = {seat: seat_html(obs, seat, names, bots.get(seat), say) for seat in range(obs.players)}
    # Decision: the joker is placed at the end of the turn, after taking; the refill comes after it
    return table_html([boxes[seat] for seat in bots], boxes[obs.seat],
                      centre=square_html(obs.square, obs.deck_size, refill_pending=obs.phase == "place", say=say))


def tie_words(obs: Observation, names: Names, say: Words = EN) -> str:
    """What decided the places: the totals, and the largest value in the row where they tie."""
    words = say("Highest total wins.")
    largest, final = [largest_value(row) for row in obs.rows], obs.result.places
    for total in sorted(set(obs.scores), reverse=True):
        tied = [s for s in range(obs.players) if obs.scores[s] == total]
        if len(tied) > 1:
            who = say(", ").join(f"{names(s)} {largest[s]}" for s in tied)
            shared = len({final[s] for s in tied}) < len(tied)
            which = (" {tied} tie on {total}: the largest value in the last row decides ({who})" if obs.halves else
                     " {tied} tie on {total}: the largest value in the row decides ({who})")
            words += (say(which, tied=say(" and ").join(names(s) for s in tied), total=number(total), who=who)
                      + say("; still tied, they share the place." if shared else "."))
    return words


def place_text(place: int, say: Words = EN) -> str:
    """A place in the game: "1st" (in Japanese "1位").

    >>> place_text(2), place_text(2, Words("ja"))
    ('2nd', '2位')
    """
    return f"{place}位" if say.lang == "ja" else ordinal(place)


def result_html(obs: Observation, done: Optional[HalfResult], names: Names, say: Words = EN) -> str:
    """The first half's rows and safes when it ends, or every row, safe, total and place at the game's end."""
    seats = [names(s) for s in range(obs.players)]
    if done is not None and obs.result is None:
        return (f'<div class="cl-panel cl-result"><h4>{escape(say("The first half is over. Each row and safe:"))}</h4>'
                f"{result_rows(seats, done.rows, done.scores, say=say)}"
                f"<div>{escape(say(SECOND_HALF))}</div></div>")
    if obs.result is None:
        return ""
    largest, final = [largest_value(row) for row in obs.rows], obs.result.places
    heads = [say("Largest"), say("Place")]
    extra = [[str(largest[s]), f"<b>{place_text(final[s], say)}</b>"] for s in range(obs.players)]
    points = [obs.scores[s] - sum(h.scores[s] for h in obs.halves) for s in range(obs.players)]
    if obs.halves:
        heads = [say("Half 1"), say("Total"), *heads]
        extra = [[signed(obs.halves[0].scores[s]), f"<b>{number(obs.scores[s])}</b>", *extra[s]]
                 for s in range(obs.players)]
    title = say("Game over. The second half's rows and safes:" if obs.halves else "Game over. Each row and safe:")
    return (f'<div class="cl-panel cl-result"><h4>{escape(title)}</h4>'
            f'{result_rows(seats, obs.rows, points, extra, heads, say=say)}'
            f'<div class="cl-verdict">{escape(tie_words(obs, names, say))}</div></div>')


SECOND_HALF = "The second half starts from 0 with the other 27 cards; both may take a joker again. The halves add up."


def half_over_prompt(obs: Observation, names: Names, say: Words = EN) -> str:
    """The pause between the halves."""
    return prompt_html(say("The first half is over. Read the rows above, then play the second half."),
                       say("{who} the second half.", who=names.does(obs.start_player, "start"),
                           name=names(obs.start_player)), waiting=True)


def turn_prompt(obs: Observation, legal: Sequence[Any], say: Words = EN) -> str:
    """What you may do now: take two cards (or the joker), or place your joker."""
    if obs.phase == "place":
        return place_prompt(obs, say)
    open_joker = any(isinstance(a, TakeJoker) for a in legal)
    turn = ("Your turn: take two different numbers from one line, or once per game the joker." if open_joker
            else "Your turn: take two different numbers from one line (your joker is used).")
    return prompt_html(say(turn),
                       say("Pairs go to your safe: +2 a card. Cards left in your row cost their value; "
                           "a run of three or more costs only its lowest card."))


def place_prompt(obs: Observation, say: Words = EN) -> str:
    """The prompt of the joker's place: where it is now, what it counts until then, what comes after."""
    row, seat = obs.row, obs.seat
    if obs.joker_to_place == seat:
        low, high = obs.score_range(seat)
        now = (say("Until it is placed your joker counts nothing, so your points read {points}: "
                   "the worst and the best place. ", points=points_text((low, high))) if low != high else "")
    else:
        now = say("It stands right of {anchor} now: keep it there or move it. ", anchor=row[row.index(JOKER) - 1])
    refill = refill_note(obs.square, obs.deck_size, say)
    return prompt_html(say("Place your joker: right of one of your number cards, where it counts that number + 1."),
                       now + say("Each button shows what your row would then cost and your points. ")
                       + (f"{refill} " if refill else "") + say("You choose again at the end of each of your turns."))


def narrate(events: Sequence[tuple], names: Names = Names(), say: Words = EN) -> list[tuple[int, str]]:
    """The public log in words: (index of the event, sentence), one sentence an event (see the module's example)."""
    return [(i, describe(event, names, say)) for i, event in enumerate(events)]


# What each kind of public event says; {who} is the seat's name with the event's verb ({name}: the name alone).
TOLD = {
    "deal": ("start", "Cards dealt{half}: {who}."),
    "redeal": ("", "All eight face-up cards show {value}: back into the deck, shuffled, dealt again."),
    "stuck": ("", "All eight face-up cards show {value} and so does the whole deck: the game ends."),
    "take": ("take", "{who} {value.a} and {value.b} from line {line}."),
    "joker": ("take", "{who} the joker (the deck's top card, face down)."),
    "safe": ("put", "{who} a pair of {value}s in the safe (+{safe})."),
    "place": ("put", "{who} the joker {where}."),
}


def describe(event: tuple, names: Names = Names(), say: Words = EN) -> str:
    """One public event in words.

    >>> from cardlib.discontinuity.actions import Take
    >>> from cardlib.discontinuity.words import WORDS_JA
    >>> describe(("take", 1, Take(4, 3, 7)), Names(me=0, lang="ja"), Words("ja", WORDS_JA))
    'プレイヤー1が④から3と7を獲得。'
    """
    kind, seat, value = event
    if kind in ("half", "over"):  # every seat's points: the half's, or the game's totals
        points = [signed(p) for p in value] if kind == "half" else [number(p) for p in value.scores]
        said = say(", ").join(f"{names(s)} {p}" for s, p in enumerate(points))
        return say("First half over: {said}." if kind == "half" else "Game over: {said}.", said=said)
    if kind not in TOLD:
        return f"{kind} {seat} {value}"
    verb, words = TOLD[kind]
    who = names.does(seat, verb, inside=kind == "deal") if verb else ""
    where = ((say("right of {anchor} (= {value})", anchor=value, value=value + 1) if value else say("alone (= 11)"))
             if kind == "place" else "")
    return say(words, who=who, name=names(seat), value=value, half=say(f" for half {value}") if kind == "deal" and value
               else "", line=MARKS.get(getattr(value, "line", None), ""), safe=2 * SAFE_CARD, where=where)


def scoreboard_html(obs: Observation, names: Names, say: Words = EN) -> str:
    """Each half, then the safe and the row of the game in play (a range while a joker waits), and the totals."""
    now = say(f"Half {obs.half}: ") if obs.half else ""
    lines = [(say(f"Half {n}"), (), h.scores) for n, h in enumerate(obs.halves, start=1)]
    rows: list = [-row_penalty(row) for row in obs.rows]
    if obs.joker_to_place is not None:  # what the row gives depends on where its joker goes
        low, high = joker_costs(obs.rows[obs.joker_to_place])
        rows[obs.joker_to_place] = (-high, -low)
    lines += [(now + say("safe"), (), [SAFE_CARD * n for n in obs.safe_sizes]), (now + say("row"), (), rows)]
    totals = [obs.score_range(seat) for seat in range(obs.players)]
    return score_table([names(s) for s in range(obs.players)], lines, totals, signed=True, first="",
                       total=say("Total"))


def chance_text(chance: Fraction) -> str:
    """An exact chance and its percentage.

    >>> chance_text(Fraction(8, 47)), chance_text(Fraction(0))
    ('8/47 ≈ 17.0%', '0')
    """
    return f"{chance.numerator}/{chance.denominator} ≈ {float(chance):.1%}" if 0 < chance < 1 else str(chance)


def coach_html(moves: Sequence[Any], square: Sequence[int], deck_size: int, say: Words = EN) -> str:
    """The coach: each move's change in your score now and the exact chance the next card turned up pairs."""
    rows = []
    for move in moves:
        what = say("the joker") if isinstance(move.action, TakeJoker) else take_label(move.action, square, say)
        choice = escape(say("the lookahead bot's choice"))
        mark = f' <span class="cl-badge cl-on">{choice}</span>' if move.bots_choice else ""
        rows.append(f'<tr data-change="{move.change}" data-pairing="{move.pairing}"><td>{escape(what)}{mark}</td>'
                    f"<td><b>{signed(move.change)}</b></td>"
                    f"<td>{chance_text(move.pairing)}</td></tr>")
    note = "" if deck_size else f"<div>{escape(say('The deck is empty: no card is turned up again.'))}</div>"
    heads = "".join(f"<th>{escape(say(head))}</th>" for head in COACH_HEADS)
    return (f'<div class="cl-panel"><h4>{escape(say("Coach"))}</h4><table class="cl-results"><thead><tr>{heads}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>{note}'
            f"<div>{escape(say(COACH_WHY))}</div></div>")


COACH_HEADS = ("Move", "Your score changes by", "P(the next card turned up pairs with a single in your row)")
COACH_WHY = ("The score counts the joker at its best place. Every card nobody has seen is equally likely "
             "to be the next one turned up, so the chance is (unseen copies of your singles) / (unseen cards).")


def coach_note(text: str, say: Words = EN) -> str:
    """The coach's panel when it has nothing to weigh."""
    return f'<div class="cl-panel"><h4>{escape(say("Coach"))}</h4><div>{escape(say(text))}</div></div>'
