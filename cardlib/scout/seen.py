"""What a seat may see in SCOUT: its observation, and the worlds it cannot tell from the real one (stdlib only).

Public: every hand's size, the active set and its owner, score cards and chips (counts), the
markers and tokens, and a scouted card where it went and which way up (everyone saw it go in).
Private: one's own hand in full. The rest (the other hands' dealt cards, the two-player game's
22 set aside, later rounds' deals) is what ``determinize`` draws again.
"""
from __future__ import annotations

import random
from typing import Any

from cardlib.scout.actions import Observation
from cardlib.scout.deal import flipped
from cardlib.scout.groups import Card

State = Any  # a cardlib.scout.rules.State (not imported: rules imports this module)


def observe(state: State, seat: int) -> Observation:
    """Own hand in full; the cards others scouted, where they went; every count; the active set and its owner."""
    hands = []
    for other, hand in enumerate(state._hands):
        if other == seat:
            hands.append(tuple(hand))
        else:
            seen = state._seen[other]
            hands.append(tuple(card if seen[index] else None for index, card in enumerate(hand)))
    return Observation(
        **state._seat_fields(seat), phase=state.phase, round=state._round,
        rounds=state.game.rounds_to_play, start=state._start, hand=tuple(state._hands[seat]), hands=tuple(hands),
        active=tuple(state._active), owner=state._owner, score_cards=tuple(len(pile) for pile in state._score),
        chips=tuple(state._chips), markers=tuple(state._markers),
        tokens=tuple(state._tokens) if state._tokens is not None else None, totals=tuple(state._totals),
        finished=tuple(state._tallies))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A game ``seat`` cannot tell from this one: the cards it has not seen dealt again, each way up at random.

    Those are the other hands' cards that were not scouted (the scouted ones stay where they
    went), in the two-player game the 22 set aside, and every later round's deal. One thing more
    is public: the player to act can act (after Scout & Show, or out of tokens, that means a
    group that beats), so a draw that breaks it is drawn again.
    """
    other = state.clone()
    other._rng = random.Random(rng.getrandbits(64))
    if state._current is None:
        return other
    if state.game.players != 2:
        other._blocks = []  # a stacked deal still to come is not known either: later rounds are shuffled
    hidden: list[Card] = []
    for player, hand in enumerate(state._hands):
        if player != seat:
            hidden += [card for card, known in zip(hand, state._seen[player]) if not known]
    if state.game.players == 2:
        for block in state._blocks:
            hidden += block
    for _ in range(ATTEMPTS):
        _draw(state, other, seat, hidden, rng)
        if other._current == seat or other.legal_actions():
            return other
    return state.clone()  # never met: the true deal is one of the draws, and a likely one


ATTEMPTS = 10_000


def _draw(state: State, other: State, seat: int, hidden: list[Card], rng: random.Random) -> None:
    """Deal ``hidden`` again into ``other``: the unseen places of the other hands, then the cards set aside."""
    rng.shuffle(hidden)
    drawn = iter(flipped(card) if rng.random() < 0.5 else card for card in hidden)
    for player, hand in enumerate(state._hands):
        if player != seat:
            known = state._seen[player]
            other._hands[player] = [card if known[index] else next(drawn) for index, card in enumerate(hand)]
    if state.game.players == 2:
        other._blocks = [[next(drawn) for _ in block] for block in state._blocks]
