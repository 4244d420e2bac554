"""What the table may believe about one player's face-down cards (stdlib only).

Every player starts with the same known mix, and every card that changes hands is announced, so
the only secret is which card each unrevealed play was. A player's **story** is the public part
of their game: each play (and its kind, if a Katsu revealed it), each satori won by their own
Katsu, each pass. A **model** says how the player chooses the card to play. Walking the story
forward, each history of hidden cards gets a weight, the product of the model's chances for its
plays (the likelihood); normalised, these are the posterior over what the player holds and in
what order their pile lies. The rules draw determinizations from it, the analysis reads
``p_satori`` from it, the Bayesian bot calls on it.

>>> two_plays = Story((3, 2), (("play", None), ("play", None)))
>>> worlds(two_plays, UNIFORM)[(2, 1, ("S", "Z"))]           # 3/5 * 2/4
Fraction(3, 10)
>>> last_card_satori(two_plays, UNIFORM)                     # no news: the prior 3/5
Fraction(3, 5)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple, Optional

from cardlib.satori.actions import DECLARE_RUN, SATORI, ZATSUNEN, top_run

Hidden = tuple[int, int, tuple[str, ...]]  # satori in hand, zatsunen in hand, the pile bottom first


@dataclass(frozen=True)
class Model:
    """How a player chooses which card to play: uniformly from the hand, or with a bluff rate.

    ``bluff`` is the chance of playing a zatsunen when the hand holds both kinds (None: each card
    of the hand equally likely). ``eager`` players declare as soon as their pile allows, so a
    player who did not declare shows that their pile's top was no run of three.

    >>> str(UNIFORM), str(Model(bluff=Fraction(1, 4)))
    ('uniform from hand', 'bluffs 1/4 of the time')
    >>> Model(bluff=Fraction(1, 4)).chances(2, 1)
    (Fraction(3, 4), Fraction(1, 4))
    """

    bluff: Optional[Fraction] = None
    eager: bool = False

    def __post_init__(self) -> None:
        if self.bluff is not None:
            object.__setattr__(self, "bluff", Fraction(self.bluff))
            if not 0 <= self.bluff <= 1:
                raise ValueError(f"a bluff rate is a chance from 0 to 1, not {self.bluff}")

    def chances(self, satori: int, zatsunen: int) -> tuple[Fraction, Fraction]:
        """The chance of playing a satori and of playing a zatsunen from a hand of this mix (the likelihood)."""
        if not satori or not zatsunen:  # one kind only: no choice
            return (Fraction(1 if satori else 0), Fraction(1 if zatsunen else 0))
        if self.bluff is None:
            return (Fraction(satori, satori + zatsunen), Fraction(zatsunen, satori + zatsunen))
        return (1 - self.bluff, self.bluff)

    def __str__(self) -> str:
        name = ("uniform from hand" if self.bluff is None else "never bluffs" if self.bluff == 0
                else f"bluffs {self.bluff} of the time")
        return name + (", declares at once" if self.eager else "")


UNIFORM = Model()


class Story(NamedTuple):
    """One player's public game: the hand they were dealt, then their steps in order.

    A step is ``("play", None)`` (unrevealed), ``("play", "S")`` (a Katsu took it: a satori),
    ``("play", "Z", gained)`` (a Katsu showed a zatsunen: back into the hand with a satori if
    ``gained``), ``("won",)`` (a satori onto the pile by their own Katsu) or ``("pass",)``.
    """

    dealt: tuple[int, int]
    steps: tuple[tuple, ...]


def story(log: tuple[tuple, ...], player: int) -> Story:
    """The public story of ``player`` from a game's log (up to their elimination).

    >>> story((("deal", 0, (3, 2)), ("play", 0, None), ("katsu", 1, 0), ("reveal", 1, "S")), 0)
    Story(dealt=(3, 2), steps=(('play', 'S'),))
    """
    dealt = (0, 0)
    steps: list[tuple] = []
    last_play = called = -1
    for kind, seat, value in log:
        if kind == "deal":
            dealt = value
        elif seat != player and kind not in ("katsu", "reveal"):
            continue
        elif kind == "play":
            last_play = len(steps)
            steps.append(("play", None))
        elif kind == "pass":
            steps.append(("pass",))
        elif kind == "out":
            break
        elif kind == "katsu":
            called = value
        elif kind == "reveal":
            if called == player:
                steps[last_play] = ("play", SATORI) if value == SATORI else ("play", ZATSUNEN, False)
            elif seat == player and value == SATORI:
                steps.append(("won",))
        elif kind == "receives":
            steps[last_play] = ("play", ZATSUNEN, value is not None)
    return Story(tuple(dealt), tuple(steps))


@lru_cache(maxsize=4096)
def worlds(told: Story, model: Model = UNIFORM) -> dict[Hidden, Fraction]:
    """Every hidden state the story allows, with its weight: the product of the model's chances (unnormalised).

    The weights sum to the chance, under the model, of the revealed cards the story shows.
    """
    current: dict[Hidden, Fraction] = {(told.dealt[0], told.dealt[1], ()): Fraction(1)}
    for step in told.steps:
        following: dict[Hidden, Fraction] = {}

        def add(key: Hidden, weight: Fraction) -> None:
            if weight:
                following[key] = following.get(key, 0) + weight

        for (s, z, pile), weight in current.items():
            if step[0] in ("play", "pass") and model.eager and top_run(pile) >= DECLARE_RUN:
                continue  # an eager player would have declared at the start of this turn
            if step[0] == "won":
                add((s, z, pile + (SATORI,)), weight)
            elif step[0] == "pass":
                add((s, z, pile), weight if s + z == 0 else Fraction(0))
            else:
                p_satori, p_zatsunen = model.chances(s, z)
                if step[1] is None:       # face down, unseen: either kind, as the model chooses
                    add((s - 1, z, pile + (SATORI,)), weight * p_satori)
                    add((s, z - 1, pile + (ZATSUNEN,)), weight * p_zatsunen)
                elif step[1] == SATORI:   # a Katsu took it onto the caller's pile
                    add((s - 1, z, pile), weight * p_satori)
                else:                     # a Katsu showed a zatsunen: back to hand, with a satori if given
                    add((s + step[2], z, pile), weight * p_zatsunen)
        current = following
    return current


def last_card_satori(told: Story, model: Model = UNIFORM) -> Fraction:
    """The posterior chance that the player's top pile card, their last unrevealed play, is satori.

    ValueError when the model cannot explain the story (every history has weight 0).
    """
    found = worlds(told, model)
    total = sum(found.values(), Fraction(0))
    if not total:
        raise ValueError(f"a player who {model} could not have played as this one did")
    return sum((w for (_, _, pile), w in found.items() if pile and pile[-1] == SATORI), Fraction(0)) / total


def sample_hidden(told: Story, rng: random.Random, model: Model = UNIFORM, top: Optional[str] = None) -> Hidden:
    """One hidden state drawn with its posterior weight (a determinization of one player).

    ``top`` ("S" or "Z") draws only among the states whose top pile card is of that kind.
    """
    found = worlds(told, model)
    keys = sorted(key for key in found if top is None or (key[2] and key[2][-1] == top))
    if not keys:
        raise ValueError(f"no history of this player ends with a {top!r} on top")
    return rng.choices(keys, weights=[float(found[key]) for key in keys])[0]  # sorted: the same rng, the same draw


def known_flags(told: Story) -> tuple[bool, ...]:
    """For each card of the player's pile, bottom first: did everyone see it go there (a satori won by Katsu)?

    >>> known_flags(Story((3, 2), (("play", None), ("won",), ("play", "S"), ("play", None))))
    (False, True, False)
    """
    flags: list[bool] = []
    for step in told.steps:
        if step == ("play", None):
            flags.append(False)
        elif step[0] == "won":
            flags.append(True)
    return tuple(flags)
