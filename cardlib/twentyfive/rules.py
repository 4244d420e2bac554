"""Twenty-five: the rules engine (stdlib only).

Specification: shared/rules/twenty-five.md. Points are bad; a pass bets that the pairs in play
(every hand and every field card, 場札) exceed 25. Game and State are here; the actions are in
actions.py and the records (RoundResult, Observation, round_points) in seen.py.

>>> state = Game(players=3).new(seed=2)  # seed 2: the opening reveals are all automatic
>>> state.legal_actions()          # nobody may pass on a round's first turn
[Draw()]
>>> state.apply(DRAW)
>>> [str(action) for action in state.legal_actions()]
['draw', 'pass']
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from cardlib.core.actions import must_first
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError, check_players, check_seat
from cardlib.decks.pairs import PAIRS_DECK, check_pairs_deck, pair_count
from cardlib.core.protocol import Result, places_from_scores
# The actions and the records have files of their own; rules.py re-exports them (see __all__)
# so that ``from cardlib.twentyfive.rules import Draw, Observation, ...`` keeps working.
from cardlib.twentyfive.actions import (
    DRAW, FIVE, PASS, REVEALS, Action, Draw, Pass, Reveal, reveal_options,
)
from cardlib.twentyfive.seen import (
    EXACT_HIT, PASS_TOO_EARLY, TARGET, Observation, RoundResult, round_points,
)

__all__ = [
    "DRAW", "EXACT_HIT", "FIVE", "PASS", "PASS_TOO_EARLY", "REVEALS", "TARGET", "Action", "Draw",
    "Game", "Observation", "Pass", "Reveal", "RoundResult", "State",
    "reveal_options", "round_points",
]


# --- the game ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """Rule options of Twenty-five: 3 or 4 players; round 1's start player (the sheet's youngest)."""

    players: int = 3
    start_player: int = 0

    def __post_init__(self) -> None:
        check_players("Twenty-five", self.players, (3, 4))
        check_seat("start_player", self.start_player, self.players)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 4 with three players, 3 with four."""
        return 4 if self.players == 3 else 3

    def new(self, seed: Optional[int] = None, deck: Optional[list[int]] = None) -> "State":
        """A new game; ``deck`` stacks round 1 (top card first), later rounds shuffle from ``seed``."""
        cards = list(check_pairs_deck(deck)) if deck is not None else None
        return State(self, random.Random(seed), cards)


