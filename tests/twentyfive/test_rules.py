"""Twenty-five: one test per rule of the digest (shared/rules/twenty-five.md), on stacked deals.

The components, a round's deal, reveals, turns, draw or pass, what each player may see, bad
input and replay; scoring, the next round and the game's end are in test_rules_scoring.py.
The stacked decks and the other helpers are in helpers.py.
"""
from collections import Counter

import pytest

from cardlib.core.agents import RandomAgent
from cardlib.core.errors import RulesError
from cardlib.core.match import play, replay
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.core.testing import snapshot
from cardlib.twentyfive import DRAW, PASS, Game, Reveal, ThresholdBot, reveal_options
from tests.twentyfive.helpers import deck, draw_turns, events, exactly_25_round, last_round, rejected, settle

# The sheet's table (seeds/twenty-five.ja.txt, 0.導入): copies of one number -> pairs.
SHEET_PAIRS = {1: 0, 2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 28, 9: 36, 10: 45}


# --- Components -----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players(players):
    state = Game(players=players).new(seed=1)
    assert state.observation(0).players == players
    assert len(state.scores) == players == len(state.observation(0).hand_sizes)


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 5}, {"players": 0}, {"players": "3"}, {"players": 3.0},
    {"players": 3, "start_player": 3}, {"players": 4, "start_player": -1},
    {"players": 3, "start_player": "0"},
])
def test_any_other_player_count_or_start_seat_is_a_rules_error(options):
    with pytest.raises(RulesError) as info:
        Game(**options)
    bad = options.get("start_player", options["players"])
    assert repr(bad) in str(info.value)


def test_game_players_5_is_a_rules_error():
    with pytest.raises(RulesError, match="3 or 4 players"):
        Game(players=5)


def test_the_pairs_deck_is_dealt_whole():
    state = Game(players=3).new(seed=4)
    assert Counter(state.all_cards()) == Counter({k: k for k in range(1, 11)})
    assert len(state.all_cards()) == 55


# --- Counting pairs ---------------------------------------------------------------------------

def test_pairs_are_counted_over_all_hands_and_field_cards():
    # Each 9 and each 8 sits in a different place: a field card and someone else's hidden hand.
    state = Game(players=3).new(deck=deck((9, 1, 2, 3), (8, 9, 4, 6), (8, 7, 6, 3), pile=(2,)))
    assert state.field(0) == (9,) and state.field(1) == (9,) and state.field(2) == (8,)
    draw_turns(state, 1)  # seat 0 draws the 2 and reveals its 3
    state.apply(PASS)
    done = last_round(state)
    # 9s: two field cards -> 1; 8s: seat 1's hand + seat 2's field -> 1; 6s: two hands -> 1;
    # 3s: seat 0's field + seat 2's hand -> 1; 2s: two in seat 0's hand -> 1.  Total 5.
    assert done.pairs == 5
    assert Counter(done.cards_in_play) == Counter((9, 1, 2, 3, 8, 9, 4, 6, 8, 7, 6, 3, 2))


# --- A round, step 1: the deal -----------------------------------------------------------------

@pytest.mark.parametrize("players, size", [(3, 4), (4, 3)])
def test_deal_4_cards_each_for_3_players_3_for_4_and_the_rest_is_the_pile(players, size):
    cards = deck()  # ascending: 1, 2, 2, 3, 3, 3, ...
    state = Game(players=players).new(deck=cards)
    for seat in range(players):
        block = cards[seat * size:(seat + 1) * size]
        assert sorted(state.hand(seat) + state.field(seat)) == sorted(block)
        assert len(state.hand(seat)) == size - 1 and len(state.field(seat)) == 1
    assert state.pile == tuple(cards[players * size:])
    assert state.observation(0).pile_size == 55 - players * size == 43


def test_stacked_deal_gives_seat_0_the_first_block():
    state = Game(players=4).new(deck=deck((10, 9, 8), (7, 6, 4), (3, 2, 2), (1, 6, 7), pile=(4, 10)))
    assert [state.hand(s) + state.field(s) for s in range(4)] == [(8, 9, 10), (4, 6, 7), (2, 2, 3), (1, 6, 7)]
    assert state.pile[:2] == (4, 10)


# --- step 2: the reveal ------------------------------------------------------------------------

