"""Loop in words, the other half of the view (``view.py`` draws the table and the chairs): the log
told, the rounds finished (ranks, points by rank and by chair, totals), the round's panel, the
scoreboard, the header, the prompts and the buttons' labels. All from an Observation and the legal
actions: the log holds only what everyone saw.

>>> narrate([("play", 1, ((9, "r"), (9, "y"))), ("pass", 0, None)], Names(me=0), players=2)
[(0, 'Player 1 plays 9r 9y (a pair of 9s).'), (1, 'You pass: everyone else passed, so Player 1 leads a new trick.')]

An app passes its ``say`` (``cardlib.ui.words``) and names in its language; a sentence whose English verb
agrees with its subject ('Player 1 plays', 'You play') is one entry of the catalog, with the verb bare.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, NamedTuple

from cardlib.loop.actions import DONDEN, Play, card_text, cards_text
from cardlib.loop.chairs import BASE
from cardlib.loop.combos import combo, stops
from cardlib.loop.seen import Observation
from cardlib.loop.view import ENGLISH, FORMS, combo_words, order_words, place
from cardlib.ui import prompt_html
from cardlib.ui.narration import Names
from cardlib.ui.table import number, points_text, score_table
from cardlib.ui.words import Words


class RoundOver(NamedTuple):
    """A finished round as the log tells it: the finishing order, the points and totals, the chairs played."""

    set: int
    round: int
    order: tuple[int, ...]     # players, first out first
    points: tuple[int, ...]    # by player
    totals: tuple[int, ...]    # by player, after the round (never below 0)
    chairs: tuple[int, ...]    # player -> the chair they played the round in
    winners: tuple[int, ...]   # the players who won the set (the game) with this round; () if it goes on


def rounds_over(obs: Observation) -> list[RoundOver]:
    """Every finished round of the game so far, in order (read from the public log)."""
    n = obs.players
    chairs, chosen, set_no, round_no = list(range(n)), {}, 1, 1
    found: list[RoundOver] = []
    for kind, who, value in obs.log:
        if kind == "round":
            set_no, round_no = value
        elif kind == "sit":
            chosen[who] = value
            if len(chosen) == n:  # everyone has chosen: the chairs change together
                chairs, chosen = [chosen[p] for p in range(n)], {}
        elif kind == "round end":
            order, points, totals = value
            found.append(RoundOver(set_no, round_no, tuple(order), tuple(points), tuple(totals), tuple(chairs), ()))
        elif kind == "set end":
            found[-1] = found[-1]._replace(winners=tuple(value))
    return found


def _does(say: Words, names: Names, who: int, verb: str, rest: str, *, inside: bool = False, **fields: Any) -> str:
    """A sentence '{who} <verb>…' with the verb agreeing with ``who`` in English ('plays', 'play'), then ``rest``."""
    return say(f"{{who}} {names.verb(who, verb)}{rest}", who=names(who, inside=inside), **fields)


def _lead_words(leader: int, still_in: set[int], names: Names, say: Words = ENGLISH) -> str:
    """Who leads after a trick ends: the player who won it, or the next player still in if they are out."""
    if leader in still_in:
        return _does(say, names, leader, "lead", "", inside=True)
    return say("the next player still in leads")


def narrate(events: Sequence[tuple], names: Names, players: int, say: Words = ENGLISH) -> list[tuple[int, str]]:
    """The public log in words: (index of the event told, sentence) pairs."""
    told: list[tuple[int, str]] = []
    still_in, passed, last = set(range(players)), set(), None
    english = names.lang == "en"
    for index, (kind, who, value) in enumerate(events):
        if kind == "set":
            text = (say("The cards are dealt: 11 to each chair, the rest unused; everyone has 2 points.") if value == 1
                    else say("Set {n}: a fresh deal, everyone back to 2 points; the chairs stay as they are.", n=value))
        elif kind == "three eights":
            text = _does(say, names, who, "show", " three 8s ({cards}): 1 point, and every hand is dealt again.",
                         cards=cards_text(value))
        elif kind == "round":
            still_in, passed, last = set(range(players)), set(), None
            kind_words = say("the first, normal round" if value[1] == 1 else "a loop round: each chair's 11 cards")
            text = say(f"Round {{n}} ({{kind}}); {{who}} {names.verb(who, 'start')}.", n=value[1], kind=kind_words,
                       who=names(who, inside=True))
        elif kind == "set aside":
            text = _does(say, names, who, "set", " 2 cards aside.")
        elif kind == "donden":
            eight, now_reversed = value
            text = _does(say, names, who, "reveal", " {eight}: donden! 1 is strongest now." if now_reversed else
                         " {eight}: donden! Donden back: 15 is strongest again.", eight=cards_text([eight]))
        elif kind == "play":
            last, passed = who, set()
            text = _does(say, names, who, "play", " {cards} ({combo}).", cards=cards_text(value),
                         combo=combo_words(value, say))
        elif kind == "out":
            still_in.discard(who)
            verb = "go" if who == names.me or not english else "goes"
            text = say(f"{{who}} {verb} out: {{rank}}.", who=names(who), rank=place(value, say))
        elif kind == "stopped":
            text = say("8 stops the trick: {lead}.", lead=_lead_words(who, still_in, names, say))
        elif kind == "pass":
            passed.add(who)
            if last is not None and all(p in passed for p in still_in if p != last):
                text = _does(say, names, who, "pass", ": everyone else passed, so {lead} a new trick.",
                             lead=_lead_words(last, still_in, names, say))
                last, passed = None, set()
            else:
                text = _does(say, names, who, "pass", ".")
        elif kind == "round end":
            order, points, totals = value
            ranks = ", ".join(f"{place(rank, say)} {names(p, inside=True)} ({points_text(points[p], sign=True)})"
                              for rank, p in enumerate(order, start=1))
            text = say("The round is over: {ranks}. Totals: {totals}.", ranks=ranks, totals=_totals(totals, names))
        elif kind == "sit":
            text = _does(say, names, who, "take", " chair {chair}.", chair=value)
        elif kind == "set end":
            verb = "win" if len(value) > 1 or value[0] == names.me or not english else "wins"
            text = say(f"{{who}} {verb} the set.", who=_names_and(value, names, say))
        elif kind == "end":
            text = say("The game is over: {totals}.", totals=_totals(value, names))
        else:
            continue
        told.append((index, text[0].upper() + text[1:]))
    return told


def _totals(totals: Sequence[int], names: Names) -> str:
    return ", ".join(f"{names(p, inside=True)} {number(total)}" for p, total in enumerate(totals))


def _names_and(players: Sequence[int], names: Names, say: Words = ENGLISH) -> str:
    words = [names(p, inside=i > 0) for i, p in enumerate(players)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + say(" and ") + words[-1]


def round_html(done: RoundOver, names: Names, target: int, long: bool, say: Words = ENGLISH) -> str:
    """A finished round: the finishing order, each player's points (base for the rank, plus the chair's
    bonus in a loop round) and totals, and whether the game (the set) is over."""
    n = len(done.points)
    loop = done.round > 1
    rows = []
    for rank, player in enumerate(done.order, start=1):
        base = BASE[n][rank - 1]
        bonus = done.points[player] - base
        chair = (say("{bonus} (its last occupant came {rank})", bonus=points_text(bonus, sign=True),
                     rank=place(bonus + rank, say)) if loop else "—")
        rows.append(f'<tr data-seat="{player}"><td>{place(rank, say)}</td><td>{escape(names(player))}</td>'
                    f"<td>{done.chairs[player]}</td><td>{base}</td><td>{chair}</td>"
                    f"<td><b>{points_text(done.points[player], sign=True)}</b></td>"
                    f"<td>{number(done.totals[player])}</td></tr>")
    what = say("Round {n} ({kind})", n=done.round, kind=say("a loop round" if loop else "the normal round"))
    if done.winners:
        verb = "have" if len(done.winners) > 1 or done.winners[0] == names.me or names.lang != "en" else "has"
        best = max(done.totals)
        after = say(f" {{who}} {verb} the most points ({{best}}): the {'set' if long else 'game'} is over.",
                    who=_names_and(done.winners, names, say), best=best)
        reach = say(" A total reached {target}.", target=target) if best >= target else ""
    else:
        after = say(" Next, from last place up, everyone chooses a chair (with 3 or 4 players, another one).")
        reach = say(" Nobody has {target} points yet.", target=target)
    heads = "".join(f"<th>{escape(say(head))}</th>" for head in
                    ("Place", "Player", "Chair", "Base", "Chair bonus", "Round", "Total"))
    return (f'<div class="cl-result"><b>{escape(say("{what} is over.", what=what))}</b>{escape(reach + after)}'
            f'<table class="cl-results"><thead><tr>{heads}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            f'<div class="cl-note">{escape(say("A total never drops below 0."))}</div></div>')


def scoreboard_html(obs: Observation, names: Names, target: int, long: bool, say: Words = ENGLISH) -> str:
    """Points round by round (the long game: set by set), the totals, the target and the sets won."""
    finished = rounds_over(obs)
    label = (lambda r: f"{r.set}.{r.round}") if long else (lambda r: str(r.round))
    rows = [(label(r), (names(r.order[0]),), r.points) for r in finished]
    table = score_table([names(p) for p in range(obs.players)], rows, obs.scores, [say("First out")], signed=True,
                        first=say("Set.round" if long else "Round"), empty=say("no round finished yet"),
                        total=say("Total"))
    if long:
        note = say("Everyone starts with 2 points; a round that ends with someone at {target} or more ends the set. "
                   "Sets won: {won}.", target=target, won=_totals(obs.sets_won, names))
    else:
        note = say("Everyone starts with 2 points; a round that ends with someone at {target} or more ends the game.",
                   target=target)
    return f'{table}<div class="cl-note" style="white-space: normal">{escape(note)}</div>'


# --- prompts and labels ------------------------------------------------------------------------

def facts(obs: Observation, games: int, target: int, long: bool, done: Any = None, say: Words = ENGLISH) -> str:
    """The header's facts: the game, the set (long game), the round and its kind, players, the target."""
    set_no, round_no = (done.set, done.round) if done is not None else (obs.set, obs.round)
    kind = say("normal round" if round_no == 1 else "loop round")
    now = (say("round {n} ({kind}) is over", n=round_no, kind=kind) if done is not None else
           say("choosing chairs for round {n}", n=round_no + 1) if obs.phase == "sit" else
           say("round {n} ({kind})", n=round_no, kind=kind))
    found = [say("Game {n}", n=games)] + ([say("set {n} (first to 2 sets)", n=set_no)] if long else [])
    found += [now, say("{n} players", n=obs.players),
              say("<b>{target}</b> points end the set" if long else "<b>{target}</b> points end the game",
                  target=target)]
    return " · ".join(found)


