"""The climber's choices on bit masks (stdlib only): what ``bots.climb`` plays, worked out in a few operations.

The search bot's rollouts (``playout.py``) ask the climber tens of thousands of times a second. A
hand here is an int: card (n, colour c) is bit 3(n − 1) + c (its place in ``DECK``), so the cards of
one number are three neighbouring bits, a colour's next number is 3 bits up, and the lowest bit is the
first card in the notation's order. ``play(hand, trick, reversed_order)`` gives the cards the climber
plays (0: a pass) exactly as ``bots.climb`` chooses among ``combos.beating``'s list, ties included;
tests/loop/test_playout.py checks it against that code on many hands and tricks.

>>> hand = mask([(3, "r"), (4, "r"), (9, "b"), (9, "y")])
>>> cards_of(play(hand, 0, False)), cards_of(play(hand, mask([(5, "y")]), True))
(((3, 'r'), (4, 'r')), ((4, 'r'),))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.loop.actions import DECK, EIGHT, PLACE, Card, cards_in_order
from cardlib.loop.combos import combinations_in

MIDDLE = EIGHT  # cards below it are strong once donden reverses the order
LATE = 4  # bots.LATE: with this many cards or fewer, an 8 is played to win the lead
EIGHTS = sum(1 << PLACE[card] for card in DECK if card[0] == EIGHT)
LOW = sum(1 << PLACE[card] for card in DECK if card[0] < EIGHT)
HIGH = sum(1 << PLACE[card] for card in DECK if card[0] > EIGHT)
FIRSTS = sum(1 << PLACE[card] for card in DECK if card[1] == "r")  # one bit a number: bit 3(n − 1)
COLOUR_BITS = [sum(1 << PLACE[card] for card in DECK if card[1] == colour) for colour in "rby"]
ABOVE = [sum(1 << PLACE[card] for card in DECK if card[0] > number) for number in range(17)]
BELOW = [sum(1 << PLACE[card] for card in DECK if card[0] < number) for number in range(17)]
QUIET = sum(1 << PLACE[card] for card in DECK if card[0] != EIGHT)  # every card but the 8s
_TRICKS: dict[int, tuple[int, int, int, int]] = {}  # trick -> _trick(trick)


def mask(cards: Iterable[Card]) -> int:
    """The bit mask of some cards.

    >>> mask([(1, "r"), (1, "y")]), cards_of(5)
    (5, ((1, 'r'), (1, 'y')))
    """
    bits = 0
    for card in cards:
        bits |= 1 << PLACE[card]
    return bits


def cards_of(bits: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in the notation's order."""
    cards = []
    while bits:
        low = bits & -bits
        cards.append(DECK[low.bit_length() - 1])
        bits ^= low
    return tuple(cards)


def _groups(cards: int, size: int) -> int:
    """Bit 3(n − 1) for each number n of which ``cards`` hold at least ``size`` (2 or 3)."""
    r, b, y = cards & FIRSTS, cards >> 1 & FIRSTS, cards >> 2 & FIRSTS
    return (r & b) | (r & y) | (b & y) if size == 2 else r & b & y


def _runs(cards: int, size: int) -> int:
    """The lowest card's bit of each run of ``size`` cards of one colour in ``cards``."""
    starts = cards
    for step in range(1, size):
        starts &= cards >> 3 * step
    return starts


def _longest_run(cards: int) -> int:
    """The most cards in one run of one colour (1 for cards without a run; 0 for none)."""
    length, starts = 0, cards
    while starts:
        length += 1
        starts &= cards >> 3 * length
    return length


def _weakest(bits: int, reversed_order: bool) -> int:
    """The bit of the weakest number's first card: the lowest number, or the highest under donden."""
    if not reversed_order:
        return bits & -bits
    base = (bits.bit_length() - 1) // 3 * 3
    block = bits >> base
    return (block & -block) << base


def _group_of(cards: int, first: int, size: int) -> int:
    """The first ``size`` cards (colour order) of the number whose first bit is ``first``."""
    base = first.bit_length() - 1
    block = cards >> base & 7
    if size == 2 and block == 7:
        block = 3
    return block << base


def _run_of(start: int, size: int) -> int:
    """The run of ``size`` cards up from the card ``start``."""
    return sum(start << 3 * step for step in range(size))


def play(hand: int, trick: int, reversed_order: bool) -> int:
    """The cards the climber plays from ``hand`` on ``trick`` (0: it leads), or 0 for a pass (donden ruled out)."""
    return follow(hand, trick, reversed_order) if trick else lead(hand, reversed_order)


