"""Loop: the cards and the actions with their notation (stdlib only).

A card is (number, colour): numbers 1 to 15, colours "r", "b", "y" (red, blue, yellow), one card
of each. ``card_text`` writes it as the digest does, ``7r``; the cards of one action are listed by
number, then in the colour order r, b, y.

>>> [str(a) for a in (SetAside(((8, "r"), (3, "y"))), DONDEN, Play(((9, "y"), (9, "r"))), PASS, Sit(2))]
['set aside 3y 8r', 'donden', 'play 9r 9y', 'pass', 'sit 2']
>>> parse("play 4b 5b 6b") == Play(((4, "b"), (5, "b"), (6, "b")))
True
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Union

from cardlib.core.actions import Word, notation_text

Card = tuple[int, str]  # (number, colour letter)

COLOURS = ("r", "b", "y")  # the colour order of the notation
COLOUR_NAMES = {"r": "red", "b": "blue", "y": "yellow"}
NUMBERS = range(1, 16)
DECK: tuple[Card, ...] = tuple((number, colour) for number in NUMBERS for colour in COLOURS)  # 45 cards
EIGHT = 8  # the card that stops a trick, and whose set-aside copies allow donden
SETTING, PLAYING, SITTING, OVER = "set aside", "play", "sit", "over"  # the phases: which decision is asked
PLACE = {card: place for place, card in enumerate(DECK)}  # the DECK is in the notation's order


def card_key(card: Card) -> int:
    """The notation's order: by number, then r, b, y (a card's place in DECK)."""
    return PLACE[card]


def cards_in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted as the notation lists them.

    >>> cards_in_order([(9, "y"), (3, "b"), (9, "r")])
    ((3, 'b'), (9, 'r'), (9, 'y'))
    """
    return tuple(sorted(cards, key=PLACE.__getitem__))


def card_text(card: Card) -> str:
    """'7r' for (7, "r")."""
    return f"{card[0]}{card[1]}"


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as the notation writes them: '4b 5b 6b'."""
    return " ".join(card_text(card) for card in cards)


class Donden(Word, notation="donden"):
    """Reveal a set-aside 8 and reverse the order of strength until the round's end (or the next donden)."""


class Pass(Word, notation="pass"):
    """Play nothing this turn (never when leading); you may play again next time round."""


DONDEN, PASS = Donden(), Pass()


@dataclass(frozen=True)
class _CardsAction:
    """An action on some cards, kept in the notation's order: written as its ``verb`` and the cards."""

    cards: tuple[Card, ...]
    verb: ClassVar[str] = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _ordered(self.cards))

    def __str__(self) -> str:
        return f"{self.verb} {cards_text(self.cards)}"


@dataclass(frozen=True)
class SetAside(_CardsAction):
    """Round start: put these two cards face down under your rank card (listed in the notation's order)."""

    verb = "set aside"


@dataclass(frozen=True)
class Play(_CardsAction):
    """Play these cards as one combination: a single, a pair, three of a kind, or a run of one colour."""

    verb = "play"


@dataclass(frozen=True)
class Sit:
    """Before a loop round: take chair ``chair`` (and the 11 cards that lie there)."""

    chair: int

    def __str__(self) -> str:
        return f"sit {self.chair}"


def _ordered(cards: object) -> tuple:
    """The cards in the notation's order when they are cards; anything else kept as it is (refused later)."""
    try:
        return cards_in_order(cards)  # type: ignore[arg-type]
    except (TypeError, ValueError, IndexError, KeyError):
        return cards if isinstance(cards, tuple) else (cards,)


Action = Union[SetAside, Donden, Play, Pass, Sit]
_MADE: dict[tuple[type, tuple[Card, ...]], Union[SetAside, Play]] = {}


def shared(kind: type, cards: tuple) -> object:
    """The shared action ``action_of`` made for these cards, or None (an action built elsewhere is checked in full)."""
    try:
        return _MADE.get((kind, cards))
    except TypeError:  # unhashable: no action of ours
        return None


def action_of(kind: type, cards: tuple[Card, ...]) -> Union[SetAside, Play]:
    """The one shared ``SetAside`` or ``Play`` of ``cards`` (in the notation's order): built once, then reused.

    >>> action_of(Play, ((9, "r"), (9, "y"))) is action_of(Play, ((9, "r"), (9, "y")))
    True
    """
    action = _MADE.get((kind, cards))
    if action is None:
        action = _MADE[kind, cards] = kind(cards)
    return action
_CARD = re.compile(r"(\d+)([rby])")


def parse_card(text: str) -> Card:
    """The card '7r' names.

    >>> parse_card("12b")
    (12, 'b')
    """
    found = _CARD.fullmatch(text.strip()) if isinstance(text, str) else None
    if not found:
        raise ValueError(f"{text!r} is not a card: a number 1 to 15 and r, b or y, like 7r")
    return int(found.group(1)), found.group(2)


def parse(text: str) -> Action:
    """The action whose notation is ``text`` (how a scenario is written down).

    >>> parse("set aside 8r 3y"), parse("sit 0")
    (SetAside(cards=((3, 'y'), (8, 'r'))), Sit(chair=0))
    """
    text = notation_text(text, "Loop")
    if text in ("donden", "pass"):
        return DONDEN if text == "donden" else PASS
    for words, kind in (("set aside ", SetAside), ("play ", Play)):
        if text.startswith(words):
            return kind(tuple(parse_card(part) for part in text[len(words):].split()))
    if text.startswith("sit ") and text[4:].isdigit():
        return Sit(int(text[4:]))
    raise ValueError(f"{text!r} is not Loop notation (set aside C C, donden, play C …, pass, sit N)")
