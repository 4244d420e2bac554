"""Twenty-five, for the 55-card Pairs deck: pass when you think the pairs in play exceed 25.

The engine, bots and the pair count load fast; the app and the mathematics load on first use
(``cardlib.twentyfive.TwentyFiveApp``, ``cardlib.twentyfive.analysis``).
"""
from __future__ import annotations

from cardlib.core.agents import RandomAgent
from cardlib.core.package import registered
from cardlib.decks.pairs import PAIRS_DECK, pair_count
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.beliefs import hidden_cap
from cardlib.twentyfive.rules import (
    DRAW, PASS, Draw, Game, Observation, Pass, Reveal, RoundResult, State, reveal_options,
    round_points,
)

INFO, VARIANTS, TITLE, __getattr__ = registered("twentyfive", Game)  # the app (its __getattr__) loads on first use

__all__ = [
    "INFO", "DRAW", "PASS", "PAIRS_DECK", "CoachBot", "Draw", "Game", "Observation", "Pass", "RandomAgent",
    "Reveal", "RoundResult", "State", "TITLE", "ThresholdBot", "TwentyFiveApp", "VARIANTS", "hidden_cap", "pair_count",
    "reveal_options", "round_points",
]
