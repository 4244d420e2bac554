"""The Satori on the page: the help, the cards, the table, the prompts, the end panel, the public
counts and the one narrator of the log, each drawn from an Observation (and the seats'
names) alone, so nothing a seat may not see can reach its page. The coach is in coach.py.

A satori card (悟り) is drawn as a green S, a zatsunen (雑念) as a red Z, a face-down card as a
back. Piles lie left to right from the bottom to the top. Every function speaks English by
default; the app passes its ``say`` (cardlib.ui.words) to speak Japanese, as the sheet words it.

>>> from cardlib.satori import Game
>>> from cardlib.satori.words import WORDS_JA

>>> counts_text(Game().new().observation(0), 1)
'3 satori · 2 zatsunen'
>>> counts_text(Game().new().observation(0), 1, Words("ja", WORDS_JA))
'悟りカード3枚 · 雑念カード2枚'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.satori.actions import (
    DECLARE, DECLARE_RUN, PASS, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, WINDOW, ZATSUNEN, Observation, top_run,
)
from cardlib.satori.view_narrator import describe, narrate  # noqa: F401 (the view's narrator)
from cardlib.ui import card_back, card_face, card_group, prompt_html, seat_box, table_html
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names
from cardlib.ui.style import px
from cardlib.ui.words import Words

ENGLISH = Words()

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

STYLE = f"""<style>
.sat-pile {{ display: inline-flex; align-items: center; flex-wrap: wrap; gap: 0; }}
.sat-end {{ font-size: {px(11)}; color: #777; margin: 0 {px(6)} 0 0; }}
.sat-top {{ color: #b9770e; font-weight: 700; margin: 0 0 0 {px(4)}; }}
.sat-wait {{ display: inline-flex; border-radius: {px(8)}; margin-right: {px(4)}; padding: {px(2)};
            background: #f5b041; box-shadow: 0 0 0 {px(2)} #fdebd0; }}
.sat-wait .cl-card {{ margin: 0; }}
.sat-count {{ margin-left: {px(8)}; font-size: {px(12)}; color: #555; white-space: nowrap; }}
.sat-out {{ color: #922b21; font-size: {px(13)}; font-weight: 600; }}
.sat-chosen {{ background: #fef5e7; font-weight: 700; }}
</style>"""

COLOURS = {SATORI: "#1e8449", ZATSUNEN: "#a93226"}
KIND = {SATORI: "satori", ZATSUNEN: "zatsunen"}


def legend(say: Words = ENGLISH) -> str:
    """The key under your hand: S is satori, Z is zatsunen."""
    tip = say("satori (悟り): the number cards; zatsunen (雑念): the face cards")
    return f'<span class="sat-count" title="{escape(tip)}">{escape(say("S = satori · Z = zatsunen"))}</span>'


# --- cards and piles ---------------------------------------------------------------------------

def card(kind: str, *, fresh: bool = False) -> str:
    """A face-up card: a green S for a satori, a red Z for a zatsunen (``data-card`` says which)."""
    return card_face(kind, style=f"--cl-c: {COLOURS[kind]}", fresh=fresh)


def waiting(html: str, say: Words = ENGLISH) -> str:
    """The card just played, waiting for Katsu: framed in orange."""
    return f'<span class="sat-wait" title="{escape(say("the card just played: Katsu?"))}">{html}</span>'


def none_html(say: Words = ENGLISH) -> str:
    """An empty hand or pile."""
    return f'<span class="cl-none">{escape(say("empty"))}</span>'


def pile_html(pile: Sequence[Optional[str]], *, window: bool = False, run: int = 0, say: Words = ENGLISH) -> str:
    """A pile left to right, bottom to top: faces where known, backs where unseen, the top marked.

    ``window``: its top card was just played and waits for Katsu; ``run``: the known satori on
    top are framed as a run.

    >>> pile_html(()).count("cl-back"), pile_html((None, "S"), window=True).count("sat-wait")
    (0, 1)
    """
    if not pile:
        return none_html(say)
    cards = [card(kind) if kind else card_back() for kind in pile]
    if window:
        cards[-1] = waiting(cards[-1], say)
    if run:
        below, top = cards[:-run], cards[-run:]
        cards = below + [card_group("".join(top), say("run of {n}", n=run))]
    bottom = f'<span class="sat-end">{escape(say("bottom"))}</span>' if len(pile) > 1 else ""
    return (f'<span class="sat-pile">{bottom}{"".join(cards)}'
            f'<span class="sat-end sat-top">{escape(say("◀ top"))}</span></span>')


def hand_html(obs: Observation, seat: int, say: Words = ENGLISH) -> str:
    """Your hand face up (satori first); another's as backs: only its size."""
    if seat == obs.seat:
        cards = "".join(card(kind) for kind in obs.hand)
    else:
        cards = card_back() * obs.hand_sizes[seat]
    return cards or none_html(say)


def known_run(obs: Observation, seat: int) -> int:
    """The run of satori on top of a pile as this seat knows it: its own; another's once shown (else 0)."""
    pile = obs.piles[seat]
    if seat != obs.seat and obs.result is None:
        return 0
    return top_run(tuple(pile))


# --- the table ---------------------------------------------------------------------------------

def counts_text(obs: Observation, seat: int, say: Words = ENGLISH) -> str:
    """A seat's public totals, hand and pile together: "3 satori · 2 zatsunen"."""
    return say("{s} satori · {z} zatsunen", s=obs.satori[seat], z=obs.zatsunen[seat])


def place_text(place: int, say: Words = ENGLISH) -> str:
    """A place: "1st" in English, "1位" in Japanese.

    >>> place_text(2), place_text(2, Words("ja"))
    ('2nd', '2位')
    """
    return f"{place}位" if say.lang == "ja" else ordinal(place)


def badges(obs: Observation, seat: int, say: Words = ENGLISH) -> list[tuple[str, bool]]:
    """What marks a seat now: to play, its card waiting, asked Katsu?, out, declared, its place."""
    found: list[tuple[str, bool]] = []
    if obs.out[seat]:
        found.append((say("out"), False))
    if obs.declarer == seat:
        found.append((say("declared Satori!"), True))
    if obs.result is not None:
        place = obs.result.places[seat]
        found.append((say("{place} place", place=place_text(place, say)), place == 1))
    elif obs.phase == WINDOW:
        if seat == obs.active:
            found.append((say("card played: Katsu?"), True))
        elif seat == obs.current_player:
            found.append((say("asked now"), True))
    elif seat == obs.current_player:
        found.append((say("to play"), True))
    return found


def seat_html(obs: Observation, seat: int, names: Names, bot: Any = None, say: Words = ENGLISH) -> str:
    """One seat: name, badges, public counts, hand and pile."""
    bot_name = say(" · bot: {name}", name=say(getattr(bot, "name", type(bot).__name__))) if bot is not None else ""
    if obs.out[seat]:
        out = f'<span class="sat-out">{escape(say("out of the game (a Katsu failed)"))}</span>'
        return seat_box(seat, names(seat), subtitle=say("eliminated") + bot_name, badges=badges(obs, seat, say),
                        you=seat == obs.seat, rows=[(say("Cards"), out, "cl-hand")])
    pile = obs.piles[seat]
    run = known_run(obs, seat)
    window = obs.phase == WINDOW and seat == obs.active
    size = len(pile)
    count = ""
    if size:
        count = f'<span class="sat-count">{escape(say("1 card" if size == 1 else "{n} cards", n=size))}'
        if seat == obs.seat or obs.result is not None:
            count += say(" · run <b>{n}</b>", n=run)
        elif any(pile):
            count += escape(say(" · {n} won by Katsu", n=sum(kind == SATORI for kind in pile)))
        count += "</span>"
    in_hand = escape(say("{n} in hand", n=obs.hand_sizes[seat]))
    hand_count = (legend(say) if obs.hand else "") if seat == obs.seat else \
        f'<span class="sat-count">{in_hand}</span>' if obs.hand_sizes[seat] else ""
    return seat_box(
        seat, names(seat), subtitle=counts_text(obs, seat, say) + bot_name, badges=badges(obs, seat, say),
        you=seat == obs.seat, turn=seat == obs.current_player,
        rows=[(say("Hand"), hand_html(obs, seat, say) + hand_count, "cl-hand"),
              (say("Pile"), pile_html(pile, window=window, run=run, say=say) + count, "cl-pile-cards")])


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any], say: Words = ENGLISH) -> str:
    """The other seats in turn order after yours, then your own seat."""
    others = [(obs.seat + step) % obs.players for step in range(1, obs.players)]
    return STYLE + table_html([seat_html(obs, s, names, bots.get(s), say) for s in others],
                              seat_html(obs, obs.seat, names, say=say))


def facts(obs: Observation, games: int, official: bool, say: Words = ENGLISH) -> str:
    """The header's facts: the game, the table, the cards still in hands."""
    table = say("{n} players", n=obs.players) + ("" if official else say(" (unofficial)"))
    if obs.result is not None:
        return say("Game {games} is over · {table}", games=games, table=table)
    return say("Game {games} · {table} · <b>{cards}</b> cards still in hands", games=games, table=table,
               cards=sum(obs.hand_sizes))


# --- prompts -----------------------------------------------------------------------------------

def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names, say: Words = ENGLISH, *,
                timed: bool = False) -> str:
    """What you may do now: answer the Katsu window (``timed``: before its time limit), or play, declare or pass."""
    if obs.phase == WINDOW:
        who = names(obs.active)
        below = top_run(tuple(obs.piles[obs.active][:-1]))  # the satori known to lie right under it
        threat = (say("If it is satori, {who} has {n} satori on top and may declare Satori! next turn. ",
                      who=who, n=below + 1) if below + 1 >= DECLARE_RUN else "")
        return prompt_html(
            say("{who} has played a card face down on top of their pile. Katsu?", who=who),
            threat + say("Katsu! says it is satori: if it is, it goes on top of your pile; if it is zatsunen, you "
                         "are out. " + ("Answer before the time is up: no answer is no Katsu." if timed else
                                        "The game waits for your click: take all the time you need.")))
    run = top_run(obs.pile)
    if DECLARE in legal:
        return prompt_html(say("Your turn: your pile shows {n} satori on top. Declare Satori! to end the game, "
                               "or play on.", n=run),
                           say("Declaring ends the game at once: the longest run wins, and a tie goes against the "
                               "declarer."))
    if PASS in legal:
        return prompt_html(say("Your turn: your hand is empty, so you pass."),
                           say("You can still win with the run on top of your pile."))
    return prompt_html(say("Your turn: play a card face down on top of your pile."),
                       say("Your run on top: {n} satori (declaring needs {need}, at the start of a turn). "
                           "A zatsunen is a bluff: whoever calls Katsu! on it is out.", n=run, need=DECLARE_RUN))


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


def refused(action: Any, obs: Observation, say: Words = ENGLISH) -> str:
    """Why a turn's button is disabled now."""
    if action == DECLARE:
        return say("Declaring needs {need} satori unbroken on top of your pile; yours shows {n}",
                   need=DECLARE_RUN, n=top_run(obs.pile))
    return say("You have no satori in hand" if action.card == SATORI else "You have no zatsunen in hand")


# --- the end -----------------------------------------------------------------------------------

def reference_of(obs: Observation) -> int:
    """The tie-break's reference: the declarer, or else the last player who played (the first player if none)."""
    for kind, seat, _ in obs.log:
        if kind == "end" and seat is not None:
            return seat
    return next(seat for kind, seat, _ in obs.log if kind == "deal")


def _is(names: Names, seat: int) -> str:
    """"are" for you, "is" for anyone else (English only)."""
    return "are" if seat == names.me else "is"


def tie_words(obs: Observation, names: Names, say: Words = ENGLISH) -> str:
    """How the places were decided: the longest run, and each tie broken clockwise from the reference."""
    result, n = obs.result, obs.players
    reason = next((value for kind, _, value in obs.log if kind == "end"), "")
    if reason == "last":
        (left,) = obs.still_in
        return say("Only {who} {is} left: the last player in wins.", who=names(left, inside=True),
                   **{"is": _is(names, left)})
    ref = reference_of(obs)
    why = say("the declarer: distance 0, so the declarer loses every tie" if obs.declarer == ref else
              "who played the last card: distance 0")
    words = [say("The longest run wins. A tie goes to the player farthest clockwise from {ref} ({why}).",
                 ref=names(ref, inside=True), why=why)]
    for run in sorted({result.scores[s] for s in obs.still_in}, reverse=True):
        tied = [s for s in obs.still_in if result.scores[s] == run]
        if len(tied) > 1:
            tied.sort(key=lambda s: -((s - ref) % n))
            steps = ", ".join(f"{names(s)}: {_seats((s - ref) % n, say)}" for s in tied)
            words.append(say("Tied on {run}, clockwise from {ref}: {steps}; so {first} {place} first among them.",
                             run=run, ref=names(ref, inside=True), steps=steps, first=names(tied[0], inside=True),
                             place="place" if tied[0] == names.me else "places"))
    return " ".join(words)


def _seats(steps: int, say: Words = ENGLISH) -> str:
    """How far clockwise: "2 seats", "1 seat", "0 (the reference)"."""
    if not steps:
        return say("0 (the reference)")
    return say("1 seat" if steps == 1 else "{n} seats", n=steps)


def result_html(obs: Observation, names: Names, say: Words = ENGLISH) -> str:
    """At the end: every pile still in with its run shown (and the card breaking it), the places, the tie-break."""
    if obs.result is None:
        return ""
    result = obs.result
    rows = []
    order = sorted(range(obs.players), key=lambda s: (result.places[s], s))
    for seat in order:
        if obs.out[seat]:
            shown = f'<span class="sat-out">{escape(say("out (a Katsu failed)"))}</span>'
            run = "—"
        else:
            run = str(result.scores[seat])
            shown = pile_html(obs.piles[seat], run=top_run(tuple(obs.piles[seat])), say=say)
        rows.append(f'<tr data-seat="{seat}" data-run="{run}"><td><b>{place_text(result.places[seat], say)}</b></td>'
                    f"<td>{escape(names(seat))}</td><td>{shown}</td><td><b>{run}</b></td></tr>")
    head = "".join(f"<th>{escape(say(word))}</th>" for word in ("Place", "Player", "Pile", "Run"))
    return (f'<div class="cl-panel cl-result"><h4>{escape(say("Game over. The piles as shown (bottom to top):"))}'
            f'</h4><table class="cl-results"><thead><tr>{head}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div class="cl-verdict">{escape(tie_words(obs, names, say))}</div></div>')


def over_words(obs: Observation, names: Names, say: Words = ENGLISH) -> str:
    """The first words at the game's end: how it ended."""
    reason = next((value for kind, _, value in obs.log if kind == "end"), "")
    if obs.out[obs.seat]:
        return say("Game over. Your Katsu failed: you were out.")
    if reason == "declare":
        return say("Game over: {who} declared Satori!", who=names(obs.declarer))
    return say("Game over: every hand is empty." if reason == "empty" else "Game over: one player is left.")


# --- the public counts -------------------------------------------------------------------------

def scoreboard_html(obs: Observation, names: Names, say: Words = ENGLISH) -> str:
    """Every seat's public counts: cards in hand and in pile, satori and zatsunen in all, the run once known."""
    seats = range(obs.players)

    def row(label: str, cells: Sequence[str], total: bool = False) -> str:
        css = ' class="cl-total-row"' if total else ""
        return f"<tr{css}><td>{escape(say(label))}</td>" + "".join(
            f'<td data-seat="{s}">{cell}</td>' for s, cell in zip(seats, cells)) + "</tr>"

    def known(seat: int) -> str:
        if obs.out[seat]:
            return say("out")
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
