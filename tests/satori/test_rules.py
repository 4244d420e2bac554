"""The Satori rules: one test per rule of the digest (shared/rules/the-satori.md).

Components and options, a turn (play, declare, pass), the Katsu window and its resolution, the
three endings, the tie-break, places and scores, the notation, bad input, what each seat may see
and determinization. Whole games are written in the digest's notation (helpers.py: play_out).
"""
import random
from collections import Counter

import pytest

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.testing import snapshot
from cardlib.satori import (
    DECLARE, KATSU, NO_KATSU, PASS, PLAY_SATORI, PLAY_ZATSUNEN, VARIANTS, Declare, Game, Katsu, NoKatsu, Pass, Play,
)
from tests.satori.helpers import (
    DEAL, DECK, DECLARE_GAME, EMPTY_GAME, NO, NO_SATORI_GAME, NOTATION, PASS_GAME,
    agrees, asked, legal, log_length, log_since, moves, play_out, quiet, rejects, stacked, top_run,
)

OPTIONS = (*VARIANTS, Game(players=3, satori=1, zatsunen=1), Game(players=4, start=3, satori=2, zatsunen=2))


def walk_from(state, seed):
    """Random decisions from a position (left as it is) to the end: (state before, action, state after) each."""
    rng = random.Random(seed)
    state = state.clone()
    while not state.is_over:
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state


def walk(game, seed):
    """A random game from the deal."""
    return walk_from(game.new(seed=seed), seed)


def random_positions(games=6, seed=0):
    """Every position of a few random games of each option set (clones), finals included."""
    for index, game in enumerate(OPTIONS):
        for number in range(games):
            for _, _, after in walk(game, seed * 1000 + index * 100 + number):
                yield after.clone()


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


# --- the notation ------------------------------------------------------------------------------------

def test_the_notation_is_exactly_the_six_phrases():
    assert [str(action) for action in (PLAY_SATORI, PLAY_ZATSUNEN, DECLARE, PASS, KATSU, NO_KATSU)] == list(NOTATION)
    assert str(Play("S")) == "play satori" and str(Play("Z")) == "play zatsunen"
    assert str(Declare()) == "declare" and str(Pass()) == "pass"
    assert str(Katsu()) == "katsu" and str(NoKatsu()) == "no katsu"
    seen = set()
    for game in OPTIONS:
        for number in range(8):
            for before, action, _ in walk(game, number):
                names = [str(legal_action) for legal_action in before.legal_actions()]
                assert len(names) == len(set(names)), f"two legal actions read alike: {names}"
                assert set(names) <= set(NOTATION)
                seen.update(names)
    assert seen == set(NOTATION)


def test_a_turn_offers_exactly_what_the_digest_says():
    for position in random_positions(games=5, seed=3):
        if position.is_over:
            assert position.legal_actions() == []
            continue
        seat = position.current_player
        if position.phase == "katsu":
            expected = {"katsu", "no katsu"}
            assert seat != position.active
        else:
            hand, pile = position.hand(seat), position.pile(seat)
            expected = {name for name, allowed in (
                ("play satori", "S" in hand), ("play zatsunen", "Z" in hand),
                ("declare", top_run(pile) >= 3), ("pass", not hand)) if allowed}
        assert legal(position) == expected, f"{position!r}"


def test_play_out_applies_the_unique_legal_action_and_fails_clearly_otherwise():
    state = stacked()
    assert moves("play satori / no katsu  # a comment\n katsu") == ["play satori", "no katsu", "katsu"]
    assert moves(["play satori", "no katsu / katsu"]) == ["play satori", "no katsu", "katsu"]
    before = snapshot(state)
    with pytest.raises(AssertionError, match=r"decision 1 .*'katsu' is not one legal action.*play satori"):
        play_out(state, "katsu")
    assert snapshot(state) == before
    with pytest.raises(AssertionError, match=r"decision 2 .*'declare'"):
        play_out(state, "play satori / declare")


# --- whole games in the notation ----------------------------------------------------------------

