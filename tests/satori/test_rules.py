"""The Satori rules: one test per rule of the digest (shared/rules/the-satori.md), in four files.

Here: components and options, and a turn (play, declare, pass). The Katsu window and the end are in
test_rules_katsu.py, the notation, whole games and bad input in test_rules_notation.py, what each seat may
see and determinization in test_rules_seen.py. Whole games are written in the digest's notation
(helpers.py: play_out).
"""
from collections import Counter

import pytest

from cardlib.core.errors import RulesError
from cardlib.satori import DECLARE, PASS, Game
from tests.satori.helpers import (
    DEAL, DECK, DECLARE_GAME, NO, OPTIONS, PASS_GAME, legal, log_length, log_since, play_out, quiet, rejects,
    stacked, walk,
)


# --- components, players, options -------------------------------------------------------------

def test_the_deck_is_25_cards_15_satori_and_10_zatsunen_and_none_is_ever_lost():
    for game in OPTIONS:
        for number in range(8):
            first = True
            for before, action, after in walk(game, number):
                if first:
                    assert Counter(before.all_cards()) == DECK
                    first = False
                assert Counter(after.all_cards()) == DECK, f"{action} lost or made a card: {after!r}"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_takes_two_zatsunen_and_three_satori(players):
    state = Game(players=players).new()
    for seat in range(players):
        assert sorted(state.hand(seat)) == sorted(DEAL) and state.pile(seat) == ()
        obs = state.observation(seat)
        assert obs.hand_sizes == (5,) * players and obs.pile_sizes == (0,) * players
        assert obs.satori == (3,) * players and obs.zatsunen == (2,) * players
    assert ("deal", 0, (3, 2)) in state.observation(0).log


@pytest.mark.parametrize("players", [3, 4, 5])
def test_unused_cards_leave_the_game(players):
    state = Game(players=players).new()
    held = Counter(card for seat in range(players) for card in state.hand(seat))
    assert held == Counter({"S": 3 * players, "Z": 2 * players})
    assert Counter(state.all_cards()) - held == Counter({"S": 15 - 3 * players, "Z": 10 - 2 * players})
    # nobody can ever get them: the totals in play only shrink (an elimination), never grow
    for number in range(5):
        for _, _, after in walk(Game(players=players), number):
            obs = after.observation(0)
            assert sum(obs.satori) <= 3 * players and sum(obs.zatsunen) <= 2 * players


def test_three_to_five_players_as_published_two_only_as_the_unofficial_option():
    for players in (3, 4, 5):
        assert Game(players=players).official
    assert Game().official and Game().players == 3
    two = Game(players=2)
    assert two.players == 2 and not two.official
    state = two.new(hands=[["Z", "S", "Z", "S", "S"], ["S", "S", "S", "Z", "Z"]])
    assert legal(state) == {"play satori", "play zatsunen"}
    play_out(state, "play satori / no katsu")
    assert state.current_player == 1


def test_options_players_start_satori_zatsunen():
    assert Game() == Game(players=3, start=0, satori=3, zatsunen=2)
    state = Game(players=4, start=2).new()
    assert state.current_player == 2 and state.active == 2
    assert ("deal", 2, (3, 2)) in state.observation(0).log
    small = Game(players=3, start=1, satori=2, zatsunen=1)
    assert not small.official
    state = small.new()
    assert state.current_player == 1 and state.hand(0) == ("S", "S", "Z")
    assert Counter(state.all_cards()) == DECK  # the rest of the 25 is out of the game
    assert not Game(players=3, satori=2).official and not Game(players=4, zatsunen=1).official
    assert Game(players=5, satori=3, zatsunen=2).official  # 15 satori and 10 zatsunen: the whole deck


@pytest.mark.parametrize("options, words", [
    ({"players": 1}, "3 to 5|2 to 5|players"),
    ({"players": 6}, "players"),
    ({"players": True}, "players"),
    ({"players": "3"}, "players"),
    ({"players": 3, "start": 3}, "start"),
    ({"players": 3, "start": -1}, "start"),
    ({"players": 3, "start": 1.0}, "start"),
    ({"satori": -1}, "satori"),
    ({"zatsunen": -2}, "zatsunen"),
    ({"satori": 2.5}, "satori"),
    ({"satori": True}, "satori"),
    ({"players": 4, "satori": 4}, "deck has 15"),
    ({"players": 5, "zatsunen": 3}, "deck has 10"),
    ({"satori": 0, "zatsunen": 0}, "at least one"),
])
def test_bad_options_raise_rules_error(options, words):
    with pytest.raises(RulesError, match=words):
        Game(**options)


def test_stacked_hands_fix_each_players_starting_hand():
    hands = [["Z", "S", "Z", "S", "S"], ["S", "S", "S", "Z", "Z"], ["S", "Z", "S", "S", "Z"]]
    state = Game().new(hands=hands)
    for seat, hand in enumerate(hands):
        assert Counter(state.hand(seat)) == Counter(hand)  # the cards of a kind are alike: satori first
        assert state.observation(seat).hand == state.hand(seat)
    assert Counter(state.all_cards()) == DECK
    # hands of tuples in another order are the same deal
    other = Game().new(hands=tuple(tuple(reversed(hand)) for hand in hands))
    assert [other.observation(seat) for seat in range(3)] == [state.observation(seat) for seat in range(3)]