def lead(hand: int, reversed_order: bool) -> int:
    """The biggest combination without an 8 (8s only: all of them), the weakest; a pair or three before a run
    of its number, runs by colour (``combos.combinations_in``'s order)."""
    quiet = hand & QUIET
    if not quiet:
        return hand  # only 8s: one number, so the biggest combination is all of them
    r, b, y = quiet & FIRSTS, quiet >> 1 & FIRSTS, quiet >> 2 & FIRSTS  # bit 3(n − 1): n in red, blue, yellow
    threes, pairs, longest = r & b & y, (r & b) | (r & y) | (b & y), _longest_run(quiet)
    size = max(longest, 3 if threes else 2 if pairs else 1)
    if size == 1:
        return _weakest(quiet, reversed_order)
    groups = threes if size == 3 else pairs if size == 2 else 0
    runs = _runs(quiet, size) if longest >= size else 0
    group = _weakest(groups, reversed_order) if groups else 0
    run = _weakest(runs, reversed_order) if runs else 0
    if group and run:  # the weaker number; the group on a tie
        number, low = (group.bit_length() - 1) // 3, (run.bit_length() - 1) // 3
        if (number < low) if reversed_order else (number > low):
            group = 0
    return _group_of(quiet, group, size) if group else _run_of(run, size)


def _trick(trick: int) -> tuple[int, int, int, int]:
    """What following ``trick`` asks: its size, its form (1: a single, 2: a pair or three, 3: a run), and the cards
    of stronger numbers (above its lowest number; under donden, below it), remembered (there are few tricks)."""
    size, lowest = trick.bit_count(), trick & -trick
    old = (lowest.bit_length() - 1) // 3 + 1  # the number to beat (a run's lowest)
    form = 1 if size == 1 else 2 if trick >> 3 * (old - 1) < 8 else 3  # a pair or three: one number's 3 bits
    _TRICKS[trick] = found = (size, form, ABOVE[old], BELOW[old])
    return found


def follow(hand: int, trick: int, reversed_order: bool) -> int:
    """The weakest combination without an 8 that beats ``trick``; with only 8s that beat it, the first of them
    (``combos.beating``'s order) when the hand is nearly out, else a pass (0)."""
    size, form, above, below = _TRICKS.get(trick) or _trick(trick)
    stronger = below if reversed_order else above
    if form == 1:
        cards = hand & stronger
        quiet = cards & QUIET
        if quiet:
            return _weakest(quiet, reversed_order) if reversed_order else quiet & -quiet
        return cards & -cards if hand.bit_count() <= LATE else 0
    if form == 2:
        groups = _groups(hand & stronger, size)
        quiet = groups & QUIET
        if quiet:
            return _group_of(hand, _weakest(quiet, reversed_order), size)
        return _group_of(hand, groups & -groups, size) if groups and hand.bit_count() <= LATE else 0
    quiet = _runs(hand & QUIET, size) & stronger
    if quiet:
        return _run_of(_weakest(quiet, reversed_order), size)
    starts = _runs(hand, size) & stronger
    if not (starts and hand.bit_count() <= LATE):
        return 0
    first = next(starts & colour for colour in COLOUR_BITS if starts & colour)  # runs are listed colour by colour
    return _run_of(first & -first, size)


# --- the set-aside pair (the climber's choice on card lists; playout.py caches it by hand) ---

def _lone(hand: Sequence[Card]) -> list[Card]:
    """The cards of a hand that belong to no pair or run: they can only be played alone."""
    grouped = {card for cards in combinations_in(hand) if len(cards) > 1 for card in cards}
    return [card for card in hand if card not in grouped]


def low_hand(hand: Sequence[Card]) -> bool:
    """Whether a hand has more cards below 8 than above: donden (1 strongest) would suit it."""
    return sum(card[0] < MIDDLE for card in hand) > sum(card[0] > MIDDLE for card in hand)


def aside_pair(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The two cards the climber sets aside from an 11-card hand (an 8 and a lone card for donden, or weak lone cards).

    >>> from cardlib.loop.actions import parse_card
    >>> aside_pair([parse_card(text) for text in "8r 1r 2b 3y 4r 5b 6y 7r 9b 12y 2y".split()])
    ((8, 'r'), (12, 'y'))
    """
    hand = list(hand)
    eights = [card for card in hand if card[0] == EIGHT]
    lone = sorted(_lone(hand), key=lambda card: (card[0] != EIGHT, card[0]))
    rest = [card for card in hand if card[0] != EIGHT]
    if eights and low_hand(rest):  # a plan for donden: the 8 set aside, and the weakest lone card
        keep_out = [eights[0]] + [card for card in sorted(_lone(rest), key=lambda c: -c[0])][:1]
    else:  # the weakest lone cards (low numbers), keeping 8s in hand to stop tricks
        keep_out = [card for card in lone if card[0] != EIGHT][:2]
    for card in sorted(hand, key=lambda c: c[0]):
        if len(keep_out) == 2:
            break
        if card not in keep_out and card[0] != EIGHT:
            keep_out.append(card)
    return cards_in_order(keep_out[:2])
