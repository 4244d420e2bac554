"""Twenty-five: the rules of a round's end and of the game's end (shared/rules/twenty-five.md).

Scoring, the next round and the game's end, on stacked deals (see helpers.py); the rest of
the digest's rules are in test_rules.py.
"""
import random
from collections import Counter

import pytest

from cardlib.core.agents import RandomAgent
from cardlib.core.match import play, replay
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.core.testing import snapshot
from cardlib.twentyfive import DRAW, PASS, Game, ThresholdBot
from tests.twentyfive.helpers import deck, draw_turns, events, exactly_25_round, last_round, settle


# --- step 5: scoring ---------------------------------------------------------------------------

def test_pass_with_fewer_than_25_pairs_the_passer_scores_10():
    # Seven 10s (21) and three 9s (3) = 24 pairs; seat 0 draws the 7th 10, seat 1 passes.
    state = Game(players=3).new(deck=deck((10, 10, 10, 1), (10, 10, 10, 2), (9, 9, 9, 3), pile=(10,)))
    state.apply(DRAW)
    assert state.pairs_in_play() == 24
    state.apply(PASS)
    done = last_round(state)
    assert (done.pairs, done.passer, done.passed) == (24, 1, 0)
    assert done.points == (0, 10, 0) and state.scores == (0, 10, 0)


@pytest.mark.parametrize("hands, pile, pairs", [
    # six 10s (15) + five 9s (10) + two 8s (1) = 26; seats 0 and 1 draw, seat 2 passes.
    (((10, 10, 10, 8), (10, 10, 10, 8), (9, 9, 9, 9)), (9, 1), 26),
    # six 10s (15) + six 9s (15) = 30.
    (((10, 10, 10, 9), (10, 10, 10, 9), (9, 9, 9, 9)), (1, 2), 30),
])
def test_pass_with_more_than_25_pairs_the_last_drawer_scores_p_minus_25(hands, pile, pairs):
    state = Game(players=3).new(deck=deck(*hands, pile=pile))
    state.apply(DRAW)
    state.apply(DRAW)
    state.apply(PASS)
    done = last_round(state)
    assert (done.pairs, done.passer, done.passed) == (pairs, 2, 1)
    assert done.points == (0, pairs - 25, 0) and state.scores == (0, pairs - 25, 0)




def test_pass_with_exactly_25_pairs_everyone_but_the_passer_scores_10():
    state = exactly_25_round()
    done = last_round(state)
    assert (done.pairs, done.passer, done.passed) == (25, 1, 0)
    assert done.points == (10, 0, 10) and state.scores == (10, 0, 10)


def test_pass_with_exactly_25_pairs_four_players():
    state = Game(players=4).new(deck=deck((10, 10, 10), (10, 10, 10), (9, 9, 9), (9, 1, 2), pile=(9,)))
    state.apply(DRAW)
    state.apply(PASS)
    assert last_round(state).pairs == 25 and state.scores == (10, 0, 10, 10)


def test_pass_ends_the_round_and_reveals_every_hand():
    state = exactly_25_round()
    done = last_round(state)
    assert done.hands == ((1, 9, 10), (2, 10, 10), (9, 9, 9))
    assert done.fields == ((10, 10), (10,), (9,))
    assert events(state, "pass") == [(1, None)]


# --- step 6: the next round --------------------------------------------------------------------

def test_the_passer_starts_the_next_round():
    state = exactly_25_round()
    assert state.round_number == 2 and state.observation(0).start_player == 1
    assert ("round", 1, 2) in state.observation(0).log
    round_2 = state.observation(0).log.index(("round", 1, 2))
    settle(state)
    reveals = [seat for kind, seat, _ in state.observation(0).log[round_2:] if kind == "reveal"]
    assert reveals == [1, 2, 0]
    assert state.current_player == 1 and state.phase == "turn"


def test_each_new_round_is_a_fresh_deal_of_all_55_cards():
    state = exactly_25_round()
    settle(state)
    assert Counter(state.all_cards()) == Counter(PAIRS_DECK)
    assert [len(state.hand(s)) for s in range(3)] == [3, 3, 3]
    assert [len(state.field(s)) for s in range(3)] == [1, 1, 1]
    obs = state.observation(0)
    assert (obs.draws, obs.last_drawer, obs.pile_size) == (0, None, 43)
    # The round-1 cards in play go back in: seat 0's 1 turns up again in some round-2 deals.
    dealt = []
    for seed in range(40):
        other = Game(players=3).new(seed=seed, deck=deck((10, 10, 10, 1), (10, 10, 10, 2), (9, 9, 9, 9), pile=(9,)))
        other.apply(DRAW)
        other.apply(PASS)
        dealt.append(tuple(other.hand(s) + other.field(s) for s in range(3)))
    assert any(1 in card for deal in dealt for card in deal)
    assert len(set(dealt)) > 30, "later rounds should be shuffled from the seed"


