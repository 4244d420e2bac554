"""Bots for Loop (stdlib only). Each sees only its observation.

- ``RandomAgent`` (core): any legal action.
- ``ClimberBot``: a heuristic climber. It sets aside the two cards hardest to play (lone cards that
  are weak in the order it expects), or an 8 with a plan for donden when its hand is low; it leads
  its biggest, weakest combination; it follows with the weakest combination that beats, keeping its
  8s to stop a trick late; it declares donden when the reversed order suits its hand; and it takes
  the chair whose last occupant finished worst, where finishing better earns the most.
- ``SearchBot``: determinized rollouts. For each of a few candidate actions (the climber's choice,
  pass, donden, the weakest of each form; a few pairs to set aside; every chair), it imagines worlds
  from its observation alone (``world.py``), plays each candidate on to the round's end with
  climbers, and takes the best mean margin: its round points minus the others' mean. The rollouts
  are played by ``playout.py`` (the same moves as the rules engine's, without its bookkeeping).

>>> from cardlib.loop.rules import Game
>>> state = Game(players=3).new(seed=1)
>>> type(ClimberBot().act(state.observation(0), state.legal_actions(), None)).__name__
'SetAside'
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, Optional

from cardlib.core.agents import RandomAgent
from cardlib.loop.actions import DONDEN, EIGHT, PASS, Action, Card, Play, SetAside, Sit
from cardlib.loop.climber import _lone, aside_pair, low_hand
from cardlib.loop.combos import combo
from cardlib.loop.playout import imagined_margins
from cardlib.loop.seen import Observation
from cardlib.loop.world import world

__all__ = ["ClimberBot", "RandomAgent", "SearchBot"]



def _strength(number: int, reversed_order: bool) -> int:
    """How strong a number is now: higher is stronger (the order reversed under donden)."""
    return -number if reversed_order else number


def rank_at(obs: Observation, chair: int) -> int:
    """The rank the player in ``chair`` just finished with (between rounds: the loop round's reference)."""
    player = obs.chairs.index(chair)
    return obs.out.index(player) + 1


class ClimberBot:
    """The heuristic climber described in the module docstring."""

    name = "climber"

    def act(self, obs: Observation, legal: Sequence[Action], rng: Optional[random.Random]) -> Action:
        """One decision: a pair to set aside, a chair, donden, a play or a pass."""
        if type(legal[0]) is Sit:
            return max(legal, key=lambda action: (rank_at(obs, action.chair), -action.chair))  # type: ignore
        return climb(obs.hand, obs.trick, obs.reversed, legal)

    def __repr__(self) -> str:
        return "ClimberBot()"


LATE = 4  # with this many cards or fewer, an 8 is played to win the lead


def climb(hand: Sequence[Card], trick: Sequence[Card], reversed_order: bool, legal: Sequence[Action]) -> Action:
    """The climber's choice in a round (set aside, donden, play or pass) from the hand and the table alone."""
    if type(legal[0]) is SetAside:
        return _set_aside(hand, legal)
    if DONDEN in legal and low_hand(hand) != reversed_order:
        return DONDEN
    plays = [action for action in legal if type(action) is Play]
    return _play(hand, trick, reversed_order, plays) if plays else PASS


def _set_aside(hand: Sequence[Card], legal: Sequence[Action]) -> Action:
    wanted = SetAside(aside_pair(hand))
    return wanted if wanted in legal else legal[0]


def _play(hand: Sequence[Card], trick: Sequence[Card], reversed_order: bool, plays: list[Play]) -> Action:
    leading = not trick
    late = len(hand) <= LATE
    quiet = [action for action in plays if not any(card[0] == EIGHT for card in action.cards)]
    if not leading and not quiet:
        return min(plays, key=lambda action: len(action.cards)) if late else PASS
    choices = quiet or plays
    if leading:  # the biggest combination, weakest first: rid the hand of most cards
        return max(choices, key=lambda a: (len(a.cards), -_strength(combo(a.cards).number, reversed_order)))
    return min(choices, key=lambda a: _strength(combo(a.cards).number, reversed_order))  # the weakest that beats


def climb_move(state: Any) -> Action:
    """The climber's choice straight from a state (the rollouts' speed: no observation is built)."""
    legal = state.legal_actions()
    if type(legal[0]) is Sit:
        return max(legal, key=lambda action: (state._ranks[state._occupant[action.chair]], -action.chair))
    player = state._current
    return climb(state._hands[player], state._trick_cards, state._reversed, legal)


def candidates(obs: Observation, legal: Sequence[Action], width: int) -> list[Action]:
    """The actions worth searching: the climber's choice first, then pass and donden, then the weakest of
    each form and size (when leading, the strongest too); set aside: pairs of the weakest lone cards and an 8."""
    if type(legal[0]) is Sit:
        return list(legal)
    first = ClimberBot().act(obs, legal, None)
    found = [first]
    if len(legal) <= width:
        found += legal
    elif type(first) is SetAside:
        lone = [card for card in sorted(_lone(obs.hand)) if card[0] != EIGHT][:3]
        pool = lone + [card for card in obs.hand if card[0] == EIGHT][:1]
        found += [SetAside(pair) for pair in combinations(pool, 2)]
    else:
        found += [action for action in (PASS, DONDEN) if action in legal]
        shapes: dict[tuple[str, int], list[Play]] = {}
        for action in legal:
            if type(action) is Play:
                made = combo(action.cards)
                shapes.setdefault((made.form, made.size), []).append(action)  # type: ignore[union-attr]
        by_strength = lambda action: _strength(combo(action.cards).number, obs.reversed)  # noqa: E731
        for plays in sorted(shapes.values(), key=lambda plays: -len(plays[0].cards)):
            found.append(min(plays, key=by_strength))
            if not obs.trick:
                found.append(max(plays, key=by_strength))
    chosen: list[Action] = []
    for action in found:
        if action in legal and action not in chosen:
            chosen.append(action)
    return chosen[:width]


class SearchBot:
    """Flat Monte Carlo: up to ``width`` candidate actions, each played on in ``rollouts`` imagined worlds
    (built from the observation alone) to the round's end by climbers; the best mean margin wins (the same
    worlds and random draws for every candidate)."""

    name = "search"

    def __init__(self, rollouts: int = 16, width: int = 6, by_rules: bool = False) -> None:
        self.rollouts, self.width = rollouts, width
        self.by_rules = by_rules  # the rollouts played by the rules engine: the same moves, ten times slower

    def act(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best mean margin over the rollouts."""
        options = candidates(obs, legal, self.width)
        if len(options) == 1:
            return options[0]
        totals = dict.fromkeys(options, 0.0)
        for _ in range(self.rollouts):
            if self.by_rules:
                imagined = world(obs, rng)
                found = [margin_by_rules(imagined, obs.seat, action) for action in options]
            else:
                found = imagined_margins(obs, rng, options)  # the same world, played on a table
            for action, value in zip(options, found):
                totals[action] += value
        return max(options, key=totals.__getitem__)

    def __repr__(self) -> str:
        rules = ", by_rules=True" if self.by_rules else ""
        return f"SearchBot(rollouts={self.rollouts}, width={self.width}{rules})"


def margin_by_rules(state: Any, seat: int, action: Action) -> float:
    """Play ``action`` in a copy of ``state``, then climbers to the round's end: seat's points minus the others' mean.

    The rules engine plays every move: the definition ``playout.margin`` keeps, much faster."""
    state = state.clone()
    read = len(state._log)
    state.apply(action)
    while True:
        for kind, _, value in state._log[read:]:
            if kind == "round end":
                points = value[1]
                others = [score for other, score in enumerate(points) if other != seat]
                return points[seat] - sum(others) / len(others)
        read = len(state._log)
        state.apply(climb_move(state))