def test_reveal_the_highest_card_or_a_five_sheet_example_1_5_10():
    # The sheet (1.準備): "手札が1,5,10である場合、5か10を公開できる".
    assert sorted(reveal_options([1, 5, 10])) == [5, 10]
    for choice in (5, 10):
        state = Game(players=4).new(deck=deck((1, 5, 10), (9, 8, 7), (9, 8, 7), (9, 8, 7)))
        assert state.current_player == 0 and state.phase == "reveal"
        assert set(state.legal_actions()) == {Reveal(5), Reveal(10)}
        state.apply(Reveal(choice))
        assert state.field(0) == (choice,)
        assert sorted(state.hand(0)) == sorted({1, 5, 10} - {choice})


@pytest.mark.parametrize("hand, shown", [
    ((5, 3, 2), 5),       # the 5 is the highest: nothing to choose
    ((5, 5, 4), 5),
    ((10, 9, 8), 10),     # no 5: the highest
    ((6, 6, 1), 6),
])
def test_reveal_is_a_decision_only_with_a_five_that_is_not_the_highest(hand, shown):
    state = Game(players=4).new(deck=deck(hand, (9, 8, 7), (9, 8, 7), (9, 8, 7)))
    assert state.phase == "turn" and state.current_player == 0
    assert state.field(0) == (shown,)
    assert state.history == ()  # an automatic reveal is not a decision


def test_reveal_is_a_decision_with_two_fives_below_the_highest():
    state = Game(players=4).new(deck=deck((5, 5, 10), (9, 8, 7), (9, 8, 7), (9, 8, 7)))
    assert state.legal_actions() == [Reveal(10), Reveal(5)]


def test_reveal_after_a_draw_follows_the_same_rule():
    # Seat 0 keeps 3, 2 after revealing 4; drawing the 5 leaves 5 the highest: automatic.
    state = Game(players=3).new(deck=deck((4, 3, 2, 1), (9, 9, 9, 9), (8, 8, 8, 8), pile=(5, 10)))
    state.apply(DRAW)
    assert state.field(0) == (4, 5) and state.current_player == 1
    # Seat 1 holds 9, 9, 9 and draws a 10: highest only, no 5 -> automatic 10.
    state.apply(DRAW)
    assert state.field(1) == (9, 10)


def test_reveal_after_a_draw_may_be_a_five_below_the_highest():
    # Seat 0 reveals its highest 5 at the deal and keeps 4, 5, 1; drawing a 10 gives a choice.
    state = Game(players=3).new(deck=deck((4, 5, 5, 1), (9, 9, 9, 9), (8, 8, 8, 8), pile=(10,)))
    assert state.field(0) == (5,) and state.phase == "turn"
    state.apply(DRAW)
    assert state.current_player == 0 and state.phase == "reveal"
    assert set(state.legal_actions()) == {Reveal(10), Reveal(5)}
    state.apply(Reveal(5))
    assert state.field(0) == (5, 5) and state.hand(0) == (1, 4, 10) and state.current_player == 1


def test_reveals_happen_in_seat_order_from_the_start_player():
    # Start player 1: seat 1 chooses, seat 2 is automatic, seat 0 chooses, then seat 1 plays.
    game = Game(players=3, start_player=1)
    state = game.new(deck=deck((10, 5, 1, 2), (9, 5, 3, 3), (8, 8, 7, 6)))
    assert state.current_player == 1 and state.phase == "reveal"
    assert events(state, "reveal") == []
    state.apply(Reveal(5))
    assert state.current_player == 0 and state.phase == "reveal"
    assert events(state, "reveal") == [(1, 5), (2, 8)]
    state.apply(Reveal(10))
    assert events(state, "reveal") == [(1, 5), (2, 8), (0, 10)]
    assert state.current_player == 1 and state.phase == "turn"


def test_field_cards_stay_in_the_order_revealed():
    # Seat 0 reveals 4 (deal), then 9 (drew 9), then 3 (drew 2): not sorted, as revealed.
    state = Game(players=3).new(deck=deck((4, 3, 2, 1), (7, 7, 7, 7), (6, 6, 6, 6), pile=(9, 7, 6, 2)))
    draw_turns(state, 4)
    assert state.field(0) == (4, 9, 3)
    assert state.observation(2).fields[0] == (4, 9, 3)


