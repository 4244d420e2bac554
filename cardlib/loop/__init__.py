"""Loop (ループ), for 45 cards numbered 1 to 15 in three colours: a climbing game whose hands are replayed.

The engine and the bots load fast; the app and the mathematics load on first use
(``cardlib.loop.LoopApp``, ``cardlib.loop.analysis``).
"""
from __future__ import annotations

from cardlib.core.agents import RandomAgent
from cardlib.core.package import registered
from cardlib.loop.actions import (
    DECK, DONDEN, PASS, Card, Donden, Pass, Play, SetAside, Sit, card_text, cards_text, parse, parse_card,
)
from cardlib.loop.combos import Combo, combinations_in, combo, follows
from cardlib.loop.rules import Game, Observation, State

INFO, VARIANTS, TITLE, __getattr__ = registered("loop", Game)  # the app (its __getattr__) loads on first use

__all__ = [
    "Card", "Combo", "DECK", "DONDEN", "Donden", "Game", "INFO", "LoopApp", "Observation", "PASS", "Pass", "Play",
    "RandomAgent", "SetAside", "Sit", "State", "TITLE", "VARIANTS", "card_text", "cards_text", "combinations_in",
    "combo", "follows", "parse", "parse_card",
]
