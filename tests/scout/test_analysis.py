"""The mathematics of SCOUT: exact chances against listing every case, seeded simulations within 4
standard errors, the most groups a hand can hold against brute force, and the beating-order table
against ``groups.beats``."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from collections import Counter
from itertools import combinations, permutations, product

import pytest

from cardlib.scout import Game, TURN
from cardlib.scout.analysis import (
    KINDS, PLAYER_COUNTS, adjacent_chances, adjacent_chances_by_listing, adjacent_counts, adjacent_table,
    beating_order, deck_size, deck_table, expected_adjacent, group_slices, most_groups, most_groups_hand,
    share_with_three, simulate_adjacent, simulate_three, turn_gain, turned_around, why_set_beats_run,
)
from cardlib.scout.deal import canonical
from cardlib.scout.groups import ALL_CARDS, HAND_SIZES, REMOVED, beats, deck, group, strongest


def toy_deck(largest):
    """Every card of two different numbers from 1 to ``largest``: a small SCOUT deck for brute force."""
    return tuple(combinations(range(1, largest + 1), 2))


def every_hand(cards, n):
    """How many hands of ``n`` different cards of ``cards``, in every order and every way up, show each
    sequence of top numbers."""
    return Counter(tops for chosen in permutations(cards, n) for tops in product(*chosen))


# --- the deck ------------------------------------------------------------------------------------

def test_the_deck_is_c_10_2():
    assert deck_size() == len(ALL_CARDS) == 45


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_deck_table_agrees_with_deck_and_hand_sizes(players):
    row = deck_table().loc[players]
    assert row["removed"] == len(REMOVED[players]) == 45 - row["cards used"]
    assert row["cards used"] == len(deck(players))
    assert row["dealt each"] == HAND_SIZES[players]
    assert row["dealt a round"] + row["set aside"] == row["cards used"]
    assert row["set aside"] == (22 if players == 2 else 0)


# --- how many groups a hand can hold ---------------------------------------------------------------

def test_a_hand_of_at_most_ten_cards_can_be_all_groups():
    assert [most_groups(n) for n in range(11)] == [n * (n - 1) // 2 for n in range(11)]
    assert [most_groups(n, deck(3)) for n in range(10)] == [n * (n - 1) // 2 for n in range(10)]
    assert most_groups(10, deck(3)) < 45  # no run of 10 without the 10s, and a number is on 8 cards


@pytest.mark.parametrize("largest", [4, 5])
def test_most_groups_agrees_with_every_hand_of_a_small_deck(largest):
    cards = toy_deck(largest)  # 4: each number on 3 cards, runs of 4; 5: each number on 4 cards, runs of 5
    for n in range(1, (6 if largest == 4 else 4) + 1):  # 4: every hand of the 6 cards; 5: up to 4 of 10
        assert most_groups(n, cards) == max(group_slices(tops) for tops in every_hand(cards, n))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_best_hand_is_made_of_different_real_cards_for_every_size(players):
    cards = deck(players)
    for n in range(1, len(cards) + 1):
        hand = most_groups_hand(n, cards)
        assert len({canonical(card) for card in hand}) == n and {canonical(card) for card in hand} <= set(cards)
        assert group_slices([top for top, _ in hand]) == most_groups(n, cards)


def test_most_groups_refuses_a_bound_it_cannot_reach():
    with pytest.raises(ValueError):
        most_groups(3, [(1, 3), (1, 5), (1, 7)])  # the set 1-1-1 reaches 3, but no zigzag run exists
    with pytest.raises(ValueError):
        most_groups(46)


# --- linearity of expectation: exact values ------------------------------------------------------

@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_chances_for_two_neighbours_agree_with_listing_every_case(players):
    exact = adjacent_chances(players)
    assert adjacent_chances_by_listing(players, 2) == {kind: exact[kind] for kind in KINDS[:2]}


@pytest.mark.parametrize("players", [3, 4, 5])  # two players use the four-player deck
def test_the_chances_for_three_neighbours_agree_with_listing_every_case(players):
    exact = adjacent_chances(players)
    assert adjacent_chances_by_listing(players, 3) == {kind: exact[kind] for kind in KINDS[2:]}


@pytest.mark.parametrize("cards", [toy_deck(5), tuple(card for card in toy_deck(5) if card != (2, 3))])
def test_expected_counts_agree_with_every_whole_hand_of_a_small_deck(cards):
    k = 4
    totals = dict.fromkeys(KINDS, 0)
    hands = 0
    for tops, ways in every_hand(cards, k).items():
        hands += ways
        for start in range(k - 1):
            pair = group(tops[start:start + 2])
            if pair:
                totals[f"{pair.kind} of 2"] += ways
        for start in range(k - 2):
            triple = group(tops[start:start + 3])
            if triple:
                totals[f"{triple.kind} of 3"] += ways
    chances = adjacent_chances(cards=cards)
    assert {kind: Fraction(total, hands) for kind, total in totals.items()} == {
        "set of 2": (k - 1) * chances["set of 2"], "run of 2": (k - 1) * chances["run of 2"],
        "set of 3": (k - 2) * chances["set of 3"], "run of 3": (k - 2) * chances["run of 3"]}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_chances_are_sensible_and_the_expected_counts_scale_with_the_hand(players):
    chances = adjacent_chances(players)
    assert all(0 < p < 1 for p in chances.values())
    assert chances["set of 2"] + chances["run of 2"] < 1
    assert chances["set of 3"] < chances["set of 2"] and chances["run of 3"] < chances["run of 2"]
    assert chances["set of 2"] < chances["run of 2"] and chances["set of 3"] < chances["run of 3"]  # sets are rarer
    for k in range(1, 25):
        expected = expected_adjacent(players, k)
        assert expected["set of 2"] == max(k - 1, 0) * chances["set of 2"]
        assert expected["run of 3"] == max(k - 2, 0) * chances["run of 3"]
    assert expected_adjacent(players) == expected_adjacent(players, HAND_SIZES[players])
    table = adjacent_table()
    assert table.loc[players, "P(run of 3)"] == chances["run of 3"]
    assert table.loc[players, "expected set of 3"] == expected_adjacent(players)["set of 3"]


def test_removing_any_one_card_leaves_the_chance_of_a_set_unchanged():
    # every card is like every other once the numbers are renamed, and a set does not care about
    # names: so each card lies in its fair share of sets, and taking one out keeps the share
    full = adjacent_chances(cards=ALL_CARDS)
    for card in ALL_CARDS:
        fewer = adjacent_chances(cards=[other for other in ALL_CARDS if other != card])
        assert fewer["set of 2"] == full["set of 2"] and fewer["set of 3"] == full["set of 3"]
    assert adjacent_chances(4)["run of 2"] != full["run of 2"]  # runs do care: 9-10 is the top of them


# --- simulations ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_simulated_counts_lie_within_4_standard_errors_of_the_exact_expectations(players):
    estimates = simulate_adjacent(players, 10_000, seed=players)
    for kind, exact in expected_adjacent(players).items():
        assert abs(estimates[kind].value - float(exact)) <= 4 * estimates[kind].standard_error, kind


@pytest.mark.parametrize("players", [3, 5])
def test_at_least_one_triple_is_bounded_by_the_expected_count(players):
    estimates = simulate_three(players, 10_000, seed=10 + players)
    expected = expected_adjacent(players)
    for kind in ("set of 3", "run of 3"):
        held, either = estimates[kind], estimates[f"{kind} either way"]
        assert 0 < held.value <= float(expected[kind]) + 4 * held.standard_error  # P(N ≥ 1) ≤ E[N]
        assert held.value < either.value <= 2 * held.value + 4 * either.standard_error  # two orientations
    assert estimates["set or run of 3"].value <= estimates["set of 3"].value + estimates["run of 3"].value


# --- the choice to turn the hand -----------------------------------------------------------------

def test_turning_the_hand_is_the_engine_s_turn():
    state = Game(players=3).new(seed=4)
    dealt = state.hand(0)
    state.apply(TURN)
    assert list(state.hand(0)) == turned_around(dealt)


@pytest.mark.parametrize("players", [3, 5])
def test_turning_and_keeping_win_equally_often_and_choosing_never_lowers_the_best_group(players):
    gain = turn_gain(players, 10_000, seed=20 + players)
    assert gain.turn_better.value + gain.keep_better.value + gain.equal.value == pytest.approx(1)
    p, q, n = gain.turn_better.value, gain.keep_better.value, gain.turn_better.samples
    assert abs(p - q) <= 4 * math.sqrt((p + q - (p - q) ** 2) / n)  # dealt at random: neither way is favoured
    assert gain.best_size.value > gain.kept_size.value
    sizes = gain.sizes
    assert sizes["kept"].sum() == pytest.approx(1) and sizes["better way"].sum() == pytest.approx(1)
    assert all(sizes["better way"].cumsum() <= sizes["kept"].cumsum() + 1e-12)  # hand by hand, never smaller


# --- the beating order ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_beating_order_table_agrees_with_beats_for_every_pair_of_rows(players):
    table = beating_order(players)
    rows = table.to_dict("records")  # weakest first
    for row in rows:
        assert group(row["weakest"]) == (row["kind"], row["cards"], min(row["weakest"]))
        assert (row["how many"] > 1) == beats(row["strongest"], row["weakest"])
    for weaker, stronger in combinations(rows, 2):
        assert beats(stronger["weakest"], weaker["strongest"]) and not beats(weaker["strongest"], stronger["weakest"])


def test_the_beating_order_counts_the_groups_the_deck_allows():
    full = beating_order(5).set_index("group")["how many"]
    assert all(full[f"run of {size}"] == 11 - size for size in range(2, 11))
    assert all(full[f"set of {size}"] == 10 for size in range(2, 10)) and "set of 10" not in full
    three = beating_order(3).set_index("group")["how many"]
    assert three["single"] == 9 and three["run of 9"] == 1 and "run of 10" not in three and "set of 9" not in three
    assert beating_order(4).set_index("group")["how many"]["set of 9"] == 8  # 9 and 10 are on 8 cards each


def test_a_set_beats_every_run_of_as_many_cards():
    for size in range(2, 10):
        for number, lowest in product(range(1, 11), range(1, 12 - size)):
            assert beats([number] * size, list(range(lowest, lowest + size)))
    assert "is True" in why_set_beats_run(2) and "is True" in why_set_beats_run(3)


# --- the lesson's readable versions agree with the library ------------------------------------------

def plain_tops(rng: random.Random, players: int) -> list[int]:
    """One deal as the lesson writes it out: a shuffle, then one random bit per card (1 turns it over)."""
    cards = list(deck(players))
    rng.shuffle(cards)
    way_up = rng.getrandbits(len(cards))
    return [card[way_up >> i & 1] for i, card in enumerate(cards[:HAND_SIZES[players]])]


@pytest.mark.parametrize("players", [3, 5])
def test_the_lesson_s_plain_loop_deals_the_library_s_hands(players):
    rng = random.Random(2026)
    sets_per_hand = []
    for _ in range(2_000):
        tops = plain_tops(rng, players)
        sets_per_hand.append(sum(a == b for a, b in zip(tops, tops[1:])))
    assert adjacent_counts(players, 2_000, 2026) == sets_per_hand
    assert simulate_adjacent(players, 2_000, 2026)["set of 2"].value == sum(sets_per_hand) / 2_000
    assert adjacent_counts(players, 2_000, 2026, "run of 2") != sets_per_hand   # the kind is counted, not ignored


def test_the_lesson_s_plain_loops_give_the_library_s_three_and_turn_shares():
    rng = random.Random(7)
    with_set = turn_better = keep_better = 0
    for _ in range(3_000):
        cards = list(deck(4))
        rng.shuffle(cards)
        way_up = rng.getrandbits(len(cards))
        hand = [card if not way_up >> i & 1 else card[::-1] for i, card in enumerate(cards[:11])]
        tops = [top for top, _ in hand]
        with_set += any(a == b == c for a, b, c in zip(tops, tops[1:], tops[2:]))
        kept, turned = strongest(tops)[0], strongest([bottom for _, bottom in reversed(hand)])[0]
        turn_better += turned > kept
        keep_better += kept > turned
    assert simulate_three(4, 3_000, 7)["set of 3"].value == with_set / 3_000
    gain = turn_gain(4, 3_000, 7)
    assert (gain.turn_better.value, gain.keep_better.value) == (turn_better / 3_000, keep_better / 3_000)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_lesson_s_readable_counts_of_runs_and_sets_of_three_agree_with_the_library(players):
    cards = deck(players)
    runs = Fraction(sum(abs(a - b) == 1 for left, right in permutations(cards, 2) for a in left for b in right),
                    4 * len(cards) * (len(cards) - 1))
    carrying = Counter(number for card in cards for number in card)
    n = len(cards)
    sets_of_3 = Fraction(sum(m * (m - 1) * (m - 2) for m in carrying.values()), n * (n - 1) * (n - 2) * 8)
    assert adjacent_chances(players)["run of 2"] == runs and adjacent_chances(players)["set of 3"] == sets_of_3


def test_a_deck_of_any_size_is_c_n_2():
    assert [deck_size(n) for n in (5, 10, 12)] == [len(toy_deck(n)) for n in (5, 10, 12)] == [10, 45, 66]


def test_the_numpy_share_with_three_agrees_with_the_plain_simulation():
    share = share_with_three(3, 200_000, seed=1)
    plain = simulate_three(3, 20_000, seed=3)["set or run of 3"]
    assert share.denominator <= 200_000 and abs(float(share) - plain.value) < 4 * plain.standard_error * 1.05
    assert share_with_three(3, 1_000, seed=1) == share_with_three(3, 1_000, seed=1)   # seeded: it repeats
    assert share_with_three(5, 20_000, seed=2) < share_with_three(3, 20_000, seed=2)  # 9 cards hold fewer than 12
