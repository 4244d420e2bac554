"""``Word``: the base of an action that is one fixed phrase of a digest's notation and has no parts
(Draw, Pass, Check, Fold, …), declared as a class line with its notation and a docstring;
``notation_text``: the first line of every game's ``parse``; ``action_kind``: the first of a game's ``_check``.

>>> class Knock(Word, notation="knock"):
...     '''End the round now.'''
>>> Knock() == Knock(), Knock() in {Knock()}, str(Knock()), repr(Knock())
(True, True, 'knock', 'Knock()')
>>> Knock().anything = 1
Traceback (most recent call last):
...
AttributeError: Knock() is frozen: an action has nothing to set
"""
from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from cardlib.core.errors import IllegalActionError


class Word:
    """An action with no parts: frozen, every instance of a class equal, ``str()`` its notation, a repr that pastes back."""

    __slots__ = ()
    notation: ClassVar[str] = ""

    def __init_subclass__(cls, notation: str = "", **kwargs: object) -> None:
        """The class keyword ``notation`` (``class Pass(Word, notation="pass")``) is the class's notation."""
        super().__init_subclass__(**kwargs)
        if notation:
            cls.notation = notation

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{self!r} is frozen: an action has nothing to set")

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        # the same in every process (str hashes are salted): sets of actions iterate alike run to run
        return sum(map(ord, self.notation))


def notation_text(text: object, title: str) -> str:
    """``text`` with its runs of spaces made one, for a game's ``parse``; ValueError for anything but a str.

    >>> notation_text("  take 3  and 7 ", "Discontinuity")
    'take 3 and 7'
    >>> notation_text(None, "Loop")
    Traceback (most recent call last):
    ...
    ValueError: None is not Loop notation: a move is written as text (a str), like str(action)
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r:.60} is not {title} notation: a move is written as text (a str), like str(action)")
    return " ".join(text.split())


def must_first(action: object, kind: type, seat: int, doing: str, options: Callable[[], str]) -> None:
    """IllegalActionError unless ``action`` is a ``kind``: a step the seat must take first, e.g. a card to
    reveal before anything else (``options()`` says what the seat may do, asked only for the error).

    >>> class Reveal(Word, notation="reveal"):
    ...     '''Show a card.'''
    >>> must_first(Reveal(), Reveal, 1, "reveal a card", lambda: "reveal 4 or 9")
    >>> must_first("pass", Reveal, 1, "reveal a card", lambda: "reveal 4 or 9")
    Traceback (most recent call last):
    ...
    cardlib.core.errors.IllegalActionError: 'pass': player 1 must first reveal a card (reveal 4 or 9)
    """
    if type(action) is not kind:
        raise IllegalActionError(f"{action!r}: player {seat} must first {doing} ({options()})")


def action_kind(action: object, kinds: tuple[type, ...], title: str, listing: str) -> type:
    """The class of ``action`` when it is one of the game's ``kinds``; IllegalActionError naming them when not.

    >>> class Knock(Word, notation="knock"):
    ...     '''End the round now.'''
    >>> action_kind(Knock(), (Knock,), "Knocking", "Knock()").__name__
    'Knock'
    >>> action_kind("knock", (Knock,), "Knocking", "Knock()")
    Traceback (most recent call last):
    ...
    cardlib.core.errors.IllegalActionError: 'knock' is not an action of Knocking (Knock())
    """
    kind = type(action)
    if kind not in kinds:
        raise IllegalActionError(f"{action!r} is not an action of {title} ({listing})")
    return kind
