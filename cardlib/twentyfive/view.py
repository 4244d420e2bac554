"""Twenty-five on the page: the table, the round's count, the prompts, the scoreboard and the one
narrator of the log, each drawn from an Observation (and the seats' names) alone.

Every word passes through ``say`` (English by default; the app's ``Words`` in its language, with
the game's terms in ``WORDS_JA`` as the rule sheet writes them).

>>> from cardlib.ui.narration import Names
>>> [text for _, text in narrate([("round", 0, 1), ("draw", 1, None), ("reveal", 1, 9)], Names(me=0))]
['Round 1 — cards dealt, you start.', 'Player 1 draws and reveals 9.']
>>> from cardlib.twentyfive.words import WORDS_JA
>>> ja = Words("ja", WORDS_JA)
>>> [text for _, text in narrate([("draw", 1, None), ("reveal", 1, 9)], Names(me=0, lang="ja"), ja)]
['プレイヤー1がカードを引き、9を公開しました。']
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, Optional

from cardlib.decks.pairs import pairs_of
from cardlib.twentyfive.actions import DRAW, FIVE, PASS
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.seen import TARGET, Observation, RoundResult
from cardlib.decks.pairs_faces import pairs_row
from cardlib.ui import back_row, prompt_html, score_table, seat_box, table_html
from cardlib.ui.narration import Names
from cardlib.ui.words import Words

Say = Callable[..., str]
ENGLISH: Say = Words("en")

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


def bot_label(agent: Any, say: Say = ENGLISH) -> str:
    """What a seat box says about the bot in it: how it decides to pass, in plain words.

    >>> bot_label(ThresholdBot(threshold=22))
    'bot · passes once 22 cards are in play'
    >>> bot_label(CoachBot())
    'bot · the coach: passes when the exact odds favour it'
    """
    if type(agent) is CoachBot:
        if agent.model == "informed":
            return say("bot · the coach: passes when the exact odds favour it")
        return say("bot · the coach: passes when the {model} odds favour it", model=agent.model)
    if type(agent) is ThresholdBot:
        fives = say(", reveals a 5 when it can") if agent.reveal_five else ""
        return say("bot · passes once {n} cards are in play{fives}", n=agent.threshold, fives=fives)
    return say("bot · {name}", name=getattr(agent, "name", type(agent).__name__))


def pair_lines(cards: Sequence[int], say: Say = ENGLISH) -> list[str]:
    """The pairs among ``cards``, counted number by number, highest first.

    >>> pair_lines([10, 10, 10, 10, 10, 3, 3, 1])
    ['10 ×5 → 10 pairs', '3 ×2 → 1 pair']
    """
    counts = Counter(cards)
    lines = []
    for number in sorted(counts, reverse=True):
        pairs = pairs_of(counts[number])
        if pairs:
            template = "{number} ×{copies} → {pairs} pair" if pairs == 1 else "{number} ×{copies} → {pairs} pairs"
            lines.append(say(template, number=number, copies=counts[number], pairs=pairs))
    return lines


def facts(obs: Observation, done: Optional[RoundResult], games: int, say: Say = ENGLISH) -> str:
    """The header's facts: the game, the round, the draw pile and the cards in play."""
    if done is not None:
        return say("Game {games} · Round {n} is over", games=games, n=done.number)
    return say("Game {games} · Round {n} · Draw pile <b>{pile}</b> cards · Cards in play <b>{cards}</b>",
               games=games, n=obs.round_number, pile=obs.pile_size, cards=obs.cards_in_play)


def fresh_reveals(obs: Observation) -> Counter:
    """How many field cards each seat revealed since the observer's last move (they get a highlight)."""
    fresh: Counter = Counter()
    for kind, seat, _ in reversed(obs.log):
        if kind == "round" or (seat == obs.seat and kind in ("draw", "pass", "reveal")):
            break
        if kind == "reveal":
            fresh[seat] += 1
    return fresh


