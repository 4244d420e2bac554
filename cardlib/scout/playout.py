"""The search bot's rollouts at speed (stdlib only): a round of SCOUT played to its end on plain lists.

``margin(state, seat, action, rng, player)`` gives what ``bots_search.margin`` gives (the same moves,
the same random draws, the same points) without the rules engine's bookkeeping: no checks, no log,
no history, no copy of the whole game. A ``Table`` holds one round's fields under the engine's own
names (``_hands``, ``_active``, ``_strength``, ...), so every rollout player of bots_search.py plays
on it unchanged; the default player has a faster twin here (``greedy_ss``: the same choice, found
without listing every Scout & Show placement). The two-player game (tokens) keeps the engine's way.
tests/scout/test_bots_playout.py plays seeded rounds both ways and compares every move and score.

>>> import random
>>> from cardlib.scout import Game
>>> from cardlib.scout.bots_search import greedy_ss_move, margin as margin_by_rules
>>> state = Game(players=4).new(seed=3)
>>> for _ in range(4):
...     state.apply(state.legal_actions()[0])
>>> action = state.legal_actions()[0]
>>> margin(state, 0, action, random.Random(1), greedy_ss_move) == margin_by_rules(state, 0, action, random.Random(1), greedy_ss_move)
True
"""
from __future__ import annotations

import random
from typing import Any, Optional

from cardlib.scout.actions import PLAYING, SHOWING, SHOWS, Action, Keep, Scout, ScoutAndShow, Show, Turn, scouts
from cardlib.scout.bots_search import Player, fitting_scout, greedy_move, greedy_ss_move
from cardlib.scout.bots_search import margin as margin_by_rules
from cardlib.scout.groups import show_follows, strongest
from cardlib.scout.rules import State


def group_power(tops: list[int]) -> int:
    """The strength of a valid group of top numbers (as ``groups.power``, which also checks it is one).

    >>> group_power([4, 4]), group_power([6, 5, 4]), group_power([7])
    (84, 100, 39)
    """
    size = len(tops)
    if size == 1:
        return 32 + tops[0]
    first, last = tops[0], tops[-1]
    if first == last:
        return 32 * size + 16 + first
    return 32 * size + (first if first < last else last)


def through(tops: list[int], gap: int, value: int) -> int:
    """``groups.through`` (the strongest group through a card of top ``value`` put in before ``gap``), looking
    only as far as the neighbours continue it.

    >>> through([1, 2, 7, 5, 5], 2, 3), through([1, 2, 7, 5, 5], 3, 5), through([1, 2, 7, 5, 5], 0, 9)
    (97, 117, 41)
    """
    n = len(tops)
    left = tops[gap - 1] - value if gap else 9
    right = tops[gap] - value if gap < n else 9
    if left not in (-1, 0, 1) and right not in (-1, 0, 1):
        return 32 + value  # the card alone: no neighbour continues it
    same = 1
    if left == 0:
        i = gap - 1
        while i >= 0 and tops[i] == value:
            same, i = same + 1, i - 1
    if right == 0:
        i = gap
        while i < n and tops[i] == value:
            same, i = same + 1, i + 1
    best = 32 * same + 16 + value if same > 1 else 32 + value
    below = above = 0  # a run up: ...v-1, v, v+1... (cards below v on the left, above it on the right)
    if left == -1:
        i, want = gap - 1, value - 1
        while i >= 0 and tops[i] == want:
            below, i, want = below + 1, i - 1, want - 1
    if right == 1:
        i, want = gap, value + 1
        while i < n and tops[i] == want:
            above, i, want = above + 1, i + 1, want + 1
    if below + above:
        best = max(best, 32 * (below + above + 1) + value - below)
    above = below = 0  # a run down: ...v+1, v, v-1...
    if left == 1:
        i, want = gap - 1, value + 1
        while i >= 0 and tops[i] == want:
            above, i, want = above + 1, i - 1, want + 1
    if right == -1:
        i, want = gap, value - 1
        while i < n and tops[i] == want:
            below, i, want = below + 1, i + 1, want - 1
    if below + above:
        best = max(best, 32 * (below + above + 1) + value - below)
    return best


