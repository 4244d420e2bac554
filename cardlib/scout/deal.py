"""SCOUT's deals: a card either way up, and a stacked deck cut into rounds and checked (stdlib only).

>>> canonical((7, 2)), flipped((7, 2))
((2, 7), (2, 7))
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from cardlib.core.errors import RulesError, whole_number
from cardlib.scout.groups import HAND_SIZES, Card, deck


def canonical(card: Card) -> Card:
    """A card whichever way up: (smaller, larger), as in ``groups.ALL_CARDS``."""
    return card if card[0] < card[1] else (card[1], card[0])


def flipped(card: Card) -> Card:
    """The card the other way up."""
    return (card[1], card[0])


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """The cards shuffled in place, then each turned one way up or the other at random."""
    rng.shuffle(cards)
    bits = rng.getrandbits(len(cards))
    return [flipped(card) if bits >> index & 1 else card for index, card in enumerate(cards)]


def two_player_blocks(blocks: list[list[Card]], rng: random.Random) -> list[list[Card]]:
    """The two-player game's two rounds of 22 from its 44 cards: shuffled, or what is not stacked shuffled."""
    if not blocks:
        both = shuffled(list(deck(2)), rng)
        return [both[:2 * HAND_SIZES[2]], both[2 * HAND_SIZES[2]:]]
    if len(blocks) == 1:
        dealt = {canonical(card) for card in blocks[0]}
        return [blocks[0], shuffled([card for card in deck(2) if card not in dealt], rng)]
    return blocks


def stacked_blocks(players: int, block: int, rounds: int, cards: Sequence[Sequence[int]]) -> list[list[Card]]:
    """A stacked deck cut into one block per round, each checked to be that player count's cards."""
    try:
        cards = [tuple(card) for card in cards]
    except TypeError:
        raise RulesError("deck: a list of cards, each (top, bottom)") from None
    size, allowed = block, set(deck(players))
    if not cards or len(cards) % size or len(cards) // size > rounds:
        raise RulesError(f"deck: {len(cards)} cards; {players} players deal {size} a round, so the deck holds "
                         f"{size} (the first round) up to {size * rounds} (every round)")
    blocks, seen = [], set()
    for index in range(0, len(cards), size):
        number = index // size + 1
        block = cards[index:index + size]
        counted: dict[Card, int] = {}
        for card in block:
            if len(card) != 2 or not all(whole_number(value) for value in card) or card[0] == card[1]:
                raise RulesError(f"deck: {card!r} is not a card (two different numbers, top and bottom)")
            key = canonical(card)
            if key not in allowed:
                why = f"it is removed with {players} players" if 1 <= key[0] and key[1] <= 10 else "no such card"
                raise RulesError(f"deck: round {number}'s block holds {card!r}; {why}")
            counted[key] = counted.get(key, 0) + 1
        for key, count in counted.items():
            if count > 1:
                raise RulesError(f"deck: round {number}'s block holds {key!r} {count} times; each card comes once")
        if players == 2:  # the two rounds share the 44 cards: nothing twice across them
            again = seen & set(counted)
            if again:
                raise RulesError(f"deck: round {number}'s block holds {sorted(again)[0]!r}, dealt in round 1 already")
            seen |= set(counted)
        elif len(counted) != len(allowed):  # unreachable with the right length and no repeats; kept for clarity
            raise RulesError(f"deck: round {number}'s block misses {sorted(allowed - set(counted))[0]!r}")
        blocks.append([tuple(card) for card in block])
    return blocks
