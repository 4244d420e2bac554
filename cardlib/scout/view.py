"""SCOUT on the page: the help, the two-number cards, the table, the prompts, the round summary,
the scoreboard and the one narrator of the log, each drawn from an Observation (and the seats'
names) alone, so nothing a seat may not see can reach its page.

A card shows its top number big and its other number small and upside down, as it is held.
Another player's hand is backs, except a card they scouted: everyone saw where it went.

>>> narrate([("show", 1, (2, 3, ((4, 1), (5, 2)), 0))], Names(me=0))
[(0, 'Player 1 shows 4-5 (cards 2–3): a run of 2.')]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.scout.actions import KEEPING, SHOWING, Observation, RoundTally, Scout, ScoutAndShow, Show
from cardlib.scout.groups import Card, group
from cardlib.ui import prompt_html, seat_box, table_html
from cardlib.ui.narration import Names
from cardlib.ui.table import number, points_text, score_table

HELP = """<details class="cl-help"><summary>How to play SCOUT</summary>
<p>SCOUT (スカウト), a card game for 3 to 5 players (and an official two-player variant). Each card has two
different numbers from 1 to 10, one at each end; the number at the top is the one that counts.</p>
<p>You may <b>never reorder</b> your hand. Once, before the first turn, you may <b>turn the whole hand
around</b>: the order reverses and every card shows its other number.</p>
<p>On your turn, either <b>show</b> (プレイ) cards that sit side by side in your hand and form a group (one
card; a <b>set</b>, 同数, of one number; a <b>run</b>, 連番, going up or down by one, 10 and 1 not next to each
other) that beats the active set (場札) on the table: you take the beaten cards as points. Or <b>scout</b>
(スカウト): take the card at one end of the active set into your hand, anywhere, either way up; its owner
gets a chip. Once a round, <b>Scout &amp; Show</b> (ダブルアクション) does both in one turn.</p>
<p><b>Beating</b>: more cards beat fewer; with as many cards a set beats a run; then the higher lowest number
wins.</p>
<p>The round ends when someone empties their hand, or when everyone else only scouted since someone's show
(that player then loses nothing for their hand). Points: +1 a card taken, +1 a chip, −1 a card left in
hand. As many rounds as players; the highest total wins.</p></details>"""

STYLE = """<style>
.sc-card { flex-direction: column; justify-content: space-between; width: 38px; height: 56px; padding: 2px 0;
           margin: 0 2px; }
