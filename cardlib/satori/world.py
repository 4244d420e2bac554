"""A whole game imagined from what one seat sees (stdlib only): ``world(obs, rng)``.

The seat's own cards are as it sees them; every other player's hidden cards are drawn from the
posterior over their public story (beliefs.py). Rollouts from an observation (the stakes of a
Katsu call, analysis.py) play such worlds to the end, so they never use a card the seat cannot see.
"""
from __future__ import annotations

import random
from typing import Optional

from cardlib.satori.actions import DECK, OVER, SATORI, TURN, WINDOW, ZATSUNEN, Observation
from cardlib.satori.beliefs import UNIFORM, Model, known_flags, sample_hidden, story
from cardlib.satori.rules import Game, State


def world(obs: Observation, rng: random.Random, top: Optional[str] = None, model: Model = UNIFORM) -> State:
    """A whole game consistent with ``obs`` alone: what its seat sees, the rest drawn from the beliefs.

    Every other player's hidden cards come from a history consistent with the public story,
    drawn with its posterior under ``model`` (uniform from hand where the model cannot explain
    a player's story). ``top`` ("S" or "Z") fixes the kind of the card waiting in a Katsu window.
    The decisions taken are not all public, so the history starts empty.
    """
    if obs.result is not None:
        raise ValueError("the game is over: every run has been shown, and there is nothing left to draw")
    dealt = next(value for kind, _, value in obs.log if kind == "deal")
    start = next(seat for kind, seat, _ in obs.log if kind == "deal")
    game = Game(players=obs.players, start=start, satori=dealt[0], zatsunen=dealt[1])
    state = State(game)
    state._log = list(obs.log)
    for seat in range(obs.players):
        told = story(obs.log, seat)
        if obs.out[seat]:
            s, z, pile = 0, 0, ()
        elif seat == obs.seat:
            s, z, pile = obs.hand.count(SATORI), obs.hand.count(ZATSUNEN), obs.pile
        else:
            waiting = top if obs.phase == WINDOW and seat == obs.active else None
            try:
                s, z, pile = sample_hidden(told, rng, model, top=waiting)
            except ValueError:  # the model cannot explain this player: fall back on uniform from hand
                s, z, pile = sample_hidden(told, rng, UNIFORM, top=waiting)
        state._hand_s[seat], state._hand_z[seat], state._piles[seat] = s, z, list(pile)
        state._known[seat] = [False] * len(pile) if obs.out[seat] else list(known_flags(told))
    state._out = list(obs.out)
    held = [sum(state._hand_s) + sum(pile.count(SATORI) for pile in state._piles),
            sum(state._hand_z) + sum(pile.count(ZATSUNEN) for pile in state._piles)]
    state._box = [DECK[SATORI] - held[0], DECK[ZATSUNEN] - held[1]]
    state._held = sum(obs.hand_sizes[seat] for seat in range(obs.players) if not obs.out[seat])
    state._declarer = obs.declarer
    state._last_player = next((seat for kind, seat, _ in reversed(obs.log) if kind == "play"), None)
    state._active, state._current = obs.active, obs.current_player
    state._phase = obs.phase if obs.phase != OVER else TURN
    if obs.phase == WINDOW:
        n, seat, asking = obs.players, obs.current_player, []
        while seat != obs.active:
            if not obs.out[seat]:
                asking.append(seat)
            seat = (seat + 1) % n
        state._asking = asking
    return state
