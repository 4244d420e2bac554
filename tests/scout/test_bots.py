"""SCOUT's bots: legal moves from the observation alone, the planner's plan, the rollouts' greedy
player, imagined worlds, and the planner's edge over the greedy bot on duplicate deals."""
from __future__ import annotations

import random
from itertools import product

import pytest

from cardlib.core import testing
from cardlib.core.match import play
from cardlib.core.tournament import duplicate, duplicate_summary
from cardlib.scout import Game, group
from cardlib.scout.actions import KEEP, TURN
from cardlib.scout.actions import Scout, ScoutAndShow, Show
from cardlib.scout.bots import GreedyBot, PlannerBot, SearchBot, greedy, greedy_move, pieces
from cardlib.scout.bots_search import fewest, fitting_move, greedy_ss_move, pieces_with, planner_ss_move, planning_move
from cardlib.scout.groups import through
from cardlib.scout.world import world
from tests.scout.helpers import stacked

GAMES = (Game(players=3), Game(players=2), Game(players=5, rounds=1))


def fewest_by_brute_force(tops):
    """The fewest groups a row splits into, trying every set of cut points."""
    n, best = len(tops), len(tops)
    for cuts in product((False, True), repeat=n - 1):
        parts, start = [], 0
        for index, cut in enumerate(cuts, start=1):
            if cut:
                parts.append(tops[start:index])
                start = index
        parts.append(tops[start:])
        if all(group(part) is not None for part in parts):
            best = min(best, len(parts))
    return best


def test_pieces_is_the_fewest_groups_a_row_splits_into():
    rng = random.Random(1)
    for _ in range(400):
        tops = [rng.randint(1, 6) for _ in range(rng.randint(1, 9))]
        assert pieces(tops) == fewest_by_brute_force(tops), tops


def test_the_prefix_table_and_a_card_put_in_count_pieces_as_pieces_does():
    rng = random.Random(2)
    for _ in range(600):
        tops = [rng.randint(1, 6) for _ in range(rng.randint(0, 9))]
        assert fewest(tops) == [pieces(tops[:end]) for end in range(len(tops) + 1)], tops
        gap, value = rng.randint(0, len(tops)), rng.randint(1, 7)
        assert pieces_with(tops, gap, value) == pieces(tops[:gap] + [value] + tops[gap:]), (tops, gap, value)


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_fitting_player_shows_as_greedy_and_scouts_where_the_card_fits_best(game):
    for state in list(testing.random_states(game, 4, 5))[::2]:
        if state.is_over or state.phase == "keep":
            continue
        legal = state.legal_actions()
        chosen = fitting_move(state, random.Random(1))
        assert chosen in legal
        if type(chosen) is Scout:
            assert greedy_move(state, random.Random(1)) in [action for action in legal if type(action) is Scout]
            tops = [card[0] for card in state.hand(state.current_player)]

            def after(action):
                card = state.active[-1] if action.end == "right" else state.active[0]
                return pieces(tops[:action.to - 1] + [card[action.turned]] + tops[action.to - 1:])
            assert after(chosen) == min(after(action) for action in legal if type(action) is Scout)
        else:
            assert chosen == greedy_move(state, random.Random(1))


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_rollouts_greedy_player_scouts_and_shows_into_its_strongest_group_when_it_cannot_show(game):
    played = 0
    for state in list(testing.random_states(game, 6, 8)):
        if state.is_over or state.phase == "keep":
            continue
        legal, chosen = state.legal_actions(), greedy_ss_move(state, random.Random(1))
        assert chosen in legal
        if type(chosen) is not ScoutAndShow:
            assert chosen == greedy_move(state, random.Random(1))
            continue
        played += 1
        tops = [card[0] for card in state.hand(state.current_player)]

        def strength(action):
            card = state.active[-1] if action.end == "right" else state.active[0]
            return through(tops, action.to - 1, card[action.turned])
        assert not [action for action in legal if type(action) is Show]
        assert strength(chosen) == max(strength(action) for action in legal if type(action) is ScoutAndShow) >= 64
    assert played or game.players == 2  # the two-player game has no Scout & Show


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_planning_player_chooses_as_the_planner_does_but_scout_and_show(game):
    planner = PlannerBot()
    for state in list(testing.random_states(game, 4, 6))[::2]:
        if state.is_over or state.phase == "keep":
            continue
        legal = [action for action in state.legal_actions() if type(action) is not ScoutAndShow]
        values = planner.values(state.observation(state.current_player), legal)
        assert values[planning_move(state, random.Random(1))] == max(values.values())


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_planner_player_chooses_exactly_as_the_planner_does(game):
    planner, rng, checked = PlannerBot(), random.Random(1), set()
    for seed in range(12):  # whole games between planners: every phase, Scout & Show and ties included
        state = game.new(seed=seed)
        while not state.is_over:
            chosen = planner.act(state.observation(state.current_player), state.legal_actions(), rng)
            assert planner_ss_move(state, rng) == chosen
            checked.add(type(chosen).__name__)
            state.apply(chosen)
    assert checked >= {"Keep", "Show", "Scout"} | ({"ScoutAndShow"} if game.players > 2 else set())


