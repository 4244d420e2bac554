"""Twenty-five's coach panel: exact odds for one seat's observation, naive beside informed.

Drawn from an Observation alone (never the State), so it shows only what that seat may know.
The app (app.py) puts it beside the table when the coach is open. Every word passes through ``say``
(English by default; the app's ``Words``, with the probabilities named in ``WORDS_JA``).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape
from typing import Optional

from cardlib.decks.pairs import NUMBERS, pair_count
from cardlib.twentyfive.beliefs import hidden_cap, p_over, pass_cost
from cardlib.twentyfive.rules import FIVE, Observation
from cardlib.twentyfive.view import ENGLISH, NO_EARLY_PASS, Say


COACH_STYLE = """<style>
.cl-coach-table { border-collapse: collapse; margin: calc(4 * var(--u)) 0; font-size: calc(13.5 * var(--u)); }
.cl-coach-table th, .cl-coach-table td { padding: calc(3 * var(--u)) calc(10 * var(--u)); border-bottom: 1px solid #e5e7e9;
                                         text-align: left; vertical-align: middle; }
.cl-coach-table th { font-size: calc(13 * var(--u)); color: #34495e; }
.cl-coach-table th small, .cl-coach-table td small { display: block; font-weight: 400; color: #777;
                                                     font-size: calc(11.5 * var(--u)); }
.cl-coach-table tr.cl-coach-sub th { background: #f4f6f7; padding-top: calc(5 * var(--u)); }
.cl-coach-frac { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: calc(12 * var(--u)); color: #555; }
.cl-coach-bar { display: block; width: calc(150 * var(--u)); height: calc(5 * var(--u)); margin-top: calc(2 * var(--u)); background: #eaecee;
                border-radius: calc(3 * var(--u)); overflow: hidden; }
.cl-coach-bar span { display: block; height: 100%; background: #5dade2; }
.cl-coach-table tr.cl-coach-last { background: #fef5e7; }
.cl-coach-why { font-size: calc(13 * var(--u)); color: #333; margin-top: calc(4 * var(--u)); }
.cl-coach-why li { margin: 1px 0; }
.cl-coach-note { font-size: calc(13 * var(--u)); color: #922b21; margin: calc(2 * var(--u)) 0; }
</style>"""

MODEL_HEADS = {"naive": ("Naive", "hidden cards: any you have not seen"),
               "informed": ("Informed", "also uses what the reveals say")}
OUTCOMES = (("over", "more than 25", "a pass is right: the last to draw takes pairs − 25"),
            ("exactly", "exactly 25", "everyone but the passer takes 10"),
            ("under", "fewer than 25", "the passer takes 10"))
COSTS_HEAD = "If you pass now: expected points to each player (points are bad)"
IN_PLAY = ("Cards in play: <b>{cards}</b>. You see {seen} of them (your hand and every field card); "
           "they already make <b>{pairs}</b> pairs. {hidden} are hidden in other hands.")
WHY = ("naive treats each hidden card as any card you have not seen; informed also uses the reveals, "
       "because a card other than a 5 was the highest card in that hand when it was revealed.")


def percent(p: Fraction) -> str:
    """A probability as a percentage, never rounded to a false 0% or 100%.

    >>> [percent(Fraction(n, d)) for n, d in ((3, 17), (1, 2), (0, 1), (1, 10**6), (10**6 - 1, 10**6))]
    ['≈ 17.6%', '= 50%', '= 0%', '< 0.1%', '> 99.9%']
    """
    if 0 < p < Fraction(1, 1000):
        return "< 0.1%"
    if Fraction(999, 1000) < p < 1:
        return "> 99.9%"
    tenths = p * 1000
    if tenths.denominator == 1:
        return f"= {tenths.numerator / 10:g}%"
    return f"≈ {float(p) * 100:.1f}%"


def points_text(points: Fraction) -> str:
    """Expected points to two decimals, '=' when that is exact.

    >>> points_text(Fraction(25, 4)), points_text(Fraction(10, 3))
    ('= 6.25', '≈ 3.33')
    """
    exact = (points * 100).denominator == 1
    return f"{'=' if exact else '≈'} {float(points):.2f}"


def coach_pass_rule(obs: Observation, say: Say = ENGLISH) -> Optional[str]:
    """Why the observing seat may not pass now, or None when it may (read from ``obs`` alone)."""
    if obs.current_player != obs.seat:
        return say("It is not your turn: you can pass only on your own turn.")
    if obs.phase == "reveal":
        if not obs.draws:
            return say("Opening reveals: nobody may pass before someone has drawn.")
        return say("You have drawn, so you cannot pass this turn: put a card face up first.")
    if not obs.draws and obs.pile_size:
        return say("{why}. The chances above still say how the round stands.", why=say(NO_EARLY_PASS))
    return None


def reveal_hints(obs: Observation, names: Mapping[int, str], say: Say = ENGLISH) -> list[str]:
    """What each other player's reveals say about the cards left in that hand (``hidden_cap``)."""
    hints = []
    for seat in range(obs.players):
        field, name = obs.fields[seat], names[seat]
        if seat == obs.seat or (field and not obs.hand_sizes[seat]):
            continue
        if obs.phase == "reveal" and obs.current_player == seat:
            hints.append(say("{name} is choosing a card to reveal: they hold a 5 under a higher card.", name=name))
        elif not field:
            hints.append(say("{name} has not revealed a card yet.", name=name))
        else:
            hints.append(cap_words(name, field, hidden_cap(obs, seat), say))
    return hints


def cap_words(name: str, field: tuple[int, ...], cap: int, say: Say = ENGLISH) -> str:
    """Why a hidden hand holds nothing above ``cap``, in the words of the reveal rule.

    >>> cap_words("Player 1", (9, 9, 8, 10), 8)
    "Player 1's hidden cards are all 8 or lower: 8 is the smallest card they have shown (a higher card shown later was the card just drawn)."
    >>> from cardlib.twentyfive.words import WORDS_JA
    >>> from cardlib.ui.words import Words
    >>> cap_words("プレイヤー1", (9, 9, 8, 10), 8, Words("ja", WORDS_JA))
    'プレイヤー1の見えていない手札はすべて8以下です：8は公開した場札のうち最も小さい（あとで公開したより大きいカードは、引いたばかりのカードだった）。'
    """
    if cap >= max(NUMBERS):
        why = say("a 5 caps nothing" if field[-1] == FIVE else "nothing they have shown rules out a 10")
        return say("{name}'s hidden cards can be anything up to 10: {why}.", name=name, why=why)
    shown = [card for card in field if card != FIVE]
    if cap == field[-1]:
        why = say("their last reveal, {cap}, was their highest card then", cap=cap)
    elif shown and cap == min(shown):
        why = say("{cap} is the smallest card they have shown (a higher card shown later was the card just drawn)",
                  cap=cap)
    else:
        why = say("no higher copy is left unseen")
    return say("{name}'s hidden cards are all {cap} or lower: {why}.", name=name, cap=cap, why=why)


def coach_panel(obs: Observation, names: Mapping[int, str], say: Say = ENGLISH) -> str:
    """The coach for ``obs``: P(pairs >, =, < 25) and a pass's expected points under both models."""
    seen = obs.known_cards
    odds = {model: p_over(obs, model) for model in MODEL_HEADS}
    why_not = coach_pass_rule(obs, say)
    costs = {model: pass_cost(obs, model) for model in MODEL_HEADS} if why_not is None else {}
    heads = "".join(
        f'<th class="cl-coach-model" data-model="{model}" data-over="{odds[model].over}" '
        f'data-exactly="{odds[model].exactly}" data-under="{odds[model].under}"'
        + (f' data-costs="{",".join(map(str, costs[model]))}"' if costs else "")
        + f">{say(title)}<small>{say(sub)}</small></th>" for model, (title, sub) in MODEL_HEADS.items())
    rows = [f'<tr><th>{say("The pairs in play now are …")}</th>{heads}</tr>']
    for outcome, label, meaning in OUTCOMES:
        cells = "".join(
            f'<td class="cl-coach-p" data-model="{model}" data-outcome="{outcome}">'
            f'<span class="cl-coach-frac">{getattr(odds[model], outcome)}</span> '
            f"<b>{percent(getattr(odds[model], outcome))}</b>"
            f'<span class="cl-coach-bar"><span style="width:{float(getattr(odds[model], outcome)) * 100:.1f}%">'
            "</span></span></td>" for model in MODEL_HEADS)
        rows.append(f"<tr><th>{say(label)}<small>{say(meaning)}</small></th>{cells}</tr>")
    if costs:
        rows.append(f'<tr class="cl-coach-sub"><th colspan="3">{say(COSTS_HEAD)}</th></tr>')
        order = [obs.seat] + [(obs.seat + step) % obs.players for step in range(1, obs.players)]
        for seat in order:
            last = seat == obs.last_drawer
            role = ("you pass: 10 if fewer than 25" if seat == obs.seat else
                    "drew last: pairs − 25 if more, 10 if exactly 25" if last else "10 if exactly 25")
            cells = "".join(
                f'<td class="cl-coach-cost" data-model="{model}" data-seat="{seat}" data-cost="{costs[model][seat]}">'
                f'<span class="cl-coach-frac">{costs[model][seat]}</span> <b>{points_text(costs[model][seat])}</b></td>'
                for model in MODEL_HEADS)
            highlight = ' class="cl-coach-last"' if last else ""
            rows.append(f'<tr{highlight} data-seat="{seat}">'
                        f"<th>{escape(names[seat])}<small>{say(role)}</small></th>{cells}</tr>")
    note = f'<div class="cl-coach-note">{escape(why_not)}</div>' if why_not else ""
    hints = "".join(f"<li>{escape(hint)}</li>" for hint in reveal_hints(obs, names, say))
    in_play = say(IN_PLAY, cards=obs.cards_in_play, seen=len(seen), pairs=pair_count(seen),
                  hidden=obs.cards_in_play - len(seen))
    return (f'{COACH_STYLE}<div class="cl-panel cl-coach-panel"><h4>{say("Coach: exact chances from the cards you see")}'
            f'</h4><div>{in_play}</div><table class="cl-coach-table">{"".join(rows)}</table>{note}'
            f'<div class="cl-coach-why"><b>{say("Why naive and informed differ:")}</b> {say(WHY)} '
            f"{escape(models_compared(odds['naive'].over, odds['informed'].over, say))}<ul>{hints}</ul></div></div>")


def models_compared(naive: Fraction, informed: Fraction, say: Say = ENGLISH) -> str:
    """What the reveals did to P(pairs > 25) here, never calling two fractions that round alike "the same".

    >>> models_compared(Fraction(1, 3), Fraction(1, 2))
    'Here the reveals take the chance of more than 25 from 33.3% (naive) to 50% (informed).'
    """
    shown = {model: percent(p).lstrip("=≈ ") for model, p in (("naive", naive), ("informed", informed))}
    if naive == informed:
        return say("Here both give exactly the same chance of more than 25.")
    if shown["naive"] == shown["informed"]:
        return say("Here the reveals barely move the chance of more than 25: both round to {p}.", p=shown["naive"])
    return say("Here the reveals take the chance of more than 25 from {naive} (naive) to {informed} (informed).",
               **shown)
