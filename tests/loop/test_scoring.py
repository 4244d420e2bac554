"""Loop's points and the game's end against the digest ("Normal round" 9, "Loop rounds" points, "Game end",
the long game and the three-8s rule): normal-round points by rank, loop-round points by chair with the
0 floor, the targets, shared wins, sets, and the optional redeal. Whole games from the stacked deal RUNS
(test_rules.py), whose chairs finish a round of it in chair order unless the script says otherwise."""
from __future__ import annotations

import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.loop.actions import PASS
from cardlib.loop.chairs import round_points
from cardlib.loop.rules import Game
from tests.loop.helpers import stacked_deck
from tests.loop.test_chairs import ROUND_1, ROUND_2, ROUND_2_3P, ROUND_3, SITS_1, SITS_2, SITS_3P
from tests.loop.test_rules import RUNS, dealt, in_chair_order
from tests.scripts import play_script as play

SET_4P = [*ROUND_1, *SITS_1, *ROUND_2, *SITS_2, *ROUND_3]  # a 4-player set of RUNS, to 12 points
ROUND_2P = in_chair_order(2)                               # chair 0 (leading first) goes out at once
SET_2P = [*ROUND_2P, "sit 1", "sit 0", *ROUND_2P, "sit 1", "sit 0", *ROUND_2P]  # nobody moves: 4-2, 6-2, 8-2
EIGHTS = stacked_deck("8r 8b 8y")                          # chair 0 is dealt all three 8s


def round_end(state):
    """The last round's finishing order, points and totals, from the log."""
    return [value for kind, _, value in state._log if kind == "round end"][-1]


@pytest.mark.parametrize("players, points", [(2, (2, 0)), (3, (3, 1, 0)), (4, (4, 2, 1, 0))])
def test_normal_round_points_by_rank_are_4_2_1_0_with_4_players_3_1_0_with_3_and_2_0_with_2(players, points):
    state = play(Game(players=players).new(deck=RUNS), in_chair_order(players))  # player p finishes rank p + 1
    assert round_end(state) == (tuple(range(players)), points, tuple(2 + p for p in points))


def test_the_sheets_examples_one_place_better_than_the_chair_did_is_plus_1_two_plus_2_one_worse_minus_1_two_minus_2():
    assert round_points(4, rank=2, previous=3) == 2 + 1          # one place better than the chair did last round
    assert round_points(4, rank=1, previous=3) == 4 + 2          # two places better
    assert round_points(4, rank=3, previous=2) == 1 - 1          # one place worse
    assert round_points(4, rank=4, previous=2) == 0 - 2          # two places worse
    assert round_points(3, rank=2, previous=2) == 1              # the same place: the base
    assert round_points(2, rank=1, previous=2) == 2 + 1 and round_points(2, rank=2, previous=1) == 0 - 1
    assert round_points(4, rank=1, previous=4) == 4 + 3 and round_points(4, rank=4, previous=1) == 0 - 3  # no cap


def test_a_loop_round_scores_each_chair_base_plus_its_previous_rank_minus_the_new_one_a_4_player_swing_of_3_is_3():
    state = play(Game(players=4).new(deck=RUNS), [*ROUND_1, *SITS_1, *ROUND_2])
    # chairs 0-3 finished 1st-4th in round 1 and hold players 3, 0, 1, 2 now; they finish chair 3, 1, 2, 0
    order, points, totals = round_end(state)
    assert order == (2, 0, 1, 3)
    assert points == (2 + (2 - 2),      # player 0, chair 1: 2nd as before
                      1 + (3 - 3),      # player 1, chair 2: 3rd as before
                      4 + (4 - 1),      # player 2, chair 3: from 4th to 1st, +3
                      0 + (1 - 4))      # player 3, chair 0: from 1st to 4th, -3
    assert totals == (6 + 2, 4 + 1, 3 + 7, 0)


def test_a_total_never_drops_below_0_the_rounds_points_are_added_then_a_negative_total_becomes_0():
    state = play(Game(players=4).new(deck=RUNS), [*ROUND_1, *SITS_1, *ROUND_2])
    assert state._scores[3] == 0 and round_end(state)[1][3] == -3      # 2 - 3 = -1 becomes 0, not -3 from 0


