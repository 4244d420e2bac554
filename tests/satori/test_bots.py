"""The Satori's bots: each plays legal moves from its observation; the Bayesian bot beats the counting bot."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from cardlib.core.agents import RandomAgent
from cardlib.core.match import play
from cardlib.core.tournament import standings
from cardlib.satori import KATSU, NO_KATSU, PLAY_SATORI, PLAY_ZATSUNEN, Game, Model
from cardlib.satori.bots import BayesianBot, CountingBot, ModelBot, counted_chance

TOURNAMENT_SEED = 2026


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_bot_finishes_games_with_legal_moves(players):
    game = Game(players=players) if players > 2 else Game(players=2, satori=2, zatsunen=1)
    bots = [RandomAgent(), CountingBot(), BayesianBot(), ModelBot()]
    for seed in range(20):
        record = play(game, [bots[(seed + seat) % len(bots)] for seat in range(players)], seed=seed)
        assert min(record.result.places) == 1


def test_the_counting_bot_calls_exactly_when_the_counted_share_is_above_its_threshold():
    state = Game().new()
    state.apply(PLAY_SATORI)
    obs = state.observation(1)  # a fresh card: 3 satori of 5 unseen
    assert counted_chance(obs) == Fraction(3, 5)
    rng = random.Random(0)
    assert CountingBot(threshold=Fraction(1, 2)).act(obs, [KATSU, NO_KATSU], rng) == KATSU
    assert CountingBot(threshold=Fraction(3, 5)).act(obs, [KATSU, NO_KATSU], rng) == NO_KATSU  # above, not at


def test_the_bayesian_bot_believes_the_posterior_of_its_model():
    state = Game().new()
    state.apply(PLAY_SATORI)
    obs = state.observation(1)
    assert BayesianBot().chance(obs) == Fraction(3, 4)  # bluffs 1 in 4: a first card is satori 3 times in 4
    assert BayesianBot(model=Model()).chance(obs) == Fraction(3, 5)


def test_the_model_bot_bluffs_at_its_rate():
    bot, rng = ModelBot(Model(bluff=Fraction(1, 4))), random.Random(1)
    obs = Game().new().observation(0)
    plays = [bot.act(obs, [PLAY_SATORI, PLAY_ZATSUNEN], rng) for _ in range(4_000)]
    share = plays.count(PLAY_ZATSUNEN) / len(plays)
    assert abs(share - 0.25) < 4 * (0.25 * 0.75 / len(plays)) ** 0.5


def test_the_bayesian_bot_beats_the_counting_bot_in_a_seeded_tournament_of_2000_games():
    # one Bayesian bot against two counting bots, seats rotating; 95% intervals must not overlap
    agents = {"bayesian": BayesianBot(), "counting 1": CountingBot(), "counting 2": CountingBot()}
    _, by_agent = standings(Game(players=3), agents, games=2_000, seed=TOURNAMENT_SEED)
    bayes = by_agent.loc["bayesian"]
    for name in ("counting 1", "counting 2"):
        assert bayes["win low"] > by_agent.loc[name, "win high"], by_agent
