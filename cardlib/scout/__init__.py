"""SCOUT (スカウト), for 45 double-numbered cards: a hand you may never reorder, shown, scouted, counted.

The engine and the bots load fast; the app and the mathematics load on first use
(``cardlib.scout.ScoutApp``, ``cardlib.scout.analysis``).
"""
from __future__ import annotations

from cardlib.core.agents import RandomAgent
from cardlib.core.package import registered
from cardlib.scout.actions import KEEP, TURN, Keep, Observation, Scout, ScoutAndShow, Show, Turn, parse
from cardlib.scout.groups import ALL_CARDS, Group, beats, deck, group, shows
from cardlib.scout.rules import Game, State

INFO, VARIANTS, TITLE, __getattr__ = registered("scout", Game)  # the app (its __getattr__) loads on first use

__all__ = [
    "ALL_CARDS", "Game", "Group", "INFO", "KEEP", "Keep", "Observation", "RandomAgent", "Scout", "ScoutAndShow",
    "ScoutApp", "Show", "State", "TITLE", "TURN", "Turn", "VARIANTS", "beats", "deck", "group", "parse", "shows",
]
