"""Imagined worlds that read what the other players' keep-or-turn choices said (stdlib only).

A planner turns its hand when the other side looks better (fewer pieces, then a stronger best group;
``bots_search.outlook``): the side it holds looks at least as good as the other (better, if it turned). So once a
seat has kept or turned, not every way up of its unseen cards is as likely:
``read(state, seat, rng)`` turns the unseen cards of each other seat (each one way up or the other at
random again) until that seat's choice is the planner's for the hand it held then, which is worked out
backwards from its hand now and this round's public log (its shows put back, its scouted cards taken out).
The cards dealt to each hand stay where ``determinize`` put them; only which way up is read again.

>>> import random
>>> from cardlib.scout import Game
>>> from cardlib.scout.bots import PlannerBot
>>> state = Game(players=3).new(seed=4)
>>> state.apply(PlannerBot().act(state.observation(0), state.legal_actions(), random.Random(0)))
>>> choice, hand = kept_or_turned(state, 0), start_hand(state, 0)
>>> agrees(hand, choice), agrees([(bottom, top) for top, bottom in reversed(hand)], choice)  # its other side: no
(True, False)
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Optional

from cardlib.scout.bots_search import outlook, turned_tops
from cardlib.scout.groups import Card

TRIES = 30  # ways up drawn for a hand before its last draw is kept as it is


def kept_or_turned(state: Any, seat: int) -> Optional[str]:
    """'keep' or 'turn', what ``seat`` chose at this round's start (None before it chose)."""
    for kind, who, _ in reversed(state._log):
        if kind == "round":
            return None
        if who == seat and kind in ("keep", "turn"):
            return kind
    return None


def start_hand(state: Any, seat: int) -> list[Card]:
    """The hand ``seat`` held just after it kept or turned: its hand now, its shows put back and its scouts taken out."""
    hand = list(state._hands[seat])
    for kind, who, value in reversed(state._log):
        if kind == "round":
            break
        if who != seat:
            continue
        if kind == "show":
            first, _, cards, _ = value
            hand[first - 1:first - 1] = list(cards)
        elif kind in ("scout", "scout & show"):
            del hand[value[1] - 1]
    return hand


def agrees(hand: Sequence[Card], choice: str) -> bool:
    """Whether a planner that keeps or turns by the outlook ends up holding ``hand`` after ``choice``."""
    held, other = outlook([card[0] for card in hand]), outlook(turned_tops(hand))  # other: the side it did not keep
    return held > other if choice == "turn" else not other > held


def read(state: Any, seat: int, rng: random.Random, tries: int = TRIES) -> None:
    """Turn the unseen cards of every other seat that has kept or turned until its choice is the planner's (in place)."""
    for other in range(state.game.players):
        choice = None if other == seat else kept_or_turned(state, other)
        if choice is None:
            continue
        hand, seen = state._hands[other], state._seen[other]
        unseen = [index for index, known in enumerate(seen) if not known]
        if not unseen:
            continue
        for _ in range(tries):
            if agrees(start_hand(state, other), choice):
                break
            bits = rng.getrandbits(len(unseen))
            for place, index in enumerate(unseen):
                if bits >> place & 1:
                    hand[index] = (hand[index][1], hand[index][0])
