"""Bots for SCOUT, from random to searching (stdlib, and numpy for the learned value). Each sees only its observation.

- ``RandomAgent`` (core): any legal action.
- ``GreedyBot``: shows the most cards it can (the weakest such group), else scouts at random.
  Cheap: the search bot's rollouts play it.
- ``PlannerBot``: plans the hand as the fewest groups (``pieces``). It keeps or turns to the
  better plan, shows a group that leaves the plan whole with the least strength spent, scouts a
  card where it extends a group, and spends Scout & Show when the show takes a big set.
- ``SearchBot``: flat Monte Carlo. For the planner's best few actions it imagines worlds from its
  observation (world.py), plays each to the end of the round with greedy players that also Scout &
  Show when they cannot show (bots_search.py),
  and takes the action with the best mean margin (its round score minus the others' mean) plus twice
  the action's learned worth (bots_value.py: a small network trained by self-play). With ``keeps`` it
  searches keep-or-turn the same way, from the round's start.

>>> pieces([3, 4, 5, 9, 9, 1])          # 3-4-5, 9-9, 1
3
"""
from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Optional

from cardlib.core.agents import RandomAgent
from cardlib.scout.actions import KEEP, KEEPING, TURN, Action, Observation, Scout, ScoutAndShow, Show
from cardlib.scout.bots_value import Advantage
from cardlib.scout.bots_worlds import read
from cardlib.scout.bots_search import (CHIP, MARKER, fitting_move, greedy_move, greedy_ss_move, outlook, pieces,
                                       planner_ss_move, planning_move, scouted, turned_tops, without)
from cardlib.scout.groups import power
from cardlib.scout.playout import Table, fitting_ss, margin
from cardlib.scout.seen import determinize
from cardlib.scout.world import world

__all__ = ["GreedyBot", "PlannerBot", "RandomAgent", "SearchBot", "greedy_move", "pieces", "turned_tops"]
VALUE = 2.0  # the learned advantage's weight beside the rollouts' mean margin (issue 25's screens: 1 to 3 alike)
PLAYERS = {"greedy-ss": greedy_ss_move, "greedy": greedy_move, "fitting": fitting_move,  # the rollouts' players
           "planner": planning_move, "planner-ss": planner_ss_move,  # (bots_search.py)
           "fitting-ss": fitting_ss}  # (playout.py)


class GreedyBot:
    """Keeps the hand; shows the most cards it can (the weakest of those), else scouts at random."""

    name = "greedy"

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The biggest show (weakest among equals), else any plain scout."""
        return greedy(legal, obs.hand, rng)

    def __repr__(self) -> str:
        return "GreedyBot()"


def greedy(legal: Sequence[Action], hand: Sequence[tuple[int, int]], rng: random.Random) -> Action:
    """GreedyBot's choice from the legal actions and the hand (the rollouts call it on a state)."""
    best: Optional[Show] = None
    best_key = (0, 0)
    scouts = []
    for action in legal:
        kind = type(action)
        if kind is Show:
            size = action.last - action.first + 1
            key = (size, -hand[action.first - 1][0])
            if key > best_key:
                best, best_key = action, key
        elif kind is Scout:
            scouts.append(action)
    if best is not None:
        return best
    if scouts:
        return scouts[rng.randrange(len(scouts))]
    return legal[rng.randrange(len(legal))]  # keep or turn: either, at random


