"""Simulations that check the exact mathematics (stdlib only): they know nothing of the formulas.

Each draws worlds the simplest way the model allows — deal at random, keep what is
consistent — so that agreeing with the exact counts means something.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Optional

from cardlib.decks.pairs import PAIRS_DECK, pair_count
from cardlib.twentyfive.rules import Observation, reveal_options


def dealt_pairs(n: int, trials: int, rng: random.Random) -> list[int]:
    """The pairs among n cards dealt at random from the Pairs deck, ``trials`` times.

    >>> dealt_pairs(12, 3, random.Random(1))
    [6, 3, 7]
    """
    return [pair_count(rng.sample(PAIRS_DECK, n)) for _ in range(trials)]


def replay_reveals(sequence: Sequence[int], dealt: int, reveals: Sequence[int],
                   choosing: bool = False) -> Optional[tuple[int, ...]]:
    """The hand a player is left with if the cards they took in, in this order, reproduce
    their reveals by the rule (the highest, or a 5); None if some reveal would be illegal.

    ``choosing``: the player is now choosing a reveal, so must hold a 5 below their highest.

    >>> replay_reveals([3, 9, 5, 2], dealt=3, reveals=[9, 5])
    (2, 3)
    >>> replay_reveals([3, 4, 2, 9], dealt=3, reveals=[2, 9]) is None   # 2 was not the highest
    True
    """
    hand, position = list(sequence[:dealt]), dealt
    for index, value in enumerate(reveals):
        if index:
            hand.append(sequence[position])
            position += 1
        if value not in reveal_options(hand):
            return None
        hand.remove(value)
    hand += sequence[position:]
    if choosing and len(reveal_options(hand)) < 2:
        return None
    return tuple(sorted(hand))


def _pool(observation: Observation) -> list[int]:
    """Every card except the seat's own: what the other players' cards were drawn from."""
    pool = list(PAIRS_DECK)
    for card in observation.hand + observation.fields[observation.seat]:
        pool.remove(card)
    return pool


def rejection_sample(observation: Observation, deals: int, rng: random.Random) -> list[int]:
    """Pairs in play of random deals kept only if every other player's reveals were legal in them.

    A deal gives each other player the cards they took in (dealt block, then draws) in a random
    order from everything the seat does not hold itself; it is kept when it reproduces every
    field card by the reveal rule. This is the informed model by brute force: slow mid-round,
    when few deals survive.
    """
    dealt = 4 if observation.players == 3 else 3
    pool = _pool(observation)
    others = [s for s in range(observation.players) if s != observation.seat]
    choosing = observation.current_player if observation.phase == "reveal" else None
    entered = [observation.hand_sizes[s] + len(observation.fields[s]) for s in others]
    seen = list(observation.known_cards)
    kept = []
    for _ in range(deals):
        cards = rng.sample(pool, sum(entered))
        hidden: list[int] = []
        start = 0
        for other, size in zip(others, entered):
            hand = replay_reveals(cards[start:start + size], dealt, observation.fields[other], choosing == other)
            start += size
            if hand is None:
                break
            hidden += hand
        else:
            kept.append(pair_count(seen + hidden))
    return kept


def naive_sample(observation: Observation, deals: int, rng: random.Random) -> list[int]:
    """Pairs in play when the hidden hands are simply random unseen cards (the naive model)."""
    unseen = list(PAIRS_DECK)
    for card in observation.known_cards:
        unseen.remove(card)
    hidden = sum(size for seat, size in enumerate(observation.hand_sizes) if seat != observation.seat)
    seen = list(observation.known_cards)
    return [pair_count(seen + rng.sample(unseen, hidden)) for _ in range(deals)]
