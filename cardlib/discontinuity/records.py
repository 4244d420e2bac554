"""Discontinuity: the records of a game and what a seat may see (stdlib only).

A finished first half (HalfResult), the places from totals (places), one seat's view of the
table (Observation), and a public event of the log in words (describe_event).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


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
class Observation:
    """Everything a seat may know (everyone sees the same: no joker's face, no deck order).

    ``rows`` are laid out as the sheet writes them, the joker as "J" right of its anchor;
    ``unseen`` is the multiset of cards nobody has seen (the deck, later halves, every joker).
    """

    seat: int
    players: int
    square: tuple[int, ...]
    rows: tuple[tuple, ...]
    safe_sizes: tuple[int, ...]
    jokers_used: tuple[bool, ...]
    deck_size: int
    unseen: tuple[int, ...]
    scores: tuple[int, ...]
    current_player: Optional[int]
    phase: str
    half: int
    start_player: int
    halves: tuple[HalfResult, ...]
    log: tuple[tuple, ...] = field(repr=False)

    @property
    def row(self) -> tuple:
        """This seat's own row, laid out."""
        return self.rows[self.seat]


# --- the log in words --------------------------------------------------------------------------

def describe_event(event: tuple) -> str:
    """A public event of the log in words.

    >>> from cardlib.discontinuity.actions import Take
    >>> describe_event(("take", 1, Take(4, 3, 7)))
    'Player 1: take 3 and 7 from line ④.'
    >>> describe_event(("safe", 0, 8))
    'Player 0 puts a pair of 8s in the safe.'
    """
    kind, seat, value = event
    if kind == "deal":
        half = f" (half {value})" if value else ""
        return f"Cards dealt{half}: player {seat} starts."
    if kind == "redeal":
        return f"All eight face-up cards show {value}: back into the deck, shuffled, dealt again."
    if kind == "stuck":
        return f"All eight face-up cards show {value} and so does the whole deck: the game ends."
    if kind == "take":
        return f"Player {seat}: {value}."
    if kind == "joker":
        return f"Player {seat} takes the joker."
    if kind == "safe":
        return f"Player {seat} puts a pair of {value}s in the safe."
    if kind == "place":
        if not value:
            return f"Player {seat}'s joker stands alone (11)."
        return f"Player {seat} puts the joker right of {value} (= {value + 1})."
    if kind == "half":
        return "First half over: " + ", ".join(f"player {s} {p:+d}" for s, p in enumerate(value)) + "."
    if kind == "over":
        return "Game over: " + ", ".join(f"player {s} {p:+d}" for s, p in enumerate(value.scores)) + "."
    return f"{kind} {seat} {value}"
