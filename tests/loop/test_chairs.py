"""Loop's chairs and loop rounds against the digest ("Loop rounds", "Players and chairs", decision 3 of
"Decisions and notation"): who chooses a chair when, which chairs are allowed, the 11 cards each chair
keeps, the start chair, and turns by chair. Scenarios from the stacked deal RUNS (test_rules.py), in which
the chairs finish the first round in chair order."""
from __future__ import annotations

import random

import pytest

from cardlib.loop.actions import DONDEN, PASS, Sit, cards_in_order
from cardlib.loop.rules import Game
from cardlib.loop.world import world as world_of
from tests.loop.helpers import stacked_deck
from tests.loop.test_rules import ASIDES, RED, RUNS, YELLOW, cards, dealt, in_chair_order, refused
from tests.scripts import legal, moves, play_script as play

# The 4-player game of RUNS, round by round (test_scoring.py plays it to its end at 12 points).
ROUND_1 = in_chair_order(4)                    # players 0, 1, 2, 3 finish 1st to 4th: ranks 1, 2, 3, 4
SITS_1 = ["sit 0", "sit 3", "sit 2", "sit 1"]  # last place first: players 3, 2, 1, 0 take chairs 0, 3, 2, 1
ROUND_2 = [*ASIDES,                            # chair 3 (player 2) goes out first, then chairs 1, 2; chair 0 is last
           "play 1r 2r 3r", "pass", "pass", "play 10b 11b 12b", "pass", "pass", "pass",
           "play 10r 11r 12r 13r 14r 15r", "pass", "pass", "pass",  # player 2 is out; chair 0 leads after chair 3
           "play 4r", "play 9b", "pass", "pass", "play 1b 2b 3b 4b 5b 6b 7b 8b", YELLOW]
SITS_2 = ["sit 3", "sit 0", "sit 2", "sit 1"]  # players 3, 1, 0, 2 (ranks 4, 3, 2, 1) take chairs 3, 0, 2, 1
ROUND_3 = in_chair_order(4)

# The 3-player game: after the first round (ranks 1, 2, 3 for players 0, 1, 2), player 2 takes chair 1,
# player 1 chair 0 and player 0 chair 2; then chair 2 goes out first, chair 1 second, chair 0 last.
SITS_3P = ["sit 1", "sit 0", "sit 2"]
ROUND_2_3P = ["set aside 10y 11y", "set aside 12y 13y", "set aside 1y 2y", "play 1r 2r", "pass", "play 14y 15y",
              "pass", "pass", "play 3y 4y 5y 6y 7y 8y 9y", "play 3r", "play 9b", "pass", "play 1b 2b 3b 4b 5b 6b 7b 8b"]


def after_round_one(players):
    return play(Game(players=players).new(deck=RUNS), in_chair_order(players))


def chairs(state):
    return {action.chair for action in state.legal_actions()}


def test_chairs_are_chosen_from_last_place_upwards_and_not_the_chair_just_had_with_3_players():
    state = Game(players=3).new(seed=5)
    while state.phase != "sit":
        state.apply(state.legal_actions()[-1])
    ranks = state._ranks
    order = []
    while state.phase == "sit":
        player = state.current_player
        order.append(player)
        assert state._chair[player] not in chairs(state) and chairs(state)
        state.apply(state.legal_actions()[0])
    assert [ranks[player] for player in order] == [3, 2, 1]
    assert all(len(state.hand(player)) == 11 for player in range(3))  # each chair's 11 cards, taken up


def test_with_4_players_chairs_go_from_last_place_up_and_nobody_may_take_the_chair_just_had():
    state = after_round_one(4)
    assert state.phase == "sit" and state.current_player == 3                # last place (rank 4) first
    assert legal(state) == {"sit 0", "sit 1", "sit 2"}                       # any chair but chair 3
    play(state, "sit 1")
    assert state.current_player == 2 and legal(state) == {"sit 0", "sit 3"}  # not 1 (taken), not 2 (just had)


