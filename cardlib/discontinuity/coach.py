"""Discontinuity's coach: for each move open to you, what it does to your score now and the exact
chance that the next card turned up pairs with a single card in your row (stdlib only).

Every card nobody has seen (the deck, a later half, the face under every joker) is equally likely
to be the next card turned up: the observer cannot tell them apart. So the chance that it pairs
with a single n in your row is (unseen n's) / (unseen cards), summed over your singles.

>>> from cardlib.discontinuity.rules import Game
>>> state = Game(players=3).new(seed=4)          # the square 9 9 8 / 9 · 7 / 7 9 1
>>> best = max(outlook(state.observation(0), state.legal_actions()), key=lambda move: move.change)
>>> str(best.action), best.change, best.pairing   # 1 and 7 cost 8; five 7s, no 1, among 47 unseen
('take 1 and 7 from line ③', -8, Fraction(5, 47))
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional, Sequence

from cardlib.discontinuity.actions import Take, TakeJoker
from cardlib.discontinuity.bots import LookaheadBot, _mask, best_anchor, penalty, take_into
from cardlib.discontinuity.seen import Observation
from cardlib.discontinuity.scoring import JOKER, SAFE_CARD, row_penalty


@dataclass(frozen=True)
class Move:
    """One move open to you: its change in your score now (the joker at its best place) and the
    exact chance that the next card turned up pairs with a single card in your row after it."""

    action: Any
    change: int
    pairing: Fraction
    bots_choice: bool = False


def pairing_chance(observation: Observation, singles: Sequence[int]) -> Fraction:
    """P(the next card turned up is one of these numbers), from the cards the seat has not seen."""
    unseen = observation.unseen
    if not unseen:
        return Fraction(0)
    return Fraction(sum(unseen.count(number) for number in set(singles)), len(unseen))


def outlook(observation: Observation, legal: Sequence[Any], bot: Optional[Any] = None) -> list[Move]:
    """Every take and the joker open to the seat now, each with its change in score and pairing chance."""
    row = observation.row
    mask = _mask([card for card in row if card != JOKER])
    has_joker = observation.jokers_used[observation.seat]
    before = row_penalty(row)
    choice = (bot or LookaheadBot()).act(observation, legal, random.Random(0))
    moves = []
    for action in legal:
        if type(action) is Take:
            after, safe = take_into(mask, (action.a, action.b))
            change = SAFE_CARD * safe - penalty(after, best_anchor(after) if has_joker else -1) + before
        elif type(action) is TakeJoker:
            after = mask
            change = before - penalty(mask, best_anchor(mask))
        else:
            continue  # a joker's place: its button shows its points
        singles = [number for number in range(1, 11) if after >> number & 1]
        moves.append(Move(action, change, pairing_chance(observation, singles), action == choice))
    return moves
