"""The Satori on the page: the help, the cards, the table, the prompts, the end panel, the public
counts, the coach and the one narrator of the log, each drawn from an Observation (and the seats'
names) alone, so nothing a seat may not see can reach its page.

A satori card (悟り) is drawn as a green S, a zatsunen (雑念) as a red Z, a face-down card as a
back. Piles lie left to right from the bottom to the top.

>>> narrate([("play", 2, None), ("katsu", 0, 2), ("reveal", 0, "S")], Names(me=0))
[(0, 'Player 2 plays a card face down.'), (1, "You call Katsu! on Player 2's card…"), (2, '…it is satori: onto your pile.')]
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Any, Optional

from cardlib.core.errors import RulesError
from cardlib.satori.actions import (
    DECLARE, DECLARE_RUN, PASS, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, WINDOW, ZATSUNEN, Observation, top_run,
)
from cardlib.satori.beliefs import Model
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
CHOSEN_MODEL = "bluffs 1/4, declares at once (the bots)"  # the bots' own model: the coach's default
ROLLOUTS = 100
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


# --- the coach ---------------------------------------------------------------------------------

def chance_text(chance: Fraction) -> str:
    """An exact chance and its percentage.

    >>> chance_text(Fraction(3, 4)), chance_text(Fraction(1)), chance_text(Fraction(0))
    ('3/4 ≈ 75.0%', '1 = 100%', '0 = 0%')
    """
    if chance in (0, 1):
        return f"{chance} = {int(chance) * 100}%"
    return f"{chance.numerator}/{chance.denominator} ≈ {float(chance):.1%}"


def percent(value: float, error: float) -> str:
    """A simulated chance with its standard error (none when it has no spread).

    >>> percent(0.39, 0.0488), percent(0.0, 0.0), percent(0.5, math.nan)
    ('39% ± 4.9%', '0%', '50%')
    """
    if math.isnan(error) or not error:
        return f"{value:.0%}"
    return f"{value:.0%} ± {error:.1%}"


def unseen_share(obs: Observation, seat: int) -> tuple[int, int]:
    """A seat's satori among its cards nobody has seen (hand and unrevealed pile cards): (satori, cards)."""
    pile = obs.piles[seat]
    known = sum(kind == SATORI for kind in pile)
    return obs.satori[seat] - known, obs.hand_sizes[seat] + len(pile) - known


def coach_model(model: Any = None) -> Any:
    """The model the coach highlights: a name of ``analysis.MODELS`` or a ``Model`` (None: the bots' own).

    >>> coach_model(None)
    'bluffs 1/4, declares at once (the bots)'
    """
    if model is None:
        return CHOSEN_MODEL
    if isinstance(model, Model):
        return model
    from cardlib.satori.analysis import MODELS
    if isinstance(model, str) and model in MODELS:
        return model
    raise RulesError(f"model must be a Model or one of the names {list(MODELS)}, not {model!r}")


def coach_note(text: str) -> str:
    """The coach's panel with a short note."""
    return f'<div class="cl-panel"><h4>Coach</h4><div>{text}</div></div>'


def coach_html(obs: Observation, names: Names, model: Any = CHOSEN_MODEL) -> str:
    """The coach: in a Katsu window you are asked in, the chance the card is satori and the stakes of a
    call; on your turn, your run and the public counts. ``model`` names the model highlighted (or is one)."""
    if obs.result is not None:
        return coach_note("The game is over: every run is shown above.")
    if obs.current_player != obs.seat:
        return coach_note("The coach speaks on your turn, and when you are asked Katsu?")
    try:
        return _katsu_coach(obs, names, model) if obs.phase == WINDOW else _turn_coach(obs, names)
    except (ValueError, ArithmeticError) as error:  # the table goes on: the coach says what it could not do
        return coach_note(f"The coach could not work out this position ({escape(str(error))}).")