def test_scenario_a_declaration_after_three_satori():
    state = stacked()
    play_out(state, moves(DECLARE_GAME)[:-1])
    obs = state.observation(1)
    assert obs.phase == "turn" and obs.current_player == 0 and obs.active == 0 and obs.declarer is None
    assert obs.piles == ((None,) * 3, ("Z", "S", "S"), (None,) * 3) and obs.result is None
    play_out(state, "declare")
    assert [state.hand(seat) for seat in range(3)] == [("Z", "Z"), ("S", "Z"), ("S", "S")]
    assert [state.pile(seat) for seat in range(3)] == [("S", "S", "S"), ("Z", "S", "S"), ("Z", "Z", "S")]
    log = state.observation(2).log
    assert log[0] == ("deal", 0, (3, 2))
    assert [event for event in log if event[0] == "play"] == [("play", seat % 3, None) for seat in range(9)]
    assert [event[1] for event in log if event[0] == "no katsu"] == [1, 2, 2, 0, 0, 1] * 3
    assert log[-4:] == (("declare", 0, 3), ("end", 0, "declare"), ("shows", 1, 2), ("shows", 2, 1))
    obs = state.observation(1)
    assert obs.phase == "over" and obs.current_player is None and obs.declarer == 0
    assert obs.hand == ("S", "Z") and obs.pile == ("Z", "S", "S")
    assert agrees(obs.piles[0], state.pile(0)) and agrees(obs.piles[2], state.pile(2))
    assert obs.hand_sizes == (2, 2, 2) and obs.satori == (3, 3, 3) and obs.zatsunen == (2, 2, 2)
    assert obs.result == state.result() and state.result().places == (1, 2, 3)


def test_scenario_katsu_calls_a_failure_and_passes_until_every_hand_is_empty():
    state = stacked()
    decisions = moves(PASS_GAME)
    play_out(state, decisions[:5])                          # through 1's zatsunen and 2's failed Katsu
    assert state.hand(1) == ("S", "S", "S", "S", "Z", "Z") and state.pile(1) == ()
    assert state.observation(0).out == (False, False, True) and state.current_player == 0
    play_out(state, decisions[5:-2])
    assert state.observation(1).piles[0] == (None,) * 5 + ("S",)   # the satori 0 won by Katsu is known
    play_out(state, decisions[-2:])
    assert state.is_over
    assert [state.hand(seat) for seat in range(3)] == [(), (), ()]
    assert [state.pile(seat) for seat in range(3)] == [("Z", "S", "S", "Z", "S", "S"), ("S", "S", "Z", "S", "Z"), ()]
    log = state.observation(0).log
    assert [event for event in log if event[0] not in ("play", "no katsu")] == [
        ("deal", 0, (3, 2)),
        ("katsu", 2, 1), ("reveal", 2, "Z"), ("out", 2, None), ("receives", 1, "hand"),
        ("pass", 0, None),
        ("katsu", 0, 1), ("reveal", 0, "S"),
        ("pass", 0, None),
        ("end", 1, "empty"), ("shows", 0, 2), ("shows", 1, 0),
    ]
    assert [event[1] for event in log if event[0] == "play"] == [0, 1] + [0, 1] * 4 + [1, 1]
    obs = state.observation(1)
    assert agrees(obs.piles[0], state.pile(0)) and obs.piles[0][-1] == "S" and obs.piles[2] == ()
    assert obs.satori == (4, 3, 0) and obs.zatsunen == (2, 2, 0) and obs.out == (False, False, True)
    assert state.result().scores == (2, 0, 0) and state.result().places == (1, 2, 3)


def test_scenario_a_caller_without_satori_then_a_declaration_lost_on_the_tie():
    state = stacked()
    play_out(state, moves(NO_SATORI_GAME)[:-1])
    assert state.observation(0).piles[2] == ("S", None, "S", None, "S", None, None)
    assert state.observation(2).piles[0] == (None,) * 3
    play_out(state, "declare")
    assert [state.hand(seat) for seat in range(3)] == [("Z", "Z"), (), ("S",)]
    assert [state.pile(seat) for seat in range(3)] == [("S", "S", "S"), (), ("S", "Z", "S", "Z", "S", "S", "S")]
    obs = state.observation(0)
    assert agrees(obs.piles[2], state.pile(2)) and obs.piles[2][:3] == ("S", None, "S")
    assert obs.satori == (3, 0, 6) and obs.zatsunen == (2, 0, 2) and obs.out == (False, True, False)
    assert [event for event in obs.log if event[0] not in ("play", "no katsu")][-9:] == [
        ("katsu", 2, 1), ("reveal", 2, "S"),
        ("katsu", 1, 0), ("reveal", 1, "Z"), ("out", 1, None), ("receives", 0, None),
        ("declare", 0, 3), ("end", 0, "declare"), ("shows", 2, 3),
    ]
    assert state.result().scores == (3, 0, 3) and state.result().places == (2, 3, 1)


