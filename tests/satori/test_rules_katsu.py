"""The Satori rules (shared/rules/the-satori.md): the Katsu window and its resolution, the three endings, the
tie-break, places and scores."""
from collections import Counter

from cardlib.satori import KATSU, NO_KATSU, Declare, Pass, Play
from tests.satori.helpers import (
    DECK, EMPTY_GAME, NO, NO_SATORI_GAME, OPTIONS, PASS_GAME, asked, legal, log_length, log_since, moves, play_out,
    quiet, random_positions, stacked, top_run, walk, walk_from,
)


# --- Katsu ---------------------------------------------------------------------------------------

def test_the_katsu_window_opens_after_every_play_and_only_then():
    for game in OPTIONS:
        for number in range(5):
            for before, action, after in walk(game, number):
                if type(action) is Play:
                    assert after.phase == "katsu" and after.active == before.current_player
                    assert set(after.legal_actions()) == {KATSU, NO_KATSU}
                elif type(action) in (Pass, Declare):
                    assert after.phase in ("turn", "over")


def test_the_katsu_window_asks_each_other_player_clockwise_from_the_one_after_the_player():
    state = stacked(players=5, start=3)
    assert asked(state, "play zatsunen / no katsu / no katsu / no katsu / no katsu") == [3, 4, 0, 1, 2]
    assert asked(state, "play satori / no katsu / no katsu / no katsu / no katsu") == [4, 0, 1, 2, 3]
    assert state.current_player == 0
    # the same, checked on every window of random games: the others still in, from the one after the player
    for game in OPTIONS:
        for number in range(4):
            for before, action, after in walk(game, number):
                if type(action) is not Play:
                    continue
                n, player = game.players, before.current_player
                expected = [(player + step) % n for step in range(1, n)]
                expected = [seat for seat in expected if not before.observation(0).out[seat]]
                seen = []
                window = after.clone()
                while window.phase == "katsu":
                    seen.append(window.current_player)
                    window.apply(NO_KATSU)
                assert seen == expected


def test_the_first_katsu_closes_the_window():
    state = stacked(players=4)
    mark = log_length(state)
    assert asked(state, "play satori / no katsu / katsu") == [0, 1, 2]
    assert state.phase == "turn" and state.current_player == 1  # 3 was never asked
    assert [event[:2] for event in log_since(state, mark)] == [("play", 0), ("no katsu", 1), ("katsu", 2),
                                                               ("reveal", 2)]
    state = stacked(players=4)
    play_out(state, "play zatsunen / katsu")                     # the first one asked calls: failure
    assert state.phase == "turn" and state.current_player == 2
    assert not any(event[1] in (2, 3) for event in state.observation(0).log if event[0] in ("katsu", "no katsu"))


def test_katsu_success_puts_the_satori_on_the_callers_pile():
    state = stacked()
    play_out(state, f"play zatsunen / {NO} / play satori / {NO} / play zatsunen / {NO}")
    mark = log_length(state)
    play_out(state, "play satori / no katsu / katsu")            # 0 plays satori; 1 lets it go; 2 calls
    assert log_since(state, mark) == [("play", 0, None), ("no katsu", 1, None), ("katsu", 2, 0), ("reveal", 2, "S")]
    assert state.pile(0) == ("Z",) and state.pile(2) == ("Z", "S")  # it left 0's pile for the top of 2's
    assert state.hand(0) == ("S", "S", "Z") and state.hand(2) == ("S", "S", "S", "Z")
    obs = state.observation(1)
    assert obs.piles == ((None,), ("S",), (None, "S")) and obs.satori == (2, 3, 4) and obs.zatsunen == (2, 2, 2)
    assert obs.out == (False, False, False) and state.current_player == 1