class State(Engine):
    """A position in a game of Twenty-five (the bookkeeping is Engine's; the rules are here)."""

    __slots__ = ("_hands", "_fields", "_pile", "_pos", "_fixed", "_scores", "_start", "_revealing",
                 "_setup_left", "_draws", "_last_drawer", "_round", "_rounds")

    def __init__(self, game: Game, rng: random.Random, deck: Optional[list[int]] = None) -> None:
        super().__init__(game, rng)
        self._scores = [0] * game.players
        self._rounds: list[RoundResult] = []
        self._round = 0
        self._start_round(game.start_player, deck)

    # -- dealing --

    def _start_round(self, start: int, deck: Optional[list[int]] = None) -> None:
        """Shuffle (lazily) or take the stacked deck, deal, and make the opening reveals."""
        n = self.game.players
        if deck is None:
            self._pile = list(PAIRS_DECK)
            self._fixed = 0  # nothing ordered yet: each draw is a step of Fisher-Yates
        else:
            self._pile = deck
            self._fixed = len(deck)
        self._pos = 0
        self._round += 1
        self._start = start
        self._draws = 0
        self._last_drawer = None
        size = self.game.hand_size
        self._hands = [[self._take() for _ in range(size)] for _ in range(n)]
        self._fields = [[] for _ in range(n)]
        self._log.append(("round", start, self._round))
        self._setup_left = n
        self._continue_setup(start)

    def _take(self) -> int:
        """The top card of the pile; an unshuffled pile picks it uniformly from what is left."""
        pos = self._pos
        pile = self._pile
        if pos >= self._fixed:
            j = pos + int(self._rng.random() * (len(pile) - pos))
            pile[pos], pile[j] = pile[j], pile[pos]
        self._pos = pos + 1
        return pile[pos]

    def _continue_setup(self, seat: int) -> None:
        """Opening reveals in seat order from ``seat``; stop where a player has a real choice."""
        n = self.game.players
        while self._setup_left:
            self._setup_left -= 1
            options = reveal_options(self._hands[seat])
            if len(options) > 1:
                self._current = seat
                self._revealing = True
                return
            self._reveal(seat, options[0])
            seat = (seat + 1) % n
        self._current = self._start
        self._revealing = False

    def _reveal(self, seat: int, value: int) -> None:
        self._hands[seat].remove(value)
        self._fields[seat].append(value)
        self._log.append(("reveal", seat, value))

    # -- the table --

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total points so far (points are bad)."""
        return tuple(self._scores)

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self._round

    @property
    def phase(self) -> str:
        """'reveal' when the current player must choose a reveal, 'turn' for draw or pass, 'over'."""
        if self._current is None:
            return "over"
        return "reveal" if self._revealing else "turn"

    def hand(self, seat: int) -> tuple[int, ...]:
        """A seat's hand, sorted (the whole truth: for tests and analysis, not for agents)."""
        return tuple(sorted(self._hands[seat]))

    def field(self, seat: int) -> tuple[int, ...]:
        """A seat's field cards in the order revealed."""
        return tuple(self._fields[seat])

    @property
    def pile(self) -> tuple[int, ...]:
        """The cards left in the draw pile (in order only where the deck was stacked)."""
        return tuple(self._pile[self._pos:])

    def all_cards(self) -> tuple[int, ...]:
        """Every card of the deck, wherever it is: hands, fields, then the pile."""
        cards = [card for cards in self._hands + self._fields for card in cards]
        return tuple(cards + self._pile[self._pos:])

    def pairs_in_play(self) -> int:
        """The pairs among every hand and field card now in play."""
        return pair_count(card for cards in self._hands + self._fields for card in cards)

    def _legal_actions(self, seat: int) -> list[Any]:
        """The actions the current player may take."""
        if self._revealing:
            return [REVEALS[value] for value in reveal_options(self._hands[seat])]
        if self._pos >= len(self._pile):
            return [PASS]  # Decision: an empty draw pile leaves only the pass
        if self._draws == 0:
            return [DRAW]  # no pass on a round's first turn
        return [DRAW, PASS]

    def _check(self, action: Any) -> None:
        """IllegalActionError saying why ``action`` is not legal now (Engine.apply calls this first)."""
        seat = self._current
        kind = type(action)
        if self._revealing:
            must_first(action, Reveal, seat, "reveal a card", lambda: self._options_text(seat))
            if type(action.value) is not int:  # Reveal(10.0) == Reveal(10), but 10.0 is no card
                raise IllegalActionError(f"{action!r}: a card is a whole number from 1 to 10")
            options = reveal_options(self._hands[seat])
            if action.value not in options:
                raise IllegalActionError(self._bad_reveal(seat, action.value, options))
        elif kind is Draw:
            if self._pos >= len(self._pile):
                raise IllegalActionError(f"{action!r}: the draw pile is empty, player {seat} can only pass")
        elif kind is Pass:
            if self._draws == 0:
                raise IllegalActionError(f"{action!r}: nobody may pass on a round's first turn (nobody has drawn yet)")
        elif kind is Reveal:
            raise IllegalActionError(f"{action!r}: player {seat} reveals only after drawing; now it is draw or pass")
        else:
            raise IllegalActionError(f"{action!r} is not a Twenty-five action (Draw(), Pass() or Reveal(n))")

    def _change(self, action: Any, plan: None) -> None:
        """Reveal, draw or pass: the checked action happens."""
        seat = self._current
        kind = type(action)
        if kind is Reveal:
            self._reveal(seat, action.value)
            self._revealing = False
            if self._setup_left or self._draws == 0:
                self._continue_setup((seat + 1) % self.game.players)
            else:
                self._current = (seat + 1) % self.game.players
        elif kind is Draw:
            self._log.append(("draw", seat, None))
            hand = self._hands[seat]
            hand.append(self._take())
            self._draws += 1
            self._last_drawer = seat
            options = reveal_options(hand)
            if len(options) > 1:
                self._revealing = True
            else:
                self._reveal(seat, options[0])
                self._current = (seat + 1) % self.game.players
        else:
            self._log.append(("pass", seat, None))
            self._end_round(seat)

    def _options_text(self, seat: int) -> str:
        return " or ".join(str(v) for v in reveal_options(self._hands[seat]))

    def _bad_reveal(self, seat: int, value: Any, options: list[int]) -> str:
        allowed = " or ".join(str(v) for v in options)
        if value not in self._hands[seat]:
            return f"Reveal({value!r}): player {seat} does not hold a {value!r}; they may reveal {allowed}"
        return f"Reveal({value!r}): only the highest card or a 5 may be revealed; player {seat} may reveal {allowed}"

    def _end_round(self, passer: int) -> None:
        """Count the pairs, score the round, and deal the next one unless a total passed 25."""
        n = self.game.players
        pairs = self.pairs_in_play()
        passed = self._last_drawer
        points = round_points(pairs, passer, passed, n)
        done = RoundResult(
            number=self._round, start_player=self._start, passer=passer, passed=passed,
            hands=tuple(tuple(sorted(hand)) for hand in self._hands),
            fields=tuple(tuple(cards) for cards in self._fields),
            pairs=pairs, points=points)
        self._rounds.append(done)
        self._log.append(("scored", passer, done))
        for seat in range(n):
            self._scores[seat] += points[seat]
        if max(self._scores) > TARGET:
            self._current = None
            self._revealing = False
            self._log.append(("over", None, self.result()))
        else:
            self._start_round(passer)  # the passer starts the next round

    def result(self) -> Result:
        """Totals and places: a lower total is better; the highest total loses."""
        return Result(scores=tuple(self._scores), places=places_from_scores(self._scores, lower_is_better=True))

    def _observe(self, seat: int) -> Observation:
        """What ``seat`` may know."""
        return Observation(
            **self._seat_fields(seat),
            hand=tuple(sorted(self._hands[seat])),
            fields=tuple(tuple(cards) for cards in self._fields),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            pile_size=len(self._pile) - self._pos,
            scores=tuple(self._scores),
            phase=self.phase,
            round_number=self._round,
            start_player=self._start,
            draws=self._draws,
            last_drawer=self._last_drawer,
            rounds=tuple(self._rounds),
        )

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state that ``seat`` cannot tell from this one: other hands and the pile redrawn.

        Other hands are drawn jointly from the exact informed posterior of ``seat`` (every
        reveal other than a 5 was the highest card in hand), so no impossible world is imagined
        and each possible one comes with its true probability; the pile is the rest, unordered.
        """
        from cardlib.twentyfive.beliefs import sample_hidden_hands

        other = self.clone()
        if self.is_over:
            return other
        hands = sample_hidden_hands(self.observation(seat), self.game.hand_size, rng)
        unseen = list(PAIRS_DECK)
        for cards in [self._hands[seat]] + self._fields + [list(h) for s, h in enumerate(hands) if s != seat]:
            for card in cards:
                unseen.remove(card)
        for s, hand in enumerate(hands):
            if s != seat:
                other._hands[s] = list(hand)
        other._pile = self._pile[:self._pos] + unseen
        other._fixed = self._pos  # the rest of the pile is unordered: drawn at random
        other._rng = random.Random(rng.getrandbits(64))
        return other

    def __repr__(self) -> str:
        return (f"<twentyfive.State round {self._round}, {self.phase}, player {self._current} to act, "
                f"scores {tuple(self._scores)}>")
