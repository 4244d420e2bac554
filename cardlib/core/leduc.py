"""Leduc Hold'em: the kit's second test game, a poker small enough to solve, with chance inside the game.

Like Kuhn poker (core/example.py) it is a whole game on the kit (a State on ``Engine``), no
lesson; it is here for ``core/cfr.py``, whose tree meets a card dealt *between* two betting
rounds. The rules (Southey et al. 2005, as OpenSpiel plays them). Six cards, J J Q Q K K; each
of two players antes 1 chip and gets one private card. A betting round: player 0 checks or
bets; after a check player 1 checks (the round ends) or bets; facing a bet a player folds (the
other takes the pot), calls (the round ends) or raises, and a round holds at most two bets
(a bet and one raise). A bet or a raise is 2 chips in the first round, 4 in the second. Then a
public board card is dealt and the second round is bet the same way, player 0 first. At the
showdown a private card that pairs the board wins; otherwise the higher private card; equal
cards split the pot. A score is the chips won or lost.

Chance in the game. ``Game().new(seed)`` shuffles and deals everything at once (the board stays
face down until the second round): a playable game. A stacked ``deck`` of up to three cards
(player 0's, player 1's, the board) leaves what it omits to chance: at that point
``current_player`` is ``cfr.CHANCE`` and ``chance_outcomes()`` lists (probability, Deal(card)).

>>> state = Game().new(deck=("K", "J"))          # the board is left to chance
>>> state.apply(BET); state.apply(CALL)          # 2 chips each: the first round ends
>>> state.current_player, state.chance_outcomes()
('chance', [(Fraction(1, 4), Deal('J')), (Fraction(1, 2), Deal('Q')), (Fraction(1, 4), Deal('K'))])
>>> state.apply(Deal("J"))                       # the board pairs player 1's Jack
>>> [str(action) for action in state.legal_actions()]
['check', 'bet']
>>> state.apply(CHECK); state.apply(CHECK)
>>> state.result()
Result(scores=(-3, 3), places=(2, 1))
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Union

from cardlib.core.actions import Word
from cardlib.core.cfr_tree import CHANCE
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError, RulesError, check_players
from cardlib.core.protocol import Result, SeatObservation, places_from_scores

CARDS = ("J", "Q", "K")       # the ranks, lowest first: a card's index is its rank
DECK = ("J", "J", "Q", "Q", "K", "K")
ANTE = 1                      # each player's chip in the pot before the deal
BET_SIZES = (2, 4)            # a bet or a raise: 2 chips in the first round, 4 in the second
MAX_BETS = 2                  # a bet and one raise a round at most


# --- the actions ----------------------------------------------------------------------------------

class Check(Word, notation="check"):
    """Bet nothing; two checks end the round."""


class Bet(Word, notation="bet"):
    """Open the betting: 2 chips in the first round, 4 in the second."""


class Raise(Word, notation="raise"):
    """Match the bet and bet again (the round's second bet, its last)."""


class Call(Word, notation="call"):
    """Match the bet; the round ends."""


class Fold(Word, notation="fold"):
    """Give up the pot rather than match the bet."""


@dataclass(frozen=True)
class Deal:
    """Chance's move: the next card dealt (player 0's, player 1's, then the board) when the deck left it to chance."""

    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"

    def __repr__(self) -> str:
        return f"Deal({self.card!r})"


CHECK, BET, RAISE, CALL, FOLD = Check(), Bet(), Raise(), Call(), Fold()
Action = Union[Check, Bet, Raise, Call, Fold, Deal]


@dataclass(frozen=True)
class Observation(SeatObservation):
    """What one seat may know: its card, the board once turned, the betting of each round, both cards at a showdown.

    After the five fields every game's Observation has (``SeatObservation``); the log's events are (what was
    said, who said it, None) and ("board", None, card), and the current player may be chance (``CHANCE``).
    """

    current_player: Optional[Union[int, str]]  # (SeatObservation's field, which may be chance here)
    card: Optional[str]                  # None until chance deals it
    board: Optional[str]                 # None until the second round
    betting: tuple[tuple[Action, ...], ...]  # the first round's actions, then the second's
    pot: int
    showdown: Optional[tuple[str, str]]


# --- the game -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """Rule options of Leduc Hold'em: two players, no other option."""

    players: int = 2

    def __post_init__(self) -> None:
        check_players("Leduc Hold'em", self.players, (2,))

    def new(self, seed: Optional[int] = None, deck: Optional[tuple[str, ...]] = None) -> "State":
        """A new hand: shuffled from ``seed``, or stacked as ``deck`` (up to three cards; chance deals the rest).

        >>> Game().new(deck=("K", "K", "K"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardlib.core.errors.RulesError: a stacked deck is up to three cards of J J Q Q K K (...), not ('K', 'K', 'K')
        """
        rng = random.Random(seed)
        if deck is None:
            cards: list[Optional[str]] = list(rng.sample(DECK, 3))
        elif (isinstance(deck, (tuple, list)) and len(deck) <= 3 and all(card in CARDS for card in deck)
              and not Counter(deck) - Counter(DECK)):
            cards = [*deck, *[None] * (3 - len(deck))]
        else:
            raise RulesError("a stacked deck is up to three cards of J J Q Q K K (player 0's, player 1's, the board), "
                             f"not {deck!r}")
        return State(self, rng, cards)


def deals() -> list[tuple[Fraction, "State"]]:
    """The nine private deals by rank with their chances (the board left to chance): CFR's roots.

    >>> [(str(p), state.all_cards()[:2]) for p, state in deals()[:2]]
    [('1/15', ('J', 'J')), ('2/15', ('J', 'Q'))]
    """
    found = []
    for first in CARDS:
        for second in CARDS:
            ways = 2 * (1 if first == second else 2)  # of 6 x 5 ordered deals of the six cards
            found.append((Fraction(ways, 30), Game().new(deck=(first, second))))
    return found


# --- the state ------------------------------------------------------------------------------------

class State(Engine):
    """A hand of Leduc Hold'em (whose turn, history, apply and clone are Engine's)."""

    __slots__ = ("_cards", "_chips", "_round", "_rounds", "_folder")

    def __init__(self, game: Game, rng: random.Random, cards: list[Optional[str]]) -> None:
        super().__init__(game, rng)
        self._cards = cards            # player 0's card, player 1's, the board; None: chance deals it later
        self._chips = [ANTE, ANTE]     # what each player has put in the pot
        self._round = 0                # 0: before the board, 1: after
        self._rounds: list[list] = [[], []]  # each round's betting
        self._folder: Optional[int] = None
        self._current = CHANCE if None in cards[:2] else 0

    def _left(self) -> Counter:
        """The cards chance may still deal: the deck less every card dealt."""
        return Counter(DECK) - Counter(card for card in self._cards if card is not None)

    def chance_outcomes(self) -> list[tuple[Fraction, Deal]]:
        """When chance acts: each card it may deal next, with its chance; [] otherwise."""
        if self._current != CHANCE:
            return []
        left = self._left()
        total = sum(left.values())
        return [(Fraction(left[card], total), Deal(card)) for card in CARDS if left[card]]

    def _legal_actions(self, seat: Union[int, str]) -> list[Action]:
        """Chance's deals; check or bet; fold, call or raise (while the round has fewer than two bets)."""
        if seat == CHANCE:
            return [deal for _, deal in self.chance_outcomes()]
        if not self._facing_bet():
            return [CHECK, BET]
        return [FOLD, CALL, RAISE] if self._bets() < MAX_BETS else [FOLD, CALL]

    def _facing_bet(self) -> bool:
        """True when the player to act has put in fewer chips than the other."""
        seat = self._current
        return self._chips[seat] < self._chips[1 - seat]

    def _bets(self) -> int:
        """How many bets and raises this round holds."""
        return sum(type(action) in (Bet, Raise) for action in self._rounds[self._round])

    def _check(self, action: object) -> None:
        """IllegalActionError saying why ``action`` is not legal now; nothing changes."""
        if action not in self.legal_actions():
            who = "chance deals a card" if self._current == CHANCE else f"player {self._current} may"
            legal = ", ".join(repr(a) for a in self.legal_actions())
            raise IllegalActionError(f"{action!r} is not legal now: {who} {legal}")

    def _change(self, action: Action, plan: None) -> None:
        """The checked action happens: a deal fills the next card; a call or a second check ends the round."""
        if type(action) is Deal:
            slot = self._cards.index(None)
            self._cards[slot] = action.card
            if slot == 2:
                self._log.append(("board", None, action.card))
            self._current = CHANCE if None in self._cards[:2] else 0
            return
        seat, betting = self._current, self._rounds[self._round]
        self._log.append((str(action), seat, None))
        if type(action) in (Bet, Raise):
            self._chips[seat] = self._chips[1 - seat] + BET_SIZES[self._round]
        elif type(action) is Call:
            self._chips[seat] = self._chips[1 - seat]
        elif type(action) is Fold:
            self._folder, self._current = seat, None
            return
        ends = type(action) is Call or (type(action) is Check and betting == [CHECK])
        betting.append(action)
        if not ends:
            self._current = 1 - seat
        elif self._round == 1:
            self._current = None
        else:
            self._round = 1
            if self._cards[2] is None:
                self._current = CHANCE
            else:
                self._log.append(("board", None, self._cards[2]))
                self._current = 0

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return sum(self._chips)

    def _showdown(self) -> Optional[tuple[str, str]]:
        """Both private cards, once the hand ended without a fold."""
        if self._current is None and self._folder is None:
            return self._cards[0], self._cards[1]
        return None

    def _observe(self, seat: int) -> Observation:
        """Own card, the board once turned, the betting, the pot, whose turn; the other card only at a showdown."""
        return Observation(**self._seat_fields(seat), card=self._cards[seat],
                           board=self._cards[2] if self._round == 1 else None,
                           betting=(tuple(self._rounds[0]), tuple(self._rounds[1])), pot=self.pot,
                           showdown=self._showdown())

    def _strength(self, seat: int) -> tuple[bool, int]:
        """A hand's strength: a pair with the board first, then the rank of the private card."""
        card = self._cards[seat]
        return card == self._cards[2], CARDS.index(card)

    def result(self) -> Result:
        """The winner takes the loser's chips; equal hands split the pot (0 each)."""
        if self._folder is not None:
            winner: Optional[int] = 1 - self._folder
        else:
            first, second = self._strength(0), self._strength(1)
            winner = None if first == second else 0 if first > second else 1
        if winner is None:
            scores = (0, 0)
        else:
            won = self._chips[1 - winner]
            scores = (won, -won) if winner == 0 else (-won, won)
        return Result(scores=scores, places=places_from_scores(scores, lower_is_better=False))

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A hand ``seat`` cannot tell from this one: the cards it has not seen drawn again from those unseen."""
        other = self.clone()
        seen = {seat} | ({2} if self._round == 1 else set()) | ({0, 1} if self._showdown() else set())
        hidden = [slot for slot in range(3) if slot not in seen and self._cards[slot] is not None]
        pool = Counter(DECK) - Counter(self._cards[slot] for slot in seen if self._cards[slot] is not None)
        for slot, card in zip(hidden, rng.sample(sorted(pool.elements()), len(hidden))):
            other._cards[slot] = card
        return other

    def all_cards(self) -> tuple[str, ...]:
        """The whole deck: the cards dealt (player 0's, player 1's, the board), then those never dealt."""
        dealt = [card for card in self._cards if card is not None]
        return (*dealt, *sorted(self._left().elements(), key=CARDS.index))

    def __repr__(self) -> str:
        cards = " ".join(card or "?" for card in self._cards)
        return f"<Leduc Hold'em: cards {cards}, betting {' '.join(map(str, self._history)) or '-'}>"
