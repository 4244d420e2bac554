"""Loop's climber bot: legal whole games, its plan for the set-aside cards and donden, its plays, and its
edge over random play in a seeded tournament."""
from __future__ import annotations

import random

import pytest

from cardlib.core.match import play
from cardlib.core.tournament import standings
from cardlib.loop.actions import PASS, Play, SetAside, parse_card
from cardlib.loop.bots import ClimberBot, RandomAgent, low_hand
from cardlib.loop.rules import Game
from tests.loop.helpers import stacked_deck
from tests.scripts import moves, say


def cards(text):
    return tuple(parse_card(part) for part in text.split())


@pytest.mark.parametrize("game", [Game(players=2), Game(players=3), Game(players=4, start=2),
                                  Game(players=3, long=True, three_eights=True)], ids=repr)
def test_the_climber_plays_whole_games_by_the_rules(game):
    record = play(game, [ClimberBot()] * game.players, seed=7)  # play() refuses an illegal choice
    assert 1 in record.result.places


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