def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names, step: Any, say: Words = ENGLISH) -> str:
    """What to do now: set aside, choose a chair, lead, or beat the trick."""
    if obs.phase == "set aside":
        if step is not None:
            return prompt_html(say("Set aside {card} and which other card?", card=card_text(step[1])),
                               say("Click the second card, or Back to start again."))
        return prompt_html(say("Set 2 cards aside, face down: click one, then the other."),
                           say("They stay at your chair this round. A set-aside 8 lets you declare donden later."))
    if obs.phase == "sit":
        return prompt_html(say("Choose your chair for the next round: you will play the 11 cards lying there."),
                           say("A chair pays the normal points for your rank plus (its last occupant's rank − yours)."))
    dond = say(" Or declare donden first.") if DONDEN in legal else ""
    order = say("{order}.", order=order_words(obs.reversed, say))
    if not obs.trick:
        if step is not None:
            return prompt_html(say("Lead {form}: which one?", form=say(FORMS[step[1]]).lower()),
                               say("Or Back to choose another form."))
        return prompt_html(say("Your lead: play any single, pair, three of a kind or run of one colour.") + dond,
                           say("{order} An 8 stops the trick and you lead again.", order=order))
    plays = sum(type(a) is Play for a in legal)
    found = combo(obs.trick)
    detail = (say("{n} of your plays beat it.", n=plays) if plays else say("Nothing in your hand beats it: pass."))
    how = say("lower" if obs.reversed else "higher") + (
        say(", by the lowest card") if found is not None and found.form == "run" else "")
    return prompt_html(say("Beat {combo} by {name}: the same form and size, stronger ({how}), or pass.",
                           combo=combo_words(obs.trick, say), name=names(obs.last, inside=True), how=how) + dond,
                       f"{order} {detail}")


