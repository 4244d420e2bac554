"""Discontinuity mathematics: closed forms against enumeration and simulation (seeds printed)."""
import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
import sympy as sp

from cardlib.decks.pairs import COPIES, NUMBERS, PAIRS_DECK
from cardlib.discontinuity import analysis as an
from cardlib.discontinuity.actions import LINES
from cardlib.discontinuity.scoring import JOKER, row_penalty, runs


def test_reshuffle_probability_is_1_in_22137570():
    # rules digest, "Facts the notebook must derive": 55 / 1,217,566,350 = 1/22,137,570
    assert an.reshuffle_probability() == sp.Rational(1, 22_137_570)
    assert an.same_number_deals() == 55 and sp.binomial(55, 8) == 1_217_566_350


def test_reshuffle_parts_match_enumeration():
    # count the 8-card sets of one number by listing them: only 8s, 9s and 10s have 8 copies
    cards = list(enumerate(PAIRS_DECK))  # tell the copies apart
    same = 0
    for number in range(1, 11):
        copies = [index for index, card in cards if card == number]
        same += sum(1 for _ in itertools.combinations(copies, 8))
    assert same == an.same_number_deals()
    assert an.reshuffle_probability() == sp.Rational(same, math.comb(len(PAIRS_DECK), 8))


def test_hockey_stick_matches_the_counts():
    for m in range(1, 11):
        assert an.hockey_stick(m) == sum(math.comb(k, m) for k in range(1, 11))


def test_line_pair_probability_matches_enumeration_and_simulation():
    for size in (2, 3):
        combos = list(itertools.combinations(range(55), size))
        offers = sum(len({PAIRS_DECK[i] for i in combo}) > 1 for combo in combos)
        assert an.line_pair_probability(size) == sp.Rational(offers, len(combos))
    seed = 31
    print(f"simulation seed {seed}")
    share = an.simulate_line_pair(2, trials=40_000, seed=seed)
    assert abs(share - 8 / 9) < 4 * math.sqrt(8 / 81 / 40_000)


def test_run_saving_matches_the_scoring_for_every_run():
    a, L = an.a, an.L
    for start in range(1, 11):
        for length in range(3, 12 - start):
            run = list(range(start, start + length))
            assert an.run_sum().subs({a: start, L: length}) == sum(run)
            assert an.run_saving().subs({a: start, L: length}) == sum(run) - row_penalty(run)


def test_joker_extending_a_run_changes_the_penalty_as_the_algebra_says():
    a, L = an.a, an.L
    extends = an.joker_extends_run()
    for start in range(1, 11):
        for length in range(1, 12 - start):
            run = list(range(start, start + length))
            change = row_penalty(run + ["J"]) - row_penalty(run)
            assert extends.subs({a: start, L: length}) == change


def test_joker_bridging_two_runs_saves_the_upper_runs_lowest_card():
    c = sp.symbols("c", integer=True, positive=True)
    for low in range(1, 6):
        for top in range(low + 2, 8):
            for high in range(top + 4, 11):
                row = list(range(low, top + 1)) + list(range(top + 2, high + 1))
                with_joker = list(range(low, top + 1)) + ["J"] + list(range(top + 2, high + 1))
                assert row_penalty(row) - row_penalty(with_joker) == an.joker_bridges_runs().subs(c, top)


def test_best_joker_place_is_optimal_over_every_row():
    # exhaustive: every one of the 1,024 rows, every place the joker could take
    for row in an.every_row():
        least, anchors = an.exhaustive_best_places(row)
        best = an.best_joker_place(row)
        assert best in anchors
        assert best == max(anchors)  # ties go to the larger value shown
    assert len(an.every_row()) == 1024


def test_expected_row_penalty_matches_simulation():
    seed = 41
    print(f"simulation seed {seed}")
    rng = random.Random(seed)
    size, total, trials = 3, 0, 0
    exact = an.expected_row_penalty(size)
    while trials < 30_000:
        cards = rng.sample(PAIRS_DECK, size)
        if len(set(cards)) == size:  # the weighting: a row holds no number twice
            total += row_penalty(sorted(cards))
            trials += 1
    assert abs(total / trials - float(exact)) < 0.15
    assert an.expected_row_penalty(1) == sp.Rational(sum(k * k for k in range(1, 11)), 55)


# --- the square, the deal patterns and the listings ----------------------------------------------

def test_square_grid_lays_the_deal_row_major_around_the_deck_so_every_line_is_straight():
    square = tuple(range(1, 9))  # card = slot + 1, so each cell says which slot it shows
    grid = an.square_grid(square)
    assert grid[1][1] == "deck"
    # rules digest, "Stacked deals": row-major order skipping the centre
    assert [cell for row in grid for cell in row if cell != "deck"] == list(square)
    straight = [[(r, c) for r in range(3)] for c in range(3)] + [[(r, c) for c in range(3)] for r in range(3)]
    straight += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
    shown = {tuple(sorted(grid[r][c] - 1 for r, c in cells if grid[r][c] != "deck")) for cells in straight}
    assert shown == {tuple(sorted(slots)) for slots in LINES.values()}


@pytest.mark.parametrize("cards", range(0, 11))
def test_deal_patterns_cover_every_set_of_cards(cards):
    # up to 10 cards: every size the square and its lines use, and every one-number deal
    patterns = an.deal_patterns(cards)
    for counts, ways in patterns.items():
        assert len(counts) == len(NUMBERS) and sum(counts) == cards
        assert all(0 <= count <= COPIES[k] for k, count in zip(NUMBERS, counts)), counts
        assert ways == math.prod(math.comb(COPIES[k], count) for k, count in zip(NUMBERS, counts))
    assert sum(patterns.values()) == math.comb(len(PAIRS_DECK), cards)


