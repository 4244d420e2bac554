"""The hand or the player? Loop's natural experiment, run with bots (pandas).

A deal is played again and again: the same 11 cards at each chair, the players arranged over the
chairs in every order. Two rounds are measured:

- **the normal round**: the dealt hands, each played once by every player;
- **the loop round**: the first round is played once by climbers; then everyone moves one chair on
  (allowed by the chair rule) and the hands that lie at the chairs are played by every player. A card
  never leaves its chair, so those are the very 11 cards each chair was dealt: the same hands again,
  now with a previous rank.
  Each result is scored twice: by rank alone (the normal table) and by the loop rule, which adds
  the chair's previous rank minus the new one.

Every hand meets every player equally often (twice, for three players), a balanced two-way layout: a result is the grand mean plus a
hand effect plus a player effect plus the rest. ``variance_split`` says what share of the spread
each explains, with intervals from resampling the deals.

>>> table = replay_deals(deals=1, seed=3, bots={"random": RandomAgent(), "climber": ClimberBot()}, players=2)
>>> sorted(table["round"].unique()), len(table)
(['loop', 'normal'], 8)
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any

import numpy as np
import pandas as pd

from cardlib.core.agents import RandomAgent
from cardlib.loop.actions import Sit
from cardlib.loop.bots import ClimberBot, climb_move
from cardlib.loop.chairs import BASE, round_points
from cardlib.loop.rules import SITTING, Game, State

__all__ = ["ClimberBot", "RandomAgent", "by_previous_rank", "cards_at_chairs", "check_layout", "loop_rule_effect",
           "player_means", "replay_deals", "variance_split"]

COLUMNS = ["deal", "round", "chair", "player", "previous", "rank", "points", "loop points"]
PARTS = ("the hand", "the player", "the rest")


def _play_round(state: State, agents: Sequence[Any], rng: random.Random) -> None:
    """Play on to the end of the current round, each player by its agent."""
    read = len(state._log)
    while not any(entry[0] == "round end" for entry in state._log[read:]):
        read, player = len(state._log), state.current_player
        state.apply(agents[player].act(state.observation(player), state.legal_actions(), rng))


def _rows(state: State, deal: int, label: str, names: Sequence[str]) -> list[tuple]:
    """One row a chair of the round just over: who played it, its previous rank, the rank and both scores."""
    n = state.game.players
    order = next(value[0] for kind, _, value in reversed(state._log) if kind == "round end")
    rows = []
    for chair in range(n):
        player = state._occupant[chair]
        rank, previous = order.index(player) + 1, state._previous[chair]
        rows.append((deal, label, chair, names[chair], previous, rank, BASE[n][rank - 1],
                     round_points(n, rank, previous)))
    return rows


def _moved_on(seed: int, players: int) -> State:
    """The deal's first round played by climbers, then everyone one chair on: the loop round's start."""
    state = Game(players=players, rounds=2).new(seed=seed)
    while state.phase != SITTING:
        state.apply(climb_move(state))
    while state.phase == SITTING:
        player = state.current_player
        state.apply(Sit((state._chair[player] + 1) % players))
    return state


def replay_deals(deals: int, seed: int, bots: Mapping[str, Any], players: int = 3, first: int = 0) -> pd.DataFrame:
    """Each deal's normal round and loop round, played with the bots in every order over the chairs.

    ``bots`` names one agent per chair (as many as ``players``); deals ``first`` … ``first + deals − 1``
    of the seed are played (so that a long run can be split). One row per deal, round, chair and order.
    """
    if len(bots) != players:
        raise ValueError(f"one bot a chair: {players} bots, not {len(bots)}")
    rows: list[tuple] = []
    for deal in range(first, first + deals):
        deal_seed = seed * 100_003 + deal
        start = _moved_on(deal_seed, players)
        for order in permutations(bots):  # order[c]: who plays the hand at chair c
            rng = random.Random(deal_seed)
            normal = Game(players=players, rounds=1).new(seed=deal_seed)
            _play_round(normal, [bots[name] for name in order], rng)
            rows += _rows(normal, deal, "normal", order)
            looping = start.clone()
            agents = [bots[order[looping._chair[player]]] for player in range(players)]
            _play_round(looping, agents, rng)
            rows += _rows(looping, deal, "loop", order)
    return pd.DataFrame(rows, columns=COLUMNS)


def _deal_sums(rows: pd.DataFrame, score: str) -> dict[str, np.ndarray]:
    """Per deal, the sums the shares are made of: rows, total, total of squares, Σ over its hands of
    n·mean², and each player's total and rows. Resampling deals only reweights these."""
    rows = rows.assign(y=rows[score].astype(float))
    deals = sorted(rows["deal"].unique())
    by_deal = rows.groupby("deal")["y"]
    hands = rows.groupby(["deal", "chair"])["y"].agg(["sum", "count"])
    hand_part = (hands["sum"] ** 2 / hands["count"]).groupby(level="deal").sum()
    players = rows.pivot_table(index="deal", columns="player", values="y", aggfunc=["sum", "count"], fill_value=0)
    return {"n": by_deal.count().reindex(deals).to_numpy(float), "sum": by_deal.sum().reindex(deals).to_numpy(),
            "squares": rows.groupby("deal")["y"].apply(lambda y: float((y ** 2).sum())).reindex(deals).to_numpy(),
            "hands": hand_part.reindex(deals).to_numpy(), "player sum": players["sum"].reindex(deals).to_numpy(float),
            "player n": players["count"].reindex(deals).to_numpy(float)}


