"""Play Loop against bots: the game's hooks of ``TableApp`` (the page itself is ``view.py`` and ``view_story.py``).

The app draws only from ``state.observation(human)`` and, on your turn, the legal actions. Setting
2 cards aside takes two clicks: one card, then the other (either order; Back starts again). A lead
with many possible plays takes two clicks too: the form (singles, pairs, three of a kind, runs),
then the play. Between rounds you choose a chair by its 11 cards and the points it pays.

>>> app = LoopApp(seed=1)
>>> len(app.action_buttons), app.state.phase
(11, 'set aside')
>>> first = app.action_buttons[0]
>>> first.click()
>>> [b.description for b in app.action_buttons][-1], len(app.action_buttons)
('Back', 11)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import cardlib.loop.view as view
import cardlib.loop.view_story as view_story
from cardlib.loop.actions import DONDEN, PASS, Play, SetAside, Sit, card_key, card_text, cards_text
from cardlib.loop.bots import ClimberBot, SearchBot
from cardlib.loop.rules import Game
from cardlib.loop.seen import Observation
from cardlib.ui import Control
from cardlib.ui.app import TableApp
from cardlib.ui.table import prompt_html
from cardlib.ui.words import Words

LEAD_LIMIT = 16  # a lead with more possible plays than this is chosen in two clicks: the form, then the play
FORM_ORDER = {form: place for place, form in enumerate(view.FORMS)}


def tables(long: bool = False, say: Words = view.ENGLISH) -> list[tuple[str, Game]]:
    """The "Players" menu: 4, 3 or 2 players (the long game: first to win 2 sets)."""
    return [(say("{n} players", n=n) + (say(", long game") if long else ""), Game(players=n, long=long))
            for n in (4, 3, 2)]


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: a searching player first, then climbers.

    >>> [bot.name for bot in default_opponents(4)]
    ['search', 'climber', 'climber']
    """
    return [SearchBot() if k == 0 else ClimberBot() for k in range(players - 1)]


def play_order(action: Play) -> tuple:
    """Plays in reading order: by form, then size, then the cards."""
    return FORM_ORDER[view_story.form_of(action)], len(action.cards), tuple(map(card_key, action.cards))


