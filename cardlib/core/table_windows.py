"""Windows of answers given at once at a table of people (The Satori's Katsu window): ``Table``'s part for them.

A game's registry hook (``GameInfo.window``) tells when the coming decisions form a window (a ``Window``): the
seats it asks in the order the rules take their answers, the answers, the default and the answers that close it.
While it is open every seat in it may answer at the same time (``Table.answer(name, window, text)``; the seat the
rules ask next may still use ``play`` as before). Each answer is stored once (the ``answers`` table, one a seat a
window) and the log takes the answers in the rules' order as soon as each is determined:

- the next seat's answer, once it has given one;
- a bot's at once, from (seed, move number) like every bot move: a bot seat's, or a student's away past the
  table's ``timeout`` (the bot plays a left seat, on its turns and in its windows alike). A bot never waits, so
  it decides when the order reaches it, from the log up to there: the same answer as when asked in turn;
- the default (The Satori: ``no katsu``, for "no answer is no call"), marked ``by_default`` in the log, once the
  table's ``window_seconds`` have passed on the table's clock since the move that opened the window;
- the first closing answer (``katsu``) ends the window: the answers after it in the order are never read.

A page is told only its own answer (``View.window.answered``), never whether another seat has answered: that
would tell who is about to call.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Optional

from cardlib.core.classdb_tables import ClassDBError
from cardlib.core.errors import IllegalActionError
from cardlib.games import Window

__all__ = ["Windows", "Asked", "MovedOn", "NotYourTurn", "Answered", "TooLate", "WINDOW"]

WINDOW = 10.0  # seconds: the default time to answer a window (the teacher's option of a table)
RETRIES = 20   # an answer checked again this often while the log moves on under it


class MovedOn(ClassDBError):
    """The move came too late: the table has moved on (nothing of it was stored)."""

    def __init__(self) -> None:
        super().__init__("The table moved on: another move came first. Look at the table again.")


class NotYourTurn(ClassDBError):
    """A move for a seat that is not the mover's (nothing of it was stored)."""


class Answered(ClassDBError):
    """A seat's second answer in one window (nothing stored): one answer a seat a window."""


class TooLate(ClassDBError):
    """An answer after the window's time (nothing stored): no answer counts as the default."""


@dataclass(frozen=True)
class Asked:
    """A window of answers given at once as one seat's page may see it (never another seat's answer)."""

    opened: int                 # the window's number, the move number of its first answer: ``answer``'s ``window``
    seats: tuple[int, ...]      # the seats it asks, in the order the rules take their answers
    answers: tuple[str, ...]    # what this seat may answer now (notations); () once it answered, or if it may not
    answered: Optional[str]     # this seat's own answer, once given (None: none yet, or none in time)
    default: str                # what no answer in time counts as
    closes: float               # when the time to answer is up, on the table's clock (time.time in a class)
    left: float = field(default=0.0, compare=False)  # seconds left then, as the view was made (0: the time is up);
    #                             not compared, so that a page that redraws a changed view is not redrawn each second


