"""Kuhn poker: a tiny complete game on the kit, and the template for a new game.

A new game copies this shape: frozen actions whose ``str()`` is the notation and whose repr
pastes back; a frozen ``Game`` of rule options checked once; a ``State`` on ``Engine`` that
writes only the hooks; a frozen ``Observation``. A real game spreads these over actions.py and
rules.py (ARCHITECTURE.md); here they fit in one file. Stdlib and cardlib.core only.

The rules (Kuhn 1950). Three cards, J < Q < K; each of two players antes 1 chip and gets one
card, the third is set aside unseen. Player 0 checks or bets 1. After a check, player 1 checks
(showdown) or bets 1. Facing a bet, a player calls (showdown) or folds (the bettor takes the
pot). At the showdown the higher card takes the pot. A score is the chips won or lost.

>>> state = Game().new(deck=("K", "J"))   # player 0 holds the King, player 1 the Jack
>>> [str(action) for action in state.legal_actions()]
['check', 'bet']
>>> state.apply(BET)
>>> state.legal_actions()
[Call(), Fold()]
>>> state.apply(CALL)
>>> state.result()
Result(scores=(2, -2), places=(1, 2))
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from typing import Optional, Union

from cardlib.core.actions import Word, notation_text
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError, RulesError, check_players
from cardlib.core.protocol import Result, SeatObservation, places_from_scores

CARDS = ("J", "Q", "K")  # lowest first: a card's index is its rank
ANTE = 1                 # each player's chip in the pot before the deal
BET_SIZE = 1             # a bet, and a call, is one chip


# --- the actions: frozen, hashable, str() the notation, repr() pastes back ---------------------

class Check(Word, notation="check"):
    """Bet nothing; two checks in a row go to the showdown."""


class Bet(Word, notation="bet"):
    """Put one chip in; the other player must call or fold."""


class Call(Word, notation="call"):
    """Match the bet; the showdown follows."""


class Fold(Word, notation="fold"):
    """Give up the pot rather than match the bet."""


CHECK, BET, CALL, FOLD = Check(), Bet(), Call(), Fold()
Action = Union[Check, Bet, Call, Fold]


def parse(text: str) -> Action:
    """The action whose notation is ``text`` (``str(action)`` read back): how a move is stored.

    >>> parse(" bet "), parse("fold")
    (Bet(), Fold())
    >>> parse("raise")
    Traceback (most recent call last):
    ...
    ValueError: 'raise' is not Kuhn poker notation (check, bet, call or fold)
    """
    text = notation_text(text, "Kuhn poker")
    for action in (CHECK, BET, CALL, FOLD):
        if text == str(action):
            return action
    raise ValueError(f"{text!r:.60} is not Kuhn poker notation (check, bet, call or fold)")


@dataclass(frozen=True)
class Observation(SeatObservation):
    """What one seat may know: its own card, the public betting, and both cards at a showdown.

    After the five fields every game's Observation has (``SeatObservation``: seat, players, current_player,
    log, the public events as (what was said, who said it, None), and result, the rules' Result once the
    hand is over, where the apps read places).
    """

    card: str
    betting: tuple[Action, ...]
    pot: int
    showdown: Optional[tuple[str, str]]  # (card of player 0, card of player 1), once shown


# --- the game: frozen options, checked once -----------------------------------------------------

@dataclass(frozen=True)
class Game:
    """Rule options of Kuhn poker: two players, no other option."""

    players: int = 2

    def __post_init__(self) -> None:
        check_players("Kuhn poker", self.players, (2,))

    def new(self, seed: Optional[int] = None, deck: Optional[tuple[str, str]] = None) -> "State":
        """A new hand: shuffled from ``seed``, or stacked as ``deck`` = (card of player 0, card of player 1).

        >>> Game().new(deck=("Q", "Q"))
        Traceback (most recent call last):
        ...
        cardlib.core.errors.RulesError: a stacked deck is two different cards of J, Q, K, not ('Q', 'Q')
        """
        rng = random.Random(seed)
        if deck is None:
            cards = tuple(rng.sample(CARDS, len(CARDS)))
        elif len(deck) == 2 and len(set(deck)) == 2 and set(deck) <= set(CARDS):
            cards = (*deck, *(card for card in CARDS if card not in deck))
        else:
            raise RulesError(f"a stacked deck is two different cards of J, Q, K, not {deck!r}")
        return State(self, rng, cards)


# --- the state: the engine keeps the bookkeeping, the hooks are the rules ------------------------

class State(Engine):
    """A hand of Kuhn poker (whose turn, history, apply and clone are Engine's)."""

    __slots__ = ("_cards", "_chips", "_folder")

    def __init__(self, game: Game, rng: random.Random, cards: tuple[str, str, str]) -> None:
        super().__init__(game, rng)
        self._cards = cards            # player 0's card, player 1's card, the card set aside
        self._chips = [ANTE, ANTE]     # what each player has put in the pot
        self._folder: Optional[int] = None
        self._current = 0

    def _legal_actions(self, seat: int) -> list[Action]:
        """Check or bet; call or fold when facing a bet."""
        return [CALL, FOLD] if self._facing_bet() else [CHECK, BET]

    def _facing_bet(self) -> bool:
        """True when the last action was a bet: the player to act must call or fold."""
        return bool(self._history) and self._history[-1] == BET

    def _check(self, action: object) -> None:
        """IllegalActionError saying why ``action`` is not legal now; nothing changes."""
        kind, seat = type(action), self._current
        if kind not in (Check, Bet, Call, Fold):
            raise IllegalActionError(f"{action!r} is not a Kuhn poker action (Check(), Bet(), Call() or Fold())")
        if self._facing_bet() and kind in (Check, Bet):
            raise IllegalActionError(f"{action!r}: player {1 - seat} has bet; player {seat} must call or fold")
        if not self._facing_bet() and kind in (Call, Fold):
            raise IllegalActionError(f"{action!r}: nobody has bet; player {seat} may check or bet")

    def _change(self, action: Action, plan: None) -> None:
        """The checked action happens; a call, a fold or a second check ends the hand."""
        seat = self._current
        self._log.append((str(action), seat, None))  # every action is public in Kuhn poker
        if type(action) in (Bet, Call):
            self._chips[seat] += BET_SIZE
        if type(action) is Fold:
            self._folder = seat
        ends = type(action) in (Call, Fold) or (type(action) is Check and self._history == [CHECK])
        self._current = None if ends else 1 - seat

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return sum(self._chips)

    def _showdown(self) -> Optional[tuple[str, str]]:
        """Both cards, once the hand ended without a fold."""
        if self._current is None and self._folder is None:
            return self._cards[0], self._cards[1]
        return None

    def _observe(self, seat: int) -> Observation:
        """Own card, the betting, the pot, whose turn; the other card only at a showdown."""
        return Observation(**self._seat_fields(seat), card=self._cards[seat],
                           betting=tuple(self._history), pot=self.pot, showdown=self._showdown())

    def result(self) -> Result:
        """The winner takes the loser's chips: scores are chips won (+) or lost (-)."""
        if self._folder is not None:
            winner = 1 - self._folder
        else:
            winner = 0 if CARDS.index(self._cards[0]) > CARDS.index(self._cards[1]) else 1
        won = self._chips[1 - winner]
        scores = (won, -won) if winner == 0 else (-won, won)
        return Result(scores=scores, places=places_from_scores(scores, lower_is_better=False))

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A hand ``seat`` cannot tell from this one: the other card drawn from the two unseen."""
        other = self.clone()
        if self._showdown() is None:
            mine = self._cards[seat]
            theirs, aside = rng.sample([card for card in CARDS if card != mine], 2)
            other._cards = (mine, theirs, aside) if seat == 0 else (theirs, mine, aside)
        return other

    def all_cards(self) -> tuple[str, ...]:
        """The three cards: player 0's, player 1's, the one set aside."""
        return self._cards

    def __repr__(self) -> str:
        return f"<Kuhn poker: cards {self._cards[:2]}, betting {' '.join(map(str, self._history)) or '-'}>"


# --- the mathematics: the value of the game, exactly ---------------------------------------------

def equilibrium_strategy(alpha: Fraction = Fraction(0)) -> dict[tuple[str, str], Fraction]:
    """Kuhn's equilibrium family: the chance to bet, or to call a bet, by card and betting so far.

    Kuhn 1950: player 0 bets a J with probability alpha and a K with 3 alpha (0 <= alpha <= 1/3),
    calls a bet with a Q with alpha + 1/3; player 1 bets a J after a check with 1/3 and calls
    with a Q with 1/3. A K always bets or calls; a J never calls.

    >>> equilibrium_strategy(Fraction(1, 6))[("K", "")]
    Fraction(1, 2)
    """
    if not 0 <= alpha <= Fraction(1, 3):
        raise ValueError(f"alpha must be from 0 to 1/3, not {alpha!r}")
    never, third, always = Fraction(0), Fraction(1, 3), Fraction(1)
    chances = {"": (alpha, never, 3 * alpha),           # player 0 bets a J, a Q, a K
               "check": (third, never, always),         # player 1 bets after a check
               "bet": (never, third, always),           # player 1 calls a bet
               "check bet": (never, alpha + third, always)}  # player 0 calls a bet
    return {(card, betting): p[rank] for betting, p in chances.items() for rank, card in enumerate(CARDS)}


def action_probabilities(strategy: dict[tuple[str, str], Fraction], seen: Observation) -> dict[Action, Fraction]:
    """The chance of each legal action for the seat that sees ``seen`` (its turn), under ``strategy``.

    >>> seen = Game().new(deck=("J", "K")).observation(0)
    >>> action_probabilities(equilibrium_strategy(Fraction(1, 3)), seen)
    {Check(): Fraction(2, 3), Bet(): Fraction(1, 3)}
    """
    p = strategy[(seen.card, " ".join(str(action) for action in seen.betting))]
    facing_bet = bool(seen.betting) and seen.betting[-1] == BET
    return {CALL: p, FOLD: 1 - p} if facing_bet else {CHECK: 1 - p, BET: p}


def expected_score(state: State, strategy: dict[tuple[str, str], Fraction], seat: int = 0) -> Fraction:
    """The exact expected score of ``seat`` from ``state`` on, both players following ``strategy``."""
    if state.is_over:
        return Fraction(state.result().scores[seat])
    total = Fraction(0)
    for action, p in action_probabilities(strategy, state.observation(state.current_player)).items():
        if p:
            child = state.clone()
            child.apply(action)
            total += p * expected_score(child, strategy, seat)
    return total


def equilibrium_value(alpha: Fraction = Fraction(0)) -> Fraction:
    """Player 0's expected score at Kuhn's equilibrium: the average over the six equally likely deals.

    >>> equilibrium_value(), equilibrium_value(Fraction(1, 3))   # the same for every alpha
    (Fraction(-1, 18), Fraction(-1, 18))
    """
    strategy = equilibrium_strategy(alpha)
    deals = list(permutations(CARDS, 2))
    return sum((expected_score(Game().new(deck=deal), strategy) for deal in deals), Fraction(0)) / len(deals)
