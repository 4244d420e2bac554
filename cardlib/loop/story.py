"""Loop in words, the other half of the view (``view.py`` draws the table and the chairs): the log
told, the rounds finished (ranks, points by rank and by chair, totals), the round's panel, the
scoreboard, the header, the prompts and the buttons' labels. All from an Observation and the legal
actions: the log holds only what everyone saw.

>>> narrate([("play", 1, ((9, "r"), (9, "y"))), ("pass", 0, None)], Names(me=0), players=2)
[(0, 'Player 1 plays 9r 9y (a pair of 9s).'), (1, 'You pass: everyone else passed, so Player 1 leads a new trick.')]
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, NamedTuple

from cardlib.loop.actions import DONDEN, Play, card_text, cards_text
from cardlib.loop.chairs import BASE
from cardlib.loop.combos import combo, stops
from cardlib.loop.seen import Observation
from cardlib.loop.view import FORMS, combo_words, order_words
from cardlib.ui import prompt_html
from cardlib.ui.app import ordinal
from cardlib.ui.narration import Names
from cardlib.ui.table import number, points_text, score_table


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


def _lead_words(leader: int, still_in: set[int], names: Names) -> str:
    """Who leads after a trick ends: the player who won it, or the next player still in if they are out."""
    if leader in still_in:
        return f"{names(leader, inside=True)} {names.verb(leader, 'lead')}"
    return "the next player still in leads"


def narrate(events: Sequence[tuple], names: Names, players: int) -> list[tuple[int, str]]:
    """The public log in words: (index of the event told, sentence) pairs."""
    told: list[tuple[int, str]] = []
    still_in, passed, last = set(range(players)), set(), None
    for index, (kind, who, value) in enumerate(events):
        if kind == "set":
            text = ("The cards are dealt: 11 to each chair, the rest unused; everyone has 2 points." if value == 1 else
                    f"Set {value}: a fresh deal, everyone back to 2 points; the chairs stay as they are.")
        elif kind == "three eights":
            text = f"{names.does(who, 'show')} three 8s ({cards_text(value)}): 1 point, and every hand is dealt again."
        elif kind == "round":
            still_in, passed, last = set(range(players)), set(), None
            kind_words = "the first, normal round" if value[1] == 1 else "a loop round: each chair's 11 cards"
            text = f"Round {value[1]} ({kind_words}); {names(who, inside=True)} {names.verb(who, 'start')}."
        elif kind == "set aside":
            text = f"{names.does(who, 'set')} 2 cards aside."
        elif kind == "donden":
            eight, now_reversed = value
            text = (f"{names.does(who, 'reveal')} {cards_text([eight])}: donden! "
                    + ("1 is strongest now." if now_reversed else "Donden back: 15 is strongest again."))
        elif kind == "play":
            last, passed = who, set()
            text = f"{names.does(who, 'play')} {cards_text(value)} ({combo_words(value)})."
        elif kind == "out":
            still_in.discard(who)
            verb = "go" if who == names.me else "goes"
            text = f"{names(who)} {verb} out: {ordinal(value)}."
        elif kind == "stopped":
            text = f"8 stops the trick: {_lead_words(who, still_in, names)}."
        elif kind == "pass":
            passed.add(who)
            text = names.does(who, "pass")
            if last is not None and all(p in passed for p in still_in if p != last):
                text += f": everyone else passed, so {_lead_words(last, still_in, names)} a new trick"
                last, passed = None, set()
            text += "."
        elif kind == "round end":
            order, points, totals = value
            ranks = ", ".join(f"{ordinal(rank)} {names(p, inside=True)} ({points_text(points[p], sign=True)})"
                              for rank, p in enumerate(order, start=1))
            text = f"The round is over: {ranks}. Totals: {_totals(totals, names)}."
        elif kind == "sit":
            text = f"{names.does(who, 'take')} chair {value}."
        elif kind == "set end":
            text = f"{_names_and(value, names)} {'win' if len(value) > 1 or value[0] == names.me else 'wins'} the set."
        elif kind == "end":
            text = f"The game is over: {_totals(value, names)}."
        else:
            continue
        told.append((index, text[0].upper() + text[1:]))
    return told


def _totals(totals: Sequence[int], names: Names) -> str:
    return ", ".join(f"{names(p, inside=True)} {number(total)}" for p, total in enumerate(totals))


def _names_and(players: Sequence[int], names: Names) -> str:
    words = [names(p, inside=i > 0) for i, p in enumerate(players)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def round_html(done: RoundOver, names: Names, target: int, long: bool) -> str:
    """A finished round: the finishing order, each player's points (base for the rank, plus the chair's
    bonus in a loop round) and totals, and whether the game (the set) is over."""
    n = len(done.points)
    loop = done.round > 1
    rows = []
    for rank, player in enumerate(done.order, start=1):
        base = BASE[n][rank - 1]
        bonus = done.points[player] - base
        chair = (f"{points_text(bonus, sign=True)} (its last occupant came {ordinal(bonus + rank)})" if loop else "—")
        rows.append(f'<tr data-seat="{player}"><td>{ordinal(rank)}</td><td>{escape(names(player))}</td>'
                    f"<td>{done.chairs[player]}</td><td>{base}</td><td>{chair}</td>"
                    f"<td><b>{points_text(done.points[player], sign=True)}</b></td>"
                    f"<td>{number(done.totals[player])}</td></tr>")
    what = f"Round {done.round} ({'a loop round' if loop else 'the normal round'})"
    if done.winners:
        plural = len(done.winners) > 1 or done.winners[0] == names.me
        ends = f"{_names_and(done.winners, names)} {'have' if plural else 'has'}"
        best = max(done.totals)
        after = f" {ends} the most points ({best}): the {'set' if long else 'game'} is over."
        reach = f" A total reached {target}." if best >= target else ""
    else:
        after, reach = " Next, from last place up, everyone chooses a chair (with 3 or 4 players, another one).", f" Nobody has {target} points yet."
    return (f'<div class="cl-result"><b>{what} is over.</b>{escape(reach + after)}'
            '<table class="cl-results"><thead><tr><th>Place</th><th>Player</th><th>Chair</th><th>Base</th>'
            '<th>Chair bonus</th><th>Round</th><th>Total</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            '<div class="cl-note">A total never drops below 0.</div></div>')


def scoreboard_html(obs: Observation, names: Names, target: int, long: bool) -> str:
    """Points round by round (the long game: set by set), the totals, the target and the sets won."""
    finished = rounds_over(obs)
    label = (lambda r: f"{r.set}.{r.round}") if long else (lambda r: str(r.round))
    rows = [(label(r), (names(r.order[0]),), r.points) for r in finished]
    table = score_table([names(p) for p in range(obs.players)], rows, obs.scores, ["First out"], signed=True,
                        first="Set.round" if long else "Round")
    note = f"Everyone starts with 2 points; a round that ends with someone at {target} or more ends the "
    note += "set. Sets won: " + _totals(obs.sets_won, names) + "." if long else "game."
    return f'{table}<div class="cl-note" style="white-space: normal">{escape(note)}</div>'


# --- prompts and labels ------------------------------------------------------------------------

def facts(obs: Observation, games: int, target: int, long: bool, done: Any = None) -> str:
    """The header's facts: the game, the set (long game), the round and its kind, players, the target."""
    set_no, round_no = (done.set, done.round) if done is not None else (obs.set, obs.round)
    kind = "normal round" if round_no == 1 else "loop round"
    now = (f"round {round_no} ({kind}) is over" if done is not None else
           f"choosing chairs for round {round_no + 1}" if obs.phase == "sit" else f"round {round_no} ({kind})")
    found = [f"Game {games}"] + ([f"set {set_no} (first to 2 sets)"] if long else [])
    found += [now, f"{obs.players} players", f"<b>{target}</b> points end the {'set' if long else 'game'}"]
    return " · ".join(found)


