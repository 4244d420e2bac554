"""The Satori: the mathematics of a face-down card (Bayes' rule), and the stakes of calling Katsu.

- ``p_satori(obs, model)``: the exact posterior (a Fraction) that the card just played is satori,
  for the seat deciding on Katsu, under a named model of how the player chooses their cards;
- ``bayes_table``: the same computation as a table, one row per history of the player's hidden
  plays: prior × likelihood → posterior;
- ``posterior_in_bluff``: the posterior as a formula in the bluff rate b (sympy);
- ``satori_by_position``: for a fresh hand, the chance that card 1, 2, ... is satori, each a formula in b;
- ``p_satori_by_rejection``: the check by simulation: games played by the model, kept only when
  their public log is the one observed;
- ``katsu_stakes``: what a success and a failure each do to the caller's chance of winning, and
  so the break-even probability of a call (by seeded rollouts, with standard errors).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

import sympy

from cardlib.core.estimates import Estimate, share
from cardlib.satori.actions import (
    DECLARE, DECLARE_RUN, KATSU, NO_KATSU, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, WINDOW, ZATSUNEN, Observation, parse,
    top_run,
)
from cardlib.satori.beliefs import UNIFORM, Model, Story, last_card_satori, story
from cardlib.satori.bots import CountingBot
from cardlib.satori.rules import Game, State
from cardlib.satori.world import world

__all__ = [
    "BOTS", "BayesRow", "Estimate", "LESSON_MOVES", "STAKES_MOVES", "MODELS", "Stakes", "bayes_table", "position", "katsu_stakes", "p_satori",
    "p_satori_by_rejection", "posterior_in_bluff", "satori_by_position",
]

# The models the lesson and the coach name: how a player might choose the card to play.
BOTS = "bluffs 1/4, declares at once (the bots)"
MODELS: dict[str, Model] = {
    "uniform from hand": UNIFORM,
    BOTS: Model(bluff=Fraction(1, 4), eager=True),
    "never bluffs": Model(bluff=Fraction(0)),
}


# The lesson's position (three players): player 0's second card was called by player 2 and was a
# zatsunen, so player 2 is out and player 0 took it back with a satori; now player 0 plays again.
LESSON_MOVES = ("play satori / no katsu / no katsu / play satori / no katsu / no katsu / play satori / no katsu / "
                "no katsu / play zatsunen / no katsu / katsu / play zatsunen / no katsu / play satori")


# Two Katsu windows of the lesson's stakes (three players, two rounds without a call): player 0 has
# played satori three times, so an unchallenged satori lets them declare next turn. You are player 1,
# asked first; only your own pile differs: a success makes your run 1 in the first, 2 in the second.
_ROUND = " / no katsu / no katsu / "
STAKES_MOVES = {
    "your pile S Z": _ROUND.join(["play satori", "play satori", "play zatsunen", "play satori", "play zatsunen",
                                  "play satori", "play satori"]),
    "your pile Z S": _ROUND.join(["play satori", "play zatsunen", "play zatsunen", "play satori", "play satori",
                                  "play satori", "play satori"]),
}


def position(moves: str, game: Optional[Game] = None) -> State:
    """The game reached by ``moves``, written in the notation and separated by " / " (a stacked scenario).

    >>> position("play satori / no katsu").current_player
    2
    """
    state = (game or Game()).new()
    for text in moves.split("/"):
        state.apply(parse(text))
    return state


def _waiting(obs: Observation) -> int:
    """The player whose card waits in the Katsu window (ValueError outside a window)."""
    if obs.phase != WINDOW:
        raise ValueError("no card is waiting: p_satori asks about the card just played, in the Katsu window")
    return obs.active  # type: ignore[return-value]


def p_satori(obs: Observation, model: Model = UNIFORM) -> Fraction:
    """The posterior that the card just played is satori, for the seat of ``obs``, under ``model``.

    >>> from cardlib.satori import Game, PLAY_SATORI
    >>> state = Game().new(); state.apply(PLAY_SATORI)
    >>> p_satori(state.observation(1)), p_satori(state.observation(1), Model(bluff=Fraction(1, 4)))
    (Fraction(3, 5), Fraction(3, 4))
    """
    player = _waiting(obs)
    if player == obs.seat:  # the player who played knows their own card
        return Fraction(obs.pile[-1] == SATORI)
    return last_card_satori(story(obs.log, player), model)


@dataclass(frozen=True)
class BayesRow:
    """One history of a player's hidden plays: its prior, the likelihood of the evidence, its posterior."""

    plays: str            # the hidden cards of the unrevealed plays, in order, e.g. "S Z S"
    prior: Fraction       # the model's chance of choosing those cards
    likelihood: Fraction  # the chance of what the table saw (revealed cards, no declaration) given them
    posterior: Fraction   # prior × likelihood, normalised
    last: str             # the card waiting now: the last of the hidden plays


