"""Play Discontinuity against bots: an ipywidgets app for Jupyter and Voila.

The app keeps the engine's State to itself and draws only from ``state.observation(human)``
and, on the human's turn, ``state.legal_actions()``: the same observation gives the same
widgets whatever is hidden (the deck order, every joker's face). Bots move by themselves after
each click; with two players the app pauses between the halves so the first half can be read.

>>> app = DiscontinuityApp(seed=1)
>>> app.resume(Game(players=3).new(seed=4))          # the square 9 9 8 / 9 · 7 / 7 9 1
>>> app.button("nothing to take: both show 9").tooltip
'both show 9: two equal numbers can never be taken together'
>>> app.button("take 7 and 8 from ③").click()
>>> app.state.observation(0).rows[0]
(7, 8)
>>> app.button("Take the joker (once per game)").disabled
False
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import cardlib.discontinuity.view as view
from cardlib.discontinuity.actions import LINES, PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.bots import GreedyBot, LookaheadBot
from cardlib.discontinuity.coach import outlook
from cardlib.discontinuity.rules import Game, HalfResult, Observation
from cardlib.ui import Control
from cardlib.ui.app import TableApp

# The "Players" menu; two players may also play the whole deck as one game (not on the sheet).
TABLES = [("2 players (two halves)", Game(players=2, halves=True)),
          ("2 players (one full game)", Game(players=2, halves=False)),
          ("3 players", Game(players=3)), ("4 players", Game(players=4))]
JOKER_LABEL = view.JOKER_LABEL
JOKER_TIP = "The deck's top card, face down: nobody sees it. It counts your two cards for this turn."


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: a lookahead player, a greedy one, another lookahead player."""
    return [LookaheadBot(), GreedyBot(), LookaheadBot()][:players - 1]


class DiscontinuityApp(TableApp):
    """You against one to three bots at Discontinuity; a seeded app plays the same deals and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game (two players: two
    halves, or one full game); the game in progress goes on. The constructor's ``players`` and
    ``halves`` preselect it; its ``opponents`` and ``human`` seat play whenever the table has
    that many players, other sizes get the default bots (and seat 0 if your seat is not there).

    >>> app = DiscontinuityApp(players=2, halves=False, seed=3)
    >>> app.players_choice.label
    '2 players (one full game)'
    >>> app.players_choice.label = "4 players"
    >>> app.button("New game").click()
    >>> app.state.game, sorted(app.opponents)
    (Game(players=4, start_player=0, halves=False), [1, 2, 3])

    With ``lang="ja"`` the table speaks the sheet's Japanese (``words.WORDS_JA``); every finished round is
    kept for the class (``classroom.py``: what you saw, what you chose, how it came out).

    >>> ja = DiscontinuityApp(seed=1, lang="ja")
    >>> ja.say(ja.TITLE), ja.button("ジョーカーを獲得（ゲーム中１回）").disabled, ja.players_choice.label
    ('ディスコンティニュイティ', False, '3人')
    """

    SCORES_TITLE = "Scoreboard (highest total wins)"
    COACH_TIP = "The coach shows what each move does to your score and the chance the next card pairs"
    NEXT_PART = ("Play the second half", "Deal the second half")
    MY_MOVES = ("take", "joker", "place")
    HEADS = ("deal", "half", "over")

    def __init__(self, players: int = 3, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, halves: Optional[bool] = None, lang: str = "en") -> None:
        game = Game(players=players, halves=halves)  # RulesError for options the rules do not allow
        super().__init__(game, human, opponents, seed, default_opponents=default_opponents, tables=TABLES,
                         lang=lang)

    def parts(self, obs: Observation) -> Sequence[HalfResult]:
        return obs.halves

    def facts(self, obs: Observation, done: Optional[HalfResult]) -> str:
        return view.facts(obs, done, self._games, self.say)

    def table(self, obs: Observation, done: Optional[HalfResult]) -> str:
        return view.table_page(obs, self.names, self._agents, self.say)

    def result(self, obs: Observation, done: Optional[HalfResult]) -> str:
        return view.result_html(obs, done, self.names, self.say)

    def part_prompt(self, obs: Observation, done: HalfResult) -> str:
        return view.half_over_prompt(obs, self.names, self.say)

    def turn_prompt(self, obs: Observation, legal: list) -> str:
        return view.turn_prompt(obs, legal, self.say)

    def controls(self, obs: Observation, legal: list) -> list[Control]:
        say = self.say
        if isinstance(legal[0], PlaceJoker):
            heading = say("<b>Your joker</b>: put it right of")
            banked = sum(half.scores[self._human] for half in obs.halves)  # the seats show totals: so do the buttons
            return [self.action(a, view.place_label(a, obs.row, obs.safe_sizes[self._human], banked, say),
                                say("The joker counts {value}", value=a.anchor + 1), group=heading) for a in legal]
        controls = []
        for line in LINES:
            values = view.line_values(obs.square, line)
            takes = [a for a in legal if isinstance(a, Take) and a.line == line]
            if takes:
                controls += [self.action(a, view.take_label(a, obs.square, say), view.take_words(a, say), style="info",
                                         group=view.line_heading(line, values, say=say)) for a in takes]
            else:
                refused = Take(line, values[0], values[-1])  # a click gets the engine's own refusal
                controls.append(self.action(refused, view.nothing_to_take(values, say), view.why_no_take(values, say),
                                            disabled=True, style="", group=view.line_heading(line, values, say=say)))
        used = not any(isinstance(a, TakeJoker) for a in legal)
        controls.append(self.action(TakeJoker(), say(JOKER_LABEL), say(view.JOKER_USED if used else JOKER_TIP),
                                    disabled=used, style="warning",
                                    group=say("<b>Or the joker</b>: used" if used
                                              else "<b>Or the joker</b>: the deck's top card")))
        return controls

    def coach(self, obs: Observation, done: Optional[HalfResult]) -> str:
        if done is not None or obs.result is not None or obs.current_player != self._human:
            return view.coach_note("The coach weighs your moves on your turn.", self.say)
        if obs.phase == "place":
            return view.coach_note("Each place's button shows what your row would cost and your points.", self.say)
        return view.coach_html(outlook(obs, self._state.legal_actions()), obs.square, obs.deck_size, self.say)