def test_katsu_failure_eliminates_the_caller_and_gives_the_called_player_the_zatsunen_and_a_satori():
    state = stacked()
    mark = log_length(state)
    play_out(state, "play zatsunen / katsu")                     # 0 plays zatsunen; 1 calls
    assert log_since(state, mark) == [("play", 0, None), ("katsu", 1, 0), ("reveal", 1, "Z"), ("out", 1, None),
                                      ("receives", 0, "hand")]
    assert state.hand(0) == ("S", "S", "S", "S", "Z", "Z") and state.pile(0) == ()  # the zatsunen is back in hand
    assert state.hand(1) == () and state.pile(1) == ()
    obs = state.observation(2)
    assert obs.out == (False, True, False) and obs.still_in == (0, 2)
    assert obs.hand_sizes == (6, 0, 5) and obs.satori == (4, 0, 3) and obs.zatsunen == (2, 0, 2)
    assert state.current_player == 2


def test_the_satori_given_comes_from_the_callers_hand_if_any():
    state = stacked()
    play_out(state, f"play zatsunen / {NO} / play satori / {NO} / play satori / {NO}")
    play_out(state, "play zatsunen / no katsu / katsu")          # 2 calls with S S Z Z in hand, S on the pile
    assert ("receives", 0, "hand") in state.observation(0).log
    assert state.hand(0) == ("S", "S", "S", "S", "Z") and state.pile(0) == ("Z",)
    assert Counter(state.all_cards()) == DECK


def test_otherwise_the_satori_given_comes_from_the_callers_pile_nearest_the_top():
    state = stacked()
    play_out(state, f"""
        {quiet("ZSZ SSS SSS")}      # rounds of 0, 1, 2: 1 has Z Z in hand, S S S on the pile
    """)
    assert state.hand(1) == ("Z", "Z") and state.pile(1) == ("S", "S", "S")
    play_out(state, "play zatsunen / katsu")
    assert ("receives", 0, "pile") in state.observation(2).log
    assert state.hand(0) == ("S", "S", "Z") and state.observation(2).satori[0] == 3 + 1
    # which satori of the pile cannot be seen afterwards: the others leave the game with the rest
    assert state.pile(1) == () and state.hand(1) == ()


def test_only_the_zatsunen_is_given_when_the_caller_has_no_satori():
    state = stacked()
    play_out(state, NO_SATORI_GAME.split("play zatsunen / katsu")[0])
    assert state.hand(1) == ("Z", "Z") and state.pile(1) == () and state.observation(0).satori[1] == 0
    play_out(state, "play zatsunen / katsu")
    assert state.observation(2).log[-1] == ("receives", 0, None)
    assert state.hand(0) == ("Z", "Z") and state.pile(0) == ("S", "S", "S")
    assert state.observation(2).satori == (3, 0, 6) and state.observation(2).zatsunen == (2, 0, 2)


def test_the_eliminated_players_other_cards_leave_the_game():
    state = stacked()
    play_out(state, f"play satori / {NO} / play zatsunen / {NO} / play satori / {NO} / play zatsunen / katsu")
    # 1 had S S S Z in hand and Z on the pile; one satori went to 0: S S Z Z leave the game
    assert state.hand(1) == () and state.pile(1) == ()
    obs = state.observation(2)
    assert obs.hand_sizes[1] == obs.pile_sizes[1] == obs.satori[1] == obs.zatsunen[1] == 0
    held = Counter(card for seat in range(3) for card in state.hand(seat) + state.pile(seat))
    assert held == Counter({"S": 9 - 2, "Z": 6 - 2})
    assert Counter(state.all_cards()) == DECK
    for _, _, after in walk_from(state, seed=3):
        assert after.hand(1) == () and after.pile(1) == ()


def test_katsu_never_changes_the_turn_order():
    state = stacked(players=4)
    turns = []
    for script in ("play satori / no katsu / katsu",             # 0; 2 takes it: 1 is next all the same
                   "play satori / no katsu / no katsu / katsu",  # 1; 0 takes it
                   "play zatsunen / katsu",                      # 2; 3 calls and is out
                   "play satori / no katsu / no katsu",          # 0 (3 was skipped)
                   "play satori / no katsu / no katsu"):         # 1
        turns.append(state.current_player)
        play_out(state, script)
    assert turns == [0, 1, 2, 0, 1] and state.current_player == 2


