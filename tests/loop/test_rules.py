"""Loop's engine against the digest (shared/rules/loop.md), a test for each rule line, from stacked deals
written in the notation: the deal, setting aside, combinations and following, the trick's end, 8 stops,
donden, going out, what a player sees, and bad input. Chairs and loop rounds: test_chairs.py; points, the
game's end, the long game and the three-8s rule: test_scoring.py."""
from __future__ import annotations

import pytest

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.testing import snapshot
from cardlib.loop.actions import DONDEN, PASS, Play, SetAside, Sit, cards_in_order, parse, parse_card
from cardlib.loop.rules import Game
from tests.loop.helpers import stacked_deck
from tests.scripts import legal, play_script as play

LETTER = {"red": "r", "blue": "b", "yellow": "y"}


def cards(text):
    """'4b 5b 6b' as cards, in the notation's order."""
    return cards_in_order(parse_card(part) for part in text.split())


def dealt(deck, chair):
    """The 11 cards a stacked ``deck`` gives ``chair`` (chair 0 the first 11, …), in the notation's order."""
    return cards_in_order((number, LETTER[colour]) for number, colour in deck[11 * chair:11 * chair + 11])


def refused(state, action, reason):
    """``action`` (notation, or anything else) raises IllegalActionError matching ``reason`` and changes nothing."""
    if isinstance(action, str):
        try:
            action = parse(action)
        except ValueError:
            pass  # not the notation: applied as the string it is
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(action)
    assert snapshot(state) == before


# RUNS: chairs 0, 1 and 2 each hold a run of one colour from 1 to 9 (so with its 8) and two spare cards to set
# aside; chair 3 holds the 10s to 15s. Leading its run, a chair goes out at once and the 8 stops the trick, so
# the next chair still in leads: chair order is finishing order (chair 3, if playing, is last).
RUNS = stacked_deck("1r 2r 3r 4r 5r 6r 7r 8r 9r 10y 11y", "1b 2b 3b 4b 5b 6b 7b 8b 9b 12y 13y",
                    "1y 2y 3y 4y 5y 6y 7y 8y 9y 14y 15y", "10r 11r 12r 13r 14r 15r 10b 11b 12b 13b 14b")
ASIDES = ("set aside 10y 11y", "set aside 12y 13y", "set aside 14y 15y", "set aside 13b 14b")  # chair by chair
RED, BLUE, YELLOW = ("play " + " ".join(f"{number}{colour}" for number in range(1, 10)) for colour in "rby")


def in_chair_order(players):
    """A round of RUNS (from start chair 0) in which chair 0 finishes first, chair 1 second, …"""
    return [*ASIDES[:players], *(RED, BLUE, YELLOW)[:players - 1]]


FIVES = stacked_deck("5r 7r 7b 10y 11y 12y 13y 14y 1r 2r 3r", "6r 9r 9b 2b 3b 4b 15r 15b 1b 1y 2y",
                     "8r 8b 4r 11r 12r 13r 14r 6y 4y 5y 3y")


def started(deck=FIVES, players=3, asides=("1r 2r", "1b 2y", "3y 4y")):
    state = Game(players=players).new(deck=deck)
    return play(state, " / ".join(f"set aside {pair}" for pair in asides[:players]))


# -- components and the deal --

def test_loop_is_for_2_to_4_players_and_everyone_starts_with_2_points():
    assert Game() == Game(players=4, start=0, long=False, three_eights=False)  # the defaults: start chair 0
    for players in (1, 5):
        with pytest.raises(RulesError, match="2 to 4"):
            Game(players=players)
    for players in (2, 3, 4):
        assert Game(players=players).new(seed=1).observation(0).scores == (2,) * players


def test_a_normal_round_deals_11_to_each_chair_and_leaves_the_rest_unused():
    for players in (2, 3, 4):
        state = Game(players=players).new(seed=1)
        assert all(len(state.hand(player)) == 11 for player in range(players))
        assert len(state.all_cards()) == 45 and len(state._unused) == 45 - 11 * players


