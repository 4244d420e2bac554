"""Playing one game between agents, and replaying a recorded one."""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.core.errors import IllegalActionError
from cardlib.core.protocol import Agent, Result, State


@dataclass(frozen=True)
class Record:
    """A finished game: enough to replay it exactly, and how it ended."""

    game: Any
    seed: int
    actions: tuple[Hashable, ...]
    result: Result

    @property
    def decisions(self) -> int:
        """How many decisions were taken."""
        return len(self.actions)


def agent_rng(seed: int, seat: int) -> random.Random:
    """The agent's own random stream for a seat, independent of the deal."""
    return random.Random(f"agent:{seed}:{seat}")


def play(game: Any, agents: Sequence[Agent], seed: int = 0, max_decisions: int = 1_000_000,
         observer: Callable[[State, Hashable], None] | None = None) -> Record:
    """Play a whole game; agents see only their seat's observation and the legal actions.

    ``observer(state, action)``, if given, is told each chosen action before it is applied.
    """
    state = game.new(seed=seed)
    if len(agents) != game.players:
        raise ValueError(f"{game!r} needs {game.players} agents, got {len(agents)}")
    rngs = [agent_rng(seed, seat) for seat in range(game.players)]
    for _ in range(max_decisions):
        seat = state.current_player
        if seat is None:
            break
        legal = state.legal_actions()
        action = agents[seat].act(state.observation(seat), legal, rngs[seat])
        if action not in legal:
            raise IllegalActionError(f"agent {agents[seat]!r} at seat {seat} chose {action!r}, not legal here")
        if observer is not None:
            observer(state, action)
        state.apply(action)
    else:
        raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return Record(game=game, seed=seed, actions=tuple(state.history), result=state.result())


def replay(game: Any, seed: int, actions: Sequence[Hashable]) -> State:
    """The state reached from game.new(seed=seed) by applying the actions in order."""
    state = game.new(seed=seed)
    for action in actions:
        state.apply(action)
    return state
