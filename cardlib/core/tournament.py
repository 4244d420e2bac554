"""Many seeded games between agents: one row per game and seat (``tournament``), per agent (``summary``)."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import pandas as pd

from cardlib.core.match import play
from cardlib.core.protocol import Agent

COLUMNS = ["game", "seed", "seat", "agent", "score", "place", "won", "lost", "decisions"]


def agent_name(agent: Agent) -> str:
    """A readable name for an agent: its ``name`` attribute or its class name."""
    return getattr(agent, "name", None) or type(agent).__name__


def named_agents(agents: Sequence[Agent] | Mapping[str, Agent]) -> list[tuple[str, Agent]]:
    """(name, agent) pairs: a mapping's own names, else each agent's ``agent_name``."""
    if isinstance(agents, Mapping):
        return list(agents.items())
    return [(agent_name(agent), agent) for agent in agents]


def schedule(games: int, seed: int, players: int) -> list[tuple[int, int, int]]:
    """The (game index, game seed, seat rotation) of each game a tournament with ``seed`` plays.

    >>> schedule(3, seed=1, players=2) == schedule(3, seed=1, players=2), [job[2] for job in schedule(3, 1, 2)]
    (True, [0, 1, 0])
    """
    rng = random.Random(seed)
    return [(index, rng.getrandbits(32), index % players) for index in range(games)]


def seating(named: Sequence[tuple[str, Agent]], rotation: int) -> list[tuple[str, Agent]]:
    """Who sits where in a game with this rotation: seat s gets agent (s + rotation) mod players."""
    return [named[(seat + rotation) % len(named)] for seat in range(len(named))]


def _play_chunk(game: Any, named: Sequence[tuple[str, Agent]], jobs: Sequence[tuple[int, int, int]]) -> list[tuple]:
    """Play (game index, seed, rotation) jobs; rows for every seat of every game."""
    rows = []
    for index, seed, rotation in jobs:
        seated = seating(named, rotation)
        record = play(game, [agent for _, agent in seated], seed=seed)
        places = record.result.places
        worst = max(places)
        for seat, (name, _) in enumerate(seated):
            place = places[seat]
            rows.append((index, seed, seat, name, record.result.scores[seat], place,
                         place == 1, place == worst and worst > 1, record.decisions))
    return rows


def tournament(
    game: Any,
    agents: Sequence[Agent] | Mapping[str, Agent],
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    chunk: int = 50,
) -> pd.DataFrame:
    """Play seeded games, rotating the agents through the seats; one row per game and seat.

    ``agents`` has one agent per seat (a mapping gives them names). With an ``executor``
    (threads or processes) the games are played in chunks on it; the rows are the same.

    >>> from cardlib.core.agents import RandomAgent
    >>> from cardlib.core.example import Game
    >>> table = tournament(Game(), [RandomAgent()] * 2, games=4, seed=1)
    >>> len(table), list(table.columns[:4])
    (8, ['game', 'seed', 'seat', 'agent'])
    """
    named = named_agents(agents)
    if len(named) != game.players:
        raise ValueError(f"{game!r} needs {game.players} agents, got {len(named)}")
    jobs = schedule(games, seed, game.players)
    chunks = [jobs[start:start + chunk] for start in range(0, len(jobs), chunk)]
    if executor is None:
        parts = [_play_chunk(game, named, part) for part in chunks]
    else:
        futures = [executor.submit(_play_chunk, game, named, part) for part in chunks]
        parts = [future.result() for future in futures]
    rows = [row for part in parts for row in part]
    return pd.DataFrame(rows, columns=COLUMNS)


def summary(table: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """Per agent: games, mean score, win and loss rates with normal-approximation intervals."""
    grouped = table.groupby("agent")
    out = pd.DataFrame({
        "seats played": grouped.size(),
        "mean score": grouped["score"].mean(),
        "win rate": grouped["won"].mean(),
        "loss rate": grouped["lost"].mean(),
    })
    n = out["seats played"]
    for column, label in (("win rate", "win"), ("loss rate", "loss")):
        p = out[column]
        half = z * (p * (1 - p) / n) ** 0.5
        out[f"{label} low"] = p - half
        out[f"{label} high"] = p + half
    return out


def standings(game: Any, agents: Sequence[Agent] | Mapping[str, Agent],
              **options: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A tournament and its summary: (one row per game and seat, one row per agent).

    ``options`` are the tournament's: ``games``, ``seed``, ``executor``, ``chunk``.

    >>> from cardlib.core.agents import RandomAgent
    >>> from cardlib.core.example import Game
    >>> table, by_agent = standings(Game(), {"first": RandomAgent(), "second": RandomAgent()}, games=10)
    >>> len(table), list(by_agent.index), list(by_agent["seats played"])
    (20, ['first', 'second'], [10, 10])
    """
    table = tournament(game, agents, **options)
    return table, summary(table)


