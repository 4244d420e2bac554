"""The Satori for the class: every Katsu window a student had, and the class beside the exact posterior.

Each Katsu window of the student is a row (``decision_row``; a turn's play is not recorded): who
played, that player's public story (the deal, then each play and what a Katsu showed of it), the
exact posterior that the card is satori under the bots' model (the coach's default, computed from
the observation as the student answered), the counting estimate, the student's hand and pile, the
whole public log so far, and the answer (``called``). When the game is over, ``round_rows`` adds
what the rules showed everyone about that card (a Katsu in the same window, or the runs shown at
the end) and how the game came out for the student.

The teacher's notebook pools a class's files and calls ``katsu_against_posterior``: the posterior
is recomputed from the story (the file's own value is not trusted), and the expected chances of
winning after a call and after no call come from the library's rollouts (``analysis.katsu_stakes``)
on the observation rebuilt from the row.

The log and the story are written in a short notation (``classroom_text``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Optional

from cardlib.core.agents import RandomAgent
from cardlib.core.class_files import BadValue, Both, Chance, Place, Seat, Text, Whole
from cardlib.core.classroom import mean_se, rate_se
from cardlib.satori.actions import DECK, KATSU, SATORI, WINDOW, ZATSUNEN, Observation
from cardlib.satori.beliefs import Model, Story, last_card_satori, story
from cardlib.satori.bots import BLUFF, BayesianBot, CountingBot, counted_chance
from cardlib.satori.classroom_text import cards_text, log_of, log_text, story_of, story_text

MODEL = Model(bluff=BLUFF, eager=True)  # the bots' own model: the coach's default (analysis.MODELS[BOTS])

COLUMNS: dict[str, type] = {
    "active": int,        # the seat whose card waits in the window
    "before": int,        # how many players said no katsu before you in this window
    "pile_size": int,     # that player's pile, the card waiting included (it lies at this height)
    "story": str,         # that player's public story, e.g. "3/2: play play:Z+ won play" (story_text)
    "posterior": str,     # exact P(satori | what you saw) under the bots' model, at the window ("" if impossible)
    "counted": str,       # the counting estimate: satori among that player's unseen cards
    "called": bool,       # your answer: Katsu! (yes) or no katsu (no)
    "hand": str,          # your hand, e.g. "S S Z"
    "pile": str,          # your pile, bottom first
    "log": str,           # the public log up to the window (log_text)
    "revealed": str,      # after the game: the card as the rules showed it to everyone, S or Z ("" never shown)
    "revealed_by": str,   # "your katsu", "another katsu" (later in the window), "runs shown" (at the end), ""
    "place": int,         # your place at the game's end (1 = won)
    "won": bool,          # you won the game
}

def posterior(told: Story, model: Model = MODEL) -> Optional[Fraction]:
    """The exact chance that the player's last unrevealed play is satori (None: the model cannot explain the story).

    >>> posterior(Story((3, 2), (("play", None),))), posterior(Story((3, 2), (("play", None),)), Model())
    (Fraction(3, 4), Fraction(3, 5))
    """
    try:
        return last_card_satori(told, model)
    except ValueError:
        return None


# --- the rows ------------------------------------------------------------------------------------

def decision_row(obs: Observation, action: Any) -> Optional[dict[str, Any]]:
    """Your answer in a Katsu window and what ``obs`` showed as you gave it (None for a turn's decision)."""
    if obs.phase != WINDOW or obs.current_player != obs.seat:
        return None
    active = obs.active
    told = story(obs.log, active)
    chance = posterior(told)
    since_play = obs.log[max(i for i, event in enumerate(obs.log) if event[0] == "play") + 1:]
    return {"active": active, "before": sum(kind == "no katsu" for kind, _, _ in since_play),
            "pile_size": len(obs.piles[active]), "story": story_text(told),
            "posterior": "" if chance is None else str(chance), "counted": str(counted_chance(obs)),
            "called": action == KATSU, "hand": cards_text(obs.hand), "pile": cards_text(obs.pile),
            "log": log_text(obs.log)}


def revealed(obs: Observation, row: dict[str, Any]) -> tuple[str, str]:
    """What the rules showed everyone about a window's card by the time of ``obs``: (S or Z or "", how)."""
    active, events = row["active"], obs.log[len(str(row["log"]).split()):]
    for i, (kind, seat, value) in enumerate(events):
        if kind == "katsu" and value == active:
            how = "your katsu" if seat == obs.seat else "another katsu"
            return events[i + 1][2], how
        if kind in ("play", "pass", "declare", "end"):  # the window closed with no Katsu
            break
    height = int(row["pile_size"])
    pile = obs.piles[active]
    if obs.result is not None and not obs.out[active] and len(pile) >= height and pile[height - 1] is not None:
        return pile[height - 1], "runs shown"  # it still lies where it was played: the end showed it
    return "", ""


def round_rows(obs: Observation, done: None, decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game's windows with what was revealed of each card and how the game came out, from ``obs`` only."""
    place = obs.result.places[obs.seat] if obs.result is not None else 0
    rows = []
    for row in decisions:
        card, how = revealed(obs, row)
        rows.append({**row, "revealed": card, "revealed_by": how, "place": place, "won": place == 1})
    return rows


SAMPLE_GAMES = 3  # games a sample student's file plays (tools/class_samples.py): a game of The Satori is short


def sample_students(players: int) -> list[Any]:
    """Students for the sample class files: Bayesian and counting bots (calling at 3/5 or 1/2), and random ones.

    >>> [type(agent).__name__ for agent in sample_students(3)]
    ['BayesianBot', 'CountingBot', 'RandomAgent', 'BayesianBot', 'CountingBot', 'RandomAgent']
    """
    half = Fraction(1, 2)
    return [BayesianBot(), CountingBot(), RandomAgent(), BayesianBot(threshold=half), CountingBot(threshold=half),
            RandomAgent()]


def observation_of(row: Any) -> Observation:
    """The student's observation in a row's Katsu window, rebuilt from the row's log, hand and pile."""
    players, me, log = int(row["players"]), int(row["seat"]), log_of(row["log"])
    dealt = log[0][2]
    sizes = [sum(dealt)] * players
    satori, zatsunen = [dealt[0]] * players, [dealt[1]] * players
    piles: list[list[Optional[str]]] = [[] for _ in range(players)]
    out = [False] * players
    target = active = log[0][1]
    for kind, seat, value in log:
        if kind == "play":
            active = seat
            sizes[seat] -= 1
            piles[seat].append(None)
        elif kind == "katsu":
            target = value
        elif kind == "reveal":
            piles[target].pop()
            if value == SATORI:
                piles[seat].append(SATORI)
                satori[target], satori[seat] = satori[target] - 1, satori[seat] + 1
            else:
                sizes[target] += 1
        elif kind == "out":
            out[seat], sizes[seat], satori[seat], zatsunen[seat], piles[seat] = True, 0, 0, 0, []
        elif kind == "receives" and value is not None:
            sizes[seat], satori[seat] = sizes[seat] + 1, satori[seat] + 1
    piles[me] = list(str(row["pile"]).split())
    return Observation(seat=me, players=players, current_player=me, log=log, result=None, phase=WINDOW,
                       active=active, hand=tuple(str(row["hand"]).split()), piles=tuple(map(tuple, piles)),
                       hand_sizes=tuple(sizes), satori=tuple(satori), zatsunen=tuple(zatsunen), out=tuple(out),
                       declarer=None)


# --- what a row's values may be ------------------------------------------------------------------

def cards_problem(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not cards written S and Z (at most the deck's 25), or None.

    >>> cards_problem("S S Z", {}), cards_problem("99 99 99", {})
    (None, "'99' is not a card: S (satori) or Z (zatsunen)")
    """
    cards = text.split()
    wrong = [card for card in cards if card not in (SATORI, ZATSUNEN)]
    if wrong:
        return f"{wrong[0][:20]!r} is not a card: S (satori) or Z (zatsunen)"
    return f"{len(cards)} cards: more than the deck's {sum(DECK.values())}" if len(cards) > sum(DECK.values()) else None


def story_problem(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not a player's story as ``story_text`` writes it, or None."""
    told = story_of(text)
    if story_text(told) != " ".join(text.split()):
        return f"{text[:40]!r} is not a story as the app writes it"
    return None


def log_problem(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not the public log of a Katsu window the row's seat answers (its seats at the
    table, its deal within the deck, the student's hand and the active player's story as it tells), or None."""
    log, players = log_of(text), row["players"]
    if log_text(log) != " ".join(text.split()):
        return f"{text[:40]!r} is not a log as the app writes it"
    if not log or log[0][0] != "deal":
        return "a log starts with the deal (D)"
    satori, zatsunen = log[0][2]
    if not (0 < satori * players <= DECK[SATORI] and 0 <= zatsunen * players <= DECK[ZATSUNEN]):
        return f"a deal of {satori}/{zatsunen} to {players} players: more than the deck holds"
    for kind, seat, value in log:
        if seat is not None and not 0 <= seat < players or kind == "katsu" and not 0 <= value < players:
            return f"a seat beyond the table of {players} in the log"
    obs = observation_of({**row, "log": text})
    if obs.active == obs.seat or obs.out[obs.seat]:
        return "the log does not end in a Katsu window of another player's card"
    if obs.active != row["active"]:
        return f"the log's card waiting is seat {obs.active}'s, not seat {row['active']}'s"
    if story_text(story(log, obs.active)) != row["story"]:
        return "the story is not what the log tells"
    if len(obs.hand) != obs.hand_sizes[obs.seat] or obs.hand.count(SATORI) > obs.satori[obs.seat]:
        raise BadValue(f"{len(obs.hand)} cards, where the log leaves the seat {obs.hand_sizes[obs.seat]}", column="hand")
    return None


VALUES: dict[str, Any] = {
    "players": Whole(2, 5),
    "active": Both(Seat(), lambda active, row: "the seat's own card: no Katsu window" if active == row["seat"] else None),
    "before": Whole(0, 4),
    "pile_size": Whole(1, sum(DECK.values())),
    "story": Text(check=story_problem, required=True),
    "posterior": Chance(),
    "counted": Chance(),
    "hand": Text(check=cards_problem),  # empty only where the log leaves the seat no cards (checked with the log)
    "pile": Text(check=cards_problem),
    "log": Text(check=log_problem, required=True),
    "revealed": Text(choices=(SATORI, ZATSUNEN, "")),
    "revealed_by": Text(choices=("your katsu", "another katsu", "runs shown", "")),
    "place": Place(),
}


# --- the class beside the exact answers -----------------------------------------------------------

BANDS = tuple(Fraction(k, 5) for k in range(6))  # posterior bands (0, 1/5], ..., (4/5, 1]; 0 joins the first


def band_of(p: Fraction, edges: Sequence[Fraction] = BANDS) -> str:
    """The band a posterior falls in, as "low–high" (closed on the right; the lowest edge joins the first band).

    >>> band_of(Fraction(3, 5)), band_of(Fraction(3, 4)), band_of(Fraction(0))
    ('2/5–3/5', '3/5–4/5', '0–1/5')
    """
    for low, high in zip(edges, edges[1:]):
        if p <= high:
            return f"{low}–{high}"
    raise ValueError(f"a posterior is a chance from {edges[0]} to {edges[-1]}, not {p}")


MOVES_A_ROLLOUT = 1_000  # a game of The Satori ends in a few hundred decisions at most (25 cards)


class RolloutTooLong(RuntimeError):
    """A rollout went on past its budget of moves: the window's stakes are left out."""


class Bounded:
    """An agent that plays as ``agent`` until a shared budget of moves is spent, then stops the rollout."""

    def __init__(self, agent: Any, budget: list[int]) -> None:
        self.agent, self.budget, self.name = agent, budget, getattr(agent, "name", type(agent).__name__)

    def act(self, obs: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The agent's move, or RolloutTooLong once the budget is spent."""
        self.budget[0] -= 1
        if self.budget[0] < 0:
            raise RolloutTooLong("a rollout went on past its budget of moves")
        return self.agent.act(obs, legal, rng)


def bounded_stakes(row: Any, rollouts: int, seed: int, model: Model) -> Optional[Any]:
    """``katsu_stakes`` at a row's window, with every rollout bounded in moves (None if one ran past them)."""
    from cardlib.satori.analysis import katsu_stakes

    obs = observation_of(row)
    budget = [MOVES_A_ROLLOUT * 3 * rollouts]  # three branches a rollout
    agents = [Bounded(CountingBot(), budget)] * obs.players
    try:
        return katsu_stakes(obs, rollouts=rollouts, seed=seed, agents=agents, model=model)
    except (RolloutTooLong, ValueError):
        return None


def katsu_against_posterior(table: Any, edges: Sequence[Fraction] = BANDS, rollouts: int = 20,
                            per_band: int = 6, seed: int = 0, model: Model = MODEL) -> Any:
    """Every Katsu window of the class in bands of the exact posterior: the call rate, how often a call was right,
    and the expected chance of winning after a call and after no call (``katsu_stakes``' rollouts).

    The posterior is recomputed from each row's story under ``model`` (by default the bots' own, which
    is exact against the app's bots: they bluff 1/4 and declare at once; rows a model cannot explain
    are left out). In each band: ``windows``, ``calls``, ``call_rate`` ± ``call_rate_se``; the exact
    mean ``posterior`` (a Fraction: the share of satori the band's cards should hold); ``right`` of
    the calls and ``right_rate`` ± se beside ``right_exact``, the mean posterior of the calls (the
    exact chance they were right). With ``rollouts``, up to ``per_band`` windows a band (seeded
    choice) get the library's stakes (counting bots play the game out from worlds drawn under
    ``model``): ``ev_call`` and ``ev_no_call``, the student's expected chance of winning after a call
    and after no call at the window's posterior (mean ± se over ``ev_windows``).
    """
    import pandas as pd

    rng = random.Random(seed)
    groups: dict[str, list[tuple[Fraction, Any]]] = {band_of(e, edges): [] for e in edges[1:]}
    for _, row in table.iterrows():
        p = posterior(story_of(row["story"]), model)
        if p is not None:
            groups[band_of(p, edges)].append((p, row))
    rows = []
    for band, found in groups.items():
        calls = [(p, row) for p, row in found if bool(row["called"])]
        right = sum(row["revealed"] == SATORI for _, row in calls)
        rate = len(calls) / len(found) if found else float("nan")
        right_rate = right / len(calls) if calls else float("nan")
        chosen = rng.sample(found, min(per_band, len(found))) if rollouts else []
        found_stakes = [(p, bounded_stakes(row, rollouts, seed, model)) for p, row in chosen]
        stakes = [(p, s) for p, s in found_stakes if s is not None]
        ev_call = mean_se([s.call(float(p)) for p, s in stakes])
        ev_no_call = mean_se([s.no_call(float(p)) for p, s in stakes])
        mean_p = sum((p for p, _ in found), Fraction(0)) / len(found) if found else None
        right_exact = sum((p for p, _ in calls), Fraction(0)) / len(calls) if calls else None
        rows.append({"band": band, "windows": len(found), "calls": len(calls), "call_rate": rate,
                     "call_rate_se": rate_se(rate, len(found)), "posterior": mean_p,
                     "posterior_float": float(mean_p) if mean_p is not None else float("nan"),
                     "right": right, "right_rate": right_rate, "right_rate_se": rate_se(right_rate, len(calls)),
                     "right_exact": right_exact,
                     "right_exact_float": float(right_exact) if right_exact is not None else float("nan"),
                     "ev_call": ev_call[0], "ev_call_se": ev_call[1], "ev_no_call": ev_no_call[0],
                     "ev_no_call_se": ev_no_call[1], "ev_windows": len(stakes)})
    return pd.DataFrame(rows)


def headline(table: Any) -> tuple[Any, Any]:
    """The live dashboard's headline: Katsu calls and right calls by band of the exact posterior (a few
    seeded rollouts a band, so its time is bounded), and its plot (a ``Figure``; None without data)."""
    from matplotlib.figure import Figure

    katsu = katsu_against_posterior(table, rollouts=10, per_band=3, seed=0)
    points = katsu[katsu["windows"] > 0]
    shown = points.set_index("band")[["windows", "calls", "call_rate", "call_rate_se", "posterior", "right",
                                      "right_rate", "right_exact", "ev_call", "ev_no_call"]]
    if not len(shown):
        return shown, None
    ax = (figure := Figure(figsize=(7, 3.4), layout="constrained")).subplots()
    ax.errorbar(points["posterior_float"], points["call_rate"], yerr=1.96 * points["call_rate_se"], fmt="o",
                capsize=3, label="the class's call rate")
    ax.errorbar(points["posterior_float"], points["right_rate"], yerr=1.96 * points["right_rate_se"], fmt="s",
                capsize=3, label="calls that were right")
    ax.plot([0, 1], [0, 1], ":", color="grey", label="right as often as the posterior says")
    ax.set_xlabel("exact posterior P(satori | what you saw)"); ax.set_ylim(-0.05, 1.05); ax.legend()
    return shown, figure
