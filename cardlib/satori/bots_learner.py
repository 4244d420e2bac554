"""The learner: a bot that learns each opponent's bluff rate during the game (stdlib only).

The Bayesian bot (bots.py) believes every opponent bluffs exactly one time in four. The learner
is less sure: its belief about an opponent's bluff rate r is a Beta(a, b) distribution, and every
card the rules reveal updates it. A Katsu turns the card: a zatsunen played from a hand that held
both kinds is a bluff seen (a factor r), a satori a choice not to bluff (a factor 1 - r). The
unrevealed plays count too, through the histories they allow: a player who could have declared
did not (if they declare at once), and a pass says the hand is empty. (The runs shown at the end,
and an eliminated player's gift, come too late or concern a player who is gone.)

Each history of hidden cards with k bluffs and m choices not to bluff has likelihood
r^k (1 - r)^m; averaged over the Beta prior that is B(a + k, b + m) / B(a, b), exactly. So the
posterior that the card waiting is satori, and the learned rate (the posterior mean of r), are
exact Fractions: ``learned(story, prior)``.

The call weighs the stakes: with p the posterior that the card is satori, a call is worth
p x W(success) and letting it go p x W(no call | satori) + (1 - p) x W(no call | zatsunen), each
W the chance of winning, by seeded rollouts (analysis.katsu_stakes) from worlds drawn at the
learned rate. The rollouts are seeded by the observation itself, so one observation always gets
the same answer: the bot is a fixed policy (``chances``), which the exploitability table needs.

>>> told = Story((3, 2), (("play", None),))
>>> learned(told, (1, 3))                 # no news: the prior's mean 1/4, and a card satori 3 times in 4
Learned(satori=Fraction(3, 4), rate=Fraction(1, 4))
>>> learned(Story((3, 2), (("play", "Z", True), ("play", None))), (1, 3)).rate   # a bluff seen: Beta(2, 3)
Fraction(2, 5)
"""
from __future__ import annotations

import zlib
from fractions import Fraction
from functools import lru_cache
from math import factorial
from typing import NamedTuple, Optional

from cardlib.core.protocol import Agent

from cardlib.satori.actions import DECLARE_RUN, SATORI, ZATSUNEN, Observation, top_run
from cardlib.satori.beliefs import Model, Story, story
from cardlib.satori.bots import BLUFF, BayesianBot, CountingBot, counted_chance

__all__ = ["LearnerBot", "Learned", "PRIOR", "TOURNAMENT", "beta_weight", "bluff_histories", "learned",
           "tournament_agents"]

PRIOR = (1, 3)  # Beta(1, 3): a bluff rate of 1/4 on average, held as loosely as four cards of evidence
# The learner's tournament (tools/satori_learner.py, notebooks/data/satori_learner_tournament.csv, notebook 03)
TOURNAMENT = {"games": 2000, "seed": 2026}
BEST_THRESHOLD = Fraction(3, 4)  # the tool's sweep: the fixed threshold that wins most against two BayesianBot(3/5)


class Learned(NamedTuple):
    """What the learner believes about one opponent: the card waiting is satori; their bluff rate (the mean)."""

    satori: Fraction
    rate: Fraction


def beta_weight(a: int, b: int) -> Fraction:
    """The Beta function B(a, b) for whole a, b >= 1: the integral of r^(a-1) (1 - r)^(b-1) from 0 to 1.

    >>> beta_weight(1, 1), beta_weight(2, 3)
    (Fraction(1, 1), Fraction(1, 12))
    """
    return Fraction(factorial(a - 1) * factorial(b - 1), factorial(a + b - 1))


@lru_cache(maxsize=4096)
def bluff_histories(told: Story, eager: bool = True) -> dict[tuple[bool, int, int], int]:
    """The histories the story allows, counted by (top card satori?, bluffs k, choices not to bluff m).

    A choice is a play from a hand holding both kinds; a hand of one kind has no choice (a factor 1).
    An ``eager`` player declares as soon as the pile allows, so a history in which they could
    have and did not is ruled out.

    >>> bluff_histories(Story((3, 2), (("play", None), ("play", None))))
    {(True, 0, 2): 1, (False, 1, 1): 1, (True, 1, 1): 1, (False, 2, 0): 1}
    """
    current: dict[tuple[int, int, tuple[str, ...], int, int], int] = {(told.dealt[0], told.dealt[1], (), 0, 0): 1}
    for step in told.steps:
        following: dict[tuple[int, int, tuple[str, ...], int, int], int] = {}

        def add(key: tuple[int, int, tuple[str, ...], int, int], count: int) -> None:
            following[key] = following.get(key, 0) + count

        for (s, z, pile, k, m), count in current.items():
            if step[0] in ("play", "pass") and eager and top_run(pile) >= DECLARE_RUN:
                continue  # they would have declared at the start of this turn
            if step[0] == "won":
                add((s, z, pile + (SATORI,), k, m), count)
            elif step[0] == "pass":
                if s + z == 0:
                    add((s, z, pile, k, m), count)
            else:
                choice = bool(s and z)
                if step[1] is None:  # face down, unseen: either kind it could be
                    if s:
                        add((s - 1, z, pile + (SATORI,), k, m + choice), count)
                    if z:
                        add((s, z - 1, pile + (ZATSUNEN,), k + choice, m), count)
                elif step[1] == SATORI:  # a Katsu took it: a satori, played by choice or not
                    if s:
                        add((s - 1, z, pile, k, m + choice), count)
                elif z:  # a Katsu showed a zatsunen: back into the hand, with a satori if given
                    add((s + step[2], z, pile, k + choice, m), count)
        current = following
    found: dict[tuple[bool, int, int], int] = {}
    for (_, _, pile, k, m), count in current.items():
        key = (bool(pile) and pile[-1] == SATORI, k, m)
        found[key] = found.get(key, 0) + count
    return found