DUPLICATE_COLUMNS = ["deal", "seed", "seat", "hero score", "field score", "hero won", "field won"]


def _duplicate_chunk(game: Any, hero: Agent, field: Agent, jobs: Sequence[tuple[int, int]]) -> list[tuple]:
    """Each (deal index, seed): the field alone, then the hero in each seat; one row per seat."""
    rows = []
    n = game.players
    for index, seed in jobs:
        plain = play(game, [field] * n, seed=seed).result
        for seat in range(n):
            agents = [field] * n
            agents[seat] = hero
            mixed = play(game, agents, seed=seed).result
            rows.append((index, seed, seat, mixed.scores[seat], plain.scores[seat],
                         mixed.places[seat] == 1, plain.places[seat] == 1))
    return rows


def duplicate(game: Any, hero: Agent, field: Agent, deals: int = 100, seed: int = 0,
              executor: Executor | None = None, chunk: int = 10) -> pd.DataFrame:
    """Duplicate deals: each deal played by the field alone, then with the hero in each seat in turn.

    The same seed deals the same cards, so the hero's score in a seat is set against the field's
    score in that seat of that deal: the luck of the deal cancels. One row per deal and seat.

    >>> from cardlib.core.agents import RandomAgent
    >>> from cardlib.core.example import Game
    >>> table = duplicate(Game(), RandomAgent(), RandomAgent(), deals=3, seed=1)
    >>> len(table), list(table.columns[:4])
    (6, ['deal', 'seed', 'seat', 'hero score'])
    """
    jobs = [(index, seed_) for index, seed_, _ in schedule(deals, seed, game.players)]
    chunks = [jobs[start:start + chunk] for start in range(0, len(jobs), chunk)]
    if executor is None:
        parts = [_duplicate_chunk(game, hero, field, part) for part in chunks]
    else:
        parts = [future.result() for future in
                 [executor.submit(_duplicate_chunk, game, hero, field, part) for part in chunks]]
    return pd.DataFrame([row for part in parts for row in part], columns=DUPLICATE_COLUMNS)


def duplicate_summary(table: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """The hero against the field on the same deals and seats: score gained and win rates, with intervals.

    Each deal's seats are averaged first (they share the cards), so the standard errors are over deals.
    """
    by_deal = table.groupby("deal").mean(numeric_only=True)
    deals = len(by_deal)
    rows = {}
    for label, values in (("score gained", by_deal["hero score"] - by_deal["field score"]),
                          ("hero win rate", by_deal["hero won"].astype(float)),
                          ("field win rate", by_deal["field won"].astype(float)),
                          ("win rate gained", by_deal["hero won"].astype(float) - by_deal["field won"])):
        mean = float(values.mean())
        error = float(values.std(ddof=1) / deals ** 0.5) if deals > 1 else float("nan")
        rows[label] = {"mean": mean, "standard error": error, "low": mean - z * error, "high": mean + z * error}
    out = pd.DataFrame(rows).T
    out.attrs["deals"] = deals
    return out
