"""Loop's climber bot: legal whole games, its plan for the set-aside cards and donden, its plays, and its
edge over random play in a seeded tournament."""
from __future__ import annotations

import random

import pytest


from cardlib.core import testing
from cardlib.core.match import play, replay
from cardlib.core.tournament import duplicate, duplicate_summary, standings
from cardlib.loop.actions import DONDEN, PASS, Play, SetAside, Sit, parse_card
from cardlib.loop.bots import ClimberBot, RandomAgent, SearchBot, candidates, climb_move, low_hand
from cardlib.loop.rules import Game
from cardlib.loop.world import world
from tests.loop.helpers import stacked_deck
from tests.scripts import moves, say


def cards(text):
    return tuple(parse_card(part) for part in text.split())


@pytest.mark.parametrize("game", [Game(players=2), Game(players=3), Game(players=4, start=2),
                                  Game(players=3, long=True, three_eights=True)], ids=repr)
def test_the_climber_plays_whole_games_by_the_rules(game):
    record = play(game, [ClimberBot()] * game.players, seed=7)  # play() refuses an illegal choice
    state = replay(game, 7, record.actions)
    assert state.is_over and state.result() == record.result
    if game.long:
        assert max(record.result.scores) == 2  # sets won: the first to 2
    else:
        assert max(state.observation(0).scores) >= game.target  # it ended at the target, not before


def test_with_a_low_hand_and_an_8_it_sets_the_8_aside_to_plan_a_donden():
    state = Game(players=3).new(deck=stacked_deck("8r 1r 2b 3y 4r 5b 6y 7r 9b 12y 2y"))
    choice = ClimberBot().act(state.observation(0), state.legal_actions(), None)
    assert low_hand(state.hand(0)) and type(choice) is SetAside and (8, "r") in choice.cards


def test_with_a_high_hand_it_keeps_its_8_and_sets_aside_weak_lone_cards():
    state = Game(players=3).new(deck=stacked_deck("8r 1r 3y 10b 11b 12b 13y 14y 14r 15b 15r"))
    choice = ClimberBot().act(state.observation(0), state.legal_actions(), None)
    assert choice == SetAside(cards("1r 3y"))


def test_it_follows_with_the_weakest_combination_that_beats_and_keeps_an_8_early():
    deck = stacked_deck("5r 7r 7b 10y 11y 12y 13y 14y 1r 2r 3r", "6r 9r 9b 2b 3b 4b 15r 15b 1b 1y 2y",
                        "8r 8b 4r 11r 12r 13r 14r 6y 4y 5y 3y")
    state = Game(players=3).new(deck=deck)
    for text in moves("set aside 1r 2r / set aside 1b 2y / set aside 3y 4y / play 7r 7b"):
        say(state, text)
    assert ClimberBot().act(state.observation(1), state.legal_actions(), None) == Play(cards("9r 9b"))
    say(state, "play 9r 9b")
    assert ClimberBot().act(state.observation(2), state.legal_actions(), None) == PASS  # 8r 8b kept for later


def test_it_takes_the_chair_whose_last_occupant_finished_worst():
    state = Game(players=3).new(seed=5)
    rng = random.Random(1)
    while state.phase != "sit":
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    obs = state.observation(state.current_player)
    choice = ClimberBot().act(obs, state.legal_actions(), None)
    allowed = [action.chair for action in state.legal_actions()]
    ranks_at = {chair: state._ranks[state._occupant[chair]] for chair in allowed}
    assert ranks_at[choice.chair] == max(ranks_at.values())


def test_the_climber_beats_random_players_in_a_seeded_tournament():
    _, by_agent = standings(Game(players=3), {"climber": ClimberBot(), "random A": RandomAgent(),
                                              "random B": RandomAgent()}, games=90, seed=3)
    assert by_agent.loc["climber", "win low"] > 1 / 3  # the 95% interval of its win rate lies above a fair share


GAMES = [Game(players=2), Game(players=3), Game(players=4, start=2), Game(players=3, long=True, three_eights=True)]


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_a_world_imagined_from_an_observation_keeps_it_and_plays_on(game):
    testing.check_world(game, lambda obs, rng: world(obs, rng, game), every=6)


def test_in_a_loop_round_a_world_keeps_the_cards_seen_at_each_chair_and_redraws_only_the_rest():
    rng = random.Random(3)
    state = Game(players=3).new(seed=8)
    while not (state.phase == "play" and state._round == 2):
        state.apply(climb_move(state))
    obs = state.observation(0)
    imagined = world(obs, rng)
    for player in (1, 2):
        known = set(obs.held_known[player])
        assert len(known) >= 6  # most of a chair's 11 cards were played in front of it last round
        assert known <= set(imagined.hand(player)) | set(imagined.aside(player))


def test_climb_move_chooses_as_the_climber_does_from_its_observation():
    state, bot = Game(players=4).new(seed=6), ClimberBot()
    while not state.is_over:
        legal = state.legal_actions()
        chosen = climb_move(state)
        assert chosen == bot.act(state.observation(state.current_player), legal, None)
        state.apply(chosen)


def test_the_search_candidates_are_legal_few_and_start_with_the_climbers_choice():
    state, bot = Game(players=3).new(seed=2), ClimberBot()
    while not state.is_over:
        obs, legal = state.observation(state.current_player), state.legal_actions()
        found = candidates(obs, legal, 6)
        assert found and len(found) <= max(6, sum(type(a) is Sit for a in legal)) and set(found) <= set(legal)
        assert len(set(found)) == len(found) and (type(legal[0]) is Sit or found[0] == bot.act(obs, legal, None))
        if len(legal) <= 6:
            assert set(found) == set(legal)
        elif PASS in legal or DONDEN in legal:
            assert {PASS, DONDEN} & set(legal) <= set(found)
        state.apply(found[0])


def test_the_search_bot_plays_whole_games_by_the_rules():
    game = Game(players=3, rounds=2)
    record = play(game, [SearchBot(rollouts=4, width=3), ClimberBot(), ClimberBot()], seed=3)
    state = replay(game, 3, record.actions)
    ends = sum(1 for entry in state.observation(0).log if entry[0] == "round end")
    assert state.result() == record.result and (ends == 2 or max(record.result.scores) >= game.target)


def test_the_search_bot_sees_only_its_observation():
    # a world the player cannot tell from the real one: the same observation, the same choice
    state = Game(players=3).new(seed=11)
    while not (state.current_player == 0 and state.phase == "play" and state._trick is not None):
        state.apply(climb_move(state))
    twin = state.determinize(0, random.Random(3))
    assert [twin.hand(player) for player in (1, 2)] != [state.hand(player) for player in (1, 2)]
    bot = SearchBot(rollouts=6, width=4)
    assert bot.act(state.observation(0), state.legal_actions(), random.Random(4)) == \
        bot.act(twin.observation(0), twin.legal_actions(), random.Random(4))


def test_the_search_bot_beats_the_climber_on_duplicate_deals():
    table = duplicate(Game(players=3, rounds=2), SearchBot(rollouts=8, width=4), ClimberBot(), deals=8, seed=4)
    gained = duplicate_summary(table).loc["score gained"]
    assert gained["low"] > 0, gained  # the 95% interval of the points gained in the same chairs lies above zero
