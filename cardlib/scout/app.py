"""Play SCOUT against bots: the game's hooks of ``TableApp`` (the page itself is ``view.py``).

The app draws only from ``state.observation(human)`` and, on your turn, the legal actions. A
scout takes two clicks: first the end of the active set, then where the card goes in your hand
and which way up (only the places the rules allow are enabled).

>>> from cardlib.scout.actions import KEEP
>>> app = ScoutApp(seed=1)
>>> [button.description for button in app.action_buttons]
['Keep', 'Turn around']
>>> app.button("Keep").click()
>>> app.state.current_player == 0 and app.state.phase
'play'
>>> [button.description for button in ScoutApp(seed=1, lang="ja").action_buttons]
['そのまま', '上下を入れ替える']
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import cardlib.scout.view as view
from cardlib.scout.actions import KEEP, KEEPING, TURN, Observation, RoundTally, Scout, ScoutAndShow, Show
from cardlib.scout.bots import PlannerBot, SearchBot
from cardlib.scout.rules import Game
from cardlib.ui import Control
from cardlib.ui.app import TableApp

TABLES = [(f"{n} players", Game(players=n)) for n in (3, 4, 5)] + [("2 players (variant)", Game(players=2))]


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: a searching player first, then planners.

    >>> [bot.name for bot in default_opponents(4)]
    ['search', 'planner', 'planner']
    """
    return [SearchBot() if k == 0 else PlannerBot() for k in range(players - 1)]


class ScoutApp(TableApp):
    """You against one to four bots at SCOUT; a seeded app plays the same games and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game (3 to 5 players, or
    the official two-player variant with Scout tokens).
    """

    SCORES_TITLE = "Points by round (score cards + chips − cards in hand)"
    MY_MOVES = ("keep", "turn", "show", "scout", "scout & show")
    HEADS = ("round", "round end", "end")
    PLACES_RULE = " (the highest total wins)"

    def __init__(self, players: int = 3, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, lang: str = "en") -> None:
        super().__init__(Game(players=players), human, opponents, seed, default_opponents=default_opponents,
                         tables=TABLES, lang=lang)

    def parts(self, obs: Observation) -> Sequence[RoundTally]:
        return obs.finished

    def pending(self, obs: Observation) -> Optional[RoundTally]:
        """The finished round you have not yet read (the last round once the game is over)."""
        return obs.finished[-1] if obs.result is not None else super().pending(obs)

    def facts(self, obs: Observation, done: Optional[RoundTally]) -> str:
        return view.facts(obs, self._games, done, self.say)

    def table(self, obs: Observation, done: Optional[RoundTally]) -> str:
        if done is not None:  # the round just over, as it ended: the next round's deal waits for "Next round"
            return view.ended_page(obs, done, self.names, self._agents, self.say)
        return view.table_page(obs, self.names, self._agents, self.say)

    def result(self, obs: Observation, done: Optional[RoundTally]) -> str:
        return view.round_html(done, self.names, self.say) if done is not None else ""

    def part_prompt(self, obs: Observation, done: RoundTally) -> str:
        return view.prompt_html(self.say("Round {round} is over: read the points, then deal the next round.",
                                         round=done.round), waiting=True)

    def over_words(self, obs: Observation) -> str:
        return self.say("Game over after {n} rounds.", n=obs.rounds)

    def turn_prompt(self, obs: Observation, legal: list) -> str:
        return view.turn_prompt(obs, legal, self.names, self.step, self.say)

    def controls(self, obs: Observation, legal: list) -> list[Control]:
        say = self.say
        if obs.phase == KEEPING:
            return [self.action(KEEP, say("Keep"), say("Keep the hand as dealt")),
                    self.action(TURN, say("Turn around"), say("Reverse the order and turn every card the other way up"))]
        if self.step is not None:
            return self._places(obs, legal, *self.step)
        shows = [self.action(action, view.show_label(obs, action, say), say("Show these cards: they beat the active set"),
                             group=say("Show")) for action in legal if type(action) is Show]
        firsts = []
        for kind, group in ((Scout, "Scout"), (ScoutAndShow, "Scout &amp; Show (once a round)")):
            for end in dict.fromkeys(action.end for action in legal if type(action) is kind):
                firsts.append(self.step_control(view.scout_label(obs, kind, end, say), (kind, end),
                                                say("Take this card; next, choose where it goes"), group=say(group)))
        return shows + firsts

    def _places(self, obs: Observation, legal: list, kind: type, end: Optional[str]) -> list[Control]:
        """The second clicks of a scout: every place in the hand, kept and turned (the legal ones enabled)."""
        say = self.say
        card = view.end_card(obs, end)
        allowed = {action for action in legal if type(action) is kind and action.end == end}
        controls = []
        for turned, group in ((False, say("Put it in with the {card} on top, at position", card=card[0])),
                              (True, say("Turned, with the {card} on top, at position", card=card[1]))):
            for to in range(1, len(obs.hand) + 2):
                action = kind(end, to, turned)
                refused = "" if action in allowed else say("No show could follow: Scout & Show needs one")
                controls.append(self.action(action, view.place_label(action, say),
                                            refused or say("Make it card {to}", to=to),
                                            disabled=action not in allowed, group=group,
                                            style="primary" if action in allowed else ""))
        return controls + [self.step_control(say("Back"), None, say("Choose another move"), group="")]