def turn_prompt(obs: Observation, legal: Sequence[Any], names: Names, step: Any) -> str:
    """What to do now: set aside, choose a chair, lead, or beat the trick."""
    if obs.phase == "set aside":
        if step is not None:
            return prompt_html(f"Set aside {card_text(step[1])} and which other card?",
                               "Click the second card, or Back to start again.")
        return prompt_html("Set 2 cards aside, face down: click one, then the other.",
                           "They stay at your chair this round. A set-aside 8 lets you declare donden later.")
    if obs.phase == "sit":
        return prompt_html("Choose your chair for the next round: you will play the 11 cards lying there.",
                           "A chair pays the normal points for your rank plus (its last occupant's rank − yours).")
    dond = " Or declare donden first." if DONDEN in legal else ""
    order = order_words(obs.reversed) + "."
    if not obs.trick:
        if step is not None:
            return prompt_html(f"Lead {FORMS[step[1]].lower()}: which one?", "Or Back to choose another form.")
        return prompt_html("Your lead: play any single, pair, three of a kind or run of one colour." + dond,
                           f"{order} An 8 stops the trick and you lead again.")
    plays = sum(type(a) is Play for a in legal)
    found = combo(obs.trick)
    detail = f"{plays} of your plays beat it." if plays else "Nothing in your hand beats it: pass."
    return prompt_html(f"Beat {combo_words(obs.trick)} by {names(obs.last, inside=True)}: "
                       f"the same form and size, stronger ({'lower' if obs.reversed else 'higher'}"
                       f"{', by the lowest card' if found is not None and found.form == 'run' else ''}), "
                       f"or pass.{dond}", f"{order} {detail}")


def play_label(action: Play) -> str:
    """A play's button: '9r 9y', with '(stops)' when it holds an 8."""
    return cards_text(action.cards) + (" (stops)" if stops(action.cards) else "")


def play_tip(action: Play) -> str:
    """A play's tooltip: the combination in words."""
    return f"Play {combo_words(action.cards)}" + (": an 8 stops the trick, and you lead next" if
                                                   stops(action.cards) else "")


def form_of(action: Play) -> str:
    """'single', 'pair', 'three' or 'run'."""
    return combo(action.cards).form  # type: ignore[union-attr]


def group_of(action: Play) -> str:
    """The heading of a play's row of buttons: its form (runs by length)."""
    form = form_of(action)
    return f"Runs of {len(action.cards)}" if form == "run" else FORMS[form]


def chair_refusal(obs: Observation, chair: int, taken: Mapping[int, int], names: Names) -> str:
    """Why a chair is not yours to take now."""
    if chair in taken:
        return f"Taken by {names(taken[chair], inside=True)}"
    if chair == obs.chairs[obs.seat]:
        return "You sat here last round: with 3 or 4 players you must move"
    return "Taking it would leave a player after you no chair but their own"

