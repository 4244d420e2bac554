"""SCOUT rules, the digest's "Round end" and "Two players" sections: the two round ends, scoring,
rounds and start players, totals and the winners; the two-player variant with its tokens; and
whole games played from stacked deals in the digest's notation, scored by hand from the rules.
"""
import random

from cardlib.scout import Game, Scout, ScoutAndShow, Show
from tests.scout.helpers import cards_of, deck, key, legal, play, rejects, round_ends, stacked, tops, turned

KEEP3 = "keep / keep / keep"


def one_round(players, *hands):
    return stacked(players, list(hands), number_of_rounds=1)


# --- round end (i) ----------------------------------------------------------------------------

# 0 holds the run 2-3-4-5 and every card with a 1 on top (a set of 8); 1 holds the run 4-5-6-7-8
EMPTYING = ["2/6 3/7 4/8 5/9 1/2 1/3 1/4 1/5 1/6 1/7 1/8 1/9", "4/2 5/2 6/3 7/2 8/2"]
EMPTYING_PLAY = """
    show 1-4                 # 0: 2-3-4-5
    show 1-5                 # 1: 4-5-6-7-8 beats it, 4 score cards
    scout left to 1          # 2: takes the 4; 1 gets a chip
    show 1-8                 # 0: 1-1-1-1-1-1-1-1 beats 5-6-7-8, 4 score cards; the hand is empty
"""


def test_round_ends_at_once_when_a_hand_becomes_empty_after_a_show():
    state = play(one_round(3, *EMPTYING), KEEP3 + EMPTYING_PLAY)
    assert state.is_over and state.hand(0) == ()
    # 0: 4 score cards; 1: 4 score cards + 1 chip - 7 in hand; 2: - 13 in hand. Nobody is exempt in (i).
    assert round_ends(state) == [("round end", None, ("emptied", (4, -2, -13)))]
    assert state.result().scores == (4, -2, -13) and state.result().places == (1, 2, 3)


# --- round end (ii) ---------------------------------------------------------------------------

def test_round_ends_when_the_turn_comes_back_to_the_owner_after_everyone_else_only_scouted():
    state = one_round(3, "9/1 8/1 7/1")
    play(state, KEEP3 + " / show 1-3 / scout left to 1")
    assert not state.is_over and state.current_player == 2
    play(state, "scout left to 1")
    # 0: 2 chips and its 9 cards are not counted (it ended the round by (ii)); 1 and 2: 13 cards each
    assert state.is_over and round_ends(state) == [("round end", 0, ("came back", (2, -13, -13)))]


def test_round_end_ii_holds_even_if_the_active_set_was_scouted_away_on_the_last_of_those_turns():
    state = one_round(3, "9/1 8/1")
    play(state, KEEP3 + " / show 1-2 / scout left to 1 / scout to 1")
    assert state.is_over and state.active == () and state.owner == 0
    assert round_ends(state) == [("round end", 0, ("came back", (2, -13, -13)))]


def test_a_scout_and_show_between_is_a_show_and_the_owner_it_makes_ends_the_round_by_ii():
    state = one_round(3, "9/1 8/1 7/1", "8/2 3/4 6/5 1/2 4/5 7/3 2/3 5/7 3/5 6/7 4/6")
    play(state, KEEP3 + """
        show 1-3                                # 0: 9-8-7
        scout & show left to 1 / show 1-2       # 1: scouts the 9 (0 gets a chip), shows 9-8, takes 8-7
        scout left to 1                         # 2: 1 gets a chip
    """)
    assert state.current_player == 0 and not state.is_over  # 0 is no longer the owner: 1 is
    play(state, "scout to 1")                                # 0: 1 gets a chip; the turn comes back to 1
    # 0: 1 chip - 10 cards; 1: 2 score cards + 2 chips, its hand not counted; 2: - 13 cards
    assert round_ends(state) == [("round end", 1, ("came back", (-9, 4, -13)))]


def test_the_owners_hand_is_not_counted_only_in_ii():
    state = play(one_round(3, *EMPTYING), KEEP3 + EMPTYING_PLAY)  # (i): 1 owned the set 0 beat, and pays
    (_, exempt, (_, scores)), = round_ends(state)
    assert exempt is None and len(state.hand(1)) == 7 and scores[1] == 4 + 1 - 7
    state = one_round(3, "9/1 8/1 7/1")
    play(state, KEEP3 + " / show 1-3 / scout left to 1 / scout left to 1")  # (ii): the owner 0 does not
    (_, exempt, (_, scores)), = round_ends(state)
    assert exempt == 0 and len(state.hand(0)) == 9 and scores[0] == 0 + 2


