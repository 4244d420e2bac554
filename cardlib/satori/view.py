"""The Satori on the page: the help, the cards, the table, the prompts, the end panel, the public
counts and the one narrator of the log, each drawn from an Observation (and the seats'
names) alone, so nothing a seat may not see can reach its page. The coach is in coach_view.py.

A satori card (悟り) is drawn as a green S, a zatsunen (雑念) as a red Z, a face-down card as a
back. Piles lie left to right from the bottom to the top.

>>> narrate([("play", 2, None), ("katsu", 0, 2), ("reveal", 0, "S")], Names(me=0))
[(0, 'Player 2 plays a card face down.'), (1, "You call Katsu! on Player 2's card…"), (2, '…it is satori: onto your pile.')]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.satori.actions import (
    DECLARE, DECLARE_RUN, PASS, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, WINDOW, ZATSUNEN, Observation, top_run,
)
from cardlib.ui import card_back, card_face, card_group, prompt_html, seat_box, table_html
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names

HELP = """<details class="cl-help"><summary>How to play The Satori</summary>
<p>ザ・悟り, "The Satori", a bluffing game for 3 to 5 players (2 players: an unofficial teaching version, with
2 satori and 1 zatsunen each).</p>
<p>Each player holds 5 cards: 3 <b>satori</b> (悟り, "enlightenment", drawn <b>S</b>) and 2 <b>zatsunen</b>
(雑念, "distraction", drawn <b>Z</b>). Cards of a kind are all alike.</p>
<p>On your turn <b>play</b> one card face down on top of your own pile (a zatsunen played is a bluff), or
<b>declare Satori!</b> (悟りました, "I am enlightened") at the start of your turn when the top 3 or more cards
of your pile are satori without a break: the game ends. With an empty hand you <b>pass</b>.</p>
<p>After each play every other player, clockwise, may call <b>Katsu!</b> (喝): "that card is satori".
Satori: the caller takes it onto their own pile. Zatsunen: the caller is <b>out</b>, and the player called
takes that zatsunen and one satori of the caller's. The first call counts.</p>
<p>The game ends on a declaration, when every hand is empty, or when one player is left. Everyone still in
shows the satori unbroken on top of their pile: the <b>longest run wins</b>. A tie goes to the player
farthest clockwise from the declarer (or from the last player who played a card).</p></details>"""

STYLE = """<style>
.sat-pile { display: inline-flex; align-items: center; flex-wrap: wrap; gap: 0; }
.sat-end { font-size: 11px; color: #777; margin: 0 6px 0 0; }
.sat-top { color: #b9770e; font-weight: 700; margin: 0 0 0 4px; }
.sat-wait { display: inline-flex; border-radius: 8px; margin-right: 4px; padding: 2px;
            background: #f5b041; box-shadow: 0 0 0 2px #fdebd0; }
.sat-wait .cl-card { margin: 0; }
.sat-count { margin-left: 8px; font-size: 12px; color: #555; white-space: nowrap; }
.sat-out { color: #922b21; font-size: 13px; font-weight: 600; }
.sat-chosen { background: #fef5e7; font-weight: 700; }
</style>"""

COLOURS = {SATORI: "#1e8449", ZATSUNEN: "#a93226"}
KIND = {SATORI: "satori", ZATSUNEN: "zatsunen"}
LEGEND = ('<span class="sat-count" title="satori (悟り): the number cards; zatsunen (雑念): the face cards">'
          "S = satori · Z = zatsunen</span>")


# --- cards and piles ---------------------------------------------------------------------------

def card(kind: str, *, fresh: bool = False) -> str:
    """A face-up card: a green S for a satori, a red Z for a zatsunen (``data-card`` says which)."""
    return card_face(kind, style=f"--cl-c: {COLOURS[kind]}", fresh=fresh)


def waiting(html: str) -> str:
    """The card just played, waiting for Katsu: framed in orange."""
    return f'<span class="sat-wait" title="the card just played: Katsu?">{html}</span>'


def pile_html(pile: Sequence[Optional[str]], *, window: bool = False, run: int = 0) -> str:
    """A pile left to right, bottom to top: faces where known, backs where unseen, the top marked.

    ``window``: its top card was just played and waits for Katsu; ``run``: the known satori on
    top are framed as a run.

    >>> pile_html(()).count("cl-back"), pile_html((None, "S"), window=True).count("sat-wait")
    (0, 1)
    """
    if not pile:
        return '<span class="cl-none">empty</span>'
    cards = [card(kind) if kind else card_back() for kind in pile]
    if window:
        cards[-1] = waiting(cards[-1])
    if run:
        below, top = cards[:-run], cards[-run:]
        cards = below + [card_group("".join(top), f"run of {run}")]
    bottom = '<span class="sat-end">bottom</span>' if len(pile) > 1 else ""
    return f'<span class="sat-pile">{bottom}{"".join(cards)}<span class="sat-end sat-top">◀ top</span></span>'


def hand_html(obs: Observation, seat: int) -> str:
    """Your hand face up (satori first); another's as backs: only its size."""
    if seat == obs.seat:
        cards = "".join(card(kind) for kind in obs.hand)
    else:
        cards = card_back() * obs.hand_sizes[seat]
    return cards or '<span class="cl-none">empty</span>'


def known_run(obs: Observation, seat: int) -> int:
    """The run of satori on top of a pile as this seat knows it: its own; another's once shown (else 0)."""
    pile = obs.piles[seat]
    if seat != obs.seat and obs.result is None:
        return 0
    return top_run(tuple(pile))


# --- the table ---------------------------------------------------------------------------------

def counts_text(obs: Observation, seat: int) -> str:
    """A seat's public totals, hand and pile together: "3 satori · 2 zatsunen"."""
    return f"{obs.satori[seat]} satori · {obs.zatsunen[seat]} zatsunen"


def badges(obs: Observation, seat: int) -> list[tuple[str, bool]]:
    """What marks a seat now: to play, its card waiting, asked Katsu?, out, declared, its place."""
    found: list[tuple[str, bool]] = []
    if obs.out[seat]:
        found.append(("out", False))
    if obs.declarer == seat:
        found.append(("declared Satori!", True))
    if obs.result is not None:
        place = obs.result.places[seat]
        found.append((f"{ordinal(place)} place", place == 1))
    elif obs.phase == WINDOW:
        if seat == obs.active:
            found.append(("card played: Katsu?", True))
        elif seat == obs.current_player:
            found.append(("asked now", True))
    elif seat == obs.current_player:
        found.append(("to play", True))
    return found


def seat_html(obs: Observation, seat: int, names: Names, bot: Any = None) -> str:
    """One seat: name, badges, public counts, hand and pile."""
    bot_name = f" · bot: {getattr(bot, 'name', type(bot).__name__)}" if bot is not None else ""
    if obs.out[seat]:
        out = '<span class="sat-out">out of the game (a Katsu failed)</span>'
        return seat_box(seat, names(seat), subtitle=f"eliminated{bot_name}", badges=badges(obs, seat),
                        you=seat == obs.seat, rows=[("Cards", out, "cl-hand")])
    pile = obs.piles[seat]
    run = known_run(obs, seat)
    window = obs.phase == WINDOW and seat == obs.active
    size = len(pile)
    count = ""
    if size:
        count = f'<span class="sat-count">{size} card{"" if size == 1 else "s"}'
        if seat == obs.seat or obs.result is not None:
            count += f" · run <b>{run}</b>"
        elif any(pile):
            count += f" · {sum(kind == SATORI for kind in pile)} won by Katsu"
        count += "</span>"
    hand_count = (LEGEND if obs.hand else "") if seat == obs.seat else \
        f'<span class="sat-count">{obs.hand_sizes[seat]} in hand</span>' if obs.hand_sizes[seat] else ""
    return seat_box(
        seat, names(seat), subtitle=counts_text(obs, seat) + bot_name, badges=badges(obs, seat),
        you=seat == obs.seat, turn=seat == obs.current_player,
        rows=[("Hand", hand_html(obs, seat) + hand_count, "cl-hand"),
              ("Pile", pile_html(pile, window=window, run=run) + count, "cl-pile-cards")])


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any]) -> str:
    """The other seats in turn order after yours, then your own seat."""
    others = [(obs.seat + step) % obs.players for step in range(1, obs.players)]
    return STYLE + table_html([seat_html(obs, s, names, bots.get(s)) for s in others],
                              seat_html(obs, obs.seat, names))


def facts(obs: Observation, games: int, official: bool) -> str:
    """The header's facts: the game, the table, the cards still in hands."""
    table = f"{obs.players} players" + ("" if official else " (unofficial)")
    if obs.result is not None:
        return f"Game {games} is over · {table}"
    return f"Game {games} · {table} · <b>{sum(obs.hand_sizes)}</b> cards still in hands"


# --- prompts -----------------------------------------------------------------------------------

def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names) -> str:
    """What you may do now: answer the Katsu window, or play, declare or pass."""
    if obs.phase == WINDOW:
        who = names(obs.active)
        below = top_run(tuple(obs.piles[obs.active][:-1]))  # the satori known to lie right under it
        threat = (f"If it is satori, {who} has {below + 1} satori on top and may declare Satori! next turn. "
                  if below + 1 >= DECLARE_RUN else "")
        return prompt_html(
            f"{who} has played a card face down on top of their pile. Katsu?",
            f"{threat}Katsu! says it is satori: if it is, it goes on top of your pile; if it is zatsunen, you are "
            "out. The game waits for your click: take all the time you need.")
    run = top_run(obs.pile)
    if DECLARE in legal:
        return prompt_html(f"Your turn: your pile shows {run} satori on top. Declare Satori! to end the game, "
                           "or play on.", "Declaring ends the game at once: the longest run wins, and a tie goes "
                           "against the declarer.")
    if PASS in legal:
        return prompt_html("Your turn: your hand is empty, so you pass.",
                           "You can still win with the run on top of your pile.")
    return prompt_html("Your turn: play a card face down on top of your pile.",
                       f"Your run on top: {run} satori (declaring needs {DECLARE_RUN}, at the start of a turn). "
                       "A zatsunen is a bluff: whoever calls Katsu! on it is out.")


# Each button: its words and its tooltip (a disabled one says why).
BUTTONS = {
    PLAY_SATORI: ("Play satori", "Put a satori face down on top of your pile: it lengthens your run"),
    PLAY_ZATSUNEN: ("Play zatsunen", "Bluff: put a zatsunen face down on top of your pile; whoever calls Katsu! "
                                     "on it is out (but it breaks your run)"),
    DECLARE: ("Declare Satori!", "悟りました: your top cards are satori, unbroken; the game ends and the runs "
                                 "are shown"),
    PASS: ("Pass", "Your hand is empty: let the next player go"),
}
KATSU_TIP = "It is satori, you say: if so it goes on top of your pile; if it is zatsunen you are out"
NO_KATSU_TIP = "Let the card lie: the next player is asked, or play goes on"


def refused(action: Any, obs: Observation) -> str:
    """Why a turn's button is disabled now."""
    if action == DECLARE:
        return f"Declaring needs {DECLARE_RUN} satori unbroken on top of your pile; yours shows {top_run(obs.pile)}"
    return f"You have no {KIND[action.card]} in hand"


# --- the narrator ------------------------------------------------------------------------------

def narrate(events: Sequence[tuple], names: Names = Names()) -> list[tuple[int, str]]:
    """The public log in words: (index of the event, sentence), one sentence an event."""
    told = []
    out = None  # the player eliminated last: the one a "receives" takes from
    for i, (kind, seat, value) in enumerate(events):
        if kind == "out":
            out = seat
        told.append((i, describe(kind, seat, value, names, out)))
    return told


def _whose(names: Names, seat: Optional[int]) -> str:
    return "your" if seat == names.me else f"{names(seat)}'s"


def describe(kind: str, seat: Optional[int], value: Any, names: Names = Names(), out: Optional[int] = None) -> str:
    """One public event in words; ``out`` is the player eliminated last (a "receives" takes from them)."""
    who = names(seat)
    if kind == "deal":
        s, z = value
        return f"Each player takes {s} satori and {z} zatsunen. {names.does(seat, 'start')}."
    if kind == "play":
        return f"{names.does(seat, 'play')} a card face down."
    if kind == "no katsu":
        return f"{names.does(seat, 'say')} no katsu."
    if kind == "katsu":
        return f"{names.does(seat, 'call')} Katsu! on {_whose(names, value)} card…"
    if kind == "reveal":
        if value == SATORI:
            return f"…it is satori: onto {_whose(names, seat)} pile."
        return f"…it is zatsunen: {names.does(seat, 'fail', inside=True)}."
    if kind == "out":
        return f"{who} {'are' if seat == names.me else 'is'} out of the game."
    if kind == "receives":
        source = {"hand": f"a satori from {_whose(names, out)} hand",
                  "pile": f"a satori from {_whose(names, out)} pile (the nearest the top)"}.get(value)
        if source is None:
            return f"{names.does(seat, 'take')} the zatsunen back; {names(out, inside=True)} had no satori to give."
        return f"{names.does(seat, 'take')} the zatsunen back and {source}."
    if kind == "pass":
        return f"{names.does(seat, 'pass')} (empty hand)."
    if kind == "declare":
        return f"{names.does(seat, 'declare')} Satori! with a run of {value}."
    if kind == "end":
        why = {"declare": f"{names(seat, inside=True)} declared", "empty": "every hand is empty",
               "last": "only one player is left"}.get(value, value)
        return f"The game ends: {why}."
    if kind == "shows":
        return f"{names.does(seat, 'show')} a run of {value} satori." if value else \
            f"{names.does(seat, 'show')} no satori on top."
    return f"{kind} {seat} {value}"


# --- the end -----------------------------------------------------------------------------------

def reference_of(obs: Observation) -> int:
    """The tie-break's reference: the declarer, or else the last player who played (the first player if none)."""
    for kind, seat, _ in obs.log:
        if kind == "end" and seat is not None:
            return seat
    return next(seat for kind, seat, _ in obs.log if kind == "deal")


def tie_words(obs: Observation, names: Names) -> str:
    """How the places were decided: the longest run, and each tie broken clockwise from the reference."""
    result, n = obs.result, obs.players
    reason = next((value for kind, _, value in obs.log if kind == "end"), "")
    if reason == "last":
        (left,) = obs.still_in
        return f"Only {names(left, inside=True)} {'are' if left == names.me else 'is'} left: the last player in wins."
    ref = reference_of(obs)
    why = ("the declarer: distance 0, so the declarer loses every tie" if obs.declarer == ref else
           "who played the last card: distance 0")
    words = [f"The longest run wins. A tie goes to the player farthest clockwise from {names(ref, inside=True)} "
             f"({why})."]
    for run in sorted({result.scores[s] for s in obs.still_in}, reverse=True):
        tied = [s for s in obs.still_in if result.scores[s] == run]
        if len(tied) > 1:
            tied.sort(key=lambda s: -((s - ref) % n))
            steps = ", ".join(f"{names(s)}: {_seats((s - ref) % n)}" for s in tied)
            words.append(f"Tied on {run}, clockwise from {names(ref, inside=True)}: {steps}; "
                         f"so {names(tied[0], inside=True)} {'place' if tied[0] == names.me else 'places'} first "
                         "among them.")
    return " ".join(words)


def _seats(steps: int) -> str:
    """How far clockwise: "2 seats", "1 seat", "0 (the reference)"."""
    return "0 (the reference)" if not steps else f"{steps} seat{'' if steps == 1 else 's'}"


def result_html(obs: Observation, names: Names) -> str:
    """At the end: every pile still in with its run shown (and the card breaking it), the places, the tie-break."""
    if obs.result is None:
        return ""
    result = obs.result
    rows = []
    order = sorted(range(obs.players), key=lambda s: (result.places[s], s))
    for seat in order:
        if obs.out[seat]:
            shown = '<span class="sat-out">out (a Katsu failed)</span>'
            run = "—"
        else:
            run = str(result.scores[seat])
            shown = pile_html(obs.piles[seat], run=top_run(tuple(obs.piles[seat])))
        rows.append(f'<tr data-seat="{seat}" data-run="{run}"><td><b>{ordinal(result.places[seat])}</b></td>'
                    f"<td>{escape(names(seat))}</td><td>{shown}</td><td><b>{run}</b></td></tr>")
    return (f'<div class="cl-panel cl-result"><h4>Game over. The piles as shown (bottom to top):</h4>'
            '<table class="cl-results"><thead><tr><th>Place</th><th>Player</th><th>Pile</th><th>Run</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div class="cl-verdict">{escape(tie_words(obs, names))}</div></div>')


def over_words(obs: Observation, names: Names) -> str:
    """The first words at the game's end: how it ended."""
    reason = next((value for kind, _, value in obs.log if kind == "end"), "")
    if obs.out[obs.seat]:
        return "Game over. Your Katsu failed: you were out."
    if reason == "declare":
        return f"Game over: {names(obs.declarer)} declared Satori!"
    return "Game over: every hand is empty." if reason == "empty" else "Game over: one player is left."


# --- the public counts -------------------------------------------------------------------------

def scoreboard_html(obs: Observation, names: Names) -> str:
    """Every seat's public counts: cards in hand and in pile, satori and zatsunen in all, the run once known."""
    seats = range(obs.players)

    def row(label: str, cells: Sequence[str], total: bool = False) -> str:
        css = ' class="cl-total-row"' if total else ""
        return f"<tr{css}><td>{escape(label)}</td>" + "".join(
            f'<td data-seat="{s}">{cell}</td>' for s, cell in zip(seats, cells)) + "</tr>"

    def known(seat: int) -> str:
        if obs.out[seat]:
            return "out"
        if seat == obs.seat or obs.result is not None:
            return str(obs.result.scores[seat] if obs.result is not None else top_run(obs.pile))
        return "?"

    head = "".join(f"<th>{escape(names(s))}</th>" for s in seats)
    body = [row("In hand", [str(n) for n in obs.hand_sizes]),
            row("In pile", [str(n) for n in obs.pile_sizes]),
            row("Satori in all", [str(n) for n in obs.satori]),
            row("Zatsunen in all", [str(n) for n in obs.zatsunen]),
            row("Run on top", [known(s) for s in seats], total=True)]
    return (f'<div class="cl-scores-box"><table class="cl-scores"><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')
