"""A student's page at a table of people: choose or open a table, wait for the others, then play the game's app.

``PeoplePage(db, code, name)`` is an ``ipywidgets`` VBox for one student who has joined a class (the live
page makes it after "join a table"). It shows, in turn:

- the lobby: the class's game, its open tables with their size and who sits there, each with "Sit here",
  and "Open a new table" with the game's table sizes (``GameInfo.sizes``);
- the waiting view: who has sat down, the empty seats (bots if the game starts now) and "Start now";
- the game: the game's own ``TableApp`` drawn from this seat's ``View`` only (``cardlib.ui.people_app``),
  above it the seats (you, a person, a bot, away). A click sends ``Table.play(name, seq, notation)`` and
  lets the table's bots move; a move that came too late says "The table moved on" and stores nothing.
- a window of answers given at once (The Satori's Katsu window, ``View.window``): every seat it asks shows the
  game's buttons at once with a countdown ("7 s to call"); a click is ``Table.answer``; once answered the page
  says so and waits for the others. When the time is up the poll lets the table store the defaults
  (``advance_bots``): no answer is the game's default (no katsu). ``window`` is the teacher's limit of a table
  a student opens here (seconds; ``Table.open``'s).

The page looks at its table every ``poll_seconds`` (an asyncio task on the kernel's own loop, where the
widgets' messages are sent, so a poll and a click never run at once) and draws anew only when the move
number, the status or the seats changed; it tells the table it is there every ``heartbeat_seconds``, and
lets the bots move when it is a bot's turn or a student's who is away. The page never holds the table's
state or its seed: only its seat's ``View``. Finished rounds go to the class database through the table
(``Table.finish``, which the move that ends the game runs), never through a page.

Nothing here names a game: the registry gives the title, the sizes, the bot and the app.

>>> from cardlib.core.classdb import ClassDB
>>> db = ClassDB("sqlite://")
>>> _ = db.open_class("KATSU", game="satori"); _ = db.join("KATSU", "Ana")
>>> page = PeoplePage(db, "KATSU", "Ana")
>>> page.stage, [label for label, _ in page.size_choice.options]
('lobby', ['2 players', '3 players', '4 players', '5 players'])
>>> page.open_button.click(); page.stage
'waiting'
>>> page.start_button.click(); page.stage, [button.description for button in page.app.action_buttons]
('playing', ['Play satori', 'Play zatsunen', 'Declare Satori!'])
"""
from __future__ import annotations

import asyncio
import time
from html import escape
from collections.abc import Callable
from typing import Any, Optional

import ipywidgets as widgets

from cardlib.core.classdb_tables import ClassDBError, student_name
from cardlib.core.tables import TIMEOUT, WINDOW, MovedOn, NotYourTurn, Table, TooLate, View, seated_at
from cardlib.games import info as game_info
from cardlib.ui.people_app import seat_app
from cardlib.ui.people_words import DATABASE_DOWN, MOVED_ON, PEOPLE_JA
from cardlib.ui.table import message_html
from cardlib.ui.words import Words

__all__ = ["PeoplePage", "MOVED_ON", "POLL_SECONDS", "HEARTBEAT_SECONDS"]

POLL_SECONDS = 0.5  # a move reaches the other pages within about this (plus drawing and the websocket)
HEARTBEAT_SECONDS = 5.0  # well inside the table's timeout (30 s): a page that is open is never "away"
LOBBY_SECONDS = 2.0  # the list of open tables is looked at again this often


