"""Loop (ループ), for 45 cards numbered 1 to 15 in three colours: a climbing game whose hands are replayed.

The engine and the bots load fast; the app and the mathematics load on first use
(``cardlib.loop.LoopApp``, ``cardlib.loop.analysis``).
"""
from __future__ import annotations

from typing import Any

from cardlib.core.agents import RandomAgent
from cardlib.games import info
from cardlib.loop.actions import (
    DECK, DONDEN, PASS, Card, Donden, Pass, Play, SetAside, Sit, card_text, cards_text, parse, parse_card,
)
from cardlib.loop.combos import Combo, combinations_in, combo, follows
from cardlib.loop.rules import Game, Observation, State

INFO = info("loop")
VARIANTS = tuple(Game(**options) for options in INFO.variants)
TITLE = INFO.title

__all__ = [
    "Card", "Combo", "DECK", "DONDEN", "Donden", "Game", "INFO", "LoopApp", "Observation", "PASS", "Pass", "Play",
    "RandomAgent", "SetAside", "Sit", "State", "TITLE", "VARIANTS", "card_text", "cards_text", "combinations_in",
    "combo", "follows", "parse", "parse_card",
]


def __getattr__(name: str) -> Any:
    if name == "LoopApp":
        from cardlib.loop.app import LoopApp
        return LoopApp
    raise AttributeError(f"module 'cardlib.loop' has no attribute {name!r}")
