"""Bots for Loop (stdlib only). Each sees only its observation.

- ``RandomAgent`` (core): any legal action.
- ``ClimberBot``: a heuristic climber. It sets aside the two cards hardest to play (lone cards that
  are weak in the order it expects), or an 8 with a plan for donden when its hand is low; it leads
  its biggest, weakest combination; it follows with the weakest combination that beats, keeping its
  8s to stop a trick late; it declares donden when the reversed order suits its hand; and it takes
  the chair whose last occupant finished worst, where finishing better earns the most.

>>> from cardlib.loop.rules import Game
>>> state = Game(players=3).new(seed=1)
>>> type(ClimberBot().act(state.observation(0), state.legal_actions(), None)).__name__
'SetAside'
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Optional

from cardlib.core.agents import RandomAgent
from cardlib.loop.actions import DONDEN, EIGHT, PASS, Action, Card, Play, SetAside, Sit
from cardlib.loop.combos import combinations_in, combo
from cardlib.loop.seen import Observation

__all__ = ["ClimberBot", "RandomAgent"]

MIDDLE = EIGHT  # cards below it are strong once donden reverses the order


def _strength(number: int, reversed_order: bool) -> int:
    """How strong a number is now: higher is stronger (the order reversed under donden)."""
    return -number if reversed_order else number


def _lone(hand: Sequence[Card]) -> list[Card]:
    """The cards of a hand that belong to no pair or run: they can only be played alone."""
    grouped = {card for cards in combinations_in(hand) if len(cards) > 1 for card in cards}
    return [card for card in hand if card not in grouped]


def rank_at(obs: Observation, chair: int) -> int:
    """The rank the player in ``chair`` just finished with (between rounds: the loop round's reference)."""
    player = obs.chairs.index(chair)
    return obs.out.index(player) + 1


def low_hand(hand: Sequence[Card]) -> bool:
    """Whether a hand has more cards below 8 than above: donden (1 strongest) would suit it."""
    return sum(card[0] < MIDDLE for card in hand) > sum(card[0] > MIDDLE for card in hand)


class ClimberBot:
    """The heuristic climber described in the module docstring."""

    name = "climber"
    LATE = 4  # with this many cards or fewer, an 8 is played to win the lead

    def act(self, obs: Observation, legal: Sequence[Action], rng: Optional[random.Random]) -> Action:
        """One decision: a pair to set aside, a chair, donden, a play or a pass."""
        first = legal[0]
        if type(first) is SetAside:
            return self._set_aside(obs, legal)
        if type(first) is Sit:
            return max(legal, key=lambda action: (rank_at(obs, action.chair), -action.chair))  # type: ignore
        if DONDEN in legal and low_hand(obs.hand) != obs.reversed:
            return DONDEN
        plays = [action for action in legal if type(action) is Play]
        return self._play(obs, plays) if plays else PASS

    def _set_aside(self, obs: Observation, legal: Sequence[Action]) -> Action:
        hand = list(obs.hand)
        eights = [card for card in hand if card[0] == EIGHT]
        lone = sorted(_lone(hand), key=lambda card: (card[0] != EIGHT, card[0]))
        rest = [card for card in hand if card[0] != EIGHT]
        if eights and low_hand(rest):  # a plan for donden: the 8 set aside, and the weakest lone card
            keep_out = [eights[0]] + [card for card in sorted(_lone(rest), key=lambda c: -c[0])][:1]
        else:  # the weakest lone cards (low numbers), keeping 8s in hand to stop tricks
            keep_out = [card for card in lone if card[0] != EIGHT][:2]
        for card in sorted(hand, key=lambda c: c[0]):
            if len(keep_out) == 2:
                break
            if card not in keep_out and card[0] != EIGHT:
                keep_out.append(card)
        wanted = SetAside(tuple(keep_out[:2]))
        return wanted if wanted in legal else legal[0]

    def _play(self, obs: Observation, plays: list[Play]) -> Action:
        leading = not obs.trick
        late = len(obs.hand) <= self.LATE
        quiet = [action for action in plays if not any(card[0] == EIGHT for card in action.cards)]
        if not leading and not quiet:
            return min(plays, key=lambda action: len(action.cards)) if late else PASS
        choices = quiet or plays
        if leading:  # the biggest combination, weakest first: rid the hand of most cards
            return max(choices, key=lambda a: (len(a.cards), -_strength(combo(a.cards).number, obs.reversed)))
        return min(choices, key=lambda a: _strength(combo(a.cards).number, obs.reversed))  # the weakest that beats