def bayes_table(told: Story, model: Model = UNIFORM) -> list[BayesRow]:
    """Bayes' rule written out: every history of the story's hidden plays, prior × likelihood → posterior.

    >>> rows = bayes_table(Story((3, 2), (("play", None), ("play", "Z", True), ("play", None))))
    >>> [(row.plays, row.prior, row.likelihood, row.posterior) for row in rows]
    [('S S', Fraction(9, 25), Fraction(1, 2), Fraction(9, 20)), ('S Z', Fraction(6, 25), Fraction(1, 2), Fraction(3, 10)), ('Z S', Fraction(8, 25), Fraction(1, 4), Fraction(1, 5)), ('Z Z', Fraction(2, 25), Fraction(1, 4), Fraction(1, 20))]
    """
    paths: list[tuple[tuple[str, ...], Fraction, Fraction, int, int, tuple[str, ...]]] = [
        ((), Fraction(1), Fraction(1), told.dealt[0], told.dealt[1], ())]
    for step in told.steps:
        grown = []
        for plays, prior, likelihood, s, z, pile in paths:
            if step[0] in ("play", "pass") and model.eager and top_run(pile) >= DECLARE_RUN:
                likelihood = Fraction(0)  # an eager player would have declared instead
            if step[0] == "won":
                grown.append((plays, prior, likelihood, s, z, pile + (SATORI,)))
            elif step[0] == "pass":
                grown.append((plays, prior, likelihood * (s + z == 0), s, z, pile))
            else:
                p_s, p_z = model.chances(s, z)
                if step[1] is None:
                    if s:
                        grown.append((plays + (SATORI,), prior * p_s, likelihood, s - 1, z, pile + (SATORI,)))
                    if z:
                        grown.append((plays + (ZATSUNEN,), prior * p_z, likelihood, s, z - 1, pile + (ZATSUNEN,)))
                elif step[1] == SATORI:
                    grown.append((plays, prior, likelihood * p_s, s - 1, z, pile))
                else:
                    grown.append((plays, prior, likelihood * p_z, s + step[2], z, pile))
        paths = [path for path in grown if path[1]]
    evidence = sum((prior * likelihood for _, prior, likelihood, *_ in paths), Fraction(0))
    if not evidence:
        raise ValueError(f"a player who {model} could not have played as this one did")
    return [BayesRow(" ".join(plays), prior, likelihood, prior * likelihood / evidence, plays[-1] if plays else "")
            for plays, prior, likelihood, *_ in paths]


def posterior_in_bluff(told: Story) -> sympy.Expr:
    """The posterior that the player's last hidden play is satori, as a formula in the bluff rate b.

    The player is not eager: not declaring says nothing here (``Model(bluff=b)``).

    >>> posterior_in_bluff(Story((3, 2), (("play", None), ("play", None))))
    1 - b
    """
    b = sympy.Symbol("b")
    total = favourable = sympy.Integer(0)
    for row in bayes_table(told, Model(bluff=Fraction(1, 2))):  # every history possible at b = 1/2
        weight = sympy.Integer(1)
        s, z = told.dealt
        hidden = iter(row.plays.split())
        pile: list[str] = []
        for step in told.steps:
            if step[0] not in ("play",):
                pile += [SATORI] if step[0] == "won" else []
                continue
            card = next(hidden) if step[1] is None else step[1]
            weight *= (1 - b if card == SATORI else b) if s and z else 1
            s, z = (s - 1, z) if card == SATORI else (s, z - 1)
            if step[1] == ZATSUNEN:
                s, z = s + step[2], z + 1
        total += weight
        favourable += weight if row.last == SATORI else 0
    return sympy.factor(sympy.simplify(favourable / total))


