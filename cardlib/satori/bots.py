"""Bots for The Satori, from random to Bayesian (stdlib only). Each sees only its observation.

- ``RandomAgent`` (core): any legal action.
- ``ModelBot``: plays exactly as a ``Model`` says and calls Katsu at a fixed rate, whatever it
  sees: the player the posterior assumes, for checking ``p_satori`` by simulation.
- ``CountingBot``: declares when it can, bluffs at a set rate, and calls Katsu when the share of
  satori among the player's unseen cards (the public totals, counted) is above its threshold.
- ``BayesianBot``: the same play, but calls Katsu on the exact posterior that the card just played
  is satori, under a model of how its opponents play (beliefs.py).
The learner, which learns each opponent's bluff rate during the game, is in bots_learner.py; the
equilibrium of a small two-player version in equilibrium.py. Every bot's ``chances(obs, legal)`` is
what its ``act`` draws from: the bot as a policy (bots_exploit.py measures it).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Optional

from cardlib.core.agents import RandomAgent
from cardlib.satori.actions import (
    DECLARE, KATSU, NO_KATSU, PASS, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, WINDOW, Action, Observation,
)
from cardlib.satori.beliefs import Model, last_card_satori, story

__all__ = ["BayesianBot", "CountingBot", "ModelBot", "RandomAgent", "card_chances", "counted_chance"]

BLUFF = Fraction(1, 4)       # how often the bots play a zatsunen when they hold both kinds
THRESHOLD = Fraction(3, 5)   # the chance of a satori above which they call Katsu: a fresh 3-of-5 card is not enough


def counted_chance(obs: Observation) -> Fraction:
    """The counting estimate: the share of satori among the active player's unseen cards.

    The public totals minus the satori a Katsu put on their pile, over their cards nobody has
    seen (hand and unrevealed pile cards). It ignores the order of play.

    >>> from cardlib.satori import Game, PLAY_SATORI
    >>> state = Game().new(); state.apply(PLAY_SATORI)
    >>> counted_chance(state.observation(1))
    Fraction(3, 5)
    """
    player = obs.active
    pile = obs.piles[player]
    known = sum(card == SATORI for card in pile)
    unseen = obs.hand_sizes[player] + len(pile) - known
    return Fraction(obs.satori[player] - known, unseen) if unseen else Fraction(0)


def card_chances(legal: Sequence[Action], bluff: Fraction) -> dict[Action, Fraction]:
    """The chance of each card ``choose_card`` plays: a zatsunen with chance ``bluff`` when both kinds are in hand.

    >>> card_chances([PLAY_SATORI, PLAY_ZATSUNEN], Fraction(1, 4))
    {Play('S'): Fraction(3, 4), Play('Z'): Fraction(1, 4)}
    """
    if PLAY_SATORI in legal and PLAY_ZATSUNEN in legal:
        return {PLAY_SATORI: 1 - Fraction(bluff), PLAY_ZATSUNEN: Fraction(bluff)}
    return {next((action for action in (PLAY_SATORI, PLAY_ZATSUNEN) if action in legal), PASS): Fraction(1)}


def choose_card(legal: Sequence[Action], bluff: Fraction, rng: random.Random) -> Action:
    """A satori, or a zatsunen with chance ``bluff`` when both are in hand; pass with an empty hand."""
    if PLAY_SATORI in legal and PLAY_ZATSUNEN in legal:
        return PLAY_ZATSUNEN if rng.random() < bluff else PLAY_SATORI
    for action in (PLAY_SATORI, PLAY_ZATSUNEN):
        if action in legal:
            return action
    return PASS


class ModelBot:
    """Plays as ``model`` says (declaring only if it is eager) and calls Katsu with chance ``call``."""

    name = "model"

    def __init__(self, model: Model = Model(), call: Fraction = Fraction(1, 5)) -> None:
        self.model, self.call = model, Fraction(call)

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """A Katsu at the fixed rate; declare if eager; else a card drawn with the model's chances."""
        if obs.phase == WINDOW:
            return KATSU if rng.random() < self.call else NO_KATSU
        if DECLARE in legal and self.model.eager:
            return DECLARE
        satori = obs.hand.count(SATORI)
        p_satori, p_zatsunen = self.model.chances(satori, len(obs.hand) - satori)
        if not obs.hand:
            return PASS if PASS in legal else DECLARE
        return PLAY_SATORI if rng.random() < p_satori else PLAY_ZATSUNEN

    def chances(self, obs: Observation, legal: Sequence[Action]) -> dict[Action, Fraction]:
        """The chance of each action ``act`` takes at ``obs``: the bot as an exact policy."""
        if obs.phase == WINDOW:
            return {KATSU: self.call, NO_KATSU: 1 - self.call}
        if DECLARE in legal and self.model.eager:
            return {DECLARE: Fraction(1)}
        if not obs.hand:
            return {PASS if PASS in legal else DECLARE: Fraction(1)}
        satori = obs.hand.count(SATORI)
        p_satori, p_zatsunen = self.model.chances(satori, len(obs.hand) - satori)
        return {action: p for action, p in ((PLAY_SATORI, p_satori), (PLAY_ZATSUNEN, p_zatsunen)) if p}

    def __repr__(self) -> str:
        return f"ModelBot({self.model!r}, call={self.call})"


