"""Discontinuity rules: one test per rule of the digest (shared/rules/discontinuity.md).

The table, the lines and takes, pairs and the safe, refills, the game's end and places, two
players' halves, what a seat sees, bad input; the joker's rules are in test_rules_jokers.py and
the helpers in helpers.py.
"""
import random
from collections import Counter

import pytest

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.decks.pairs import PAIRS_DECK
from cardlib.core.testing import random_states, snapshot
from cardlib.discontinuity import JOKER, LINES, VARIANTS, Game, PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.rules import FIRST_HALF, places
from cardlib.discontinuity.scoring import row_penalty
from tests.discontinuity.helpers import deck_of, play_takes, rejects


# --- components and table ---

def test_game_is_for_two_to_four_players():
    for players in (2, 3, 4):
        assert Game(players=players).players == players
    for bad in (1, 5, "3", True):
        with pytest.raises(RulesError):
            Game(players=bad)
    with pytest.raises(RulesError):
        Game(players=3, start_player=3)
    with pytest.raises(RulesError):
        Game(players=3, halves=True)  # the half-deck variant is the two-player rule


def test_the_deck_is_the_55_card_pairs_deck_and_no_card_is_lost():
    state = Game(players=3).new(seed=5)
    assert Counter(state.all_cards()) == Counter(PAIRS_DECK)
    with pytest.raises(RulesError):
        Game().new(deck=[1, 2, 3])


