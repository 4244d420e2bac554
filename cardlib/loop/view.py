"""Loop on the page: the help, the coloured cards, the table (seats with the cards played in front of
each chair, the trick in the middle), the chair choice, the prompts and the button labels, each
drawn from an Observation (and the seats' names) alone, so nothing a seat may not see can reach its
page. The words (the log, the round's panel, the scoreboard, prompts and labels) are in ``view_story.py``.

A card shows its number and its colour letter (r, b, y), drawn in its colour: the letter is there for
readers who do not tell the colours apart. Another player's hand and set-aside cards are backs; a
set-aside 8 revealed for donden, or a card you held before, shows its face.

>>> 'data-card="9y"' in card_html((9, "y"))
True
>>> combo_words([(4, "b"), (5, "b"), (6, "b")]), combo_words([(9, "r"), (9, "y")])
('a blue run 4–6', 'a pair of 9s')
>>> from cardlib.loop.app import LoopApp
>>> combo_words([(9, "r"), (9, "y")], say=Words("ja", LoopApp.WORDS_JA)), place(2, Words("ja"))
('9のペア', '2位')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.loop.actions import COLOUR_NAMES, EIGHT, Card, card_text, cards_text
from cardlib.loop.chairs import round_points
from cardlib.loop.combos import combo
from cardlib.loop.seen import Observation
from cardlib.ui import card_back, seat_box
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names
from cardlib.ui.table import points_text
from cardlib.ui.words import Words

ENGLISH = Words("en")  # the words as the code writes them; an app passes its own ``say`` (Japanese too)

HELP = """<details class="cl-help"><summary>How to play Loop</summary>
<p>Loop (ループ), a climbing game for 2 to 4 players: 45 cards, the numbers 1 to 15 in red, blue and yellow.
Each chair gets 11 cards; everyone first <b>sets 2 aside</b> face down.</p>
<p>The <b>lead</b> plays a single card, a pair, three of a kind, or a <b>run</b> (two or more consecutive numbers
of one colour). The next players play <b>the same form and size, stronger</b> (higher; runs by their lowest
number), or pass. Passing never locks you out. When everyone else has passed, the last player leads again.
Any play holding an <b>8 stops the trick</b> at once: its player leads.</p>
<p><b>Donden</b> (どんでん): if you set an 8 aside, you may reveal it on your turn: the order reverses (1 is
strongest) until the round ends or someone declares donden again.</p>
<p>Empty your hand to go out; the finishing order gives the points (4 players 4/2/1/0, 3 players 3/1/0,
2 players 2/0). The cards you play stay <b>in front of your chair</b>. In the next round (a <b>loop round</b>)
nothing is dealt: from last place up, each player chooses a chair (with 3 or 4 players, not the one just had) and plays the 11 cards lying there.
A chair then pays the normal points plus (its last occupant's rank − your rank). Everyone starts with 2 points;
the game ends after a round in which someone has 12 (4 players), 10 (3) or 7 (2) points.</p></details>"""

STYLE = """<style>
.cl-face.lp-card { flex-direction: column; line-height: 1; width: calc(32 * var(--u)); height: calc(44 * var(--u)); background: var(--lp-bg); }
.lp-card .lp-n { font-size: calc(18 * var(--u)); font-weight: 700; }
.lp-card .lp-c { font-size: calc(11 * var(--u)); font-weight: 600; margin-top: 1px; }
.lp-r { --cl-c: #b03a2e; --lp-bg: #fdedec; }
.lp-b { --cl-c: #1f5fa8; --lp-bg: #eaf2fb; }
.lp-y { --cl-c: #8a6d00; --lp-bg: #fcf3cf; }
.lp-small .cl-face.lp-card, .cl-face.lp-card.lp-small { width: calc(26 * var(--u)); height: calc(36 * var(--u)); margin-right: calc(2 * var(--u)); }
.lp-small .lp-card .lp-n { font-size: calc(15 * var(--u)); }
.lp-small .lp-card .lp-c { font-size: calc(10 * var(--u)); }
.lp-backs { display: inline-flex; }
.lp-backs .cl-back { width: calc(24 * var(--u)); height: calc(34 * var(--u)); }
.lp-backs .cl-back + .cl-back { margin-left: calc(-14 * var(--u)); }
.lp-picked { outline: calc(3 * var(--u)) solid #27ae60; outline-offset: 1px; }
.lp-revealed { outline: calc(3 * var(--u)) dashed #8e44ad; outline-offset: 1px; }
.lp-cards { display: inline-flex; flex-wrap: wrap; row-gap: calc(3 * var(--u)); align-items: center; }
.lp-table .cl-seats .cl-seat { flex: 1 1 calc(230 * var(--u)); min-width: 0; }
.lp-table .cl-label { width: calc(64 * var(--u)); }
.lp-table.lp-ja .cl-label { width: calc(78 * var(--u)); }  /* 伏せたカード and わかっている札 whole on their lines */
.lp-table .cl-seats .cl-card { margin-right: calc(2 * var(--u)); }  /* nine played cards on one line of a seat */
.lp-centre { border: calc(2 * var(--u)) solid #d5d8dc; border-radius: calc(10 * var(--u)); padding: calc(6 * var(--u)) calc(10 * var(--u)); background: #f8f9f9;
             display: flex; flex-wrap: wrap; align-items: center; gap: calc(6 * var(--u)) calc(16 * var(--u)); }
.lp-trick { display: flex; align-items: center; gap: calc(8 * var(--u)); min-height: calc(48 * var(--u)); }
.lp-trick-words { font-size: calc(14 * var(--u)); }
.lp-banner { padding: calc(3 * var(--u)) calc(10 * var(--u)); border-radius: calc(8 * var(--u)); font-weight: 700; font-size: calc(14 * var(--u)); }
.lp-donden { background: #f4ecf7; color: #6c3483; border: calc(2 * var(--u)) solid #8e44ad; }
.lp-stop { background: #fdebd0; color: #a04000; border: calc(2 * var(--u)) solid #e59866; }
.lp-lead { background: #eafaf1; color: #1d6f42; border: calc(2 * var(--u)) solid #82e0aa; }
.lp-order { font-size: calc(12.5 * var(--u)); color: #555; }
.lp-chairs { display: grid; grid-template-columns: repeat(auto-fit, minmax(calc(400 * var(--u)), 1fr)); gap: calc(8 * var(--u)); }
.lp-chair.lp-mine { border-color: #a9cfa9; }
.lp-chair.lp-taken { opacity: .7; }
.lp-pays { font-size: calc(12.5 * var(--u)); }
.lp-pays b { color: #1d6f42; }
</style>"""

KNOWN_TIP = ("Cards you know this player holds, in the hand or set aside: played at this chair last round, "
             "or once in your own hand")
FORMS = {"single": "Singles", "pair": "Pairs", "three": "Three of a kind", "run": "Runs"}


def place(rank: int, say: Words = ENGLISH) -> str:
    """A finishing rank: '2nd' (in Japanese '2位')."""
    return f"{rank}位" if say.lang == "ja" else ordinal(rank)


# --- cards -------------------------------------------------------------------------------------

def card_html(card: Card, *, fresh: bool = False, picked: bool = False, revealed: bool = False,
              small: bool = False, say: Words = ENGLISH) -> str:
    """A face-up card: its number over its colour letter, in its colour (``data-card`` is '9y')."""
    number, colour = card
    extra = "".join(name for name, on in ((" cl-fresh", fresh), (" lp-picked", picked), (" lp-revealed", revealed),
                                          (" lp-small", small)) if on)
    tip = f"{number} {say(COLOUR_NAMES[colour])}" + (say(" (revealed for donden)") if revealed else "")
    return (f'<span class="cl-card cl-face lp-card lp-{colour}{extra}" data-card="{card_text(card)}" '
            f'title="{tip}"><span class="lp-n">{number}</span><span class="lp-c">{colour}</span></span>')


def cards_html(cards: Sequence[Card], *, fresh: Sequence[Card] = (), picked: Optional[Card] = None,
               revealed: Sequence[Card] = (), small: bool = False, empty: str = "none", say: Words = ENGLISH) -> str:
    """Face-up cards left to right; those in ``fresh`` (the trick) and ``picked`` marked."""
    if not cards:
        return f'<span class="cl-none">{escape(say(empty))}</span>'
    faces = "".join(card_html(card, fresh=card in fresh, picked=card == picked, revealed=card in revealed,
                              small=small, say=say) for card in cards)
    return f'<span class="lp-cards">{faces}</span>'


def backs_html(count: int, empty: str = "none", say: Words = ENGLISH) -> str:
    """``count`` face-down cards, overlapping, with their number (nothing else about them)."""
    if count <= 0:
        return f'<span class="cl-none">{escape(say(empty))}</span>'
    return f'<span class="lp-backs" data-count="{count}">{card_back() * count}</span>'


def combo_words(cards: Sequence[Card], say: Words = ENGLISH) -> str:
    """A combination in words: 'a single 7', 'a pair of 9s', 'three 4s', 'a blue run 4–6'."""
    found = combo(tuple(cards))
    if found is None:
        return cards_text(cards)
    number = found.number
    if found.form == "single":
        return say("a single {n}", n=number)
    if found.form == "pair":
        return say("a pair of {n}s", n=number)
    if found.form == "three":
        return say("three {n}s", n=number)
    return say("a {colour} run {low}–{high}", colour=say(COLOUR_NAMES[cards[0][1]]), low=number,
               high=number + found.size - 1)


# --- what the observation says, read for the page ----------------------------------------------

def occupant(obs: Observation, chair: int) -> int:
    """The player in ``chair`` (during the chair choice: the one who just played there)."""
    return obs.chairs.index(chair)


def asides_made(obs: Observation) -> set[int]:
    """The players who have set their 2 cards aside this round (from the log since the round began)."""
    made: set[int] = set()
    for kind, who, _ in reversed(obs.log):
        if kind == "round":
            break
        if kind == "set aside":
            made.add(who)
    return made


def chosen_chairs(obs: Observation) -> dict[int, int]:
    """During the chair choice: the chairs taken so far (chair -> player)."""
    taken: dict[int, int] = {}
    for kind, who, value in reversed(obs.log):
        if kind in ("round end", "round"):
            break
        if kind == "sit":
            taken[value] = who
    return taken


def pays(obs: Observation, previous: Optional[int], say: Words = ENGLISH) -> str:
    """What each finishing rank earns at a chair: '1st +6 · 2nd +3 · …' (a normal round: the base points)."""
    return " · ".join(f"{place(rank, say)} {points_text(round_points(obs.players, rank, previous), sign=True)}"
                      for rank in range(1, obs.players + 1))


def next_eight(obs: Observation) -> Optional[Card]:
    """The set-aside 8 a donden of yours would reveal (the first not revealed yet, in colour order)."""
    return next((card for card in obs.aside if card[0] == EIGHT and card not in obs.revealed[obs.seat]), None)


def trick_start(obs: Observation) -> str:
    """How the trick now led began: 'stopped' (an 8), 'passed' (everyone else passed) or 'first'."""
    for kind, _, _ in reversed(obs.log):
        if kind == "stopped":
            return "stopped"
        if kind == "pass":
            return "passed"
        if kind in ("set aside", "round", "play"):
            return "first"
    return "first"


def order_words(reversed_order: bool, say: Words = ENGLISH) -> str:
    """The order of strength now."""
    return say("Donden: 1 is strongest now (15 weakest)" if reversed_order else "15 is strongest, 1 weakest")


# --- the table ---------------------------------------------------------------------------------

def badges(obs: Observation, player: int, live: bool, say: Words = ENGLISH) -> list[tuple[str, bool]]:
    """What marks a player now: to act, played the trick, passed, out (with the rank), donden declared."""
    found: list[tuple[str, bool]] = []
    if live and obs.current_player == player:
        found.append((say({"set aside": "setting aside", "sit": "choosing a chair"}.get(obs.phase, "to play")), True))
    playing = obs.phase == "play" and bool(obs.trick)
    if player in obs.out:
        found.append((say("out: {rank}", rank=place(obs.out.index(player) + 1, say)), False))
    elif playing and obs.last == player:
        found.append((say("played the trick"), False))
    elif playing and obs.passed[player]:
        found.append((say("passed"), False))
    if obs.revealed[player]:
        found.append((say("donden ×{n}", n=len(obs.revealed[player])), False))
    return found


def seat_html(obs: Observation, player: int, names: Names, bots: Mapping[int, Any], *, live: bool = True,
              picked: Optional[Card] = None, long: bool = False, say: Words = ENGLISH) -> str:
    """One player at their chair: hand, set-aside cards, what you know they hold, the cards played in front."""
    chair, mine = obs.chairs[player], player == obs.seat
    revealed = obs.revealed[player]
    asides = 2 if obs.phase in ("play", "sit", "over") or player in asides_made(obs) else 0
    hand = say("Hand ({n})", n=len(obs.hand) if mine else obs.hand_sizes[player])
    if mine:
        rows = [(hand, cards_html(obs.hand, picked=picked, empty="empty", say=say), "lp-hand"),
                (say("Set aside"), cards_html(obs.aside, revealed=revealed, empty="not yet", say=say), "lp-aside")]
    else:
        known = [card for card in obs.held_known[player] if card not in revealed]
        placed = known if not obs.hand_sizes[player] else []  # with the hand empty, a card known is set aside
        shown = cards_html([*revealed, *placed], revealed=revealed, small=True, say=say) if revealed or placed else ""
        hidden = asides - len(revealed) - len(placed)
        rows = [(hand, backs_html(obs.hand_sizes[player], "empty", say), "lp-hand"),
                (say("Set aside"), shown + (backs_html(hidden, "", say) if hidden > 0 else "")
                 or f'<span class="cl-none">{escape(say("not yet"))}</span>', "lp-aside")]
        if known and not placed:  # seen played at their chair last round, or once in your hand
            rows.append((say("Known"), f'<span title="{escape(say(KNOWN_TIP))}">'
                                       f'{cards_html(known, small=True, say=say)}</span>', "lp-known"))
    pile = obs.piles[chair]
    fresh = obs.trick if obs.phase == "play" else ()
    rows.append((say("Played ({n})", n=len(pile)),
                 cards_html(pile, fresh=fresh, small=not mine, empty="nothing yet", say=say), "lp-pile"))
    bot = bots.get(player)
    subtitle = " · ".join(part for part in (
        say("chair {chair}", chair=chair) + (say(" (start)") if chair == obs.start else ""),
        say("{name} bot", name=say(getattr(bot, "name", ""))) if bot is not None else "",
        say("sets won {n}", n=obs.sets_won[player]) if long else "",
        say("pays {pays}", pays=pays(obs, obs.previous[chair], say)) if obs.previous[chair] is not None else "")
        if part)
    return seat_box(player, names(player), rows=rows, subtitle=subtitle, points=obs.scores[player],
                    point_words=(say("point"), say("points")),
                    badges=badges(obs, player, live, say), you=mine, turn=live and obs.current_player == player)


def _leads(say: Words, names: Names, player: int, template: str) -> str:
    """A sentence whose verb agrees with the leader ('Player 1 leads', 'You lead'): ``template`` has {name} {verb}."""
    return say(template.replace("{verb}", names.verb(player, "lead")), name=names(player))


def centre_html(obs: Observation, names: Names, live: bool = True, say: Words = ENGLISH) -> str:
    """The middle of the table: donden, the trick to beat and who played it, passes, who leads, who is out."""
    parts = []
    playing = obs.phase == "play" and live
    if playing and obs.reversed:
        by = [say("{cards} revealed by {name}", cards=cards_text(cards), name=names(p, inside=True))
              for p, cards in enumerate(obs.revealed) if cards]
        parts.append(f'<span class="lp-banner lp-donden">{escape(say("Donden: 1 is strongest now"))}</span>'
                     f'<span class="lp-order">{escape(", ".join(by))}</span>')
    elif playing and any(obs.revealed):
        parts.append(f'<span class="lp-banner lp-donden">{escape(say("Donden twice: 15 is strongest again"))}</span>')
    if obs.trick and obs.phase == "play":
        passed = [names(p) for p in range(obs.players) if obs.passed[p]]
        words = say("{combo} by {name}", combo=combo_words(obs.trick, say), name=names(obs.last, inside=True))
        if passed:
            words += say(" · passed: {names}", names=", ".join(passed))
        parts.append(f'<span class="lp-trick" data-last="{obs.last}"><span class="cl-label">{escape(say("Trick"))}'
                     f'</span>{cards_html(obs.trick, say=say)}<span class="lp-trick-words">{escape(words)}</span></span>')
    elif playing:
        leader, start = obs.current_player, trick_start(obs)
        text = _leads(say, names, leader, "8 stops the trick: {name} {verb}" if start == "stopped" else
                      "Everyone else passed: {name} {verb}" if start == "passed" else "{name} {verb} the first trick")
        parts.append(f'<span class="lp-banner {"lp-stop" if start == "stopped" else "lp-lead"}">{escape(text)}</span>'
                     f'<span class="lp-order">{escape(say("any single, pair, three of a kind or run may be led"))}'
                     '</span>')
    elif obs.phase == "set aside" and live:
        parts.append('<span class="lp-banner lp-lead">' + escape(say(
            "Everyone sets 2 cards aside, in chair order from the start chair ({start})", start=obs.start)) + '</span>')
    if obs.out:
        finished = " · ".join(f"{place(rank, say)} {names(p)}" for rank, p in enumerate(obs.out, start=1))
        parts.append(f'<span class="lp-order">{escape(say("Out: {players}", players=finished))}</span>')
    if playing and not obs.reversed:
        parts.append(f'<span class="lp-order">{order_words(False, say)}</span>')
    if obs.phase == "set aside" and not live:  # the long game: a set ended, and the next one is dealt
        parts.append('<span class="lp-order">'
                     f'{escape(say("The set is over: the next set is dealt, everyone at 2 points."))}</span>')
    elif not live or obs.phase in ("sit", "over"):
        parts.append('<span class="lp-order">'
                     f'{escape(say("The round is over: the cards stay in front of their chairs."))}</span>')
    return f'<div class="lp-centre">{"".join(parts)}</div>'


def lang_class(say: Words) -> str:
    """The table's class for its language (Japanese labels need a wider column).

    >>> lang_class(ENGLISH), lang_class(Words("ja"))
    ('', ' lp-ja')
    """
    return " lp-ja" if say.lang == "ja" else ""


def table_page(obs: Observation, names: Names, bots: Mapping[int, Any], *, live: bool = True,
               picked: Optional[Card] = None, long: bool = False, say: Words = ENGLISH) -> str:
    """The whole table: the others in chair order after yours, the middle, then you."""
    n, mine = obs.players, obs.chairs[obs.seat]
    others = [seat_html(obs, occupant(obs, (mine + step) % n), names, bots, live=live, long=long, say=say)
              for step in range(1, n)]
    me = seat_html(obs, obs.seat, names, bots, live=live, picked=picked, long=long, say=say)
    return (f'{STYLE}<div class="cl-table lp-table{lang_class(say)}"><div class="cl-seats">{"".join(others)}</div>'
            f'{centre_html(obs, names, live, say)}{me}</div>')


def chair_html(obs: Observation, chair: int, names: Names, allowed: Sequence[int], taken: Mapping[int, int],
               say: Words = ENGLISH) -> str:
    """One chair before a loop round: its 11 cards as you may see them, and what each rank earns there."""
    player = occupant(obs, chair)
    rank = obs.out.index(player) + 1
    revealed = obs.revealed[player]
    unplayed = obs.hand_sizes[player] + 2  # set aside, and (last place) still in hand
    known = list(obs.hand + obs.aside) if player == obs.seat else list(obs.held_known[player])
    aside = (cards_html(known, revealed=revealed, small=True, say=say) if known else "") + (
        backs_html(unplayed - len(known), "", say) if len(known) < unplayed else "")
    pile = obs.piles[chair]
    status = (say("taken by {name}", name=names(taken[chair], inside=True)) if chair in taken else
              say("you may sit here") if chair in allowed else
              say("not for you: your chair last round") if chair == obs.chairs[obs.seat] else say("not for you now"))
    rows = [(say("Played ({n})", n=len(pile)), cards_html(pile, small=True, say=say), "lp-pile"),
            (say("Not played ({n})", n=unplayed), aside, "lp-aside"),
            (say("Pays"), f'<span class="lp-pays" title="{escape(say("points for each finishing rank in this chair"))}">'
                          f'{pays(obs, rank, say)}</span>', "lp-pays")]
    body = "".join(f'<div class="cl-row"><span class="cl-label">{escape(label)}</span>'
                   f'<span class="{area}" data-chair="{chair}">{cards}</span></div>' for label, cards, area in rows)
    classes = "cl-seat lp-chair" + (" lp-mine" if chair in allowed else "") + (" lp-taken" if chair in taken else "")
    head = (f'<span class="cl-name">{escape(say("Chair {chair}", chair=chair))}'
            f'{escape(say(" (start)")) if chair == obs.start else ""}</span>'
            f'<span class="cl-badge{" cl-hot" if chair in allowed else ""}">{escape(status)}</span>')
    sub = say("{name} played here and finished {rank}", name=names(player), rank=place(rank, say))
    return (f'<div class="{classes}" data-chair="{chair}"><div class="cl-seat-head">{head}</div>'
            f'<div class="cl-sub">{escape(sub)}</div>{body}</div>')


def chairs_page(obs: Observation, names: Names, allowed: Sequence[int], say: Words = ENGLISH) -> str:
    """The chair choice: every chair's 11 cards (played ones face up, set-aside ones as backs unless known)."""
    taken = chosen_chairs(obs)
    boxes = "".join(chair_html(obs, chair, names, allowed, taken, say) for chair in range(obs.players))
    return f'{STYLE}<div class="cl-table lp-table{lang_class(say)}"><div class="lp-chairs">{boxes}</div></div>'
