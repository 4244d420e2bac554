"""SCOUT's fast rollouts (playout.py) play exactly as the rules engine would: seeded rounds played both ways,
every move and the round's scores compared, for every rollout player and from every phase."""
from __future__ import annotations

import random

import pytest

from cardlib.core import testing
from cardlib.scout import Game
from cardlib.scout.actions import SHOWS, Scout
from cardlib.scout.bots import PLAYERS, _planning_keeps
from cardlib.scout.bots_search import fitting_move, greedy_ss_move, margin as margin_by_rules
from cardlib.scout.groups import beating, power, through as through_by_rules
from cardlib.scout.playout import FAST, MOVES, Table, biggest_show, fitting_ss, group_power, margin, through

GAMES = [Game(players=n, rounds=1) for n in (3, 4, 5)]


def by_rules(state, action, player, seed):
    """The moves and the round's scores, played on the engine."""
    state, rng, moves = state.clone(), random.Random(seed), [action]
    state.apply(action)
    while not state.is_over:
        moves.append(player(state, rng))
        state.apply(moves[-1])
    return moves, list(next(value[1] for kind, _, value in reversed(state._log) if kind == "round end"))


def on_table(state, action, player, seed):
    """The same on a playout Table, with the player's fast twin where it has one."""
    table, rng, moves = Table(state), random.Random(seed), [action]
    player = FAST.get(player, player)
    table.apply(action)
    while table.scores is None:
        moves.append(player(table, rng))
        table.apply(moves[-1])
    return moves, table.scores


def positions(game, games, seed):
    """Every fifth state of seeded random rounds that is not over."""
    return [state for state in list(testing.random_states(game, games, seed))[::5] if not state.is_over]


@pytest.mark.parametrize("name", list(PLAYERS))
@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_rollout_plays_the_same_moves_to_the_same_scores_on_a_table(game, name):
    player, compared, kinds = PLAYERS[name], 0, set()
    for state in positions(game, 6 if name == "greedy-ss" else 2, 11):
        player_here = _planning_keeps(player) if state.phase == "keep" else player
        for index, action in enumerate(state.legal_actions()[::3]):
            seed = 1000 * compared + index
            moves, scores = by_rules(state, action, player_here, seed)
            assert on_table(state, action, player_here, seed) == (moves, scores), (state, action)
            kinds |= {type(move).__name__ for move in moves}
            compared += 1
    assert compared > 40 and kinds >= {"Show", "Scout", "ScoutAndShow", "Keep"}, (compared, kinds)


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_fast_margin_is_the_engines_margin(game):
    for state in positions(game, 3, 12):
        if state.phase == "keep":
            continue
        for action in state.legal_actions()[:4]:
            for others in (1.0, 0.5):
                expected = margin_by_rules(state, 0, action, random.Random(5), greedy_ss_move, others)
                assert margin(state, 0, action, random.Random(5), greedy_ss_move, others) == expected
                assert margin(Table(state), 0, action, random.Random(5), greedy_ss_move, others) == expected


def test_the_two_player_game_keeps_the_engines_way():
    state = Game(players=2).new(seed=4)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    assert margin(state, 0, action, random.Random(2), greedy_ss_move) == \
        margin_by_rules(state, 0, action, random.Random(2), greedy_ss_move)


def test_a_copied_table_plays_on_alone():
    state = positions(Game(players=4, rounds=1), 1, 3)[3]
    table = Table(state)
    copy = table.copy()
    copy.apply(state.legal_actions()[0])
    assert table._hands == [list(hand) for hand in state._hands] and table._active == state._active
    assert copy._hands != table._hands or copy._active != table._active


def test_the_fast_strengths_are_the_rules_strengths():
    rng = random.Random(3)
    for _ in range(3000):
        tops = [rng.randint(1, 10) for _ in range(rng.randint(0, 12))]
        gap, value = rng.randint(0, len(tops)), rng.randint(1, 10)
        assert through(tops, gap, value) == through_by_rules(tops, gap, value), (tops, gap, value)
        if tops and power(tops) is not None:
            assert group_power(tops) == power(tops), tops


def test_the_biggest_show_is_greedys_show():
    rng = random.Random(4)
    for _ in range(3000):
        tops = [rng.randint(1, 10) for _ in range(rng.randint(1, 12))]
        target = rng.choice([0, 40, 64, 70, 90, 100, 130])
        found = [(last - first + 1, -tops[first], -first, first, last) for first, last in beating(tops, target)]
        expected = None
        if found:
            best = max(found)  # the most cards, then the lowest first number, then the leftmost
            expected = SHOWS[best[3]][best[4]]
        assert biggest_show(tops, target) == expected, (tops, target)


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_the_fitting_ss_player_shows_and_scouts_and_shows_as_greedy_ss_and_scouts_as_fitting(game):
    scouted = 0
    for state in [state for state in testing.random_states(game, 30, 13) if not state.is_over]:
        greedy = greedy_ss_move(state, random.Random(1))
        if type(greedy) is Scout:
            assert fitting_ss(state, random.Random(1)) == fitting_move(state, random.Random(1))
            scouted += 1
        else:
            assert fitting_ss(state, random.Random(1)) == greedy
    assert scouted > 5


def test_a_rollout_that_goes_round_and_round_stops_and_is_scored_as_it_stands():
    # each player in turn shows one card onto the empty table or scouts the one card shown: no hand ever
    # shrinks for good and the turn never comes back to an owner whom everyone else scouted, so the round
    # would go on for ever
    state = Game(players=3, rounds=1).new(seed=1)
    while state.phase == "keep":
        state.apply(state.legal_actions()[0])
    table = Table(state)
    moves = []

    def round_and_round(table, rng):
        moves.append(SHOWS[1][1] if not table._active else Scout(None, 1, False))
        return moves[-1]

    mover = table._current
    stopped = margin(table, mover, SHOWS[1][1], random.Random(0), round_and_round, 0.0)
    assert len(moves) == MOVES and table.scores is None  # MOVES moves after the first; the table itself untouched
    replay = table.copy()
    for move in [SHOWS[1][1], *moves]:
        replay.apply(move)
    assert replay.scores is None  # still going
    replay._score(None)  # scored as it stands: score cards and chips less the hand, no one exempt
    assert stopped == replay.scores[mover] == replay._chips[mover] - len(replay._hands[mover])