def _turn_coach(obs: Observation, names: Names) -> str:
    run = top_run(obs.pile)
    if run >= DECLARE_RUN:
        mine = (f"Your pile shows <b>{run}</b> satori on top: you may declare now. Compare with what the others "
                "may hold: a tie goes against the declarer.")
    else:
        mine = (f"Your run on top: <b>{run}</b> satori (declaring needs {DECLARE_RUN}, at the start of a turn). "
                "A zatsunen on top breaks your run, but a Katsu on it knocks the caller out.")
    rows = []
    for seat in range(obs.players):
        if seat == obs.seat or obs.out[seat]:
            continue
        s, cards = unseen_share(obs, seat)
        share = chance_text(Fraction(s, cards)) if cards else "—"
        rows.append(f'<tr data-seat="{seat}"><td>{escape(names(seat))}</td><td>{counts_text(obs, seat)}</td>'
                    f"<td>{cards}</td><td>{share}</td></tr>")
    table = ('<table class="cl-results"><thead><tr><th>Player</th><th>In all (public)</th><th>Cards unseen</th>'
             f'<th>Satori among them (counting)</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return (f'<div class="cl-panel"><h4>Coach</h4><div>{mine}</div>{table}'
            "<div>Counting treats every unseen card alike; the order of play says more (the coach shows it "
            "when you are asked Katsu?).</div></div>")


def _katsu_coach(obs: Observation, names: Names, model: Any) -> str:
    return _katsu_coach_cached(obs, names.me, model)


@lru_cache(maxsize=64)
def _katsu_coach_cached(obs: Observation, me: Optional[int], model: Any) -> str:
    """The coach in a Katsu window (the same observation always gives the same panel: cached)."""
    from cardlib.satori.analysis import MODELS, p_satori
    from cardlib.satori.bots import THRESHOLD, counted_chance

    names = Names(me=me)
    who = names(obs.active)
    models = dict(MODELS)
    chosen = model if isinstance(model, str) else next((k for k, v in MODELS.items() if v == model), None)
    if chosen is None:
        chosen = str(model)
        models[chosen] = model
    rows, chances = [], {}
    for name, each in models.items():
        try:
            chances[name] = p_satori(obs, each)
            cell, data = chance_text(chances[name]), str(chances[name])
        except ValueError:
            cell, data = f"impossible: {who} did not play like this", "impossible"
        css = ' class="sat-chosen"' if name == chosen else ""
        mark = ' <span class="cl-badge cl-hot">chosen</span>' if name == chosen else ""
        rows.append(f'<tr{css} data-model="{escape(name)}" data-p="{data}"><td>{escape(name)}{mark}</td>'
                    f"<td>{cell}</td></tr>")
    counted = counted_chance(obs)
    rows.append(f'<tr data-model="counting" data-p="{counted}"><td>counting (satori among their unseen cards, '
                f"order ignored)</td><td>{chance_text(counted)}</td></tr>")
    # the stakes' worlds are drawn under the model whose chance the verdict weighs, so the two agree
    if chosen in chances:
        p, basis, drawn = chances[chosen], "the chosen model", models[chosen]
    elif CHOSEN_MODEL in chances:
        p, basis, drawn = chances[CHOSEN_MODEL], "the bots' model: the chosen one cannot explain this play", \
            MODELS[CHOSEN_MODEL]
    else:
        p, basis, drawn = chances["uniform from hand"], "uniform from hand", MODELS["uniform from hand"]
    return (
        f'<div class="cl-panel"><h4>Coach</h4>'
        f"<div>Is {escape(who)}'s card satori? Bayes' rule over the public history of their plays, "
        "under each model of how they choose a card:</div>"
        '<table class="cl-results"><thead><tr><th>Model of the player</th><th>P(satori)</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>{_stakes_html(obs, p, basis, drawn)}'
        f'<div><small>The bots call when their chance is above {THRESHOLD} = {float(THRESHOLD):.0%}.</small></div>'
        "</div>")


def _stakes_html(obs: Observation, p: Fraction, basis: str, drawn: Model) -> str:
    """Your chance of winning in the four cases (you call or not; the card is satori or zatsunen), by
    rollouts from worlds drawn under the model ``drawn`` (whose chance is ``p``); what each choice is
    worth at ``p``, the break-even and a verdict."""
    from cardlib.satori.analysis import katsu_stakes

    stakes = katsu_stakes(obs, rollouts=ROLLOUTS, seed=len(obs.log), model=drawn)
    q = float(p)
    call = [(q, stakes.success)]
    stay = [(q, stakes.no_call_satori), (1 - q, stakes.no_call_zatsunen)]
    grid = (
        f'<tr><td>Katsu!</td>{_case("success", stakes.success)}'
        '<td data-stake="failure" data-value="0">0 (you are out)</td>'
        f'<td data-expect="call" data-value="{stakes.call(q)}">{_expected(call, stakes.call(q))}</td></tr>'
        f'<tr><td>No katsu</td>{_case("no call satori", stakes.no_call_satori)}'
        f'{_case("no call zatsunen", stakes.no_call_zatsunen)}'
        f'<td data-expect="no call" data-value="{stakes.no_call(q)}">{_expected(stay, stakes.no_call(q))}</td>'
        "</tr>")
    kind, words = verdict(q, stakes, basis)
    return (
        f"<div>Your chance of winning in each case ({ROLLOUTS} games played out by counting bots from "
        f"positions drawn from what you see, under {escape(basis)}; ± one standard error):</div>"
        '<table class="cl-results"><thead><tr><th>You say</th><th>If the card is satori</th>'
        f"<th>If it is zatsunen</th><th>On average, P(satori) = {q:.0%}</th></tr></thead><tbody>{grid}</tbody>"
        f"</table><div>{_break_even_words(stakes)}</div>"
        f'<div class="cl-verdict" data-verdict="{kind}">{escape(words)}</div>')