class PeoplePage(widgets.VBox):
    """One student's page of tables of people in a class: the lobby, the waiting view, then the game."""

    def __init__(self, db: Any, code: str, name: str, *, game: Optional[str] = None, lang: str = "en",
                 poll_seconds: float = POLL_SECONDS, heartbeat_seconds: float = HEARTBEAT_SECONDS,
                 timeout: float = TIMEOUT, window: float = WINDOW, clock: Any = time.time, autopoll: bool = True,
                 on_leave: Optional[Callable[[], None]] = None) -> None:
        self.db, self.code, self.name = db, code.strip().upper(), student_name(name)
        self.lang, self.say = lang, Words(lang, PEOPLE_JA)
        found = db.class_info(self.code)
        game = game or (found.game if found is not None else None)
        if game is None:
            raise ClassDBError(f"class {self.code!r} has no game of its own: say which game its tables play")
        self.info = game_info(game)
        self.bot = self.info.new_bot()  # what the seats of bots are marked with (the table's own bot)
        self.poll_seconds, self.heartbeat_seconds = poll_seconds, heartbeat_seconds
        self.timeout, self.window, self.clock = timeout, window, clock
        self.table: Optional[Table] = None
        self.view: Optional[View] = None  # the last view drawn (None in the lobby)
        self.app: Any = None
        self.last_error = ""  # why the last look at the database failed (never shown on the page)
        self.closed = False
        self._task: Optional[asyncio.Task] = None
        self._beat = float("-inf")
        self._drawn: Any = None  # what the page shows now: redrawn only when this changes
        self._status = widgets.HTML()
        self._seats = widgets.HTML()
        self._body = widgets.VBox()
        self._message = widgets.HTML(layout=widgets.Layout(display="none"))
        sizes = [(self.say("{n} players", n=n), n) for n in sorted(self.info.sizes)]
        self.size_choice = widgets.Dropdown(options=sizes, value=self.info.sizes[0],  # the registry's first: the usual
                                            layout=widgets.Layout(width="9em"))
        self.open_button = widgets.Button(description=self.say("Open a new table"), button_style="primary", icon="plus")
        self.open_button.on_click(lambda _button: self._do(self.open_table))
        self.start_button = widgets.Button(description=self.say("Start now"), button_style="success", icon="play",
                                           tooltip=self.say("Empty seats become bots"))
        self.start_button.on_click(lambda _button: self._do(self.start))
        self.sit_buttons: dict[int, widgets.Button] = {}
        # the live page's way back from the lobby (to "play the bots"): a button only when it gives one
        self.leave_button = widgets.Button(description=self.say("Play the bots instead"), icon="arrow-left")
        self.leave_button.on_click(lambda _button: self._do(on_leave) if on_leave is not None else None)
        self._leaves = on_leave is not None
        # one line above the game: who and where, then the seats (it wraps only when the names are long)
        head = widgets.HBox([self._status, self._seats],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="baseline", grid_gap="0 28px"))
        head.add_class("cl-people-head")
        super().__init__([head, self._body, self._message])
        self.add_class("cl-people-page")
        table_id = seated_at(db, self.code, self.name)  # back after a reload: the same table
        if table_id is not None:
            self._at(Table(db, table_id, clock=clock))
        else:
            self._draw_lobby()
        if autopoll:
            self.start_polling()

    # -- what the page shows --

    @property
    def stage(self) -> str:
        """lobby, waiting, playing or over."""
        if self.table is None or self.view is None:
            return "lobby"
        return {"open": "waiting"}.get(self.view.status, self.view.status)

    @property
    def message(self) -> str:
        """The page's own message (the game's messages are the app's: ``app.message``)."""
        return self._message_text if hasattr(self, "_message_text") else ""

    def _show_message(self, text: str, kind: str = "error") -> None:
        self._message_text = text
        self._message.value = message_html(text, kind)
        self._message.layout.display = None if text else "none"  # an empty HTML widget still takes a line

    def _show_status(self) -> None:
        view, say = self.view, self.say
        where = say("{name} in class {code}", name=self.name, code=self.code)
        if self.table is not None:
            where += " · " + say("table {id}", id=self.table.id)
        seq = view.seq if view is not None else 0
        self._status.value = (f'<div class="cl-people" data-stage="{self.stage}" data-seq="{seq}" '
                              f'data-seat="{view.seat if view is not None else ""}">'
                              f'<b>{escape(say("Tables of {game}", game=self.info.title))}</b>'
                              f' · {escape(where)}</div>')

    def seats_html(self, view: View) -> str:
        """The seats in order: each student's name (escaped), "you", a bot, or away."""
        say, parts = self.say, []
        taken = {seat.seat: seat for seat in view.seats}
        for number in range(self.table.size if self.table is not None else len(taken)):
            seat, player = taken.get(number), say("Player {seat}", seat=number)
            if seat is None:
                kind, text = "empty", say("{player}: empty (a bot plays here if the game starts now)", player=player)
            elif seat.bot:
                kind, text = "bot", say("{player} (bot)", player=player)
            else:
                kind = "you" if number == view.seat else "away" if seat.away else "person"
                text = seat.name + {"you": f" ({say('you')})", "away": f" ({say('away')})"}.get(kind, "")
            parts.append(f'<span class="cl-people-seat" data-seat="{number}" data-kind="{kind}" '
                         f'style="margin-right: 18px">{escape(text)}</span>')
        return f'<div class="cl-people-seats">{"".join(parts)}</div>'

    def _draw_lobby(self) -> None:
        tables = self.open_tables()
        self._drawn = ("lobby", tables)
        say = self.say
        rows: list[widgets.Widget] = [widgets.HTML(f'<h3>{escape(say("Open tables"))}</h3>')]
        self.sit_buttons = {}
        for table_id, size, names in tables:
            who = ", ".join(names) if names else say("nobody yet")
            button = widgets.Button(description=say("Sit here"), button_style="primary")
            button.on_click(lambda _button, chosen=table_id: self._do(lambda: self.sit(chosen)))
            self.sit_buttons[table_id] = button
            words = say("Table {id} · {n} players · {who}", id=table_id, n=size, who=who)
            line = widgets.HTML(f'<span class="cl-people-table" data-table="{table_id}">{escape(words)}</span>')
            rows.append(widgets.HBox([line, button], layout=widgets.Layout(align_items="center", grid_gap="12px")))
        if not tables:
            rows.append(widgets.HTML(escape(say("No open table yet: open one, and the others can sit down."))))
        rows.append(widgets.HBox([self.size_choice, self.open_button, *([self.leave_button] if self._leaves else [])],
                                 layout=widgets.Layout(grid_gap="12px")))
        self._seats.value = ""
        self._body.children = rows
        self._show_status()

    def _draw_waiting(self, view: View) -> None:
        self._seats.value = self.seats_html(view)
        say = self.say
        hint = say("The game starts when every seat is taken, or at once when someone seated presses Start now: "
                   "a bot takes each empty seat.")
        self._body.children = [widgets.HTML(f'<h3>{escape(say("Waiting for players"))}</h3>'
                                            f'<p class="cl-people-hint">{escape(hint)}</p>'), self.start_button]

    def _draw(self, view: View) -> bool:
        """Draw the view if anything a page shows changed in it (the move number, the status, the seats, a window of
        answers given at once, where the table has one)."""
        drawn = (view.table, view.status, view.seq, view.seats, getattr(view, "window", None))
        if drawn == self._drawn:
            return False
        self._drawn, self.view = drawn, view
        if view.status == "open":
            self._draw_waiting(view)
        else:
            self._seats.value = self.seats_html(view)
            if self.app is None:
                self.app = seat_app(self.info.app_class(), self, view, self.lang)
                self._body.children = [self.app]
            else:
                self.app.take_view(view)
        self._show_status()
        return True

    # -- the lobby --

    def open_tables(self) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
        """The class's open tables of its game: (id, size, the names seated)."""
        return tuple((row.id, row.size, tuple(seat.name for seat in self.db.seats(row.id) if seat.name is not None))
                     for row in self.db.class_tables(self.code) if row.game == self.info.name and row.state == "open")

    def sit(self, table_id: int) -> None:
        """Sit down at an open table (a table that has filled or started meanwhile: a message, the lobby again)."""
        table = Table(self.db, table_id, clock=self.clock)
        try:
            table.sit(self.name)
        except ClassDBError as error:
            self._draw_lobby()
            return self._show_message(str(error))
        self._at(table)

    def open_table(self) -> None:
        """Open a new table of the size chosen and sit down at it."""
        table = Table.open(self.db, self.code, self.info.name, self.size_choice.value, timeout=self.timeout,
                           clock=self.clock, window=self.window)
        table.sit(self.name)
        self._at(table)

    def _at(self, table: Table) -> None:
        self.table, self.app, self._drawn = table, None, None
        self._show_message("")
        self._beat = self.clock()
        table.heartbeat(self.name)
        self._draw(table.view(self.name))

    def start(self) -> None:
        """Start the table now: the empty seats become bots (the table's bots move at once)."""
        if self.table is not None:
            self.table.start(self.name)
            self.table.advance_bots()
            self.refresh()

    def back_to_lobby(self) -> None:
        """Leave a finished table for the lobby."""
        self.table, self.view, self.app = None, None, None
        self._draw_lobby()

    # -- the game --

    def send(self, seq: int, action: Any) -> bool:
        """Send this seat's move number ``seq`` to the table (in a window of answers given at once: its answer to
        that window), then let its bots move; False if nothing was stored (the table moved on, the time was up,
        or it is not this seat's turn: the app says so). An illegal move raises as a click's."""
        window = self.view.window if self.view is not None else None
        try:
            if window is not None:
                self.table.answer(self.name, window.opened, str(action))
            else:
                self.table.play(self.name, seq, str(action))
        except TooLate:
            self.refresh()
            self.app.show_message(self.say("Too late: no answer counts as {answer}.",
                                           answer=self.app.answer_label(window.default)))
            return False
        except MovedOn:
            self.refresh()
            self.app.show_message(self.say(MOVED_ON), "info")
            return False
        except (NotYourTurn, ClassDBError) as error:
            self.refresh()
            self.app.show_message(str(error))
            return False
        try:
            self.table.advance_bots()
        except Exception as error:  # the move is stored; the next poll lets the bots move again
            self.last_error = f"{type(error).__name__}: {error}"[:500]
        self.refresh()
        return True

    def refresh(self) -> bool:
        """Look at the table now and draw it if it changed (what a poll does, without the bots or the heartbeat)."""
        if self.table is None:
            return False
        view = self.table.view(self.name)
        drawn = self._draw(view)
        self._tick(view)
        return drawn

    def _tick(self, view: View) -> None:
        """The window's countdown (only its text: the buttons are not drawn again)."""
        if self.app is not None and view.status != "open":
            self.app.show_countdown(view.window)

    def poll(self) -> bool:
        """One look, as the page's timer makes every ``poll_seconds``: the heartbeat when due, the bots' (and the
        away students') turns, and the view drawn if it changed. Returns whether the page was drawn anew."""
        try:
            if self.table is None:
                tables = self.open_tables()
                if ("lobby", tables) != self._drawn:
                    self._draw_lobby()
                    return True
                return False
            if self.view is not None and self.view.status == "over":
                return False  # a finished game changes no more: nothing to look at until "Back to the tables"
            now = self.clock()
            if now - self._beat >= self.heartbeat_seconds:
                self.table.heartbeat(self.name)
                self._beat = now
            view = self.table.view(self.name)
            if (self._bots_turn(view) or self._time_up(view)) and self.table.advance_bots():
                view = self.table.view(self.name)
            drawn = self._draw(view)
            self._tick(view)
            if self.last_error:
                self.last_error = ""
                self._show_message("")
            return drawn
        except Exception as error:  # never a traceback: say it, and try again at the next poll
            self.last_error = f"{type(error).__name__}: {error}"[:500]
            self._show_message(self.say(DATABASE_DOWN))
            return False

    @staticmethod
    def _time_up(view: View) -> bool:
        """A window's time is up: the table stores the defaults of the seats that did not answer."""
        return view.window is not None and view.window.left <= 0

    @staticmethod
    def _bots_turn(view: View) -> bool:
        if view.status != "playing" or view.mover is None:
            return False
        seat = next((seat for seat in view.seats if seat.seat == view.mover), None)
        return seat is not None and (seat.bot or seat.away)

    def _do(self, work: Any) -> None:
        """A click of the page's own (not the game's): a refusal or failure becomes the message, never a traceback."""
        self._show_message("")
        try:
            work()
        except ClassDBError as error:
            self._show_message(str(error))
        except Exception as error:
            self.last_error = f"{type(error).__name__}: {error}"[:500]
            self._show_message(self.say(DATABASE_DOWN))

    # -- the timer --

    def start_polling(self) -> bool:
        """Poll on the running event loop (a kernel's); False where none runs (a script or a test polls by hand)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._poll_forever())
        return True

    async def _poll_forever(self) -> None:
        while not self.closed:
            await asyncio.sleep(self.poll_seconds if self.table is not None else LOBBY_SECONDS)
            self.poll()

    def close(self) -> None:
        """Stop polling and close the widgets."""
        self.closed = True
        if getattr(self, "_task", None) is not None:  # a page whose making failed has no task
            self._task.cancel()
        super().close()
