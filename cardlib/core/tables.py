"""A table of people: students at one table from their own devices, with its move log as the one authority.

A table belongs to a class and a game, has a size (one of the game's, ``GameInfo.sizes``), seats taken by
students' names, a state (open, playing, over) and a seed drawn on the server (``secrets``) that lives in the
class database only. Every page's kernel rebuilds the table by replaying its log and is sent only its own
seat's ``View``: the seat's observation, the move number and whose turn it is, never the state or the seed.
Nothing here names a game: the notation (``parse``), the bot and the finished parts come from the registry.

- ``sit(name)`` takes the first free seat (the same name again: its own seat); the table starts when full,
  or when a seated student asks (``start``): the empty seats get bots.
- ``play(name, seq, text)`` stores a move in the game's notation only if it is the next (``seq``), the seat
  is the mover's and the action is legal; otherwise nothing is stored and the error says why.
- ``advance_bots()`` plays every bot turn in a row, and the turn of a student not seen for ``timeout``
  seconds (their bot, ``by_bot`` in the log) until they are back (``heartbeat``). A bot's move is computed
  from (seed, move number) alone, so any kernel may compute and store it: two racing store one.
- A window of answers given at once (the game's registry hook, e.g. The Satori's Katsu window): every seat it
  asks may ``answer`` at the same time, within the table's ``window`` seconds; the log takes the answers in the
  rules' order as each is determined (``cardlib.core.table_windows``).
- At the end every student's rounds go to the class record as an app's do (``round_records``), with the
  seats that were people (``people``) and who made each decision (``by``: person or bot).

>>> from cardlib.core.classdb import ClassDB
>>> db = ClassDB("sqlite://")
>>> _ = db.open_class("KATSU", game="satori"); _ = db.join("KATSU", "Ana"); _ = db.join("KATSU", "Bo")
>>> table = Table.open(db, "KATSU", "satori", 3)
>>> table.sit("Ana"), table.sit("bo"), table.start("Ana")
(0, 1, True)
>>> [(seat.name, seat.bot) for seat in table.seats()]
[('Ana', False), ('Bo', False), (None, True)]
>>> view = table.view("Ana")
>>> view.seq, view.mover, len(view.observation.hand), view.legal
(0, 0, 5, (Play('S'), Play('Z')))
>>> table.play("Ana", 0, "play zatsunen")
1
>>> table.play("Ana", 0, "play satori")
Traceback (most recent call last):
...
cardlib.core.table_windows.MovedOn: The table moved on: another move came first. Look at the table again.
"""
from __future__ import annotations

import importlib
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Optional

from cardlib.core.classdb_people import Move
from cardlib.core.classdb_tables import ClassDBError, student_name
from cardlib.core.errors import IllegalActionError
from cardlib.core.match import replay
from cardlib.core.table_windows import WINDOW, Answered, Asked, MovedOn, NotYourTurn, TooLate, Windows
from cardlib.games import info

__all__ = ["Table", "View", "Seat", "Asked", "MovedOn", "NotYourTurn", "Answered", "TooLate", "seated_at",
           "start_all", "TIMEOUT", "WINDOW"]

TIMEOUT = 30.0  # seconds: a student not seen this long has their turns played by their bot
Clock = Callable[[], float]


@dataclass(frozen=True)
class Seat:
    """A seat as every page may see it: its number, the student (None: a bot), and whether they are away."""

    seat: int
    name: Optional[str]
    away: bool = False

    @property
    def bot(self) -> bool:
        """A bot plays this seat for the whole game."""
        return self.name is None


@dataclass(frozen=True)
class View:
    """What one seat's page may be sent: its own observation, the next move's number, whose turn it is."""

    table: int
    seat: int
    status: str                    # open, playing, over
    seq: int                       # the number the next move must carry (play's ``seq``)
    mover: Optional[int]           # the seat to move (None: not started, or over)
    observation: Any               # ``state.observation(seat)`` (None while the table is open: nothing dealt yet)
    legal: tuple[Any, ...]         # the seat's legal actions when it is its turn, else ()
    seats: tuple[Seat, ...]        # who sits where (bots marked), for the page to show
    window: Optional[Asked] = None  # a window of answers given at once that asks this table now (None: none)