def test_with_3_players_two_places_better_is_plus_2_and_two_worse_minus_2():
    state = play(Game(players=3).new(deck=RUNS), [*in_chair_order(3), *SITS_3P, *ROUND_2_3P])
    order, points, totals = round_end(state)
    assert order == (0, 2, 1)           # chairs 2, 1, 0: players 0, 2, 1
    assert points == (3 + (3 - 1),      # player 0, chair 2: from 3rd to 1st
                      0 + (1 - 3),      # player 1, chair 0: from 1st to 3rd
                      1 + (2 - 2))      # player 2, chair 1: 2nd as before
    assert totals == (5 + 5, 3 - 2, 2 + 1)


def test_with_2_players_the_game_ends_when_a_total_reaches_7_and_not_before():
    state = play(Game(players=2).new(deck=RUNS), SET_2P[:-5])
    assert state.phase == "sit" and state._scores == [6, 2]           # two rounds: 6 < 7, chairs again
    play(state, SET_2P[-5:])                                          # a third: 8 >= 7
    assert state.is_over and state.phase == "over" and state.result().scores == (8, 2)
    assert state.result().places == (1, 2) and state.legal_actions() == []


def test_with_3_players_the_game_ends_at_10_reached_exactly_and_no_chair_is_chosen_after_the_last_round():
    state = play(Game(players=3).new(deck=RUNS), [*in_chair_order(3), *SITS_3P, *ROUND_2_3P])
    assert state.is_over and state.result().scores == (10, 1, 3) and state.result().places == (1, 3, 2)
    assert state.current_player is None and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(PASS)


def test_with_4_players_the_game_ends_at_12_the_highest_total_wins_and_ties_share_the_win():
    state = play(Game(players=4).new(deck=RUNS), SET_4P[:-len(ROUND_3)])
    assert state.phase == "set aside" and state._scores == [8, 5, 10, 0]  # 10 < 12: round 3
    play(state, ROUND_3)
    # previous ranks by chair: 4, 2, 3, 1 (players 3, 0, 1, 2 last round); now chair 0 (player 1) is 1st, chair 1
    # (player 2) 2nd, chair 2 (player 0) 3rd, chair 3 (player 3) 4th
    assert round_end(state)[1] == (1 + (3 - 3), 4 + (4 - 1), 2 + (2 - 2), 0 + (1 - 4))
    assert state.is_over and state.result().scores == (9, 12, 12, 0)
    assert state.result().places == (3, 1, 1, 4) and state.result().winners == (1, 2)


def test_a_whole_game_ends_at_the_target_with_totals_never_below_zero():
    for players in (2, 3, 4):
        state = Game(players=players).new(seed=players)
        while not state.is_over:
            state.apply(state.legal_actions()[-1])  # always the last legal action: passes when it may
        scores = state.result().scores
        assert max(scores) >= Game(players=players).target and min(scores) >= 0


def test_the_long_game_is_won_by_the_first_to_win_2_sets_a_shared_set_win_counting_for_each_winner():
    state = play(Game(players=4, long=True).new(deck=RUNS + RUNS), SET_4P)
    assert ("set end", None, (1, 2)) in state._log and state._sets_won == [0, 1, 1, 0]
    assert not state.is_over and state.result().scores == (0, 1, 1, 0)
    # set 2 was played exactly as set 1, chair by chair: its winners sat at chairs 1 and 2 when it began
    play(state, SET_4P)
    assert state._log[-2] == ("set end", None, (0, 2)) and state.is_over
    assert state.result().scores == (1, 1, 2, 0) and state.result().winners == (2,)


# After SET_4P (players 1 and 2 share set 1), set 2 begins with players 1, 2, 0, 3 at chairs 0, 1, 2, 3. "A" is a
# round in chair order (ROUND_1), "B" one in which chair 3 goes out first, then chairs 1, 2, and chair 0 is last.
SET_2_SHARED = [*ROUND_1,                                   # A: players 0-3 at 2 + 1, 4, 2, 0 = 3, 6, 4, 2
                "sit 0", "sit 1", "sit 3", "sit 2",         # players 3, 0, 2, 1 to chairs 0, 1, 3, 2
                *ROUND_2,                                   # B, previous ranks 1 2 3 4 by chair: +2, +1, +7, -3
                "sit 2", "sit 1", "sit 3", "sit 0",         # players 3, 1, 0, 2 to chairs 2, 1, 3, 0
                *ROUND_2,                                   # B, previous ranks 4 2 3 1 by chair: +4, +2, +0, +1
                "sit 1", "sit 0", "sit 3", "sit 2",         # players 2, 3, 1, 0 to chairs 1, 0, 3, 2
                *ROUND_2]                                   # B, as before: +1, +4, +2, +0