# --- step 3: turns -----------------------------------------------------------------------------

def test_the_start_player_takes_the_first_turn_and_turns_go_clockwise():
    game = Game(players=4, start_player=2)
    state = game.new(deck=deck((9, 9, 9), (8, 8, 8), (7, 7, 7), (6, 6, 6), pile=(1, 2, 2, 3, 3)))
    assert state.current_player == 2
    draw_turns(state, 5)
    assert [seat for seat, _ in events(state, "draw")] == [2, 3, 0, 1, 2]
    assert state.current_player == 3


def test_round_1_start_player_defaults_to_seat_0():
    assert Game().start_player == 0 and Game().players == 3
    state = Game().new(deck=deck((9, 9, 9, 9), (8, 8, 8, 8), (7, 7, 7, 7)))
    assert state.current_player == 0


# --- step 4: draw or pass ----------------------------------------------------------------------

def test_draw_takes_the_top_card_of_the_pile_into_hand():
    state = Game(players=3).new(deck=deck((9, 9, 9, 9), (8, 8, 8, 8), (7, 7, 7, 7), pile=(1, 10)))
    state.apply(DRAW)
    assert state.hand(0) == (1, 9, 9) and state.field(0) == (9, 9)
    assert state.pile[0] == 10 and state.observation(1).pile_size == 42


def test_no_pass_on_a_rounds_first_turn():
    state = Game(players=3).new(deck=deck((9, 9, 9, 9), (8, 8, 8, 8), (7, 7, 7, 7)))
    assert state.legal_actions() == [DRAW]
    rejected(state, PASS, "first turn")
    state.apply(DRAW)
    assert state.legal_actions() == [DRAW, PASS]


def test_no_pass_on_the_first_turn_of_a_later_round_either():
    state = exactly_25_round()
    settle(state)
    assert state.round_number == 2 and state.legal_actions() == [DRAW]
    rejected(state, PASS, "first turn")


def test_no_draw_then_pass():
    # Seat 0 keeps 5, 5, 1 (it chose to reveal the 6) and draws a 7: it must reveal, not pass.
    state = Game(players=3).new(deck=deck((6, 5, 5, 1), (9, 9, 9, 9), (8, 8, 8, 8), pile=(7, 10)))
    state.apply(Reveal(6))
    state.apply(DRAW)
    assert state.current_player == 0 and state.phase == "reveal"
    assert state.legal_actions() == [Reveal(7), Reveal(5)]
    rejected(state, PASS, "reveal")
    rejected(state, DRAW, "reveal")
    state.apply(Reveal(7))
    assert state.current_player == 1  # the reveal ends the turn
    state.apply(DRAW)                 # an automatic reveal ends it too
    assert state.current_player == 2 and state.field(1) == (9, 10)


def test_empty_pile_leaves_only_the_pass():
    state = Game(players=3).new(deck=deck())
    draw_turns(state, 43)
    assert state.observation(1).pile_size == 0 and state.pile == ()
    assert state.current_player == 1 and state.legal_actions() == [PASS]
    rejected(state, DRAW, "empty")
    state.apply(PASS)
    done = last_round(state)
    assert done.pairs == sum(SHEET_PAIRS.values())  # all 55 cards in play
    assert done.passed == 0  # the 43rd draw was seat 0's (43 = 3 * 14 + 1)
    assert done.points == (done.pairs - 25, 0, 0)


# --- What each player may see ------------------------------------------------------------------

def test_observation_shows_own_hand_and_only_the_sizes_of_other_hands():
    state = Game(players=3).new(deck=deck((8, 7, 7, 1), (9, 6, 3, 2), (10, 4, 4, 4), pile=(6, 2, 4)))
    draw_turns(state, 3)
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.seat == seat and obs.hand == state.hand(seat)
        assert obs.hand_sizes == (3, 3, 3) and obs.pile_size == 40
        assert obs.fields == tuple(state.field(s) for s in range(3))