def test_scoring_one_per_score_card_one_per_chip_minus_one_per_card_in_hand_markers_and_active_set_nothing():
    for players in (3, 4, 5):
        for seed in range(4):
            state = Game(players=players, rounds=1).new(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                before = state.clone()
                state.apply(rng.choice(state.legal_actions()))
            exempt, (_, scores) = round_ends(state)[0][1:]
            obs = before.observation(0)
            # the last decision was a show that emptied a hand, or a scout that passed the turn to the owner
            last = state.history[-1]
            if exempt is None:
                assert type(last) is Show and any(len(state.hand(s)) == 0 for s in range(players))
            else:
                assert type(last) is Scout and exempt == obs.owner
            end = state.observation(0)
            for seat in range(players):
                expected = end.score_cards[seat] + end.chips[seat] - (0 if seat == exempt else len(state.hand(seat)))
                assert scores[seat] == expected


# --- rounds -----------------------------------------------------------------------------------

def play_randomly(state, seed):
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_as_many_rounds_as_players_and_the_totals_are_the_sum_of_the_rounds():
    for players in (3, 4, 5):
        state = play_randomly(Game(players=players).new(seed=players), players)
        ends = round_ends(state)
        assert len(ends) == players and state.observation(0).rounds == players
        totals = tuple(sum(end[2][1][seat] for end in ends) for seat in range(players))
        assert state.result().scores == totals == state.observation(1).totals


def test_the_start_player_moves_one_seat_left_each_round():
    state = play_randomly(Game(players=4, start=3).new(seed=1), 1)
    assert [entry[1:] for entry in state._log if entry[0] == "round"] == [(3, 1), (0, 2), (1, 3), (2, 4)]
    # and the first to keep or turn in a round is its start player
    keeps = [entry[1] for i, entry in enumerate(state._log) if entry[0] in ("keep", "turn")
             and state._log[i - 1][0] == "round"]
    assert keeps == [3, 0, 1, 2]


def test_highest_total_wins_and_ties_share_the_win():
    state = stacked(3, ["9/1 8/1"], ["", "9/1 8/1"], number_of_rounds=2)
    play(state, KEEP3 + " / show 1-2 / scout left to 1 / scout to 1")     # round 1: (2, -13, -13)
    assert state.observation(2).totals == (2, -13, -13) and state.current_player == 1
    play(state, KEEP3 + " / show 1-2 / scout left to 1 / scout to 1")     # round 2, from 1: (-13, 2, -13)
    assert state.result().scores == (-11, -11, -26) and state.result().places == (1, 1, 3)
    assert state.observation(0).result == state.result()


# --- a whole three-player game, hand-scored ----------------------------------------------------

# round 2: 1 turns its hand, which then starts 6-6 and holds no other group
TURNED = "6/1 6/3 1/2 3/5 1/3 4/6 1/4 5/6 1/5 7/3 1/7 9/3"
GAME = [EMPTYING, ["7/2 8/2 9/2", turned(TURNED), "2/4 3/4"], ["3/8 3/9 5/8 6/8", "", "4/7 5/7"]]


def test_a_whole_three_player_game_in_the_notation_scored_by_hand():
    state = stacked(3, *GAME)
    play(state, KEEP3 + EMPTYING_PLAY)                       # round 1 (start 0): ends by (i)
    assert round_ends(state)[-1] == ("round end", None, ("emptied", (4, -2, -13)))
    assert state.observation(0).round == 2 and state.current_player == 1 and state.phase == "keep"

    play(state, "turn / keep / keep")                        # round 2 (start 1): 1 turns, 2 and 0 keep
    assert state.hand(1) == tuple((int(c[0]), int(c[2])) for c in TURNED.split())
    play(state, """
        show 1-2                                 # 1: 6-6
        scout & show left to 13 / show 1-2       # 2: scouts a 6 (1: a chip), shows 2-3, takes the other 6
        show 1-3                                 # 0: 7-8-9 beats 2-3, 2 score cards
        scout right to 1                         # 1: the 9 (0: a chip)
        scout left to 1 turned                   # 2: the 7, as 2/7 (0: a chip); the turn comes back to 0
    """)
    # 0: 2 score cards + 2 chips, 9 cards not counted; 1: 1 chip - 11 cards; 2: 1 score card - 12 cards.
    # The 8 left active and the unused markers count nothing.
    assert round_ends(state)[-1] == ("round end", 0, ("came back", (4, -10, -11)))
    assert state.observation(0).totals == (8, -12, -24) and state.current_player == 2

    play(state, """
        keep / keep / keep                       # round 3 (start 2)
        show 1-2                                 # 2: 4-5
        show 1-2                                 # 0: 3-3 beats the run, 2 score cards
        scout & show right to 1 turned / show 1  # 1: the 3 as a 9 (0: a chip), shows the 9, takes the other 3
        scout to 1                               # 2: the 9 (1: a chip); nothing is left active
        show 1-2                                 # 0: 5-6, any group will do
        scout left to 1                          # 1: the 5 (0: a chip)
        scout to 1                               # 2: the 6 (0: a chip); the set is gone, the turn comes back to 0
    """)
    # 0: 2 score cards + 3 chips, 8 cards not counted; 1: 1 score card + 1 chip - 13 cards; 2: - 12 cards
    assert round_ends(state)[-1] == ("round end", 0, ("came back", (5, -11, -12)))
    assert state.is_over and state.result().scores == (13, -23, -36) and state.result().places == (1, 2, 3)


# --- two players --------------------------------------------------------------------------------

TWO = [
    ["9/1 9/2 9/3 9/4", "2/1 5/1 3/1 6/1 4/2 1/4 7/1 5/2 2/3 8/1 6/2"],     # 1: no group, nothing above 8
    ["2/7 4/6 8/4 8/5 6/3 3/5 10/2 4/7 9/5 2/8 6/8", "5/6 5/7 7/8 7/10 7/6 1/10 4/10 5/10 6/10 10/8 3/8"],
]
TWO_ROUND_1 = """
    keep / keep
    show 1-4                                       # 0: 9-9-9-9
    scout left to 1 / scout left to 3 / scout left to 5    # 1: three 9s, apart; one 9 left, no token
"""


def test_two_players_take_3_tokens_each_round_and_have_no_chips_and_no_scout_and_show():
    state = play(stacked(2, *TWO), "keep / keep / show 1-4")
    obs = state.observation(1)
    assert obs.tokens == (3, 3) and obs.markers == (False, False) and obs.chips == (0, 0)
    assert obs.hand_sizes == (7, 11) and len(state.all_cards()) == 45  # 11 each; 22 aside; the 9/10 out
    assert not any(type(action) is ScoutAndShow for action in state.legal_actions())
    rejects(state, ScoutAndShow("left", 1), "two-player game has no Scout & Show")


def test_two_players_scouting_spends_a_token_the_opponent_gains_nothing_and_the_same_player_goes_again():
    state = play(stacked(2, *TWO), "keep / keep / show 1-4 / scout left to 1")
    obs = state.observation(0)
    assert obs.tokens == (3, 2) and obs.chips == (0, 0) and state.current_player == 1 and state.owner == 0
    assert state.hand(1)[0] == (9, 1) and state.active == ((9, 2), (9, 3), (9, 4))


def test_two_players_the_round_ends_right_after_a_players_own_last_scout_if_they_cannot_show():
    state = play(stacked(2, *TWO), TWO_ROUND_1.replace("/ scout left to 5", ""))
    assert tops(state, 1) == [9, 2, 9, 5, 3, 6, 4, 1, 7, 5, 2, 8, 6] and state.observation(0).tokens == (3, 1)
    play(state, "scout left to 5")
    # 0 owned the 9 left active: its 7 cards are not counted, +3 tokens; 1: 14 cards, no token
    assert round_ends(state) == [("round end", 0, ("stuck", (3, -14)))]


def test_two_players_the_other_player_starts_round_2_with_the_other_22_cards_and_fresh_tokens():
    state = play(stacked(2, *TWO), TWO_ROUND_1)
    assert state.current_player == 1 and state.phase == "keep" and state.observation(0).start == 1
    assert state.observation(0).tokens == (3, 3)
    first = {key(card) for card in deck(2, *TWO)[:22]}
    second = {key(card) for card in state.hand(0) + state.hand(1)}
    assert len(second) == 22 and not first & second and sorted(first | second) == cards_of(2)
    # stacked for round 1 only, round 2 deals the 22 set aside
    alone = deck(2, TWO[0])
    shuffled = play(Game(players=2).new(seed=3, deck=alone), TWO_ROUND_1)
    assert {key(card) for card in shuffled.hand(0) + shuffled.hand(1)} == set(cards_of(2)) - set(map(key, alone))


def test_two_players_without_tokens_no_scout_and_the_round_ends_when_the_player_to_act_cannot_show():
    state = play(stacked(2, *TWO), TWO_ROUND_1 + """
        keep / keep                              # round 2, 1 starts
        show 1-2                                 # 1: 5-5
        scout left to 1 / scout to 8 / show 2    # 0: both 5s (2 tokens), the active set is gone; a 2
        show 1-3                                 # 1: 7-7-7, 1 score card
        scout left to 13 turned                  # 0: the last token; 8-8 beats the 7-7 left
    """)
    assert state.observation(1).tokens == (0, 3) and legal(state) == {"show 3-4"}
    rejects(state, Scout("left", 1), "no Scout token left")
    play(state, "show 3-4 / show 2-4")           # 0: 8-8, 2 score cards; 1: 4-5-6, 2 score cards
    # 0 has no token and no group of three: the round ends; 1 owns the 4-5-6 and its 3 cards are not counted
    # 0: 2 score cards - 11 cards; 1: 3 score cards + 3 tokens
    assert round_ends(state)[-1] == ("round end", 1, ("stuck", (-9, 6)))
    assert state.is_over and state.result().scores == (-6, -8) and state.result().places == (1, 2)


def test_two_players_play_two_rounds():
    for seed in range(3):
        state = play_randomly(Game(players=2).new(seed=seed), seed)
        assert len(round_ends(state)) == 2 and state.observation(0).rounds == 2