def test_in_the_long_game_several_players_may_reach_2_sets_together_and_share_the_game():
    state = play(Game(players=4, long=True).new(deck=RUNS + RUNS), SET_4P)
    play(state, SET_2_SHARED[:-len(ROUND_2)])
    assert state._scores == [5 + 4, 7 + 2, 11 + 0, 0 + 1] and state.phase == "set aside"  # 9, 9, 11, 1: on
    play(state, ROUND_2)
    assert round_end(state)[2] == (9 + 1, 9 + 4, 11 + 2, 1 + 0)                # players 1 and 2 tie at 13
    assert state.is_over and state.result().scores == (0, 2, 2, 0) and state.result().winners == (1, 2)


def test_each_set_starts_afresh_everyone_at_2_points_with_the_chairs_kept_chair_0_taking_the_first_11_cards():
    state = play(Game(players=4, long=True).new(deck=RUNS + EIGHTS), SET_4P)
    assert state._set == 2 and state._round == 1 and state._scores == [2, 2, 2, 2]
    assert state.phase == "set aside" and state._chair == [2, 0, 1, 3]        # as set 1 ended; no chair choice
    assert [state.hand(player) for player in (1, 2, 0, 3)] == [dealt(EIGHTS, chair) for chair in range(4)]
    assert state.current_player == 1 and state._previous == [None] * 4      # a normal round: chair 0 sets aside first


def test_a_set_the_stacked_deck_does_not_cover_is_dealt_from_the_seed():
    hands = []
    for seed in (1, 1, 2):
        state = play(Game(players=2, long=True).new(seed=seed, deck=RUNS), SET_2P)
        assert state._set == 2 and state._sets_won == [1, 0] and state._scores == [2, 2]
        assert all(len(state.hand(player)) == 11 for player in range(2)) and len(set(state.all_cards())) == 45
        hands.append((state.hand(0), state.hand(1)))
    assert hands[0] == hands[1] != hands[2] and hands[0] != (dealt(RUNS, 0), dealt(RUNS, 1))


def three_eights_shown(state):
    return [(player, hand) for kind, player, hand in state._log if kind == "three eights"]


def test_the_three_8s_rule_shows_the_hand_scores_1_point_and_deals_every_hand_again():
    state = Game(players=3, three_eights=True).new(seed=3, deck=EIGHTS)
    shown = three_eights_shown(state)
    assert shown[0] == (0, dealt(EIGHTS, 0))                                  # chair 0's hand, shown
    assert state._scores == [2 + sum(player == p for player, _ in shown) for p in range(3)]  # 1 point a showing
    assert state._scores[0] >= 3 and state.phase == "set aside"
    assert [state.hand(chair) for chair in range(3)] != [dealt(EIGHTS, chair) for chair in range(3)]  # dealt again
    assert all(sum(card[0] == 8 for card in state.hand(p)) < 3 for p in range(3)) and len(state.all_cards()) == 45


def test_without_the_option_a_hand_with_three_8s_is_kept_and_played():
    state = Game(players=3).new(seed=3, deck=EIGHTS)
    assert not Game().three_eights and three_eights_shown(state) == []
    assert state.hand(0) == dealt(EIGHTS, 0) and state._scores == [2, 2, 2]


def test_the_three_8s_rule_applies_to_each_sets_normal_round():
    state = play(Game(players=2, long=True, three_eights=True).new(seed=4, deck=RUNS + EIGHTS), SET_2P)
    assert three_eights_shown(state)[0] == (0, dealt(EIGHTS, 0)) and state._set == 2  # player 0 kept chair 0
    assert state._scores[0] >= 2 + 1 and state.phase == "set aside"
