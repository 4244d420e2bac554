"""SCOUT rules, one test per line of the digest (shared/rules/scout.md): components and the deal,
keep or turn, show, the beating order, scout, Scout & Show, the notation, stacked deals, what each
seat may see, determinize and bad input. Round ends, rounds and the two-player game are in
test_round_end.py. Scenarios are stacked deals played in the digest's notation (helpers.py).
"""
import random
from collections import Counter

import pytest

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.scout import KEEP, TURN, Game, Scout, ScoutAndShow, Show, parse
from tests.scout.helpers import (
    ALL_CARDS, beating_slices, cards_of, deck, key, legal, play, rejects, stacked, tops, turned, walk,
)

KEEP3, KEEP4, KEEP5 = "keep / keep / keep", "keep / keep / keep / keep", "keep / keep / keep / keep / keep"
# tops 3 4 5 5 5 9 8 7 2 6 1 1: the runs 3-4-5 and 9-8-7, the set 5-5-5, the set 1-1
HAND_A = "3/2 4/1 5/1 5/2 5/3 9/1 8/1 7/1 2/4 6/1 1/2 1/3"
# Scout & Show: 0 shows 9-8-7; 1 holds no group at all, tops 8 3 6 1 4 7 2 5 3 6 4
SCOUTING = ["9/1 8/1 7/1", "8/2 3/4 6/5 1/2 4/5 7/3 2/3 5/7 3/5 6/7 4/6", "10/1 10/2 10/3"]


def dealt_cards(state, players):
    return sorted(key(card) for seat in range(players) for card in state.hand(seat))


def positions(games=3, seed=0):
    """Positions of random games of every player count (clones)."""
    for players in (2, 3, 4, 5):
        for number in range(games):
            for _, _, after in walk(Game(players=players), seed * 100 + players * 10 + number):
                yield after


# --- components and the deal ------------------------------------------------------------------

def test_three_players_remove_every_card_with_a_10_and_deal_12_each():
    for seed in range(5):
        state = Game(players=3).new(seed=seed)
        assert [len(state.hand(seat)) for seat in range(3)] == [12, 12, 12]
        cards = dealt_cards(state, 3)
        assert len(set(cards)) == 36 and all(10 not in card for card in cards)
        assert sorted(state.all_cards()) == ALL_CARDS  # the 9 cards with a 10 are out of the game, not lost


def test_four_players_remove_the_9_10_card_and_deal_11_each():
    for seed in range(5):
        state = Game(players=4).new(seed=seed)
        assert [len(state.hand(seat)) for seat in range(4)] == [11] * 4
        cards = dealt_cards(state, 4)
        assert len(set(cards)) == 44 and (9, 10) not in cards and sorted(state.all_cards()) == ALL_CARDS


def test_five_players_use_all_45_cards_9_each():
    for seed in range(5):
        state = Game(players=5).new(seed=seed)
        assert [len(state.hand(seat)) for seat in range(5)] == [9] * 5
        assert dealt_cards(state, 5) == ALL_CARDS and len(ALL_CARDS) == 45


def test_each_card_shows_two_different_numbers_and_the_deal_turns_cards_both_ways_up_at_random():
    ways = Counter()
    for seed in range(20):
        state = Game(players=5).new(seed=seed)
        for seat in range(5):
            for top, bottom in state.hand(seat):
                assert top != bottom and 1 <= top <= 10 and 1 <= bottom <= 10
                ways[top < bottom] += 1
    assert 0.4 < ways[True] / 900 < 0.6
    assert Game(players=3).new(seed=1).hand(0) != Game(players=3).new(seed=2).hand(0)


def test_each_player_gets_one_scout_and_show_marker_and_no_tokens_with_3_to_5_players():
    for players in (3, 4, 5):
        obs = Game(players=players).new(seed=0).observation(0)
        assert obs.markers == (True,) * players and obs.tokens is None and obs.chips == (0,) * players
        assert obs.score_cards == (0,) * players and obs.active == () and obs.owner is None


# --- keep or turn -----------------------------------------------------------------------------

def test_keep_or_turn_is_asked_in_seat_order_from_the_start_player_before_the_first_turn():
    state = Game(players=4, start=2).new(seed=1)
    asked = []
    for _ in range(4):
        assert state.phase == "keep" and legal(state) == {"keep", "turn"}
        asked.append(state.current_player)
        play(state, "keep")
    assert asked == [2, 3, 0, 1] and state.phase == "play" and state.current_player == 2