def test_a_stacked_hand_of_another_mix_raises_rules_error_unless_the_options_ask_for_it():
    wrong = [["S", "S", "Z", "Z", "Z"], list(DEAL), list(DEAL)]
    with pytest.raises(RulesError, match="player 0.*2 satori and 3 zatsunen"):
        Game().new(hands=wrong)
    state = Game(satori=2, zatsunen=3).new(hands=[["S", "S", "Z", "Z", "Z"]] * 3)
    assert state.hand(2) == ("S", "S", "Z", "Z", "Z")
    with pytest.raises(RulesError, match="player 1"):
        Game(satori=2, zatsunen=3).new(hands=[["S", "S", "Z", "Z", "Z"], list(DEAL), ["S", "S", "Z", "Z", "Z"]])


@pytest.mark.parametrize("hands, words", [
    ([list(DEAL)] * 2, "3 hands, not 2"),
    ([list(DEAL)] * 4, "3 hands, not 4"),
    ([], "3 hands, not 0"),
    ("SSSZZ", "3 hands"),
    (5, "3 hands"),
    ([list(DEAL), list(DEAL), ["S", "S", "S", "Z", "X"]], "player 2.*'S' or 'Z'"),
    ([list(DEAL), list(DEAL), ["s", "s", "s", "z", "z"]], "player 2.*'S' or 'Z'"),
    ([list(DEAL), list(DEAL), ["S", "S", "S", "J", "Q"]], "player 2.*'S' or 'Z'"),
    ([list(DEAL), "SSSZZ", list(DEAL)], "player 1.*'S' or 'Z'"),
    ([list(DEAL), list(DEAL), ["S", "S", "S", "Z"]], "player 2.*3 satori and 1 zatsunen"),
    ([list(DEAL), list(DEAL), list(DEAL) + ["S"]], "player 2.*4 satori and 2 zatsunen"),
    ([list(DEAL), list(DEAL), []], "player 2.*0 satori and 0 zatsunen"),
])
def test_bad_stacked_hands_raise_rules_error(hands, words):
    with pytest.raises(RulesError, match=words):
        Game().new(hands=hands)


# --- a turn ------------------------------------------------------------------------------------

def test_the_start_player_begins_and_turns_go_clockwise():
    state = stacked(players=4, start=3)
    turns = []
    for _ in range(6):
        turns.append(state.current_player)
        play_out(state, "play satori / no katsu / no katsu / no katsu")
    assert turns == [3, 0, 1, 2, 3, 0]


def test_a_play_puts_one_hand_card_face_down_on_top_of_ones_own_pile_and_opens_the_window():
    state = stacked()
    mark = log_length(state)
    play_out(state, "play zatsunen")
    assert state.hand(0) == ("S", "S", "S", "Z") and state.pile(0) == ("Z",)
    assert state.phase == "katsu" and state.active == 0 and state.current_player == 1
    assert log_since(state, mark) == [("play", 0, None)]  # face down: the log does not say which
    play_out(state, f"{NO} / play satori / {NO} / play satori / {NO} / play satori")
    assert state.pile(0) == ("Z", "S") and state.pile(1) == ("S",) and state.pile(2) == ("S",)
    assert state.hand(0) == ("S", "S", "Z")


def test_a_player_may_look_at_their_own_pile_in_order_at_any_time():
    state = stacked()
    play_out(state, f"play satori / {NO} / play satori / {NO} / play satori / {NO} / play zatsunen")
    play_out(state, "no katsu")  # in the window, while others decide: still the whole pile, bottom first
    assert state.observation(0).pile == ("S", "Z") == state.pile(0)
    play_out(state, f"no katsu / play zatsunen / {NO} / play satori / {NO} / play zatsunen / no katsu")
    assert state.observation(0).pile == ("S", "Z", "Z")
    assert state.observation(1).pile == ("S", "Z")
    assert state.observation(2).pile == ("S", "S")


def test_declare_only_when_the_top_three_are_satori_unbroken_counted_from_the_top():
    # 0 plays S S S Z: three satori, but not on top; 1 plays Z S S S: the top three, though not played first
    state = stacked()
    play_out(state, quiet("SZZ SSZ SSS"))
    assert state.pile(0) == ("S", "S", "S")
    assert legal(state) == {"play zatsunen", "declare"}
    play_out(state, f"play zatsunen / {NO}")         # 0 covers the run: S S S Z
    assert state.pile(1) == ("Z", "S", "S")
    assert "declare" not in legal(state)             # 1 has only two on top
    play_out(state, f"play satori / {NO} / play satori / {NO}")
    assert state.pile(0) == ("S", "S", "S", "Z") and "declare" not in legal(state)
    rejects(state, DECLARE, r"shows 0 satori.*3 or more")
    play_out(state, f"play zatsunen / {NO}")
    assert state.pile(1) == ("Z", "S", "S", "S") and legal(state) == {"declare", "play zatsunen"}