class Windows:
    """The windows of a ``Table`` (a mixin: the table holds db, id, info, clock, window_seconds and the log)."""

    db: Any
    id: int
    info: Any
    clock: Any
    window_seconds: float
    _moves: list[Any]

    def window(self) -> Optional[Window]:
        """The window of answers given at once the table is in now (the game's hook), or None."""
        return self.info.answer_window(self.sync())  # type: ignore[attr-defined]

    def deadline(self, opened: int) -> float:
        """When (the table's clock) window ``opened`` stops taking answers: ``window_seconds`` after the move that
        opened it (a move stored before schema version 3: its time)."""
        if opened == 0:  # no move opened it: no game has such a window
            return math.inf
        move = self._moves[opened - 1]
        return (move.clock if move.clock is not None else move.time.timestamp()) + self.window_seconds

    def asked(self, seat: int, state: Any) -> Optional[Asked]:
        """The window of ``state`` (the table's, synced) as ``seat`` may see it, or None."""
        window = self.info.answer_window(state)
        if window is None:
            return None
        opened = len(self._moves) - window.answered
        closes = self.deadline(opened)
        left = max(0.0, closes - self.clock())
        answered = None
        if seat in window.seats[:window.answered]:  # in the log already: public
            move = self._moves[opened + window.seats.index(seat)]
            answered = None if move.by_default else move.notation
        elif seat in window.waiting:
            given = self.db.answers(self.id, opened).get(seat)
            answered = given.notation if given is not None else None
        may = window.answers if seat in window.waiting and answered is None and left > 0 else ()
        return Asked(opened, window.seats, may, answered, window.default, closes, left)

    def answer(self, name: str, window: int, text: str) -> int:
        """The student's answer (notation) in the window numbered ``window`` (``View.window.opened``), given at
        the same time as the others'; stored once and taken into the log in its turn. Refused, nothing stored:
        MovedOn (that window has closed), NotYourTurn (the seat is not asked in it), Answered (a second answer),
        TooLate (the time is up), IllegalActionError (not an answer). Returns the log's length after it."""

        seat = self.seat_of(name)  # type: ignore[attr-defined]
        status = self.status  # type: ignore[attr-defined]
        if status != "playing":
            raise ClassDBError("The game has not started yet: wait for the table to fill, or press Start."
                               if status == "open" else "The game is over: nothing more can be answered.")
        action = self.parse(text if isinstance(text, str) else repr(text))  # type: ignore[attr-defined]
        asked = self.info.answer_window(self.sync())  # type: ignore[attr-defined]
        if asked is None or len(self._moves) - asked.answered != window:
            raise MovedOn()
        if seat not in asked.seats:
            raise NotYourTurn(f"Seat {seat} is not asked in this window: only seats "
                              f"{', '.join(map(str, asked.seats))} answer it.")
        self.give_answer(seat, asked, action)
        return len(self._moves)

    def give_answer(self, seat: int, window: Window, action: Any, seq: Optional[int] = None) -> None:
        """Store ``seat``'s answer in ``window`` (the table's now) once, then let the log take what is determined.
        ``seq``: given by ``play``, the move number the page saw (a later log: MovedOn, as play says)."""

        notation = str(action)
        if notation not in window.answers:
            raise IllegalActionError(f"{notation[:60]!r} is not an answer in this window: "
                                     f"{' or '.join(window.answers)}")
        opened = len(self._moves) - window.answered
        for _ in range(RETRIES):
            now = self.info.answer_window(self.sync())  # type: ignore[attr-defined]
            if now is None or len(self._moves) - now.answered != opened or seq not in (None, len(self._moves)):
                raise MovedOn()
            if seat in now.seats[:now.answered]:
                move = self._moves[opened + now.seats.index(seat)]
                if move.by_default:
                    raise TooLate(f"The time to answer was up: no answer counted as {now.default!r}.")
                raise Answered("Your seat has answered in this window already"
                               + (" (your bot, while you were away)." if move.by_bot else "."))
            if self.clock() >= self.deadline(opened):
                raise TooLate(f"The time to answer is up: no answer counts as {now.default!r}.")
            outcome = self.db.add_answer(self.id, opened, seat, notation, self.clock(), logged=len(self._moves))
            if outcome == "stored":
                break
            if outcome == "answered":
                if seq is not None:
                    raise MovedOn()
                raise Answered("You have answered in this window already: one answer a window.")
        else:
            raise MovedOn()
        self._advance(windows_only=True)  # type: ignore[attr-defined]

    def window_move(self, state: Any, window: Window) -> Optional[tuple[int, Any, bool, bool]]:
        """The window's next move if it is determined: (seat, action, by a bot, the default), else None (waiting
        for the seat's answer)."""
        seat = window.waiting[0]
        opened = len(self._moves) - window.answered
        given = self.db.answers(self.id, opened).get(seat)
        if given is not None:
            return seat, self.parse(given.notation), False, False  # type: ignore[attr-defined]
        row = next(row for row in self.db.seats(self.id) if row.seat == seat)
        if row.name is None or self._away(row.seen, self.clock()):  # type: ignore[attr-defined]
            # the bot's move for this state, never a later one another kernel stored meanwhile
            return seat, self.bot_move(state), True, False  # type: ignore[attr-defined]
        if self.clock() >= self.deadline(opened):
            return seat, self.parse(window.default), False, True  # type: ignore[attr-defined]
        return None