def test_turn_reverses_the_order_of_the_hand_and_turns_every_card_the_other_way_up():
    state = stacked(3, ["2/5 7/3 9/4"])
    dealt = state.hand(0)
    play(state, "turn / keep")
    assert state.hand(0)[-3:] == ((4, 9), (3, 7), (5, 2))
    assert state.hand(0) == tuple((bottom, top) for top, bottom in reversed(dealt)) == tuple(turned(dealt))
    assert state.hand(1) == tuple(deck(3, ["2/5 7/3 9/4"])[12:24])  # kept: as dealt
    assert state.observation(0).hand == state.hand(0)
    assert [entry[:2] for entry in state._log[-2:]] == [("turn", 0), ("keep", 1)]


def test_keep_or_turn_only_at_the_round_start():
    state = Game(players=3).new(seed=3)
    rejects(state, Show(1, 1), "keeps or turns")
    rejects(state, Scout(None, 1), "keeps or turns")
    play(state, KEEP3)
    assert "keep" not in legal(state) and "turn" not in legal(state)
    rejects(state, KEEP, "only at the start of a round")
    rejects(state, TURN, "only at the start of a round")


# --- show -------------------------------------------------------------------------------------

def test_show_adjacent_cards_forming_one_card_a_set_or_a_run_going_up_or_down():
    state = play(stacked(3, [HAND_A]), KEEP3)
    assert legal(state) == {
        "show 1", "show 1-2", "show 1-3", "show 2", "show 2-3", "show 3", "show 3-4", "show 3-5", "show 4",
        "show 4-5", "show 5", "show 6", "show 6-7", "show 6-8", "show 7", "show 7-8", "show 8", "show 9",
        "show 10", "show 11", "show 11-12", "show 12",
    }  # no active set: any valid group; nothing to scout
    assert all(type(action) is Show for action in state.legal_actions())


def test_10_and_1_are_not_consecutive():
    state = play(stacked(5, ["9/2 10/3 1/4 2/5"]), KEEP5)
    assert legal(state) == {f"show {p}" for p in range(1, 10)} | {"show 1-2", "show 3-4"}
    rejects(state, Show(2, 3), "10-1 is no group")
    rejects(state, Show(1, 3), "9-10-1 is no group")


def test_one_action_per_slice_each_slice_that_forms_a_group_and_beats_the_active_set():
    for state in positions(games=2):
        if state.phase not in ("play", "show"):
            continue
        shows = [action for action in state.legal_actions() if type(action) is Show]
        assert len(shows) == len(set(shows))
        active = [card[0] for card in state.active]
        assert {(a.first, a.last) for a in shows} == beating_slices(tops(state, state.current_player), active)


def test_the_shower_takes_the_beaten_cards_as_score_cards_and_the_shown_cards_become_the_active_set():
    state = play(stacked(3, [HAND_A, "6/2 6/3 6/4 9/2 8/2 7/2 4/3 4/5 4/7"]), KEEP3)
    play(state, "show 3-5")
    assert state.active == ((5, 1), (5, 2), (5, 3)) and state.owner == 0  # in hand order, left end leftmost
    assert tops(state, 0) == [3, 4, 9, 8, 7, 2, 6, 1, 1] and state.observation(2).score_cards == (0, 0, 0)
    assert {a for a in legal(state) if a.startswith("show")} == {"show 1-3"}
    play(state, "show 1-3")  # 6-6-6 beats 5-5-5; 9-8-7 (a run) and 4-4-4 (lower) would not
    assert state.active == ((6, 2), (6, 3), (6, 4)) and state.owner == 1 and state.current_player == 2
    assert state.observation(0).score_cards == (0, 3, 0) and len(state.hand(1)) == 9
    assert state._log[-1] == ("show", 1, (1, 3, ((6, 2), (6, 3), (6, 4)), 3))


# --- beating ----------------------------------------------------------------------------------

def shows_after(players, hands, first_show):
    state = play(stacked(players, hands), " / ".join(["keep"] * players) + " / " + first_show)
    return state, {action for action in legal(state) if action.startswith("show")}


def test_more_cards_beat_fewer_and_a_higher_set_beats_a_lower_one():
    # 0 shows 9-9; 1 holds 1-2-3 and 8-8: only the three cards beat two 9s
    state, shows = shows_after(3, ["9/1 9/2", "1/3 2/3 3/4 8/3 8/4"], "show 1-2")
    assert shows == {"show 1-3"}
    rejects(state, Show(4, 5), "8-8 does not beat the active set 9-9")
    rejects(state, Show(4, 4), "does not beat")