def _case(name: str, estimate: Any) -> str:
    """One simulated case of the grid: its chance ± its standard error, or "cannot happen" (no samples)."""
    data = (f'data-stake="{name}" data-value="{estimate.value}" data-error="{estimate.standard_error}" '
            f'data-samples="{estimate.samples}"')
    if not estimate.samples:
        return f'<td {data}>— (cannot happen)</td>'
    return f"<td {data}>{percent(estimate.value, estimate.standard_error)}</td>"


def _expected(terms: Sequence[tuple[float, Any]], value: float) -> str:
    """An average written out: "60% × 39% + 40% × 30% = 23%" (the cases of weight 0 left out)."""
    shown = [f"{weight:.0%} × {estimate.value:.0%}" for weight, estimate in terms if weight]
    if not shown:
        return f"<b>{value:.0%}</b>"
    return f'{" + ".join(shown)} = <b>{value:.0%}</b>'


def _break_even_words(stakes: Any) -> str:
    """Where the two averages meet: the break-even P(satori) with its standard error, and how it is found."""
    be, error = stakes.break_even, stakes.break_even_error
    data = f'data-break-even="{be}" data-break-even-error="{error}"'
    if not stakes.success.samples:
        return f"The break-even P(satori): <b {data}>none</b> (the card cannot be satori)."
    if be >= 1:
        return (f"The break-even P(satori): <b {data}>100%</b> (a success wins no more often than letting a satori "
                "go: a call never pays).")
    if not stakes.no_call_zatsunen.samples:
        return (f"The break-even P(satori): <b {data}>0%</b> (the card cannot be zatsunen, and a success beats "
                "letting it go).")
    a, b, c = stakes.no_call_zatsunen.value, stakes.success.value, stakes.no_call_satori.value
    return (f"A call pays when P(satori) is above the break-even <b {data}>{percent(be, error)}</b>, where the "
            f"two averages are equal: {a:.0%} ÷ ({b:.0%} − {c:.0%} + {a:.0%}).")


def verdict(p: float, stakes: Any, basis: str) -> tuple[str, str]:
    """One line, and its kind: "call", "let it go", or "too close" when P(satori) ``p`` lies within two
    standard errors of the break-even of ``stakes`` (analysis.Stakes).

    >>> from cardlib.satori.analysis import Estimate, Stakes
    >>> def stakes(success, satori, zatsunen, error=0.02):
    ...     return Stakes(*(Estimate(v, error, 100, 0) for v in (success, satori, zatsunen)), "counting")
    >>> [verdict(p, stakes(0.4, 0.1, 0.3), "the chosen model")[0] for p in (0.2, 0.5, 0.8)]
    ['let it go', 'too close', 'call']
    """
    if not p:
        return "let it go", f"Let it go: the card cannot be satori ({basis}), and a call would put you out."
    be, error = stakes.break_even, stakes.break_even_error
    if be >= 1:
        return "let it go", ("Let it go: in these games a success won no more often than letting a satori go, "
                             "so a call never pays.")
    error = 0.0 if math.isnan(error) else error
    said = f"P(satori) {p:.0%} ({basis})"
    low, high = max(0.0, be - 2 * error), min(1.0, be + 2 * error)
    margin = f", even allowing two standard errors ({low:.0%} to {high:.0%})" if error else ""
    if p > be + 2 * error:
        return "call", f"Call: {said} is above the break-even {be:.0%}{margin}."
    if p < be - 2 * error:
        return "let it go", f"Let it go: {said} is below the break-even {be:.0%}{margin}."
    lean = "a call" if p > be else "no call"
    return "too close", (f"Too close to tell: {said} is within two standard errors of the break-even {be:.0%} "
                         f"({low:.0%} to {high:.0%}); it leans to {lean}.")