class PlannerBot:
    """Plans the hand as the fewest groups and plays the move that keeps the plan best (see the module)."""

    name = "planner"
    MARKER, CHIP = MARKER, CHIP  # the marker's and a chip's worth in points (bots_search.py's, for the rollouts)

    def __init__(self, turns: bool = True) -> None:
        self.turns = turns  # False: always keeps the hand as dealt (to measure what turning is worth)

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the highest value (``values``)."""
        if obs.phase == KEEPING:
            better = self.turns and outlook(turned_tops(obs.hand)) > outlook(obs.tops)
            return TURN if better else KEEP
        ranked = self.values(obs, legal)
        return max(ranked, key=ranked.__getitem__)

    def values(self, obs: Observation, legal: Sequence[Action]) -> dict[Action, float]:
        """Each legal action's value: points expected from it, roughly (the plan's change, cards taken, chips)."""
        tops = list(obs.tops)
        before = pieces(tops)
        back_to_owner = obs.owner is not None and (obs.seat + 1) % obs.players == obs.owner
        values: dict[Action, float] = {}
        scouts: list[tuple[float, ScoutAndShow]] = []
        for action in legal:
            kind = type(action)
            if kind is Show:
                values[action] = self._show_value(tops, before, action, len(obs.active))
            elif kind is Scout:
                after, _ = scouted(obs, tops, action)
                value = before + 1 - pieces(after) - 1 - self.CHIP * (obs.tokens is None)
                if back_to_owner:  # everyone else scouted: scouting now ends the round with my hand in it
                    value -= len(tops) / 2
                values[action] = value
            else:
                after, _ = scouted(obs, tops, action)
                scouts.append((before + 1 - pieces(after), action))
        if scouts:  # Scout & Show: judge the few best placements by the show that can follow
            scouts.sort(key=lambda pair: -pair[0])
            for gain, action in scouts[:6]:
                values[action] = gain - 1 - self.CHIP - self.MARKER + self._best_follow(obs, tops, action)
        return values

    def _show_value(self, tops: list[int], before: int, action: Show, taken: int) -> float:
        left = without(tops, action)
        shown = power(tops[action.first - 1:action.last]) or 0
        if not left:
            return 10.0 + taken  # the hand empties: the round ends now, with nothing held
        kept_whole = before - 1 - pieces(left)  # 0 when the show is one piece of the plan
        return taken + (action.last - action.first + 1) * 0.5 + kept_whole - shown / 1000

    def _best_follow(self, obs: Observation, tops: list[int], action: ScoutAndShow) -> float:
        after, rest = scouted(obs, tops, action)
        target = power([card[0] for card in rest]) if rest else 0
        before, best = pieces(after), float("-inf")
        for first in range(1, len(after) + 1):
            for last in range(first, len(after) + 1):
                strength = power(after[first - 1:last])
                if strength is None:
                    break
                if strength > target:
                    best = max(best, self._show_value(after, before, Show(first, last), len(rest)))
        return best

    def __repr__(self) -> str:
        return "PlannerBot()" if self.turns else "PlannerBot(turns=False)"


class SearchBot:
    """Flat Monte Carlo: the planner's best ``width`` actions, each played on in ``rollouts`` imagined
    worlds to the round's end by ``player`` for every seat ("greedy-ss", "fitting-ss", "greedy", "fitting", "planner"
    or "planner-ss": bots_search.py); the best mean margin wins (the same worlds for each). ``keeps`` > 0:
    keep or turn is searched so too, with that many worlds (0: the planner's choice). ``others`` weighs the
    others' mean in the margin. ``reads`` > 0: each imagined world's unseen cards are turned (up to that many
    draws a hand) until every other seat's keep or turn is the planner's choice (bots_worlds.py). ``final`` > 0:
    the best two then play on in that many worlds more (more rollouts where the choice is closest). ``value`` > 0:
    at three to five players each candidate's learned advantage (bots_value.py), times ``value``, is added to
    its mean margin (``VALUE`` by default; 0: the rollouts alone); with ``rollouts=0`` the advantage alone chooses."""

    name = "search"

    def __init__(self, rollouts: int = 24, width: int = 5, keeps: int = 0, player: str = "greedy-ss",
                 others: float = 1.0, reads: int = 0, final: int = 0, value: float = VALUE) -> None:
        if player not in PLAYERS:
            raise ValueError(f"player is one of {', '.join(PLAYERS)}, not {player!r}")
        self.rollouts, self.width, self.keeps, self.player, self.others = rollouts, width, keeps, player, others
        self.reads, self.final, self.value = reads, final, value
        self.planner = PlannerBot()

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best mean margin over the rollouts plus its learned worth times ``value`` (the
        planner's keep or turn unless ``keeps``)."""
        if len(legal) == 1 or (obs.phase == KEEPING and not self.keeps):
            return self.planner.act(obs, legal, rng)
        if obs.phase == KEEPING:
            return self._best(obs, list(legal), self.keeps, rng)
        values = self.planner.values(obs, legal)
        candidates = sorted(values, key=values.__getitem__, reverse=True)[:self.width]
        if len(candidates) == 1:
            return candidates[0]
        learned = None
        if self.value and obs.tokens is None:  # the network learned three to five players (no tokens)
            learned = dict(zip(candidates, (self.value * worth for worth in advantage()(obs, candidates, values))))
            if not self.rollouts:
                return max(candidates, key=learned.__getitem__)
        return self._best(obs, candidates, self.rollouts, rng, learned)

    def _best(self, obs: Observation, candidates: list[Action], worlds: int, rng: random.Random,
              learned: Optional[dict[Action, float]] = None) -> Action:
        """The candidate with the best mean margin over ``worlds`` imagined worlds (the same for each), plus its
        ``learned`` worth; with ``final``, the best two are then played on in that many worlds more."""
        player = PLAYERS[self.player]
        if obs.phase == KEEPING:  # the seats after this one keep or turn as the planner does
            player = _planning_keeps(player)
        totals = dict.fromkeys(candidates, 0.0)
        base = world(obs, rng)
        self._play(obs, base, candidates, worlds, totals, player, rng)
        played = worlds

        def score(action: Action) -> float:  # the total margin, plus the learned worth for every world played
            return totals[action] + (played * learned[action] if learned else 0.0)

        if self.final and len(candidates) > 2:
            best = sorted(candidates, key=score, reverse=True)[:2]
            candidates = [action for action in candidates if action in best]  # their order: ties go as before
            self._play(obs, base, candidates, self.final, totals, player, rng)
            played += self.final
        return max(candidates, key=score)

    def _play(self, obs: Observation, base, candidates: list[Action], worlds: int, totals: dict, player,
              rng: random.Random) -> None:
        """Add each candidate's margin in ``worlds`` more imagined worlds to ``totals`` (the same worlds for each)."""
        for _ in range(worlds):
            imagined = determinize(base, obs.seat, rng)
            if self.reads:  # the others' unseen cards the way up their keep or turn says (bots_worlds.py)
                read(imagined, obs.seat, rng, self.reads)
            if imagined._tokens is None:  # three to five players: the rollouts play on a Table (playout.py)
                imagined = Table(imagined)
            seed = rng.getrandbits(32)
            for action in candidates:
                totals[action] += margin(imagined, obs.seat, action, random.Random(seed), player, self.others)

    def __repr__(self) -> str:
        options = [f"rollouts={self.rollouts}", f"width={self.width}"]
        if self.keeps:
            options.append(f"keeps={self.keeps}")
        if self.player != "greedy-ss":
            options.append(f"player={self.player!r}")
        if self.others != 1.0:
            options.append(f"others={self.others}")
        if self.reads:
            options.append(f"reads={self.reads}")
        if self.final:
            options.append(f"final={self.final}")
        if self.value != VALUE:
            options.append(f"value={self.value}")
        return f"SearchBot({', '.join(options)})"


@functools.lru_cache(maxsize=1)
def advantage() -> Advantage:
    """The learned advantage, read once a process (bots_value.py)."""
    return Advantage()


def _planning_keeps(player):
    """``player``, keeping or turning at a round's start as the planner does (by the outlook)."""
    def move(state, rng: random.Random) -> Action:
        if state._phase == KEEPING:
            tops = [card[0] for card in state._hands[state._current]]
            return TURN if outlook(turned_tops(state._hands[state._current])) > outlook(tops) else KEEP
        return player(state, rng)
    return move