def test_scenario_two_players_unofficial():
    state = stacked(players=2, start=1)
    play_out(state, f"""
        play satori / katsu            # 1; 0 calls: satori, onto 0's pile
        {quiet("SZ SS", 2)}            # 0, 1, 0, 1: 0 has S S S (one won)
    """)
    assert state.observation(1).piles[0] == ("S", None, None)
    play_out(state, "declare")
    assert state.pile(0) == ("S", "S", "S") and state.pile(1) == ("Z", "S")
    assert state.hand(0) == ("S", "Z", "Z") and state.hand(1) == ("S", "Z")
    assert state.result().scores == (3, 1) and state.result().places == (1, 2)
    assert agrees(state.observation(1).piles[0], state.pile(0))


# --- bad input ---------------------------------------------------------------------------------------

def test_a_card_not_in_hand_is_refused():
    state = stacked()
    play_out(state, f"play zatsunen / {NO} / play satori / {NO} / play satori / {NO} / play zatsunen / {NO}")
    play_out(state, f"play satori / {NO} / play satori / {NO}")
    assert state.hand(0) == ("S", "S", "S")
    rejects(state, PLAY_ZATSUNEN, "player 0 has no zatsunen in hand")
    rejects(state, Play("Z"), "no zatsunen in hand")
    state = stacked(players=2)
    play_out(state, ["play satori / no katsu / play zatsunen / no katsu"] * 2 + ["play satori / no katsu"] * 2)
    assert state.hand(0) == ("Z", "Z")
    rejects(state, PLAY_SATORI, "player 0 has no satori in hand")


def test_declare_without_three_satori_on_top_is_refused():
    state = stacked()
    rejects(state, DECLARE, r"shows 0 satori unbroken; declaring needs 3 or more")
    play_out(state, f"play satori / {NO} / play zatsunen / {NO} / play zatsunen / {NO}")
    play_out(state, f"play satori / {NO} / play zatsunen / {NO} / play zatsunen / {NO}")
    rejects(state, DECLARE, r"player 0's pile shows 2 satori unbroken; declaring needs 3")


def test_pass_with_cards_in_hand_is_refused():
    state = stacked()
    play_out(state, f"play satori / {NO} / play satori / {NO} / play satori / {NO}")
    rejects(state, PASS, "player 0 still has 4 cards in hand; pass only with an empty hand")
    rejects(state, Pass(), "pass only with an empty hand")


def test_katsu_out_of_the_window_is_refused():
    state = stacked()
    rejects(state, KATSU, "no card is waiting for a Katsu; it is player 0's turn")
    rejects(state, NO_KATSU, "no card is waiting for a Katsu")
    play_out(state, f"play satori / {NO}")
    rejects(state, KATSU, "no card is waiting")


def test_a_turns_action_during_the_window_is_refused():
    state = stacked()
    play_out(state, "play satori")
    for action in (PLAY_SATORI, PLAY_ZATSUNEN, DECLARE, PASS, Play("X")):
        rejects(state, action, "player 0 has just played a card; player 1 must answer the Katsu window first")


@pytest.mark.parametrize("action, why", [
    (None, "not an action of The Satori"),
    ("katsu", "not an action of The Satori"),
    ("play satori", "not an action of The Satori"),
    (42, "not an action of The Satori"),
    (Katsu, "not an action of The Satori"),
    (Play("X"), r"a card is 'S' \(satori\) or 'Z' \(zatsunen\), not 'X'"),
    (Play("s"), r"a card is 'S' \(satori\) or 'Z' \(zatsunen\)"),
    (Play(None), r"a card is 'S' \(satori\) or 'Z' \(zatsunen\), not None"),
    (Play(["S"]), r"a card is 'S' \(satori\) or 'Z' \(zatsunen\)"),
])
def test_malformed_actions_are_refused(action, why):
    rejects(stacked(), action, why)
    state = stacked()
    play_out(state, "play satori")
    with pytest.raises(IllegalActionError):
        state.apply(action)


def test_nothing_is_accepted_once_the_game_is_over():
    state = stacked()
    play_out(state, DECLARE_GAME)
    for action in (PLAY_SATORI, DECLARE, PASS, KATSU, NO_KATSU, None):
        rejects(state, action, "the game is over")


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