@pytest.mark.parametrize("bot", [GreedyBot(), PlannerBot(), PlannerBot(turns=False)], ids=repr)
@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_bot_plays_whole_games_by_the_rules(bot, game):
    record = play(game, [bot] * game.players, seed=3)  # play() refuses an illegal choice
    assert record.result.places.count(1) >= 1


@pytest.mark.parametrize("bot", [SearchBot(rollouts=4, width=3), SearchBot(rollouts=3, width=3, keeps=3, player="fitting"),
                                 SearchBot(rollouts=2, width=4, final=3, reads=5)], ids=repr)
def test_the_search_bot_plays_a_whole_round_by_the_rules(bot):
    game = Game(players=3, rounds=1)
    record = play(game, [bot, PlannerBot(), PlannerBot()], seed=2)
    assert record.decisions > 3


def test_the_search_bots_final_worlds_decide_between_its_two_best_candidates():
    state = Game(players=4, rounds=1).new(seed=6)
    rng = random.Random(1)
    while state.current_player != 0 or state.phase != "play" or not state.active:
        state.apply(PlannerBot().act(state.observation(state.current_player), state.legal_actions(), rng))
    obs, legal = state.observation(0), state.legal_actions()
    values = PlannerBot().values(obs, legal)
    candidates = sorted(values, key=values.__getitem__, reverse=True)[:5]
    bot = SearchBot(rollouts=6, width=5, final=10, value=0.0)  # the rollouts alone
    assert repr(bot) == "SearchBot(rollouts=6, width=5, final=10, value=0.0)"
    chosen = bot.act(obs, legal, random.Random(4))
    first, replay = dict.fromkeys(candidates, 0.0), random.Random(4)  # the first worlds, drawn as act drew them
    bot._play(obs, world(obs, replay), candidates, 6, first, greedy_ss_move, replay)
    assert chosen in sorted(candidates, key=first.__getitem__, reverse=True)[:2]


def test_the_search_bot_names_its_rollouts_player_or_refuses():
    with pytest.raises(ValueError, match="greedy-ss, greedy, fitting, planner"):
        SearchBot(player="oracle")


def test_the_planner_turns_a_hand_whose_other_side_is_a_long_run_and_keeps_one_that_is():
    scattered = "2/9 6/8 3/7 9/6 1/5 7/4 5/3 8/2 4/1"  # tops 2 6 3 9 1 7 5 8 4; turned around: 1 2 3 ... 9
    run = "1/4 2/8 3/5 4/7 5/1 6/9 7/3 8/6 9/2"         # the same cards turned around: a run of 9 on top
    for cards, wanted in ((scattered, TURN), (run, KEEP)):
        state = stacked(3, [cards])
        obs = state.observation(0)
        assert PlannerBot().act(obs, state.legal_actions(), random.Random(0)) == wanted
        assert PlannerBot(turns=False).act(obs, state.legal_actions(), random.Random(0)) == KEEP


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_greedy_move_chooses_as_greedy_does_with_the_same_draws(game):
    for state in list(testing.random_states(game, 4, 3))[::3]:
        if state.is_over:
            continue
        hand = state.hand(state.current_player)
        assert greedy_move(state, random.Random(7)) == greedy(state.legal_actions(), hand, random.Random(7))


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_world_imagined_from_an_observation_keeps_it_and_plays_on(game):
    testing.check_world(game, world)


def test_the_search_bot_sees_only_its_observation():
    # a world the seat cannot tell from the real one: the same observation, the same choice
    state = Game(players=3).new(seed=11)
    rng = random.Random(2)
    while state.current_player != 0 or state.phase != "play" or not state.active:
        legal = state.legal_actions()
        state.apply(PlannerBot().act(state.observation(state.current_player), legal, rng))
    twin = state.determinize(0, random.Random(3))
    assert [twin.hand(seat) for seat in (1, 2)] != [state.hand(seat) for seat in (1, 2)]
    bot = SearchBot(rollouts=6, width=3)
    one = bot.act(state.observation(0), state.legal_actions(), random.Random(4))
    two = bot.act(twin.observation(0), twin.legal_actions(), random.Random(4))
    assert one == two


def test_the_search_bot_keeps_or_turns_from_its_observation_only():
    state = Game(players=3).new(seed=12)
    state.apply(state.legal_actions()[0])  # seat 0 keeps; seat 1 decides with seat 0's and 2's hands hidden
    twin = state.determinize(1, random.Random(3))
    assert [twin.hand(seat) for seat in (0, 2)] != [state.hand(seat) for seat in (0, 2)]
    bot = SearchBot(keeps=8, player="fitting")
    choices = [bot.act(position.observation(1), position.legal_actions(), random.Random(5)) for position in (state, twin)]
    assert choices[0] == choices[1] and choices[0] in state.legal_actions()


def test_the_planner_beats_the_greedy_bot_on_duplicate_deals():
    table = duplicate(Game(players=3, rounds=1), PlannerBot(), GreedyBot(), deals=12, seed=4)
    gained = duplicate_summary(table).loc["win rate gained"]
    assert gained["low"] > 0, gained  # the 95% interval of the win rate gained in the same seats lies above zero