def biggest_show(tops: list[int], target: int) -> Optional[Show]:
    """Greedy's show: the most cards beating ``target``, the lowest first number among those, the leftmost
    among equals (``bots_search._biggest_show``); None if nothing beats. Only the longest group from each
    card is looked at: a shorter one from the same card is weaker and shows fewer.

    >>> biggest_show([5, 3, 4, 4, 4, 9], 0), biggest_show([5, 9], 64)
    (Show(3, 5), None)
    """
    n = len(tops)
    best, size, low = None, 0, 0
    for first in range(n):
        value = tops[first]
        last = first + 1
        if last < n and -1 <= tops[last] - value <= 1:
            step = tops[last] - value
            while last + 1 < n and tops[last + 1] - tops[last] == step:
                last += 1
            count = last - first + 1
            strength = 32 * count + (16 + value if step == 0 else value if step == 1 else tops[last])
        else:
            last, count, strength = first, 1, 32 + value
        if strength > target and (count > size or count == size and value < low):
            best, size, low = (first, last), count, value
    return None if best is None else SHOWS[best[0]][best[1]]


class Table:
    """One round of SCOUT (three to five players) as plain lists, under the engine's field names; ``scores``
    is None until the round ends. Set out from a ``rules.State`` (``Table(state)``) or copied (``copy``)."""

    __slots__ = ("game", "_current", "_phase", "_start", "_hands", "_active", "_strength", "_owner", "_markers",
                 "_tokens", "_piles", "_chips", "scores")

    def __init__(self, state: Optional[State] = None) -> None:
        if state is None:
            return
        self.game, self._current, self._phase, self._start = state.game, state._current, state._phase, state._start
        self._hands = [list(hand) for hand in state._hands]
        self._active, self._strength, self._owner = list(state._active), state._strength, state._owner
        self._markers, self._tokens = list(state._markers), None
        self._piles, self._chips = [len(pile) for pile in state._score], list(state._chips)
        self.scores: Optional[list[int]] = None

    def copy(self) -> "Table":
        """An independent copy (the cards are tuples, shared)."""
        other = Table()
        other.game, other._current, other._phase, other._start = self.game, self._current, self._phase, self._start
        other._hands = [list(hand) for hand in self._hands]
        other._active, other._strength, other._owner = list(self._active), self._strength, self._owner
        other._markers, other._tokens = list(self._markers), None
        other._piles, other._chips, other.scores = list(self._piles), list(self._chips), self.scores
        return other

    _scout_and_shows = State._scout_and_shows  # the rules' own placements (the rollout players ask for them)
    _end = State._end

    def apply(self, action: Action) -> None:
        """A legal action happens (unchecked: the rollout players play only legal ones), as ``State.apply``."""
        seat, kind = self._current, type(action)
        players = self.game.players
        if kind is Show:
            hand = self._hands[seat]
            cards = hand[action.first - 1:action.last]
            del hand[action.first - 1:action.last]
            self._piles[seat] += len(self._active)
            self._active, self._owner, self._phase = cards, seat, PLAYING
            self._strength = group_power([card[0] for card in cards])
            if not hand:
                self._score(None)
            else:
                self._pass((seat + 1) % players)
        elif kind is Scout or kind is ScoutAndShow:
            active = self._active
            card = active.pop(-1 if action.end == "right" else 0)
            self._strength = group_power([each[0] for each in active]) if active else 0
            self._hands[seat].insert(action.to - 1, (card[1], card[0]) if action.turned else card)
            self._chips[self._owner] += 1
            if kind is ScoutAndShow:
                self._markers[seat], self._phase = False, SHOWING
            else:
                self._pass((seat + 1) % players)
        elif kind is Keep or kind is Turn:
            if kind is Turn:
                self._hands[seat] = [(card[1], card[0]) for card in reversed(self._hands[seat])]
            following = (seat + 1) % players
            if following == self._start:
                self._phase = PLAYING
            self._current = following
        else:
            raise TypeError(f"{action!r} is not an action of SCOUT")

    def _pass(self, following: int) -> None:
        if following == self._owner:
            self._score(following)  # everyone else only scouted: (ii)
        else:
            self._current = following

    def _score(self, exempt: Optional[int]) -> None:
        """The round's points (score cards, chips, minus the hand but for the exempt); the round is over."""
        self.scores = [self._piles[seat] + self._chips[seat] - (0 if seat == exempt else len(hand))
                       for seat, hand in enumerate(self._hands)]
        self._current = None