def test_with_equal_counts_a_set_beats_a_run_and_a_set_of_2_beats_any_run_of_2():
    # 0 shows the run 8-9; 1 holds the set 1-1, the run 1-2 and the run 9-8 (equal to 8-9)
    state, shows = shows_after(3, ["8/1 9/3", "1/4 1/5 2/5 9/4 8/6"], "show 1-2")
    assert shows == {"show 1-2"}


def test_equal_groups_cannot_beat_each_other():
    state, shows = shows_after(3, ["8/1 9/3", "1/4 1/5 2/5 9/4 8/6"], "show 1-2")
    rejects(state, Show(4, 5), "9-8 does not beat the active set 8-9")
    state, shows = shows_after(3, ["5/1 6/1", "6/2 5/2"], "show 1-2")
    assert "show 1-2" not in shows


def test_with_equal_count_and_kind_the_higher_lowest_number_wins_runs_up_or_down():
    # 0 shows 4-5-6; 1 holds 7-6-5 (lowest 5: beats), 3-4-5 (lowest 3) and 6-5-4 (lowest 4: equal)
    state, shows = shows_after(3, ["4/9 5/9 6/9", "7/1 6/1 5/1 1/2 3/1 4/1 5/2 9/2 6/3 5/3 4/3"], "show 1-3")
    assert shows == {"show 1-3"}
    rejects(state, Show(9, 11), "6-5-4 does not beat")


def test_single_cards_compare_by_number():
    state, shows = shows_after(3, ["5/1", "4/2 6/2 5/2 9/2"], "show 1")
    assert {"show 2", "show 4", "show 2-3"} <= shows and not {"show 1", "show 3"} & shows


# --- scout ------------------------------------------------------------------------------------

def test_scout_a_card_from_either_end_into_the_hand_at_any_position_either_way_up():
    state = play(stacked(5, ["9/1 8/1 7/1"]), KEEP5 + " / show 1-3")
    other = play(state.clone(), "scout right to 10 turned")
    assert other.hand(1)[9] == (1, 7) and other.active == ((9, 1), (8, 1)) and len(other.hand(1)) == 10
    play(state, "scout left to 1")
    assert state.hand(1)[0] == (9, 1) and state.hand(1)[1:] == other.hand(1)[:9]
    assert state.active == ((8, 1), (7, 1)) and state.owner == 0  # what is left stays active, same owner
    assert state.observation(3).chips == (1, 0, 0, 0, 0)  # the owner takes a chip
    assert state._log[-1] == ("scout", 1, ("left", 1, (9, 1), False, 0))


def test_a_one_card_active_set_has_one_end_and_when_it_is_scouted_away_any_group_may_follow():
    state = play(stacked(5, ["9/1 8/1 7/1"]), KEEP5 + " / show 1-3 / scout left to 1 / scout right to 10 turned")
    assert state.hand(2)[9] == (1, 7) and state.active == ((8, 1),) and state.observation(0).chips[0] == 2
    scouts = {action for action in legal(state) if action.startswith("scout ")}
    assert {a for a in scouts if not a.startswith("scout &")} == \
        {f"scout to {p}{way}" for p in range(1, 11) for way in ("", " turned")}
    rejects(state, Scout("left", 1), "one card and so one end")
    play(state, "scout to 3")
    assert state.hand(3)[2] == (8, 1) and state.active == () and state.owner == 0
    assert state.observation(0).chips == (3, 0, 0, 0, 0) and state.current_player == 4
    assert {(a.first, a.last) for a in state.legal_actions()} == beating_slices(tops(state, 4), [])
    rejects(state, Scout(None, 1), "no active set")


def test_a_hand_of_n_cards_has_2_times_n_plus_1_scout_placements_per_end():
    for state in positions(games=2):
        if state.phase != "play" or not state.active:
            continue
        n, ends = len(state.hand(state.current_player)), 1 if len(state.active) == 1 else 2
        scouts = [a for a in state.legal_actions() if type(a) is Scout]
        if state.observation(0).tokens is None or state.observation(0).tokens[state.current_player]:
            assert len(scouts) == len(set(scouts)) == ends * 2 * (n + 1)
            assert {a.to for a in scouts} == set(range(1, n + 2))
        else:
            assert scouts == []


# --- Scout & Show -----------------------------------------------------------------------------