def play_label(action: Play, say: Words = ENGLISH) -> str:
    """A play's button: '9r 9y', with '(stops)' when it holds an 8."""
    return cards_text(action.cards) + (say(" (stops)") if stops(action.cards) else "")


def play_tip(action: Play, say: Words = ENGLISH) -> str:
    """A play's tooltip: the combination in words."""
    return say("Play {combo}", combo=combo_words(action.cards, say)) + (
        say(": an 8 stops the trick, and you lead next") if stops(action.cards) else "")


def form_of(action: Play) -> str:
    """'single', 'pair', 'three' or 'run'."""
    return combo(action.cards).form  # type: ignore[union-attr]


def group_of(action: Play, say: Words = ENGLISH) -> str:
    """The heading of a play's row of buttons: its form (runs by length)."""
    form = form_of(action)
    return say("Runs of {n}", n=len(action.cards)) if form == "run" else say(FORMS[form])


def chair_refusal(obs: Observation, chair: int, taken: Mapping[int, int], names: Names, say: Words = ENGLISH) -> str:
    """Why a chair is not yours to take now."""
    if chair in taken:
        return say("Taken by {name}", name=names(taken[chair], inside=True))
    if chair == obs.chairs[obs.seat]:
        return say("You sat here last round: with 3 or 4 players you must move")
    return say("Taking it would leave a player after you no chair but their own")
