"""Discontinuity rules of the joker (shared/rules/discontinuity.md): taking it, once a game and
face down; placing it right of a number card, again when its anchor goes to the safe; counting it.
"""
import pytest

from cardlib.core.testing import random_states
from cardlib.discontinuity import JOKER, Game, PlaceJoker, Take
from cardlib.discontinuity.scoring import row_penalty
from tests.discontinuity.helpers import deck_of, joker_to_place, play_takes, rejects


def test_joker_counts_as_the_turns_two_cards_and_nothing_is_refilled():
    state = Game(players=3).new(deck=deck_of(1, 2, 3, 4, 5, 6, 7, 8, 9))
    state.apply(JOKER)
    assert state.square == (1, 2, 3, 4, 5, 6, 7, 8)
    assert state.deck_size == 46 and state.row(0) == ("J",)
    assert state.current_player == 1


def test_joker_once_per_player_per_game():
    state = Game(players=2, halves=False).new(seed=4)
    state.apply(JOKER)
    play_takes(state, lambda s: s.current_player == 0 and s.phase == "take")
    assert JOKER not in state.legal_actions()
    rejects(state, JOKER, "once a game")


def test_nobody_sees_a_joker_face_not_even_its_owner():
    top = [1, 2, 3, 4, 5, 6, 7, 8]
    one = Game(players=3).new(deck=deck_of(*top, 9, 10))
    two = Game(players=3).new(deck=deck_of(*top, 10, 9))
    one.apply(JOKER)
    two.apply(JOKER)
    assert one.joker_face(0) != two.joker_face(0)
    assert [one.observation(s) for s in range(3)] == [two.observation(s) for s in range(3)]


def test_joker_sits_right_of_a_number_card_and_counts_one_more():
    state = joker_to_place()                         # player 0: row 4, 8; choose a place
    assert state.phase == "place" and state.current_player == 0
    assert state.legal_actions() == [PlaceJoker(4), PlaceJoker(8)]
    state.apply(PlaceJoker(4))
    assert state.row(0) == (4, "J", 8) and state.points(0) == -(4 + 5 + 8)
    rejects(state, PlaceJoker(4), "cannot place a joker now")  # never in another's turn


def test_joker_right_of_10_counts_11():
    state = Game(players=3).new(deck=deck_of(9, 10, 1, 2, 3, 5, 6, 7, 8))
    state.apply(Take(4, 9, 10))
    state.apply(JOKER)
    state.apply(JOKER)
    state.apply(JOKER)
    state.apply(PlaceJoker(10))
    assert state.row(0) == (9, 10, "J") and state.points(0) == -9
    assert str(PlaceJoker(10)) == "joker right of 10 (= 11)"


def test_joker_alone_counts_11_and_needs_no_decision():
    state = Game(players=3).new(seed=8)
    state.apply(JOKER)
    assert state.row(0) == ("J",) and state.points(0) == -11
    assert state.current_player == 1 and state.phase == "take"


def test_joker_with_one_number_card_is_placed_right_of_it():
    state = Game(players=3).new(deck=deck_of(4, 8, 1, 2, 3, 5, 6, 7, 9, 10))
    state.apply(JOKER)           # player 0: alone (it is the 9)
    assert state.row(0) == ("J",)
    state.apply(Take(4, 4, 8))   # player 1; the refill brings 10 and 1
    state.apply(JOKER)           # player 2
    state.apply(Take(5, 2, 3))   # player 0: row 2, 3 -> a decision
    assert state.phase == "place" and state.legal_actions() == [PlaceJoker(2), PlaceJoker(3)]


def test_joker_never_pairs():
    state = Game(players=3).new(deck=deck_of(4, 9, 1, 2, 3, 6, 7, 8, 5, 10))
    state.apply(Take(4, 4, 9))        # player 0: 4, 9; the refill brings a 5 to the top left
    state.apply(JOKER)
    state.apply(JOKER)
    state.apply(JOKER)
    state.apply(PlaceJoker(4))        # 4, J(5), 9
    state.apply(Take(6, 7, 8))
    state.apply(PlaceJoker(8))
    state.apply(Take(5, 2, 3))
    state.apply(PlaceJoker(3))
    five = next(t for t in state.legal_actions() if t != JOKER and 5 in (t.a, t.b) and {t.a, t.b}.isdisjoint({4, 9}))
    state.apply(five)                 # a real 5 while the joker counts 5
    assert 5 in state.row(0) and state.safe(0) == ()


def test_joker_is_placed_again_when_its_anchor_goes_to_the_safe():
    state = Game(players=3).new(deck=deck_of(4, 8, 1, 2, 3, 5, 6, 7, 4, 9))
    state.apply(Take(4, 4, 8))           # player 0: 4, 8; refill 4, 9 at (0,0), (0,1)
    state.apply(Take(5, 2, 3))           # player 1
    state.apply(Take(6, 5, 6))           # player 2
    state.apply(JOKER)                   # player 0: places it right of 4
    state.apply(PlaceJoker(4))
    assert state.row(0) == (4, "J", 8)
    for _ in range(2):                   # players 1 and 2 take something without a 4
        state.apply(next(t for t in state.legal_actions() if t != JOKER and 4 not in (t.a, t.b)))
    four = next(t for t in state.legal_actions() if t != JOKER and t.a == 4)
    state.apply(four)                    # the 4 pairs: the joker's anchor goes to the safe
    assert 4 in state.safe(0) and state.phase in ("place", "take")
    if state.phase == "place":
        assert state.current_player == 0
        assert PlaceJoker(4) not in state.legal_actions()
        rejects(state, PlaceJoker(4), "no number card 4")
        state.apply(state.legal_actions()[0])
    assert "J" in state.row(0) and state.row(0)[0] != "J"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_joker_waiting_to_be_placed_counts_nothing_and_its_places_give_the_score_range(players):
    """Decision: a joker whose anchor went to the safe (or that stood alone when numbers came) is
    placed at the turn's end; until then it is in no row, and the scores show its places' range."""
    waited = before_outside = 0
    for state in random_states(Game(players=players), games=12, seed=31 + players):
        for seat in range(players):
            obs = state.observation((seat + 1) % players)  # what anyone sees, not only the owner
            waiting = state.phase == "place" and state.current_player == seat and "J" not in state.row(seat)
            assert (obs.joker_to_place == seat) == waiting
            if not waiting:
                assert obs.score_range(seat) == (state.scores[seat],) * 2
                continue
            totals = []
            for place in state.legal_actions():
                trial = state.clone()
                trial.apply(place)
                totals.append(trial.scores[seat])  # a half's end banks the points: the total stays
            assert obs.score_range(seat) == (min(totals), max(totals))
            assert state.scores[seat] == 2 * len(state.safe(seat)) - row_penalty(state.row(seat)) + sum(
                half.scores[seat] for half in obs.halves)  # the points before the joker counts
            waited += 1
            before_outside += not min(totals) <= state.scores[seat] <= max(totals)
    assert waited >= 5 and before_outside >= 1  # the points before the joker can lie outside every place's


def test_joker_place_must_be_a_number_card_in_the_row():
    state = joker_to_place()
    for bad in (PlaceJoker(5), PlaceJoker(0), PlaceJoker("4"), Take(5, 3, 5), JOKER):
        rejects(state, bad, ".")
