"""SCOUT: the actions and their notation (stdlib only).

The digest's decisions, one at a time; ``str(action)`` is its notation exactly. Positions are
1-based, left to right as the player holds the hand.

>>> [str(a) for a in (KEEP, TURN, Show(2, 4), Show(3, 3), Scout("left", 1), Scout(None, 5, turned=True))]
['keep', 'turn', 'show 2-4', 'show 3', 'scout left to 1', 'scout to 5 turned']
>>> str(ScoutAndShow("right", 2, turned=True))
'scout & show right to 2 turned'
>>> parse("scout & show left to 3") == ScoutAndShow("left", 3)
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, Optional, Union

from cardlib.core.actions import Word, notation_text
from cardlib.core.protocol import SeatObservation
from cardlib.scout.groups import Card

ENDS = ("left", "right")  # the ends of the active set; None names the only card of a one-card set


class Keep(Word, notation="keep"):
    """Round start: keep the hand as dealt."""


class Turn(Word, notation="turn"):
    """Round start: turn the whole hand around (its order reversed, every card the other way up)."""


KEEP, TURN = Keep(), Turn()


@dataclass(frozen=True)
class Show:
    """Play the cards at positions ``first``..``last`` of the hand (1-based) as a group."""

    first: int
    last: int

    def __str__(self) -> str:
        return f"show {self.first}" if self.first == self.last else f"show {self.first}-{self.last}"

    def __repr__(self) -> str:
        return f"Show({self.first!r}, {self.last!r})"


@dataclass(frozen=True)
class Scout:
    """Take the card at ``end`` of the active set ("left", "right", or None for a one-card set) and
    insert it as the ``to``-th card of the hand, with its other number on top if ``turned``."""

    end: Optional[str]
    to: int
    turned: bool = False

    WORDS = "scout"

    def __str__(self) -> str:
        where = f"{self.end} to" if self.end else "to"
        return f"{self.WORDS} {where} {self.to}{' turned' if self.turned else ''}"

    def __repr__(self) -> str:
        turned = ", turned=True" if self.turned else ""
        return f"{type(self).__name__}({self.end!r}, {self.to!r}{turned})"

    def __hash__(self) -> int:
        # the same in every process (str hashes are salted): sets of actions iterate alike run to run
        return hash((self.WORDS == "scout", ENDS.index(self.end) if self.end in ENDS else -1, self.to, self.turned))


@dataclass(frozen=True)
class ScoutAndShow(Scout):
    """Scout & Show (once a round, the marker spent): the scout; the same player then shows."""

    WORDS = "scout & show"

    __hash__ = Scout.__hash__


Action = Union[Keep, Turn, Show, Scout, ScoutAndShow]
_SCOUT = re.compile(r"(scout & show|scout)(?: (left|right))? to (\d+)( turned)?")
_SHOW = re.compile(r"show (\d+)(?:-(\d+))?")


def parse(text: str) -> Action:
    """The action whose notation is ``text`` (how a scenario is written down).

    >>> parse("show 4"), parse("scout right to 7 turned")
    (Show(4, 4), Scout('right', 7, turned=True))
    >>> parse("play 4")
    Traceback (most recent call last):
    ...
    ValueError: 'play 4' is not SCOUT notation (keep, turn, show I-J, scout [left|right] to P [turned], scout & show ...)
    """
    text = notation_text(text, "SCOUT")
    if text in ("keep", "turn"):
        return KEEP if text == "keep" else TURN
    found = _SHOW.fullmatch(text)
    if found:
        first = int(found.group(1))
        return Show(first, int(found.group(2)) if found.group(2) else first)
    found = _SCOUT.fullmatch(text)
    if found:
        kind = ScoutAndShow if found.group(1) == "scout & show" else Scout
        return kind(found.group(2), int(found.group(3)), turned=bool(found.group(4)))
    raise ValueError(f"{text!r} is not SCOUT notation "
                     "(keep, turn, show I-J, scout [left|right] to P [turned], scout & show ...)")


# --- the actions a state offers, made once (legal_actions hands out these same objects) ---------

SHOWS = tuple(tuple(Show(first + 1, last + 1) for last in range(45)) for first in range(45))  # SHOWS[i][j]: 0-based


def show(first: int, last: int) -> Show:
    """The one ``Show(first, last)`` object (1-based) that legal_actions hands out."""
    return SHOWS[first - 1][last - 1]


@lru_cache(maxsize=None)
def scouts(kind: type, size: int, one_card: bool) -> tuple[Scout, ...]:
    """Every placement of a hand of ``size`` cards: each end (one for a one-card set), P = 1..size+1, kept or turned."""
    ends = (None,) if one_card else ENDS
    return tuple(kind(end, to, turned) for end in ends for to in range(1, size + 2) for turned in (False, True))


# --- what a seat may see ------------------------------------------------------------------------

KEEPING, PLAYING, SHOWING, OVER = "keep", "play", "show", "over"  # the phases (SHOWING: after scout & show)


class RoundTally(NamedTuple):
    """A finished round as everyone saw it end: why, who ended it, and each seat's points.

    ``reason`` is "emptied" (i: ``ender`` showed their last card), "came back" (ii: the turn came
    back to ``ender``, the owner, after everyone else only scouted) or "stuck" (two players:
    ``ender`` could neither show nor scout). ``exempt`` loses nothing for the cards in hand.
    """

    round: int
    start: int
    reason: str
    ender: int
    exempt: Optional[int]
    score_cards: tuple[int, ...]
    chips: tuple[int, ...]
    tokens: Optional[tuple[int, ...]]
    held: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Observation(SeatObservation):
    """What one seat may know: its own hand in order and orientation, and everything public.

    ``hands`` holds every hand as this seat sees it: its own in full; in the others, a card they
    scouted where it went and which way up (everyone saw it), None for the rest. ``active`` is the
    active set in the order it had in its owner's hand. Counts are this round's; ``totals`` are
    the scores of the rounds already played. ``tokens`` is None except in the two-player game.
    """

    phase: str
    round: int
    rounds: int
    start: int
    hand: tuple[Card, ...]
    hands: tuple[tuple[Optional[Card], ...], ...]
    active: tuple[Card, ...]
    owner: Optional[int]
    score_cards: tuple[int, ...]
    chips: tuple[int, ...]
    markers: tuple[bool, ...]
    tokens: Optional[tuple[int, ...]]
    totals: tuple[int, ...]
    finished: tuple[RoundTally, ...] = ()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self.hands)

    @property
    def tops(self) -> tuple[int, ...]:
        """The numbers that count in this seat's hand, left to right."""
        return tuple(card[0] for card in self.hand)
