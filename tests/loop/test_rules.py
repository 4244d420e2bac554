"""Loop's engine against the digest, from stacked deals written in the notation (first scenarios; the
full suite, a test for each digest line, comes with the rest of issue 11)."""
from __future__ import annotations

import pytest

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.testing import snapshot
from cardlib.loop.actions import DONDEN, PASS, parse
from cardlib.loop.rules import Game
from tests.loop.helpers import stacked_deck
from tests.scripts import legal, moves, play_script as play, say


def test_a_normal_round_deals_11_to_each_chair_and_leaves_the_rest_unused():
    for players in (2, 3, 4):
        state = Game(players=players).new(seed=1)
        assert all(len(state.hand(player)) == 11 for player in range(players))
        assert len(state.all_cards()) == 45 and len(state._unused) == 45 - 11 * players


def test_everyone_sets_aside_2_cards_in_chair_order_from_the_start_chair_one_action_per_pair():
    state = Game(players=3, start=1).new(seed=2)
    order = []
    while state.phase == "set aside":
        assert len(state.legal_actions()) == 55
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [1, 2, 0] and state.current_player == 1 and all(len(state.aside(p)) == 2 for p in range(3))


FIVES = stacked_deck("5r 7r 7b 10y 11y 12y 13y 14y 1r 2r 3r", "6r 9r 9b 2b 3b 4b 15r 15b 1b 1y 2y",
                     "8r 8b 4r 11r 12r 13r 14r 6y 4y 5y 3y")


def started(deck=FIVES, players=3, asides=("1r 2r", "1b 2y", "3y 4y")):
    state = Game(players=players).new(deck=deck)
    return play(state, " / ".join(f"set aside {pair}" for pair in asides[:players]))


def test_the_lead_may_play_any_combination_and_may_not_pass():
    state = started()
    assert PASS not in state.legal_actions() and "play 5r" in legal(state) and "play 7r 7b" in legal(state)
    assert "play 10y 11y 12y 13y 14y" in legal(state) and "play 11y 12y" in legal(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="lead"):
        state.apply(PASS)
    assert snapshot(state) == before


def test_following_takes_the_same_form_and_size_stronger_and_passing_never_locks_you_out():
    state = play(started(), "play 7r 7b")
    assert legal(state) == {"play 9r 9b", "play 15r 15b", "pass"}  # player 1: a stronger pair, or pass
    with pytest.raises(IllegalActionError, match="same form and size"):
        state.apply(parse("play 2b 3b"))
    play(state, "pass")                                            # player 2 holds 8r 8b: an 8 pair may follow
    assert "play 8r 8b" in legal(state)
    play(state, "pass")                                            # everyone else passed: player 0 leads again
    assert state.current_player == 0 and state._trick is None
    play(state, "play 5r / play 6r")                               # player 1 passed before and plays now
    assert state.current_player == 2


def test_an_8_stops_the_trick_even_inside_a_pair_and_its_player_leads():
    state = play(started(), "play 7r 7b / pass / play 8r 8b")
    assert state.current_player == 2 and state._trick is None and PASS not in state.legal_actions()


DONDEN_DECK = stacked_deck("8y 1r 2r 3r 5b 6b 7b 9b 10b 11b 12b", "8r 15r 14r 13r 1b 2b 3b 4b 9y 10y 11y",
                           "8b 15b 14b 13b 12r 11r 10r 9r 1y 2y 3y")


def test_donden_reveals_a_set_aside_8_reverses_the_order_once_a_turn_and_a_second_donden_turns_it_back():
    state = started(DONDEN_DECK, asides=("8y 12b", "8r 11y", "3y 8b"))
    assert DONDEN in state.legal_actions()
    play(state, "donden")
    assert state.reversed and state.current_player == 0 and DONDEN not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="one donden a turn"):
        state.apply(DONDEN)
    play(state, "play 5b")
    assert "play 4b" in legal(state) and "play 9y" not in legal(state)   # 1 strongest now
    play(state, "donden / play 9y")                                      # player 1 turns it back
    assert not state.reversed and state.observation(2).revealed == (((8, "y"),), ((8, "r"),), ())


def test_bad_stacked_decks_raise_rules_error():
    with pytest.raises(RulesError, match="45"):
        Game().new(deck=stacked_deck()[:44])
    with pytest.raises(RulesError, match="not a Loop card"):
        Game().new(deck=[(16, "red")] + stacked_deck()[1:])
    with pytest.raises(RulesError, match="once each"):
        Game().new(deck=[stacked_deck()[1]] + stacked_deck()[1:])


def test_a_whole_game_ends_at_the_target_with_totals_never_below_zero():
    for players in (2, 3, 4):
        state = Game(players=players).new(seed=players)
        while not state.is_over:
            state.apply(state.legal_actions()[-1])  # always the last legal action: passes when it may
        scores = state.result().scores
        assert max(scores) >= Game(players=players).target and min(scores) >= 0


def test_chairs_are_chosen_from_last_place_upwards_and_not_the_chair_just_had_with_3_players():
    state = Game(players=3).new(seed=5)
    while state.phase != "sit":
        state.apply(state.legal_actions()[-1])
    ranks = state._ranks
    order = []
    while state.phase == "sit":
        player = state.current_player
        order.append(player)
        chairs = [action.chair for action in state.legal_actions()]
        assert state._chair[player] not in chairs and chairs
        state.apply(state.legal_actions()[0])
    assert [ranks[player] for player in order] == [3, 2, 1]
    assert all(len(state.hand(player)) == 11 for player in range(3))  # each chair's 11 cards, taken up