def test_stacked_deal_fills_the_square_row_major_skipping_the_centre():
    state = Game(players=3).new(deck=deck_of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    assert state.square == (1, 2, 3, 4, 5, 6, 7, 8)
    assert state.deck_size == 55 - 8
    state.apply(TakeJoker())
    assert state.joker_face(0) == 9  # the deck's top card, after the eight


def test_all_same_number_redeal_at_setup():
    state = Game(players=3).new(seed=1, deck=deck_of(*[10] * 8))
    assert len(set(state.square)) > 1
    assert ("redeal", None, 10) in state.observation(0).log
    assert Counter(state.all_cards()) == Counter(PAIRS_DECK) and state.deck_size == 47


def test_all_same_number_redeal_after_refill():
    # line ⑥ shows 9, 1, 2; taking 1 and 2 refills with two more 9s: all eight show 9
    state = Game(players=3).new(seed=2, deck=deck_of(9, 9, 9, 9, 9, 9, 1, 2, 9, 9))
    assert ("redeal", None, 9) not in state.observation(0).log
    state.apply(Take(6, 1, 2))
    assert ("redeal", None, 9) in state.observation(0).log
    assert len(set(state.square)) > 1 and state.deck_size == 45
    assert Counter(state.all_cards()) == Counter(PAIRS_DECK)


# --- lines ---

def test_eight_lines_four_hold_three_cards_four_pass_the_deck_and_hold_two():
    assert sorted(LINES) == list(range(1, 9))
    assert [line for line, places in LINES.items() if len(places) == 3] == [1, 3, 4, 6]
    assert [line for line, places in LINES.items() if len(places) == 2] == [2, 5, 7, 8]
    state = Game(players=3).new(deck=deck_of(1, 2, 3, 4, 5, 6, 7, 8))
    # ① the left column 1, 4, 6; ⑤ the middle row 4, 5; ⑦ top left to bottom right 1, 8
    assert {(t.a, t.b) for t in state.legal_actions() if t != JOKER and t.line == 1} == {(1, 4), (1, 6), (4, 6)}
    assert {(t.a, t.b) for t in state.legal_actions() if t != JOKER and t.line == 5} == {(4, 5)}
    assert {(t.a, t.b) for t in state.legal_actions() if t != JOKER and t.line == 7} == {(1, 8)}
    assert {(t.a, t.b) for t in state.legal_actions() if t != JOKER and t.line == 8} == {(3, 6)}


def test_take_two_different_numbers_from_one_line():
    state = Game(players=3).new(deck=deck_of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    state.apply(Take(4, 1, 3))
    assert state.row(0) == (1, 3)
    assert state.square == (9, 2, 10, 4, 5, 6, 7, 8)  # refilled from the deck, in place order
    assert state.current_player == 1


def test_two_equal_numbers_can_never_be_taken_together():
    state = Game(players=3).new(deck=deck_of(5, 5, 7, 4, 6, 8, 5, 9))
    rejects(state, Take(4, 5, 5), "two equal numbers")
    assert all(t.a != t.b for t in state.legal_actions() if t != JOKER)


def test_two_card_line_takes_both_only_if_they_differ():
    state = Game(players=3).new(deck=deck_of(5, 5, 7, 4, 6, 8, 5, 9))
    # ② the middle column shows 5 and 5: no take there; ⑤ shows 4 and 6: exactly that take
    assert [t for t in state.legal_actions() if t != JOKER and t.line == 2] == []
    assert [t for t in state.legal_actions() if t != JOKER and t.line == 5] == [Take(5, 4, 6)]


def test_three_card_line_takes_any_two_that_differ_and_says_which_copy():
    state = Game(players=3).new(deck=deck_of(5, 5, 7, 4, 6, 8, 5, 9, 1, 2))
    on_top_row = [t for t in state.legal_actions() if t != JOKER and t.line == 4]
    assert on_top_row == [Take(4, 5, 7, at=(0, 0)), Take(4, 5, 7, at=(0, 1))]
    rejects(state, Take(4, 5, 7), "say which card")
    left = state.clone()
    left.apply(Take(4, 5, 7, at=(0, 0)))
    right = state.clone()
    right.apply(Take(4, 5, 7, at=(0, 1)))
    assert left.square[:3] == (1, 5, 2) and right.square[:3] == (5, 1, 2)


def test_never_the_deck_and_no_line_beyond_the_eight():
    state = Game(players=3).new(seed=3)
    rejects(state, Take(9, 1, 2), "no line")
    rejects(state, Take(0, 1, 2), "no line")
    assert all(t == JOKER or t.line in LINES for t in state.legal_actions())


def test_a_number_not_on_the_line_cannot_be_taken():
    state = Game(players=3).new(deck=deck_of(1, 2, 3, 4, 5, 6, 7, 8))
    rejects(state, Take(4, 1, 8), "no 8")


# --- pairs and the safe, refills, the end ---

def test_pair_goes_to_the_safe_at_once_and_safe_cards_never_pair_again():
    state = Game(players=3).new(deck=deck_of(6, 7, 1, 4, 2, 9, 5, 8, 10, 10, 9, 3, 6, 4, 2, 6))
    state.apply(Take(4, 6, 7))             # player 0: row 6, 7; refill 10, 10
    state.apply(Take(5, 2, 4))             # player 1; refill 9, 3
    state.apply(Take(6, 5, 8))             # player 2; refill 6, 4: ② shows 10, 6
    state.apply(Take(2, 6, 10))            # player 0: a second 6
    assert state.row(0) == (7, 10) and state.safe(0) == (6, 6)
    assert state.observation(1).safe_sizes == (2, 0, 0)
    for _ in range(2):                     # players 1 and 2 leave the 6s alone
        state.apply(next(t for t in state.legal_actions() if t != JOKER and 6 not in (t.a, t.b)))
    state.apply(next(t for t in state.legal_actions() if t != JOKER and 6 in (t.a, t.b)))
    assert state.safe(0) == (6, 6) and 6 in state.row(0)  # a third 6 stays in the row


def test_a_row_never_holds_two_real_cards_of_one_number():
    for state in random_states(Game(players=3), games=20, seed=7):
        for seat in range(3):
            numbers = [c for c in state.row(seat) if c != "J"]
            assert len(numbers) == len(set(numbers))
            assert all(count % 2 == 0 for count in Counter(state.safe(seat)).values())


def test_refill_puts_the_deck_top_on_every_empty_place():
    state = Game(players=3).new(deck=deck_of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    state.apply(Take(7, 1, 8))  # (0,0) and (2,2) empty: 9 then 10, in place order
    assert state.square == (9, 2, 3, 4, 5, 6, 7, 10)


def test_game_ends_when_the_deck_runs_out_during_a_refill():
    state = Game(players=3).new(seed=9)
    play_takes(state, lambda s: s.deck_size == 1 and s.phase == "take")
    assert not state.is_over
    state.apply(next(a for a in state.legal_actions() if a != JOKER))  # two to fill, one card left
    assert state.is_over and state.deck_size == 0 and state.square.count(0) == 1


def test_game_ends_when_the_last_card_fills_the_last_gap():
    state = Game(players=3).new(seed=10)
    state.apply(JOKER)  # 46 cards: takes bring it to exactly 0
    play_takes(state, lambda s: s.deck_size == 2 and s.phase == "take")
    assert not state.is_over
    state.apply(next(a for a in state.legal_actions() if a != JOKER))
    assert state.is_over and 0 not in state.square


def test_game_ends_when_the_last_card_is_taken_as_a_joker():
    state = Game(players=3).new(seed=11)
    play_takes(state, lambda s: s.deck_size == 1 and s.phase == "take")
    state.apply(JOKER)
    if state.phase == "place":  # the joker is placed first, then the refill finds no deck
        state.apply(state.legal_actions()[0])
    assert state.is_over and state.deck_size == 0 and 0 not in state.square


def test_a_turn_always_has_a_legal_take():
    for game in VARIANTS:
        for state in random_states(game, games=10, seed=12):
            if state.phase == "take":
                assert any(a != JOKER for a in state.legal_actions())
                assert state.deck_size > 0  # no turn starts with an empty deck


def test_score_is_two_per_safe_card_minus_the_row_penalty():
    state = Game(players=3).new(seed=13)
    play_takes(state, lambda s: False)
    for seat in range(3):
        assert state.result().scores[seat] == 2 * len(state.safe(seat)) - row_penalty(state.row(seat))


def test_highest_total_wins_tie_broken_by_largest_value_then_shared():
    assert places((5, 9, 1), [3, 3, 3]) == (2, 1, 3)
    assert places((9, 9, 1), [10, 11, 3]) == (2, 1, 3)  # a joker right of 10 shows 11
    assert places((9, 9, 1), [10, 10, 3]) == (1, 1, 3)
    state = Game(players=4).new(seed=14)
    play_takes(state, lambda s: False)
    result = state.result()
    largest = [max([0] + _values(state.row(s))) for s in range(4)]
    assert result.places == places(result.scores, largest)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_observation_carries_the_result_once_the_game_is_over(players):
    state = Game(players=players).new(seed=20 + players)
    while not state.is_over:  # two players: still None after the first half
        assert [state.observation(s).result for s in range(players)] == [None] * players
        state.apply(state.legal_actions()[0])
    assert [state.observation(s).result for s in range(players)] == [state.result()] * players


def _values(row):
    out = []
    for card in row:
        out.append((out[-1] + 1 if out else 11) if card == "J" else card)
    return out


# --- two players ---

def test_two_players_play_two_halves_of_28_then_27_cards():
    state = Game(players=2).new(deck=deck_of(*range(1, 11)))
    assert state.half == 1 and state.deck_size == FIRST_HALF - 8
    assert Counter(state.all_cards()) == Counter(PAIRS_DECK)
    play_takes(state, lambda s: s.half == 2)
    assert state.deck_size == 55 - FIRST_HALF - 8
    assert ("half", None, state.observation(0).halves[0].scores) in state.observation(0).log


def test_second_half_other_player_starts_from_zero_with_jokers_again():
    state = Game(players=2).new(seed=15)
    state.apply(JOKER)
    play_takes(state, lambda s: s.half == 2)
    first = state.observation(0).halves[0]
    assert state.current_player == 1 and state.observation(0).start_player == 1
    assert state.row(0) == () and state.row(1) == () and state.safe(0) == ()
    assert JOKER in state.legal_actions()
    assert state.scores == first.scores  # banked first-half points, nothing yet this half
    assert Counter(state.all_cards()) == Counter(PAIRS_DECK)


def test_two_player_totals_add_and_tie_break_on_the_second_halfs_row():
    state = Game(players=2).new(seed=16)
    play_takes(state, lambda s: False)
    first = state.observation(0).halves[0]
    result = state.result()
    for seat in range(2):
        assert result.scores[seat] == first.scores[seat] + state.points(seat)
    largest = [max([0] + _values(state.row(s))) for s in range(2)]
    assert result.places == places(result.scores, largest)


def test_determinize_shuffles_the_deck_and_every_joker_face_and_keeps_what_is_seen():
    rng = random.Random(17)
    changed = 0
    for game in VARIANTS:
        for state in list(random_states(game, games=3, seed=18))[::6]:
            if state.is_over:
                continue
            for seat in range(game.players):
                world = state.determinize(seat, rng)
                assert [world.observation(s) for s in range(game.players)] == \
                    [state.observation(s) for s in range(game.players)]
                assert Counter(world.all_cards()) == Counter(state.all_cards())
                changed += world.hidden() != state.hidden()
    assert changed > 20


def test_illegal_action_leaves_the_state_unchanged_and_says_why():
    state = Game(players=3).new(seed=19)
    for bad in (None, "take", Take(4, 1, 1), PlaceJoker(3), Take("4", 1, 2)):
        rejects(state, bad, ".")


def test_actions_read_well_and_repr_pastes_back():
    for action in (Take(4, 3, 7), Take(1, 5, 9, at=(1, 0)), JOKER, PlaceJoker(6)):
        assert eval(repr(action)) == action
    assert str(Take(4, 7, 3)) == "take 3 and 7 from line ④"
    assert str(Take(1, 5, 9, at=(1, 0))) == "take 5 and 9 from line ① (the one at left)"


@pytest.mark.parametrize("action", [Take(4, 3, 7, at=[0, 0]), Take(4, [3], 7), Take([4], 3, 7)])
def test_a_take_with_a_list_inside_is_illegal_not_a_crash(action):
    state = Game(players=3).new(seed=3)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=r"Take\(.*: "):
        state.apply(action)
    assert snapshot(state) == before


def test_halves_must_be_a_bool():
    with pytest.raises(RulesError, match="halves"):
        Game(players=2, halves=1)