def test_observation_is_the_same_whatever_the_hidden_cards():
    # Seat 1's hidden cards and draw differ between the two deals; its reveals (9, then 6) do not.
    a = Game(players=3).new(deck=deck((8, 7, 7, 1), (9, 6, 3, 2), (10, 4, 4, 4), pile=(6, 2, 4)))
    b = Game(players=3).new(deck=deck((8, 7, 7, 1), (9, 6, 3, 3), (10, 4, 4, 4), pile=(6, 3, 4)))
    assert a.observation(0) == b.observation(0) and a.observation(2) == b.observation(2)
    draw_turns(a, 3)
    draw_turns(b, 3)
    assert a.field(1) == b.field(1) == (9, 6)
    assert a.hand(1) != b.hand(1)
    assert a.observation(0) == b.observation(0) and a.observation(2) == b.observation(2)
    assert a.observation(1) != b.observation(1)


def test_observation_rejects_a_seat_that_is_not_at_the_table():
    state = Game(players=3).new(seed=0)
    with pytest.raises(ValueError):
        state.observation(3)


# --- Bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, words", [
    (list(PAIRS_DECK)[:-1], ["55", "54"]),
    (list(PAIRS_DECK) + [10], ["55", "56"]),
    ([], ["55", "0"]),
    ([9 if card == 10 and i == 54 else card for i, card in enumerate(PAIRS_DECK)], ["copies", "10"]),
    ([11 if i == 54 else card for i, card in enumerate(PAIRS_DECK)], ["11"]),
    ([0 if i == 0 else card for i, card in enumerate(PAIRS_DECK)], ["0"]),
    (["1"] + list(PAIRS_DECK)[1:], ["'1'"]),
    ([10.0 if i == 54 else card for i, card in enumerate(PAIRS_DECK)], ["10.0"]),
    ([True] + list(PAIRS_DECK)[1:], ["True"]),
    ([[1]] + list(PAIRS_DECK)[1:], ["[1]"]),
])
def test_a_bad_stacked_deck_is_a_rules_error_naming_the_problem(cards, words):
    with pytest.raises(RulesError) as info:
        Game(players=3).new(deck=cards)
    for word in words:
        assert word in str(info.value)


def test_revealing_a_card_not_held_is_illegal():
    state = Game(players=4).new(deck=deck((1, 5, 10), (9, 8, 7), (9, 8, 7), (9, 8, 7)))
    rejected(state, Reveal(7), "does not hold", "5", "10")
    rejected(state, Reveal(1), "highest card or a 5")


def test_revealing_when_you_must_draw_is_illegal():
    state = Game(players=3).new(deck=deck((9, 9, 9, 9), (8, 8, 8, 8), (7, 7, 7, 7)))
    rejected(state, Reveal(9), "draw")


@pytest.mark.parametrize("action", [None, "draw", 42, 3.5, (), object(), [1, 2], DRAW.__class__, Reveal])
def test_objects_that_are_not_actions_are_illegal(action):
    state = Game(players=3).new(seed=3)
    settle(state)
    rejected(state, action, "not a Twenty-five action")
    chooser = Game(players=4).new(deck=deck((1, 5, 10), (9, 8, 7), (9, 8, 7), (9, 8, 7)))
    rejected(chooser, action, "reveal")


@pytest.mark.parametrize("value", [10.0, 5.0, True, "10", None])
def test_a_reveal_of_something_that_is_not_a_card_is_illegal(value):
    state = Game(players=4).new(deck=deck((1, 5, 10), (9, 8, 7), (9, 8, 7), (9, 8, 7)))
    rejected(state, Reveal(value), "Reveal")


def test_any_action_after_the_game_is_over_is_illegal():
    state = Game(players=3).new(deck=deck((10, 10, 10, 10), (10, 10, 10, 9), (10, 10, 10, 9), pile=(9, 9)))
    draw_turns(state, 2)
    state.apply(PASS)
    assert state.is_over
    for action in (DRAW, PASS, Reveal(10), Reveal(5), None):
        rejected(state, action, "over")


# --- Replay -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(3, 5), (4, 6)])
def test_replay_reproduces_a_game(players, seed):
    game = Game(players=players)
    record = play(game, [ThresholdBot(19), RandomAgent(), ThresholdBot(22), RandomAgent()][:players], seed=seed)
    again, once_more = replay(game, seed, record.actions), replay(game, seed, record.actions)
    assert again.is_over and again.result() == record.result
    assert again.history == record.actions
    assert snapshot(again) == snapshot(once_more)
    assert [again.observation(s) for s in range(players)] == [once_more.observation(s) for s in range(players)]