def seats_html(obs: Observation, done: Optional[RoundResult], names: Names, bots: Mapping[int, Any],
               say: Say = ENGLISH) -> str:
    """Every seat: badges, your hand face up, the others' as backs, the field cards; all hands once a round is over."""
    fresh = fresh_reveals(obs) if done is None else Counter()
    boxes = {}
    for seat in range(obs.players):
        badges = []
        if done is None:
            badges += [(say("to play"), True)] if obs.current_player == seat else []
            badges += [(say("started"), False)] if obs.start_player == seat else []
            badges += [(say("drew last"), False)] if obs.last_drawer == seat else []
            hand = (pairs_row(obs.hand, empty=say("no cards")) if seat == obs.seat else
                    back_row(obs.hand_sizes[seat], empty=say("no cards")))
            field = pairs_row(obs.fields[seat], empty=say("no field cards yet"), fresh=fresh[seat])
            size = obs.hand_sizes[seat]
        else:  # the round is over: every hand is shown
            badges += [(say("passed"), True)] if seat == done.passer else []
            badges += [(say("drew last"), False)] if seat == done.passed else []
            hand = pairs_row(done.hands[seat], empty=say("no cards"))
            field = pairs_row(done.fields[seat], empty=say("no field cards"))
            size = len(done.hands[seat])
        boxes[seat] = seat_box(
            seat, names(seat), subtitle=bot_label(bots[seat], say) if seat in bots else "",
            points=obs.scores[seat], point_words=(say("point"), say("points")), badges=badges, you=seat == obs.seat,
            turn=done is None and obs.current_player == seat,
            rows=[(say("Hand ({n})", n=size), hand, "cl-hand"), (say("Field"), field, "cl-field")])
    return table_html([boxes[seat] for seat in bots], boxes[obs.seat])


def round_html(done: RoundResult, names: Names, say: Say = ENGLISH) -> str:
    """A finished round: every card in play counted number by number, the total, and who takes what."""
    cards = done.cards_in_play
    lines = "".join(f"<tr><td>{escape(line)}</td></tr>" for line in pair_lines(cards, say))
    singles = sorted(n for n, c in Counter(cards).items() if c == 1)
    single_note = (f"<div>{escape(say('One card only, no pair: {numbers}.', numbers=', '.join(map(str, singles))))}"
                   "</div>" if singles else "")
    sums = " + ".join(str(pairs_of(c)) for n, c in sorted(Counter(cards).items(), reverse=True) if c > 1)
    passer, passed, pairs = names(done.passer, inside=True), names(done.passed, inside=True), done.pairs
    if pairs < TARGET:
        verdict = say("{pairs} is fewer than 25: {passer} passed too early and {takes} 10 points.",
                      pairs=pairs, passer=passer, takes=names.verb(done.passer, "take"))
    elif pairs > TARGET:
        verdict = say("{pairs} is more than 25: {passer} passed in time, so {passed}, the last to draw, "
                      "{takes} {pairs} − 25 = {points} points.", pairs=pairs, passer=passer, passed=passed,
                      takes=names.verb(done.passed, "take"), points=pairs - TARGET)
    else:
        verdict = say("Exactly 25: everyone except {passer} takes 10 points.", passer=passer)
    heading = say("Round {n}: {name} passed. Every card in play, counted number by number:",
                  n=done.number, name=names(done.passer))
    total = say("Total: {sums} = <b>{pairs} pairs</b> among {cards} cards in play.",
                sums=sums or "0", pairs=pairs, cards=len(cards))
    return (f'<div class="cl-panel cl-result"><h4>{escape(heading)}</h4>'
            f'<table class="cl-count">{lines}</table>{single_note}'
            f"<div>{total}</div>"
            f'<div class="cl-verdict">{escape(verdict)}</div></div>')


def round_over_prompt(done: RoundResult, names: Names, say: Say = ENGLISH) -> str:
    """The pause after a round: read the count, then deal the next round."""
    return prompt_html(say("Round {n} is over. Read the count above, then deal the next round.", n=done.number),
                       say("{name} {starts} the next round (the passer always does).", name=names(done.passer),
                           starts=names.verb(done.passer, "start")), waiting=True)


