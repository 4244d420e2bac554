"""The Satori (ザ・悟り), for 25 playing cards: play face down, call "Katsu!", declare "Satori".

The engine, the beliefs and the bots load fast; the app and the mathematics load on first use
(``cardlib.satori.SatoriApp``, ``cardlib.satori.analysis``).
"""
from __future__ import annotations

from cardlib.core.agents import RandomAgent
from cardlib.core.package import registered
from cardlib.satori.actions import (
    DECLARE, KATSU, NO_KATSU, PASS, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, ZATSUNEN,
    Declare, Katsu, NoKatsu, Observation, Pass, Play, parse, top_run,
)
from cardlib.satori.beliefs import UNIFORM, Model, Story, story, worlds
from cardlib.satori.rules import Game, State

INFO, VARIANTS, TITLE, __getattr__ = registered("satori", Game)  # the app (its __getattr__) loads on first use

__all__ = [
    "DECLARE", "Declare", "Game", "INFO", "KATSU", "Katsu", "Model", "NO_KATSU", "NoKatsu", "Observation",
    "PASS", "PLAY_SATORI", "PLAY_ZATSUNEN", "Pass", "Play", "RandomAgent", "SATORI", "SatoriApp", "State",
    "Story", "TITLE", "UNIFORM", "VARIANTS", "ZATSUNEN", "parse", "story", "top_run", "worlds",
]