@pytest.mark.parametrize("cards", [1, 2, 3])
def test_deal_patterns_match_listing_every_set_of_cards(cards):
    listed = Counter()
    for chosen in itertools.combinations(range(len(PAIRS_DECK)), cards):  # copies told apart
        numbers = Counter(PAIRS_DECK[index] for index in chosen)
        listed[tuple(numbers[k] for k in NUMBERS)] += 1
    assert an.deal_patterns(cards) == dict(listed)


def test_reshuffle_by_patterns_equals_the_closed_form():
    assert an.reshuffle_by_patterns() == an.reshuffle_probability()
    for cards in range(1, 11):
        assert an.reshuffle_by_patterns(cards) == an.reshuffle_probability(cards), cards


@pytest.mark.parametrize("cards", [2, 3])
def test_line_pair_by_listing_equals_the_closed_form(cards):
    assert an.line_pair_by_listing(cards) == an.line_pair_probability(cards)


# --- runs and the joker --------------------------------------------------------------------------

def single_runs(shortest: int) -> list[list[int]]:
    """The rows (of every_row) that are one run of at least ``shortest`` cards."""
    found = []
    for row in an.every_row():
        groups = runs(list(row))
        if len(groups) == 1 and len(groups[0]) >= shortest:
            found.append(list(row))
    return found


@pytest.mark.parametrize("shortest", range(1, 11))
def test_every_run_lists_each_run_of_that_length_once(shortest):
    listed = an.every_run(shortest)
    assert sorted(listed) == sorted(single_runs(shortest))
    assert len(listed) == len({tuple(run) for run in listed})


def brute_force_joker_change(row) -> int:
    """The least penalty over every place the joker may take (right of any card; alone if the
    row is empty), minus the penalty without it."""
    numbers = sorted(row)
    if numbers:
        with_joker = [numbers[:i + 1] + [JOKER] + numbers[i + 1:] for i in range(len(numbers))]
    else:
        with_joker = [[JOKER]]
    return min(row_penalty(r) for r in with_joker) - row_penalty(numbers)


def test_joker_change_equals_brute_force_on_every_row():
    rows = an.every_row()
    assert len(set(rows)) == 1024
    for row in rows:
        assert an.joker_change(row) == brute_force_joker_change(row), row
    assert an.joker_change(()) == 11  # rules digest: a joker alone counts 11


def test_joker_change_on_every_run_is_the_algebra_of_extending_it():
    a, L = an.a, an.L
    change = an.joker_extends_run()
    for run in an.every_run():
        assert an.joker_change(run) == change.subs({a: run[0], L: len(run)}), run


# --- the row penalty, simulated ------------------------------------------------------------------

def weighted_penalties(size: int) -> list[tuple[int, int]]:
    """(ways, penalty) for every row of ``size`` different numbers: ways the deck deals it."""
    return [(math.prod(COPIES[k] for k in row), row_penalty(list(row)))
            for row in itertools.combinations(NUMBERS, size)]


@pytest.mark.parametrize("size", range(1, 7))
def test_simulate_row_penalty_agrees_with_expected_row_penalty(size):
    rows = weighted_penalties(size)
    weight = sum(ways for ways, _ in rows)
    mean = Fraction(sum(ways * penalty for ways, penalty in rows), weight)
    assert sp.Rational(mean.numerator, mean.denominator) == an.expected_row_penalty(size)
    variance = Fraction(sum(ways * penalty ** 2 for ways, penalty in rows), weight) - mean ** 2
    seed, trials = 1_000 + size, 20_000
    simulated = an.simulate_row_penalty(size, trials=trials, seed=seed)
    error = math.sqrt(variance / trials)
    assert abs(simulated - float(mean)) <= 3 * error, (
        f"seed {seed}, size {size}: simulated {simulated} vs exact {float(mean):.4f} "
        f"(standard error {error:.4f})")


@pytest.mark.parametrize("size", range(0, 11))
def test_row_penalty_distribution_sums_to_1_and_its_mean_is_expected_row_penalty(size):
    chances = an.row_penalty_distribution(size)
    assert sum(chances.values()) == 1 and all(chance > 0 for chance in chances.values())
    assert sum(penalty * chance for penalty, chance in chances.items()) == an.expected_row_penalty(size)


@pytest.mark.parametrize("size", (2, 4))
def test_row_penalty_distribution_matches_listing_every_deal(size):
    # every set of cards from the deck (copies told apart), keeping those with no number twice
    counts: Counter = Counter()
    for cards in itertools.combinations(PAIRS_DECK, size):
        if len(set(cards)) == size:
            counts[row_penalty(sorted(cards))] += 1
    total = sum(counts.values())
    assert an.row_penalty_distribution(size) == {penalty: sp.Rational(n, total)
                                                 for penalty, n in sorted(counts.items())}


@pytest.mark.parametrize("size", (1, 2, 4))
def test_row_penalty_distribution_with_the_joker_on_top_matches_listing_every_deal(size):
    # every set of cards with no number twice, the joker right of the highest card
    counts: Counter = Counter()
    for cards in itertools.combinations(PAIRS_DECK, size):
        if len(set(cards)) == size:
            counts[row_penalty(sorted(cards) + ["J"])] += 1
    total = sum(counts.values())
    with_joker = an.row_penalty_distribution(size, joker_on_top=True)
    assert with_joker == {penalty: sp.Rational(n, total) for penalty, n in sorted(counts.items())}
    assert with_joker != an.row_penalty_distribution(size)