class CountingBot:
    """Declares when it can; bluffs at rate ``bluff``; calls Katsu when the counted chance exceeds ``threshold``."""

    name = "counting"

    def __init__(self, threshold: Fraction = THRESHOLD, bluff: Fraction = BLUFF) -> None:
        self.threshold, self.bluff = Fraction(threshold), Fraction(bluff)

    def chance(self, obs: Observation) -> Fraction:
        """This bot's belief that the card just played is satori."""
        return counted_chance(obs)

    def calls(self, obs: Observation) -> bool:
        """Whether this bot calls Katsu in the window of ``obs``: its chance above its threshold."""
        player = obs.active
        pile = obs.piles[player]
        known = pile.count(SATORI)
        unseen = obs.hand_sizes[player] + len(pile) - known
        # the counted chance (satori - known) / unseen against the threshold, in whole numbers (fast, exact)
        return unseen > 0 and (obs.satori[player] - known) * self.threshold.denominator > \
            self.threshold.numerator * unseen

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """Katsu or not in a window; otherwise declare if possible, else play a card."""
        if obs.phase == WINDOW:
            return KATSU if self.calls(obs) else NO_KATSU
        if DECLARE in legal:
            return DECLARE
        return choose_card(legal, self.bluff, rng)

    def chances(self, obs: Observation, legal: Sequence[Action]) -> dict[Action, Fraction]:
        """The chance of each action ``act`` takes at ``obs``: the bot as an exact policy."""
        if obs.phase == WINDOW:
            return {KATSU if self.calls(obs) else NO_KATSU: Fraction(1)}
        if DECLARE in legal:
            return {DECLARE: Fraction(1)}
        return card_chances(legal, self.bluff)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(threshold={self.threshold}, bluff={self.bluff})"


class BayesianBot(CountingBot):
    """Plays like the counting bot, but believes the exact posterior under ``model`` (beliefs.py).

    The default model is the counting bot's own play: a bluff one time in four, and a
    declaration as soon as the pile allows (so not declaring is evidence too).
    """

    name = "bayesian"

    def __init__(self, threshold: Fraction = THRESHOLD, bluff: Fraction = BLUFF,
                 model: Optional[Model] = None) -> None:
        super().__init__(threshold, bluff)
        self.model = model if model is not None else Model(bluff=BLUFF, eager=True)

    def calls(self, obs: Observation) -> bool:
        """Whether the posterior is above the threshold."""
        return self.chance(obs) > self.threshold

    def chance(self, obs: Observation) -> Fraction:
        """The posterior that the card just played is satori; the counted share if the model cannot explain the play."""
        try:
            return last_card_satori(story(obs.log, obs.active), self.model)
        except ValueError:
            return counted_chance(obs)

    def __repr__(self) -> str:
        return f"BayesianBot(threshold={self.threshold}, bluff={self.bluff}, model={self.model!r})"
