"""A game's own ``TableApp`` at a table of people: drawn from one seat's ``View``, its clicks sent to the table.

``seat_app(app_class, page, view)`` makes the game's app (its hooks unchanged: ``table``, ``controls``,
``scoreboard``...) with three things of the template swapped: its state is a ``SeatState`` (the view's
observation and legal actions: no full state, no seed, no bots of its own in the page's kernel), a click
goes to ``page.send`` (``Table.play`` in the notation, then the table's bots) instead of ``state.apply``,
and "New game" and the "Players" menu are gone: at the end, "Back to the tables". Seats show the students'
names ("You" for one's own), bots are marked by the bot that plays there.

A window of answers given at once (``View.window``, The Satori's Katsu window): every seat it asks sees itself
asked now (its observation's ``current_player`` is its own seat while it may answer), so the game's own prompt
and buttons are drawn on every asked page at once; a click is ``Table.answer`` (``page.send``). Beside the
buttons a countdown ("7 s to call") is the only thing a poll redraws while nothing else changed, and while the
same window asks the same answers the buttons are not drawn again (a click then means what it meant: it is never
refused as out of date). Once answered the page says "You said …; waiting for the others": never another seat's
answer, which the page is never told.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Optional

import ipywidgets as widgets

from cardlib.core.errors import RulesError
from cardlib.ui.frame import Control
from cardlib.ui.narration import Names
from cardlib.ui.table import prompt_html

__all__ = ["SeatState", "SeatNames", "AtTable", "seat_app", "asked_now"]


def asked_now(obs: Any, seat: int) -> Any:
    """``obs`` with ``seat`` as the player asked now (every game's observation is a frozen dataclass): a seat a
    window asks at once is asked now, whichever seat the rules will take first."""
    if obs.current_player == seat:
        return obs
    return dataclasses.replace(obs, current_player=seat)


class SeatState:
    """What an app at a table of people holds instead of a State: one seat's ``View`` (read-only).

    ``parse`` reads an answer of a window (its notation) as an action."""

    def __init__(self, view: Any, game: Any, parse: Optional[Callable[[str], Any]] = None) -> None:
        self.view, self.game, self._parse = view, game, parse
        window = getattr(view, "window", None)
        self.asked = window is not None and bool(window.answers)  # this seat may answer a window now
        self._obs = asked_now(view.observation, view.seat) if self.asked else view.observation

    @property
    def window(self) -> Any:
        """The window of answers given at once as this seat sees it (``Asked``), or None."""
        return getattr(self.view, "window", None)

    @property
    def current_player(self) -> Optional[int]:
        """The seat to move (None: not started, or over); a seat a window asks now: itself."""
        return self.view.seat if self.asked else self.view.mover

    @property
    def is_over(self) -> bool:
        """The table's game is over."""
        return self.view.status == "over" or getattr(self.view.observation, "result", None) is not None

    @property
    def seq(self) -> int:
        """The number the next move must carry."""
        return self.view.seq

    def observation(self, seat: int) -> Any:
        """The seat's own observation (RulesError for any other seat: a page sees only its own)."""
        if seat != self.view.seat:
            raise RulesError(f"this page sits at seat {self.view.seat}; it cannot see seat {seat}'s cards")
        return self._obs

    def legal_actions(self) -> list[Any]:
        """The seat's legal actions on its turn, else none; in a window, the answers it may give now."""
        if self.window is not None:
            return [self._parse(text) for text in self.window.answers] if self._parse is not None else []
        return list(self.view.legal)

    def apply(self, action: Any) -> None:
        """Never here: a move at a table of people goes through the table."""
        raise RulesError("a table of people plays through the table, not on the page")


class SeatNames(Names):
    """"You" for one's own seat, each student's name at theirs, "Player n" at a bot's.

    >>> names = SeatNames(me=1, people={0: "Ana", 1: "Bo"})
    >>> names(0), names(1), names(2), names.does(0, "pass")
    ('Ana', 'You', 'Player 2', 'Ana passes')
    """

    def __init__(self, me: Optional[int] = None, people: Optional[Mapping[int, str]] = None, lang: str = "en") -> None:
        super().__init__(me, lang)
        self.people = dict(people or {})

    def __call__(self, seat: Optional[int], *, inside: bool = False) -> str:
        if seat is not None and seat != self.me and seat in self.people:
            return self.people[seat]
        return super().__call__(seat, inside=inside)


class OtherSeats(Mapping):
    """The other seats in turn order after ``me``, as the apps' views take their ``bots``: iterating gives every
    other seat (a view that lays out the seats by it shows the people too); only a bot's seat is *in* it and
    has a value (``bots.get(seat)`` is None at a person's, so no "bot" subtitle there).

    >>> seats = OtherSeats(me=1, players=3, bots={0: "a bot"})
    >>> list(seats), 0 in seats, 2 in seats, seats.get(2)
    ([2, 0], True, False, None)
    """

    def __init__(self, me: int, players: int, bots: Mapping[int, Any]) -> None:
        self._order = [(me + step) % players for step in range(1, players)]
        self._bots = dict(bots)

    def __getitem__(self, seat: int) -> Any:
        return self._bots[seat]

    def __iter__(self) -> Any:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, seat: object) -> bool:
        return seat in self._bots


