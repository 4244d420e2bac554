"""Twenty-five agents (stdlib only): the random agent lives in core; here, rules of thumb."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardlib.twentyfive.rules import DRAW, FIVE, PASS, Observation, Reveal


class ThresholdBot:
    """Passes once the cards in play reach a threshold; reveals its highest card, never a 5.

    >>> ThresholdBot(threshold=19).name
    'threshold 19'
    """

    def __init__(self, threshold: int = 20, reveal_five: bool = False) -> None:
        self.threshold = threshold
        self.reveal_five = reveal_five
        self.name = f"threshold {threshold}"

    def act(self, observation: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pass at or above the threshold of cards in play; otherwise draw."""
        if isinstance(legal[0], Reveal):
            values = [action.value for action in legal]
            want = FIVE if self.reveal_five and FIVE in values else max(values)
            return legal[values.index(want)]
        if PASS in legal and observation.cards_in_play >= self.threshold:
            return PASS
        return DRAW if DRAW in legal else PASS

    def __repr__(self) -> str:
        return f"ThresholdBot(threshold={self.threshold})"
