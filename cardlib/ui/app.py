"""``TableApp``: the app template every game fills in with hooks, the way its State fills in Engine.

The template seats you at one seat and a bot at every other, deals and moves the bots from one
seed, pauses on each finished part of a game (a round, a half) until you have read it, and draws
the whole page from ``state.observation(human)`` and, on your turn, the legal actions. A game's
``app.py`` writes only the hooks below; the HTML and the words come from its ``view.py``.

- ``parts(obs)``: the finished parts of the game (rounds, halves) the table pauses on;
- ``facts(obs, done)``: the header's facts; ``table(obs, done)``: the seats and the cards;
- ``result(obs, done)``: a finished part's or the game's panel ("" for none);
- ``turn_prompt(obs, legal)``: what to do now; ``part_prompt(obs, done)``: the pause's words;
- ``controls(obs, legal)``: the buttons of your turn, from the legal actions (``self.action``);
- ``narrate(events)``: the log in words; ``scoreboard(obs)``: by default the ``VIEW`` module's
  ``narrate(events, names, say)`` and ``scoreboard_html(obs, names, say)``;
- ``coach(obs, done)``: only a game with a coach (``COACH_TIP`` set) writes it: no empty panels;
- ``decision_row(obs, action)`` and ``round_rows(obs, done, decisions)``: the public record of each
  finished round for the class (what you saw, what you decided, how it came out), offered as a CSV;
  by default the ``CLASSROOM`` module's functions of the same names.

An app speaks English or, with ``lang="ja"``, Japanese (its ``HELP_JA`` for the help): ``self.say(text)`` looks a label up in the
kit's catalog and the game's ``WORDS_JA`` (cardlib.ui.words). A registered app takes its title, ``HELP``, ``VIEW``,
``CLASSROOM``, ``WORDS_JA`` and ``HELP_JA`` from its registry line and its game's rooms (``from_the_game``).

>>> [ordinal(n) for n in (1, 2, 3, 4)]
['1st', '2nd', '3rd', '4th']
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Optional

from cardlib.core.errors import IllegalActionError, RulesError, check_seat
from cardlib.ui.app_rooms import from_the_game, game_name
from cardlib.ui.frame import Control, TableFrame
from cardlib.ui.log import LogLine, log_html
from cardlib.ui.narration import Names, log_lines
from cardlib.ui.records import Records
from cardlib.ui.table import number, prompt_html
from cardlib.ui.words import Words

def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th')}"


def header_html(title: str, moment: str, facts: str) -> str:
    """The app's header: the game's title and its facts; ``moment`` marks what is shown (browser tests wait on it)."""
    return (f'<div class="cl-header" data-moment="{moment}"><span class="cl-title">{title}</span>'
            f'<span class="cl-facts">{facts}</span></div>')


def final_words(places: Sequence[int], totals: Sequence[str], names: Names, last: str) -> tuple[str, str]:
    """At the game's end: the headline of ``names.me`` (``last`` if they come last), and every place, best first.

    >>> final_words((2, 1, 3), ("5", "9", "1"), Names(me=0), "You lose.")
    ('You finish in the middle.', '1st Player 1 (9) · 2nd You (5) · 3rd Player 2 (1)')
    >>> final_words((2, 1, 3), ("5", "9", "1"), Names(me=0, lang="ja"), "You lose.")[1]
    '1位 プレイヤー1 (9) · 2位 あなた (5) · 3位 プレイヤー2 (1)'
    """
    say = names.words
    order = sorted(range(len(places)), key=lambda s: (places[s], s))
    place = (lambda n: f"{n}位") if names.lang == "ja" else ordinal
    standing = " · ".join(f"{place(places[s])} {names(s)} ({totals[s]})" for s in order)
    mine = places[names.me]
    headline = ("You win!" if mine == 1 and places.count(1) == 1 else
                "You share first place!" if mine == 1 else
                last if mine == max(places) else "You finish in the middle.")
    return say(headline), standing


class TableApp(TableFrame):
    """A table frame with a game behind it: you at one seat, a bot at every other, from one seed.

    A game's app sets the class attributes (``NEXT_PART``, ``MY_MOVES``, ``HEADS``, and ``COACH_TIP`` only
    if it has a coach) and writes the hooks; a registered app gets the rest from its game (``from_the_game``).
    Given
    ``opponents`` and ``human`` play whenever the table chosen has that many players; other
    sizes get ``default_opponents(players)`` (and seat 0 if your seat is not at the smaller table).
    """

    TITLE = ""
    HELP = ""
    SCORES_TITLE = "Scoreboard (points are bad)"
    COACH_TIP: Optional[str] = None  # a game with a coach names what it shows; None: no Coach button
    NEXT_PART = ("Next round", "Deal the next round")  # the pause's button and its tooltip
    MY_MOVES: tuple[str, ...] = ()  # log kinds that are a seat's own moves (later lines are new to it)
    HEADS: tuple[str, ...] = ()  # log kinds that head a part of the game
    LAST_PLACE = "You come last."
    TIMED = False  # a decision has a time limit (a table of people): prompts must not say the game waits
    PLACES_RULE = ""  # after "Places", e.g. " (lowest total wins)"

    WORDS_JA: dict[str, str] = {}  # the game's terms and buttons in Japanese, as its sheet writes them
    HELP_JA = ""  # the game's help in Japanese ("": the English HELP in a Japanese app too)
    VIEW: Any = None  # the game's view module: narrate and scoreboard_html (None: the app writes those hooks)
    CLASSROOM: Any = None  # the game's classroom module: decision_row and round_rows (None: no class record)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in from_the_game(cls).items():
            if name not in vars(cls):  # what an app sets itself wins
                setattr(cls, name, value)

    def __init__(self, game: Any, human: int, opponents: Optional[Sequence[Any]], seed: Optional[int], *,
                 default_opponents: Callable[[int], list[Any]], tables: Sequence[tuple[str, Any]],
                 lang: str = "en") -> None:
        self.lang = lang
        self.say = Words(lang, self.WORDS_JA)  # RulesError for a language the apps do not speak
        players = game.players
        check_seat("human", human, players)
        agents = list(opponents) if opponents is not None else default_opponents(players)
        if len(agents) != players - 1:
            raise RulesError(f"{players} players need {players - 1} opponents, got {len(agents)}")
        self._default_opponents = default_opponents
        self._asked = (players, human, agents)  # the table the constructor set: used again at that size
        self._seat(game)
        self._seeds = random.Random(seed)  # every deal and every bot's choices come from this seed
        self._games = 0
        self.parts_read = 0  # how many finished parts of the game (rounds, halves) you have read
        self.step: Any = None  # the first click of a two-click choice, while its second clicks are shown
        self._moves = 0  # your moves in the game on show: "New game" asks first once you have made one
        self.records = Records(game_name(game), seed)  # the public record of your finished rounds
        help_html = self.HELP_JA if self.lang == "ja" and self.HELP_JA else self.HELP
        super().__init__(help_html, self.COACH_TIP and self.say(self.COACH_TIP), scores_title=self.SCORES_TITLE,
                         choices=tables, chosen=game, words=self.say)
        self._run(self.new_game)  # a failing bot shows a message here too, not a traceback

    # -- the game behind the table --

    @property
    def state(self) -> Any:
        """The engine's full state (for tests and teachers); the app draws only your observation of it."""
        return self._state

    @property
    def human(self) -> int:
        """The seat you play."""
        return self._human

    @property
    def opponents(self) -> dict[int, Any]:
        """The bot at each other seat of the game in play."""
        return dict(self._agents)

    def _seat(self, game: Any) -> None:
        """Set the table for ``game``: your seat, and a bot at every other seat."""
        players, human, agents = self._asked
        if game.players != players:  # a table chosen in the menu: the default bots
            agents = self._default_opponents(game.players)
            human = human if human < game.players else 0
        self._game, self._human = game, human
        others = [(human + step) % game.players for step in range(1, game.players)]  # in turn order after you
        self._agents = dict(zip(others, agents))
        self.names = Names(me=human, lang=self.lang)  # who is who at this table: "You" and "Player n"

    def new_game(self) -> None:
        """Deal a new game for the table chosen in the menu (bots move until it is your turn) and show it."""
        self._games += 1
        if self.next_table is not None and self.next_table != self._game:
            self._seat(self.next_table)
        self._state = self._game.new(seed=self._seeds.getrandbits(64))
        self._bot_rngs = {seat: random.Random(self._seeds.getrandbits(64)) for seat in self._agents}
        self.parts_read = 0
        self.step = None
        self._moves = 0
        self.records.new_game(self._games, self._game.players, self._human)
        self.table_dealt(self._game)
        self._advance()
        self.render()

    @property
    def game_in_progress(self) -> bool:
        """You have moved in the game on show and it is not over: "New game" asks first."""
        return self._moves > 0 and not self._state.is_over

    def take(self, action: Any) -> None:
        """Apply your ``action`` as its button would (a refused one becomes the app's message): for scripts."""
        self._run(lambda: self._act(action))

    def read_on(self) -> None:
        """Press the pause's button ("Next round") as a click would: for scripts."""
        self._run(self._play_on)

    def resume(self, state: Any, *, parts_read: Optional[int] = None) -> None:
        """Continue from a given position (a lesson's stacked deal, say) and show it.

        ``parts_read`` is how many finished rounds (or halves) count as read (default: all);
        with fewer, the table stops on the first unread one.
        """
        if state.game != self._game:
            raise RulesError(f"this app plays {self._game}, the state is of {state.game}")
        finished = len(self.parts(state.observation(self._human)))
        self._state = state
        self.step = None
        self.parts_read = finished if parts_read is None else max(0, min(parts_read, finished))
        self.records.resume(finished, state.is_over)  # a round finished before the resume is not yours to record
        self.show_message("")
        self._advance()
        self.render()

    def _act(self, action: Any) -> None:
        row = self.decision_row(self._state.observation(self._human), action)  # what you saw as you decided
        self._state.apply(action)  # IllegalActionError leaves the state as it was; the frame says why
        self._moves += 1
        self.records.decided(row)
        self.step = None
        self._advance()
        self.render()

    def _play_on(self) -> None:
        """You have read the finished part on show: the game goes on."""
        self.parts_read += 1
        self._advance()
        self.render()

    def pending(self, obs: Any) -> Optional[Any]:
        """The finished part you have not yet read (None: play on)."""
        finished = self.parts(obs)
        return finished[self.parts_read] if len(finished) > self.parts_read else None

    def _advance(self) -> None:
        """Let the bots move until it is your turn, a part of the game has ended or the game is over."""
        state = self._state
        while not state.is_over and state.current_player != self._human:
            if self.pending(state.observation(self._human)) is not None:
                return
            seat = state.current_player
            action = self._agents[seat].act(state.observation(seat), state.legal_actions(), self._bot_rngs[seat])
            try:
                state.apply(action)
            except IllegalActionError as error:  # the bot's fault, not the click's: say so
                raise RuntimeError(f"the bot of {self.names(seat)} broke the rules: {error}") from error

    # -- drawing: from the human's observation only --

    def render(self) -> None:
        """Draw the whole app from what the human may see."""
        obs = self._state.observation(self._human)
        self.records.finished(self.parts(obs), obs.result is not None,
                              lambda part, decisions: self.round_rows(obs, part, decisions))
        written = (self.records, len(self.records.rows))  # rows are only ever added: the CSV is new only then
        if written != getattr(self, "_download_written", None):
            self._download_written = written
            self.show_download(self.records.download_html(self.say))
        done = self.pending(obs)
        mine = done is None and obs.current_player == self._human
        legal = self._state.legal_actions() if mine else []
        moment = f"{self._games}.{len(obs.log)}.{getattr(obs, 'phase', '')}.{self.parts_read}"
        self.show(header=header_html(self.say(self.TITLE), moment, self.facts(obs, done)), table=self.table(obs, done),
                  result=self.result(obs, done), prompt=self._prompt_html(obs, done, legal),
                  controls=self._control_list(obs, done, legal), log=log_html(self._log_lines(obs, done)),
                  scores=self.scoreboard(obs), coach=self._coach_html(obs, done))

    def _prompt_html(self, obs: Any, done: Optional[Any], legal: list) -> str:
        if obs.result is not None:
            return self.over_prompt(obs)
        if done is not None:
            return self.part_prompt(obs, done)
        if obs.current_player != self._human:
            return prompt_html(self.say("Waiting for {name}.", name=self.names(obs.current_player)), waiting=True)
        return self.turn_prompt(obs, legal)

    def over_prompt(self, obs: Any) -> str:
        """The game is over: your place, and everyone's, from the rules' result."""
        totals = [self.total_text(score) for score in obs.result.scores]
        headline, standing = final_words(obs.result.places, totals, self.names, self.say(self.LAST_PLACE))
        return prompt_html(f"{self.over_words(obs)} {headline}",
                           self.say("Places{rule}: {standing}. Press Play again for a new game.",
                                    rule=self.say(self.PLACES_RULE), standing=standing))

    def _control_list(self, obs: Any, done: Optional[Any], legal: list) -> list[Control]:
        if obs.result is not None:
            return [Control(self.say("Play again"), self.new_game, self.say("Deal a new game"), style="success")]
        if done is not None:
            label, tip = self.NEXT_PART
            return [Control(self.say(label), self._play_on, self.say(tip), style="primary")]
        return self.controls(obs, legal) if legal else []

    def action(self, action: Any, label: str, tooltip: str = "", *, disabled: bool = False, style: str = "primary",
               group: str = "") -> Control:
        """The button of one action: a click applies it (a disabled one is refused by the engine, if clicked)."""
        return Control(label, lambda: self._act(action), tooltip, disabled, style, group, action=action)

    def step_control(self, label: str, step: Any, tooltip: str = "", *, disabled: bool = False, style: str = "",
                     group: str = "") -> Control:
        """The first click of a two-click choice (an end to scout from, say): it shows the second clicks.

        ``controls`` reads ``self.step`` to draw them; a ``step`` of None goes back to the first clicks.
        """
        return Control(label, lambda: self.choose(step), tooltip, disabled, style, group, opens=step)

    def choose(self, step: Any) -> None:
        """Show the second clicks of ``step`` (None: back to the first clicks); the game does not move."""
        self.step = step
        self.render()

    def _log_lines(self, obs: Any, done: Optional[Any]) -> list[LogLine]:
        events = self.log_events(obs, done)
        return log_lines(events, self.narrate(events), self._human, mine=self.MY_MOVES, heads=self.HEADS)

    def _coach_html(self, obs: Any, done: Optional[Any]) -> str:
        """The coach's panel, drawn only while it is open (nothing is computed when closed)."""
        return self.coach(obs, done) if self.COACH_TIP and self.coach_open else ""

    def _on_coach_toggle(self, change: dict) -> None:
        """The toggle opened or closed the coach: draw its panel for the table as it is now."""
        super()._on_coach_toggle(change)
        obs = self._state.observation(self._human)
        try:  # not through _run: opening the coach must not wipe the message about the last click
            self._coach.value = self._coach_html(obs, self.pending(obs))
        except Exception as error:  # an app never shows a traceback
            self.show_message(f"The coach could not work out this position ({type(error).__name__}: {error}).")

    # -- the hooks a game writes --

    def parts(self, obs: Any) -> Sequence[Any]:
        """The finished parts of the game (rounds, halves) as ``obs`` tells them; none by default."""
        return ()

    def facts(self, obs: Any, done: Optional[Any]) -> str:
        """The header's facts (HTML)."""
        raise NotImplementedError

    def table(self, obs: Any, done: Optional[Any]) -> str:
        """The seats and the cards (HTML)."""
        raise NotImplementedError

    def result(self, obs: Any, done: Optional[Any]) -> str:
        """The panel of a finished part or of the game's end (HTML; "" for none)."""
        return ""

    def turn_prompt(self, obs: Any, legal: list) -> str:
        """What you may do on your turn (HTML)."""
        raise NotImplementedError

    def part_prompt(self, obs: Any, done: Any) -> str:
        """The words of the pause after a finished part (HTML)."""
        return prompt_html("This part of the game is over: read it, then play on.", waiting=True)

    def over_words(self, obs: Any) -> str:
        """The first words at the game's end."""
        return self.say("Game over.")

    def total_text(self, score: int) -> str:
        """A final total as the places line shows it (a true minus sign on a loss)."""
        return number(score)

    def controls(self, obs: Any, legal: list) -> list[Control]:
        """The buttons of your turn, made from the legal actions with ``self.action``."""
        raise NotImplementedError

    def log_events(self, obs: Any, done: Optional[Any]) -> Sequence[tuple]:
        """The public events the log tells (all of them by default)."""
        return obs.log

    def narrate(self, events: Sequence[tuple]) -> list[tuple[int, str]]:
        """The events in words: (index of the event told, sentence) pairs from ``VIEW.narrate``."""
        if self.VIEW is None:
            raise NotImplementedError(f"{type(self).__name__} sets VIEW or writes narrate")
        return self.VIEW.narrate(events, self.names, self.say)

    def scoreboard(self, obs: Any) -> str:
        """The scoreboard (HTML) from ``VIEW.scoreboard_html``."""
        if self.VIEW is None:
            raise NotImplementedError(f"{type(self).__name__} sets VIEW or writes scoreboard")
        return self.VIEW.scoreboard_html(obs, self.names, self.say)

    def coach(self, obs: Any, done: Optional[Any]) -> str:
        """The coach's panel (HTML): only a game with a coach writes this."""
        return ""

    def decision_row(self, obs: Any, action: Any) -> Optional[dict[str, Any]]:
        """One of your decisions for the class record: what ``obs`` showed you and what you chose (None: none),
        from ``CLASSROOM.decision_row``."""
        return None if self.CLASSROOM is None else self.CLASSROOM.decision_row(obs, action)

    def round_rows(self, obs: Any, done: Optional[Any], decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows of a finished round (``done``; None for a game without rounds) from your ``decisions`` in it
        and how it came out, drawn from ``obs`` only, from ``CLASSROOM.round_rows`` (without one: the decisions
        as they are)."""
        return decisions if self.CLASSROOM is None else self.CLASSROOM.round_rows(obs, done, decisions)