def test_eliminated_players_are_skipped_and_never_asked():
    state = stacked(players=4)
    play_out(state, "play zatsunen / katsu")                     # 1 is out
    assert asked(state, "play satori / no katsu / no katsu") == [2, 3, 0]
    assert asked(state, "play satori / no katsu / no katsu") == [3, 0, 2]
    assert asked(state, "play satori / no katsu / no katsu") == [0, 2, 3]
    mark = log_length(state)
    for seed in range(6):
        for _, _, after in walk_from(state, seed):
            assert after.current_player != 1   # never to play, never asked
        assert all(event[1] != 1 for event in log_since(after, mark))


def test_a_player_with_an_empty_hand_may_still_call_katsu():
    state = stacked()
    play_out(state, PASS_GAME.split("play satori / katsu")[0])
    assert state.hand(0) == () and state.phase == "turn"
    play_out(state, "play satori")
    assert state.current_player == 0 and legal(state) == {"katsu", "no katsu"}
    play_out(state, "katsu")
    assert state.pile(0)[-1] == "S" and state.observation(1).piles[0][-1] == "S"


# --- the end ---------------------------------------------------------------------------------------

def test_the_game_ends_when_every_player_still_in_has_an_empty_hand_checked_after_the_window():
    state = stacked()
    decisions = moves(EMPTY_GAME)
    play_out(state, decisions[:-2])
    assert all(state.hand(seat) == () for seat in range(3))
    assert not state.is_over and state.phase == "katsu"   # the last play's window is still open
    play_out(state, "no katsu")
    assert not state.is_over
    mark = log_length(state)
    play_out(state, "no katsu")
    assert state.is_over
    assert log_since(state, mark) == [("no katsu", 1, None), ("end", 2, "empty"),
                                      ("shows", 0, 3), ("shows", 1, 3), ("shows", 2, 3)]


def test_the_game_ends_when_only_one_player_is_left_who_wins_whatever_the_scores():
    state = stacked()
    play_out(state, f"""
        play zatsunen / katsu          # 0; 1 calls: out
        {quiet("SS SS S", 2)}          # 2, 0, 2, 0, 2: S S S on top, the longest run
    """)
    assert state.pile(2) == ("S", "S", "S") and state.pile(0) == ("S", "S")
    mark = log_length(state)
    play_out(state, "play zatsunen / katsu")                    # 2 calls on 0's zatsunen and is out
    assert state.is_over
    assert log_since(state, mark)[-1] == ("end", 0, "last")  # nobody shows: there is nobody to compare with
    assert not any(event[0] == "shows" for event in state.observation(0).log)
    result = state.result()
    assert result.scores == (2, 0, 0) and result.places == (1, 2, 2) and result.winners == (0,)
    # in two players, a single failed Katsu ends it, the one left winning with nothing on the pile
    two = stacked(players=2)
    play_out(two, "play satori / katsu / play zatsunen / no katsu / play satori / no katsu / play zatsunen / katsu")
    assert two.is_over and two.pile(1) == ("S", "Z") and two.result() == type(result)(scores=(0, 0), places=(2, 1))


def test_with_one_player_left_nobody_shows_a_run():
    state = stacked()
    play_out(state, f"""
        play zatsunen / katsu          # 0; 1 calls: out
        {quiet("SS SS S", 2)}          # 2, 0, 2, 0, 2: 0 has S S on the pile, unseen
        play zatsunen / katsu          # 0; 2 calls: out, and 0 is left
    """)
    assert state.is_over and not any(event[0] == "shows" for event in state.observation(0).log)
    assert state.pile(0) == ("S", "S")
    assert state.observation(1).piles[0] == (None, None) and state.observation(2).piles[0] == (None, None)


def test_the_longest_unbroken_run_from_the_top_wins():
    state = stacked()
    play_out(state, f"""
        {quiet("SZZ SSZ SZS ZSS ZSS")}  # rounds of 0, 1, 2
    """)                                # 0: S S S Z Z, the most satori, run 0; 1: Z S Z S S, run 2; 2: run 3
    assert state.is_over and state.result().scores == (0, 2, 3) and state.result().places == (3, 2, 1)
    # a declarer does not win by declaring: a longer run does
    state = stacked()
    play_out(state, f"""
        {quiet("SS")}                      # 0, 1
        play satori / no katsu / katsu     # 2; 0 lets it go, 1 takes it: S S
        {quiet("SSZ SSZ")}                 # 0, 1, 2 twice: 0 has S S S, 1 S S S S
        declare                            # 0 with three
    """)
    assert state.result().scores == (3, 4, 0) and state.result().places == (2, 1, 3)