def test_a_stacked_deal_gives_chair_0_the_first_11_cards_chair_1_the_next_and_the_rest_stays_unused_and_unseen():
    for players in (2, 3, 4):
        state = Game(players=players).new(deck=RUNS)
        assert [state.hand(chair) for chair in range(players)] == [dealt(RUNS, chair) for chair in range(players)]
        unused = {(number, LETTER[colour]) for number, colour in RUNS[11 * players:]}
        assert set(state._unused) == unused and len(unused) == 45 - 11 * players
        for seat in range(players):
            seen = state.observation(seat)
            shown = (seen.hand, seen.aside, *seen.held_known, *seen.piles)
            assert not unused & {card for held in shown for card in held}


def test_a_long_game_deck_may_stack_several_sets_of_45_cards_one_after_another():
    other = stacked_deck("8r 8b 8y")
    state = Game(players=2, long=True).new(deck=RUNS + other)
    assert state.hand(0) == dealt(RUNS, 0) and len(state._blocks) == 1        # the second set waits its turn
    with pytest.raises(RulesError, match="45"):
        Game(players=2).new(deck=RUNS + other)                                  # one set only outside the long game
    with pytest.raises(RulesError, match="45"):
        Game(players=2, long=True).new(deck=RUNS + other[:44])
    with pytest.raises(RulesError, match="set 2 holds 1r 2 times"):
        Game(players=2, long=True).new(deck=RUNS + [(1, "red")] + other[1:])


@pytest.mark.parametrize("deck, reason", [
    (stacked_deck()[:44], "45"), (stacked_deck() + [(1, "red")], "45"), ([], "45"),
    ([(16, "red")] + stacked_deck()[1:], "not a Loop card"), ([(0, "blue")] + stacked_deck()[1:], "not a Loop card"),
    ([(1, "green")] + stacked_deck()[1:], "not a Loop card"), ([(1, "Red")] + stacked_deck()[1:], "not a Loop card"),
    ([(1, "r")] + stacked_deck()[1:], "not a Loop card"), ([(1.0, "red")] + stacked_deck()[1:], "not a Loop card"),
    ([(True, "red")] + stacked_deck()[1:], "not a Loop card"),
    ([7] + stacked_deck()[1:], "each \\(number, colour\\)"), (["7r"] + stacked_deck()[1:], "not a Loop card"),
    ([stacked_deck()[1]] + stacked_deck()[1:], "once each"),
], ids=["44 cards", "46 cards", "no cards", "16", "0", "green", "Red", "a letter", "1.0", "True", "a number", "a word", "a card twice"])
def test_a_deck_that_is_not_the_45_loop_cards_raises_rules_error(deck, reason):
    with pytest.raises(RulesError, match=reason):
        Game().new(deck=deck)


# -- setting aside --

@pytest.mark.parametrize("players, start, order", [(2, 0, [0, 1]), (3, 1, [1, 2, 0]), (4, 2, [2, 3, 0, 1])])
def test_everyone_sets_aside_2_cards_in_chair_order_from_the_start_chair_one_action_per_pair(players, start, order):
    state = Game(players=players, start=start).new(seed=2)
    seen = []
    while state.phase == "set aside":
        actions = state.legal_actions()
        assert len(actions) == len(legal(state)) == 55                          # C(11, 2) unordered pairs
        seen.append(state.current_player)
        state.apply(actions[0])
    assert seen == order and state.current_player == start                     # play starts at the start chair
    assert all(len(state.aside(p)) == 2 and len(state.hand(p)) == 9 for p in range(players))


# -- combinations and following --

LEADS = stacked_deck("1r 2b 4r 4b 4y 5r 6r 7b 9y 10y 13y", "3r 3b 3y 9r 9b 11r 11b 11y 12r 12b 12y")


def test_a_lead_is_any_single_pair_three_of_a_kind_or_run_of_one_colour_one_action_per_set_of_cards():
    state = started(LEADS, asides=("1r 2b", "9r 9b", "1b 1y"))  # chair 0 keeps 4r 4b 4y 5r 6r 7b 9y 10y 13y
    singles = {f"play {card}" for card in "4r 4b 4y 5r 6r 7b 9y 10y 13y".split()}
    sets = {"play 4r 4b", "play 4r 4y", "play 4b 4y", "play 4r 4b 4y"}
    runs = {"play 4r 5r", "play 5r 6r", "play 4r 5r 6r", "play 9y 10y"}    # not 4b 5r: two colours
    assert legal(state) == singles | sets | runs and len(state.legal_actions()) == 4 + 9 + 4
    refused(state, "play 4b 5r", "one colour")
    refused(state, "play 4y 5r 6r", "one colour")
    refused(state, "pass", "lead")


