"""Play Twenty-five against bots: the game's hooks of ``TableApp`` (the page itself is ``view.py``).

The app draws only from ``state.observation(human)`` and, on your turn, the legal actions; it
pauses at the end of every round so the count of pairs can be read before the next deal.

>>> from cardlib.decks.pairs import PAIRS_DECK
>>> app = TwentyFiveApp(opponents=[ThresholdBot(22), ThresholdBot(22)], seed=1)
>>> app.resume(Game(players=3).new(deck=sorted(PAIRS_DECK, reverse=True)))   # a stacked deal
>>> [button.description for button in app.action_buttons]
['Draw', 'Pass']
>>> app.button("Pass").disabled          # nobody may pass on a round's first turn
True
>>> app.button("Draw").click()
>>> app.button("Pass").disabled
False
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import cardlib.twentyfive.view as view
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.coach import coach_panel
from cardlib.twentyfive.rules import DRAW, PASS, Game, Observation, Reveal, RoundResult
from cardlib.ui import Control
from cardlib.ui.app import TableApp

TABLES = [(f"{n} players", Game(players=n)) for n in (3, 4)]  # the "Players" menu


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: the exact coach, then players who pass at 22 and at 20 cards in play.

    None of them passes at random, so a round lasts until someone judges the pairs are there
    and your own draws and passes decide the game.

    >>> default_opponents(4)
    [CoachBot(model='informed'), ThresholdBot(threshold=22), ThresholdBot(threshold=20)]
    """
    return [CoachBot(), ThresholdBot(threshold=22), ThresholdBot(threshold=20)][:players - 1]


class TwentyFiveApp(TableApp):
    """You against two or three bots at Twenty-five; a seeded app plays the same deals and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game; the game in
    progress goes on. The constructor's ``players`` preselects it.

    >>> app = TwentyFiveApp(seed=3)
    >>> app.players_choice.label = "4 players"
    >>> app.state.game.players, app.table_hint
    (3, 'for the next game: press')
    >>> app.button("New game").click()
    >>> app.state.game.players, sorted(app.opponents), app.table_hint
    (4, [1, 2, 3], '')
    """

    COACH_TIP = "The coach shows what you can count from the cards you see"
    MY_MOVES = ("draw", "pass", "reveal")
    HEADS = ("round",)
    LAST_PLACE = "You lose: the highest total loses."
    PLACES_RULE = " (lowest total wins)"

    def __init__(self, players: int = 3, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, lang: str = "en") -> None:
        game = Game(players=players)  # RulesError for a player count the rules do not allow
        super().__init__(game, human, opponents, seed, default_opponents=default_opponents, tables=TABLES,
                         lang=lang)

    def parts(self, obs: Observation) -> Sequence[RoundResult]:
        return obs.rounds

    def pending(self, obs: Observation) -> Optional[RoundResult]:
        """The finished round you have not yet read (the last round once the game is over)."""
        return obs.rounds[-1] if obs.result is not None else super().pending(obs)

    def facts(self, obs: Observation, done: Optional[RoundResult]) -> str:
        return view.facts(obs, done, self._games, self.say)

    def table(self, obs: Observation, done: Optional[RoundResult]) -> str:
        return view.seats_html(obs, done, self.names, self._agents, self.say)

    def result(self, obs: Observation, done: Optional[RoundResult]) -> str:
        return view.round_html(done, self.names, self.say) if done is not None else ""

    def part_prompt(self, obs: Observation, done: RoundResult) -> str:
        return view.round_over_prompt(done, self.names, self.say)

    def over_words(self, obs: Observation) -> str:
        return self.say("Game over after {n} rounds.", n=len(obs.rounds))

    def turn_prompt(self, obs: Observation, legal: list) -> str:
        return view.turn_prompt(obs, legal, self.names, self.say)

    def controls(self, obs: Observation, legal: list) -> list[Control]:
        say = self.say
        if isinstance(legal[0], Reveal):
            high = max(obs.hand)
            return [self.action(a, say("Reveal {n} (highest)" if a.value == high else "Reveal {n}", n=a.value),
                                view.reveal_tooltip(a.value, high, say)) for a in legal]
        return [self.action(DRAW, say("Draw"), say(view.EMPTY_PILE if DRAW not in legal else
                            "Take the top card of the draw pile, then reveal a card"), disabled=DRAW not in legal),
                self.action(PASS, say("Pass"), say(view.NO_EARLY_PASS if PASS not in legal else
                            "Bet that the pairs in play now exceed 25 (ends the round)"), disabled=PASS not in legal,
                            style="warning")]

    def log_events(self, obs: Observation, done: Optional[RoundResult]) -> Sequence[tuple]:
        return view.shown_events(obs, done)

    def coach(self, obs: Observation, done: Optional[RoundResult]) -> str:
        if done is not None:
            return (f'<div class="cl-panel"><h4>{self.say("Coach")}</h4><div>'
                    f'{self.say("The round is over: every card is on the table. Check the count above.")}</div></div>')
        return coach_panel(obs, self.names, self.say)

