"""Discontinuity, for the 55-card Pairs deck: take two different numbers from a line of the square.

The engine, the scoring and the bots load fast; the app and the mathematics load on first use
(``cardlib.discontinuity.DiscontinuityApp``, ``cardlib.discontinuity.analysis``).
"""
from __future__ import annotations

from cardlib.core.agents import RandomAgent
from cardlib.core.package import registered
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.discontinuity.actions import (
    JOKER, LINES, PLACES, PlaceJoker, Take, TakeJoker, line_options,
)
from cardlib.discontinuity.bots import GreedyBot, LookaheadBot
from cardlib.discontinuity.rules import (
    FIRST_HALF, Game, HalfResult, Observation, State,
)
from cardlib.discontinuity.scoring import largest_value, lay_out, row_penalty, score

INFO, VARIANTS, TITLE, __getattr__ = registered("discontinuity", Game)  # the app (its __getattr__) loads on first use

__all__ = [
    "INFO", "DiscontinuityApp", "FIRST_HALF", "GreedyBot", "HalfResult", "JOKER", "LINES", "LookaheadBot", "Observation",
    "PAIRS_DECK", "PLACES", "PlaceJoker", "RandomAgent", "State", "TITLE", "Take", "TakeJoker",
    "VARIANTS", "Game", "largest_value", "lay_out", "line_options", "row_penalty",
    "score",
]