.sc-top { font-size: 22px; font-weight: 700; line-height: 1; }
.sc-bottom { font-size: 12px; line-height: 1; transform: rotate(180deg); opacity: .75; }
.sc-hand { display: inline-flex; flex-wrap: wrap; align-items: flex-end; gap: 2px; }
.sc-slot { display: inline-flex; flex-direction: column; align-items: center; }
.sc-pos { font-size: 11px; color: #777; }
.sc-scouted { box-shadow: 0 0 0 2px #f5b041; }
.sc-active { display: inline-flex; align-items: center; gap: 4px; }
.sc-end { font-size: 11px; color: #777; }
.sc-exempt { color: #1e8449; font-weight: 600; }
.sc-69 { text-decoration: underline; }
</style>"""

COLOURS = {1: "#922b21", 2: "#b9770e", 3: "#7d6608", 4: "#1e8449", 5: "#117864",
           6: "#1f618d", 7: "#6c3483", 8: "#a04000", 9: "#2e4053", 10: "#7b241c"}
KINDS = {"single": "a single card", "set": "a set", "run": "a run"}


# --- cards -------------------------------------------------------------------------------------

def card_html(card: Card, *, scouted: bool = False) -> str:
    """A card as held: its top number big, its other number small and upside down (``data-card`` top/bottom).

    >>> 'data-card="7/2"' in card_html((7, 2))
    True
    """
    top, bottom = card
    extra = " sc-scouted" if scouted else ""
    marks = {number: ' class="sc-69"' if number in (6, 9) else "" for number in (top, bottom)}
    return (f'<span class="cl-card cl-face sc-card{extra}" style="--cl-c: {COLOURS[top]}" data-card="{top}/{bottom}"'
            f' title="{top} on top ({bottom} below)"><span class="sc-top"><span{marks[top]}>{top}</span></span>'
            f'<span class="sc-bottom"><span{marks[bottom]}>{bottom}</span></span></span>')


def back_html() -> str:
    """A card whose numbers this seat cannot see: a back, carrying nothing."""
    return '<span class="cl-card cl-back sc-card"></span>'


def hand_html(obs: Observation, seat: int) -> str:
    """A hand left to right: yours face up with positions under the cards; another's as backs but for the cards it scouted."""
    hand = obs.hands[seat]
    if not hand:
        return '<span class="cl-none">empty</span>'
    if seat == obs.seat:
        slots = [f'<span class="sc-slot">{card_html(card)}<span class="sc-pos">{index}</span></span>'
                 for index, card in enumerate(hand, start=1)]
    else:
        slots = [card_html(card, scouted=True) if card is not None else back_html() for card in hand]
    return f'<span class="sc-hand">{"".join(slots)}</span>'


def group_words(cards: Sequence[Card]) -> str:
    """'a run of 3', 'a set of 2', 'a single card' for cards as shown."""
    found = group([card[0] for card in cards])
    if found is None:
        return "no group"
    return KINDS["single"] if found.kind == "single" else f"{KINDS[found.kind]} of {found.size}"


def tops_text(cards: Sequence[Card]) -> str:
    """The numbers that count, joined: '3-4-5'."""
    return "-".join(str(card[0]) for card in cards)


def active_html(obs: Observation, names: Names) -> str:
    """The active set in its owner's order, its ends named, with its owner; or the empty table."""
    if not obs.active:
        owner = f" (the last show was {names(obs.owner, inside=True)}'s)" if obs.owner is not None else ""
        return f'<div class="cl-row"><span class="cl-label">Active set</span><span class="cl-none">none{owner}: ' \
               'any group may be shown</span></div>'
    cards = "".join(card_html(card) for card in obs.active)
    ends = ('<span class="sc-end">left</span>', '<span class="sc-end">right</span>') if len(obs.active) > 1 else ("", "")
    return (f'<div class="cl-row"><span class="cl-label">Active set</span><span class="sc-active" data-owner="{obs.owner}">'
            f'{ends[0]}{cards}{ends[1]}</span></div>'
            f'<div class="cl-sub">{escape(group_words(obs.active))}, shown by {escape(names(obs.owner, inside=True))}'
            f' (the owner)</div>')


# --- the table ---------------------------------------------------------------------------------

def badges(obs: Observation, seat: int) -> list[tuple[str, bool]]:
    """What marks a seat now: to act, owner of the active set, the marker used, tokens left."""
    found: list[tuple[str, bool]] = []
    if obs.current_player == seat:
        found.append(("to play" if obs.phase != KEEPING else "keep or turn?", True))
    if obs.owner == seat and obs.active:
        found.append(("owner", False))
    if obs.tokens is not None:
        found.append((f"{obs.tokens[seat]} scout token{'s' if obs.tokens[seat] != 1 else ''}", False))
    elif not obs.markers[seat]:
        found.append(("Scout & Show used", False))
    return found


def seat_html(obs: Observation, seat: int, names: Names, bots: Mapping[int, Any]) -> str:
    """One seat: its hand, and this round's score cards and chips."""
    taken = f"{obs.score_cards[seat]} score card{'s' if obs.score_cards[seat] != 1 else ''}"
    if obs.tokens is None:
        taken += f" · {obs.chips[seat]} chip{'s' if obs.chips[seat] != 1 else ''}"
    bot = bots.get(seat)
    subtitle = f"{getattr(bot, 'name', '')} bot" if bot is not None else ""
    return seat_box(seat, names(seat), rows=[(f"Hand ({obs.hand_sizes[seat]})", hand_html(obs, seat), "cl-cards"),
                                             ("Scored", escape(taken), "cl-cards")],
                    subtitle=subtitle, points=obs.totals[seat], badges=badges(obs, seat), you=seat == obs.seat,
                    turn=obs.current_player == seat)


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any]) -> str:
    """The whole table: the other seats in turn order after you, then yours, the active set in the centre."""
    n = obs.players
    others = [seat_html(obs, (obs.seat + step) % n, names, bots) for step in range(1, n)]
    return STYLE + table_html(others, seat_html(obs, obs.seat, names, bots), active_html(obs, names))


def facts(obs: Observation, games: int, done: Optional[RoundTally] = None) -> str:
    """The header's facts: the round (or the round just over), who started it, the player count."""
    if done is not None:
        return f"Game {games} · round {done.round} of {obs.rounds} is over · {obs.players} players"
    return (f"Game {games} · round {obs.round} of {obs.rounds} · started by Player {obs.start} · "
            f"{obs.players} players")


def ended_page(obs: Observation, done: RoundTally, names: Names, bots: Mapping[int, Any]) -> str:
    """Between rounds: each seat as the round left it (cards left in hand, score cards, chips), no new hands yet."""
    n = obs.players
    boxes = []
    for seat in [(obs.seat + step) % n for step in range(1, n)] + [obs.seat]:
        left = f"{done.held[seat]} card{'s' if done.held[seat] != 1 else ''}"
        taken = f"{done.score_cards[seat]} score cards · " + (
            f"{done.tokens[seat]} tokens left" if done.tokens is not None else f"{done.chips[seat]} chips")
        badges = [("ended the round", True)] if seat == done.ender else []
        badges += [("exempt: hand not counted", False)] if seat == done.exempt else []
        bot = bots.get(seat)
        boxes.append(seat_box(seat, names(seat), rows=[("Left in hand", escape(left), "cl-cards"),
                                                       ("Scored", escape(taken), "cl-cards")],
                              subtitle=f"{getattr(bot, 'name', '')} bot" if bot is not None else "",
                              points=done.scores[seat], badges=badges, you=seat == obs.seat))
    return STYLE + table_html(boxes[:-1], boxes[-1])


# --- prompts -----------------------------------------------------------------------------------

def turned_text(obs: Observation) -> str:
    """Your hand's numbers as they read now and as they would read turned around."""
    kept = " ".join(str(card[0]) for card in obs.hand)
    turned = " ".join(str(card[1]) for card in reversed(obs.hand))
    return f"Now: {kept}. Turned around: {turned}."


def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names, step: Any) -> str:
    """What to do now: keep or turn; show or scout; where a scouted card goes; the show after Scout & Show."""
    if obs.phase == KEEPING:
        return prompt_html("Keep your hand as dealt, or turn it around (once, before the first turn)?",
                           turned_text(obs))
    if obs.phase == SHOWING:
        return prompt_html("Now show: a group that beats what is left of the active set.",
                           "Any group if nothing is left. It need not use the card you scouted.")
    if step is not None:
        kind, end = step
        card = end_card(obs, end)
        words = "Scout & Show" if kind is ScoutAndShow else "Scout"
        return prompt_html(f"{words}: where does the {card[0]} go, and which number on top?",
                           f"Position 1 is the far left; 'turned' puts it in with the {card[1]} on top.")
    shows = sum(type(action) is Show for action in legal)
    if not obs.active:
        return prompt_html("Your turn: show any group (nothing is on the table).", f"{shows} shows are possible.")
    detail = f"{shows} of your groups beat it." if shows else "Nothing in your hand beats it: scout."
    if obs.owner is not None and (obs.seat + 1) % obs.players == obs.owner and obs.tokens is None:
        detail += " Careful: everyone else has only scouted; if you scout too, the round ends."
    return prompt_html(f"Your turn: beat the {tops_text(obs.active)} ({group_words(obs.active)}), or scout a card "
                       "from one of its ends.", detail)


def end_card(obs: Observation, end: Optional[str]) -> Card:
    """The card at one end of the active set (None: its only card)."""
    return obs.active[-1] if end == "right" else obs.active[0]


def show_label(obs: Observation, action: Show) -> str:
    """A show's button: 'Show 2–4: 3-4-5'."""
    cards = obs.hand[action.first - 1:action.last]
    where = str(action.first) if action.first == action.last else f"{action.first}–{action.last}"
    return f"Show {where}: {tops_text(cards)}"


def scout_label(obs: Observation, kind: type, end: Optional[str]) -> str:
    """A first click of a scout: 'Scout left: 7'."""
    words = "Scout & Show" if kind is ScoutAndShow else "Scout"
    side = f" {end}" if end else ""
    return f"{words}{side}: {end_card(obs, end)[0]}"


def place_label(action: Scout) -> str:
    """A second click: where the card goes ('at 3', 'at 3, turned')."""
    return f"at {action.to}{', turned' if action.turned else ''}"


# --- the round's end, the scoreboard, the log -------------------------------------------------

REASONS = {
    "emptied": "{ender} showed {their} last card: the round ends at once (i).",
    "came back": "Everyone else only scouted since {ender_of} show, and the turn came back: the round ends (ii). "
                 "{ender} lose{s} nothing for the cards in hand.",
    "stuck": "{ender} could neither show nor scout (no token left, nothing beats the active set): the round ends. "
             "The owner loses nothing for the cards in hand.",
}


def round_html(tally: RoundTally, names: Names) -> str:
    """A finished round: why it ended, and each seat's points, the (ii) exemption shown."""
    ender = names(tally.ender)
    ender_of = "your" if tally.ender == names.me else f"{ender}'s"
    mine = tally.ender == names.me
    why = REASONS[tally.reason].format(ender=ender, ender_of=ender_of, s="" if mine else "s",
                                       their="your" if mine else "their")
    rows = []
    for seat, score in enumerate(tally.scores):
        exempt = seat == tally.exempt
        held = (f'<span class="sc-exempt">{tally.held[seat]} (exempt)</span>' if exempt
                else points_text(-tally.held[seat]))
        extra = f"<td>+{tally.tokens[seat]}</td>" if tally.tokens is not None else f"<td>+{tally.chips[seat]}</td>"
        rows.append(f"<tr><td>{escape(names(seat))}</td><td>+{tally.score_cards[seat]}</td>{extra}<td>{held}</td>"
                    f"<td><b>{points_text(score, sign=True)}</b></td></tr>")
    third = "Tokens left" if tally.tokens is not None else "Chips"
    return (f'<div class="cl-result"><b>Round {tally.round} is over.</b> {escape(why)}'
            f'<table class="cl-scores"><thead><tr><th></th><th>Score cards</th><th>{third}</th><th>Cards in hand</th>'
            f'<th>Round</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def scoreboard_html(obs: Observation, names: Names) -> str:
    """Points round by round, and the totals."""
    rounds = [(str(tally.round), (names(tally.start),), tally.scores) for tally in obs.finished]
    return score_table([names(seat) for seat in range(obs.players)], rounds, obs.totals, ["Started"], signed=True)


def narrate(events: Sequence[tuple], names: Names) -> list[tuple[int, str]]:
    """The public log in words (what the app's log and a notebook print)."""
    told = []
    for index, (kind, seat, value) in enumerate(events):
        if kind == "round":
            text = f"Round {value}: the cards are dealt; {names(seat, inside=True)} start{'' if seat == names.me else 's'}."
        elif kind in ("keep", "turn"):
            text = names.does(seat, "keep") + " the hand." if kind == "keep" else \
                names.does(seat, "turn") + " the whole hand around."
        elif kind == "show":
            first, last, cards, taken = value
            where = f"card {first}" if first == last else f"cards {first}–{last}"
            text = f"{names.does(seat, 'show')} {tops_text(cards)} ({where}): {group_words(cards)}."
            if taken:
                text = text[:-1] + f", taking {taken} score card{'s' if taken != 1 else ''}."
        elif kind in ("scout", "scout & show"):
            end, to, card, turned, owner = value
            side = f"the {end} card" if end else "the only card"
            way = f", turned: {card[0]} on top" if turned else ""
            verb = names.does(seat, "scout") if kind == "scout" else \
                f"{names.does(seat, 'use')} Scout & Show: {names.verb(seat, 'scout')}"
            text = f"{verb} {side} ({card[0] if not turned else card[1]}) to position {to}{way}."
            if owner is not None and owner != seat:
                text = text[:-1] + f"; {names(owner, inside=True)} get{'' if owner == names.me else 's'} a chip."
        elif kind == "round end":
            reason, scores = value
            points = ", ".join(f"{names(s, inside=True)} {points_text(score, sign=True)}" for s, score in enumerate(scores))
            text = f"The round ends ({'hand emptied' if reason == 'emptied' else reason}): {points}."
        elif kind == "end":
            text = "The game is over: " + ", ".join(f"{names(s, inside=True)} {number(t)}" for s, t in enumerate(value)) + "."
        else:
            continue
        told.append((index, text[0].upper() + text[1:]))
    return told
