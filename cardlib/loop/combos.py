"""Loop's combinations: what may be led, what may follow, and every combination a hand holds (stdlib only).

A combination is a single card, a pair or three of a kind (one number, any colours), or a run: two
or more consecutive numbers of one colour. A follower plays the same form and size, stronger: a
higher number (runs: a higher lowest number), or a lower one while donden has reversed the order.
Any combination holding an 8 stops the trick.

>>> combo([(9, "r"), (9, "y")]), combo([(4, "b"), (5, "b"), (6, "b")]), combo([(4, "b"), (5, "r")])
(Combo(form='pair', size=2, number=9), Combo(form='run', size=3, number=4), None)
>>> follows(combo([(3, "r"), (3, "b")]), combo([(9, "r"), (9, "y")]), reversed_order=True)
True
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple, Optional

from cardlib.loop.actions import COLOURS, DECK, EIGHT, Card, cards_in_order, cards_text

SINGLE, PAIR, THREE, RUN = "single", "pair", "three", "run"


class Combo(NamedTuple):
    """A valid combination: its form, how many cards, and the number it is compared by (a run's lowest)."""

    form: str
    size: int
    number: int


_FORMED: dict[tuple[Card, ...], Optional[Combo]] = {}


def combo(cards: Sequence[Card]) -> Optional[Combo]:
    """The combination ``cards`` form, or None if they form none (remembered: the same cards come up often)."""
    key = tuple(cards)
    if key in _FORMED:
        return _FORMED[key]
    found = _form(key)
    if len(_FORMED) < 50_000:
        _FORMED[key] = found
    return found


def _form(cards: tuple[Card, ...]) -> Optional[Combo]:
    if not cards:
        return None
    numbers = sorted(card[0] for card in cards)
    if len(set(cards)) != len(cards):
        return None
    if len(cards) == 1:
        return Combo(SINGLE, 1, numbers[0])
    if len(set(numbers)) == 1:
        return Combo(PAIR if len(cards) == 2 else THREE, len(cards), numbers[0]) if len(cards) <= 3 else None
    if len({card[1] for card in cards}) == 1 and numbers == list(range(numbers[0], numbers[0] + len(cards))):
        return Combo(RUN, len(cards), numbers[0])
    return None


def follows(new: Combo, old: Combo, reversed_order: bool = False) -> bool:
    """Whether ``new`` may be played on ``old``: the same form and size, and stronger (lower under donden)."""
    if (new.form, new.size) != (old.form, old.size):
        return False
    return new.number < old.number if reversed_order else new.number > old.number


def stops(cards: Sequence[Card]) -> bool:
    """Whether a combination ends the trick at once: it holds an 8."""
    return any(card[0] == EIGHT for card in cards)


def combinations_in(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every combination a hand holds (each a distinct set of cards, in the notation's order).

    >>> [" ".join(f"{n}{c}" for n, c in cards) for cards in combinations_in([(5, "r"), (6, "r"), (5, "b")])]
    ['5r', '5b', '6r', '5r 5b', '5r 6r']
    """
    cards = cards_in_order(hand)
    found: list[tuple[Card, ...]] = [(card,) for card in cards]
    by_number: dict[int, list[Card]] = {}
    for card in cards:
        by_number.setdefault(card[0], []).append(card)
    for same in by_number.values():
        for size in (2, 3):
            found += [tuple(group) for group in combinations(same, size)]
    for colour in COLOURS:
        numbers = sorted(card[0] for card in cards if card[1] == colour)
        held = set(numbers)
        for low in numbers:
            high = low + 1
            while high in held:
                found.append(tuple((number, colour) for number in range(low, high + 1)))
                high += 1
    return found


def beating(hand: Sequence[Card], old: Optional[Combo], reversed_order: bool = False) -> list[tuple[Card, ...]]:
    """The combinations of ``hand`` that may be played now: any when leading (``old`` None), else those that follow.

    Following, only combinations of the trick's form and size are built, in the order ``combinations_in`` lists them.

    >>> hand = [(5, "r"), (6, "r"), (7, "r"), (5, "b"), (9, "y")]
    >>> beating(hand, Combo("run", 2, 5)), beating(hand, Combo("single", 1, 6), reversed_order=True)
    ([((6, 'r'), (7, 'r'))], [((5, 'r'),), ((5, 'b'),)])
    """
    if old is None:
        return combinations_in(hand)
    cards, size, number = cards_in_order(hand), old.size, old.number

    def stronger(other: int) -> bool:
        return other < number if reversed_order else other > number

    if old.form == SINGLE:
        return [(card,) for card in cards if stronger(card[0])]
    if old.form != RUN:
        by_number: dict[int, list[Card]] = {}
        for card in cards:
            if stronger(card[0]):
                by_number.setdefault(card[0], []).append(card)
        return [group for same in by_number.values() for group in combinations(same, size)]
    held = set(cards)
    found = []
    for colour in COLOURS:
        for low in sorted(card[0] for card in cards if card[1] == colour and stronger(card[0])):
            if all((low + step, colour) in held for step in range(1, size)):
                found.append(tuple((low + step, colour) for step in range(size)))
    return found


def refusal(cards: object, hand: Sequence[Card], verb: str, trick: Optional[Combo] = None,
            reversed_order: bool = False) -> str:
    """Why ``cards`` may not be played (or set aside) from ``hand`` on ``trick`` now: "" when they may.

    >>> refusal(((4, "b"), (6, "b")), [(4, "b"), (6, "b")], "play")
    'play 4b 6b: no combination (a single, a pair, three of a kind, or a run of consecutive numbers in one colour)'
    >>> refusal(((4, "b"), (5, "r")), [(4, "b"), (5, "r")], "play")
    "play 4b 5r: a run's cards are all one colour; these are b, r"
    """
    if not isinstance(cards, tuple) or not all(type(card) is tuple and len(card) == 2 and type(card[0]) is int
                                               and card in DECK for card in cards):
        return f"{cards!r}: cards are (number, colour) pairs like (7, 'r')"
    named = f"{verb} {cards_text(cards)}"
    if len(set(cards)) != len(cards):
        return f"{named}: a card named twice"
    missing = [card for card in cards if card not in hand]
    if missing:
        return f"{named}: {cards_text(missing)} is not in the hand"
    if verb != "play":
        return ""
    found = combo(cards)  # type: ignore[arg-type]
    numbers = sorted(card[0] for card in cards)
    if found is None and len(cards) > 1 and numbers == list(range(numbers[0], numbers[0] + len(cards))):
        return f"{named}: a run's cards are all one colour; these are {', '.join(sorted({c for _, c in cards}))}"
    if found is None:
        return f"{named}: no combination (a single, a pair, three of a kind, or a run of consecutive numbers in one colour)"
    if trick is not None and not follows(found, trick, reversed_order):
        if (found.form, found.size) != (trick.form, trick.size):
            return f"{named}: the trick is a {trick.form} of {trick.size}; play the same form and size, or pass"
        order = "lower (donden reversed the order)" if reversed_order else "higher"
        return f"{named}: not stronger than the trick's {trick.number}; a {order} number wins"
    return ""
