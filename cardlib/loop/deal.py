"""Loop's stacked decks: (number, colour) cards with colours by name, cut into sets of 45 and checked (stdlib only).

>>> stacked_sets([(n, c) for c in ("red", "blue", "yellow") for n in range(1, 16)], long=False)[0][:2]
[(1, 'r'), (2, 'r')]
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.core.errors import RulesError
from cardlib.loop.actions import COLOUR_NAMES, DECK, Card, cards_text

LETTERS = {name: letter for letter, name in COLOUR_NAMES.items()}


def stacked_sets(cards: Sequence[Sequence[Any]], long: bool) -> list[list[Card]]:
    """A stacked deck cut into sets of 45, each checked to be the 45 Loop cards."""
    try:
        pairs = [(number, colour) for number, colour in cards]
    except (TypeError, ValueError):
        raise RulesError("deck: a list of cards, each (number, colour) with colour 'red', 'blue' or 'yellow'") from None
    converted = []
    for number, colour in pairs:
        if type(number) is not int or not isinstance(colour, str) or colour not in LETTERS:
            raise RulesError(f"deck: {(number, colour)!r} is not a Loop card (a number 1 to 15, red, blue or yellow)")
        converted.append((number, LETTERS[colour]))
    size = len(DECK)
    if not converted or len(converted) % size or (not long and len(converted) != size):
        raise RulesError(f"deck: {len(converted)} cards; a deal uses the 45 Loop cards"
                         + (" (the long game: 45 a set)" if long else ""))
    sets = []
    for index in range(0, len(converted), size):
        block = converted[index:index + size]
        for card in block:
            if card not in DECK:
                raise RulesError(f"deck: {card!r} is not a Loop card (a number 1 to 15, red, blue or yellow)")
            if block.count(card) > 1:
                raise RulesError(f"deck: set {index // size + 1} holds {cards_text([card])} {block.count(card)} times; "
                                 "the 45 Loop cards come once each")
        sets.append(block)
    return sets
