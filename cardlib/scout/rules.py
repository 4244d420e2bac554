"""SCOUT: the rules engine (stdlib only).

Specification: shared/rules/scout.md. Each round every card is dealt, each way up at random;
each player keeps or turns the whole hand, then on a turn shows adjacent cards that beat the
active set, scouts a card from one of its ends into the hand, or (once a round) scouts and then
shows. A round ends when a hand is empty (i), or when the turn comes back to the owner of the
active set because everyone else only scouted (ii). Groups and the beating order are in groups.py.

>>> state = Game(players=3).new(seed=1)
>>> [str(action) for action in state.legal_actions()]
['keep', 'turn']
>>> for _ in range(3):
...     state.apply(KEEP)
>>> state.observation(0).phase, state.current_player, str(state.legal_actions()[0])
('play', 0, 'show 1')
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional

from cardlib.core.actions import action_kind
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError, RulesError, check_players, check_seat, whole_number
from cardlib.core.protocol import Result, places_from_scores
from cardlib.scout.actions import (KEEP, KEEPING, OVER, PLAYING, SHOWING, SHOWS, TURN, Action, Keep, Observation,
                                   RoundTally, Scout, ScoutAndShow, Show, Turn, scouts)
from cardlib.scout.deal import canonical, flipped, shuffled, stacked_blocks, two_player_blocks
from cardlib.scout.seen import determinize, observe
from cardlib.scout.groups import HAND_SIZES, REMOVED, Card, beating, deck, follow_gaps, power, set_power, show_follows, strongest

__all__ = ["Game", "State", "Observation"]

TITLE = "SCOUT"
TOKENS = 3  # the two-player game: Scout tokens each player takes each round
ACTIONS = "keep, turn, Show(first, last), Scout(end, to, turned) or ScoutAndShow(end, to, turned)"
# how a round ended: a hand emptied (i), the turn came back to the owner (ii), a two-player turn stuck
EMPTIED, CAME_BACK, STUCK = "emptied", "came back", "stuck"


# --- the game ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """Rule options: 3 to 5 players (the sheet) or 2 (the official variant), the first round's
    start player, and how many rounds (None: the rules' count, one per player; two with two).

    >>> Game(players=4).rounds_to_play, Game(players=2).rounds_to_play, Game(players=3, rounds=1).rounds_to_play
    (4, 2, 1)
    >>> Game(players=6)
    Traceback (most recent call last):
    ...
    cardlib.core.errors.RulesError: SCOUT is for 2 to 5 players, not 6
    """

    players: int = 3
    start: int = 0
    rounds: Optional[int] = None

    def __post_init__(self) -> None:
        check_players(TITLE, self.players, (2, 3, 4, 5))
        check_seat("start", self.start, self.players)
        most = 2 if self.players == 2 else self.players
        if self.rounds is not None and (not whole_number(self.rounds) or not 1 <= self.rounds <= most):
            raise RulesError(f"rounds must be a whole number from 1 to {most} with {self.players} players "
                             f"(or None for {most}), not {self.rounds!r}")

    @property
    def rounds_to_play(self) -> int:
        """The number of rounds: as many as players (two in the two-player game) unless fewer were asked."""
        return self.rounds or (2 if self.players == 2 else self.players)

    @property
    def block(self) -> int:
        """How many cards one round deals: 36, 44 or 45; 22 in the two-player game."""
        return 2 * HAND_SIZES[2] if self.players == 2 else len(deck(self.players))

    def new(self, seed: Optional[int] = None, deck: Optional[Sequence[Sequence[int]]] = None) -> "State":
        """A new game; ``deck`` stacks the first round's deal or every round's, top card first.

        Seat 0 gets the first block of cards in hand order left to right, then seat 1, and so on;
        each card is (top, bottom) as dealt. Rounds the deck does not cover are shuffled from ``seed``.

        >>> Game(players=4).new(deck=[(1, 2)] * 44)
        Traceback (most recent call last):
        ...
        cardlib.core.errors.RulesError: deck: round 1's block holds (1, 2) 44 times; each card comes once
        """
        return State(self, random.Random(seed), stacked_blocks(self.players, self.block, self.rounds_to_play, deck) if deck is not None else [])


# --- the state ---------------------------------------------------------------------------------

class State(Engine):
    """A position in a game of SCOUT (the bookkeeping is Engine's; the rules are here)."""

    __slots__ = ("_hands", "_seen", "_active", "_owner", "_phase", "_round", "_start", "_score", "_chips",
                 "_markers", "_tokens", "_totals", "_blocks", "_box", "_strength", "_tallies")

    def __init__(self, game: Game, rng: random.Random, blocks: list[list[Card]]) -> None:
        super().__init__(game, rng)
        n = game.players
        self._blocks = blocks  # the stacked deals still to come, one per round
        self._totals = [0] * n
        self._tallies: list[RoundTally] = []  # the finished rounds
        self._round = 0
        self._start = game.start
        self._box: list[Card] = []  # cards out of this round: removed for the player count, set aside
        if n == 2:  # both rounds' cards are shuffled together once; round 2's 22 wait face down
            self._blocks = two_player_blocks(blocks, rng)
        self._deal()

    def _deal(self) -> None:
        """A round starts: the deal (stacked, or shuffled from the seed), markers, tokens, and keep or turn."""
        n = self.game.players
        size = HAND_SIZES[n]
        if n == 2:  # out of play: the 9/10, and in round 2 round 1's cards (round 2's wait in _blocks)
            cards = self._blocks.pop(0)
            dealt = {canonical(card) for block in [cards, *self._blocks] for card in block}
            self._box = [card for card in deck(2) if card not in dealt] + list(REMOVED[2])
        else:
            cards = self._blocks.pop(0) if self._blocks else shuffled(list(deck(n)), self._rng)
            self._box = list(REMOVED[n])
        self._hands = [list(cards[seat * size:(seat + 1) * size]) for seat in range(n)]
        self._seen = [[False] * size for _ in range(n)]
        self._active: list[Card] = []
        self._strength = 0  # the active set's strength (groups.power); 0 with none: anything beats it
        self._owner: Optional[int] = None
        self._score: list[list[Card]] = [[] for _ in range(n)]
        self._chips = [0] * n
        self._markers = [n != 2] * n  # True while unused; the two-player game has none
        self._tokens = [TOKENS] * n if n == 2 else None
        self._round += 1
        self._phase = KEEPING
        self._current = self._start
        self._log.append(("round", self._start, self._round))

    # -- the table --

    @property
    def phase(self) -> str:
        """'keep' (round start), 'play' (a turn), 'show' (after scout & show) or 'over'."""
        return OVER if self._current is None else self._phase

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand as held, (top, bottom) left to right (the whole truth: for tests, never for agents)."""
        return tuple(self._hands[seat])

    @property
    def active(self) -> tuple[Card, ...]:
        """The active set, in its owner's hand order."""
        return tuple(self._active)

    @property
    def owner(self) -> Optional[int]:
        """The seat that showed last this round (it stays the owner if its set is scouted away)."""
        return self._owner

    def all_cards(self) -> tuple[Card, ...]:
        """Every card, whichever way up it lies: hands, the active set, score cards, then the cards out of play."""
        cards: list[Card] = []
        for hand in self._hands:
            cards += hand
        for pile in [self._active, *self._score, *(self._blocks if self.game.players == 2 else ())]:
            cards += pile
        return tuple(sorted(canonical(card) for card in cards + self._box))

    # -- the decisions --

    def _legal_actions(self, seat: int) -> list[Action]:
        """Keep or turn at the round start; on a turn every beating show, then every scout and scout & show."""
        if self._phase == KEEPING:
            return [KEEP, TURN]
        hand, active = self._hands[seat], self._active
        tops = [card[0] for card in hand]
        legal: list[Action] = beating(tops, self._strength, SHOWS)
        if self._phase == SHOWING or not active:
            return legal
        tokens = self._tokens
        if tokens is None or tokens[seat]:
            legal += scouts(Scout, len(hand), len(active) == 1)
        if self._markers[seat]:
            legal += self._scout_and_shows(tops)
        return legal

    def _scout_and_shows(self, tops: list[int]) -> list[ScoutAndShow]:
        """Every Scout & Show placement after which some show beats what is left of the active set."""
        active = self._active
        placements = scouts(ScoutAndShow, len(tops), len(active) == 1)
        if len(active) == 1:
            return list(placements)  # the set is scouted away: any group may follow
        best = strongest(tops)
        gaps = {}  # end -> (gaps kept, gaps turned): where the card may go with a show to follow
        for end in ("left", "right"):
            card, target = self._end(end)
            gaps[end] = (follow_gaps(tops, best, card[0], target), follow_gaps(tops, best, card[1], target))
        return [action for action in placements if gaps[action.end][action.turned][action.to - 1]]

    def _end(self, end: Optional[str]) -> tuple[Card, int]:
        """The card at one end of the active set, and the strength of what would be left without it."""
        active = self._active
        if len(active) == 1:
            return active[0], 0
        if end == "left":
            return active[0], set_power(active[1:])
        return active[-1], set_power(active[:-1])

    def _check(self, action: object) -> Any:
        """IllegalActionError saying what and why; nothing changes."""
        kind, seat = action_kind(action, (Keep, Turn, Show, Scout, ScoutAndShow), "SCOUT", ACTIONS), self._current
        if self._phase == KEEPING:
            if kind in (Keep, Turn):
                return None
            raise IllegalActionError(f"{action}: the round is starting; player {seat} first keeps or turns the "
                                     "whole hand (keep or turn)")
        if kind in (Keep, Turn):
            raise IllegalActionError(f"{action}: a hand is kept or turned only at the start of a round, "
                                     "before the first turn")
        hand, active = self._hands[seat], self._active
        if kind is Show:
            self._check_show(action, hand, active)  # type: ignore[arg-type]
            return None
        if self._phase == SHOWING:
            raise IllegalActionError(f"{action}: player {seat} has just scouted with Scout & Show and must now show")
        return self._check_scout(action, seat, hand, active)  # type: ignore[arg-type]

    def _check_show(self, action: Show, hand: list[Card], active: list[Card]) -> None:
        first, last = action.first, action.last
        if not (whole_number(first) and whole_number(last)):
            raise IllegalActionError(f"{action!r}: positions are whole numbers")
        if not 1 <= first <= last <= len(hand):
            if first > last:
                raise IllegalActionError(f"{action}: {first} comes after {last}; a show is the cards from a "
                                         "position to the same or a later one, adjacent in the hand")
            raise IllegalActionError(f"{action}: the hand has {len(hand)} cards, positions 1 to {len(hand)}")
        tops = [card[0] for card in hand[first - 1:last]]
        strength = power(tops)
        if strength is None:
            raise IllegalActionError(f"{action}: {'-'.join(map(str, tops))} is no group (one card, a set of one "
                                     "number, or a run going up or down by one)")
        if strength <= self._strength:
            shown = '-'.join(str(card[0]) for card in active)
            raise IllegalActionError(f"{action}: {'-'.join(map(str, tops))} does not beat the active set {shown} "
                                     "(more cards beat fewer; then a set beats a run; then the higher lowest number)")

    def _check_scout(self, action: Scout, seat: int, hand: list[Card], active: list[Card]) -> None:
        words = action.WORDS
        if not active:
            raise IllegalActionError(f"{action}: there is no active set to scout from; show a group instead")
        if self._tokens is not None:
            if type(action) is ScoutAndShow:
                raise IllegalActionError(f"{action}: the two-player game has no Scout & Show")
            if not self._tokens[seat]:
                raise IllegalActionError(f"{action}: player {seat} has no Scout token left; show instead")
        elif type(action) is ScoutAndShow and not self._markers[seat]:
            raise IllegalActionError(f"{action}: player {seat} has used Scout & Show this round already (once a round)")
        if len(active) == 1 and action.end is not None:
            raise IllegalActionError(f"{action}: the active set has one card and so one end: "
                                     f"{words} to P [turned]")
        if len(active) > 1 and action.end not in ("left", "right"):
            raise IllegalActionError(f"{action!r}: the active set has {len(active)} cards; "
                                     f"{words} left or {words} right")
        if not whole_number(action.to) or not 1 <= action.to <= len(hand) + 1:
            raise IllegalActionError(f"{action}: the card goes in at a position from 1 to {len(hand) + 1} "
                                     f"(the hand has {len(hand)} cards)")
        if type(action.turned) is not bool:
            raise IllegalActionError(f"{action!r}: turned is True or False")
        if type(action) is ScoutAndShow:
            tops = [card[0] for card in hand]
            if not show_follows(tops, strongest(tops), *self._end(action.end), action.to - 1, action.turned):
                raise IllegalActionError(f"{action}: after this scout no group in the hand would beat what is left "
                                         "of the active set; Scout & Show needs a show to follow")

    def _change(self, action: Action, plan: None) -> None:
        """The checked action happens; then whose turn it is, or the round's end."""
        seat = self._current
        kind = type(action)
        if kind is Keep or kind is Turn:
            if kind is Turn:
                self._hands[seat] = [flipped(card) for card in reversed(self._hands[seat])]
            self._log.append((str(action), seat, None))
            following = (seat + 1) % self.game.players
            if following == self._start:
                self._phase = PLAYING
            self._current = following
        elif kind is Show:
            self._show(seat, action)  # type: ignore[arg-type]
        else:
            self._scout(seat, action)  # type: ignore[arg-type]

    def _show(self, seat: int, action: Show) -> None:
        hand, seen = self._hands[seat], self._seen[seat]
        cards = hand[action.first - 1:action.last]
        del hand[action.first - 1:action.last]
        del seen[action.first - 1:action.last]
        taken = len(self._active)
        self._score[seat] += self._active
        self._active, self._owner = cards, seat
        self._strength = set_power(cards)
        self._phase = PLAYING
        self._log.append(("show", seat, (action.first, action.last, tuple(cards), taken)))
        if not hand:
            self._end_round(EMPTIED, seat, None)
            return
        self._pass_turn((seat + 1) % self.game.players)

    def _scout(self, seat: int, action: Scout) -> None:
        active = self._active
        card = active.pop(0 if action.end != "right" else -1)
        self._strength = set_power(active)
        if action.turned:
            card = flipped(card)
        self._hands[seat].insert(action.to - 1, card)
        self._seen[seat].insert(action.to - 1, True)
        owner = self._owner
        if self._tokens is not None:
            self._tokens[seat] -= 1
        else:
            self._chips[owner] += 1  # type: ignore[index]
        words = ScoutAndShow.WORDS if type(action) is ScoutAndShow else Scout.WORDS
        chip = owner if self._tokens is None else None  # who got a chip (none in the two-player game)
        self._log.append((words, seat, (action.end, action.to, card, action.turned, chip)))
        if type(action) is ScoutAndShow:
            self._markers[seat] = False
            self._phase = SHOWING
        elif self._tokens is not None:
            self._pass_turn(seat)  # two players: the same player decides again
        else:
            self._pass_turn((seat + 1) % self.game.players)

    def _pass_turn(self, following: int) -> None:
        """The turn goes to ``following``, unless the round ends there: (ii), or a stuck two-player turn."""
        if self._tokens is None:
            if following == self._owner:
                self._end_round(CAME_BACK, following, following)  # everyone else only scouted: (ii)
                return
        elif not self._can_act(following):
            self._end_round(STUCK, following, self._owner)
            return
        self._current = following

    def _can_act(self, seat: int) -> bool:
        """Two players: whether ``seat`` can scout (a token and an active set) or show a beating group."""
        if not self._active:
            return True
        if self._tokens[seat]:  # type: ignore[index]
            return True
        return strongest([card[0] for card in self._hands[seat]])[0] > self._strength

    def _end_round(self, reason: str, ender: int, exempt: Optional[int]) -> None:
        """Score the round (score cards, chips, tokens, minus the hand but for the exempt), then the next round or the end."""
        n = self.game.players
        held = tuple(len(hand) for hand in self._hands)
        scores = []
        for seat in range(n):
            score = len(self._score[seat]) + self._chips[seat] - (0 if seat == exempt else held[seat])
            if self._tokens is not None:
                score += self._tokens[seat]
            scores.append(score)
            self._totals[seat] += score
        self._tallies.append(RoundTally(
            self._round, self._start, reason, ender, exempt, tuple(len(pile) for pile in self._score),
            tuple(self._chips), tuple(self._tokens) if self._tokens is not None else None, held, tuple(scores)))
        self._log.append(("round end", exempt, (reason, tuple(scores))))
        if self._round == self.game.rounds_to_play:
            self._log.append(("end", None, tuple(self._totals)))
            self._phase = OVER
            self._current = None
            return
        self._start = (self._start + 1) % n
        self._deal()

    # -- the end --

    def result(self) -> Result:
        """Scores are the totals of the rounds played; the highest wins, ties sharing the place."""
        return Result(scores=tuple(self._totals), places=places_from_scores(self._totals, lower_is_better=False))

    # -- what a seat may see (seen.py) --

    def _observe(self, seat: int) -> Observation:
        """Own hand in full; the cards others scouted, where they went; every count; the active set and its owner."""
        return observe(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A game ``seat`` cannot tell from this one: the cards it has not seen dealt again (seen.py)."""
        return determinize(self, seat, rng)

    def __repr__(self) -> str:
        active = "-".join(str(card[0]) for card in self._active) or "none"
        return (f"<SCOUT: round {self._round}, {self.phase}, player {self._current}; active {active} "
                f"(owner {self._owner}); history {len(self._history)}>")
