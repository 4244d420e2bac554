"""The Satori rules (shared/rules/the-satori.md): what each seat may see, and determinization."""
import random
from collections import Counter

import pytest

from tests.satori.helpers import (
    DECK, EMPTY_GAME, NO, NO_SATORI_GAME, OPTIONS, PASS_GAME, agrees, moves, play_out, quiet, random_positions,
    stacked, top_run, walk, walk_from,
)


# --- what each player may see -------------------------------------------------------------------------

def test_a_player_sees_their_own_hand_and_pile_in_order():
    state = stacked()
    play_out(state, NO_SATORI_GAME.split("play zatsunen / katsu")[0])
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.seat == seat and obs.players == 3
        assert obs.hand == state.hand(seat) and obs.pile == state.pile(seat) == obs.piles[seat]
    assert state.observation(2).pile == ("S", "Z", "S", "Z", "S", "S")


def test_others_are_seen_only_as_sizes_public_totals_eliminated_flags_and_revealed_satori():
    for game in OPTIONS:
        for number in range(4):
            for before, _, after in walk(game, 40 + number):
                n = game.players
                for seat in range(n):
                    obs = after.observation(seat)
                    assert obs.hand == after.hand(seat) and obs.pile == after.pile(seat)
                    assert obs.hand_sizes == tuple(len(after.hand(other)) for other in range(n))
                    assert obs.pile_sizes == tuple(len(after.pile(other)) for other in range(n))
                    assert obs.satori == tuple((after.hand(o) + after.pile(o)).count("S") for o in range(n))
                    assert obs.zatsunen == tuple((after.hand(o) + after.pile(o)).count("Z") for o in range(n))
                    for other in range(n):
                        if other == seat:
                            continue
                        shown, pile = obs.piles[other], after.pile(other)
                        assert agrees(shown, pile)
                        if not after.is_over:
                            assert all(card in (None, "S") for card in shown)
                            continue
                        # the end may show each run (and the card that ends it), nothing deeper
                        earlier = before.observation(seat).piles[other]
                        run = top_run(pile)
                        newly = [i for i, card in enumerate(shown) if card is not None
                                 and (i >= len(earlier) or earlier[i] is None)]
                        assert all(i >= len(pile) - run - 1 for i in newly)


def test_a_pile_is_known_only_where_a_katsu_put_a_revealed_satori():
    state = stacked()
    play_out(state, "play satori / no katsu / katsu")            # 2 takes 0's satori
    play_out(state, f"play satori / {NO} / play satori / {NO}")  # 1 and 2 play
    obs = state.observation(1)
    assert state.pile(2) == ("S", "S") and obs.piles[2] == ("S", None)
    assert obs.piles[0] == () and obs.piles[1] == ("S",)
    assert state.observation(0).piles[2] == ("S", None) and state.observation(2).piles[2] == ("S", "S")
    play_out(state, "play zatsunen / no katsu / katsu")          # 2 calls on 0's zatsunen: out
    assert state.observation(1).piles[2] == ()                   # nothing left of it to know


def test_public_totals_start_at_the_deal_and_follow_every_transfer():
    state = stacked()
    totals = [(state.observation(0).satori, state.observation(0).zatsunen)]
    for script in ("play satori / no katsu / katsu",   # 2 takes a satori from 0
                   f"play zatsunen / {NO}",             # 1: no transfer
                   "play zatsunen / no katsu / katsu"):  # 1 calls on 2's zatsunen: 2 gets a satori of 1's
        play_out(state, script)
        totals.append((state.observation(1).satori, state.observation(1).zatsunen))
    assert totals == [((3, 3, 3), (2, 2, 2)), ((2, 3, 4), (2, 2, 2)), ((2, 3, 4), (2, 2, 2)),
                      ((2, 0, 5), (2, 0, 2))]


def test_the_log_never_tells_a_face_down_card():
    state = stacked()
    play_out(state, PASS_GAME)
    for event in state.observation(0).log:
        if event[0] == "play":
            assert event[2] is None


