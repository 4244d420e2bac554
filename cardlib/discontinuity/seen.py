"""Discontinuity: what a seat may see (its Observation) and the records of a finished half (stdlib only).

A finished first half (HalfResult), the places from totals (places), one seat's view of the
table (Observation). The log in words is the view's narrator (view.narrate).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from cardlib.core.protocol import SeatObservation
from cardlib.discontinuity.scoring import JOKER, lay_out, row_penalty


# --- the results -------------------------------------------------------------------------------

@dataclass(frozen=True)
class HalfResult:
    """A finished first half of the two-player game: each seat's points and final row."""

    scores: tuple[int, ...]
    rows: tuple[tuple, ...]


def places(scores: tuple[int, ...], largest: list[int]) -> tuple[int, ...]:
    """Places from totals, a tie going to the row showing the largest value; still tied, shared.

    >>> places((8, 8, 3), [9, 11, 10])
    (2, 1, 3)
    >>> places((8, 8), [10, 10])
    (1, 1)
    """
    keys = list(zip(scores, largest))
    return tuple(1 + sum(other > key for other in keys) for key in keys)


# --- what a seat may see -----------------------------------------------------------------------

@dataclass(frozen=True)
class Observation(SeatObservation):
    """Everything a seat may know (everyone sees the same: no joker's face, no deck order).

    ``rows`` are laid out as the sheet writes them, the joker as "J" right of its anchor;
    ``unseen`` is the multiset of cards nobody has seen (the deck, later halves, every joker).
    While a joker waits to be placed (see ``joker_to_place``) it is in no row and ``scores``
    leave it out: they are the points *before* the joker, which no place of it gives;
    ``score_range`` gives the totals its places would make. ``result`` is the game's Result
    (totals and places) once it is over, None before.
    """

    log: tuple[tuple, ...] = field(repr=False)  # the kit field kept where SeatObservation puts it, out of the repr
    square: tuple[int, ...]
    rows: tuple[tuple, ...]
    safe_sizes: tuple[int, ...]
    jokers_used: tuple[bool, ...]
    deck_size: int
    unseen: tuple[int, ...]
    scores: tuple[int, ...]
    phase: str
    half: int
    start_player: int
    halves: tuple[HalfResult, ...]

    @property
    def row(self) -> tuple:
        """This seat's own row, laid out."""
        return self.rows[self.seat]

    @property
    def joker_to_place(self) -> Optional[int]:
        """The seat whose joker is off its row, waiting to be placed this turn (else None).

        That happens when its anchor went to the safe, or it stood alone and number cards came.
        A joker still beside its anchor is in the row while its owner chooses again.
        """
        seat = self.current_player
        if self.phase == "place" and seat is not None and JOKER not in self.rows[seat]:
            return seat
        return None

    def score_range(self, seat: int) -> tuple[int, int]:
        """The lowest and highest total ``seat`` can have once its joker is placed; (s, s) when
        no joker of theirs waits, s being their total.

        >>> from cardlib.discontinuity.rules import Game
        >>> from cardlib.discontinuity.actions import Take, TakeJoker
        >>> state = Game(players=3).new(seed=4)
        >>> state.apply(Take(3, 7, 8))                          # player 0 takes 7 and 8
        >>> state.apply(TakeJoker()); state.apply(TakeJoker())  # players 1 and 2 take their jokers
        >>> state.apply(TakeJoker())      # player 0's joker: right of 7 or of 8?
        >>> obs = state.observation(1)
        >>> obs.joker_to_place, obs.rows[0], obs.scores[0], obs.score_range(0)
        (0, (7, 8), -15, (-23, -7))
        >>> obs.score_range(1)            # player 1's joker stands alone: it counts 11
        (-11, -11)
        """
        total = self.scores[seat]
        if self.joker_to_place != seat:
            return total, total
        row = self.rows[seat]
        before = row_penalty(row)  # the scores leave the waiting joker out: put each place in instead
        totals = [total + before - row_penalty(lay_out(row, True, anchor)) for anchor in row]
        return min(totals), max(totals)
