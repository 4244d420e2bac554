"""Counting pairs (digest: "Counting pairs"; sheet: 0.導入 and 5.ヒント)."""
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib.decks.pairs import NUMBERS, PAIRS_DECK, pair_count, pairs_of

# The rule sheet's own table (seeds/twenty-five.ja.txt, 0.導入): copies of a number -> pairs.
SHEET_TABLE = {2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 28, 9: 36, 10: 45}

cards = st.lists(st.sampled_from(NUMBERS), max_size=40)


@pytest.mark.parametrize("copies, pairs", sorted(SHEET_TABLE.items()))
def test_n_copies_of_one_number_give_the_sheets_c_n_2_pairs(copies, pairs):
    assert pairs_of(copies) == pairs
    assert pair_count([10] * copies) == pairs
    assert pair_count([copies] * copies) == pairs


def test_one_card_or_none_makes_no_pair():
    assert pair_count([]) == 0 and pair_count([7]) == 0 and pair_count(NUMBERS) == 0


def test_the_sheets_five_10s_make_10_pairs():
    # Sheet, 0.導入: five 10s a..e pair as ab ac ad ae bc bd be cd ce de, "10のペアが10組".
    five = ["a", "b", "c", "d", "e"]
    listed = [x + y for i, x in enumerate(five) for y in five[i + 1:]]
    assert listed == ["ab", "ac", "ad", "ae", "bc", "bd", "be", "cd", "ce", "de"]
    assert pair_count([10] * 5) == len(listed) == 10


def test_the_sheets_hint_a_sixth_10_adds_5_pairs():
    # Sheet, 5.ヒント: 10s going from 5 to 6 copies takes the pairs from 10 to 15.
    assert pair_count([10] * 5) == 10 and pair_count([10] * 6) == 15


def test_pairs_count_each_number_separately():
    assert pair_count([1, 2, 2, 3, 3, 3, 10, 10, 10, 10]) == 0 + 1 + 3 + 6


def test_the_pairs_deck_has_k_copies_of_k():
    assert Counter(PAIRS_DECK) == {k: k for k in range(1, 11)} and len(PAIRS_DECK) == 55
    assert pair_count(PAIRS_DECK) == sum(SHEET_TABLE.values())


@given(cards, st.sampled_from(NUMBERS))
def test_adding_a_card_of_a_number_with_m_copies_adds_m_pairs(hand, card):
    assert pair_count(hand + [card]) - pair_count(hand) == hand.count(card)


@given(cards, st.randoms(use_true_random=False))
def test_the_pair_count_does_not_depend_on_the_order(hand, rng):
    shuffled = hand[:]
    rng.shuffle(shuffled)
    assert pair_count(shuffled) == pair_count(hand) == pair_count(sorted(hand))


@given(cards)
def test_the_pair_count_is_the_sum_of_c_n_2_over_numbers(hand):
    counts = Counter(hand)
    assert pair_count(hand) == sum(n * (n - 1) // 2 for n in counts.values())
    assert pair_count(iter(hand)) == pair_count(hand)  # any iterable, read once
