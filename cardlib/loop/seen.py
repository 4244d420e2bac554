"""What a player may see in Loop: the observation, and the worlds they cannot tell from the real one (stdlib only).

Public: every card played and by whom (the piles in front of the chairs), hand sizes, the trick,
donden and the 8s revealed, ranks, points, chairs. Private: one's own hand and set-aside cards.
A card never leaves its chair within a set (played cards lie in front of it, and the next occupant
takes them up), so a player knows where every card went that was ever played, revealed by donden
(in this round or an earlier one of the set), or that they held.
``determinize`` deals the rest again.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from cardlib.core.protocol import SeatObservation
from cardlib.loop.actions import Card, cards_in_order

State = Any  # a cardlib.loop.rules.State (not imported: rules imports this module)


@dataclass(frozen=True)
class Observation(SeatObservation):
    """What one player may know. ``held_known[p]``: the cards this player knows p holds (hand or set aside)."""

    phase: str
    set: int
    round: int
    chairs: tuple[int, ...]          # player -> chair
    start: int                       # the start chair
    hand: tuple[Card, ...]
    aside: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    held_known: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]   # chair -> the cards played in front of it this round
    trick: tuple[Card, ...]               # the play to beat (empty when someone leads)
    last: Optional[int]                   # who made it
    passed: tuple[bool, ...]
    reversed: bool
    revealed: tuple[tuple[Card, ...], ...]
    out: tuple[int, ...]                  # this round's finishing order so far
    scores: tuple[int, ...]
    sets_won: tuple[int, ...]
    previous: tuple[Optional[int], ...]   # chair -> the rank its last occupant finished (None in a normal round)


def known_to(state: State, seat: int) -> frozenset:
    """The cards whose place ``seat`` knows: every card played this set, every 8 revealed this set (earlier rounds
    too), and every card it held."""
    return state._known[seat] | state._shown


def observe(state: State, seat: int) -> Observation:
    """Own hand and set-aside cards; for everyone the public table and what this player knows they hold."""
    n = state.game.players
    known = known_to(state, seat)
    held = []
    for player in range(n):
        holding = state._hands[player] + state._aside[player]
        held.append(cards_in_order(holding if player == seat else [c for c in holding if c in known]))
    return Observation(
        **state._seat_fields(seat), phase=state.phase, set=state._set, round=state._round,
        chairs=tuple(state._chair), start=state.game.start, hand=cards_in_order(state._hands[seat]),
        aside=cards_in_order(state._aside[seat]), hand_sizes=tuple(len(hand) for hand in state._hands),
        held_known=tuple(held), piles=tuple(cards_in_order(pile) for pile in state._piles),
        trick=tuple(state._trick_cards), last=state._last, passed=tuple(state._passed), reversed=state._reversed,
        revealed=tuple(tuple(cards) for cards in state._revealed), out=tuple(state._out),
        scores=tuple(state._scores), sets_won=tuple(state._sets_won), previous=tuple(state._previous))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A game ``seat`` cannot tell from this one: every card whose place it does not know dealt again.

    Those are the unused cards and, at each other chair, the cards never played there that ``seat``
    never held. Each other player's set-aside cards are drawn again from what they hold (a revealed
    8 stays set aside), since which of them were set aside is private too.
    """
    other = state.clone()
    other._rng = random.Random(rng.getrandbits(64))
    if state._current is None:
        return other
    known = known_to(state, seat)
    pool = list(state._unused)
    for player in range(state.game.players):
        if player != seat:
            pool += [card for card in state._hands[player] + state._aside[player] if card not in known]
    rng.shuffle(pool)
    drawn = iter(pool)
    for player in range(state.game.players):
        if player == seat:
            continue
        holding = state._hands[player] + state._aside[player]
        holding = [card if card in known else next(drawn) for card in holding]
        revealed = state._revealed[player]
        rest = [card for card in holding if card not in revealed]
        aside = list(revealed) + rng.sample(rest, len(state._aside[player]) - len(revealed))
        other._aside[player] = aside
        other._hands[player] = [card for card in holding if card not in aside]
    other._unused = list(drawn)
    return other
