"""The Satori's class data split by who played whom: people's Katsu calls and people's bluffs beside the
posterior, apart from the bots'. The lesson The Satori was made for: do people bluff as often as they should?

Every row is one student's answer in a Katsu window (``classroom.decision_row``). Its ``by`` says who
answered (``person``; ``bot``, the student's bot while they were away; ``default``, no answer in the
window's time, which is no call) and its ``people`` which seats were people, so the card waiting in the
window (``active``) was a person's or a bot's (``who_played``). A row of a game against the bots names
only the student's own seat: a person calling on a bot's card. (A person's card played by their bot while
they were away counts as the person's: the row does not say who played the card.)

- ``katsu_by_who``: ``classroom.katsu_against_posterior`` for each pair (who answered, whose card), without
  the rollouts, so its time is that of the posteriors alone.
- ``bluffs``: each card counted once (``first_seen``: the row of the first person the window asked), by
  whose card it was: of those the rules revealed, how many were zatsunen beside the share the bots' model
  expects (one minus the exact posterior), and, of those played while the player surely held both kinds
  (``sure_choice``: a choice, so a zatsunen is a bluff), how many were bluffs, beside the bots' rate.
  Whether a Katsu reveals a card depends only on what everyone saw, not on the card, so those are a fair
  sample of the cards with the same story; the cards shown at the game's end lean a little (300 games of
  sample students against the bots, who bluff 1/4: 0.24 ± 0.02 of all their sure choices revealed were
  bluffs, 0.15 ± 0.04 of those shown at the end).
- ``people_headline``: the dashboard's headline in place of ``classroom.headline`` when ``played_people``
  says the class has tables of people (``cardlib.ui.dashboard`` looks for this room).

>>> who_played({"people": "0 2", "by": "person", "active": 2})
('person', 'person')
>>> who_played({"people": "0", "by": "person", "active": 1})    # a game against the bots
('person', 'bot')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardlib.core.classroom import NOT_ENOUGH, rate_se
from cardlib.satori.actions import SATORI, ZATSUNEN
from cardlib.satori.beliefs import Model, Story, worlds
from cardlib.satori.bots import BLUFF
from cardlib.satori.classroom import BANDS, MODEL, katsu_against_posterior, log_of, posterior, story_of

__all__ = ["who_played", "first_seen", "sure_choice", "katsu_by_who", "bluffs", "reading", "people_headline",
           "BOTS_BLUFF", "EQUILIBRIUM_FIRST_BLUFF", "CALLERS", "CARDS"]

# The rate the app's bots bluff at (bots.BLUFF: a zatsunen when they hold both kinds), the model under which the
# posterior is exact. The class's game has no known equilibrium; the only exact one cardlib has is the small
# two-player game's (2 satori and 1 zatsunen each): its first player bluffs on the first card 9/31 of the time in
# every equilibrium (equilibrium.first_bluff_range(), by the sequence-form LP).
BOTS_BLUFF = BLUFF
EQUILIBRIUM_FIRST_BLUFF = Fraction(9, 31)

CALLERS = {"person": "people", "bot": "bots for students away", "default": "no answer in time"}
CARDS = {"person": "people's cards", "bot": "bots' cards"}


def who_played(row: Mapping[str, Any]) -> tuple[str, str]:
    """Who answered a row's window and whose card waited in it: (``by``, "person" or "bot").

    >>> who_played({"people": "0 2", "by": "default", "active": 1})
    ('default', 'bot')
    """
    people = {int(seat) for seat in str(row["people"]).split()}
    return str(row["by"]), "person" if int(row["active"]) in people else "bot"


def first_seen(row: Mapping[str, Any]) -> bool:
    """Whether the row's student was the first person the window asked about its card: no person still in sat
    between the card's seat and the row's (clockwise), so no other row holds the same card before this one.

    >>> row = {"people": "0 1 2", "players": 4, "seat": 1, "active": 3, "log": "D3:3/2 P3 N0"}
    >>> first_seen(row), first_seen({**row, "seat": 0, "log": "D3:3/2 P3"})
    (False, True)
    """
    people = {int(seat) for seat in str(row["people"]).split()}
    out = {seat for kind, seat, _ in log_of(row["log"]) if kind == "out"}
    players, active, seat = int(row["players"]), int(row["active"]), int(row["seat"])
    between = [(active + step) % players for step in range(1, (seat - active) % players)]
    return not any(other in people and other not in out for other in between)


def sure_choice(told: Story) -> bool:
    """Whether the player surely held both kinds when they played the story's last card (every hidden state the
    rules allow before it has a satori and a zatsunen in hand): then a zatsunen was a bluff.

    >>> [sure_choice(story_of(told)) for told in ("3/2: play", "1/2: play play", "1/2: play:Z+ play")]
    [True, False, True]
    """
    before = Story(told.dealt, told.steps[:-1])
    return all(s > 0 and z > 0 for s, z, _ in worlds(before, Model()))


def groups_of(table: Any) -> dict[tuple[str, str], Any]:
    """The rows of each pair (who answered, whose card), in the order of ``CALLERS`` and ``CARDS``."""
    pairs = [who_played(row) for _, row in table.iterrows()]
    return {(by, card): table.loc[[pair == (by, card) for pair in pairs]] for by in CALLERS for card in CARDS}


KATSU_COLUMNS = ["band", "windows", "calls", "call_rate", "call_rate_se", "posterior", "posterior_float", "right",
                 "right_rate", "right_rate_se", "right_exact", "right_exact_float"]


def katsu_by_who(table: Any, edges: Sequence[Fraction] = BANDS, model: Model = MODEL) -> Any:
    """``katsu_against_posterior`` (no rollouts) for each pair: ``called_by`` (people, bots for students away, no
    answer in time) and ``card_of`` (people's cards, bots' cards); every band of every pair, ``windows`` 0 if empty."""
    import pandas as pd

    parts = []
    for (by, card), rows in groups_of(table).items():
        found = katsu_against_posterior(rows, edges, rollouts=0, model=model)[KATSU_COLUMNS]
        parts.append(found.assign(called_by=CALLERS[by], card_of=CARDS[card]))
    return pd.concat(parts, ignore_index=True)[["called_by", "card_of", *KATSU_COLUMNS]]


def bluffs(table: Any, model: Model = MODEL) -> Any:
    """Each card counted once, by whose it was: ``cards``; ``revealed`` by the rules, of them ``zatsunen``
    (``zatsunen_rate`` ± se) beside ``zatsunen_exact``, the share the bots' model expects (the mean of one minus
    the posterior over the revealed cards it explains; None if none); ``choices``, the revealed cards played
    while the player surely held both kinds, of them ``bluffs`` (``bluff_rate`` ± se) beside ``bots_bluff``."""
    import pandas as pd

    lines = []
    for card, name in CARDS.items():
        rows = [row for _, row in table.iterrows() if who_played(row)[1] == card and first_seen(row)]
        shown = [row for row in rows if row["revealed"] in (SATORI, ZATSUNEN)]
        zatsunen = sum(row["revealed"] == ZATSUNEN for row in shown)
        chances = [p for p in (posterior(story_of(row["story"]), model) for row in shown) if p is not None]
        choices = [row for row in shown if sure_choice(story_of(row["story"]))]
        bluffed = sum(row["revealed"] == ZATSUNEN for row in choices)
        rate = zatsunen / len(shown) if shown else float("nan")
        bluff_rate = bluffed / len(choices) if choices else float("nan")
        exact = 1 - sum(chances, Fraction(0)) / len(chances) if chances else None
        lines.append({"card_of": name, "cards": len(rows), "revealed": len(shown), "zatsunen": zatsunen,
                      "zatsunen_rate": rate, "zatsunen_rate_se": rate_se(rate, len(shown)), "zatsunen_exact": exact,
                      "zatsunen_exact_float": float(exact) if exact is not None else float("nan"),
                      "choices": len(choices), "bluffs": bluffed, "bluff_rate": bluff_rate,
                      "bluff_rate_se": rate_se(bluff_rate, len(choices)), "bots_bluff": BOTS_BLUFF})
    return pd.DataFrame(lines).set_index("card_of")


def reading(found: Any) -> str:
    """One sentence on people's bluffs (a ``bluffs`` table) beside the bots' rate and the small game's equilibrium.

    >>> import pandas as pd
    >>> reading(pd.DataFrame({"choices": [40, 30], "bluffs": [20, 7]}, index=list(CARDS.values())))
    "People bluffed on 20 of 40 revealed cards played holding both kinds (0.50 ± 0.08): more often than the bots' 1/4 (the small game's equilibrium: 9/31 ≈ 0.29)."
    """
    people, bots = found.loc[CARDS["person"]], found.loc[CARDS["bot"]]
    if not people["choices"]:
        return ("No revealed sure choice of a person yet: this class's data are people calling on bots' cards."
                if bots["choices"] else f"People's bluffs: {NOT_ENOUGH}.")
    rate = people["bluffs"] / people["choices"]
    se, bots_rate = rate_se(rate, int(people["choices"])), float(BOTS_BLUFF)
    compare = ("about as often as" if abs(rate - bots_rate) <= 2 * se else
               "more often than" if rate > bots_rate else "less often than")
    return (f"People bluffed on {people['bluffs']} of {people['choices']} revealed cards played holding both kinds "
            f"({rate:.2f} ± {se:.2f}): {compare} "
            f"the bots' {BOTS_BLUFF} (the small game's equilibrium: {EQUILIBRIUM_FIRST_BLUFF} ≈ "
            f"{float(EQUILIBRIUM_FIRST_BLUFF):.2f}).")


def played_people(table: Any) -> bool:
    """Whether any row comes from a table of people (its ``people`` names more than the student's own seat)."""
    return bool(len(table)) and any(len(str(text).split()) > 1 for text in table["people"])


def people_headline(table: Any) -> tuple[Any, Any, list[tuple[str, Any]]]:
    """The live dashboard's headline for a class with tables of people: people's calls by band of the exact
    posterior, on people's cards and on bots' cards; a plot of them and of the bluff rates; and the bluff table."""
    from matplotlib.figure import Figure

    katsu = katsu_by_who(table)
    people = katsu[(katsu["called_by"] == CALLERS["person"]) & (katsu["windows"] > 0)]
    shown = people.set_index(["card_of", "band"])[["windows", "calls", "call_rate", "call_rate_se", "posterior",
                                                   "right", "right_rate", "right_exact"]]
    found = bluffs(table)
    columns = ["cards", "revealed", "zatsunen", "zatsunen_rate", "zatsunen_exact_float", "choices", "bluffs",
               "bluff_rate", "bluff_rate_se", "bots_bluff"]
    more = [("Bluffs: the cards revealed (each counted once) beside the bots' model",
             found[found["cards"] > 0][columns].rename(columns={"zatsunen_exact_float": "zatsunen_exact"}))]
    if not len(shown) and not found["cards"].sum():
        return shown, None, more
    figure = Figure(figsize=(8, 3.4), layout="constrained")
    calls, bluffed = figure.subplots(1, 2, width_ratios=(2, 1))
    for (card, points), marker, shift in zip(people.groupby("card_of", sort=False), "os", (-0.01, 0.01)):
        calls.errorbar(points["posterior_float"] + shift, points["call_rate"], yerr=1.96 * points["call_rate_se"],
                       fmt=marker, capsize=3, label=f"people's calls on {card}")  # shifted: side by side
    calls.plot([0, 1], [0, 1], ":", color="grey")
    calls.set_xlabel("exact posterior P(satori | what you saw)"); calls.set_ylabel("call rate")
    calls.set_ylim(-0.05, 1.05); calls.set_title("Katsu calls (95% intervals)")
    if len(people):
        calls.legend(fontsize="small")
    draw_bluffs(bluffed, found)
    return shown, figure, more


def draw_bluffs(ax: Any, found: Any) -> None:
    """The bluff rates of people's and bots' cards (95% intervals) beside the bots' rate and the small game's
    equilibrium first bluff."""
    ax.errorbar(range(len(found)), found["bluff_rate"], yerr=1.96 * found["bluff_rate_se"], fmt="D", capsize=3)
    ax.axhline(float(BOTS_BLUFF), ls="--", color="grey", label=f"bots bluff {BOTS_BLUFF}")
    ax.axhline(float(EQUILIBRIUM_FIRST_BLUFF), ls=":", color="black",
               label=f"equilibrium, small game: {EQUILIBRIUM_FIRST_BLUFF}")
    ax.set_xticks(range(len(found)), [name.split("'")[0] for name in found.index])
    ax.set_xlim(-0.5, len(found) - 0.5); ax.set_ylim(-0.05, 1.05); ax.set_ylabel("bluff rate")
    ax.legend(fontsize="small"); ax.set_title("bluffs among sure choices")
