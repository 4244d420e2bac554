"""SCOUT on the page: the help, the two-number cards, the table, the prompts, the round summary,
the scoreboard and the one narrator of the log, each drawn from an Observation (and the seats'
names) alone, so nothing a seat may not see can reach its page. Every word goes through ``say``
(``cardlib.ui.words.Words``: English by default, Japanese with the app's catalog).

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
from cardlib.ui.style import px
from cardlib.ui.table import number, points_text, score_table
from cardlib.ui.words import Words

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

STYLE = f"""<style>
.sc-card {{ flex-direction: column; justify-content: space-between; width: {px(38)}; height: {px(56)}; padding: {px(2)} 0;
           margin: 0 {px(2)}; }}
.sc-top {{ font-size: {px(22)}; font-weight: 700; line-height: 1; }}
.sc-bottom {{ font-size: {px(12)}; line-height: 1; transform: rotate(180deg); opacity: .75; }}
.sc-hand {{ display: inline-flex; flex-wrap: wrap; align-items: flex-end; gap: {px(2)}; }}
.sc-slot {{ display: inline-flex; flex-direction: column; align-items: center; }}
.sc-pos {{ font-size: {px(11)}; color: #777; }}
.sc-scouted {{ box-shadow: 0 0 0 {px(2)} #f5b041; }}
.sc-active {{ display: inline-flex; align-items: center; gap: {px(4)}; }}
.sc-end {{ font-size: {px(11)}; color: #777; }}
.sc-exempt {{ color: #1e8449; font-weight: 600; }}
.sc-69 {{ text-decoration: underline; }}
.sc-others {{ flex-wrap: nowrap; gap: 0; }}  /* another's hand: backs overlapping on one line, a scouted card on top */
.sc-others > .cl-card + .cl-card {{ margin-left: {px(-24)}; }}
.sc-others > .cl-face {{ position: relative; z-index: 1; }}
.cl-around:has(.sc-hand) > .cl-centre {{ max-width: {px(300)}; }}  /* the active set beside the seats, not across */
.cl-around:has(.sc-hand) > .cl-centre .sc-active {{ flex-wrap: wrap; }}
/* four others or more: the active set above the seats, so that the others sit on one line */
.cl-around:has(.sc-hand):has(.cl-seats > .cl-seat:nth-child(4)) {{ flex-direction: column; align-items: stretch; }}
.cl-around:has(.sc-hand):has(.cl-seats > .cl-seat:nth-child(4)) > .cl-centre {{ max-width: none; }}
.cl-around:has(.sc-hand):has(.cl-seats > .cl-seat:nth-child(4)) .cl-seats .cl-seat {{ flex-basis: {px(180)}; min-width: 0; }}
</style>"""

COLOURS = {1: "#922b21", 2: "#b9770e", 3: "#7d6608", 4: "#1e8449", 5: "#117864",
           6: "#1f618d", 7: "#6c3483", 8: "#a04000", 9: "#2e4053", 10: "#7b241c"}
EN = Words("en")  # the words as written here


def counted(n: int, word: str, say: Words = EN) -> str:
    """'1 chip', '3 chips' (the catalog has both forms of each word).

    >>> counted(1, "chip"), counted(3, "score card")
    ('1 chip', '3 score cards')
    """
    return say(f"{{n}} {word}{'' if n == 1 else 's'}", n=n)


# --- cards -------------------------------------------------------------------------------------

def card_html(card: Card, *, scouted: bool = False, say: Words = EN) -> str:
    """A card as held: its top number big, its other number small and upside down (``data-card`` top/bottom).

    >>> 'data-card="7/2"' in card_html((7, 2))
    True
    """
    top, bottom = card
    extra = " sc-scouted" if scouted else ""
    marks = {number: ' class="sc-69"' if number in (6, 9) else "" for number in (top, bottom)}
    tip = escape(say("{top} on top ({bottom} below)", top=top, bottom=bottom))
    return (f'<span class="cl-card cl-face sc-card{extra}" style="--cl-c: {COLOURS[top]}" data-card="{top}/{bottom}"'
            f' title="{tip}"><span class="sc-top"><span{marks[top]}>{top}</span></span>'
            f'<span class="sc-bottom"><span{marks[bottom]}>{bottom}</span></span></span>')


def back_html() -> str:
    """A card whose numbers this seat cannot see: a back, carrying nothing."""
    return '<span class="cl-card cl-back sc-card"></span>'


def hand_html(obs: Observation, seat: int, say: Words = EN) -> str:
    """A hand left to right: yours face up with positions under the cards; another's as backs but for the cards it scouted."""
    hand = obs.hands[seat]
    if not hand:
        return f'<span class="cl-none">{escape(say("empty"))}</span>'
    if seat == obs.seat:
        slots = [f'<span class="sc-slot">{card_html(card, say=say)}<span class="sc-pos">{index}</span></span>'
                 for index, card in enumerate(hand, start=1)]
    else:
        slots = [card_html(card, scouted=True, say=say) if card is not None else back_html() for card in hand]
    return f'<span class="sc-hand{"" if seat == obs.seat else " sc-others"}">{"".join(slots)}</span>'


def group_words(cards: Sequence[Card], say: Words = EN) -> str:
    """'a run of 3', 'a set of 2', 'a single card' for cards as shown."""
    found = group([card[0] for card in cards])
    if found is None:
        return say("no group")
    return say("a single card") if found.kind == "single" else say(f"a {found.kind} of {{n}}", n=found.size)


def tops_text(cards: Sequence[Card]) -> str:
    """The numbers that count, joined: '3-4-5'."""
    return "-".join(str(card[0]) for card in cards)


def active_html(obs: Observation, names: Names, say: Words = EN) -> str:
    """The active set in its owner's order, its ends named, with its owner; or the empty table."""
    label = f'<span class="cl-label">{escape(say("Active set"))}</span>'
    if not obs.active:
        owner = say(" (the last show was {name}'s)", name=names(obs.owner, inside=True)) if obs.owner is not None else ""
        return (f'<div class="cl-row">{label}<span class="cl-none">'
                f'{escape(say("none{owner}: any group may be shown", owner=owner))}</span></div>')
    cards = "".join(card_html(card, say=say) for card in obs.active)
    ends = ((f'<span class="sc-end">{escape(say("left"))}</span>', f'<span class="sc-end">{escape(say("right"))}</span>')
            if len(obs.active) > 1 else ("", ""))
    shown = say("{kind}, shown by {name} (the owner)", kind=group_words(obs.active, say),
                name=names(obs.owner, inside=True))
    return (f'<div class="cl-row">{label}<span class="sc-active" data-owner="{obs.owner}">'
            f'{ends[0]}{cards}{ends[1]}</span></div><div class="cl-sub">{escape(shown)}</div>')


# --- the table ---------------------------------------------------------------------------------

def badges(obs: Observation, seat: int, say: Words = EN) -> list[tuple[str, bool]]:
    """What marks a seat now: to act, owner of the active set, the marker used, tokens left."""
    found: list[tuple[str, bool]] = []
    if obs.current_player == seat:
        found.append((say("to play" if obs.phase != KEEPING else "keep or turn?"), True))
    if obs.owner == seat and obs.active:
        found.append((say("owner"), False))
    if obs.tokens is not None:
        found.append((counted(obs.tokens[seat], "scout token", say), False))
    elif not obs.markers[seat]:
        found.append((say("Scout & Show used"), False))
    return found


def bot_words(bot: Any, say: Words = EN) -> str:
    """The subtitle of a bot's seat: 'planner bot' ('' for no bot)."""
    return say("{name} bot", name=say(getattr(bot, "name", ""))) if bot is not None else ""


def seat_html(obs: Observation, seat: int, names: Names, bots: Mapping[int, Any], say: Words = EN) -> str:
    """One seat: its hand, and this round's score cards and chips."""
    taken = counted(obs.score_cards[seat], "score card", say)
    if obs.tokens is None:
        taken += " · " + counted(obs.chips[seat], "chip", say)
    rows = [(say("Hand ({n})", n=obs.hand_sizes[seat]), hand_html(obs, seat, say), "cl-cards"),
            (say("Scored"), escape(taken), "cl-cards")]
    return seat_box(seat, names(seat), rows=rows, subtitle=bot_words(bots.get(seat), say), points=obs.totals[seat],
                    point_words=(say("point"), say("points")),
                    badges=badges(obs, seat, say), you=seat == obs.seat, turn=obs.current_player == seat)


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any], say: Words = EN) -> str:
    """The whole table: the other seats in turn order after you, then yours, the active set in the centre."""
    n = obs.players
    others = [seat_html(obs, (obs.seat + step) % n, names, bots, say) for step in range(1, n)]
    return STYLE + table_html(others, seat_html(obs, obs.seat, names, bots, say), active_html(obs, names, say))


def facts(obs: Observation, games: int, done: Optional[RoundTally] = None, say: Words = EN) -> str:
    """The header's facts: the round (or the round just over), who started it, the player count."""
    if done is not None:
        return say("Game {games} · round {round} of {rounds} is over · {n} players", games=games, round=done.round,
                   rounds=obs.rounds, n=obs.players)
    return say("Game {games} · round {round} of {rounds} · started by Player {start} · {n} players", games=games,
               round=obs.round, rounds=obs.rounds, start=obs.start, n=obs.players)


def ended_page(obs: Observation, done: RoundTally, names: Names, bots: Mapping[int, Any], say: Words = EN) -> str:
    """Between rounds: each seat as the round left it (cards left in hand, score cards, chips), no new hands yet;
    the round's points labelled as such, and each total up to that round."""
    n = obs.players
    totals = [sum(tally.scores[seat] for tally in obs.finished[:done.round]) for seat in range(n)]
    boxes = []
    for seat in [(obs.seat + step) % n for step in range(1, n)] + [obs.seat]:
        left = counted(done.held[seat], "card", say)
        extra = (say("{n} tokens left", n=done.tokens[seat]) if done.tokens is not None
                 else say("{n} chips", n=done.chips[seat]))
        taken = f"{say('{n} score cards', n=done.score_cards[seat])} · {extra}"
        marks = [(say("ended the round"), True)] if seat == done.ender else []
        marks += [(say("exempt: hand not counted"), False)] if seat == done.exempt else []
        marks += [(say("total {n}", n=points_text(totals[seat])), False)]  # what the standings say
        boxes.append(seat_box(seat, names(seat), rows=[(say("Left in hand"), escape(left), "cl-cards"),
                                                       (say("Scored"), escape(taken), "cl-cards")],
                              subtitle=bot_words(bots.get(seat), say), points=done.scores[seat], badges=marks,
                              you=seat == obs.seat, point_words=(say("point this round"), say("points this round"))))
    return STYLE + table_html(boxes[:-1], boxes[-1])


# --- prompts -----------------------------------------------------------------------------------

def turned_text(obs: Observation, say: Words = EN) -> str:
    """Your hand's numbers as they read now and as they would read turned around."""
    kept = " ".join(str(card[0]) for card in obs.hand)
    turned = " ".join(str(card[1]) for card in reversed(obs.hand))
    return say("Now: {kept}. Turned around: {turned}.", kept=kept, turned=turned)


def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names, step: Any, say: Words = EN) -> str:
    """What to do now: keep or turn; show or scout; where a scouted card goes; the show after Scout & Show."""
    if obs.phase == KEEPING:
        return prompt_html(say("Keep your hand as dealt, or turn it around (once, before the first turn)?"),
                           turned_text(obs, say))
    if obs.phase == SHOWING:
        return prompt_html(say("Now show: a group that beats what is left of the active set."),
                           say("Any group if nothing is left. It need not use the card you scouted."))
    if step is not None:
        kind, end = step
        card = end_card(obs, end)
        words = say("Scout & Show" if kind is ScoutAndShow else "Scout")
        return prompt_html(say("{move}: where does the {card} go, and which number on top?", move=words, card=card[0]),
                           say("Position 1 is the far left; 'turned' puts it in with the {card} on top.", card=card[1]))
    shows = sum(type(action) is Show for action in legal)
    if not obs.active:
        return prompt_html(say("Your turn: show any group (nothing is on the table)."),
                           say("{n} shows are possible.", n=shows))
    detail = say("{n} of your groups beat it.", n=shows) if shows else say("Nothing in your hand beats it: scout.")
    if obs.owner is not None and (obs.seat + 1) % obs.players == obs.owner and obs.tokens is None:
        detail += say(" Careful: everyone else has only scouted; if you scout too, the round ends.")
    return prompt_html(say("Your turn: beat the {cards} ({kind}), or scout a card from one of its ends.",
                           cards=tops_text(obs.active), kind=group_words(obs.active, say)), detail)


def end_card(obs: Observation, end: Optional[str]) -> Card:
    """The card at one end of the active set (None: its only card)."""
    return obs.active[-1] if end == "right" else obs.active[0]


def show_label(obs: Observation, action: Show, say: Words = EN) -> str:
    """A show's button: 'Show 2–4: 3-4-5'."""
    cards = obs.hand[action.first - 1:action.last]
    where = str(action.first) if action.first == action.last else f"{action.first}–{action.last}"
    return say("Show {where}: {cards}", where=where, cards=tops_text(cards))


def scout_label(obs: Observation, kind: type, end: Optional[str], say: Words = EN) -> str:
    """A first click of a scout: 'Scout left: 7'."""
    words = "Scout & Show" if kind is ScoutAndShow else "Scout"
    side = f" {end}" if end else ""
    return say(f"{words}{side}: {{card}}", card=end_card(obs, end)[0])


def place_label(action: Scout, say: Words = EN) -> str:
    """A second click: where the card goes ('at 3', 'at 3, turned')."""
    return say("at {to}, turned" if action.turned else "at {to}", to=action.to)


# --- the round's end, the scoreboard, the log -------------------------------------------------

REASONS = {
    "emptied": "{ender} showed {their} last card: the round ends at once (i).",
    "came back": "Everyone else only scouted since {ender_of} show, and the turn came back: the round ends (ii). "
                 "{ender} lose{s} nothing for the cards in hand.",
    "stuck": "{ender} could neither show nor scout (no token left, nothing beats the active set): the round ends. "
             "The owner loses nothing for the cards in hand.",
}


def round_html(tally: RoundTally, names: Names, say: Words = EN) -> str:
    """A finished round: why it ended, and each seat's points, the (ii) exemption shown."""
    ender = names(tally.ender)
    ender_of = say("your") if tally.ender == names.me else say("{name}'s", name=ender)
    mine = tally.ender == names.me
    why = say(REASONS[tally.reason], ender=ender, ender_of=ender_of, s="" if mine else "s",
              their="your" if mine else "their")
    rows = []
    for seat, score in enumerate(tally.scores):
        exempt = seat == tally.exempt
        held = (f'<span class="sc-exempt">{escape(say("{n} (exempt)", n=tally.held[seat]))}</span>' if exempt
                else points_text(-tally.held[seat]))
        extra = f"<td>+{tally.tokens[seat]}</td>" if tally.tokens is not None else f"<td>+{tally.chips[seat]}</td>"
        rows.append(f"<tr><td>{escape(names(seat))}</td><td>+{tally.score_cards[seat]}</td>{extra}<td>{held}</td>"
                    f"<td><b>{points_text(score, sign=True)}</b></td></tr>")
    heads = ["", "Score cards", "Tokens left" if tally.tokens is not None else "Chips", "Cards in hand", "Round"]
    head = "".join(f"<th>{escape(say(word)) if word else ''}</th>" for word in heads)
    return (f'<div class="cl-result"><b>{escape(say("Round {round} is over.", round=tally.round))}</b> {escape(why)}'
            f'<table class="cl-scores"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def scoreboard_html(obs: Observation, names: Names, say: Words = EN) -> str:
    """Points round by round, and the totals."""
    rounds = [(str(tally.round), (names(tally.start),), tally.scores) for tally in obs.finished]
    return score_table([names(seat) for seat in range(obs.players)], rounds, obs.totals, [say("Started")], signed=True,
                       first=say("Round"), empty=say("no round finished yet"), total=say("Total"))


def narrate(events: Sequence[tuple], names: Names, say: Words = EN) -> list[tuple[int, str]]:
    """The public log in words (what the app's log and a notebook print)."""
    told = []
    for index, (kind, seat, value) in enumerate(events):
        who = {"name": names(seat, inside=True), "Name": names(seat)} if kind not in ("round end", "end") else {}
        if kind == "round":
            text = say("Round {round}: the cards are dealt; {name} start{s}.", round=value,
                       s="" if seat == names.me else "s", **who)
        elif kind in ("keep", "turn"):
            text = (say("{does} the hand.", does=names.does(seat, "keep"), **who) if kind == "keep" else
                    say("{does} the whole hand around.", does=names.does(seat, "turn"), **who))
        elif kind == "show":
            first, last, cards, taken = value
            where = say("card {n}", n=first) if first == last else say("cards {first}–{last}", first=first, last=last)
            text = say("{does} {cards} ({where}): {kind}.", does=names.does(seat, "show"), cards=tops_text(cards),
                       where=where, kind=group_words(cards, say), **who)
            if taken:
                text = text[:-1] + say(", taking {taken}.", taken=counted(taken, "score card", say))
        elif kind in ("scout", "scout & show"):
            end, to, card, turned, owner = value
            side = say(f"the {end} card") if end else say("the only card")
            way = say(", turned: {card} on top", card=card[0]) if turned else ""
            template = ("{does} {side} ({number}) to position {to}{way}." if kind == "scout" else
                        "{uses} Scout & Show: {scout} {side} ({number}) to position {to}{way}.")
            text = say(template, does=names.does(seat, "scout"), uses=names.does(seat, "use"),
                       scout=names.verb(seat, "scout"), side=side, number=card[0] if not turned else card[1], to=to,
                       way=way, **who)
            if owner is not None and owner != seat:
                text = text[:-1] + say("; {owner} get{s} a chip.", owner=names(owner, inside=True),
                                       s="" if owner == names.me else "s")
        elif kind == "round end":
            reason, scores = value
            points = say(", ").join(f"{names(s, inside=True)} {points_text(score, sign=True)}"
                                    for s, score in enumerate(scores))
            text = say("The round ends ({why}): {points}.", why=say("hand emptied" if reason == "emptied" else reason),
                       points=points)
        elif kind == "end":
            totals = say(", ").join(f"{names(s, inside=True)} {number(t)}" for s, t in enumerate(value))
            text = say("The game is over: {totals}.", totals=totals)
        else:
            continue
        told.append((index, text[0].upper() + text[1:]))
    return told