def satori_by_position(dealt: tuple[int, int] = (3, 2)) -> list[sympy.Expr]:
    """For a player dealt ``dealt`` (satori, zatsunen) who bluffs at rate b: the chance that their 1st, 2nd, ...
    card is satori, each a formula in b (no card seen, no declaration read as evidence).

    A rare bluffer (b near 0) plays S S S Z Z, so the fourth card is the first that is almost surely a zatsunen.

    >>> satori_by_position()[:3]
    [1 - b, 1 - b, b**3 - b + 1]
    """
    return [sympy.expand(posterior_in_bluff(Story(dealt, (("play", None),) * cards)))
            for cards in range(1, sum(dealt) + 1)]


def game_of(obs: Observation) -> Game:
    """The game (players, first player, cards dealt) an observation comes from: its log's deal says it."""
    start, dealt = next((seat, value) for kind, seat, value in obs.log if kind == "deal")
    return Game(players=obs.players, start=start, satori=dealt[0], zatsunen=dealt[1])


def p_satori_by_rejection(obs: Observation, model: Model = UNIFORM, games: int = 20_000, seed: int = 0,
                          call: Optional[Fraction] = None) -> Estimate:
    """The check by simulation: ``games`` games where everyone plays their cards by ``model``; those
    whose public log matches ``obs`` up to now are kept, and the share of them with a satori waiting
    is the estimate.

    The Katsu answers must not depend on the hidden cards, or they would be evidence the posterior
    leaves out. By default each window is answered as the observed log answered it (what was
    public then is the same in every kept game); ``call`` instead calls at that fixed rate.
    """
    player = _waiting(obs)
    game, log, rng = game_of(obs), list(obs.log), random.Random(seed)
    kept = hits = 0
    for _ in range(games):
        state = game.new()
        while len(state._log) < len(log) and state._log == log[:len(state._log)]:
            state.apply(_by_model(state, model, call, rng, log))
        if state._log == log and state.current_player == obs.current_player:
            kept += 1
            hits += state.pile(player)[-1] == SATORI
    return share(hits, kept, seed)


def _by_model(state: State, model: Model, call: Optional[Fraction], rng: random.Random, log: list) -> Any:
    """The simulator's move for the current player, read straight from the state (fast): the cards by
    ``model``, a Katsu answer as the log gave it (or at rate ``call``)."""
    if state.phase == WINDOW:
        if call is None:
            said = log[len(state._log)]
            return KATSU if said[0] == "katsu" and said[1] == state.current_player else NO_KATSU
        return KATSU if rng.random() < call else NO_KATSU
    legal = state.legal_actions()
    if model.eager and DECLARE in legal:
        return DECLARE
    hand = state.hand(state.current_player)
    if not hand:
        return legal[0]
    p_s, _ = model.chances(hand.count(SATORI), hand.count(ZATSUNEN))
    return PLAY_SATORI if rng.random() < p_s else PLAY_ZATSUNEN


