"""The search bot's rollouts at speed (stdlib only): climbers play a round of Loop to its end.

``margin(state, seat, action)`` gives what ``bots.margin_by_rules`` gives (the same moves, the same
points) without the rules engine's bookkeeping: no legal-action lists, no checks, no log, no copy of
the game (the chairs between rounds: ``seated``). The round is played on a ``Table`` of
plain lists, each hand a bit mask, and the climber's play is worked out on the masks (``climber.py``);
its two cards set aside are remembered by hand (the same hands come up in every candidate of a world).
tests/loop/test_playout.py checks the two ways agree, choice by choice and margin by margin.

>>> from cardlib.loop.rules import Game
>>> from cardlib.loop.bots import margin_by_rules
>>> state = Game(players=3).new(seed=2)
>>> action = state.legal_actions()[0]
>>> margin(state, 0, action) == margin_by_rules(state, 0, action)
True
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, Optional

from cardlib.loop.actions import EIGHT, SETTING, SITTING, Action, Card, Donden, Pass, Play, SetAside, Sit
from cardlib.loop.chairs import BASE, allowed_chairs
from cardlib.loop.climber import EIGHTS, HIGH, LOW, aside_pair, cards_of, follow, lead, mask
from cardlib.loop.seen import Observation
from cardlib.loop.world import asides_done, deal_unseen, world

MEMORY = 50_000  # hands remembered (a few MB) before the memory starts again: a pure function, results never change
_ASIDE: dict[int, int] = {}  # hand -> the two cards the climber sets aside


def climber_aside(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The two cards the climber sets aside from ``hand`` (``climber.aside_pair``; the first two cards were it ever
    to name cards it may not set aside, as ``bots.climb`` then takes the first legal pair)."""
    found = aside_pair(hand)
    return found if len(set(found)) == 2 and set(found) <= set(hand) else hand[:2]


def _aside(hand: int) -> int:
    """``climber_aside`` on bit masks, remembered."""
    bits = mask(climber_aside(cards_of(hand)))
    if len(_ASIDE) >= MEMORY:
        _ASIDE.clear()
    _ASIDE[hand] = bits
    return bits


class Table:
    """A round of Loop as plain lists, hands as bit masks: what the climbers' play needs and nothing more.

    Set out from a ``rules.State`` in a round, or from anything with the same fields (``imagined_margins``,
    ``seated``)."""

    __slots__ = ("n", "starter", "setting", "hands", "eights", "reversed", "dondened", "trick", "last", "waiting",
                 "in_", "out", "chair", "next", "previous", "current")

    def __init__(self, state: Any) -> None:
        n = self.n = state.game.players
        self.setting = list(state._setting) if state._phase == SETTING else []
        self.starter = state._occupant[state.game.start]  # who leads once everyone has set 2 cards aside
        self.hands = [mask(hand) for hand in state._hands]
        self.eights = [sum(card[0] == EIGHT for card in state._aside[p]) - len(state._revealed[p]) for p in range(n)]
        self.reversed, self.dondened = state._reversed, state._dondened
        self.trick, self.last = mask(state._trick_cards), state._last
        self.in_, self.out = list(state._in), list(state._out)
        # the passes the trick still waits for: every player still in but the last to play
        self.waiting = sum(self.in_[p] and p != self.last and not state._passed[p] for p in range(n))
        self.chair, self.previous, self.current = list(state._chair), list(state._previous), state._current
        # the player at the next chair clockwise (no one moves in a round)
        self.next = [state._occupant[(self.chair[p] + 1) % n] for p in range(n)]

    def copy(self) -> "Table":
        """An independent copy (the lists that change in play copied, the rest shared)."""
        other = Table.__new__(Table)
        other.n, other.starter, other.chair, other.next, other.previous = \
            self.n, self.starter, self.chair, self.next, self.previous
        other.reversed, other.dondened, other.trick, other.last, other.waiting, other.current = \
            self.reversed, self.dondened, self.trick, self.last, self.waiting, self.current
        other.setting, other.hands, other.eights = self.setting[:], self.hands[:], self.eights[:]
        other.in_, other.out = self.in_[:], self.out[:]
        return other

    def finish(self, first: Optional[Action] = None) -> None:
        """``first`` for the player to act (None: the climber's choice), then climbers to the round's end: the
        rules engine's ``_change`` for each move, ``bots.climb``'s choice. Then ``out`` is the finishing order
        (and ``margin`` the result); the rest of the table is left as it was at the start."""
        n, hands, eights, in_, out, following = self.n, self.hands, self.eights, self.in_, self.out, self.next
        setting, trick, last, waiting = self.setting, self.trick, self.last, self.waiting
        current, rev, dondened = self.current, self.reversed, self.dondened
        aside = _ASIDE.get
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
                    cards = follow(hand, trick, rev) if trick else lead(hand, rev)
                    kind = Play if cards else Pass
            if kind is Play:
                hand &= ~cards
                hands[player], trick, last = hand, cards, player
                if not hand:
                    in_[player] = False
                    out.append(player)
                    if len(out) == n - 1:  # the last one still in takes last place
                        out.append(in_.index(True))
                        return
                if cards & EIGHTS:  # it stops the trick: the same player leads (or the next still in)
                    trick, last, current = 0, None, player
                else:
                    current = following[player]
                    waiting = n - len(out) - in_[player]
                while not in_[current]:
                    current = following[current]
                dondened = False
            elif kind is Pass:
                waiting -= 1
                if waiting:
                    current = following[player]
                else:  # everyone else passed: the last to play leads (or the next still in)
                    trick, current, last = 0, last, None
                while not in_[current]:
                    current = following[current]
                dondened = False
            elif kind is Donden:
                eights[player] -= 1
                rev, dondened = not rev, True
            else:
                hands[player] = hand & ~cards
                eights[player] = (cards & EIGHTS).bit_count()
                setting.pop(0)
                current, dondened = setting[0] if setting else self.starter, False
            kind = None

    def margin(self, seat: int) -> float:
        """At the round's end: seat's points minus the others' mean (a chair's previous rank counts in a loop round)."""
        base, n = BASE[self.n], self.n
        points = [0] * n
        for rank, player in enumerate(self.out, start=1):
            previous = self.previous[self.chair[player]]
            points[player] = base[rank - 1] + (0 if previous is None else previous - rank)
        return points[seat] - (sum(points) - points[seat]) / (n - 1)