def _weighted_shares(sums: dict[str, np.ndarray], weights: np.ndarray) -> np.ndarray:
    """(hand, player, rest) shares of the sum of squares for each row of deal ``weights`` (times each deal is drawn).

    With N rows and grand mean m: total = Σy² − N·m², hand = Σ n_h·mean_h² − N·m², player the same by player.
    """
    n = weights @ sums["n"]
    grand_part = (weights @ sums["sum"]) ** 2 / n
    total = weights @ sums["squares"] - grand_part
    hand = weights @ sums["hands"] - grand_part
    player_sum, player_n = weights @ sums["player sum"], weights @ sums["player n"]
    squares = np.divide(player_sum ** 2, player_n, out=np.zeros_like(player_sum), where=player_n > 0)
    player = squares.sum(axis=1) - grand_part  # a player in no drawn deal counts nothing
    return np.stack([hand, player, total - hand - player], axis=1) / total[:, None]


def check_layout(rows: pd.DataFrame) -> None:
    """ValueError unless, within each deal, every hand (chair) is played by each of the deal's players equally
    often: then the hand and player effects separate (the players may differ from deal to deal, as in a class
    whose groups each play their own deal, since a game's points always add up to the same total)."""
    if rows.empty:
        raise ValueError("no rows: check the round's name")
    counts = rows.groupby(["deal", "chair", "player"]).size()
    per_deal = counts.groupby(level="deal").agg(["min", "max", "size"])
    cells = rows.groupby("deal")["chair"].nunique() * rows.groupby("deal")["player"].nunique()
    bad = per_deal[(per_deal["min"] != per_deal["max"]) | (per_deal["size"] != cells)]
    if len(bad):
        deal = bad.index[0]
        table = pd.crosstab(rows.loc[rows["deal"] == deal, "chair"], rows.loc[rows["deal"] == deal, "player"])
        raise ValueError(f"deal {deal}: each chair's hand must be played by each of the deal's players equally "
                         f"often (chairs x players: {table.to_numpy().tolist()})")


