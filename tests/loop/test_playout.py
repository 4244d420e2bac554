"""The search bot's fast rollouts (playout.py, climber.py) make the rules engine's moves: the climber's choice for
any hand and trick, the same margin for every candidate in imagined worlds, and so the same decisions."""
from __future__ import annotations

import random

import pytest

from cardlib.core import testing
from cardlib.loop import climber, playout
from cardlib.loop.actions import COLOURS, DECK, PASS, Play, cards_in_order
from cardlib.loop.bots import SearchBot, _play, aside_pair, candidates, climb_move, margin_by_rules
from cardlib.loop.combos import beating, combo
from cardlib.loop.rules import Game
from cardlib.loop.world import world


def reference_play(hand, trick, reversed_order):
    """The climber's play by bots.climb's own code (donden aside): the cards, or None for a pass."""
    plays = [Play(cards) for cards in beating(hand, combo(trick) if trick else None, reversed_order)]
    chosen = _play(hand, trick, reversed_order, plays) if plays else PASS
    return None if chosen is PASS else chosen.cards


def random_trick(rng):
    """Any form and size, often right in the hand's numbers."""
    form, number = rng.choice(["lead", "single", "pair", "three", "run"]), rng.randint(1, 15)
    if form == "lead":
        return ()
    if form == "run":
        size = rng.randint(2, 6)
        low, colour = rng.randint(1, 16 - size), rng.choice(COLOURS)
        return tuple((low + step, colour) for step in range(size))
    return tuple((number, colour) for colour in COLOURS[:{"single": 1, "pair": 2, "three": 3}[form]])


@pytest.mark.parametrize("seed", range(4))
def test_the_fast_climber_plays_what_the_climber_plays_for_any_hand_and_trick(seed):
    rng = random.Random(seed)
    for _ in range(5_000):
        low = rng.randint(1, 12)  # hands dense in a few numbers: pairs, threes, runs and 8s come often
        pool = [card for card in DECK if low <= card[0] <= low + rng.randint(2, 8)]
        hand = cards_in_order(rng.sample(pool, min(len(pool), rng.randint(1, 11))))
        trick, reversed_order = random_trick(rng), rng.random() < 0.5
        found = climber.play(climber.mask(hand), climber.mask(trick), reversed_order)
        assert (climber.cards_of(found) or None) == reference_play(hand, trick, reversed_order), \
            (hand, trick, reversed_order)


GAMES = [Game(players=2), Game(players=3), Game(players=4), Game(players=4, start=3),
         Game(players=3, long=True, three_eights=True)]


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_fast_rollout_ends_with_the_margin_the_rules_engine_gives(game):
    rng, compared = random.Random(7), 0
    for state in testing.random_states(game, 6, 3):
        if state.is_over:
            continue
        seat = state.current_player
        obs = state.observation(seat)
        imagined = world(obs, rng, game)
        for action in candidates(obs, state.legal_actions(), 6):
            assert playout.margin(imagined, seat, action) == margin_by_rules(imagined, seat, action), (state, action)
            compared += 1
    assert compared > 100


def test_the_search_bot_decides_as_with_rollouts_on_the_rules_engine():
    game, compared = Game(players=4, rounds=2), 0
    state = game.new(seed=12)
    fast, slow = SearchBot(rollouts=4), SearchBot(rollouts=4, by_rules=True)
    while not state.is_over:
        player, legal = state.current_player, state.legal_actions()
        obs = state.observation(player)
        if player == 1 and len(legal) > 1:
            assert fast.act(obs, legal, random.Random(compared)) == slow.act(obs, legal, random.Random(compared))
            compared += 1
        state.apply(climb_move(state))
    assert compared >= 10


def test_the_set_aside_cards_remembered_are_the_climbers():
    state = Game(players=4).new(seed=3)
    for player in range(4):
        hand = playout.mask(state.hand(player))
        first = playout._aside(hand)
        assert playout._ASIDE[hand] == first == playout.mask(aside_pair(state.hand(player)))


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_table_dealt_from_the_observation_is_the_world_the_bot_would_imagine(game):
    compared = 0
    for index, state in enumerate(testing.random_states(game, 6, 5)):
        if state.is_over:
            continue
        seat = state.current_player
        obs = state.observation(seat)
        actions = candidates(obs, state.legal_actions(), 6)
        direct, built = random.Random(index), random.Random(index)
        assert playout.imagined_margins(obs, direct, actions) == playout.margins(world(obs, built), seat, actions)
        assert direct.getstate() == built.getstate()  # the same draws: the next world is the same too
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_between_rounds_the_chairs_taken_on_the_table_give_the_rules_engines_margins(game):
    rng, compared = random.Random(2), 0
    for seed in range(6):
        state = game.new(seed=seed)
        while not state.is_over:
            if state.phase == "sit":
                seat = state.current_player
                imagined = world(state.observation(seat), rng, game)
                for action in state.legal_actions():
                    assert playout.margin(imagined, seat, action) == margin_by_rules(imagined, seat, action)
                    compared += 1
            state.apply(climb_move(state))
    assert compared >= 10
