"""Twenty-five, for the 55-card Pairs deck: pass when you think the pairs in play exceed 25.

The engine, bots and the pair count load fast; the app and the mathematics load on first use
(``cardlib.twentyfive.TwentyFiveApp``, ``cardlib.twentyfive.analysis``).
"""
from __future__ import annotations

from typing import Any

from cardlib.core.agents import RandomAgent
from cardlib.games import info
from cardlib.decks.pairs import PAIRS_DECK, pair_count
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.beliefs import hidden_cap
from cardlib.twentyfive.rules import (
    DRAW, PASS, Draw, Game, Observation, Pass, Reveal, RoundResult, State, reveal_options,
    round_points,
)

INFO = info("twentyfive")
VARIANTS = tuple(Game(**options) for options in INFO.variants)
TITLE = INFO.title

__all__ = [
    "INFO", "DRAW", "PASS", "PAIRS_DECK", "CoachBot", "Draw", "Game", "Observation", "Pass", "RandomAgent",
    "Reveal", "RoundResult", "State", "TITLE", "ThresholdBot", "TwentyFiveApp", "VARIANTS", "hidden_cap", "pair_count",
    "reveal_options", "round_points",
]


def __getattr__(name: str) -> Any:
    if name == "TwentyFiveApp":
        from cardlib.twentyfive.app import TwentyFiveApp
        return TwentyFiveApp
    raise AttributeError(f"module 'cardlib.twentyfive' has no attribute {name!r}")
