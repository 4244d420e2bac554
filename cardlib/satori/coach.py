"""The Satori's coach on the page: in a Katsu window, the chance that the card just played is
satori under each model (Bayes' rule, exact) and the stakes of a call (rollouts: the chances of
winning, the expected value of each choice, the break-even and a verdict); on your turn, your run
and the public counts. Drawn from an Observation alone, like the rest of the page (view.py).
Every function speaks English by default; the app passes its ``say`` to speak Japanese, with the
sheet's terms and the probabilities by their Japanese names (事前確率, 尤度, 事後確率, 期待値).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Any, Optional

from cardlib.core.errors import RulesError
from cardlib.satori.actions import DECLARE_RUN, SATORI, WINDOW, Observation, top_run
from cardlib.satori.beliefs import Model
from cardlib.satori.view import ENGLISH, counts_text
from cardlib.ui.narration import Names
from cardlib.ui.words import Words

CHOSEN_MODEL = "bluffs 1/4, declares at once (the bots)"  # the bots' own model: the coach's default
ROLLOUTS = 100  # games played out per branch of the stakes: a standard error of about 5 points
# the longer sentences of the panels, as written in English (the catalog's keys)
COUNTING_NOTE = ("Counting treats every unseen card alike; the order of play says more (the coach shows it "
                 "when you are asked Katsu?).")
BAYES_INTRO = ("Is {who}'s card satori? Bayes' rule over the public history of their plays, "
               "under each model of how they choose a card:")


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


def coach_note(text: str, say: Words = ENGLISH) -> str:
    """The coach's panel with a short note.

    >>> coach_note("Hello.")
    '<div class="cl-panel"><h4>Coach</h4><div>Hello.</div></div>'
    """
    return f'<div class="cl-panel"><h4>{escape(say("Coach"))}</h4><div>{text}</div></div>'


def coach_html(obs: Observation, names: Names, model: Any = CHOSEN_MODEL, say: Words = ENGLISH) -> str:
    """The coach: in a Katsu window you are asked in, the chance the card is satori and the stakes of a
    call; on your turn, your run and the public counts. ``model`` names the model highlighted (or is one)."""
    if obs.result is not None:
        return coach_note(say("The game is over: every run is shown above."), say)
    if obs.current_player != obs.seat:
        return coach_note(say("The coach speaks on your turn, and when you are asked Katsu?"), say)
    try:
        return _katsu_coach(obs, names, model, say) if obs.phase == WINDOW else _turn_coach(obs, names, say)
    except (ValueError, ArithmeticError) as error:  # the table goes on: the coach says what it could not do
        return coach_note(say("The coach could not work out this position ({error}).", error=escape(str(error))), say)


def _turn_coach(obs: Observation, names: Names, say: Words) -> str:
    run = top_run(obs.pile)
    if run >= DECLARE_RUN:
        mine = say("Your pile shows <b>{run}</b> satori on top: you may declare now. Compare with what the others "
                   "may hold: a tie goes against the declarer.", run=run)
    else:
        mine = say("Your run on top: <b>{run}</b> satori (declaring needs {need}, at the start of a turn). "
                   "A zatsunen on top breaks your run, but a Katsu on it knocks the caller out.",
                   run=run, need=DECLARE_RUN)
    rows = []
    for seat in range(obs.players):
        if seat == obs.seat or obs.out[seat]:
            continue
        s, cards = unseen_share(obs, seat)
        share = chance_text(Fraction(s, cards)) if cards else "—"
        rows.append(f'<tr data-seat="{seat}"><td>{escape(names(seat))}</td><td>{counts_text(obs, seat, say)}</td>'
                    f"<td>{cards}</td><td>{share}</td></tr>")
    heads = "".join(f"<th>{escape(say(head))}</th>" for head in
                    ("Player", "In all (public)", "Cards unseen", "Satori among them (counting)"))
    table = f'<table class="cl-results"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    return (f'<div class="cl-panel"><h4>{escape(say("Coach"))}</h4><div>{mine}</div>{table}'
            f'<div>{escape(say(COUNTING_NOTE))}</div></div>')


def _katsu_coach(obs: Observation, names: Names, model: Any, say: Words) -> str:
    return _katsu_coach_cached(obs, names.me, names.lang, model, say)


@lru_cache(maxsize=64)
def _katsu_coach_cached(obs: Observation, me: Optional[int], lang: str, model: Any, say: Words) -> str:
    """The coach in a Katsu window (the same observation always gives the same panel: cached)."""
    from cardlib.satori.analysis import MODELS, p_satori
    from cardlib.satori.bots import THRESHOLD, counted_chance

    names = Names(me=me, lang=lang)
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
            cell, data = escape(say("impossible: {who} did not play like this", who=who)), "impossible"
        css = ' class="sat-chosen"' if name == chosen else ""
        mark = f' <span class="cl-badge cl-hot">{escape(say("chosen"))}</span>' if name == chosen else ""
        rows.append(f'<tr{css} data-model="{escape(name)}" data-p="{data}"><td>{escape(say(name))}{mark}</td>'
                    f"<td>{cell}</td></tr>")
    counted = counted_chance(obs)
    rows.append(f'<tr data-model="counting" data-p="{counted}"><td>'
                f'{escape(say("counting (satori among their unseen cards, order ignored)"))}</td>'
                f"<td>{chance_text(counted)}</td></tr>")
    # the stakes' worlds are drawn under the model whose chance the verdict weighs, so the two agree
    if chosen in chances:
        p, basis, drawn = chances[chosen], "the chosen model", models[chosen]
    elif CHOSEN_MODEL in chances:
        p, basis, drawn = chances[CHOSEN_MODEL], "the bots' model: the chosen one cannot explain this play", \
            MODELS[CHOSEN_MODEL]
    else:
        p, basis, drawn = chances["uniform from hand"], "uniform from hand", MODELS["uniform from hand"]
    heads = "".join(f"<th>{escape(say(head))}</th>" for head in ("Model of the player", "P(satori)"))
    bots = say("The bots call when their chance is above {threshold} = {percent}.", threshold=THRESHOLD,
               percent=f"{float(THRESHOLD):.0%}")
    return (
        f'<div class="cl-panel"><h4>{escape(say("Coach"))}</h4>'
        f"<div>{say(BAYES_INTRO, who=escape(who))}</div>"
        f'<table class="cl-results"><thead><tr>{heads}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>{_stakes_html(obs, p, say(basis), drawn, say)}'
        f"<div><small>{escape(bots)}</small></div>"
        "</div>")


def _stakes_html(obs: Observation, p: Fraction, basis: str, drawn: Model, say: Words) -> str:
    """Your chance of winning in the four cases (you call or not; the card is satori or zatsunen), by
    rollouts from worlds drawn under the model ``drawn`` (whose chance is ``p``); what each choice is
    worth at ``p``, the break-even and a verdict."""
    from cardlib.satori.analysis import katsu_stakes

    stakes = katsu_stakes(obs, rollouts=ROLLOUTS, seed=len(obs.log), model=drawn)
    q = float(p)
    call = [(q, stakes.success)]
    stay = [(q, stakes.no_call_satori), (1 - q, stakes.no_call_zatsunen)]
    grid = (
        f'<tr><td>{escape(say("Katsu!"))}</td>{_case("success", stakes.success, say)}'
        f'<td data-stake="failure" data-value="0">{escape(say("0 (you are out)"))}</td>'
        f'<td data-expect="call" data-value="{stakes.call(q)}">{_expected(call, stakes.call(q))}</td></tr>'
        f'<tr><td>{escape(say("No katsu"))}</td>{_case("no call satori", stakes.no_call_satori, say)}'
        f'{_case("no call zatsunen", stakes.no_call_zatsunen, say)}'
        f'<td data-expect="no call" data-value="{stakes.no_call(q)}">{_expected(stay, stakes.no_call(q))}</td>'
        "</tr>")
    kind, words = verdict(q, stakes, basis, say)
    heads = "".join(f"<th>{escape(head)}</th>" for head in (
        say("You say"), say("If the card is satori"), say("If it is zatsunen"),
        say("On average, P(satori) = {p}", p=f"{q:.0%}")))
    intro = say("Your chance of winning in each case ({n} games played out by counting bots from positions drawn "
                "from what you see, under {basis}; ± one standard error):", n=ROLLOUTS, basis=basis)
    return (
        f"<div>{escape(intro)}</div>"
        f'<table class="cl-results"><thead><tr>{heads}</tr></thead><tbody>{grid}</tbody>'
        f"</table><div>{_break_even_words(stakes, say)}</div>"
        f'<div class="cl-verdict" data-verdict="{kind}">{escape(words)}</div>')


def _case(name: str, estimate: Any, say: Words = ENGLISH) -> str:
    """One simulated case of the grid: its chance ± its standard error, or "cannot happen" (no samples)."""
    data = (f'data-stake="{name}" data-value="{estimate.value}" data-error="{estimate.standard_error}" '
            f'data-samples="{estimate.samples}"')
    if not estimate.samples:
        return f'<td {data}>{escape(say("— (cannot happen)"))}</td>'
    return f"<td {data}>{percent(estimate.value, estimate.standard_error)}</td>"


def _expected(terms: Sequence[tuple[float, Any]], value: float) -> str:
    """An average written out: "60% × 39% + 40% × 30% = 23%" (the cases of weight 0 left out)."""
    shown = [f"{weight:.0%} × {estimate.value:.0%}" for weight, estimate in terms if weight]
    if not shown:
        return f"<b>{value:.0%}</b>"
    return f'{" + ".join(shown)} = <b>{value:.0%}</b>'


def _break_even_words(stakes: Any, say: Words = ENGLISH) -> str:
    """Where the two averages meet: the break-even P(satori) with its standard error, and how it is found."""
    be, error = stakes.break_even, stakes.break_even_error
    data = f'data-break-even="{be}" data-break-even-error="{error}"'
    if not stakes.success.samples:
        return say("The break-even P(satori): <b {data}>none</b> (the card cannot be satori).", data=data)
    if be >= 1:
        return say("The break-even P(satori): <b {data}>100%</b> (a success wins no more often than letting a "
                   "satori go: a call never pays).", data=data)
    if not stakes.no_call_zatsunen.samples:
        return say("The break-even P(satori): <b {data}>0%</b> (the card cannot be zatsunen, and a success beats "
                   "letting it go).", data=data)
    a, b, c = (f"{estimate.value:.0%}" for estimate in (stakes.no_call_zatsunen, stakes.success,
                                                         stakes.no_call_satori))
    return say("A call pays when P(satori) is above the break-even <b {data}>{be}</b>, where the two averages are "
               "equal: {a} ÷ ({b} − {c} + {a}).", data=data, be=percent(be, error), a=a, b=b, c=c)


def verdict(p: float, stakes: Any, basis: str, say: Words = ENGLISH) -> tuple[str, str]:
    """One line, and its kind: "call", "let it go", or "too close" when P(satori) ``p`` lies within two
    standard errors of the break-even of ``stakes`` (analysis.Stakes); the line in ``say``'s language.

    >>> from cardlib.satori.analysis import Estimate, Stakes
    >>> def stakes(success, satori, zatsunen, error=0.02):
    ...     return Stakes(*(Estimate(v, error, 100, 0) for v in (success, satori, zatsunen)), "counting")
    >>> [verdict(p, stakes(0.4, 0.1, 0.3), "the chosen model")[0] for p in (0.2, 0.5, 0.8)]
    ['let it go', 'too close', 'call']
    >>> from cardlib.satori.words import WORDS_JA
    >>> ja = Words("ja", WORDS_JA)  # the basis comes in the language of the line
    >>> verdict(0.8, stakes(0.4, 0.1, 0.3), ja("the chosen model"), ja)[1]
    '「喝!」をしましょう：事後確率80%（採用したモデル）は損益分岐点50%を上回っています（標準誤差2つ分を見込んでも：44%〜56%）。'
    """
    if not p:
        return "let it go", say("Let it go: the card cannot be satori ({basis}), and a call would put you out.",
                                basis=basis)
    be, error = stakes.break_even, stakes.break_even_error
    if be >= 1:
        return "let it go", say("Let it go: in these games a success won no more often than letting a satori go, "
                                "so a call never pays.")
    error = 0.0 if math.isnan(error) else error
    said = say("P(satori) {p} ({basis})", p=f"{p:.0%}", basis=basis)
    low, high = f"{max(0.0, be - 2 * error):.0%}", f"{min(1.0, be + 2 * error):.0%}"
    margin = say(", even allowing two standard errors ({low} to {high})", low=low, high=high) if error else ""
    if p > be + 2 * error:
        return "call", say("Call: {said} is above the break-even {be}{margin}.", said=said, be=f"{be:.0%}",
                           margin=margin)
    if p < be - 2 * error:
        return "let it go", say("Let it go: {said} is below the break-even {be}{margin}.", said=said,
                                be=f"{be:.0%}", margin=margin)
    lean = say("a call" if p > be else "no call")
    return "too close", say("Too close to tell: {said} is within two standard errors of the break-even {be} "
                            "({low} to {high}); it leans to {lean}.", said=said, be=f"{be:.0%}", low=low,
                            high=high, lean=lean)