def margins(state: Any, seat: int, actions: Sequence[Action]) -> list[float]:
    """Each action played in ``state`` (left as it is), then climbers to the round's end: seat's points minus
    the others' mean, an action at a time (the round set out on a table once)."""
    if state._phase == SITTING:
        return [margin(state, seat, action) for action in actions]  # type: ignore[arg-type]
    return _margins(Table(state), seat, actions)


def imagined_margins(obs: Observation, rng: random.Random, actions: Sequence[Action]) -> list[float]:
    """``margins(world(obs, rng), obs.seat, actions)``: in a round, the table is dealt straight from ``obs`` with
    the same draws from ``rng`` as ``world`` (no game is built)."""
    if obs.phase == SITTING:
        return margins(world(obs, rng), obs.seat, actions)
    rng.getrandbits(64)  # world() seeds the imagined game's own random stream first
    done = asides_done(obs)
    hands, asides, _ = deal_unseen(obs, rng, done)
    n = obs.players
    occupant = [obs.chairs.index(chair) for chair in range(n)]
    order = [occupant[(obs.start + step) % n] for step in range(n)]
    seen = SimpleNamespace(  # what Table reads of a State, as world() would set it
        game=SimpleNamespace(players=n, start=obs.start), _phase=obs.phase, _setting=[p for p in order if not done[p]],
        _hands=hands, _aside=asides, _revealed=obs.revealed, _reversed=obs.reversed,
        _dondened=bool(obs.log) and obs.log[-1][0] == "donden", _trick_cards=obs.trick, _last=obs.last,
        _passed=obs.passed, _in=[player not in obs.out for player in range(n)], _out=obs.out, _chair=obs.chairs,
        _occupant=occupant, _previous=obs.previous, _current=obs.current_player)
    return _margins(Table(seen), obs.seat, actions)


def _margins(table: Table, seat: int, actions: Sequence[Action]) -> list[float]:
    found = []
    for action in actions:
        copy = table.copy()
        copy.finish(action)
        found.append(copy.margin(seat))
    return found


def margin(state: Any, seat: int, action: Action) -> float:
    """Play ``action`` in ``state`` (left as it is), then climbers to the round's end: seat's points minus the
    others' mean."""
    if state._phase == SITTING:  # the chairs, then the next round on a table
        table = seated(state, action)
        table.finish()
    else:
        table = Table(state)
        table.finish(action)
    return table.margin(seat)


def seated(state: Any, action: Sit) -> Table:
    """The next round on a table, once the player to choose has taken ``action``'s chair and the climbers after
    them theirs (``bots.climb_move``: the chair whose last occupant finished worst): ``rules.State._sit`` and
    ``_start_round``."""
    n, ranks, occupant = state.game.players, state._ranks, state._occupant
    before, chosen, waiting = dict(enumerate(state._chair)), dict(state._chosen), state._waiting[1:]
    chosen[state._current] = action.chair
    while waiting:
        allowed = allowed_chairs(waiting[0], before, chosen, waiting[1:])
        chosen[waiting.pop(0)] = max(allowed, key=lambda chair: (ranks[occupant[chair]], -chair))
    hands, asides = state._hands, state._aside
    at_chair = [state._piles[chair] + hands[occupant[chair]] + asides[occupant[chair]] for chair in range(n)]
    chairs = [chosen[player] for player in range(n)]
    occupants = [chairs.index(chair) for chair in range(n)]
    order = [occupants[(state.game.start + step) % n] for step in range(n)]
    return Table(SimpleNamespace(  # a round's start, as rules.State._start_round sets it
        game=state.game, _phase=SETTING, _setting=order, _hands=[at_chair[chairs[player]] for player in range(n)],
        _aside=[[]] * n, _revealed=[[]] * n, _reversed=False, _dondened=False, _trick_cards=(), _last=None,
        _passed=[False] * n, _in=[True] * n, _out=[], _chair=chairs, _occupant=occupants,
        _previous=[ranks[occupant[chair]] for chair in range(n)], _current=order[0]))