class AtTable:
    """The mixin put before a game's app class: the template's engine parts replaced by the table's."""

    _page: Any
    _first_view: Any
    TIMED = True  # the table's windows have the teacher's time limit
    _countdown: Any = None  # the window's countdown beside the buttons (seat_app puts it there)
    _window_shown: Any = None  # the window and answers whose buttons are drawn now (None: none)

    def _seat(self, game: Any) -> None:  # the constructor's game is ignored: the table's is the one
        view, page = self._first_view, self._page
        self._game, self._human = page.table.game, view.seat
        self.seat_marks(view.seats)

    def seat_marks(self, seats: Any) -> None:
        """Who sits where: the students' names, and at each bot's seat the bot the table plays there."""
        self._agents = OtherSeats(self._human, self._game.players,
                                  {seat.seat: self._page.bot for seat in seats if seat.bot})
        self.names = SeatNames(me=self._human, people={seat.seat: seat.name for seat in seats if not seat.bot},
                               lang=self.lang)

    def new_game(self) -> None:
        """Show the table as the first view has it (a student back after a reload has read every finished part)."""
        self._games, self._moves, self.step = 1, 0, None
        self.records.new_game(1, self._game.players, self._human)
        self._state = SeatState(self._first_view, self._game, self._page.table.parse)
        obs = self._state.observation(self._human)
        finished = len(self.parts(obs))
        self.parts_read = finished
        self.records.resume(finished, self._state.is_over)
        self.render()

    def take_view(self, view: Any) -> None:
        """A newer view of the table (a move, or someone left or came back): draw it."""
        moved = view.seq != self._state.seq
        self._state = SeatState(view, self._game, self._page.table.parse)
        if self.step is not None and (moved or view.mover != self._human):
            self.step = None  # a half-made choice belongs to the table it was begun on: any move ends it
        self.seat_marks(view.seats)
        self.render()

    def _advance(self) -> None:  # the table's bots move through the table (``Table.advance_bots``), not here
        pass

    def _act(self, action: Any) -> None:
        row = self.decision_row(self._state.observation(self._human), action)
        if self._page.send(self._state.seq, action):  # False: not stored (the page says why)
            self._moves += 1
            self.records.decided(row)
            self.step = None

    def _control_list(self, obs: Any, done: Optional[Any], legal: list) -> list[Control]:
        if self._state.is_over:
            return [Control(self.say("Back to the tables"), self._page.back_to_lobby,
                            self.say("Join or open another table"), style="success")]
        return super()._control_list(obs, done, legal)  # type: ignore[misc]

    # -- a window of answers given at once --

    def _prompt_html(self, obs: Any, done: Optional[Any], legal: list) -> str:
        window = self._state.window
        if window is None or done is not None or obs.result is not None or self._state.asked:
            return super()._prompt_html(obs, done, legal)  # type: ignore[misc]  (asked: the game's own prompt)
        say = self._page.say
        if window.answered is not None:
            said = self.answer_label(window.answered)
            return prompt_html(say("You said {answer}; waiting for the others.", answer=said), waiting=True)
        if self._human in window.seats and window.left <= 0:
            return prompt_html(say("Too late: no answer counts as {answer}.", answer=self.answer_label(window.default)),
                               waiting=True)
        return prompt_html(say("The others are asked at once; waiting for their answers."), waiting=True)

    def _set_controls(self, controls: Any) -> None:
        state = getattr(self, "_state", None)
        window = state.window if isinstance(state, SeatState) else None
        shown = ((window.opened, tuple((c.label, c.tooltip, c.disabled, c.style, repr(c.action)) for c in controls))
                 if window is not None and self._state.asked else None)
        if shown is not None and shown == self._window_shown:
            return  # the same answers in the same window: the buttons shown mean the same; no new draw of them
        self._window_shown = shown
        super()._set_controls(controls)  # type: ignore[misc]

    def answer_label(self, notation: str) -> str:
        """An answer of a window as the game's button says it (e.g. "No katsu"), else its notation."""
        try:
            action = self._page.table.parse(notation)
            obs = asked_now(self._state.view.observation, self._human)
            found = [c.label for c in self.controls(obs, [action]) if str(c.action) == str(action)]  # type: ignore
        except Exception:  # a game whose buttons cannot be drawn here: the notation says it
            found = []
        return found[0] if found else notation

    def show_countdown(self, window: Any = None) -> None:
        """The window's seconds left beside the buttons ("" when no window asks this table); the only thing a poll
        redraws while nothing else changed."""
        if self._countdown is None:
            return
        html = ""
        if window is not None and self._state is not None and not self._state.is_over:
            say, left = self._page.say, max(0, math.ceil(window.left))
            if window.answers:
                text = say("{n} s to call", n=left)
            elif self._human in window.seats and window.answered is None and left <= 0:
                text = ""
            else:
                text = say("The window closes in {n} s", n=left) if left > 0 else ""
            if text:
                html = (f'<div class="cl-countdown" data-left="{left}" style="font-weight: 600; color: #b9770e">'
                        f'{escape(text)}</div>')
        if self._countdown.value != html:
            self._countdown.value = html

    def over_prompt(self, obs: Any) -> str:
        return super().over_prompt(obs).replace(self.say("Press Play again for a new game."),  # type: ignore[misc]
                                                self.say("Back to the tables for another game."))


def seat_app(app_class: type, page: Any, view: Any, lang: str = "en") -> Any:
    """The game's app at a table of people, seated at ``view.seat`` and drawn from ``view``."""
    cls = type(f"{app_class.__name__}AtTable", (AtTable, app_class), {})
    app = cls.__new__(cls)
    app._page, app._first_view = page, view
    app.__init__(**({"lang": lang} if lang != "en" else {}))
    app._countdown = widgets.HTML()  # just above the buttons: a poll writes only this while a window is open
    app._countdown.add_class("cl-countdown-box")
    place = app.children.index(app._controls_box.widget)
    app.children = (*app.children[:place], app._countdown, *app.children[place:])
    app.show_countdown(getattr(view, "window", None))
    app._new_game.layout.display = "none"  # a table of people deals once; "Back to the tables" at the end
    if app.players_choice is not None:
        app.players_choice.layout.display = "none"
    return app