def test_with_4_players_a_chair_is_refused_when_it_would_leave_the_last_chooser_only_the_chair_they_just_had():
    state = play(after_round_one(4), "sit 1 / sit 3")
    # player 1 sees chairs 0 and 2 free (its own chair 1 is taken anyway); taking 2 would leave chair 0 to
    # player 0, who just had it: only chair 0 is allowed
    assert state.current_player == 1 and legal(state) == {"sit 0"}
    refused(state, "sit 2", "player 1 may take chairs \\[0\\]")
    play(state, "sit 0")
    assert state.current_player == 0 and state.phase == "sit" and legal(state) == {"sit 2"}  # still a decision
    play(state, "sit 2")
    assert state.phase == "set aside" and state._chair == [2, 0, 3, 1] and len(state.history) == 11


def test_with_3_players_a_chair_is_refused_when_it_would_leave_the_last_chooser_only_the_chair_they_just_had():
    state = after_round_one(3)
    assert state.current_player == 2 and legal(state) == {"sit 0", "sit 1"}
    play(state, "sit 1")
    assert state.current_player == 1 and legal(state) == {"sit 0"}           # 2 would leave chair 0 to player 0
    refused(state, "sit 2", "player 1 may take chairs \\[0\\]")
    play(state, "sit 0")
    assert state.current_player == 0 and legal(state) == {"sit 2"}
    state = play(after_round_one(3), "sit 0")
    assert state.current_player == 1 and legal(state) == {"sit 2"}           # 1 just had; 2 leaves chair 1 to player 0


def test_with_2_players_the_choice_is_free_own_chair_included_and_the_last_chooser_still_decides():
    for first, second in ((1, 0), (0, 1)):
        state = after_round_one(2)
        assert state.current_player == 1 and legal(state) == {"sit 0", "sit 1"}
        play(state, f"sit {first}")
        assert state.current_player == 0 and legal(state) == {f"sit {second}"}
        play(state, f"sit {second}")
        assert state.phase == "set aside" and state._chair == [second, first]


@pytest.mark.parametrize("action, reason", [
    ("sit 3", "player 3 may take chairs \\[0, 1, 2\\]"), (Sit(4), "may take chairs"), (Sit(-1), "may take chairs"),
    (Sit(1.0), "may take chairs"), (Sit(True), "may take chairs"), (Sit("1"), "may take chairs"),
    (PASS, "must choose a chair"), (DONDEN, "must choose a chair"), ("play 10r", "must choose a chair"),
    ("set aside 10r 11r", "must choose a chair"), (None, "not an action of Loop"),
], ids=["own chair", "no chair 4", "no chair -1", "1.0", "True", "a word", "pass", "donden", "play", "set aside",
        "None"])
def test_a_chair_not_allowed_or_another_decision_while_choosing_is_refused_with_a_reason_and_changes_nothing(
        action, reason):
    state = after_round_one(4)
    refused(state, action, reason)


def test_in_a_loop_round_each_chair_keeps_its_11_cards_and_its_new_occupant_takes_up_exactly_them():
    state = after_round_one(4)
    for chair in range(4):  # the cards played in front of it, the last player's leftover, the 2 set-aside cards
        occupant = state._occupant[chair]
        assert cards_in_order(state._piles[chair] + list(state.hand(occupant) + state.aside(occupant))) == dealt(RUNS, chair)
    assert state._piles[3] == [] and state.hand(3) == cards("10r 11r 12r 13r 14r 15r 10b 11b 12b")  # never played
    play(state, SITS_1)
    assert state._chair == [1, 2, 3, 0] and state.phase == "set aside"
    assert state.observation(0).previous == (1, 2, 3, 4)                     # each chair remembers its rank
    for player in range(4):
        assert state.hand(player) == dealt(RUNS, state._chair[player]) and state.aside(player) == ()
    assert state._piles == [[], [], [], []] and len(state.all_cards()) == 45


def test_the_start_chair_stays_and_every_loop_round_sets_aside_again_in_chair_order_from_it():
    state = Game(players=3, start=2).new(deck=RUNS)                         # chair 2 starts: its run goes out first
    play(state, ["set aside 14y 15y", "set aside 10y 11y", "set aside 12y 13y", YELLOW, RED])
    assert state._ranks == [2, 3, 1] and state.current_player == 1          # player 1 was last
    play(state, "sit 2 / sit 1 / sit 0")                                     # players 1, 0, 2 to chairs 2, 1, 0
    order = []
    while state.phase == "set aside":
        assert len(state.legal_actions()) == 55
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [1, 2, 0] and state.current_player == 1                 # chair 2's occupant, then chairs 0, 1
    assert state.observation(0).start == 2