@dataclass(frozen=True)
class Stakes:
    """What a Katsu call does to the caller's chance of winning (W), estimated by rollouts.

    A failure eliminates the caller: W is then exactly 0. A success (the card was satori) is one
    estimate; no call is two, because letting the card go is not the same when it is satori (its
    player keeps it) and when it is zatsunen. With posterior p, a call is worth p × success and no
    call p × no call | satori + (1 − p) × no call | zatsunen; the break-even p makes them equal.
    """

    success: Estimate
    no_call_satori: Estimate
    no_call_zatsunen: Estimate
    agents: str

    @property
    def failure(self) -> Fraction:
        """The chance of winning after a failed call: none, the caller is eliminated."""
        return Fraction(0)

    def call(self, p: float) -> float:
        """The expected chance of winning if you call, for a posterior p that the card is satori."""
        return p * self.success.value if p else 0.0

    def no_call(self, p: float) -> float:
        """The expected chance of winning if you let the card go, for a posterior p."""
        satori = p * self.no_call_satori.value if p else 0.0
        return satori + ((1 - p) * self.no_call_zatsunen.value if p < 1 else 0.0)

    def _parts(self) -> tuple[float, float, float]:
        """(no call | zatsunen, success, no call | satori): the three chances of the break-even."""
        return self.no_call_zatsunen.value, self.success.value, self.no_call_satori.value

    @property
    def break_even(self) -> float:
        """The posterior above which calling raises the chance of winning: no call | Z / (success − no call | S + no call | Z).

        1 when no posterior makes a call pay (or the card cannot be satori); 0 when the card cannot be zatsunen
        and a success beats letting it go.
        """
        if not self.success.samples:
            return 1.0
        if not self.no_call_zatsunen.samples:
            return 0.0 if self.success.value > self.no_call_satori.value else 1.0
        a, b, c = self._parts()
        gain = b - c + a
        return min(1.0, a / gain) if gain > 0 else 1.0

    @property
    def break_even_error(self) -> float:
        """The break-even's standard error (the delta method, the three estimates independent)."""
        if not self.success.samples or not self.no_call_zatsunen.samples:
            return 0.0
        a, b, c = self._parts()
        gain = b - c + a
        if gain <= 0 or a >= gain:
            return 0.0
        da, db, dc = (b - c) / gain ** 2, -a / gain ** 2, a / gain ** 2
        return math.sqrt((da * self.no_call_zatsunen.standard_error) ** 2 + (db * self.success.standard_error) ** 2
                         + (dc * self.no_call_satori.standard_error) ** 2)


MOST_MOVES = 1_000  # a game of 25 cards ends in a few hundred decisions: more means a world that cannot end


def _finish(state: State, agents: Sequence[Any], rng: random.Random) -> State:
    """Play a state to its end with the agents (ValueError if it has not ended after MOST_MOVES moves)."""
    for _ in range(MOST_MOVES):
        if state.is_over:
            return state
        seat = state.current_player
        state.apply(agents[seat].act(state.observation(seat), state.legal_actions(), rng))
    if not state.is_over:
        raise ValueError(f"a rollout did not end within {MOST_MOVES} moves: the position cannot be played out")
    return state


def katsu_stakes(obs: Observation, rollouts: int = 200, seed: int = 0,
                 agents: Optional[Sequence[Any]] = None, model: Optional[Model] = None) -> Stakes:
    """The caller's chance of winning after a success, and after no call with a satori or a zatsunen
    waiting (a failure: 0), by seeded rollouts.

    Each rollout draws, for each branch, a world from ``obs`` — the hidden cards from their
    posterior under ``model``, the waiting card of the branch's kind — makes the decision and plays
    the game out with ``agents``. By default the agents are counting bots and the model is theirs
    (bluffs 1/4, declares at once), so the worlds are drawn the way the rollouts play. A branch
    whose card the story rules out has no rollouts (an estimate of 0 samples).
    """
    seat = obs.seat
    if _waiting(obs) == seat or obs.current_player != seat:
        raise ValueError("katsu_stakes is for the seat asked in the Katsu window")
    bots = list(agents) if agents is not None else [CountingBot()] * obs.players
    drawn = MODELS[BOTS] if model is None else model
    rng = random.Random(seed)
    branches = {"success": (SATORI, KATSU), "no call, satori": (SATORI, NO_KATSU), "no call, zatsunen": (ZATSUNEN, NO_KATSU)}
    wins = dict.fromkeys(branches, 0)
    possible = dict.fromkeys(branches, True)
    for _ in range(rollouts):
        for branch, (top, decision) in branches.items():
            if not possible[branch]:
                continue
            try:
                state = world(obs, rng, top=top, model=drawn)
            except ValueError:  # the waiting card cannot be of this kind
                possible[branch] = False
                continue
            state.apply(decision)
            wins[branch] += _finish(state, bots, rng).result().places[seat] == 1
    names = ", ".join(sorted({getattr(bot, "name", type(bot).__name__) for bot in bots}))
    found = {branch: share(wins[branch], rollouts if possible[branch] else 0, seed) for branch in branches}
    return Stakes(found["success"], found["no call, satori"], found["no call, zatsunen"], names)