def greedy_ss(table: Any, rng: random.Random) -> Action:
    """``bots_search.greedy_ss_move``'s choice and draws, without listing every Scout & Show placement: only
    placements that put the card in a group of 2 or more are checked to have a show to follow."""
    chosen, tops = _before_scouting(table, rng)
    if chosen is not None:
        return chosen
    placements = scouts(Scout, len(tops), len(table._active) == 1)
    return placements[rng.randrange(len(placements))]


def _before_scouting(state: Any, rng: random.Random) -> tuple[Optional[Action], list[int]]:
    """What greedy-ss does before a plain scout, or None: keep or turn at random (greedy's), then its biggest
    show, then its Scout & Show while the marker is unused; and the tops of the hand of the seat to move."""
    if state._phase != PLAYING:
        return greedy_move(state, rng), []
    seat = state._current
    tops = [card[0] for card in state._hands[seat]]
    chosen = biggest_show(tops, state._strength)
    if chosen is None and state._markers[seat]:
        chosen = scout_and_show(state, tops)
    return chosen, tops


def scout_and_show(table: Any, tops: list[int]) -> Optional[ScoutAndShow]:
    """greedy-ss's Scout & Show (no show beats, the marker unused): the placement putting the scouted card in
    the strongest group of 2 or more with a show to follow (the first such), or None."""
    active = table._active
    choice, stronger = None, 63  # 63: stronger than any single card, weaker than any pair
    one = len(active) == 1
    ends = ((None, active[0]),) if one else (("left", active[0]), ("right", active[-1]))
    whole = strongest(tops)
    for end, card in ends:
        target = 0 if one else table._end(end)[1]
        for gap in range(len(tops) + 1):
            for turned in (False, True):
                strength = through(tops, gap, card[1] if turned else card[0])
                if strength > stronger and (one or show_follows(tops, whole, card, target, gap, turned)):
                    choice, stronger = (end, gap + 1, turned), strength
    return None if choice is None else ScoutAndShow(*choice)


def fitting_ss(state: Any, rng: random.Random) -> Action:
    """greedy-ss's choice, but a plain scout goes where the card fits best (``bots_search.fitting_scout``):
    a closer model of the planners, who scout where the card fits. On a rules State or a Table."""
    chosen, tops = _before_scouting(state, rng)
    return chosen if chosen is not None else fitting_scout(state, tops)


FAST = {greedy_ss_move: greedy_ss}  # a rollout player -> its faster twin on a Table
MOVES = 1_000  # a rollout's moves at most. A round can go on for ever: a show of one card is scouted away, the
# next player must show onto the empty table, the one after scouts that away, and so on, no one's hand shrinking
# for good. Deterministic players (the planners) can repeat such a cycle; a real round is a few dozen moves.


def margin(state: Any, seat: int, action: Action, rng: random.Random, player: Player = greedy_move,
           others: float = 1.0) -> float:
    """``bots_search.margin`` on a ``Table``: play ``action``, then ``player`` for everyone to the round's end;
    seat's round score minus ``others`` times the other seats' mean. ``state`` is a rules State or a Table."""
    if type(state) is not Table:
        if state._tokens is not None:
            return margin_by_rules(state, seat, action, rng, player, others)  # two players: the engine's way
        table = Table(state)
    else:
        table = state.copy()
    player = FAST.get(player, player)
    table.apply(action)
    for _ in range(MOVES):
        if table.scores is not None:
            break
        table.apply(player(table, rng))
    if table.scores is None:  # a round that goes round and round: scored as it stands, no one exempt
        table._score(None)
    scores = table.scores
    rest = sum(scores) - scores[seat]
    return scores[seat] - others * rest / (len(scores) - 1)
