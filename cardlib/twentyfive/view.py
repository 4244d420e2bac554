"""Twenty-five on the page: the table, the round's count, the prompts, the scoreboard and the one
narrator of the log, each drawn from an Observation (and the seats' names) alone.

>>> from cardlib.ui.narration import Names
>>> [text for _, text in narrate([("round", 0, 1), ("draw", 1, None), ("reveal", 1, 9)], Names(me=0))]
['Round 1 — cards dealt, you start.', 'Player 1 draws and reveals 9.']
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.decks.pairs import pairs_of
from cardlib.twentyfive.actions import DRAW, FIVE, PASS
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.records import TARGET, Observation, RoundResult
from cardlib.decks.pairs_faces import pairs_row
from cardlib.ui import back_row, prompt_html, score_table, seat_box, table_html
from cardlib.ui.narration import Names

HELP = """<details class="cl-help"><summary>How to play Twenty-five</summary>
<p>The deck has one 1, two 2s, … ten 10s. <b>In play</b> are every hand and every face-up field card
(場札, <i>bafuda</i>). Two cards of the same number make a pair; n cards of one number make n(n−1)/2 pairs.</p>
<p>On your turn, <b>draw</b> a card and then put one card face up: your highest, or a 5 if you hold one.
Or <b>pass</b>: you bet that the pairs in play now exceed 25. Passing ends the round and every hand is shown.</p>
<p>Fewer than 25 pairs: the passer takes 10 points. More than 25: the player who drew last takes
(pairs − 25). Exactly 25: everyone but the passer takes 10. <b>Points are bad</b>: once someone has more
than 25, the game ends and the lowest total wins.</p>
<p>Cards outlined in orange were revealed since your last move; the log's bold lines say the same.</p></details>"""

NO_EARLY_PASS = "Nobody may pass on a round's first turn: nobody has drawn yet"
EMPTY_PILE = "The draw pile is empty: the only move left is to pass"


def bot_label(agent: Any) -> str:
    """What a seat box says about the bot in it: how it decides to pass, in plain words.

    >>> bot_label(ThresholdBot(threshold=22))
    'bot · passes once 22 cards are in play'
    >>> bot_label(CoachBot())
    'bot · the coach: passes when the exact odds favour it'
    """
    if type(agent) is CoachBot:
        odds = "exact odds" if agent.model == "informed" else f"{agent.model} odds"
        return f"bot · the coach: passes when the {odds} favour it"
    if type(agent) is ThresholdBot:
        fives = ", reveals a 5 when it can" if agent.reveal_five else ""
        return f"bot · passes once {agent.threshold} cards are in play{fives}"
    return f"bot · {getattr(agent, 'name', type(agent).__name__)}"


def pair_lines(cards: Sequence[int]) -> list[str]:
    """The pairs among ``cards``, counted number by number, highest first.

    >>> pair_lines([10, 10, 10, 10, 10, 3, 3, 1])
    ['10 ×5 → 10 pairs', '3 ×2 → 1 pair']
    """
    counts = Counter(cards)
    lines = []
    for number in sorted(counts, reverse=True):
        pairs = pairs_of(counts[number])
        if pairs:
            lines.append(f"{number} ×{counts[number]} → {pairs} pair{'' if pairs == 1 else 's'}")
    return lines


def facts(obs: Observation, done: Optional[RoundResult], games: int) -> str:
    """The header's facts: the game, the round, the draw pile and the cards in play."""
    if done is not None:
        return f"Game {games} · Round {done.number} is over"
    return (f"Game {games} · Round {obs.round_number} · Draw pile <b>{obs.pile_size}</b> cards"
            f" · Cards in play <b>{obs.cards_in_play}</b>")


def fresh_reveals(obs: Observation) -> Counter:
    """How many field cards each seat revealed since the observer's last move (they get a highlight)."""
    fresh: Counter = Counter()
    for kind, seat, _ in reversed(obs.log):
        if kind == "round" or (seat == obs.seat and kind in ("draw", "pass", "reveal")):
            break
        if kind == "reveal":
            fresh[seat] += 1
    return fresh


def seats_html(obs: Observation, done: Optional[RoundResult], names: Names, bots: Mapping[int, Any]) -> str:
    """Every seat: badges, your hand face up, the others' as backs, the field cards; all hands once a round is over."""
    fresh = fresh_reveals(obs) if done is None else Counter()
    boxes = {}
    for seat in range(obs.players):
        badges = []
        if done is None:
            badges += [("to play", True)] if obs.current_player == seat else []
            badges += [("started", False)] if obs.start_player == seat else []
            badges += [("drew last", False)] if obs.last_drawer == seat else []
            hand = pairs_row(obs.hand, empty="no cards") if seat == obs.seat else back_row(obs.hand_sizes[seat],
                                                                                           empty="no cards")
            field = pairs_row(obs.fields[seat], empty="no field cards yet", fresh=fresh[seat])
            size = obs.hand_sizes[seat]
        else:  # the round is over: every hand is shown
            badges += [("passed", True)] if seat == done.passer else []
            badges += [("drew last", False)] if seat == done.passed else []
            hand = pairs_row(done.hands[seat], empty="no cards")
            field = pairs_row(done.fields[seat], empty="no field cards")
            size = len(done.hands[seat])
        boxes[seat] = seat_box(
            seat, names(seat), subtitle=bot_label(bots[seat]) if seat in bots else "",
            points=obs.scores[seat], badges=badges, you=seat == obs.seat,
            turn=done is None and obs.current_player == seat,
            rows=[(f"Hand ({size})", hand, "cl-hand"), ("Field", field, "cl-field")])
    return table_html([boxes[seat] for seat in bots], boxes[obs.seat])


