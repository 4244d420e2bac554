"""SCOUT (スカウト), for 45 double-numbered cards: a hand you may never reorder, shown, scouted, counted.

The engine and the bots load fast; the app and the mathematics load on first use
(``cardlib.scout.ScoutApp``, ``cardlib.scout.analysis``).
"""
from __future__ import annotations

from typing import Any

from cardlib.core.agents import RandomAgent
from cardlib.games import info
from cardlib.scout.actions import KEEP, TURN, Keep, Observation, Scout, ScoutAndShow, Show, Turn, parse
from cardlib.scout.groups import ALL_CARDS, Group, beats, deck, group, shows
from cardlib.scout.rules import Game, State

INFO = info("scout")
VARIANTS = tuple(Game(**options) for options in INFO.variants)
TITLE = INFO.title

__all__ = [
    "ALL_CARDS", "Game", "Group", "INFO", "KEEP", "Keep", "Observation", "RandomAgent", "Scout", "ScoutAndShow",
    "ScoutApp", "Show", "State", "TITLE", "TURN", "Turn", "VARIANTS", "beats", "deck", "group", "parse", "shows",
]


def __getattr__(name: str) -> Any:
    if name == "ScoutApp":
        from cardlib.scout.app import ScoutApp
        return ScoutApp
    raise AttributeError(f"module 'cardlib.scout' has no attribute {name!r}")
