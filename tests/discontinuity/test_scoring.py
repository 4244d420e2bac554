"""Scoring: the row penalty with its run rule, and the sheet's two examples (rules digest, Scoring)."""
import pytest

from cardlib.discontinuity.scoring import largest_value, lay_out, row_penalty, score


def test_sheet_example_player_a_five_pairs_and_row_5_7_9_scores_minus_1():
    # sheet: 5 pairs (20) minus 5 + 7 + 9 = 21 -> -1
    assert row_penalty([5, 7, 9]) == 21
    assert score(10, [5, 7, 9]) == -1


def test_sheet_example_player_b_four_pairs_and_row_1_2_5_6_J_8_scores_8():
    # sheet: 16 minus (1 + 2 + 5) -> 8
    assert row_penalty([1, 2, 5, 6, "J", 8]) == 8
    assert score(8, [1, 2, 5, 6, "J", 8]) == 8


def test_joker_alone_counts_11():
    assert row_penalty(["J"]) == 11


def test_each_safe_card_scores_2():
    assert score(0, []) == 0
    assert score(6, []) == 12


def test_run_of_three_or_more_costs_only_its_lowest_card():
    assert row_penalty([4, 5, 6]) == 4
    assert row_penalty([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == 1


def test_runs_of_two_count_in_full():
    assert row_penalty([4, 5]) == 9
    assert row_penalty([4, 5, 7, 8]) == 24


def test_joker_counts_in_a_run():
    assert row_penalty([4, "J"]) == 9      # 4, 5: a run of two, in full
    assert row_penalty([4, "J", 6]) == 4   # 4, 5, 6


def test_10_and_1_are_not_consecutive():
    assert row_penalty([9, 10, "J", 1]) == 9 + 1  # 9, 10, 11 then 1: two runs
    assert row_penalty([1, 9, 10]) == 20


def test_joker_right_of_10_counts_11():
    assert row_penalty([10, "J"]) == 21
    assert largest_value([3, 10, "J"]) == 11


def test_run_is_read_left_to_right_as_laid_out():
    # Decision: the joker right of 3 counts 4, then the real 4 starts again
    assert row_penalty([3, "J", 4]) == 3 + 4 + 4
    assert row_penalty([3, "J", 4, 5]) == 7 + 9  # 3, 4 | 4, 5: two runs of two


def test_row_penalty_rejects_rows_that_cannot_be_laid_out():
    for bad in (["J", 3], [3, "J", "J"], [0], [11], ["X"], [True]):
        with pytest.raises(ValueError):
            row_penalty(bad)


def test_lay_out_puts_the_joker_right_of_its_anchor():
    assert lay_out([8, 2, 6, 1, 5], joker=True, anchor=6) == (1, 2, 5, 6, "J", 8)
    assert lay_out([], joker=True) == ("J",)
    with pytest.raises(ValueError):
        lay_out([3], joker=True, anchor=4)