def round_html(done: RoundResult, names: Names) -> str:
    """A finished round: every card in play counted number by number, the total, and who takes what."""
    cards = done.cards_in_play
    lines = "".join(f"<tr><td>{escape(line)}</td></tr>" for line in pair_lines(cards))
    singles = sorted(n for n, c in Counter(cards).items() if c == 1)
    single_note = f"<div>One card only, no pair: {', '.join(map(str, singles))}.</div>" if singles else ""
    sums = " + ".join(str(pairs_of(c)) for n, c in sorted(Counter(cards).items(), reverse=True) if c > 1)
    passer, passed, pairs = names(done.passer, inside=True), names(done.passed, inside=True), done.pairs
    if pairs < TARGET:
        verdict = f"{pairs} is fewer than 25: {passer} passed too early and {names.verb(done.passer, 'take')} 10 points."
    elif pairs > TARGET:
        verdict = (f"{pairs} is more than 25: {passer} passed in time, so {passed}, the last to draw, "
                   f"{names.verb(done.passed, 'take')} {pairs} − 25 = {pairs - TARGET} points.")
    else:
        verdict = f"Exactly 25: everyone except {passer} takes 10 points."
    return (f'<div class="cl-panel cl-result"><h4>Round {done.number}: {escape(names(done.passer))} passed.'
            f" Every card in play, counted number by number:</h4>"
            f'<table class="cl-count">{lines}</table>{single_note}'
            f"<div>Total: {sums or '0'} = <b>{pairs} pairs</b> among {len(cards)} cards in play.</div>"
            f'<div class="cl-verdict">{escape(verdict)}</div></div>')


def round_over_prompt(done: RoundResult, names: Names) -> str:
    """The pause after a round: read the count, then deal the next round."""
    return prompt_html(f"Round {done.number} is over. Read the count above, then deal the next round.",
                       f"{names.does(done.passer, 'start')} the next round (the passer always does).", waiting=True)


def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names) -> str:
    """What you may do now: the reveal after a draw, or draw / pass and what a pass would cost."""
    if obs.phase == "reveal":
        when = "You drew a card. Now put" if obs.draws else "Opening reveal — put"
        return prompt_html(f"{when} one card face up: your highest ({max(obs.hand)}) or your 5.",
                           "Revealing a 5 hides how high your hand is; any other reveal tells everyone "
                           "it was your highest card.")
    if PASS not in legal:
        return prompt_html("Your turn: the round's first turn, so you must draw.", NO_EARLY_PASS + ".")
    if DRAW not in legal:
        return prompt_html("Your turn: " + EMPTY_PILE + ".")
    return prompt_html(
        "Your turn: draw a card, or pass if you think the pairs in play now exceed 25.",
        f"If you pass: fewer than 25 pairs, you take 10; more than 25, {names(obs.last_drawer)} "
        f"(who drew last) takes the excess over 25; exactly 25, everyone else takes 10.")


def reveal_tooltip(value: int, high: int) -> str:
    """Why a reveal is allowed: it is your highest card, or a 5."""
    return "Your highest card" if value == high else f"Your {FIVE}: allowed instead of the highest"


def shown_events(obs: Observation, done: Optional[RoundResult]) -> Sequence[tuple]:
    """The log up to a finished round being read: the next deal shows after "Next round"."""
    events = obs.log
    if done is None:
        return events
    end = next(i for i, event in enumerate(events) if event[0] == "scored" and event[2] == done)
    return events[:end + 1 + (end + 1 < len(events) and events[end + 1][0] == "over")]


def narrate(events: Sequence[tuple], names: Names = Names()) -> list[tuple[int, str]]:
    """The public log in words: (index of the event, sentence); a draw and its reveal make one sentence."""
    told, i = [], 0
    while i < len(events):
        kind, seat, value = events[i]
        step = 1
        if kind == "round":
            text = f"Round {value} — cards dealt, {names.does(seat, 'start', inside=True)}."
        elif kind == "draw" and i + 1 < len(events) and events[i + 1][:2] == ("reveal", seat):
            text = f"{names.does(seat, 'draw')} and {names.verb(seat, 'reveal')} {events[i + 1][2]}."
            step = 2
        elif kind == "draw":
            text = f"{names.does(seat, 'draw')}."
        elif kind == "reveal":
            text = f"{names.does(seat, 'reveal')} {value}."
        elif kind == "pass":
            text = f"{names.does(seat, 'pass')}: betting the pairs exceed 25."
        elif kind == "scored":
            points = ", ".join(f"{names(s)} +{p}" for s, p in enumerate(value.points) if p)
            text = f"Round {value.number} over: {value.pairs} pairs in play; {points or 'no points'}."
        elif kind == "over":
            text = "Game over."
        else:
            text = f"{kind} {seat} {value}"
        told.append((i, text))
        i += step
    return told


def scoreboard_html(obs: Observation, names: Names) -> str:
    """Each round's passer, pairs and points, and the totals."""
    rounds = [(str(r.number), (names(r.passer), r.pairs), r.points) for r in obs.rounds]
    return score_table([names(s) for s in range(obs.players)], rounds, obs.scores, ("Passer", "Pairs"))