def test_the_lead_may_play_any_combination_and_may_not_pass():
    state = started()
    assert PASS not in state.legal_actions() and "play 5r" in legal(state) and "play 7r 7b" in legal(state)
    assert "play 10y 11y 12y 13y 14y" in legal(state) and "play 11y 12y" in legal(state)
    refused(state, PASS, "lead")


def test_following_takes_the_same_form_and_size_stronger_and_passing_never_locks_you_out():
    state = play(started(), "play 7r 7b")
    assert legal(state) == {"play 9r 9b", "play 15r 15b", "pass"}  # player 1: a stronger pair, or pass
    refused(state, "play 2b 3b", "same form and size")
    play(state, "pass")                                            # player 2 holds 8r 8b: an 8 pair may follow
    assert "play 8r 8b" in legal(state)
    play(state, "pass")                                            # everyone else passed: player 0 leads again
    assert state.current_player == 0 and state._trick is None
    play(state, "play 5r / play 6r")                               # player 1 passed before and plays now
    assert state.current_player == 2


def test_three_of_a_kind_is_followed_only_by_a_stronger_three_of_a_kind():
    state = play(started(LEADS, asides=("1r 2b", "9r 9b", "1b 1y")), "play 4r 4b 4y")
    assert legal(state) == {"play 11r 11b 11y", "play 12r 12b 12y", "pass"}
    refused(state, "play 3r 3b 3y", "not stronger")                          # 3 is weaker than 4
    refused(state, "play 11r 11b", "same form and size")                     # a pair is not a three


RUNS_OF_3 = stacked_deck("4r 5r 6r 9y 10y 11y 12y 1r 2r 14b 15b", "5b 6b 7b 3y 4y 5y 6y 1b 2b 13b 12b")


def test_runs_compare_by_their_lowest_number_and_only_a_run_of_the_same_length_follows():
    state = play(started(RUNS_OF_3, asides=("14b 15b", "12b 13b", "1y 2y")), "play 4r 5r 6r")
    assert legal(state) == {"play 5b 6b 7b", "pass"}                         # lowest 5 beats lowest 4
    refused(state, "play 4y 5y 6y", "not stronger")                          # lowest 4 = 4: equal is not stronger
    refused(state, "play 3y 4y 5y", "not stronger")
    refused(state, "play 6b 7b", "same form and size")                       # a run of 2 on a run of 3
    refused(state, "play 3y 4y 5y 6y", "same form and size")                 # a run of 4 on a run of 3
    state = play(started(RUNS_OF_3, asides=("14b 15b", "12b 13b", "1y 2y")), "play 9y 10y")
    refused(state, "play 5b 6b 7b", "same form and size")                    # a run of 3 on a run of 2


def test_a_trick_ends_only_when_every_other_player_still_in_has_passed_since_the_last_play():
    state = play(Game(players=4).new(deck=RUNS), ASIDES)
    play(state, "play 1r / pass / play 2y / pass / pass")  # player 1 passed before 2y, not since
    assert state.current_player == 1 and state._trick is not None and "play 3b" in legal(state)
    play(state, "pass")
    assert state.current_player == 2 and state._trick is None and PASS not in state.legal_actions()


# -- 8 stops --

STOPS = stacked_deck("5r 5b 5y 6y 7y 9r 9b 12r 13r 14r 15r", "8r 8b 8y 7b 7r 1b 2b 3b 14b 15b 15y")


@pytest.mark.parametrize("script, eights", [
    ("play 5r / play 8b", "8b"), ("play 5r 5b 5y / play 8r 8b 8y", "8r 8b 8y"),
    ("play 6y 7y / play 7b 8b", "7b 8b"), ("play 5r / play 8b / play 7r 8r", "7r 8r"),
], ids=["a single 8", "three 8s", "a run following", "a run leading"])
def test_any_combination_holding_an_8_ends_the_trick_at_once_and_its_player_leads_next(script, eights):
    state = play(started(STOPS, asides=("14r 15r", "15b 15y", "1r 1y")), script)
    assert state._log[-2:] == [("play", 1, cards(eights)), ("stopped", 1, None)]
    assert state.current_player == 1 and state._trick is None and PASS not in state.legal_actions()


