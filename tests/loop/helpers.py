"""Helpers of Loop's tests: stacked decks written in the notation."""
from __future__ import annotations

from cardlib.loop.actions import COLOUR_NAMES, DECK, parse_card


def stacked_deck(*hands):
    """A stacked deck: chair 0's cards (written '7r 9y …'), then chair 1's, …, each filled to 11 with the
    lowest cards nobody was given; the rest of the 45 last (unused)."""
    given = [[parse_card(text) for text in hand.split()] for hand in hands]
    named = {card for hand in given for card in hand}
    spare = iter(card for card in DECK if card not in named)
    cards = []
    for hand in given:
        cards += hand + [next(spare) for _ in range(11 - len(hand))]
    cards += list(spare)
    return [(number, COLOUR_NAMES[letter]) for number, letter in cards]
