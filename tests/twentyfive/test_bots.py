"""Twenty-five bots: ThresholdBot's rule of thumb and CoachBot's exact decisions."""
import random
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

from cardlib.core.match import play
from cardlib.core.tournament import standings
from cardlib.twentyfive import Game
from cardlib.twentyfive.bots import CoachBot, ThresholdBot, _relative
from cardlib.twentyfive.beliefs import hidden_worlds, pass_cost
from cardlib.twentyfive.rules import DRAW, PASS, Reveal

SEED = 7


def test_threshold_bot_passes_at_its_threshold():
    bot = ThresholdBot(threshold=13)
    state = Game(players=3).new(seed=SEED)
    while state.phase == "reveal":
        state.apply(state.legal_actions()[0])
    state.apply(DRAW)
    while state.phase == "reveal":
        state.apply(state.legal_actions()[0])
    observation = state.observation(state.current_player)
    assert observation.cards_in_play == 13
    assert bot.act(observation, state.legal_actions(), random.Random(0)) == PASS
    assert ThresholdBot(threshold=14).act(observation, state.legal_actions(), random.Random(0)) == DRAW


def test_coach_bot_plays_whole_games_legally():
    for players in (3, 4):
        for seed in range(3):
            agents = [CoachBot(), ThresholdBot(22)] + [CoachBot("naive")] * (players - 2)
            record = play(Game(players=players), agents, seed=seed)
            assert max(record.result.scores) > 25


def decisions(players, games, seed):
    """(state, observation) at CoachBot's turns in seeded games among CoachBots."""
    bot, rng = CoachBot(), random.Random(seed)
    for index in range(games):
        state = Game(players=players).new(seed=seed + index)
        while not state.is_over:
            observation = state.observation(state.current_player)
            yield state, observation
            state.apply(bot.act(observation, state.legal_actions(), rng))


def test_coach_bot_passes_exactly_when_passing_costs_less_than_drawing():
    bot = CoachBot()
    passes = draws = 0
    for state, observation in decisions(3, 3, SEED):
        legal = state.legal_actions()
        if legal != [DRAW, PASS]:
            continue
        choice = bot.act(observation, legal, random.Random(0))
        passing = _relative(pass_cost(observation), observation.seat)
        drawing = _relative(bot.draw_cost(observation), observation.seat)
        assert choice == (PASS if passing <= drawing else DRAW)
        passes += choice == PASS
        draws += choice == DRAW
    assert passes and draws


def test_coach_bot_never_passes_when_the_pairs_cannot_reach_25():
    bot = CoachBot()
    for state, observation in decisions(4, 2, SEED + 1):
        if state.legal_actions() == [DRAW, PASS] and pass_cost(observation)[observation.seat] == 10:
            assert bot.act(observation, state.legal_actions(), random.Random(0)) == DRAW


def test_coach_bot_reveals_what_hides_most():
    bot, seen = CoachBot(), 0
    for state, observation in decisions(3, 5, SEED + 2):
        legal = state.legal_actions()
        if len(legal) > 1 and isinstance(legal[0], Reveal):
            choice = bot.act(observation, legal, random.Random(0))
            worlds = {action.value: hidden_worlds(observation, action.value) for action in legal}
            assert worlds[choice.value] == max(worlds.values())
            seen += 1
    assert seen


def test_relative_cost_is_own_points_less_the_others_average():
    assert _relative((Fraction(6), Fraction(2), Fraction(4)), 0) == 3


def test_coach_bot_loses_clearly_less_often_than_threshold_bots():
    games, seed = 150, 2025
    with ProcessPoolExecutor(2) as executor:
        table, summary = standings(Game(players=3), [CoachBot(), ThresholdBot(22), ThresholdBot(22)],
                                   games=games, seed=seed, executor=executor)
    coach, threshold = summary.loc["coach"], summary.loc["threshold 22"]
    assert coach["seats played"] == games and threshold["seats played"] == 2 * games
    assert coach["loss high"] < threshold["loss low"], f"seed {seed}:\n{summary}"
