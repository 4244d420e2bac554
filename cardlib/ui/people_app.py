"""A game's own ``TableApp`` at a table of people: drawn from one seat's ``View``, its clicks sent to the table.

``seat_app(app_class, page, view)`` makes the game's app (its hooks unchanged: ``table``, ``controls``,
``scoreboard``...) with three things of the template swapped: its state is a ``SeatState`` (the view's
observation and legal actions: no full state, no seed, no bots of its own in the page's kernel), a click
goes to ``page.send`` (``Table.play`` in the notation, then the table's bots) instead of ``state.apply``,
and "New game" and the "Players" menu are gone: at the end, "Back to the tables". Seats show the students'
names ("You" for one's own), bots are marked by the bot that plays there.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from cardlib.core.errors import RulesError
from cardlib.ui.frame import Control
from cardlib.ui.narration import Names

__all__ = ["SeatState", "SeatNames", "AtTable", "seat_app"]


class SeatState:
    """What an app at a table of people holds instead of a State: one seat's ``View`` (read-only)."""

    def __init__(self, view: Any, game: Any) -> None:
        self.view, self.game = view, game

    @property
    def current_player(self) -> Optional[int]:
        """The seat to move (None: not started, or over)."""
        return self.view.mover

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
        return self.view.observation

    def legal_actions(self) -> list[Any]:
        """The seat's legal actions on its turn, else none."""
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
        self._state = SeatState(self._first_view, self._game)
        obs = self._state.observation(self._human)
        finished = len(self.parts(obs))
        self.parts_read = finished
        self.records.resume(finished, self._state.is_over)
        self.render()

    def take_view(self, view: Any) -> None:
        """A newer view of the table (a move, or someone left or came back): draw it."""
        self._state = SeatState(view, self._game)
        if self.step is not None and view.mover != self._human:
            self.step = None
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

    def over_prompt(self, obs: Any) -> str:
        return super().over_prompt(obs).replace(self.say("Press Play again for a new game."),  # type: ignore[misc]
                                                self.say("Back to the tables for another game."))


def seat_app(app_class: type, page: Any, view: Any, lang: str = "en") -> Any:
    """The game's app at a table of people, seated at ``view.seat`` and drawn from ``view``."""
    cls = type(f"{app_class.__name__}AtTable", (AtTable, app_class), {})
    app = cls.__new__(cls)
    app._page, app._first_view = page, view
    app.__init__(**({"lang": lang} if lang != "en" else {}))
    app._new_game.layout.display = "none"  # a table of people deals once; "Back to the tables" at the end
    if app.players_choice is not None:
        app.players_choice.layout.display = "none"
    return app
