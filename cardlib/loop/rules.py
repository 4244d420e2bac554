"""Loop: the rules engine (stdlib only).

Specification: shared/rules/loop.md. A normal round deals 11 cards to each chair; each player sets
2 aside, then the players climb: the lead plays any combination, each next player plays the same
form and size stronger, or passes; an 8 stops the trick; a set-aside 8 may be revealed for donden,
which reverses the order. Players go out in turn; the last one left ends the round. In each loop
round nothing is dealt: players change chairs (from last place upwards) and play the 11 cards that
lie at their new chair. Combinations are in combos.py; chairs and points in chairs.py.

A player keeps one number for the whole game (the contract's seat); player i starts in chair i.

>>> state = Game(players=3).new(seed=1)
>>> state.phase, state.current_player, len(state.legal_actions())
('set aside', 0, 55)
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Optional

from cardlib.core.engine import Engine
from cardlib.core.errors import RulesError, check_players, check_seat
from cardlib.core.protocol import Result, places_from_scores
from cardlib.loop.actions import (
    DECK, DONDEN, EIGHT, OVER, PASS, PLAYING, SETTING, SITTING, Action, Card, Donden, Pass, Play, SetAside, Sit,
    action_of, cards_in_order,
)
from cardlib.loop.deal import stacked_sets
from cardlib.loop.chairs import START_POINTS, TARGETS, allowed_chairs, new_total, round_points
from cardlib.loop.combos import Combo, beating, combo, stops
from cardlib.loop.seen import Observation, determinize, observe
from cardlib.loop.checks import ASIDE, refuse

__all__ = ["Game", "State", "Observation"]

TITLE = "Loop"
HAND = 11
SETS_TO_WIN = 2  # the long game: the first to win 2 sets


@dataclass(frozen=True)
class Game:
    """Rule options: 2 to 4 players, the start chair, the long game (first to 2 sets), the three-8s rule.

    ``rounds`` is not in the rules: a set that ends after that many rounds (if no one reached the
    target first), for experiments such as duplicate deals of one round. None plays to the target.

    >>> Game(players=4).target, Game(players=2).target
    (12, 7)
    """

    players: int = 4
    start: int = 0
    long: bool = False
    three_eights: bool = False
    rounds: Optional[int] = None

    def __post_init__(self) -> None:
        check_players(TITLE, self.players, (2, 3, 4))
        check_seat("start", self.start, self.players)
        for name in ("long", "three_eights"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} is True or False, not {getattr(self, name)!r}")
        if self.rounds is not None and (type(self.rounds) is not int or self.rounds < 1):
            raise RulesError(f"rounds is a whole number from 1, or None (play to the target), not {self.rounds!r}")

    @property
    def target(self) -> int:
        """The total that ends a game (a set of the long game): 12, 10 or 7 points."""
        return TARGETS[self.players]

    def new(self, seed: Optional[int] = None, deck: Optional[Sequence[Sequence[Any]]] = None) -> "State":
        """A new game; ``deck`` stacks the deal: (number, colour) cards, top first, colours "red", "blue",
        "yellow"; chair 0 gets the first 11, chair 1 the next 11, …; the long game may stack several sets.

        >>> Game().new(deck=[(1, "red")] * 45)
        Traceback (most recent call last):
        ...
        cardlib.core.errors.RulesError: deck: set 1 holds 1r 45 times; the 45 Loop cards come once each
        """
        return State(self, random.Random(seed), stacked_sets(deck, self.long) if deck is not None else [])


class State(Engine):
    """A position in a game of Loop (the bookkeeping is Engine's; the rules are here)."""

    __slots__ = ("_hands", "_aside", "_revealed", "_piles", "_chair", "_occupant", "_unused", "_phase", "_set",
                 "_round", "_scores", "_sets_won", "_reversed", "_trick", "_last", "_passed", "_out", "_in",
                 "_dondened", "_previous", "_ranks", "_waiting", "_chosen", "_blocks", "_setting", "_known", "_shown",
                 "_trick_cards")

    def __init__(self, game: Game, rng: random.Random, blocks: list[list[Card]]) -> None:
        super().__init__(game, rng)
        n = game.players
        self._blocks = blocks
        self._chair = list(range(n))        # player -> chair
        self._occupant = list(range(n))     # chair -> player
        self._sets_won = [0] * n
        self._set = 0
        self._deal_set()

    # -- deals and rounds --

    def _deal_set(self) -> None:
        """A set starts: everyone at 2 points, a fresh deal of 11 to each chair (redealt while a hand has three 8s, if asked)."""
        n = self.game.players
        self._set += 1
        self._round = 0
        self._scores = [START_POINTS] * n
        self._ranks: list[int] = [0] * n
        self._log.append(("set", None, self._set))
        cards = list(self._blocks.pop(0)) if self._blocks else self._shuffled()
        while True:
            self._hands = [list(cards_in_order(cards[HAND * chair:HAND * (chair + 1)])) for chair in range(n)]
            self._hands = [self._hands[self._chair[player]] for player in range(n)]
            self._unused = list(cards[HAND * n:])
            three = [p for p in range(n) if sum(card[0] == EIGHT for card in self._hands[p]) == 3]
            if not (self.game.three_eights and three):
                break
            self._scores[three[0]] += 1  # the optional rule: shown, a point, and every hand dealt again
            self._log.append(("three eights", three[0], cards_in_order(self._hands[three[0]])))
            cards = self._shuffled()
        # frozen sets (a clone shares them safely): the cards each player knows the place of beyond the public,
        # and every card shown this set, played or revealed by donden (public, and still at its chair: a revealed
        # 8 goes with its chair to the next occupant like the cards played in front of it)
        self._known = [frozenset(hand) for hand in self._hands]
        self._shown: frozenset[Card] = frozenset()
        self._previous: list[Optional[int]] = [None] * n   # chair -> the rank its last occupant finished (None: a normal round)
        self._start_round()

    def _shuffled(self) -> list[Card]:
        cards = list(DECK)
        self._rng.shuffle(cards)
        return cards

    def _start_round(self) -> None:
        """A round starts: everyone sets 2 cards aside, in chair order from the start chair."""
        n = self.game.players
        self._round += 1
        self._aside: list[list[Card]] = [[] for _ in range(n)]
        self._revealed: list[list[Card]] = [[] for _ in range(n)]
        self._piles: list[list[Card]] = [[] for _ in range(n)]  # chair -> the cards played in front of it
        self._reversed = False
        self._trick: Optional[Combo] = None
        self._trick_cards: tuple[Card, ...] = ()
        self._last: Optional[int] = None
        self._passed = [False] * n
        self._out: list[int] = []
        self._in = [True] * n
        self._dondened = False
        self._waiting: list[int] = []
        self._chosen: dict[int, int] = {}
        self._setting = [self._occupant[(self.game.start + step) % n] for step in range(n)]
        self._phase = SETTING
        self._current = self._setting[0]
        self._log.append(("round", self._occupant[self.game.start], (self._set, self._round)))

    # -- the table --

    @property
    def phase(self) -> str:
        """'set aside', 'play', 'sit' (chairs before a loop round) or 'over'."""
        return OVER if self._current is None else self._phase

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand in the notation's order (the whole truth: for tests, never for agents)."""
        return cards_in_order(self._hands[player])

    def aside(self, player: int) -> tuple[Card, ...]:
        """A player's set-aside cards (the whole truth)."""
        return cards_in_order(self._aside[player])

    @property
    def reversed(self) -> bool:
        """True while donden has reversed the order (1 strongest)."""
        return self._reversed

    def all_cards(self) -> tuple[Card, ...]:
        """Every card: hands, set-aside cards, the cards played in front of each chair, the unused ones."""
        cards: list[Card] = list(self._unused)
        for pile in [*self._hands, *self._aside, *self._piles]:
            cards += pile
        return cards_in_order(cards)

    # -- the decisions --

    def _legal_actions(self, player: int) -> list[Action]:
        """Set aside a pair; on a turn donden, the plays that may be made, and pass; a chair before a loop round."""
        if self._phase == SETTING:
            return [action_of(SetAside, pair) for pair in combinations(cards_in_order(self._hands[player]), ASIDE)]
        if self._phase == SITTING:
            return [Sit(chair) for chair in self._chairs_for(player)]
        legal: list[Action] = [DONDEN] if self._can_donden(player) else []
        legal += [action_of(Play, cards) for cards in beating(self._hands[player], self._trick, self._reversed)]
        if self._trick is not None:
            legal.append(PASS)
        return legal

    def _can_donden(self, player: int) -> bool:
        return not self._dondened and any(card[0] == EIGHT and card not in self._revealed[player]
                                          for card in self._aside[player])

    def _chairs_for(self, player: int) -> list[int]:
        before = dict(enumerate(self._chair))
        return allowed_chairs(player, before, self._chosen, self._waiting[1:])

    def _check(self, action: object) -> Any:
        """IllegalActionError saying what and why; nothing changes (checks.py)."""
        refuse(self, action)
        return None

    def _change(self, action: Action, plan: None) -> None:
        """The checked action happens; then whose turn it is, the trick's end, going out, the round's end."""
        player = self._current
        kind = type(action)
        if kind is SetAside:
            for card in action.cards:  # type: ignore[union-attr]
                self._hands[player].remove(card)
            self._aside[player] = list(action.cards)  # type: ignore[union-attr]
            self._log.append(("set aside", player, None))
            self._setting.pop(0)
            if self._setting:
                self._current = self._setting[0]
            else:
                self._phase = PLAYING
                self._turn(self._occupant[self.game.start])
        elif kind is Donden:
            eight = next(card for card in cards_in_order(self._aside[player])
                         if card[0] == EIGHT and card not in self._revealed[player])
            self._revealed[player].append(eight)
            self._shown |= {eight}
            self._reversed = not self._reversed
            self._dondened = True
            self._log.append(("donden", player, (eight, self._reversed)))
        elif kind is Play:
            self._play(player, action.cards)  # type: ignore[union-attr]
        elif kind is Pass:
            self._pass(player)
        else:
            self._sit(player, action.chair)  # type: ignore[union-attr]

    def _turn(self, player: int) -> None:
        self._current = player
        self._dondened = False

    def _next_in(self, player: int) -> int:
        """The next player still in, clockwise by chair after ``player``'s chair."""
        n = self.game.players
        chair = self._chair[player]
        for step in range(1, n + 1):
            other = self._occupant[(chair + step) % n]
            if self._in[other]:
                return other
        raise AssertionError("nobody is left in")  # the round ends before this

    def _lead(self, player: int) -> None:
        """A new trick: ``player`` leads, or the next player still in if they are out."""
        self._trick, self._trick_cards, self._last = None, (), None
        self._passed = [False] * self.game.players
        self._turn(player if self._in[player] else self._next_in(player))

    def _play(self, player: int, cards: tuple[Card, ...]) -> None:
        for card in cards:
            self._hands[player].remove(card)
        self._piles[self._chair[player]] += cards
        self._shown |= frozenset(cards)
        self._trick, self._trick_cards, self._last = combo(cards), tuple(cards), player
        self._passed = [False] * self.game.players
        self._log.append(("play", player, cards))
        if not self._hands[player]:
            self._in[player] = False
            self._out.append(player)
            self._log.append(("out", player, len(self._out)))
            if self._in.count(True) == 1:
                self._end_round()
                return
        if stops(cards):
            self._log.append(("stopped", player, None))
            self._lead(player)
        else:
            self._turn(self._next_in(player))

    def _pass(self, player: int) -> None:
        self._passed[player] = True
        self._log.append(("pass", player, None))
        last = self._last
        if all(self._passed[other] for other in range(self.game.players) if self._in[other] and other != last):
            self._lead(last)  # type: ignore[arg-type]
        else:
            self._turn(self._next_in(player))

    def _end_round(self) -> None:
        """The last player in takes last place and leaves their hand at the chair; points by rank (and chair)."""
        n = self.game.players
        last = self._in.index(True)
        self._out.append(last)
        self._in[last] = False
        # their cards stay in their hand, unplayed and unseen, until the chairs change (they go with the chair)
        points = [0] * n
        for rank, player in enumerate(self._out, start=1):
            self._ranks[player] = rank
            points[player] = round_points(n, rank, self._previous[self._chair[player]])
            self._scores[player] = new_total(self._scores[player], points[player])
        self._log.append(("round end", None, (tuple(self._out), tuple(points), tuple(self._scores))))
        if max(self._scores) >= self.game.target or self._round == self.game.rounds:
            self._end_set()
        else:
            self._waiting = sorted(range(n), key=lambda player: -self._ranks[player])  # last place chooses first
            self._chosen = {}
            self._phase = SITTING
            self._turn(self._waiting[0])

    def _end_set(self) -> None:
        best = max(self._scores)
        winners = [player for player in range(self.game.players) if self._scores[player] == best]
        for player in winners:
            self._sets_won[player] += 1
        self._log.append(("set end", None, tuple(winners)))
        if not self.game.long or max(self._sets_won) >= SETS_TO_WIN:
            self._log.append(("end", None, self.result().scores))
            self._current = None
            return
        self._deal_set()

    def _sit(self, player: int, chair: int) -> None:
        self._chosen[player] = chair
        self._log.append(("sit", player, chair))
        self._waiting.pop(0)
        if self._waiting:
            self._turn(self._waiting[0])
            return
        n = self.game.players
        at_chair = [self._piles[chair] + self._hands[self._occupant[chair]] + self._aside[self._occupant[chair]]
                    for chair in range(n)]
        self._previous = [self._ranks[self._occupant[chair]] for chair in range(n)]
        for mover in range(n):
            self._chair[mover] = self._chosen[mover]
            self._occupant[self._chosen[mover]] = mover
        self._hands = [list(cards_in_order(at_chair[self._chair[mover]])) for mover in range(n)]
        for mover in range(n):  # what you knew about a chair's cards goes with them to their new holder
            self._known[mover] |= frozenset(self._hands[mover])
        self._start_round()

    # -- what a player may see (seen.py) --

    def _observe(self, seat: int) -> Observation:
        """Own hand and set-aside cards; the public table; what this player knows others hold."""
        return observe(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A game ``seat`` cannot tell from this one (seen.py)."""
        return determinize(self, seat, rng)

    # -- the end --

    def result(self) -> Result:
        """Points (the long game: sets won); the highest wins, ties sharing the place."""
        scores = tuple(self._sets_won) if self.game.long else tuple(self._scores)
        return Result(scores=scores, places=places_from_scores(scores, lower_is_better=False))

    def __repr__(self) -> str:
        trick = "none" if self._trick is None else f"{self._trick.form} {self._trick.number}"
        return (f"<Loop: set {self._set} round {self._round}, {self.phase}, player {self._current}; trick {trick}; "
                f"history {len(self._history)}>")
