"""The Satori rules (shared/rules/the-satori.md): the notation, whole games written in it, and bad input."""
import pytest

from cardlib.core.errors import IllegalActionError
from cardlib.core.testing import snapshot
from cardlib.satori import (
    DECLARE, KATSU, NO_KATSU, PASS, PLAY_SATORI, PLAY_ZATSUNEN, Declare, Katsu, NoKatsu, Pass, Play,
)
from tests.satori.helpers import (
    DECLARE_GAME, NO, NO_SATORI_GAME, NOTATION, OPTIONS, PASS_GAME, agrees, legal, moves, play_out, quiet,
    random_positions, rejects, stacked, top_run, walk,
)


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