def test_later_rounds_shuffle_from_the_seed():
    first, second = exactly_25_round(), exactly_25_round()
    assert snapshot(first) == snapshot(second)


# --- Game end ---------------------------------------------------------------------------------

def test_a_total_of_exactly_25_does_not_end_the_game():
    # Ten 10s (45), three 9s (3), two 8s (1), two 7s (1) = 50: the last drawer takes 25.
    state = Game(players=3).new(deck=deck((10, 10, 10, 10), (10, 10, 10, 9), (10, 10, 10, 9),
                                          pile=(9, 8, 8, 7, 7)))
    draw_turns(state, 5)
    state.apply(PASS)
    assert last_round(state).pairs == 50 and state.scores == (0, 25, 0)
    assert not state.is_over and state.round_number == 2 and state.current_player is not None


def test_a_total_above_25_ends_the_game():
    # Ten 10s (45) and four 9s (6) = 51: the last drawer (seat 1) takes 26 and the game ends.
    state = Game(players=3).new(deck=deck((10, 10, 10, 10), (10, 10, 10, 9), (10, 10, 10, 9), pile=(9, 9)))
    draw_turns(state, 2)
    state.apply(PASS)
    assert last_round(state).pairs == 51 and state.scores == (0, 26, 0)
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.round_number == 1 and state.phase == "over"
    result = state.result()
    assert result.scores == (0, 26, 0)
    assert result.places == (1, 3, 1)  # lower is better; seats 0 and 2 share first place


def test_the_observation_carries_the_result_once_the_game_is_over():
    # As above: 51 pairs, seat 1 takes 26 and the game ends; before the pass there is no result.
    state = Game(players=3).new(deck=deck((10, 10, 10, 10), (10, 10, 10, 9), (10, 10, 10, 9), pile=(9, 9)))
    draw_turns(state, 2)
    assert [state.observation(s).result for s in range(3)] == [None] * 3
    state.apply(PASS)
    assert [state.observation(s).result for s in range(3)] == [state.result()] * 3


@pytest.mark.parametrize("seed", range(4))
def test_the_observation_result_is_none_until_the_end_then_the_states_result(seed):
    players, rng = 3 + seed % 2, random.Random(seed)
    state = Game(players=players).new(seed=seed)
    while not state.is_over:
        assert [state.observation(s).result for s in range(players)] == [None] * players
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert [state.observation(s).result for s in range(players)] == [state.result()] * players


@pytest.mark.parametrize("seed", range(12))
def test_rounds_go_on_until_some_total_passes_25(seed):
    record = play(Game(players=3 + seed % 2), [RandomAgent()] * (3 + seed % 2), seed=seed)
    state = replay(record.game, seed, record.actions)
    totals = [0] * state.game.players
    rounds = state.observation(0).rounds
    for index, done in enumerate(rounds):
        totals = [t + p for t, p in zip(totals, done.points)]
        assert (max(totals) > 25) == (index == len(rounds) - 1)
    assert tuple(totals) == state.scores == record.result.scores


@pytest.mark.parametrize("seed", range(12))
def test_places_lower_total_is_better_and_the_highest_total_loses(seed):
    players = 3 + seed % 2
    result = play(Game(players=players), [ThresholdBot(18 + seed % 5)] * players, seed=seed).result
    for seat, score in enumerate(result.scores):
        assert result.places[seat] == 1 + sum(other < score for other in result.scores)
    losers = [s for s, score in enumerate(result.scores) if score == max(result.scores)]
    assert all(result.places[s] == max(result.places) for s in losers)
    assert all(result.places[s] < max(result.places) for s in range(players) if s not in losers)


def test_tied_highest_totals_all_lose():
    # After round 1 (25 pairs, seat 1 passes) the totals are 10, 0, 10; look for a seed whose
    # next two rounds also reach exactly 25 pairs on seat 1's turn: seats 0 and 2 tie on 30.
    for seed in range(3000):
        state = Game(players=3).new(seed=seed, deck=deck((10, 10, 10, 1), (10, 10, 10, 2), (9, 9, 9, 9),
                                                         pile=(9,)))
        state.apply(DRAW)
        state.apply(PASS)
        while not state.is_over:
            settle(state)
            if state.pairs_in_play() > 25:
                break
            if state.pairs_in_play() == 25 and state.current_player == 1 and PASS in state.legal_actions():
                state.apply(PASS)
            else:
                state.apply(DRAW)
        if state.is_over:
            break
    else:
        pytest.fail("no seed below 3000 gives two more rounds of exactly 25 pairs")
    assert state.scores == (30, 0, 30)
    assert state.result().places == (2, 1, 2)
