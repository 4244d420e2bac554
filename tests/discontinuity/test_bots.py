"""Discontinuity bots: legal, sensible, and the lookahead bot beats the greedy one."""
import random

from cardlib.core.match import play
from cardlib.core.tournament import standings
from cardlib.discontinuity import Game, GreedyBot, JOKER, LookaheadBot, PlaceJoker
from cardlib.discontinuity.analysis import exhaustive_best_places
from cardlib.discontinuity.bots import best_anchor, penalty
from cardlib.core.testing import random_states
from tests.discontinuity.helpers import joker_to_place




def test_bots_play_whole_games_in_every_variant():
    for players in (2, 3, 4):
        record = play(Game(players=players), ([GreedyBot(), LookaheadBot()] * 2)[:players], seed=players)
        assert record.decisions > 10


def test_greedy_bot_takes_what_raises_its_score_most():
    checked = 0
    for state in random_states(Game(players=3), games=10, seed=21):
        seat = state.current_player
        if state.is_over or state.phase != "take" or state.joker_face(seat) is not None:
            continue
        legal = [a for a in state.legal_actions() if a != JOKER]  # takes: no joker to place after
        gains = {}
        for action in legal:
            after = state.clone()
            after.apply(action)
            gains[action] = after.points(seat) - state.points(seat)
        choice = GreedyBot().act(state.observation(seat), legal, random.Random(0))
        assert gains[choice] == max(gains.values())
        checked += 1
    assert checked > 50


def test_greedy_bot_puts_the_joker_where_it_costs_least():
    state = joker_to_place()
    choice = GreedyBot().act(state.observation(0), state.legal_actions(), random.Random(0))
    assert choice == PlaceJoker(4)  # 4, 5 costs 9; 8, 9 would cost 17


def test_bots_best_anchor_is_among_the_exhaustive_best():
    for mask in range(0, 1 << 11, 2):
        numbers = [n for n in range(1, 11) if mask >> n & 1]
        least, anchors = exhaustive_best_places(numbers)
        assert best_anchor(mask) in anchors and penalty(mask, best_anchor(mask)) == least


def test_lookahead_beats_greedy_in_a_seeded_tournament():
    agents = {"lookahead": LookaheadBot(), "greedy": GreedyBot()}
    table, summary = standings(Game(players=2), agents, games=400, seed=3)
    assert set(summary.index) == {"lookahead", "greedy"}
    assert summary.loc["lookahead", "mean score"] > summary.loc["greedy", "mean score"]
    assert summary.loc["lookahead", "win rate"] > summary.loc["greedy", "win rate"]
    assert len(table) == 800