def test_declare_is_asked_only_at_the_start_of_a_turn_never_in_the_window():
    state = stacked()
    play_out(state, DECLARE_GAME.replace("declare", ""))
    play_out(state, "play zatsunen")                 # 0 could have declared, played instead
    assert legal(state) == {"katsu", "no katsu"}
    rejects(state, DECLARE, "Katsu window")
    play_out(state, NO)
    assert state.pile(0) == ("S", "S", "S", "Z") and "declare" not in legal(state)


def test_declaring_ends_the_game():
    state = stacked()
    play_out(state, DECLARE_GAME.replace("declare", ""))
    mark = log_length(state)
    play_out(state, "declare")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.phase == "over"
    assert log_since(state, mark) == [("declare", 0, 3), ("end", 0, "declare"), ("shows", 1, 2), ("shows", 2, 1)]
    assert state.observation(1).declarer == 0
    assert state.result().scores == (3, 2, 1) and state.result().places == (1, 2, 3)


def test_declaring_is_allowed_with_cards_in_hand():
    state = stacked()
    play_out(state, DECLARE_GAME.replace("declare", ""))
    assert state.hand(0) == ("Z", "Z") and DECLARE in state.legal_actions()
    play_out(state, "declare")
    assert state.is_over and state.hand(0) == ("Z", "Z") and state.result().winners == (0,)


def test_satori_won_by_katsu_count_toward_a_declaration():
    state = stacked()
    play_out(state, f"""
        play satori / katsu                  # 0; 1 calls: satori, onto 1's pile
        {quiet("SZZ S")}                     # 1, 2, 0, then 1: won S, S, S
    """)
    play_out(state, quiet("ZZ"))
    assert state.pile(1) == ("S", "S", "S") and state.observation(0).piles[1] == ("S", None, None)
    assert legal(state) == {"play satori", "play zatsunen", "declare"}
    play_out(state, "declare")
    assert state.result().scores == (0, 3, 0) and state.result().winners == (1,)


def test_pass_only_with_an_empty_hand():
    state = stacked()
    assert "pass" not in legal(state)
    rejects(state, PASS, r"player 0 still has 5 cards in hand; pass only with an empty hand")
    play_out(state, PASS_GAME.split("pass")[0])      # up to 0's first turn with an empty hand
    assert state.hand(0) == () and state.hand(1) != ()
    assert [str(action) for action in state.legal_actions()] == ["pass"]
    mark = log_length(state)
    play_out(state, "pass")
    assert log_since(state, mark) == [("pass", 0, None)]
    assert state.current_player == 1 and state.phase == "turn"
    assert state.pile(0) == ("Z", "S", "S", "Z", "S")  # a pass changes nothing but the turn


def test_pass_and_declare_are_both_offered_with_an_empty_hand_and_a_run_of_three():
    state = stacked(satori=3, zatsunen=1, hands=[["S", "S", "S", "Z"]] * 3)
    play_out(state, f"""
        play zatsunen / katsu      # 0; 1 calls: out; 0 takes the zatsunen back and a satori
        {quiet("Z SS SS SS S", 2)} # 2 (1 skipped), then 0 and 2 in turn
    """)                           # 2: hand empty, Z S S S on the pile; 0: Z in hand, S S S S on the pile
    assert state.hand(2) == () and state.pile(2) == ("Z", "S", "S", "S")
    assert legal(state) == {"declare", "pass"}
    play_out(state, "pass")
    assert state.hand(0) == ("Z",) and state.pile(0) == ("S", "S", "S", "S")
    assert legal(state) == {"play zatsunen", "declare"}
    play_out(state, "play zatsunen / no katsu")
    assert state.is_over  # every hand of the players still in is empty
    assert state.result().scores == (0, 0, 3) and state.result().places == (2, 3, 1)


def test_the_engine_asks_every_decision_even_when_only_one_action_is_legal():
    state = stacked()
    play_out(state, PASS_GAME.split("pass")[0])
    assert state.legal_actions() == [PASS] and not state.is_over
    history = len(state.history)
    play_out(state, "pass")
    assert len(state.history) == history + 1 and state.history[-1] == PASS
    # a two-player window asks the one other player, a hand of one kind asks which card all the same
    state = stacked(players=2)
    play_out(state, quiet("SS SS ZZ", 2) + " / play satori")   # 0's last satori: S S Z S on the pile, Z in hand
    assert state.current_player == 1 and legal(state) == {"katsu", "no katsu"}
    play_out(state, "no katsu / play satori / no katsu")
    assert state.pile(0) == ("S", "S", "Z", "S") and state.hand(0) == ("Z",)
    assert [str(action) for action in state.legal_actions()] == ["play zatsunen"]
