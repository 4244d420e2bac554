"""SCOUT's worlds that read the others' keep or turn (bots_worlds.py): the hand each seat held after its choice,
worked out backwards, and worlds whose unseen cards lie the way up a planner's choice says."""
from __future__ import annotations

import random

import pytest

from cardlib.core.match import play
from cardlib.scout import Game
from cardlib.scout.bots import PlannerBot, SearchBot
from cardlib.scout.bots_worlds import agrees, kept_or_turned, read, start_hand
from cardlib.scout.deal import canonical


def planner_rounds(players, games):
    """Every state of seeded rounds between planners, with each seat's hand just after it kept or turned."""
    planner, rng = PlannerBot(), random.Random(1)
    for seed in range(games):
        state, held = Game(players=players, rounds=1).new(seed=seed), {}
        while not state.is_over:
            seat = state.current_player
            state.apply(planner.act(state.observation(seat), state.legal_actions(), rng))
            if state.phase == "keep" or len(held) < players:
                held[seat] = list(state.hand(seat))
            yield state.clone(), dict(held)


@pytest.mark.parametrize("players", (3, 4, 5))
def test_the_hand_after_keep_or_turn_is_worked_out_backwards_from_the_log(players):
    checked = 0
    for state, held in planner_rounds(players, 4):
        if state.is_over:
            continue
        for seat, hand in held.items():
            assert start_hand(state, seat) == hand
            assert kept_or_turned(state, seat) in ("keep", "turn")
            assert agrees(hand, kept_or_turned(state, seat))  # the planner's own choice
            checked += 1
    assert checked > 200


def broken(world, seat):
    """How many other seats hold a hand a planner would not hold after its keep or turn."""
    return sum(not agrees(start_hand(world, other), kept_or_turned(world, other))
               for other in range(world.game.players) if other != seat)


@pytest.mark.parametrize("players", (3, 4, 5))
def test_read_turns_only_unseen_cards_until_each_choice_is_the_planners(players):
    rng, before_reading, after_reading = random.Random(2), 0, 0
    for state, held in list(planner_rounds(players, 4))[::4]:
        if state.is_over or state.phase == "keep":
            continue
        seat = state.current_player
        world = state.determinize(seat, rng)
        before = [list(hand) for hand in world._hands]
        before_reading += broken(world, seat)
        read(world, seat, rng, tries=200)
        after_reading += broken(world, seat)
        for other, hand in enumerate(world._hands):
            assert [canonical(card) for card in hand] == [canonical(card) for card in before[other]]
            for index, known in enumerate(world._seen[other]):
                if known or other == seat:
                    assert hand[index] == before[other][index]
    # a hand left with few unseen cards may have no way up that agrees (the cards dealt to it are not read)
    assert before_reading >= 5 and after_reading <= before_reading / 10, (before_reading, after_reading)


def test_a_search_bot_that_reads_plays_a_round_by_the_rules():
    bot = SearchBot(rollouts=4, width=3, reads=30)
    assert repr(bot) == "SearchBot(rollouts=4, width=3, reads=30)"
    record = play(Game(players=4, rounds=1), [bot, PlannerBot(), PlannerBot(), PlannerBot()], seed=5)
    assert record.decisions > 4