class LoopApp(TableApp):
    """You against one to three bots at Loop; a seeded app plays the same games and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game (4, 3 or 2 players);
    ``long=True`` plays the long game (the first to win 2 sets).
    """

    SCORES_TITLE = "Points by round (the highest total wins)"
    NEXT_PART = ("Next round", "Go on: from last place up, everyone chooses a chair for the next round")
    MY_MOVES = ("set aside", "donden", "play", "pass", "sit")
    HEADS = ("set", "round", "round end", "set end", "end")

    def __init__(self, players: int = 4, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, *, long: bool = False, lang: str = "en") -> None:
        say = Words(lang, self.WORDS_JA)  # the menu's labels are made before the kit's say exists
        super().__init__(Game(players=players, long=long), human, opponents, seed,
                         default_opponents=default_opponents, tables=tables(long, say), lang=lang)

    @property
    def PLACES_RULE(self) -> str:  # type: ignore[override]
        """After "Places": what the final numbers are."""
        return " (sets won)" if self._game.long else " (the highest total wins)"

    # -- the parts of the game: rounds --

    def parts(self, obs: Observation) -> Sequence[view_story.RoundOver]:
        """The rounds finished so far: the table pauses on each."""
        return view_story.rounds_over(obs)

    def pending(self, obs: Observation) -> Optional[view_story.RoundOver]:
        """The finished round you have not yet read (the last round once the game is over)."""
        if obs.result is not None:
            return view_story.rounds_over(obs)[-1]
        return super().pending(obs)

    # -- drawing --

    def facts(self, obs: Observation, done: Optional[view_story.RoundOver]) -> str:
        """The header: game, round (loop or normal), players, the target."""
        return view_story.facts(obs, self._games, self._game.target, self._game.long, done, self.say)

    def table(self, obs: Observation, done: Optional[view_story.RoundOver]) -> str:
        """The chairs while you choose one; otherwise the players at their chairs and the trick."""
        if done is None and obs.phase == "sit" and obs.current_player == self._human:
            allowed = [action.chair for action in self._state.legal_actions()]
            return view.chairs_page(obs, self.names, allowed, self.say)
        picked = self.step[1] if self.step is not None and self.step[0] == "aside" else None
        return view.table_page(obs, self.names, self._agents, live=done is None, picked=picked,
                               long=self._game.long, say=self.say)

    def result(self, obs: Observation, done: Optional[view_story.RoundOver]) -> str:
        """A finished round's panel: ranks, points by rank and by chair, totals."""
        if done is None:
            return ""
        return view_story.round_html(done, self.names, self._game.target, self._game.long, self.say)

    def part_prompt(self, obs: Observation, done: view_story.RoundOver) -> str:
        """The words of the pause after a round (or a set of the long game)."""
        if done.winners:
            return prompt_html(self.say("Set {n} is over: read the points, then deal the next set.", n=done.set),
                               waiting=True)
        return prompt_html(self.say("Round {n} is over: read the ranks and points, then choose chairs for the "
                                    "next round.", n=done.round), waiting=True)

    def over_words(self, obs: Observation) -> str:
        """How long the game lasted."""
        finished = view_story.rounds_over(obs)
        if self._game.long:
            return self.say("Game over after {n} sets.", n=finished[-1].set)
        if len(finished) == 1:
            return self.say("Game over after 1 round.")
        return self.say("Game over after {n} rounds.", n=len(finished))

    def turn_prompt(self, obs: Observation, legal: list) -> str:
        """What to do now (view_story.py)."""
        return view_story.turn_prompt(obs, legal, self.names, self.step, self.say)

    def narrate(self, events: Sequence[tuple]) -> list[tuple[int, str]]:
        """The log in words (view_story.py)."""
        return view_story.narrate(events, self.names, self._game.players, self.say)

    def scoreboard(self, obs: Observation) -> str:
        """Points by round, the totals and the target (view_story.py)."""
        return view_story.scoreboard_html(obs, self.names, self._game.target, self._game.long, self.say)

    # -- your buttons --

    def controls(self, obs: Observation, legal: list) -> list[Control]:
        """Your buttons: a pair to set aside, a chair, or a play, pass and donden."""
        kind = type(legal[0])
        if kind is SetAside:
            return self._aside_controls(obs, legal)
        if kind is Sit:
            return self._chair_controls(obs, legal)
        return self._turn_controls(obs, legal)

    def _aside_controls(self, obs: Observation, legal: list) -> list[Control]:
        """Two clicks: a card, then the other card (every pair holding the first)."""
        say = self.say
        if self.step is None:
            return [self.step_control(card_text(card), ("aside", card),
                                      say("Set aside {card} and one more", card=card_text(card)),
                                      group=say("Set aside 2 cards: click one")) for card in obs.hand]
        card = self.step[1]
        controls = []
        for action in legal:
            if card in action.cards:
                other = next(c for c in action.cards if c != card)
                controls.append(self.action(action, card_text(other),
                                            say("Set aside {cards}", cards=cards_text(action.cards)),
                                            group=say("Set aside {card} and", card=card_text(card))))
        return controls + [self.step_control(say("Back"), None, say("Choose another first card"), group="")]

    def _chair_controls(self, obs: Observation, legal: list) -> list[Control]:
        """A button for every chair: those you may take enabled, the others saying why not."""
        allowed = {action.chair for action in legal}
        taken = view.chosen_chairs(obs)
        say = self.say
        controls = []
        for chair in range(obs.players):
            if chair in allowed:
                rank = obs.out.index(view.occupant(obs, chair)) + 1
                tip = say("Take chair {chair} and its 11 cards; it pays {pays}", chair=chair,
                          pays=view.pays(obs, rank, say))
                controls.append(self.action(Sit(chair), say("Chair {chair}", chair=chair), tip, group=say("Sit in")))
            else:
                controls.append(self.action(Sit(chair), say("Chair {chair}", chair=chair),
                                            view_story.chair_refusal(obs, chair, taken, self.names, say), disabled=True,
                                            style="", group=say("Sit in")))
        return controls

    def _turn_controls(self, obs: Observation, legal: list) -> list[Control]:
        """The plays (grouped by form; a long lead in two clicks), Pass and Donden."""
        say = self.say
        plays = sorted((action for action in legal if type(action) is Play), key=play_order)
        others = say("Or" if plays else "Nothing of yours beats it")
        extra = []
        if DONDEN in legal:
            eight = view.next_eight(obs)
            words = say("15 becomes strongest again" if obs.reversed else "1 becomes strongest")
            extra.append(self.action(
                DONDEN, say("Donden (reveal {card})", card=card_text(eight)) if eight else say("Donden"),
                say("Reveal your set-aside 8: {words} until the round ends (or the next donden); then play or pass",
                    words=words), style="warning", group=others))
        if PASS in legal:
            extra.append(self.action(PASS, say("Pass"),
                                     say("Play nothing now: you may play again when your turn comes round"),
                                     style="", group=others))
        if obs.trick:
            group = say("Beat {combo} with", combo=view.combo_words(obs.trick, say))
            return [self._play(action, group) for action in plays] + extra
        if len(plays) <= LEAD_LIMIT:
            return [self._play(action, view_story.group_of(action, say)) for action in plays] + extra
        if self.step is None:
            counts: dict[str, int] = {}
            for action in plays:
                counts[view_story.form_of(action)] = counts.get(view_story.form_of(action), 0) + 1
            return [self.step_control(f"{say(view.FORMS[form])} ({count})", ("lead", form),
                                      say("Show the plays of this form"), style="primary",
                                      group=say("Lead: choose a form")) for form, count in counts.items()] + extra
        form = self.step[1]
        return [self._play(action, view_story.group_of(action, say)) for action in plays
                if view_story.form_of(action) == form] + [self.step_control(say("Back"), None, say("Choose another form"))]

    def _play(self, action: Play, group: str) -> Control:
        """The button of one play: its cards ('9r 9y'), the combination in words as its tooltip."""
        return self.action(action, view_story.play_label(action, self.say), view_story.play_tip(action, self.say),
                           group=group)
