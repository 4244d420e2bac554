"""Discontinuity: the rules engine (stdlib only).

Specification: shared/rules/discontinuity.md. Take two different numbers from a line of the 3×3
square (or once a game the deck's top card, face down, as a joker); pairs go to your safe (金庫)
for +2 a card; whatever stays in your row costs its value, a run of three or more only its lowest.
Game and State are here; the actions are in actions.py, the square (its deal, its lines' takes,
refill and re-deal) in square.py, the scoring in scoring.py and the records (HalfResult,
Observation, places) in seen.py.

>>> state = Game(players=3).new(seed=4)
>>> state.square                        # (0,0) (0,1) (0,2) (1,0) (1,2) (2,0) (2,1) (2,2)
(9, 9, 8, 9, 7, 7, 9, 1)
>>> state.legal_actions()[2]
Take(3, 7, 8)
>>> state.apply(Take(3, 7, 8))
>>> state.row(0), str(state.history[-1])
((7, 8), 'take 7 and 8 from line ③')
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from cardlib.core.actions import must_first
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError, RulesError, check_players, check_seat
from cardlib.decks.pairs import PAIRS_DECK, check_pairs_deck
from cardlib.core.protocol import Result
from cardlib.discontinuity.actions import JOKER, PLACE_JOKER, Action, PlaceJoker, Take, TakeJoker
# The records have a file of their own; rules.py re-exports them (see __all__) so that
# ``from cardlib.discontinuity.rules import Observation, places, ...`` keeps working.
from cardlib.discontinuity.seen import HalfResult, Observation, places
from cardlib.discontinuity.scoring import SAFE_CARD, lay_out, largest_value, row_penalty
from cardlib.discontinuity.square import SQUARE, all_one_number, deal, redeal, refill, take_slots, takes

__all__ = [
    "FIRST_HALF", "SQUARE", "Game", "HalfResult", "Observation", "State", "places",
]

FIRST_HALF = 28     # two players: Decision, the first half has 28 cards, the second 27


def _numbers(mask: int) -> list[int]:
    """The numbers in a row held as a bit mask (bit n set = a real card n in the row)."""
    return [n for n in range(1, 11) if mask >> n & 1]


# --- the game ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """Rule options: 2 to 4 players, the first start player, and the two-player halves variant.

    ``halves`` defaults to the sheet: two players always play two halves (28 then 27 cards).
    ``Game(players=2, halves=False)`` is a full-deck two-player game, not on the sheet.
    """

    players: int = 3
    start_player: int = 0
    halves: Optional[bool] = None

    def __post_init__(self) -> None:
        check_players("Discontinuity", self.players, (2, 3, 4))
        check_seat("start_player", self.start_player, self.players)
        if self.halves is None:
            object.__setattr__(self, "halves", self.players == 2)
        elif type(self.halves) is not bool:  # 1 == True, but 1 is no answer to "halves?"
            raise RulesError(f"halves must be True or False, not {self.halves!r}")
        elif self.halves and self.players != 2:
            raise RulesError(f"the half-deck variant is for two players, not {self.players}")

    def new(self, seed: Optional[int] = None, deck: Optional[list[int]] = None) -> "State":
        """A new game; ``deck`` stacks it (top card first: 8 fill the square row-major, then the deck)."""
        rng = random.Random(seed)
        if deck is not None:
            cards = list(check_pairs_deck(deck))
        else:
            cards = list(PAIRS_DECK)
            rng.shuffle(cards)
        return State(self, rng, cards)


class State(Engine):
    """A position in a game of Discontinuity (the bookkeeping is Engine's; the rules are here)."""

    __slots__ = ("_square", "_deck", "_reserve", "_rows", "_safes", "_jokers", "_anchors", "_old_jokers",
                 "_set_aside", "_placing", "_half", "_start", "_banked", "_halves")

    def __init__(self, game: Game, rng: random.Random, cards: list[int]) -> None:
        super().__init__(game, rng)
        n = game.players
        self._banked = [0] * n
        self._halves: list[HalfResult] = []
        self._old_jokers: list[int] = []
        self._set_aside: list[int] = []
        if game.halves:
            self._reserve = cards[:FIRST_HALF - 1:-1]  # the second half, top card last
            self._half = 1
            self._start_half(cards[:FIRST_HALF], game.start_player)
        else:
            self._reserve = []
            self._half = 0
            self._start_half(cards, game.start_player)

    # -- dealing --

    def _start_half(self, cards: list[int], start: int) -> None:
        """Deal the square from the top of ``cards`` (top first); the rest is the deck."""
        n = self.game.players
        self._square, self._deck = deal(cards)  # the deck's top card last: dealing pops it
        self._rows = [0] * n
        self._safes: list[tuple[int, ...]] = [()] * n
        self._jokers = [0] * n  # the face of each player's joker, 0 before they take it
        self._anchors = [0] * n  # the number card each joker sits on, 0 when it stands alone
        self._start = start
        self._placing = False
        self._current: Optional[int] = start
        self._log.append(("deal", start, self._half))
        self._redeal_if_same()

    def _redeal_if_same(self) -> None:
        """All 8 face-up cards one number: back into the deck, shuffle, deal 8 again."""
        while all_one_number(self._square):
            number = self._square[0]
            if all(card == number for card in self._deck):
                # Decision: no re-deal can help when the deck holds that number only; the game ends
                self._log.append(("stuck", None, number))
                self._end_half()
                return
            self._log.append(("redeal", None, number))
            self._square, self._deck = redeal(self._square, self._deck, self._rng)

    # -- the table --

    @property
    def phase(self) -> str:
        """'take' (option a or b), 'place' (where the joker sits), or 'over'."""
        if self._current is None:
            return "over"
        return "place" if self._placing else "take"

    @property
    def half(self) -> int:
        """Two players: the half being played (1 or 2); otherwise 0."""
        return self._half

    @property
    def square(self) -> tuple[int, ...]:
        """The 8 face-up cards in place order (row-major, centre skipped); 0 marks an empty place."""
        return tuple(self._square)

    @property
    def deck_size(self) -> int:
        """Cards left in this game's (or this half's) deck."""
        return len(self._deck)

    def row(self, seat: int) -> tuple:
        """A seat's row laid out as the sheet writes it: sorted, the joker "J" right of its anchor.

        While its owner is choosing a new place (its anchor just went to the safe), the joker is
        in their hand and not in the row.
        """
        numbers = _numbers(self._rows[seat])
        anchor = self._anchors[seat] or None
        joker = self._jokers[seat] != 0 and (anchor is not None or not numbers)
        return lay_out(numbers, joker, anchor)

    def safe(self, seat: int) -> tuple[int, ...]:
        """The cards in a seat's safe (face down on the table, but every one was seen going in)."""
        return self._safes[seat]

    def joker_face(self, seat: int) -> Optional[int]:
        """The real card under a seat's joker (the whole truth: for tests, never for agents)."""
        return self._jokers[seat] or None

    def points(self, seat: int) -> int:
        """A seat's points in the current game (or half) as the table stands.

        A joker waiting to be placed (phase "place", off the row) counts nothing yet: these are
        the points before it, and ``Observation.score_range`` gives the totals its places make.
        """
        return SAFE_CARD * len(self._safes[seat]) - row_penalty(self.row(seat))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total: earlier halves plus the points of the current game or half."""
        return tuple(self._banked[seat] + self.points(seat) for seat in range(self.game.players))

    def all_cards(self) -> tuple[int, ...]:
        """Every card, wherever it is: square, rows, safes, jokers, deck, later half, set aside."""
        cards = [card for card in self._square if card]
        for seat in range(self.game.players):
            cards += _numbers(self._rows[seat])
            cards += self._safes[seat]
            if self._jokers[seat]:
                cards.append(self._jokers[seat])
        return tuple(cards + self._deck + self._reserve + self._old_jokers + self._set_aside)

    def _legal_actions(self, seat: int) -> list[Action]:
        """The actions the current player may take."""
        if self._placing:
            return [PLACE_JOKER[n] for n in _numbers(self._rows[seat])]
        out: list[Action] = takes(self._square)
        if not self._jokers[seat]:
            out.append(JOKER)
        return out

    def _check(self, action: Any) -> Optional[tuple[int, int]]:
        """IllegalActionError saying why ``action`` is not legal now; a Take's plan is the two places it empties."""
        seat = self._current
        kind = type(action)
        if self._placing:
            must_first(action, PlaceJoker, seat, "place the joker", lambda: self._place_text(seat))
            anchor = action.anchor
            if type(anchor) is not int or not 1 <= anchor <= 10 or not self._rows[seat] >> anchor & 1:
                raise IllegalActionError(
                    f"{action!r}: player {seat} has no number card {anchor!r} to put the joker right of "
                    f"({self._place_text(seat)})")
            return None
        if kind is Take:
            return take_slots(self._square, action)
        if kind is TakeJoker:
            if self._jokers[seat]:
                raise IllegalActionError(f"{action!r}: player {seat} already took a joker; once a game")
            return None
        if kind is PlaceJoker:
            why = ("they hold no joker" if not self._jokers[seat]
                   else "a joker is placed at the end of its owner's turn, after taking cards")
            raise IllegalActionError(f"{action!r}: player {seat} cannot place a joker now: {why}")
        raise IllegalActionError(
            f"{action!r} is not a Discontinuity action (Take(line, a, b), TakeJoker() or PlaceJoker(n))")

    def _change(self, action: Any, slots: Optional[tuple[int, int]]) -> None:
        """Place the joker, take two cards, or take the joker: the checked action happens."""
        seat = self._current
        kind = type(action)
        if kind is PlaceJoker:
            self._placing = False
            self._place(seat, action.anchor)
            self._finish_turn(seat)
        elif kind is Take:
            self._log.append(("take", seat, action))
            square = self._square
            for slot in slots:
                self._add(seat, square[slot])
                square[slot] = 0
            self._after_taking(seat)
        else:
            self._log.append(("joker", seat, None))
            self._jokers[seat] = self._deck.pop()
            self._after_taking(seat)

    # -- a turn --

    def _add(self, seat: int, card: int) -> None:
        """A face-up card into the row; two of one number go to the safe at once."""
        bit = 1 << card
        if self._rows[seat] & bit:
            self._rows[seat] ^= bit
            self._safes[seat] = self._safes[seat] + (card, card)
            self._log.append(("safe", seat, card))
            if self._anchors[seat] == card:
                self._anchors[seat] = 0  # its anchor went to the safe: the joker must be placed again
        else:
            self._rows[seat] |= bit

    def _after_taking(self, seat: int) -> None:
        """Decision: a joker's owner places it at the end of each own turn, if there is a choice."""
        if self._jokers[seat]:
            numbers = _numbers(self._rows[seat])
            if len(numbers) >= 2:
                self._placing = True
                return
            self._place(seat, numbers[0] if numbers else 0)
        self._finish_turn(seat)

    def _place(self, seat: int, anchor: int) -> None:
        if self._anchors[seat] != anchor:
            self._anchors[seat] = anchor
            self._log.append(("place", seat, anchor))

    def _finish_turn(self, seat: int) -> None:
        """Refill the empty places (none after a joker) and pass the turn; end when the deck is out."""
        refill(self._square, self._deck)
        if not self._deck:
            self._end_half()
            return
        self._current = (seat + 1) % self.game.players
        if all_one_number(self._square):
            self._redeal_if_same()

    def _end_half(self) -> None:
        """The deck ran out: score; two players go on to the second half, else the game is over."""
        n = self.game.players
        points = [self.points(seat) for seat in range(n)]
        if self._half == 1:
            self._halves.append(HalfResult(tuple(points), tuple(self.row(s) for s in range(n))))
            self._log.append(("half", None, tuple(points)))
            for seat in range(n):
                self._banked[seat] += points[seat]
                self._set_aside += _numbers(self._rows[seat]) + list(self._safes[seat])
                if self._jokers[seat]:
                    self._old_jokers.append(self._jokers[seat])
            self._set_aside += [card for card in self._square if card] + self._deck
            self._half = 2
            cards, self._reserve = self._reserve[::-1], []
            self._start_half(cards, (self._start + 1) % n)  # the other player starts the second half
            return
        self._current = None
        self._placing = False
        self._log.append(("over", None, self.result()))

    def _place_text(self, seat: int) -> str:
        return "right of " + " or ".join(str(n) for n in _numbers(self._rows[seat]))

    # -- the end, the views, the copies --

    def result(self) -> Result:
        """Totals and places: higher is better; a tie goes to the largest value in the (last) row."""
        scores = self.scores
        largest = [largest_value(self.row(seat)) for seat in range(self.game.players)]
        return Result(scores=scores, places=places(scores, largest))

    def unseen(self) -> tuple[int, ...]:
        """The cards nobody has seen, sorted: the deck, the later half, and every joker's face."""
        cards = self._deck + self._reserve + self._old_jokers + [face for face in self._jokers if face]
        return tuple(sorted(cards))

    def _observe(self, seat: int) -> Observation:
        """What ``seat`` may know: everything face up, the sizes, the public log."""
        n = self.game.players
        return Observation(
            **self._seat_fields(seat),
            square=tuple(self._square),
            rows=tuple(self.row(s) for s in range(n)),
            safe_sizes=tuple(len(safe) for safe in self._safes),
            jokers_used=tuple(face != 0 for face in self._jokers),
            deck_size=len(self._deck),
            unseen=self.unseen(),
            scores=self.scores,
            phase=self.phase,
            half=self._half,
            start_player=self._start,
            halves=tuple(self._halves),
        )

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state ``seat`` cannot tell from this one: the deck order and every joker's face
        (the seat's own too: nobody sees a joker) drawn again from the unseen cards."""
        other = self.clone()
        pool = self._deck + self._reserve + self._old_jokers + [face for face in self._jokers if face]
        rng.shuffle(pool)
        for s, face in enumerate(self._jokers):
            if face:
                other._jokers[s] = pool.pop()
        other._old_jokers = [pool.pop() for _ in self._old_jokers]
        other._reserve = [pool.pop() for _ in self._reserve]
        other._deck = pool
        other._rng = random.Random(rng.getrandbits(64))
        return other

    def hidden(self) -> tuple:
        """What no seat sees: the deck order, the later half, every joker's face (for tests)."""
        return (tuple(self._deck), tuple(self._reserve), tuple(self._old_jokers), tuple(self._jokers))

    def __repr__(self) -> str:
        half = f" half {self._half}," if self._half else ""
        return (f"<discontinuity.State{half} {self.phase}, player {self._current} to act, "
                f"deck {len(self._deck)}, scores {self.scores}>")
