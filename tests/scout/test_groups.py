"""SCOUT's deck, groups and beating order, and the notation of its actions, against the digest."""
from __future__ import annotations

from itertools import product

import pytest

from cardlib.scout.actions import KEEP, TURN, Keep, Scout, ScoutAndShow, Show, Turn, parse  # noqa: F401 (eval)
from cardlib.scout.groups import ALL_CARDS, HAND_SIZES, beats, deck, group, shows


def test_the_deck_is_every_pair_of_two_different_numbers_once():
    assert len(ALL_CARDS) == 45 and len(set(ALL_CARDS)) == 45
    assert all(a != b and 1 <= a <= 10 and 1 <= b <= 10 for a, b in ALL_CARDS)


@pytest.mark.parametrize("players, removed, each", [(3, 9, 12), (4, 1, 11), (5, 0, 9)])
def test_cards_removed_by_player_count_and_dealt_evenly(players, removed, each):
    cards = deck(players)
    assert 45 - len(cards) == removed and len(cards) == players * each == players * HAND_SIZES[players]
    if players == 3:
        assert all(10 not in card for card in cards)
    if players == 4:
        assert (9, 10) not in cards


def test_a_run_goes_up_or_down_along_the_hand_and_10_and_1_are_not_consecutive():
    assert group([3, 4, 5]).kind == group([5, 4, 3]).kind == "run"
    assert group([9, 10, 1]) is None and group([10, 1]) is None and group([3, 5]) is None
    assert group([4, 5, 4]) is None  # a run keeps one direction


def test_more_cards_beat_fewer():
    assert beats([1, 2, 3], [10, 10]) and not beats([10, 10], [1, 2, 3])


def test_with_equal_counts_a_set_beats_a_run():
    assert beats([1, 1], [9, 10]) and not beats([9, 10], [1, 1])


def test_with_equal_count_and_kind_the_higher_lowest_number_wins():
    assert beats([5, 6, 7], [4, 5, 6]) and beats([7, 6, 5], [4, 5, 6]) and beats([8, 8], [7, 7])
    assert beats([6], [5]) and not beats([5], [6])


def test_equal_groups_cannot_beat_each_other():
    assert not beats([4, 5], [5, 4]) and not beats([3, 3], [3, 3]) and not beats([7], [7])


def all_groups(longest=4):
    """Every valid group of up to ``longest`` top numbers (listed by brute force)."""
    found = []
    for size in range(1, longest + 1):
        for values in product(range(1, 11), repeat=size):
            if group(values) is not None:
                found.append(values)
    return found


def test_the_beating_order_is_a_strict_order_where_only_equal_groups_tie():
    groups = all_groups(3)
    for new in groups:
        for old in groups:
            one, other = beats(new, old), beats(old, new)
            assert not (one and other)
            if not one and not other:  # neither beats: the same count, kind and lowest number
                assert group(new) == group(old)


def test_shows_lists_exactly_the_adjacent_slices_that_are_groups():
    for hand in ([3, 4, 4, 5], [1, 2, 3, 4], [7, 7, 7], [2, 9, 4, 10, 1]):
        brute = [(i + 1, j + 1) for i in range(len(hand)) for j in range(i, len(hand))
                 if group(hand[i:j + 1]) is not None]
        assert shows(hand) == brute


@pytest.mark.parametrize("action, text", [
    (KEEP, "keep"), (TURN, "turn"), (Show(1, 1), "show 1"), (Show(2, 5), "show 2-5"),
    (Scout("left", 1), "scout left to 1"), (Scout("right", 12, turned=True), "scout right to 12 turned"),
    (Scout(None, 3), "scout to 3"), (ScoutAndShow("left", 4), "scout & show left to 4"),
    (ScoutAndShow(None, 2, turned=True), "scout & show to 2 turned"),
])
def test_the_notation_is_the_digests_and_reads_back(action, text):
    assert str(action) == text and parse(text) == action and eval(repr(action)) == action


def test_a_scout_and_a_scout_and_show_are_different_actions():
    assert Scout("left", 1) != ScoutAndShow("left", 1)
    with pytest.raises(ValueError, match="not SCOUT notation"):
        parse("scout sideways to 1")


def test_the_sheets_examples_of_groups_ok_and_ng():
    # the sheet (seeds/scout.ja.txt): OK a run of 2, a run of 3 up or down, a set of 2; NG cards not
    # side by side in the hand, and numbers not in order (連番 is ascending or descending only)
    hand = [3, 4, 5, 8, 8, 9, 7, 6, 1, 6]
    found = shows(hand)
    assert (1, 2) in found and (1, 3) in found and (4, 5) in found and (6, 6) in found
    assert group([9, 7, 6]) is None and (7, 8) in found and group([7, 6]).kind == "run"
    assert all(first <= last for first, last in found)  # a show is always one slice of neighbours
    assert group([3, 5, 4]) is None and group([4, 3, 5]) is None  # not in order: NG
    assert (9, 10) not in found  # 1 and 6 side by side form nothing


def test_the_sheets_beating_examples():
    # 場札より枚数が多い組合せ: more cards may be played, fewer may not
    assert beats([2, 3, 4], [9, 9]) and not beats([9, 9], [2, 3, 4])
    # 連番 → 同数 may be played, 同数 → 連番 may not (same count)
    assert beats([1, 1], [7, 8]) and not beats([7, 8], [1, 1])
    # same count and kind: the larger smallest number may be played; smaller or equal may not
    assert beats([5, 6, 7], [4, 5, 6]) and not beats([3, 4, 5], [4, 5, 6]) and not beats([6, 5, 4], [4, 5, 6])