def test_a_tie_goes_to_the_player_farthest_clockwise_from_the_declarer_who_loses_every_tie():
    state = stacked()
    play_out(state, [f"play satori / {NO}"] * 9 + ["declare"])
    assert state.result().scores == (3, 3, 3) and state.result().places == (3, 2, 1)
    state = stacked(players=4, start=2)
    round_ = "play satori / no katsu / no katsu / no katsu"
    play_out(state, [round_] * 12 + ["declare"])                   # 2 declares; 3, 0 and 1 have 3 too
    assert state.result().scores == (3, 3, 3, 3) and state.result().places == (2, 1, 4, 3)
    state = stacked()
    play_out(state, NO_SATORI_GAME)                                 # 0 declares with 3; 2 shows 3
    assert state.result().scores == (3, 0, 3) and state.result().places == (2, 3, 1)


def test_with_nobody_declaring_the_reference_is_the_last_player_who_played():
    state = stacked()
    play_out(state, EMPTY_GAME)
    assert state.observation(0).log[-4] == ("end", 2, "empty")
    assert state.result().scores == (3, 3, 3) and state.result().places == (2, 1, 3)
    state = stacked(start=1)                                        # 0 now plays last
    play_out(state, EMPTY_GAME)
    assert state.result().places == (3, 2, 1)


def test_the_reference_is_the_last_player_who_played_even_if_a_katsu_took_the_card():
    state = stacked()
    play_out(state, f"""
        {quiet("ZZS ZSS SZZ SSZ SS")}    # rounds of 0, 1, 2: 0 Z Z S S S, run 3; 1 Z S Z S S, run 2
        play satori / no katsu / katsu   # 2 plays the last card; 1 takes it: Z S Z S S S, run 3
    """)
    assert state.is_over and state.pile(2) == ("S", "S", "Z", "Z")
    assert state.observation(0).log[-4] == ("end", 2, "empty")
    # 0 and 1 tie with 3: counted from 2 (whose card it was), 1 is farthest; counted from the caller it would be 0
    assert state.result().scores == (3, 3, 0) and state.result().places == (2, 1, 3)


def test_scores_are_each_players_final_run_and_zero_for_the_eliminated():
    state = stacked()
    play_out(state, PASS_GAME)
    assert state.pile(0) == ("Z", "S", "S", "Z", "S", "S") and state.pile(1) == ("S", "S", "Z", "S", "Z")
    assert state.result().scores == (2, 0, 0)
    for position in random_positions(games=3, seed=1):
        if position.is_over:
            scores = position.result().scores
            out = position.observation(0).out
            assert scores == tuple(0 if out[seat] else top_run(position.pile(seat))
                                   for seat in range(position.game.players))


def test_places_rank_the_players_still_in_and_the_eliminated_share_the_place_after_them():
    state = stacked(players=5)
    play_out(state, f"""
        play zatsunen / katsu                              # 0; 1 calls: out
        play zatsunen / no katsu / katsu                   # 2 (1 skipped); 3 lets it go, 4 calls: out
        {quiet("S SSS ZSS SS")}                            # 3 (0 and 2 asked), then 0, 2, 3 in turn
        declare                                            # 3 with 3: ties with 2, and loses it
    """)
    assert state.observation(0).still_in == (0, 2, 3)
    assert state.result().scores == (1, 0, 3, 3, 0)
    assert state.result().places == (3, 4, 1, 2, 4)


def test_there_is_always_exactly_one_winner_and_places_are_a_ranking():
    for position in random_positions(games=5, seed=2):
        if not position.is_over:
            continue
        result = position.result()
        out = position.observation(0).out
        still_in = [seat for seat in range(len(out)) if not out[seat]]
        assert result.places.count(1) == 1
        assert sorted(result.places[seat] for seat in still_in) == list(range(1, len(still_in) + 1))
        assert all(result.places[seat] == len(still_in) + 1 for seat in range(len(out)) if out[seat])