def test_turns_go_by_chair_from_the_start_chair_skipping_players_who_are_out_whoever_sits_there():
    state = play(after_round_one(4), SITS_1)                                 # chairs 0-3 hold players 3, 0, 1, 2
    turns = []
    for move in moves(ROUND_2):
        turns.append(state.current_player)
        play(state, move)
    # by chair: players 3, 0, 1, 2 in turn; once player 2 (chair 3) is out, chair 3 is skipped
    assert turns == [3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 3, 0, 1, 3, 0, 1]
    assert state._out == [2, 0, 1, 3]


def test_a_player_knows_a_chairs_11_cards_once_sitting_there_and_the_cards_played_there_before():
    state = play(after_round_one(3), SITS_3P)                                # players 0, 1, 2 to chairs 2, 0, 1
    assert state.observation(1).hand == dealt(RUNS, 0)                       # all 11 of chair 0
    assert state.observation(2).held_known[1] == cards(RED[5:])             # seen played; not 10y 11y set aside
    assert state.observation(0).held_known[1] == dealt(RUNS, 0)             # player 0 held them all last round


# A 3-player round in which player 0 reveals 8y by donden, keeps it set aside and goes out first; player 1's run
# holding 8b stops the trick and takes them out second. Then player 2 takes chair 0, with 8y among its cards.
EIGHT_Y = stacked_deck("1r 2r 3r 4r 5r 6r 7r 9r 10r 8y 15y", "1b 2b 3b 4b 5b 6b 7b 8b 9b 12y 13y",
                       "1y 2y 3y 4y 5y 6y 7y 9y 10y 11y 12r")
EIGHT_Y_ROUND_1 = ["set aside 8y 15y", "set aside 12y 13y", "set aside 11y 12r", "donden", "play 1r 2r 3r 4r 5r 6r 7r",
                   "pass", "pass", "play 9r 10r", "pass", "pass", "play 1b 2b 3b 4b 5b 6b 7b 8b 9b"]
EIGHT_Y_SITS = ["sit 0", "sit 2", "sit 1"]  # last place first: players 2, 1, 0 take chairs 0, 2, 1
EIGHT_Y_ASIDES_2 = ["set aside 9r 10r", "set aside 12y 13y", "set aside 11y 12r"]  # chairs 0, 1, 2: 8y stays in hand


def test_an_8_revealed_by_donden_stays_known_at_its_chair_in_the_later_rounds_of_the_set():
    # "What each player may see": which 8s have been revealed; "Loop rounds": each chair keeps its 11 cards, so
    # the 8y revealed at chair 0 in round 1 is known to lie with whoever sits there next, donden or not.
    state = play(Game(players=3).new(deck=EIGHT_Y), [*EIGHT_Y_ROUND_1, *EIGHT_Y_SITS, *EIGHT_Y_ASIDES_2])
    assert state._round == 2 and state._chair == [1, 2, 0] and (8, "y") in state.hand(2)
    seen = state.observation(1)
    assert seen.revealed == ((), (), ()) and not seen.reversed               # this round's donden: none yet
    assert (8, "y") in seen.held_known[2] and (15, "y") not in seen.held_known[2]  # 15y was set aside unseen
    assert (8, "y") in state.observation(0).held_known[2]
    rng = random.Random(26)
    worlds = [state.determinize(1, rng) for _ in range(200)]
    assert all((8, "y") in world.hand(2) + world.aside(2) for world in worlds)  # 172 of 200 moved it before
    assert any((15, "y") not in world.hand(2) + world.aside(2) for world in worlds)  # the unseen 15y does move
    imagined = [world_of(seen, rng) for _ in range(50)]                             # the search bot's worlds
    assert all((8, "y") in world.hand(2) + world.aside(2) and world.observation(1) == seen for world in imagined)
