"""The search bot's rollouts at speed (stdlib only): climbers play a round of Loop to its end.

``margin(state, seat, action)`` gives what ``bots.margin_by_rules`` gives (the same moves, the same
points) without the rules engine's bookkeeping: no legal-action lists, no checks, no log. Only the
chairs between rounds go through the rules engine; the round itself is played on a ``Table`` of
plain lists, each hand a bit mask (bit ``PLACE[card]``), and the climber's choice for a hand, a
trick and an order is worked out directly (``climber_play``, ``climber_aside``) and remembered: the
same hands meet the same tricks again and again in the worlds and candidates of one decision.
tests/loop/test_playout.py checks the two ways agree, choice by choice and margin by margin.

>>> from cardlib.loop.rules import Game
>>> from cardlib.loop.bots import margin_by_rules
>>> state = Game(players=3).new(seed=2)
>>> action = state.legal_actions()[0]
>>> margin(state, 0, action) == margin_by_rules(state, 0, action)
True
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Optional

from cardlib.loop.actions import (
    COLOURS, DECK, EIGHT, PLACE, SETTING, SITTING, Action, Card, Donden, Pass, Play, SetAside,
)
from cardlib.loop.chairs import BASE
from cardlib.loop.combos import RUN, SINGLE, Combo, combo

LATE = 4  # bots.LATE: with this many cards or fewer, an 8 is played to win the lead
MEMORY = 200_000  # choices remembered before the memory starts again (pure functions: results never change)
_PLAYED: dict[tuple[int, int, bool, bool], int] = {}   # ``_key`` -> the cards played (0: a pass)
_ASIDE: dict[int, int] = {}                      # hand -> the two cards set aside

EIGHTS = sum(1 << PLACE[card] for card in DECK if card[0] == EIGHT)
LOW = sum(1 << PLACE[card] for card in DECK if card[0] < EIGHT)
HIGH = sum(1 << PLACE[card] for card in DECK if card[0] > EIGHT)
ABOVE = {number: sum(1 << PLACE[card] for card in DECK if card[0] > number) for number in range(0, 17)}
BELOW = {number: sum(1 << PLACE[card] for card in DECK if card[0] < number) for number in range(0, 30)}


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


def climber_play(hand: tuple[Card, ...], trick: tuple[Card, ...], reversed_order: bool) -> Optional[tuple[Card, ...]]:
    """The cards the climber plays from ``hand`` (in the notation's order) on ``trick`` (empty: it leads), or None
    when it passes: the choice of ``bots.climb`` once donden is ruled out, worked out directly.

    >>> climber_play(((3, "r"), (4, "r"), (9, "b")), (), False), climber_play(((3, "r"), (9, "b")), ((5, "y"),), True)
    (((3, 'r'), (4, 'r')), ((3, 'r'),))
    """
    return _follow(hand, combo(trick), reversed_order) if trick else _lead(hand, reversed_order)


def climber_aside(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The two cards the climber sets aside from ``hand`` (``bots.aside_pair``; the first two cards were it ever
    to name cards it may not set aside, as ``bots.climb`` then takes the first legal pair)."""
    from cardlib.loop.bots import aside_pair  # bots imports this module
    found = aside_pair(hand)
    return found if len(set(found)) == 2 and set(found) <= set(hand) else hand[:2]


def _played(key: tuple[int, int, bool, bool], hand: int) -> int:
    """``climber_play`` on bit masks (0: a pass), remembered under ``key`` (``_key``)."""
    _, trick, reversed_order, _ = key
    found = climber_play(cards_of(hand), cards_of(trick), reversed_order)
    bits = 0 if found is None else mask(found)
    if len(_PLAYED) >= MEMORY:
        _PLAYED.clear()
    _PLAYED[key] = bits
    return bits


def _key(hand: int, trick: int, reversed_order: bool) -> tuple[int, int, bool, bool]:
    """What the climber's play depends on: leading, the whole hand; following, only the cards that may
    beat the trick (numbers above its lowest; under donden, below its highest) and whether the hand is
    nearly out (``LATE``)."""
    if not trick:
        return hand, 0, reversed_order, False
    number = ((trick & -trick).bit_length() - 1) // 3 + 1  # its lowest number: card (n, colour c) is bit 3(n - 1) + c
    late = hand.bit_count() <= LATE
    beats = BELOW[number + trick.bit_count() - 1] if reversed_order else ABOVE[number]
    return hand & beats, trick, reversed_order, late


def _aside(hand: int) -> int:
    """``climber_aside`` on bit masks, remembered."""
    bits = mask(climber_aside(cards_of(hand)))
    if len(_ASIDE) >= MEMORY:
        _ASIDE.clear()
    _ASIDE[hand] = bits
    return bits


def _by_number(cards: tuple[Card, ...]) -> dict[int, list[Card]]:
    """The cards of each number, in order (numbers ascending when the cards are in the notation's order)."""
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(card[0], []).append(card)
    return groups


def _runs(cards: tuple[Card, ...], size: int) -> list[tuple[int, str]]:
    """(lowest number, colour) of every run of ``size`` cards held, colour by colour, lowest first (combos.py's order)."""
    held = set(cards)
    found = []
    for colour in COLOURS:
        for number in sorted(card[0] for card in cards if card[1] == colour):
            if all((number + step, colour) in held for step in range(1, size)):
                found.append((number, colour))
    return found


def _longest_run(cards: tuple[Card, ...]) -> int:
    """The most cards in one run of one colour (1 with no run)."""
    held, longest = set(cards), 1
    for number, colour in cards:
        if (number - 1, colour) not in held:
            length = 1
            while (number + length, colour) in held:
                length += 1
            longest = max(longest, length)
    return longest


def _run_cards(low: int, colour: str, size: int) -> tuple[Card, ...]:
    return tuple((low + step, colour) for step in range(size))


def _lead(hand: tuple[Card, ...], reversed_order: bool) -> tuple[Card, ...]:
    """The climber's lead: its biggest combination without an 8 (8s only: all of them), the weakest, the first
    that ``combinations_in`` lists of those."""
    quiet = tuple(card for card in hand if card[0] != EIGHT)
    if not quiet:
        return hand  # only 8s: one number, so the biggest combination is all of them
    groups = _by_number(quiet)
    size = max(_longest_run(quiet), min(3, max(len(same) for same in groups.values())))
    weakest = max if reversed_order else min
    if size == 1:
        number = weakest(groups)
        return (groups[number][0],)
    options = [(number, 0, tuple(same[:size])) for number, same in groups.items() if len(same) >= size]
    options += [(low, 1 + COLOURS.index(colour), _run_cards(low, colour, size)) for low, colour in _runs(quiet, size)]
    number = weakest(option[0] for option in options)
    return min(option for option in options if option[0] == number)[2]


def _follow(hand: tuple[Card, ...], trick: Combo, reversed_order: bool) -> Optional[tuple[Card, ...]]:
    """The climber's answer to ``trick``: the weakest combination without an 8 that beats it; with only 8s
    that beat it, the first of them when its hand is nearly out, else a pass (None)."""
    form, size, old = trick
    if reversed_order:
        plays = [card for card in hand if card[0] < old]
    else:
        plays = [card for card in hand if card[0] > old]
    if form == SINGLE:
        options = [(card[0], (card,)) for card in plays]
    elif form != RUN:
        options = [(number, tuple(same[:size])) for number, same in _by_number(tuple(plays)).items()
                   if len(same) >= size]
    else:
        options = [(low, _run_cards(low, colour, size)) for low, colour in _runs(hand, size)
                   if (low < old if reversed_order else low > old)]
    if not options:
        return None
    quiet = [option for option in options if not any(card[0] == EIGHT for card in option[1])]
    if not quiet:
        return options[0][1] if len(hand) <= LATE else None
    number = (max if reversed_order else min)(option[0] for option in quiet)
    return next(cards for low, cards in quiet if low == number)


class Table:
    """A round of Loop as plain lists, hands as bit masks: what the climbers' play needs and nothing more."""

    __slots__ = ("n", "starter", "setting", "hands", "eights", "reversed", "dondened", "trick", "last", "passed",
                 "in_", "out", "chair", "after", "previous", "current")

    def __init__(self, state: Any) -> None:
        n = self.n = state.game.players
        self.setting = list(state._setting) if state._phase == SETTING else []
        self.starter = state._occupant[state.game.start]  # who leads once everyone has set 2 cards aside
        self.hands = [mask(hand) for hand in state._hands]
        self.eights = [sum(card[0] == EIGHT for card in state._aside[p]) - len(state._revealed[p]) for p in range(n)]
        self.reversed, self.dondened = state._reversed, state._dondened
        self.trick, self.last = mask(state._trick_cards), state._last
        self.passed, self.in_, self.out = list(state._passed), list(state._in), list(state._out)
        self.chair, self.previous, self.current = list(state._chair), list(state._previous), state._current
        occupant = state._occupant  # the players after each one, clockwise by chair (no one moves in a round)
        self.after = [[occupant[(self.chair[p] + step) % n] for step in range(1, n + 1)] for p in range(n)]

    def finish(self, first: Optional[Action] = None) -> None:
        """``first`` for the player to act (None: the climber's choice), then climbers to the round's end (``bots.climb``; the rules engine's
        ``_change`` for each move): ``out`` is then the finishing order."""
        n, hands, eights, in_, out, after = self.n, self.hands, self.eights, self.in_, self.out, self.after
        setting, passed, trick, last = self.setting, self.passed, self.trick, self.last
        current, rev, dondened = self.current, self.reversed, self.dondened
        played, aside = _PLAYED.get, _ASIDE.get
        kind: Any = None if first is None else type(first)
        cards = mask(first.cards) if kind is Play or kind is SetAside else 0  # type: ignore[union-attr]
        while True:
            player = current
            hand = hands[player]
            if kind is None:  # the climber's choice
                if setting:
                    kind, cards = SetAside, aside(hand)
                    if cards is None:
                        cards = _aside(hand)
                elif eights[player] and not dondened and ((hand & LOW).bit_count() > (hand & HIGH).bit_count()) != rev:
                    kind = Donden
                else:
                    key = _key(hand, trick, rev)
                    cards = played(key)
                    if cards is None:
                        cards = _played(key, hand)
                    kind = Play if cards else Pass
            if kind is SetAside:
                hands[player] = hand & ~cards
                eights[player] = (cards & EIGHTS).bit_count()
                setting.pop(0)
                current, dondened = setting[0] if setting else self.starter, False
            elif kind is Donden:
                eights[player] -= 1
                rev, dondened = not rev, True
            elif kind is Pass:
                passed[player] = True
                if all(passed[other] for other in range(n) if in_[other] and other != last):
                    trick, passed = 0, [False] * n  # a new trick, led by the last to play or the next still in
                    current = last if in_[last] else next(o for o in after[last] if in_[o])  # type: ignore[index]
                    last = None
                else:
                    current = next(o for o in after[player] if in_[o])
                dondened = False
            else:
                hand &= ~cards
                hands[player], trick, last, passed = hand, cards, player, [False] * n
                if not hand:
                    in_[player] = False
                    out.append(player)
                    if in_.count(True) == 1:
                        out.append(in_.index(True))
                        return
                if cards & EIGHTS:  # it stops the trick: the same player leads (or the next still in)
                    trick, last = 0, None
                    current = player if in_[player] else next(o for o in after[player] if in_[o])
                else:
                    current = next(o for o in after[player] if in_[o])
                dondened = False
            kind = None

    def margin(self, seat: int) -> float:
        """At the round's end: seat's points minus the others' mean (a chair's previous rank counts in a loop round)."""
        base, n = BASE[self.n], self.n
        points = [0] * n
        for rank, player in enumerate(self.out, start=1):
            previous = self.previous[self.chair[player]]
            points[player] = base[rank - 1] + (0 if previous is None else previous - rank)
        return points[seat] - (sum(points) - points[seat]) / (n - 1)


def margin(state: Any, seat: int, action: Action) -> float:
    """Play ``action`` in ``state`` (left as it is), then climbers to the round's end: seat's points minus the
    others' mean."""
    if state._phase == SITTING:  # the chairs through the rules engine; then the next round on the table
        from cardlib.loop.bots import climb_move  # bots imports this module
        state = state.clone()
        state.apply(action)
        while state._phase == SITTING:
            state.apply(climb_move(state))
        table = Table(state)
        table.finish()
    else:
        table = Table(state)
        table.finish(action)
    return table.margin(seat)