def test_an_8_combination_must_itself_be_legal_on_the_trick():
    state = play(started(STOPS, asides=("14r 15r", "15b 15y", "1r 1y")), "play 9r 9b")
    assert legal(state) == {"pass"}                                          # no pair above 9 in 1b 2b 3b 7r 7b 8s 14b
    refused(state, "play 8r", "same form and size")                          # an 8 single on a pair
    refused(state, "play 8r 8b", "not stronger")                             # 8s are weaker than 9s
    state = play(started(STOPS, asides=("14r 15r", "15b 15y", "1r 1y")), "play 12r")
    refused(state, "play 8b", "not stronger")


# -- donden --

DONDEN_DECK = stacked_deck("8y 1r 2r 3r 5b 6b 7b 9b 10b 11b 12b", "8r 15r 14r 13r 1b 2b 3b 4b 9y 10y 11y",
                           "8b 15b 14b 13b 12r 11r 10r 9r 1y 2y 3y")


def test_donden_reveals_a_set_aside_8_reverses_the_order_once_a_turn_and_a_second_donden_turns_it_back():
    state = started(DONDEN_DECK, asides=("8y 12b", "8r 11y", "3y 8b"))
    assert DONDEN in state.legal_actions()
    play(state, "donden")
    assert state.reversed and state.current_player == 0 and DONDEN not in state.legal_actions()
    refused(state, DONDEN, "one donden a turn")
    play(state, "play 5b")
    assert "play 4b" in legal(state) and "play 9y" not in legal(state)   # 1 strongest now
    play(state, "donden / play 9y")                                      # player 1 turns it back
    assert not state.reversed and state.observation(2).revealed == (((8, "y"),), ((8, "r"),), ())


TWO_EIGHTS = stacked_deck("8r 8y 5r 6r 7r 9r 10r 11r 12r 13r 14r", "8b 11b 1b 2b 3b 4b 5b 6b 7b 9b 10b",
                          "1y 2y 3y 4y 5y 6y 7y 9y 10y 11y 12y")


def two_eights():
    return started(TWO_EIGHTS, asides=("8r 8y", "8b 11b", "11y 12y"))


def test_donden_needs_a_set_aside_8_not_yet_revealed_an_8_in_hand_is_not_enough():
    state = play(started(STOPS, asides=("14r 15r", "15b 15y", "1r 1y")), "play 5r")
    assert DONDEN not in state.legal_actions()                               # player 1 holds all three 8s in hand
    refused(state, DONDEN, "no set-aside 8")
    state = play(two_eights(), "donden / play 9r / donden / pass")
    assert state.current_player == 2 and DONDEN not in state.legal_actions()  # player 2 set no 8 aside
    refused(state, DONDEN, "no set-aside 8")


def test_donden_reveals_the_first_unrevealed_set_aside_8_in_colour_order_r_b_y_and_the_same_player_goes_on():
    state = play(two_eights(), "donden")
    assert state.observation(1).revealed == (((8, "r"),), (), ()) and state.current_player == 0
    assert state._log[-1] == ("donden", 0, ((8, "r"), True))


def test_donden_once_a_turn_but_two_set_aside_8s_serve_two_turns_the_second_turning_the_order_back():
    state = play(two_eights(), "donden")
    assert DONDEN not in state.legal_actions()                               # 8y is still set aside, but not this turn
    refused(state, DONDEN, "one donden a turn")
    play(state, "play 9r / pass / pass")                                     # both pass: player 0 leads, a new turn
    assert state.current_player == 0 and DONDEN in state.legal_actions()
    play(state, "donden")
    assert not state.reversed and state.observation(2).revealed == (((8, "r"), (8, "y")), (), ())
    play(state, "play 5r / pass / pass")
    assert state.current_player == 0 and DONDEN not in state.legal_actions()  # each set-aside 8 declared once
    refused(state, DONDEN, "no set-aside 8")


def test_another_players_donden_turns_the_order_back_and_then_the_turn_goes_on_even_to_a_pass():
    state = play(two_eights(), "donden / play 9r")
    assert "play 7b" in legal(state) and "play 10b" not in legal(state)     # reversed: lower is stronger
    play(state, "donden")                                                    # player 1 reveals 8b: back to normal
    assert not state.reversed and state.current_player == 1
    assert "play 10b" in legal(state) and "play 7b" not in legal(state) and PASS in state.legal_actions()
    play(state, "pass")
    assert state.current_player == 2


