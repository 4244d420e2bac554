"""A game of Loop imagined from what one player sees (stdlib only): ``world(obs, rng)``.

The search bot plays its rollouts in such worlds, so it never uses a card its player cannot see.
The table is the observation's: the piles in front of the chairs, the trick, donden, ranks, points
and chairs. The player's own hand and set-aside cards are as they are; so are the cards it knows
another player holds (``held_known``: most of a chair's cards were played in front of it last round).
Every other card is dealt at random into the places it cannot see, and each other player's set-aside
cards are drawn from what that player holds (a revealed 8 stays set aside).

>>> from cardlib.loop.rules import Game
>>> state = Game(players=3).new(seed=4)
>>> imagined = world(state.observation(1), random.Random(0))
>>> imagined.observation(1) == state.observation(1)
True
"""
from __future__ import annotations

import random
from typing import Optional

from cardlib.loop.actions import DECK, Card, cards_in_order
from cardlib.loop.combos import combo
from cardlib.loop.rules import ASIDE, OVER, PLAYING, SETTING, SITTING, Game, State
from cardlib.loop.seen import Observation


def asides_done(obs: Observation) -> list[bool]:
    """Which players have set their 2 cards aside this round (from the public log)."""
    begun = len(obs.log) - 1 - next(back for back, entry in enumerate(reversed(obs.log)) if entry[0] == "round")
    done = [False] * obs.players
    for kind, player, _ in obs.log[begun + 1:]:
        if kind == "set aside":
            done[player] = True
    return done


def world(obs: Observation, rng: random.Random, game: Optional[Game] = None) -> State:
    """A whole game consistent with ``obs``: its player's view as it is, the unseen cards dealt at random.

    ``game`` gives options the observation does not hold (the long game, the three-8s rule); the
    decisions taken are not all public, so the history starts empty.
    """
    if obs.result is not None:
        raise ValueError("the game is over: there is nothing left to imagine")
    n = obs.players
    state = State.__new__(State)
    state.game = game or Game(players=n, start=obs.start)
    state._rng = random.Random(rng.getrandbits(64))
    state._history, state._log, state._current = [], list(obs.log), obs.current_player
    state._blocks = []
    state._phase = obs.phase if obs.phase != OVER else PLAYING
    state._set, state._round = obs.set, obs.round
    state._chair = list(obs.chairs)
    state._occupant = [obs.chairs.index(chair) for chair in range(n)]
    state._scores, state._sets_won = list(obs.scores), list(obs.sets_won)
    state._piles = [list(pile) for pile in obs.piles]
    state._reversed, state._revealed = obs.reversed, [list(cards) for cards in obs.revealed]
    state._trick = combo(obs.trick) if obs.trick else None
    state._trick_cards, state._last = tuple(obs.trick), obs.last
    state._passed, state._out = list(obs.passed), list(obs.out)
    state._in = [obs.phase != SITTING and player not in obs.out for player in range(n)]
    state._dondened = bool(obs.log) and obs.log[-1][0] == "donden"
    state._previous = list(obs.previous)
    state._ranks = [obs.out.index(player) + 1 if player in obs.out else 0 for player in range(n)]
    _seat_the_choosers(state, obs)
    done = asides_done(obs)
    state._setting = [state._occupant[(obs.start + step) % n] for step in range(n)
                      if not done[state._occupant[(obs.start + step) % n]]] if obs.phase == SETTING else []
    state._hands, state._aside, state._unused = deal_unseen(obs, rng, done)
    state._shown = shown_this_set(obs.log)
    state._known = [frozenset(state._hands[p] + state._aside[p]) for p in range(n)]
    state._known[obs.seat] = frozenset(card for cards in obs.held_known for card in cards) | set(obs.aside)
    return state


def shown_this_set(log: tuple) -> frozenset:
    """Every card played or revealed by donden since the set began: the public cards, each still at its chair."""
    begun = max(index for index, entry in enumerate(log) if entry[0] == "set")
    shown: set[Card] = set()
    for kind, _, value in log[begun + 1:]:
        if kind == "play":
            shown.update(value)
        elif kind == "donden":
            shown.add(value[0])
    return frozenset(shown)


def _seat_the_choosers(state: State, obs: Observation) -> None:
    """Between rounds: who still has to choose a chair (last place first) and the chairs chosen so far."""
    state._waiting, state._chosen = [], {}
    if obs.phase != SITTING:
        return
    begun = max(index for index, entry in enumerate(obs.log) if entry[0] == "round end")
    for kind, player, chair in obs.log[begun + 1:]:
        if kind == "sit":
            state._chosen[player] = chair
    state._waiting = [player for player in reversed(obs.out) if player not in state._chosen]


def deal_unseen(obs: Observation, rng: random.Random, done: list[bool]) -> tuple[list, list, list]:
    """Hands, set-aside cards (player by player) and the unused cards: the seat's own and the known cards in
    place, the rest of the pool at random (``done``: who has set 2 cards aside this round)."""
    n, seat = obs.players, obs.seat
    placed: set[Card] = set(obs.hand) | set(obs.aside) | {card for pile in obs.piles for card in pile}
    for cards in obs.held_known:
        placed |= set(cards)
    pool = [card for card in DECK if card not in placed]
    rng.shuffle(pool)
    drawn = iter(pool)
    hands, asides = [], []
    for player in range(n):
        if player == seat:
            hands.append(list(obs.hand))
            asides.append(list(obs.aside))
            continue
        set_aside = ASIDE if done[player] else 0
        holding = list(obs.held_known[player])
        holding += [next(drawn) for _ in range(obs.hand_sizes[player] + set_aside - len(holding))]
        revealed = obs.revealed[player]
        rest = [card for card in holding if card not in revealed]
        aside = list(revealed) + rng.sample(rest, set_aside - len(revealed))
        asides.append(aside)
        hands.append(list(cards_in_order(card for card in holding if card not in aside)))
    return hands, asides, list(drawn)
