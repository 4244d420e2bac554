"""SCOUT's learned advantage (cardlib/scout/bots_value.py) and its training (tools/scout_value.py): the numbers
a move is described by, the shipped network, the search bot's use of it, and the training's seeded rows."""
from __future__ import annotations

import dataclasses
import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest

from cardlib.core.match import play
from cardlib.scout import Game
from cardlib.scout.actions import Scout, Show
from cardlib.scout.bots import PlannerBot, SearchBot, advantage
from cardlib.scout.bots_search import greedy_ss_move
from cardlib.scout.bots_value import FEATURES, WEIGHTS, Advantage, features, forward
from cardlib.scout.playout import Table
from cardlib.scout.world import world
from tests.scout.helpers import say, stacked

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("scout_value", ROOT / "tools" / "scout_value.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _position(players: int, seed: int):
    """A position of planners' play where seat 0 is to play and a show is on the table."""
    state = Game(players=players, rounds=1).new(seed=seed)
    rng = random.Random(seed)
    while state.current_player != 0 or state.phase != "play" or not state.active:
        state.apply(PlannerBot().act(state.observation(state.current_player), state.legal_actions(), rng))
    return state


def test_a_show_and_a_scout_are_described_by_the_hand_they_leave_and_the_show_on_the_table():
    state = stacked(3, ["3/1 4/1 5/1"])  # the rest of each hand: loners
    for _ in range(3):
        say(state, "keep")
    held = len(state.hand(0))
    show = features(state.observation(0), Show(1, 3), 3.0, 3.0, 0)
    assert len(show) == FEATURES
    assert show[:6] == [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]  # three players; a show
    assert show[8:13] == [1.0, 0.0, 0.0, 0.0, 0.0]  # the planner's first choice
    assert show[20:24] == [3 / 5, 0.0, 0.0, (32 * 3 + 3) / 200]  # three cards shown, none taken, the hand not empty
    assert show[13] == held / 10 and show[26] == (held - 3) / 10 and show[35] == 1.0  # the show is the mover's
    say(state, "show 1-3")  # seat 1 faces 3-4-5
    obs = state.observation(1)
    scout = features(obs, Scout("left", 1, False), -1.0, 0.5, 1)
    assert scout[3:6] == [0.0, 1.0, 0.0] and scout[8:13] == [0.0, 1.0, 0.0, 0.0, 0.0]  # a scout, the second choice
    assert scout[7] == -1.5 / 5  # a point and a half below the planner's best
    assert scout[13] == len(obs.hand) / 10 and scout[26] == (len(obs.hand) + 1) / 10
    assert scout[33:36] == [2 / 5, (32 * 2 + 4) / 200, 0.0]  # 4-5 is left on the table, not the mover's


def test_the_network_is_small_and_gives_one_worth_a_candidate():
    assert WEIGHTS.stat().st_size < 1_000_000
    state = _position(4, 6)
    obs, legal = state.observation(0), state.legal_actions()
    values = PlannerBot().values(obs, legal)
    ranked = sorted(values, key=values.__getitem__, reverse=True)[:5]
    worth = Advantage()(obs, ranked, values)
    assert len(worth) == len(ranked) and len(set(worth)) > 1  # it tells the candidates apart


def test_the_search_bot_with_no_rollouts_takes_the_candidate_the_network_rates_best():
    bot = SearchBot(rollouts=0, value=1.0)
    assert repr(bot) == "SearchBot(rollouts=0, width=5, value=1.0)" and repr(SearchBot()) == "SearchBot(rollouts=24, width=5)"
    for seed in (3, 6, 9):
        state = _position(5, seed)
        obs, legal = state.observation(0), state.legal_actions()
        values = PlannerBot().values(obs, legal)
        ranked = sorted(values, key=values.__getitem__, reverse=True)[:5]
        worth = advantage()(obs, ranked, values)
        assert bot.act(obs, legal, random.Random(1)) == ranked[worth.index(max(worth))]


def _ranked(obs, legal):
    """The planner's values and its best five."""
    values = PlannerBot().values(obs, legal)
    return values, sorted(values, key=values.__getitem__, reverse=True)[:5]


def test_the_learned_advantage_reads_only_what_the_mover_may_see():
    state = _position(4, 11)
    obs, legal = state.observation(0), state.legal_actions()
    told = dataclasses.replace(obs, hands=tuple(tuple(state.hand(seat)) for seat in range(4)))  # every hand shown
    assert told.hands != obs.hands
    values, ranked = _ranked(obs, legal)
    best = values[ranked[0]]
    assert ([features(told, action, values[action], best, rank) for rank, action in enumerate(ranked)]
            == [features(obs, action, values[action], best, rank) for rank, action in enumerate(ranked)])
    assert advantage()(told, ranked, values) == advantage()(obs, ranked, values)


def test_the_training_describes_a_move_as_play_does():
    tool = _tool()
    for players, seed in ((3, 2), (4, 6), (5, 7)):
        state = _position(players, seed)
        obs, legal = state.observation(0), state.legal_actions()
        seen = tool.Seen(Table(state))  # what the rollouts of the training see
        values, ranked = _ranked(obs, legal)
        assert PlannerBot().values(seen, legal) == values
        best = values[ranked[0]]
        assert ([features(seen, action, values[action], best, rank) for rank, action in enumerate(ranked)]
                == [features(obs, action, values[action], best, rank) for rank, action in enumerate(ranked)])


def test_the_search_bot_adds_the_learned_worth_to_its_rollouts_mean_margin():
    bot, differs = SearchBot(rollouts=6, value=3.0), 0
    for seed in (3, 6, 9, 11, 12):
        state = _position(4, seed)
        obs, legal = state.observation(0), state.legal_actions()
        values, ranked = _ranked(obs, legal)
        chosen = bot.act(obs, legal, random.Random(4))
        totals, replay = dict.fromkeys(ranked, 0.0), random.Random(4)  # the worlds, drawn as act drew them
        bot._play(obs, world(obs, replay), ranked, 6, totals, greedy_ss_move, replay)
        worth = dict(zip(ranked, advantage()(obs, ranked, values)))
        assert chosen == max(ranked, key=lambda action: totals[action] + 6 * 3.0 * worth[action])
        differs += chosen != max(ranked, key=totals.__getitem__)
    assert differs  # the learned worth changed a choice of the rollouts alone


def test_the_two_player_game_is_searched_without_the_network_it_never_learned():
    game = Game(players=2, rounds=1)
    with_value = play(game, [SearchBot(rollouts=3, width=3, value=1.0), PlannerBot()], seed=5)
    without = play(game, [SearchBot(rollouts=3, width=3, value=0.0), PlannerBot()], seed=5)
    assert with_value.result.scores == without.result.scores


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_search_bot_with_the_network_plays_a_whole_round_by_the_rules(players):
    record = play(Game(players=players, rounds=1), [SearchBot(rollouts=2, value=1.0)] + [PlannerBot()] * (players - 1), seed=2)
    assert record.decisions > players  # play() refuses an illegal choice


def test_the_training_rows_come_again_from_their_seed_and_score_every_candidate():
    tool = _tool()
    numbers, targets, decisions = tool.rows(4, 2, seed=7)
    again = tool.rows(4, 2, seed=7)
    assert (numbers, targets, decisions) == again
    assert len(numbers) == len(targets) == len(decisions) > 20 and all(len(row) == FEATURES for row in numbers)
    for decision in set(decisions):  # each decision's targets are its candidates' scores less their mean
        assert abs(sum(target for target, each in zip(targets, decisions) if each == decision)) < 1e-9
    assert tool.rows(4, 2, seed=8)[1] != targets


def test_the_training_fits_what_it_is_shown_and_choice_gain_reads_each_decision():
    tool = _tool()
    rng = np.random.default_rng(0)
    numbers = rng.normal(size=(20000, 3)).astype(np.float32)
    targets = (numbers[:, 0] - numbers[:, 1] * numbers[:, 2]).astype(np.float32)
    layers = tool.train(numbers, targets, seed=1, hidden=(16, 16), passes=15)
    error = float(np.mean((forward(layers, numbers) - targets) ** 2))
    assert error < 0.1 * float(targets.var()), error  # a linear fit leaves half of it (the product)
    worth, truth = np.array([0.0, 2.0, 1.0, 5.0]), np.array([1.0, -1.0, 0.0, 3.0])
    decisions, first = np.array([0, 0, 1, 1]), np.array([1.0, 0.0, 1.0, 0.0])
    # decision 0: the planner's (first) is worth 1, the network picks -1; decision 1: 0 and 3
    assert tool.choice_gain(worth, truth, decisions, first)[::2] == (0.5, 1.5)