def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names, say: Say = ENGLISH) -> str:
    """What you may do now: the reveal after a draw, or draw / pass and what a pass would cost."""
    if obs.phase == "reveal":
        when = ("You drew a card. Now put one card face up: your highest ({high}) or your 5." if obs.draws else
                "Opening reveal — put one card face up: your highest ({high}) or your 5.")
        return prompt_html(say(when, high=max(obs.hand)),
                           say("Revealing a 5 hides how high your hand is; any other reveal tells everyone "
                               "it was your highest card."))
    if PASS not in legal:
        return prompt_html(say("Your turn: the round's first turn, so you must draw."),
                           say("{why}.", why=say(NO_EARLY_PASS)))
    if DRAW not in legal:
        return prompt_html(say("Your turn: {why}.", why=say(EMPTY_PILE)))
    return prompt_html(
        say("Your turn: draw a card, or pass if you think the pairs in play now exceed 25."),
        say("If you pass: fewer than 25 pairs, you take 10; more than 25, {name} (who drew last) takes the excess "
            "over 25; exactly 25, everyone else takes 10.", name=names(obs.last_drawer)))


def reveal_tooltip(value: int, high: int, say: Say = ENGLISH) -> str:
    """Why a reveal is allowed: it is your highest card, or a 5."""
    return say("Your highest card") if value == high else say("Your {five}: allowed instead of the highest", five=FIVE)


def shown_events(obs: Observation, done: Optional[RoundResult]) -> Sequence[tuple]:
    """The log up to a finished round being read: the next deal shows after "Next round"."""
    events = obs.log
    if done is None:
        return events
    end = next(i for i, event in enumerate(events) if event[0] == "scored" and event[2] == done)
    return events[:end + 1 + (end + 1 < len(events) and events[end + 1][0] == "over")]


def narrate(events: Sequence[tuple], names: Names = Names(), say: Say = ENGLISH) -> list[tuple[int, str]]:
    """The public log in words: (index of the event, sentence); a draw and its reveal make one sentence."""
    told, i = [], 0
    while i < len(events):
        kind, seat, value = events[i]
        step = 1
        name = names(seat) if seat is not None else ""
        verb = (lambda word: names.verb(seat, word)) if seat is not None else str
        if kind == "round":
            text = say("Round {n} — cards dealt, {name} {starts}.", n=value, name=names(seat, inside=True),
                       starts=verb("start"))
        elif kind == "draw" and i + 1 < len(events) and events[i + 1][:2] == ("reveal", seat):
            text = say("{name} {draws} and {reveals} {value}.", name=name, draws=verb("draw"),
                       reveals=verb("reveal"), value=events[i + 1][2])
            step = 2
        elif kind == "draw":
            text = say("{name} {draws}.", name=name, draws=verb("draw"))
        elif kind == "reveal":
            text = say("{name} {reveals} {value}.", name=name, reveals=verb("reveal"), value=value)
        elif kind == "pass":
            text = say("{name} {passes}: betting the pairs exceed 25.", name=name, passes=verb("pass"))
        elif kind == "scored":
            points = ", ".join(f"{names(s)} +{p}" for s, p in enumerate(value.points) if p)
            text = say("Round {n} over: {pairs} pairs in play; {points}.", n=value.number, pairs=value.pairs,
                       points=points or say("no points"))
        elif kind == "over":
            text = say("Game over.")
        else:
            text = f"{kind} {seat} {value}"
        told.append((i, text))
        i += step
    return told


def scoreboard_html(obs: Observation, names: Names, say: Say = ENGLISH) -> str:
    """Each round's passer, pairs and points, and the totals."""
    rounds = [(str(r.number), (names(r.passer), r.pairs), r.points) for r in obs.rounds]
    return score_table([names(s) for s in range(obs.players)], rounds, obs.scores, (say("Passer"), say("Pairs")),
                       first=say("Round"), empty=say("no round finished yet"), total=say("Total"))