def test_a_seat_cannot_tell_games_that_differ_only_in_anothers_hidden_cards():
    # 1 plays satori, satori in one game and zatsunen, zatsunen in the other; 2 plays in other orders
    common = "play satori / no katsu / katsu"                   # 0 plays satori; 2 takes it: public
    first = [common, quiet("SZ ZSS S"), "play zatsunen / no katsu"]
    second = [common, quiet("ZS ZZS S"), "play satori / no katsu"]
    one, two = stacked(), stacked()
    for a, b in zip(moves(first), moves(second)):
        play_out(one, a)
        play_out(two, b)
        assert one.observation(0) == two.observation(0)
    assert one.hand(1) != two.hand(1) and one.pile(1) != two.pile(1) and one.pile(2) != two.pile(2)
    assert one.observation(1) != two.observation(1) and one.observation(2) != two.observation(2)
    assert one.observation(0).piles[2] == ("S", None, None)
    # only the order of 1's plays differs: neither 0 nor 2 can tell, at any moment
    one, two = stacked(), stacked()
    for a, b in zip(moves(quiet("SSZ SZ")), moves(quiet("SZZ SS"))):
        play_out(one, a)
        play_out(two, b)
        assert one.observation(0) == two.observation(0) and one.observation(2) == two.observation(2)
    assert one.pile(1) == ("S", "Z") and two.pile(1) == ("Z", "S") and one.observation(1) != two.observation(1)


def test_the_observation_carries_the_result_once_the_game_is_over():
    state = stacked()
    for text in moves(EMPTY_GAME):
        assert all(state.observation(seat).result is None for seat in range(3))
        play_out(state, text)
    assert [state.observation(seat).result for seat in range(3)] == [state.result()] * 3


def test_observation_of_a_seat_not_at_the_table_is_refused():
    state = stacked()
    for seat in (-1, 3, True, "0"):
        with pytest.raises(ValueError):
            state.observation(seat)


# --- determinize ------------------------------------------------------------------------------------------

def test_determinize_keeps_what_the_seat_sees_and_every_card():
    rng = random.Random(7)
    changed = checked = 0
    for position in list(random_positions(games=3, seed=5))[::3]:
        for seat in range(position.game.players):
            seen = position.observation(seat)
            world = position.determinize(seat, rng)
            assert world.observation(seat) == seen
            assert Counter(world.all_cards()) == DECK
            assert world.hand(seat) == position.hand(seat) and world.pile(seat) == position.pile(seat)
            checked += 1
            changed += any(world.pile(o) != position.pile(o) or world.hand(o) != position.hand(o)
                           for o in range(position.game.players))
            if not world.is_over:  # a world is a game that plays on
                for _ in walk_from(world, seed=checked):
                    pass
    assert changed > checked // 5


def test_determinize_follows_the_public_history_of_a_player_who_played_before_receiving_cards():
    state = stacked()
    play_out(state, f"""
        {quiet("SZZ ZZZ SSS SSS")}   # rounds of 0, 1, 2: 0 has four face down, one of them a zatsunen
        play zatsunen / katsu        # 0's fifth, a zatsunen: 1 calls and is out; 0 takes it back and a satori
    """)
    assert state.hand(0) == ("S", "Z") and state.pile(0) == ("S", "Z", "S", "S")
    obs = state.observation(2)
    # the totals alone would allow S S in hand and two zatsunen in the pile; the history does not
    assert obs.satori[0] == 4 and obs.zatsunen[0] == 2 and obs.hand_sizes[0] == 2
    rng = random.Random(11)
    piles = set()
    for _ in range(60):
        world = state.determinize(2, rng)
        assert world.observation(2) == obs
        assert world.hand(0) == ("S", "Z")
        assert world.pile(0).count("Z") == 1 and len(world.pile(0)) == 4
        assert Counter(world.pile(2) + world.hand(2)) == Counter(state.pile(2) + state.hand(2))
        piles.add(world.pile(0))
    assert len(piles) == 4  # the one zatsunen may lie at any of the four places


def test_determinize_keeps_a_revealed_satori_where_the_katsu_put_it():
    state = stacked()
    play_out(state, NO_SATORI_GAME.split("play zatsunen / katsu")[0])
    rng = random.Random(13)
    for _ in range(30):
        world = state.determinize(0, rng)
        pile = world.pile(2)
        assert len(pile) == 6 and pile[0] == pile[2] == pile[4] == "S"
        assert world.hand(1) == ("Z", "Z") and world.pile(1) == ()  # 1 has no satori: nothing to draw
        assert world.observation(0) == state.observation(0)
