"""Helpers of the SCOUT rules tests: stacked deals written card by card, games in the digest's notation.

A card is written ``"3/7"`` (3 on top, the number that counts; 7 at the bottom) or as the tuple
(3, 7); a hand is the cards left to right, ``"3/7 4/1 5/2"``. ``deal(3, ["3/7 4/1", "", "9/2"])``
is one round's block of a three-player game: each seat's hand begins with the cards given and is
filled up to the hand size with the cards nobody was given, in a fixed order, each turned so that
it forms no group with its left neighbour (a filler card is a loner: it is in no set or run).

A script is the digest's notation, one decision after another, separated by "/" or new lines;
"#" starts a comment, so a round reads like a record:

    play(state, '''
        keep / keep / keep
        show 1-3                  # 0: the run 1-2-3
        scout left to 1 / ...     # 1
    ''')
"""
import random
import re

import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.core.testing import snapshot
from cardlib.scout import Game
from tests import scripts
from tests.scripts import legal, moves  # noqa: F401 (the rules tests import them from here)

ALL_CARDS = [(a, b) for a in range(1, 11) for b in range(a + 1, 11)]  # every pair once: 45
HAND = {2: 11, 3: 12, 4: 11, 5: 9}
REMOVED = {2: {(9, 10)}, 3: {card for card in ALL_CARDS if 10 in card}, 4: {(9, 10)}, 5: set()}


def cards_of(players):
    """The cards of a player count, each as (smaller, larger), computed here from the digest."""
    return [card for card in ALL_CARDS if card not in REMOVED[players]]


def card(text):
    """``"3/7"`` or (3, 7): the card with 3 on top."""
    if isinstance(text, str):
        top, bottom = text.split("/")
        return int(top), int(bottom)
    return tuple(text)


def hand(text):
    """A hand as written, ``"3/7 4/1"`` or a list of cards, as a list of (top, bottom)."""
    if isinstance(text, str):
        return [card(word) for word in text.split()]
    return [card(item) for item in text]


def key(item):
    return tuple(sorted(item))


def fill(hands, size, pool):
    """Fill every hand up to ``size`` from ``pool`` (first cards first), each filler card turned so that
    its top is neither the top on its left nor next to it; backtracks when the pool runs dry."""
    hands = [list(cards) for cards in hands]
    slots = [seat for seat, cards in enumerate(hands) for _ in range(size - len(cards))]

    def place(index, pool):
        if index == len(slots):
            return True
        cards = hands[slots[index]]
        previous = cards[-1][0] if cards else None
        for candidate in pool:
            for way in (candidate, candidate[::-1]):
                if previous is None or abs(way[0] - previous) > 1:
                    cards.append(way)
                    if place(index + 1, [item for item in pool if item != candidate]):
                        return True
                    cards.pop()
        return False

    assert place(0, list(pool)), "no filling forms no group: give more cards by hand"
    return hands


def deal(players, hands, used=(), later=()):
    """One round's block: seat by seat, the cards given and then filler loners, hand size each.

    ``used``: cards of earlier rounds, ``later``: cards later rounds name (the two-player game's 44
    cards are shared by its two rounds); neither is given nor used as filler here.
    """
    size = HAND[players]
    hands = [hand(given) for given in hands] + [[] for _ in range(players - len(hands))]
    given = [key(item) for cards in hands for item in cards]
    assert len(given) == len(set(given)), f"a card given twice: {given}"
    assert not set(given) & set(used), "a card given in two rounds of the two-player game"
    pool = [item for item in cards_of(players) if item not in set(given) | set(used) | set(later)]
    assert all(len(cards) <= size for cards in hands), f"{players} players hold {size} cards each"
    return [item for cards in fill(hands, size, pool) for item in cards]


def deck(players, *rounds):
    """The stacked deck of one or more rounds, each a list of hands as for ``deal``."""
    cards, used = [], set()
    named = [{key(item) for given in hands for item in hand(given)} for hands in rounds]
    for number, hands in enumerate(rounds):
        if players == 2:
            block = deal(players, hands, used, set().union(*named[number + 1:]))
        else:
            block = deal(players, hands)
        used |= {key(item) for item in block}
        cards += block
    return cards


def stacked(players=3, *rounds, start=0, number_of_rounds=None, seed=0):
    """A new game whose first rounds are stacked (``rounds``: one list of hands per round)."""
    game = Game(players=players, start=start, rounds=number_of_rounds)
    return game.new(seed=seed, deck=deck(players, *rounds) if rounds else None)


def describe(state):
    """The hand and the active set, for a script's error message."""
    return f"hand {tops(state, state.current_player)}, active {[card[0] for card in state.active]}"


def say(state, text):
    """Apply the one legal action whose str() is ``text`` (tests/scripts.py), the hand and active set in the message."""
    scripts.say(state, text, describe)


def play(state, script):
    """Apply a script's decisions in order, each the unique legal action of that notation; no card lost."""
    return scripts.play_script(state, script, describe)


def tops(state, seat):
    """The numbers that count in a seat's hand, left to right."""
    if seat is None:
        return None
    return [item[0] for item in state.hand(seat)]


def round_ends(state):
    """The ('round end', exempt, (reason, scores)) entries of the log so far."""
    return [entry for entry in state._log if entry[0] == "round end"]


def rejects(state, action, why):
    """IllegalActionError saying ``why`` (a regex, searched case-insensitively); the state left exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    message = str(caught.value)
    assert re.search(why, message, re.IGNORECASE), f"the message does not say why ({why!r}): {message!r}"
    assert snapshot(state) == before, f"refusing {action!r} changed the state"
    return message


def turned(cards):
    """The digest's turn of a whole hand, computed here: the order reversed, every card the other way up."""
    return [(bottom, top) for top, bottom in reversed(hand(cards))]


def strength(values):
    """The digest's beating order as a key, computed here: (count, 1 for a set, lowest); None for no group."""
    values = list(values)
    if not values:
        return None
    steps = {b - a for a, b in zip(values, values[1:])}
    if len(values) == 1 or steps == {0}:
        return (len(values), int(len(values) > 1), min(values))
    if steps in ({1}, {-1}):
        return (len(values), 0, min(values))
    return None


def beating_slices(values, active):
    """Every slice (first, last), 1-based, of ``values`` forming a group that beats ``active`` (anything if empty)."""
    target = strength(active) if active else (0, 0, 0)
    return {(i + 1, j) for i in range(len(values)) for j in range(i + 1, len(values) + 1)
            if strength(values[i:j]) is not None and strength(values[i:j]) > target}


def walk(game, seed, deck=None):
    """A random game: (state before, action, state after) for every decision (the states are clones)."""
    rng = random.Random(seed)
    state = game.new(seed=seed, deck=deck)
    while not state.is_over:
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state.clone()