def _shares_and_draws(rows: pd.DataFrame, score: str, resamples: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The shares on the deals as they are, and on ``resamples`` resamplings of the deals (with replacement)."""
    check_layout(rows)
    sums = _deal_sums(rows, score)
    deals = len(sums["n"])
    draws = np.random.default_rng(seed).multinomial(deals, [1 / deals] * deals, size=resamples).astype(float)
    return _weighted_shares(sums, np.ones((1, deals)))[0], _weighted_shares(sums, draws)


def variance_split(table: pd.DataFrame, round_: str = "normal", score: str = "points", resamples: int = 1000,
                   seed: int = 0) -> pd.DataFrame:
    """What share of the spread of ``score`` in one round the hand explains, the player, and the rest.

    Intervals: the 2.5% and 97.5% points of the shares over ``resamples`` resamplings of the deals
    (the seed is kept in ``attrs``).
    """
    rows = table[table["round"] == round_]
    share, drawn = _shares_and_draws(rows, score, resamples, seed)
    low, high = np.percentile(drawn, [2.5, 97.5], axis=0)
    out = pd.DataFrame({"share": share, "low": low, "high": high}, index=list(PARTS))
    out.attrs.update(round=round_, score=score, deals=int(rows["deal"].nunique()), resamples=resamples, seed=seed)
    return out


def loop_rule_effect(table: pd.DataFrame, resamples: int = 1000, seed: int = 0) -> pd.DataFrame:
    """In the loop round, each part's share of the spread under the loop rule's points minus its share under
    points by rank alone: the same games scored twice, so the intervals come from resampling deals in pairs.

    A negative change in the hand's share would mean the loop rule cancels some of the cards' luck.
    """
    rows = table[table["round"] == "loop"]
    looped, looped_drawn = _shares_and_draws(rows, "loop points", resamples, seed)
    ranked, ranked_drawn = _shares_and_draws(rows, "points", resamples, seed)  # the same seed: the same draws
    low, high = np.percentile(looped_drawn - ranked_drawn, [2.5, 97.5], axis=0)
    out = pd.DataFrame({"change in share": looped - ranked, "low": low, "high": high}, index=list(PARTS))
    out.attrs.update(deals=int(rows["deal"].nunique()), resamples=resamples, seed=seed)
    return out


def player_means(table: pd.DataFrame, round_: str = "normal", score: str = "points", z: float = 1.96) -> pd.DataFrame:
    """Each player's mean ``score`` in one round, with a standard error over deals and an interval."""
    rows = table[table["round"] == round_]
    by_deal = rows.groupby(["player", "deal"])[score].mean().unstack("player")
    mean, error = by_deal.mean(), by_deal.std(ddof=1) / len(by_deal) ** 0.5
    return pd.DataFrame({"mean": mean, "standard error": error, "low": mean - z * error, "high": mean + z * error})


def by_previous_rank(table: pd.DataFrame, z: float = 1.96) -> pd.DataFrame:
    """In the loop round, by the rank the chair's last occupant finished: the mean new rank and both scores.

    Does a chair whose occupant did well last round hold a hand that does well again? The loop
    rule's extra (previous − new rank) cancels the luck of the cards only if it does.
    """
    rows = table[table["round"] == "loop"]
    out = {}
    for score in ("rank", "points", "loop points"):
        by_deal = rows.groupby(["previous", "deal"])[score].mean().unstack("previous")
        mean, error = by_deal.mean(), by_deal.std(ddof=1) / len(by_deal) ** 0.5
        out[score] = mean
        out[f"{score} ± 1.96 se"] = z * error
    frame = pd.DataFrame(out)
    frame.index = frame.index.astype(int)
    return frame


def cards_at_chairs(state: State) -> list[frozenset]:
    """The cards lying at each chair: played in front of it, set aside under it, and in its player's hand.

    A card never leaves its chair within a set, so after a round each chair holds the 11 it was dealt.

    >>> state = Game(players=3).new(seed=21)
    >>> dealt = cards_at_chairs(state)
    >>> while state.phase != "sit":
    ...     state.apply(climb_move(state))
    >>> cards_at_chairs(state) == dealt
    True
    """
    return [frozenset(state._piles[chair] + state._aside[state._occupant[chair]] + state._hands[state._occupant[chair]])
            for chair in range(state.game.players)]
