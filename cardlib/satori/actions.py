"""The Satori: the actions, the cards and what a seat may see (stdlib only).

Cards are only satori ("S", 悟り, the number cards) or zatsunen ("Z", 雑念, the face cards):
within a kind all cards are alike. The decisions are the digest's, and ``str(action)`` is its
notation exactly:

>>> [str(action) for action in (PLAY_SATORI, PLAY_ZATSUNEN, DECLARE, PASS, KATSU, NO_KATSU)]
['play satori', 'play zatsunen', 'declare', 'pass', 'katsu', 'no katsu']
>>> Play("S")
Play('S')
>>> Play("S") == PLAY_SATORI and Play("S") in {PLAY_SATORI}
True
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional, Union

from cardlib.core.actions import Word, notation_text
from cardlib.core.errors import RulesError
from cardlib.core.protocol import SeatObservation

SATORI, ZATSUNEN = "S", "Z"
CARDS = (SATORI, ZATSUNEN)
CARD_NAMES = {SATORI: "satori", ZATSUNEN: "zatsunen"}
DECK = {SATORI: 15, ZATSUNEN: 10}  # the 25 playing cards: A-10 of a suit and a half, and ten of J, Q, K
TURN, WINDOW, OVER = "turn", "katsu", "over"  # the phases: a turn, the Katsu window after a play, the end
DECLARE_RUN = 3  # a declaration needs at least this many satori on top of one's pile, unbroken


@dataclass(frozen=True)
class Play:
    """(a) Put one card of the hand face down on top of one's own pile: ``card`` is "S" or "Z"."""

    card: str

    def __str__(self) -> str:
        return f"play {CARD_NAMES.get(self.card, repr(self.card))}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


class Declare(Word, notation="declare"):
    """(b) Say "Satori" at the start of the turn: the top three or more pile cards are satori. The game ends."""


class Pass(Word, notation="pass"):
    """(c) Do nothing this turn: only with an empty hand."""


class Katsu(Word, notation="katsu"):
    """Call "Katsu!" (喝): the card just played is satori, I say. Success takes it; failure eliminates me."""


class NoKatsu(Word, notation="no katsu"):
    """Let the card just played go unchallenged."""


PLAY_SATORI, PLAY_ZATSUNEN = Play(SATORI), Play(ZATSUNEN)
PLAYS = {SATORI: PLAY_SATORI, ZATSUNEN: PLAY_ZATSUNEN}
DECLARE, PASS, KATSU, NO_KATSU = Declare(), Pass(), Katsu(), NoKatsu()
Action = Union[Play, Declare, Pass, Katsu, NoKatsu]
BY_NOTATION: dict[str, Action] = {str(a): a for a in (PLAY_SATORI, PLAY_ZATSUNEN, DECLARE, PASS, KATSU, NO_KATSU)}


def parse(text: str) -> Action:
    """The action whose notation is ``text`` (the digest's words): how a scenario is written down.

    >>> parse("no katsu"), parse("play zatsunen")
    (NoKatsu(), Play('Z'))
    >>> parse("call")
    Traceback (most recent call last):
    ...
    ValueError: 'call' is not a decision of The Satori: play satori, play zatsunen, declare, pass, katsu, no katsu
    """
    try:
        return BY_NOTATION[notation_text(text, "The Satori")]
    except KeyError:
        raise ValueError(f"{text!r} is not a decision of The Satori: {', '.join(BY_NOTATION)}") from None


def top_run(pile: tuple[Optional[str], ...]) -> int:
    """The unbroken run of satori counted from the top of a pile (its last card), not in play order.

    >>> top_run(("S", "Z", "S", "S")), top_run(("S", "S", "Z")), top_run(())
    (2, 0, 0)
    """
    run = 0
    for card in reversed(pile):
        if card != SATORI:
            break
        run += 1
    return run


def check_hands(hands: Sequence[Sequence[str]], players: int, satori: int, zatsunen: int) -> None:
    """RulesError unless ``hands`` (a stacked deal) is one hand a player, each ``satori`` "S" and ``zatsunen`` "Z".

    >>> check_hands([["S", "Z"], ["Z", "S"]], players=2, satori=1, zatsunen=1)
    >>> check_hands([["S", "S"], ["Z", "S"]], players=2, satori=1, zatsunen=1)
    Traceback (most recent call last):
    ...
    cardlib.core.errors.RulesError: hands: player 0's hand has 2 satori and 0 zatsunen; this game deals 1 and 1
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != players:
        size = len(hands) if isinstance(hands, Sequence) else hands
        raise RulesError(f"hands: {players} players need {players} hands, not {size!r}")
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence) or \
                any(card not in (SATORI, ZATSUNEN) for card in hand):
            raise RulesError(f"hands: player {seat}'s hand must list cards 'S' or 'Z', not {hand!r}")
        s, z = list(hand).count(SATORI), list(hand).count(ZATSUNEN)
        if (s, z) != (satori, zatsunen):
            raise RulesError(f"hands: player {seat}'s hand has {s} satori and {z} zatsunen; "
                             f"this game deals {satori} and {zatsunen}")


@dataclass(frozen=True)
class Observation(SeatObservation):
    """Everything a seat may know of a game of The Satori, and nothing else.

    After the five fields every game's Observation has (``core.protocol.SeatObservation``), for every
    seat: ``hand_sizes``, ``pile_sizes``, ``out`` (eliminated) and the public totals ``satori`` and
    ``zatsunen`` (hand and pile together: each starts at the deal's counts and every transfer is
    announced). ``piles`` shows each pile bottom first as this seat knows it: its own in full,
    another's "S" where a successful Katsu put a revealed satori and None where a card lies unseen.
    ``hand`` is this seat's own hand, satori first (the cards of a kind are alike).
    """

    phase: str                        # "turn", "katsu" (the window after a play) or "over"
    active: Optional[int]             # whose turn it is (during a window: who played the card)
    hand: tuple[str, ...]
    piles: tuple[tuple[Optional[str], ...], ...]
    hand_sizes: tuple[int, ...]
    satori: tuple[int, ...]
    zatsunen: tuple[int, ...]
    out: tuple[bool, ...]
    declarer: Optional[int]

    @property
    def pile(self) -> tuple[str, ...]:
        """This seat's own pile, bottom first (the top card last)."""
        return self.piles[self.seat]  # type: ignore[return-value]

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards lie in each seat's pile."""
        return tuple(len(pile) for pile in self.piles)

    @property
    def still_in(self) -> tuple[int, ...]:
        """The seats not eliminated."""
        return tuple(seat for seat, gone in enumerate(self.out) if not gone)