def test_under_donden_lower_numbers_are_stronger_and_runs_compare_by_a_lower_lowest_number():
    state = play(two_eights(), "donden / play 5r 6r 7r")
    assert legal(state) == {"play 1b 2b 3b", "play 2b 3b 4b", "play 3b 4b 5b", "play 4b 5b 6b", "pass", "donden"}
    refused(state, "play 5b 6b 7b", "not stronger")                          # lowest 5 = 5
    refused(state, "play 4b 5b", "same form and size")


def test_donden_lasts_until_the_end_of_the_round_and_the_next_round_starts_in_the_normal_order():
    deck = stacked_deck("1r 2r 3r 4r 5r 6r 7r 9r 10r 8y 15y", "1b 2b 3b 4b 5b 6b 7b 8b 9b 12y 13y")
    state = play(Game(players=2).new(deck=deck), "set aside 8y 15y / set aside 12y 13y / donden")
    play(state, "play 1r 2r 3r 4r 5r 6r 7r / pass / play 9r 10r")           # player 0 goes out: the round ends
    assert state.phase == "sit" and state.observation(1).revealed == (((8, "y"),), ())
    play(state, "sit 1 / sit 0 / set aside 8y 15y / set aside 12y 13y")
    assert not state.reversed and state.observation(1).revealed == ((), ())
    assert DONDEN in state.legal_actions()                                   # 8y set aside anew: declarable again


# -- going out --

def test_a_player_who_plays_their_last_card_is_out_and_the_finishing_order_gives_the_ranks():
    state = play(Game(players=4).new(deck=RUNS), [*ASIDES, RED])
    assert state.hand(0) == () and ("out", 0, 1) in state._log and state._out == [0]
    play(state, BLUE)
    assert ("out", 1, 2) in state._log and state._out == [0, 1] and state.current_player == 2


def test_the_round_ends_when_one_player_is_left_and_their_remaining_cards_stay_at_their_chair():
    state = play(Game(players=3).new(deck=RUNS), in_chair_order(3))
    assert state.phase == "sit" and state._out == [0, 1, 2] and state._ranks == [1, 2, 3]
    assert state.hand(2) == cards(YELLOW[5:]) and state._piles[2] == []  # 1y … 9y, never played: still in hand
    assert state.aside(2) == cards("14y 15y")
    seen = state.observation(0)                       # unplayed, they stay unseen: a hand of 9 backs at chair 2
    assert seen.hand_sizes[2] == 9 and not set(cards(YELLOW[5:])) & {card for pile in seen.piles for card in pile}
    assert not set(cards(YELLOW[5:])) & set(seen.held_known[2])


def test_the_last_players_leftover_cards_go_with_the_chair_unseen_by_the_others_known_to_their_holder():
    state = play(Game(players=3).new(deck=RUNS), in_chair_order(3))
    leftover = set(state.hand(2))
    while state.phase == "sit":
        state.apply(state.legal_actions()[0])
    newcomer = state._occupant[2]
    assert leftover <= set(state.hand(newcomer))
    for player in range(3):
        held = set(state.observation(player).held_known[newcomer])
        assert (leftover <= held) if player in (2, newcomer) else not leftover & held


def test_when_the_trick_is_won_by_passes_and_its_player_is_out_the_next_player_still_in_leads():
    deck = stacked_deck("1r 2r 3r 4r 5r 6r 7r 9r 10r 14y 15y")
    state = started(deck, asides=("14y 15y", "1b 1y", "6y 7b"))
    play(state, "play 1r 2r 3r 4r 5r 6r 7r / pass / pass / play 9r 10r")   # player 0's last two cards
    assert ("out", 0, 1) in state._log and state.current_player == 1 and state._trick is not None
    play(state, "pass / pass")                                             # the trick is player 0's, who is out
    assert state.current_player == 1 and state._trick is None and PASS not in state.legal_actions()


def test_when_an_8_is_the_last_card_of_its_player_the_next_player_still_in_after_their_chair_leads():
    deck = stacked_deck("1r 2r 3r 4r 5r 6r 7r 4b 5b", "", "9y 10y 11y 12y 13y 14y 15y 3b 8b")
    state = play(Game(players=4).new(deck=deck), "set aside 1b 1y / set aside 2b 2y / set aside 9r 9b / "
                                                 "set aside 10r 10b")
    play(state, "play 1r 2r 3r 4r 5r 6r 7r / pass / play 9y 10y 11y 12y 13y 14y 15y / pass / pass / pass")
    play(state, "play 3b / pass / play 4b / pass / play 8b")                # player 2 stops the trick, its last card
    assert ("out", 2, 1) in state._log and state._log[-1] == ("stopped", 2, None)
    assert state.current_player == 3 and state._trick is None               # chair 3, after chair 2: not player 0