@lru_cache(maxsize=4096)
def learned(told: Story, prior: tuple[int, int] = PRIOR, eager: bool = True) -> Learned:
    """The posterior that the player's last unrevealed play is satori, and their learned bluff rate, exactly.

    Each history weighs B(a + k, b + m): its likelihood r^k (1 - r)^m averaged over the Beta(a, b)
    prior. ValueError when no history explains the story.
    """
    a, b = prior
    total = satori = rate = Fraction(0)
    for (top_satori, k, m), count in bluff_histories(told, eager).items():
        weight = count * beta_weight(a + k, b + m)
        total += weight
        satori += weight if top_satori else 0
        rate += count * beta_weight(a + k + 1, b + m)  # r times the likelihood, averaged over the prior
    if not total:
        raise ValueError(f"no history of a player {'who declares at once ' if eager else ''}explains {told}")
    return Learned(satori / total, rate / total)


class LearnerBot(CountingBot):
    """Learns each opponent's bluff rate (a Beta prior, updated by every reveal) and calls Katsu when the stakes say.

    ``prior`` is the Beta(a, b) belief about a bluff rate before any evidence; ``bluff`` its own
    bluff rate (it plays and declares like the counting bot); ``rollouts`` a branch of the stakes.
    """

    name = "learner"

    def __init__(self, prior: tuple[int, int] = PRIOR, bluff: Fraction = BLUFF, rollouts: int = 40,
                 field: Optional[Agent] = None) -> None:
        super().__init__(bluff=bluff)
        self.field = field if field is not None else BayesianBot()
        if len(prior) != 2 or any(not isinstance(x, int) or x < 1 for x in prior):
            raise ValueError(f"prior is a Beta(a, b) with whole a, b >= 1, not {prior!r}")
        self.prior, self.rollouts = tuple(prior), rollouts

    def belief(self, obs: Observation, player: int) -> Learned:
        """What this bot believes about ``player``'s top card and bluff rate, from ``obs`` alone."""
        told = story(obs.log, player)
        for eager in (True, False):  # a player who passed up a declaration is not eager after all
            try:
                return learned(told, self.prior, eager)  # type: ignore[arg-type]
            except ValueError:
                continue
        return Learned(counted_chance(obs), Fraction(self.prior[0], sum(self.prior)))

    def chance(self, obs: Observation) -> Fraction:
        """The posterior that the card just played is satori, given the counts and the learned rate."""
        return self.belief(obs, obs.active).satori  # type: ignore[arg-type]

    def calls(self, obs: Observation) -> bool:
        """Call when p x W(success) beats p x W(no call | S) + (1 - p) x W(no call | Z), by seeded rollouts."""
        from cardlib.satori.analysis import katsu_stakes  # the mathematics loads on first use
        belief = self.belief(obs, obs.active)  # type: ignore[arg-type]
        p = belief.satori
        if p in (0, 1):
            return p == 1
        seed = zlib.crc32(repr((obs.seat, obs.log)).encode())  # the observation decides: a fixed policy
        stakes = katsu_stakes(obs, rollouts=self.rollouts, seed=seed, agents=[self.field] * obs.players,
                              model=Model(bluff=belief.rate, eager=True))
        return stakes.call(float(p)) > stakes.no_call(float(p))

    def __repr__(self) -> str:
        return f"LearnerBot(prior={self.prior}, bluff={self.bluff}, rollouts={self.rollouts}, field={self.field!r})"


def tournament_agents(best: Optional[Agent] = None) -> dict[str, Agent]:
    """The learner's tournament, by name: the learner, BayesianBot(3/5) and the best fixed-threshold bot."""
    best = best if best is not None else BayesianBot(threshold=BEST_THRESHOLD)
    return {"learner": LearnerBot(), "bayesian 3/5": BayesianBot(),
            f"best threshold ({best.threshold})": best}  # type: ignore[attr-defined]
