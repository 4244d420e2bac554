"""Twenty-five: what happened and what a seat may see (stdlib only).

A finished round (RoundResult) and its points (round_points), and one seat's view of the table
(Observation). The log in words is the view's narrator (view.narrate).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from cardlib.core.protocol import SeatObservation

TARGET = 25          # the pairs a pass bets are exceeded
PASS_TOO_EARLY = 10  # points for a passer when the pairs are fewer than 25
EXACT_HIT = 10       # points for everyone but the passer at exactly 25


# --- what happened ---------------------------------------------------------------------------

@dataclass(frozen=True)
class RoundResult:
    """A finished round: every card in play shown, the pairs counted and the points given."""

    number: int
    start_player: int
    passer: int
    passed: int
    hands: tuple[tuple[int, ...], ...]
    fields: tuple[tuple[int, ...], ...]
    pairs: int
    points: tuple[int, ...]

    @property
    def cards_in_play(self) -> tuple[int, ...]:
        """Every card in play at the pass, sorted."""
        return tuple(sorted(card for cards in self.hands + self.fields for card in cards))


def round_points(pairs: int, passer: int, passed: int, players: int) -> tuple[int, ...]:
    """Points of a round ended by ``passer`` after ``passed`` drew, with ``pairs`` in play.

    >>> round_points(24, passer=1, passed=0, players=3)   # too early: the passer takes 10
    (0, 10, 0)
    >>> round_points(31, passer=1, passed=0, players=3)   # the last to draw takes P - 25
    (6, 0, 0)
    >>> round_points(25, passer=1, passed=0, players=3)   # exactly 25: all but the passer
    (10, 0, 10)
    """
    points = [0] * players
    if pairs < TARGET:
        points[passer] = PASS_TOO_EARLY
    elif pairs > TARGET:
        points[passed] = pairs - TARGET
    else:
        for seat in range(players):
            if seat != passer:
                points[seat] = EXACT_HIT
    return tuple(points)
# --- what a seat may see -----------------------------------------------------------------------

@dataclass(frozen=True)
class Observation(SeatObservation):
    """Everything one seat may know: own hand, all field cards, sizes, scores, public history.

    After the kit's five fields (``core.protocol.SeatObservation``; ``result`` is the game's Result,
    totals and places, once it is over, None before).
    """

    hand: tuple[int, ...]
    fields: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    scores: tuple[int, ...]
    phase: str
    round_number: int
    start_player: int
    draws: int
    last_drawer: Optional[int]
    rounds: tuple[RoundResult, ...]

    @property
    def cards_in_play(self) -> int:
        """How many cards are in play: every hand and every field card."""
        return sum(self.hand_sizes) + sum(len(cards) for cards in self.fields)

    @property
    def known_cards(self) -> tuple[int, ...]:
        """The cards in play this seat can see: own hand and every field card."""
        return tuple(sorted(self.hand + tuple(c for cards in self.fields for c in cards)))