# -- what a player may see --

def test_a_player_sees_own_hand_and_set_aside_cards_every_card_played_and_by_whom_and_hand_sizes_only():
    state = play(Game(players=3).new(deck=RUNS), [*ASIDES[:3], RED])
    seen = state.observation(1)
    assert seen.hand == dealt(RUNS, 1)[:9] and seen.aside == cards("12y 13y")
    assert seen.piles == (cards(RED[5:]), (), ()) and ("play", 0, cards(RED[5:])) in seen.log
    assert seen.hand_sizes == (0, 9, 9) and seen.out == (0,) and seen.scores == (2, 2, 2) and seen.chairs == (0, 1, 2)
    assert seen.held_known == ((), dealt(RUNS, 1), ())        # nothing of player 0's set-aside 10y 11y nor of player 2
    assert not seen.reversed and seen.revealed == ((), (), ())


# -- bad input: IllegalActionError saying what and why, and nothing changes --

@pytest.mark.parametrize("script, action, reason", [
    ("", "play 15y", "15y is not in the hand"),
    ("", "play 5r 7b", "no combination"),
    ("play 5r", "play 1y 2b", "a run's cards are all one colour; these are b, y"),  # a run of mixed colours
    ("", "play 10y 12y 13y 14y", "no combination"),                           # 11y missing: no run
    ("play 7r 7b", "play 15r", "trick is a pair of 2"),
    ("play 5r", "play 4b", "not stronger"),
    ("", "pass", "lead"),
    ("", "donden", "no set-aside 8"),
    ("", "sit 1", "must play, pass or donden"),
    ("", "set aside 5r 7r", "must play, pass or donden"),
    ("", None, "not an action of Loop"),
    ("", "play", "not an action of Loop"),
    ("", Play(("x", "y")), "cards are \\(number, colour\\) pairs"),
    ("", Play(((16, "r"),)), "cards are \\(number, colour\\) pairs"),
    ("", Play(()), "no combination"),
    ("", Play(((5.0, "r"),)), "cards are \\(number, colour\\) pairs"),            # 5.0 == 5, but no card's number
    ("", Play(((True, "r"),)), "cards are \\(number, colour\\) pairs"),
    ("", SetAside(7), "must play, pass or donden"),
    ("", SetAside(((7,),)), "must play, pass or donden"),
], ids=["not in hand", "no combination", "mixed colours", "a gap", "another form", "weaker", "pass leading",
        "donden without 8", "sit now", "set aside now", "None", "a word", "non-cards", "no such card", "no cards", "a float",
        "True", "a set-aside of a number", "a set-aside of a broken card"])
def test_a_bad_play_is_refused_with_what_and_why_and_the_state_is_unchanged(script, action, reason):
    state = play(started(), script)
    refused(state, action, reason)


@pytest.mark.parametrize("action, reason", [
    ("play 1r", "must set 2 cards aside"), ("pass", "must set 2 cards aside"), ("donden", "must set 2 cards aside"),
    (SetAside(((15, "y"), (1, "r"))), "15y is not in the hand"), (SetAside(((1, "r"), (1, "r"))), "named twice"),
    (SetAside(((1, "r"),)), "exactly 2"), (SetAside(((1, "r"), (2, "r"), (3, "r"))), "exactly 2"),
    (Sit(0), "must set 2 cards aside"), (SetAside(((1.0, "r"), (2, "r"))), "cards are \\(number, colour\\) pairs"),
    (Play(7), "must set 2 cards aside"), (Play(((7,),)), "must set 2 cards aside"),
], ids=["play", "pass", "donden", "not in hand", "a card twice", "one card", "three cards", "sit", "a float",
        "a play of a number", "a play of a broken card"])
def test_a_bad_set_aside_is_refused_with_what_and_why_and_the_state_is_unchanged(action, reason):
    state = Game(players=3).new(deck=FIVES)
    refused(state, action, reason)
