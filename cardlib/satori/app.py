"""Play The Satori against bots: the game's hooks of ``TableApp`` (the page itself is ``view.py``).

The app draws only from ``state.observation(human)`` and, on your turn or when you are asked
Katsu?, the legal actions: the same observation gives the same widgets whatever is hidden.
After each card a bot plays, the app waits for your "Katsu!" or "No katsu": take your time.

>>> from cardlib.satori.rules import Game
>>> app = SatoriApp(human=1, seed=1)
>>> state = Game().new(); state.apply(PLAY_SATORI)        # player 0 plays a satori
>>> app.resume(state)
>>> [button.description for button in app.action_buttons]
['Katsu!', 'No katsu']
>>> app.button("Katsu!").click()
>>> app.state.observation(1).piles[1]                     # a success: onto your pile
('S',)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import cardlib.satori.coach as coach
import cardlib.satori.view as view
from cardlib.satori.actions import DECLARE, KATSU, NO_KATSU, PASS, PLAY_SATORI, PLAY_ZATSUNEN, WINDOW, Observation
from cardlib.satori.bots import BayesianBot, CountingBot
from cardlib.satori.rules import Game
from cardlib.ui import Control
from cardlib.ui.app import TableApp

TWO_PLAYERS = Game(players=2, satori=2, zatsunen=1)  # the registry's unofficial two-player version
TABLES = [(f"{n} players", Game(players=n)) for n in (3, 4, 5)] + [("2 players (unofficial)", TWO_PLAYERS)]


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: Bayesian and counting players, in turn.

    >>> [bot.name for bot in default_opponents(5)]
    ['bayesian', 'counting', 'bayesian', 'counting']
    """
    return [BayesianBot() if k % 2 == 0 else CountingBot() for k in range(players - 1)]


class SatoriApp(TableApp):
    """You against one to four bots at The Satori; a seeded app plays the same games and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game (3 to 5 players, or
    the unofficial two-player version with 2 satori and 1 zatsunen each). ``model`` names the
    model of ``analysis.MODELS`` (or is a ``Model``) the coach highlights; by default the bots' own.
    """

    SCORES_TITLE = "Public counts (satori and zatsunen: hand and pile together)"
    COACH_TIP = "The coach shows the exact chance a card just played is satori, and what a Katsu call risks"
    MY_MOVES = ("play", "no katsu", "katsu", "pass", "declare")
    HEADS = ("deal", "end")
    PLACES_RULE = " (the longest satori run on top wins)"

    def __init__(self, players: int = 3, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, model: Any = None, lang: str = "en") -> None:
        game = TWO_PLAYERS if type(players) is int and players == 2 else Game(players=players)  # RulesError: no table
        self._model = coach.coach_model(model)
        super().__init__(game, human, opponents, seed, default_opponents=default_opponents, tables=TABLES,
                         lang=lang)

    def facts(self, obs: Observation, done: None) -> str:
        return view.facts(obs, self._games, self._game.official, self.say)

    def table(self, obs: Observation, done: None) -> str:
        return view.table_page(obs, self.names, self._agents, self.say)

    def result(self, obs: Observation, done: None) -> str:
        return view.result_html(obs, self.names, self.say)

    def turn_prompt(self, obs: Observation, legal: list) -> str:
        return view.turn_prompt(obs, legal, self.names, self.say, timed=self.TIMED)

    def over_words(self, obs: Observation) -> str:
        return view.over_words(obs, self.names, self.say)

    def controls(self, obs: Observation, legal: list) -> list[Control]:
        say = self.say
        if obs.phase == WINDOW:
            return [self.action(KATSU, say("Katsu!"), say(view.KATSU_TIP), style="danger"),
                    self.action(NO_KATSU, say("No katsu"), say(view.NO_KATSU_TIP), style="")]
        shown = [PASS] if PASS in legal else [PLAY_SATORI, PLAY_ZATSUNEN]
        return [self.action(a, say(view.BUTTONS[a][0]),
                            say(view.BUTTONS[a][1]) if a in legal else view.refused(a, obs, say),
                            disabled=a not in legal, style="warning" if a == DECLARE else "primary")
                for a in shown + [DECLARE]]

    def coach(self, obs: Observation, done: None) -> str:
        return coach.coach_html(obs, self.names, self._model, self.say)