class Table(Windows):
    """One table of people, read from and written to the class database; the clock is ``time.time`` in a class."""

    def __init__(self, db: Any, table_id: int, *, clock: Clock = time.time) -> None:
        row = db.table_row(table_id)
        self.db, self.id, self.clock = db, table_id, clock
        self.code, self.game_name, self.size, self.timeout = row.code, row.game, row.size, row.timeout
        self.window_seconds = row.window  # the time to answer a window of answers given at once
        self.info = info(row.game)
        options = row.options if "players" in row.options else self.info.table_options(row.size)
        self.game = self.info.package.Game(**options)
        self._seed = row.seed  # the server's side only: never in a View, a repr or a message
        self._state: Any = None
        self._moves: list[Any] = []
        self._status = row.state

    @classmethod
    def open(cls, db: Any, code: str, game: str, size: int, *, timeout: float = TIMEOUT,
             clock: Clock = time.time, window: float = WINDOW) -> "Table":
        """Open a new table of a class's game for ``size`` players (RulesError for a size the game has not);
        ``window``: the seconds a seat has to answer a window of answers given at once (the teacher's)."""
        options = info(game).table_options(size)
        table_id = db.new_table(code, game, secrets.randbits(62), size, options=options, timeout=timeout,
                                window=window)
        return cls(db, table_id, clock=clock)

    def __repr__(self) -> str:
        return f"Table({self.id}, game={self.game_name!r}, size={self.size})"

    # --- seats ---------------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        """open, playing or over (a table that plays never opens again: then the log says when it is over)."""
        if self._status != "playing":
            self._status = self.db.table_row(self.id).state
        if self._status == "playing" and self._state is not None and self._state.is_over:
            return "over"
        return self._status

    def seats(self) -> list[Seat]:
        """The taken seats in order; a student is away once not seen for ``timeout`` seconds."""
        moment = self.clock()
        return [Seat(row.seat, row.name, row.name is not None and self._away(row.seen, moment))
                for row in self.db.seats(self.id)]

    def _away(self, seen: Optional[float], moment: float) -> bool:
        return seen is None or moment - seen >= self.timeout

    def seat_of(self, name: str) -> int:
        """The seat of a student at this table (ClassDBError if they have none)."""
        return self._seat_in(self.db.seats(self.id), name)

    @staticmethod
    def _seat_in(rows: list[Any], name: str) -> int:
        wanted = student_name(name).casefold()
        for row in rows:
            if row.name is not None and row.name.casefold() == wanted:
                return row.seat
        raise ClassDBError(f"{name.strip()[:40]!r} has no seat at this table: sit down first.")

    def sit(self, name: str) -> int:
        """Sit down: the first free seat, or one's own again (the table starts once full). Returns the seat."""
        return self.db.take_seat(self.id, name, self.clock())

    def start(self, name: Optional[str] = None) -> bool:
        """Start the table now (a seated student asks, or the teacher: no name); empty seats become bots.
        False if it had started already."""
        if name is not None:
            self.seat_of(name)
        return self.db.start_table(self.id)

    def heartbeat(self, name: str) -> int:
        """A student's page is there: their turns are theirs again. Returns the seat."""
        seat = self.seat_of(name)
        self.db.seen(self.id, seat, self.clock())
        return seat

    # --- the log ---------------------------------------------------------------------------------------

    def sync(self) -> Any:
        """The table's full state, rebuilt by replay from the stored log (new moves only, after the first time).

        For the server's side: a page is sent a ``View``, never this."""
        new = self.db.moves(self.id, since=len(self._moves))
        actions = [self.parse(move.notation) for move in new]
        if self._state is None:
            self._state = replay(self.game, self._seed, actions)
        else:
            for action in actions:
                self._state.apply(action)
        self._moves += new
        return self._state

    def parse(self, text: str) -> Any:
        """The action ``text`` writes in the game's notation (IllegalActionError if it writes none)."""
        try:
            return self.info.parse(text)
        except ValueError as why:
            raise IllegalActionError(f"{text[:60]!r} is not a move of {self.info.title}: {why}") from None

    def moves(self) -> list[Any]:
        """The stored moves (``Move``: seq, seat, notation, by_bot, time)."""
        self.sync()
        return list(self._moves)

    def view(self, name: str) -> View:
        """What the student's page may show: only their seat's observation (never the state, never the seed)."""
        rows, moment = self.db.seats(self.id), self.clock()
        seat = self._seat_in(rows, name)
        state, status = self.sync(), self.status
        playing = status == "playing" and not state.is_over
        mover = state.current_player if playing else None
        return View(self.id, seat, status, len(self._moves), mover,
                    state.observation(seat) if status != "open" else None,
                    tuple(state.legal_actions()) if mover == seat else (),
                    tuple(Seat(row.seat, row.name, row.name is not None and self._away(row.seen, moment))
                          for row in rows),
                    self.asked(seat, state) if playing else None)

    def play(self, name: str, seq: int, text: str) -> int:
        """The student's move number ``seq`` in the notation; stored only if it is the next, the turn is theirs and
        it is legal (else MovedOn, NotYourTurn, IllegalActionError: nothing stored). Returns the next number."""
        seat = self.seat_of(name)
        status = self.status
        if status != "playing":
            raise ClassDBError("The game has not started yet: wait for the table to fill, or press Start."
                               if status == "open" else "The game is over: nothing more can be played.")
        state = self.sync()
        if seq != len(self._moves):
            raise MovedOn()
        if state.current_player != seat:
            mover = state.current_player
            raise NotYourTurn(f"It is not your turn (seat {seat}): seat {mover} is to move." if mover is not None
                              else "The game is over: nothing more can be played.")
        action = self.parse(text if isinstance(text, str) else repr(text))
        trial = state.clone()
        trial.apply(action)  # IllegalActionError naming the action and why; nothing stored
        window = self.info.answer_window(state)
        if window is not None:  # the mover's answer in a window: an answer like the others' (once, in time)
            self.give_answer(seat, window, action, seq=seq)
            return len(self._moves)
        self._store(seq, seat, action, trial, by_bot=False)
        return len(self._moves)

    def _store(self, seq: int, seat: int, action: Any, after: Any, by_bot: bool, *, by_default: bool = False,
               unanswered: Optional[int] = None, present: bool = True) -> None:
        moment = self.clock()
        seen = moment if present and not (by_bot or by_default) else None  # a student who moves is there
        if not self.db.append_move(self.id, seq, seat, str(action), by_bot, seen, clock=moment,
                                   by_default=by_default, unanswered=unanswered):
            self.sync()
            raise MovedOn()
        self._state = after
        self._moves.append(Move(seq, seat, str(action), by_bot, datetime.now(timezone.utc),  # as stored, near enough
                                by_default, moment))
        if after.is_over:
            self.finish()

    # --- bots ------------------------------------------------------------------------------------------

    def bot_move(self, state: Any = None) -> Any:
        """The bot's move for the seat to move in ``state`` (the table's, synced now if not given), from (seed, move
        number) alone: every kernel computes the same."""
        state = self.sync() if state is None else state
        seat = state.current_player
        rng = random.Random(f"table-bot:{self._seed}:{len(state.history)}")
        legal = state.legal_actions()
        action = self.info.new_bot().act(state.observation(seat), legal, rng)
        if action not in legal:
            raise RuntimeError(f"the bot at seat {seat} broke the rules: {action!r} is not legal here")
        return action

    def advance_bots(self) -> int:
        """Play every turn in a row that is a bot's, or a student's not seen for ``timeout`` seconds (their bot);
        in a window of answers given at once, store each answer in the rules' order once it is determined
        (``Windows.window_move``). Returns how many moves this call stored (a race lost is no error)."""
        return self._advance(windows_only=False)

    def _advance(self, windows_only: bool) -> int:
        made = 0
        if self.status == "open":
            return made
        while True:
            state = self.sync()
            seq = len(self._moves)  # the move decided below is for this state only: stored as this number or not at all
            if state.is_over:
                if self._status == "playing":  # as the database said last: its record may not be stored yet
                    self.finish()
                return made
            window = self.info.answer_window(state)
            if window is not None:
                step = self.window_move(state, window)
                if step is None:
                    return made
                seat, action, by_bot, by_default = step
                unanswered = None if not (by_bot or by_default) else len(self._moves) - window.answered
            else:
                seat, by_default, unanswered = state.current_player, False, None
                row = next(row for row in self.db.seats(self.id) if row.seat == seat)
                if windows_only or (row.name is not None and not self._away(row.seen, self.clock())):
                    return made
                action, by_bot = self.bot_move(state), True
            trial = state.clone()
            trial.apply(action)
            try:
                self._store(seq, seat, action, trial, by_bot=by_bot, by_default=by_default,
                            unanswered=unanswered, present=False)  # an answer's sender was seen when it came
                made += 1
            except MovedOn:  # another kernel stored this move first, or the seat's answer came: go on from the log
                continue

    # --- the end ---------------------------------------------------------------------------------------

    def finish(self) -> int:
        """Once the game is over: the table is over and every student's rounds are in the class record (stored
        once, however often this runs). Returns how many rounds were stored or found there."""
        if not self.sync().is_over:
            return 0
        stored = 0
        for row in self.db.seats(self.id):
            if row.name is not None:
                stored += self.db.add_table_rounds(self.code, row.name, self.game_name, f"table {self.id}", row.seat,
                                                   self.round_records(row.seat), key=f"table-{self.id}-seat-{row.seat}")
        self.db.end_table(self.id)  # only once the record is stored: until then any kernel finishes it again
        self._status = "over"
        return stored

    def round_records(self, seat: int) -> list[list[dict[str, Any]]]:
        """A seat's record rows, one list a finished round (half, game), as its app would write them (the game's
        ``classroom`` decision_row and round_rows, replayed move by move) plus ``people`` (the seats that were
        people, e.g. "0 2") and ``by`` (who decided: "person", "bot" for a student away, or "default": the rules'
        default for no answer in a window's time; a round's row: "bot" if the bot made any of the seat's moves).
        ``game_no`` is 1 here: the database numbers it."""
        classroom = importlib.import_module(self.info.module + ".classroom")
        people = " ".join(str(row.seat) for row in self.db.seats(self.id) if row.name is not None)
        state, moves = self.game.new(seed=self._seed), self.moves()
        out: list[list[dict[str, Any]]] = []
        decisions: list[dict[str, Any]] = []
        by_bot = False

        def write(part: Any, obs: Any) -> None:
            nonlocal decisions, by_bot
            context = {"game": self.game_name, "players": self.size, "seat": seat, "game_no": 1, "round": len(out) + 1}
            made = "bot" if by_bot else "person"
            out.append([{**context, **row, "people": people, "by": row.get("by", made)}
                        for row in classroom.round_rows(obs, part, decisions)])
            decisions, by_bot = [], False

        for move in moves:
            action = self.info.parse(move.notation)
            if move.seat == seat:
                row = classroom.decision_row(state.observation(seat), action)
                if row is not None:
                    by = "bot" if move.by_bot else "default" if move.by_default else "person"
                    decisions.append({**row, "by": by})
                by_bot = by_bot or move.by_bot
            state.apply(action)
            obs = state.observation(seat)
            parts = self.info.finished_parts(obs)
            while len(out) < len(parts):
                write(parts[len(out)], obs)
        if state.is_over and (decisions or not out):
            write(None, state.observation(seat))
        return out


def seated_at(db: Any, code: str, name: str) -> Optional[int]:
    """The table (its id) where a student sits and the game is not over: a page that comes back finds it."""
    wanted = student_name(name).casefold()
    for row in reversed(db.class_tables(code)):
        if row.state != "over" and any(seat.name is not None and seat.name.casefold() == wanted
                                       for seat in db.seats(row.id)):
            return row.id
    return None


def start_all(db: Any, code: str) -> int:
    """The teacher starts every open table of a class where someone sits (empty seats become bots). Returns how
    many started."""
    return sum(db.start_table(row.id) for row in db.class_tables(code)
               if row.state == "open" and any(seat.name is not None for seat in db.seats(row.id)))