def test_scout_and_show_only_for_a_placement_after_which_a_show_beats_what_is_left():
    state = play(stacked(4, SCOUTING), KEEP4 + " / show 1-3")
    assert {a for a in legal(state) if "&" in a} == {
        "scout & show left to 1", "scout & show left to 2",                    # 9 by the 8: 9-8 or 8-9 beats 8-7
        "scout & show left to 4 turned", "scout & show left to 5 turned",      # 1 by the 1: 1-1
        "scout & show right to 6", "scout & show right to 7",                  # 7 by the 7: 7-7 beats 9-8
        "scout & show right to 4 turned", "scout & show right to 5 turned",    # 1 by the 1
    }
    assert not any(action.startswith("show") for action in legal(state))
    rejects(state, ScoutAndShow("left", 3), "no group in the hand would beat")
    rejects(state, ScoutAndShow("right", 1, turned=True), "Scout & Show needs a show to follow")


def test_scout_and_show_the_scout_part_gives_the_owner_a_chip_and_the_same_player_shows_next():
    state = play(stacked(4, SCOUTING), KEEP4 + " / show 1-3 / scout & show left to 1")
    assert state.current_player == 1 and state.phase == "show" and tops(state, 1)[:3] == [9, 8, 3]
    obs = state.observation(2)
    assert obs.chips == (1, 0, 0, 0) and obs.markers == (True, False, True, True) and obs.active == ((8, 1), (7, 1))
    assert [str(a) for a in state.legal_actions()] == ["show 1-2"]  # asked even when only one is legal
    rejects(state, Show(1, 1), "9 does not beat the active set 8-7")
    rejects(state, Scout("left", 1), "must now show")
    rejects(state, KEEP, "only at the start")
    play(state, "show 1-2")  # the show takes what is left of the active set as score cards
    assert state.active == ((9, 1), (8, 2)) and state.owner == 1 and state.observation(0).score_cards == (0, 2, 0, 0)
    assert state.phase == "play" and state.current_player == 2


def test_scout_and_show_once_a_round():
    state = play(stacked(4, SCOUTING), KEEP4 + """
        show 1-3                               # 0: 9-8-7
        scout & show left to 1 / show 1-2      # 1: 9-8
        show 1-3                               # 2: 10-10-10
        scout left to 1 / scout left to 1      # 3, 0
    """)
    assert state.current_player == 1 and state.active == ((10, 3),) and state.owner == 2
    assert not any(type(a) is ScoutAndShow for a in state.legal_actions())
    assert len([a for a in state.legal_actions() if type(a) is Scout]) == 2 * (10 + 1)
    rejects(state, ScoutAndShow(None, 1), "used Scout & Show this round already")


def test_the_show_after_scout_and_show_need_not_use_the_scouted_card_and_beats_anything_if_nothing_is_left():
    state = play(stacked(5, ["5/1"]), KEEP5 + " / show 1")
    assert {a for a in legal(state) if "&" in a} == {f"scout & show to {p}{w}" for p in range(1, 11)
                                                       for w in ("", " turned")}
    play(state, "scout & show to 9")
    assert state.hand(1)[8] == (5, 1) and state.active == () and state.observation(0).chips[0] == 1
    assert {(a.first, a.last) for a in state.legal_actions()} == beating_slices(tops(state, 1), [])
    first = state.hand(1)[0]
    play(state, "show 1")  # a card of the hand, not the scouted 5
    assert state.owner == 1 and state.active == (first,) and state.hand(1)[7] == (5, 1)
    assert state.observation(0).score_cards == (0, 0, 0, 0, 0)


# --- the notation -------------------------------------------------------------------------------

NOTATION = r"keep|turn|show \d+(-\d+)?|(scout|scout & show)( left| right)? to \d+( turned)?"


def test_str_of_each_action_is_the_notation_and_parse_reads_it_back():
    import re
    for state in positions(games=1, seed=7):
        actions = state.legal_actions()
        texts = [str(action) for action in actions]
        assert len(texts) == len(set(texts))  # the notation names one action
        for action, text in zip(actions, texts):
            assert re.fullmatch(NOTATION, text) and parse(text) == action
            if type(action) is Show:
                assert (text == f"show {action.first}") == (action.first == action.last)
    assert str(ScoutAndShow("right", 2, turned=True)) == "scout & show right to 2 turned"
    assert str(Scout(None, 12)) == "scout to 12" and str(Show(3, 5)) == "show 3-5"


