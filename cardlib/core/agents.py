"""Agents that fit every game."""
from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, observation: Any, legal: Sequence[Hashable], rng: random.Random) -> Hashable:
        """Pick any legal action, each equally likely."""
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomAgent()"
