"""Discontinuity agents (stdlib only): a greedy player and one that also values its future pairs.

Both see only ``state.observation(seat)`` and the legal actions.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Optional

from cardlib.discontinuity.actions import PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.rules import Observation
from cardlib.discontinuity.scoring import JOKER, SAFE_CARD, lay_out, row_penalty

_PENALTY: dict[tuple[int, int], int] = {}


def _mask(numbers: Sequence[int]) -> int:
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


def penalty(mask: int, anchor: int = -1) -> int:
    """The row penalty of a row held as a bit mask; anchor -1 = no joker, 0 = joker alone.

    >>> penalty(_mask([1, 2, 5, 6, 8]), anchor=6)     # the sheet's row 1, 2, 5, 6, J, 8
    8
    """
    key = (mask, anchor)
    found = _PENALTY.get(key)
    if found is None:
        numbers = [n for n in range(1, 11) if mask >> n & 1]
        row = lay_out(numbers, anchor >= 0, anchor if anchor > 0 else None)
        found = _PENALTY[key] = row_penalty(row)
    return found


def best_anchor(mask: int) -> int:
    """The joker's cheapest place in a row (0 when the row has no number card: alone)."""
    numbers = [n for n in range(1, 11) if mask >> n & 1]
    if not numbers:
        return 0
    return min(numbers, key=lambda n: (penalty(mask, n), -n))


def take_into(mask: int, cards: Sequence[int]) -> tuple[int, int]:
    """The row mask after taking ``cards``, and how many cards went to the safe."""
    safe = 0
    for card in cards:
        bit = 1 << card
        if mask & bit:
            mask ^= bit
            safe += 2
        else:
            mask |= bit
    return mask, safe


class GreedyBot:
    """Takes whatever raises its score most right now; puts its joker where it costs least.

    >>> GreedyBot().name
    'greedy'
    """

    name = "greedy"

    def act(self, observation: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        """The legal action with the best score after it (ties: a random one of the best)."""
        seat = observation.seat
        row = observation.row
        mask = _mask([card for card in row if card != JOKER])
        has_joker = observation.jokers_used[seat]
        best: list[Any] = []
        best_value: Optional[float] = None
        for action in legal:
            value = self.value(observation, mask, has_joker, action)
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[rng.randrange(len(best))]

    def value(self, observation: Observation, mask: int, has_joker: bool, action: Any) -> float:
        """The immediate change in score an action brings (the joker at its best place)."""
        if type(action) is PlaceJoker:
            return -penalty(mask, action.anchor)
        if type(action) is TakeJoker:
            return -penalty(mask, best_anchor(mask))
        after, safe = take_into(mask, (action.a, action.b))
        anchor = best_anchor(after) if has_joker else -1
        return SAFE_CARD * safe - penalty(after, anchor) + penalty(mask, best_anchor(mask) if has_joker else -1)

    def __repr__(self) -> str:
        return "GreedyBot()"


class LookaheadBot(GreedyBot):
    """Greedy, plus the hope of pairing later: a row card whose number is still about is worth
    part of the pair it may make, and an unused joker is kept until it pays.

    The hope of a row card n is the chance another n reaches this player before the deck runs
    out, estimated from the n's not yet in any row or safe and the turns left.
    """

    name = "lookahead"

    def __init__(self, hope: float = 0.3, joker_keep: float = 5.0) -> None:
        self.hope = hope
        self.joker_keep = joker_keep
        self.name = "lookahead"

    def value(self, observation: Observation, mask: int, has_joker: bool, action: Any) -> float:
        """Immediate change in score plus the change in the row's hope of future pairs."""
        if type(action) is PlaceJoker:
            return -penalty(mask, action.anchor)
        about = self._about(observation)
        turns = observation.deck_size / (2 * observation.players)
        if type(action) is TakeJoker:
            anchor = best_anchor(mask)
            return -penalty(mask, anchor) - self.joker_keep * min(1.0, turns / 4)
        after, safe = take_into(mask, (action.a, action.b))
        for card in (action.a, action.b):
            about[card] -= 1  # the cards taken are no longer about
        now = SAFE_CARD * safe - penalty(after, best_anchor(after) if has_joker else -1)
        before = -penalty(mask, best_anchor(mask) if has_joker else -1)
        return now - before + self._hope(after, about, turns) - self._hope(mask, self._about(observation), turns)

    def _about(self, observation: Observation) -> Counter:
        """Copies of each number that could still come to a row: unseen or face up in the square."""
        about = Counter(observation.unseen)
        about.update(card for card in observation.square if card)
        return about

    def _hope(self, mask: int, about: Counter, turns: float) -> float:
        total = 0.0
        for n in range(1, 11):
            if mask >> n & 1 and about[n] > 0:
                chance = 1.0 - (1.0 - min(1.0, about[n] / 20)) ** max(turns, 0.0)
                total += self.hope * chance * (n + SAFE_CARD * 2)
        return total

    def __repr__(self) -> str:
        return f"LookaheadBot(hope={self.hope}, joker_keep={self.joker_keep})"