def test_legal_actions_never_hold_two_actions_with_the_same_effect():
    seen = 0
    for state in positions(games=1, seed=3):
        if state.is_over or len(state._history) % 7:
            continue
        effects = set()
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            obs = after.observation(state.current_player)
            effects.add((obs.hand, obs.hands, obs.active, obs.owner, obs.chips, obs.markers, obs.tokens,
                         obs.score_cards, obs.phase, obs.current_player, obs.round))
        assert len(effects) == len(state.legal_actions())
        seen += 1
    assert seen > 20


# --- stacked deals ------------------------------------------------------------------------------

def finish_round(state, rng):
    number = state.observation(0).round
    while not state.is_over and state.observation(0).round == number:
        state.apply(rng.choice(state.legal_actions()))


def test_a_stacked_deck_of_the_first_round_only_later_rounds_shuffled_from_the_seed():
    first = deck(3, [HAND_A])
    states = [Game(players=3).new(seed=seed, deck=first) for seed in (4, 4, 5)]
    for state in states:
        assert [card for seat in range(3) for card in state.hand(seat)] == first
        finish_round(state, random.Random(0))
    assert [state.observation(0).round for state in states] == [2, 2, 2]
    assert states[0].hand(1) == states[1].hand(1) != states[2].hand(1)
    assert dealt_cards(states[2], 3) == cards_of(3)


def test_a_stacked_deck_of_every_round_seat_0_gets_the_first_block_whoever_starts():
    rounds = [[HAND_A], ["9/8 7/6"], ["", "", "1/9 2/8"]]
    cards = deck(3, *rounds)
    state = Game(players=3, start=1).new(seed=0, deck=cards)
    rng = random.Random(1)
    for number in range(3):
        block = cards[36 * number:36 * (number + 1)]
        assert [card for seat in range(3) for card in state.hand(seat)] == block
        assert state.current_player == (1 + number) % 3 and state.observation(0).start == (1 + number) % 3
        finish_round(state, rng)
    assert state.is_over


GOOD = deck(3, [HAND_A])


@pytest.mark.parametrize("players, cards, words", [
    (3, GOOD[:-1], "35 cards; 3 players deal 36"),
    (3, GOOD + GOOD[:1], "37 cards"),
    (3, [], "0 cards"),
    (3, GOOD * 4, "144 cards"),                                   # more rounds than the game plays
    (3, GOOD[:-1] + [(10, 1)], r"holds \(10, 1\); it is removed with 3 players"),
    (4, deck(4, [])[:-1] + [(9, 10)], r"\(9, 10\); it is removed with 4 players"),
    (3, GOOD[:-1] + [GOOD[0]], "2 times; each card comes once"),
    (3, GOOD[:-1] + [GOOD[0][::-1]], "2 times; each card comes once"),  # the same card the other way up
    (3, GOOD[:-1] + [(3, 3)], r"\(3, 3\) is not a card"),
    (3, GOOD[:-1] + [(0, 5)], "no such card"),
    (3, GOOD[:-1] + [(11, 2)], "no such card"),
    (3, GOOD[:-1] + [(1, 2, 3)], "is not a card"),
    (3, GOOD[:-1] + [(1.0, 2)], "is not a card"),
    (2, deck(2, []) + deck(2, [])[:22], "dealt in round 1 already"),
])
def test_a_stacked_deck_of_the_wrong_cards_raises_rules_error(players, cards, words):
    with pytest.raises(RulesError, match=words):
        Game(players=players).new(deck=cards)


def test_a_stacked_deck_of_more_rounds_than_asked_raises_rules_error():
    with pytest.raises(RulesError, match="72 cards"):
        Game(players=3, rounds=1).new(deck=GOOD + GOOD)
    Game(players=3, rounds=2).new(deck=GOOD + GOOD)


# --- what each player may see -----------------------------------------------------------------

SEEING = ["9/1 8/1 7/1", "2/3 3/4", "5/2 5/3"]


def test_own_hand_in_order_and_orientation_others_hidden_but_for_scouted_cards_where_they_went():
    state = play(stacked(3, SEEING), "keep / keep / keep / show 1-2")
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.hand == state.hand(seat) and obs.hands[seat] == state.hand(seat)
        assert all(obs.hands[other] == (None,) * len(state.hand(other)) for other in range(3) if other != seat)
        assert obs.hand_sizes == (10, 12, 12) and obs.active == state.active and obs.owner == 0
    play(state, "scout left to 3 turned / show 1-2")  # 1 puts the left card in third, the other way up
    card = state.hand(1)[2]
    for seat in (0, 2):
        assert state.observation(seat).hands[1] == (None, None, card) + (None,) * 10
    assert state.observation(0).chips == (1, 0, 0) and state.observation(0).score_cards == (0, 0, 1)
    play(state, "scout right to 1 / show 1-2")  # 0 scouts; 1 shows its first two: the card moves to 1st
    assert state.observation(2).hands[1] == (card,) + (None,) * 10
    assert state.observation(2).hands[0][0] == state.hand(0)[0]
    obs = state.observation(0)
    assert obs.hand_sizes == (11, 11, 10) and obs.chips == (1, 0, 1) and obs.score_cards == (0, 1, 1)
    assert obs.markers == (True, True, True) and obs.tokens is None and obs.owner == 1


