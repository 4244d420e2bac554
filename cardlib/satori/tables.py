"""The Satori's side of a table of people (``cardlib.core.tables``): its Katsu window is asked at once.

The rules engine asks the window one player at a time, clockwise after the player who played (the digest's
"Decisions and notation"); at a table of people every player still in is asked at the same time, and the log
takes their answers in that same order: the first ``katsu`` in it closes the window, and a player who gives
no answer in time answers ``no katsu`` (no answer is no call). This file tells the table which seats the
state's window asks; it reads only the state's public face, so the engine knows nothing of tables.

>>> from cardlib.satori.rules import Game
>>> state = Game(players=4).new()
>>> katsu_window(state) is None          # a turn: one player decides
True
>>> state.apply(state.legal_actions()[0]); state.apply(NO_KATSU)
>>> window = katsu_window(state)
>>> window.seats, window.answered, window.waiting, window.default, sorted(window.closing)
((1, 2, 3), 1, (2, 3), 'no katsu', ['katsu'])
"""
from __future__ import annotations

from typing import Any, Optional

from cardlib.games import Window
from cardlib.satori.actions import KATSU, NO_KATSU, WINDOW
from cardlib.satori.rules import clockwise

__all__ = ["katsu_window"]

ANSWERS = (str(KATSU), str(NO_KATSU))


def katsu_window(state: Any) -> Optional[Window]:
    """The Katsu window ``state`` is in (its seats clockwise after the player who played, those still in), or None."""
    if state.phase != WINDOW:
        return None
    out = state.observation(state.active).out
    seats = tuple(seat for seat in clockwise(state.game.players)[state.active] if not out[seat])
    return Window(seats, seats.index(state.current_player), ANSWERS, str(NO_KATSU), frozenset({str(KATSU)}))