def test_hidden_cards_never_appear_in_another_seats_observation():
    for state in positions(games=2, seed=5):
        if state.is_over:
            continue
        scouted = [set() for _ in range(state.game.players)]
        mark = max(i for i, entry in enumerate(state._log) if entry[0] == "round")
        for kind, seat, value in state._log[mark:]:
            if kind in ("scout", "scout & show"):
                scouted[seat].add(value[2])
        for seat in range(state.game.players):
            obs = state.observation(seat)
            for other, cards in enumerate(obs.hands):
                assert len(cards) == len(state.hand(other))
                if other != seat:
                    assert all(c is None or (c == state.hand(other)[i] and c in scouted[other])
                               for i, c in enumerate(cards))


def test_determinize_keeps_the_seats_observation_and_the_scouted_cards_in_place():
    state = play(stacked(3, SEEING), "keep / keep / keep / show 1-2 / scout left to 3 turned / show 1-2")
    drawn = set()
    for number in range(20):
        other = state.determinize(0, random.Random(number))
        assert other.observation(0) == state.observation(0)
        assert other.hand(1)[2] == state.hand(1)[2] == (1, 9) and other.hand(0) == state.hand(0)
        assert sorted(other.all_cards()) == sorted(state.all_cards())
        drawn.add(other.hand(2))
    assert len(drawn) > 1
    for state in positions(games=1, seed=9):
        seat = state.current_player
        if seat is not None:
            assert state.determinize(seat, random.Random(0)).observation(seat) == state.observation(seat)


# --- bad input ----------------------------------------------------------------------------------

def test_bad_shows_are_refused_saying_why_and_change_nothing():
    state = play(stacked(3, [HAND_A]), KEEP3)
    rejects(state, Show(1, 4), "3-4-5-5 is no group")
    rejects(state, Show(3, 2), "3 comes after 2")
    rejects(state, Show(12, 13), "positions 1 to 12")
    rejects(state, Show(0, 1), "positions 1 to 12")
    rejects(state, Show(1.0, 2), "whole numbers")
    play(state, "show 3-5")
    rejects(state, Show(1, 3), r"\d-\d-\d is no group")  # 1's hand is filler: loners
    rejects(state, Show(1, 1), "does not beat the active set 5-5-5")


def test_bad_scouts_are_refused_saying_why_and_change_nothing():
    state = play(stacked(3, [HAND_A]), KEEP3)
    rejects(state, Scout("left", 1), "no active set")
    rejects(state, ScoutAndShow("left", 1), "no active set")
    play(state, "show 6-8")
    rejects(state, Scout("left", 14), "a position from 1 to 13")
    rejects(state, Scout("left", 0), "a position from 1 to 13")
    rejects(state, Scout(None, 1), "scout left or scout right")
    rejects(state, Scout("middle", 1), "scout left or scout right")
    rejects(state, Scout("left", 1, turned=1), "turned is True or False")


@pytest.mark.parametrize("action", [None, "show 1", 42, (1, 1), Show, object()])
def test_malformed_actions_are_refused_and_change_nothing(action):
    state = play(stacked(3, [HAND_A]), KEEP3)
    message = rejects(state, action, "not an action of SCOUT")
    assert "keep, turn, Show" in message


def test_malformed_notation_is_refused_by_parse():
    for text in ("play 4", "show", "show 1-", "scout up to 3", "scout left 3", "Keep", "scout&show to 1"):
        with pytest.raises(ValueError, match="not SCOUT notation"):
            parse(text)


def test_a_finished_game_refuses_every_action():
    state = Game(players=3, rounds=1).new(seed=2)
    finish_round(state, random.Random(2))
    assert state.is_over and state.phase == "over" and state.legal_actions() == []
    rejects(state, KEEP, "the game is over")
    with pytest.raises(IllegalActionError):
        state.apply(Show(1, 1))
