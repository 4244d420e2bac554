"""The exact coach: V_j against enumeration, both models against sampling, determinize exact."""
import random
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from cardlib.decks.pairs import pair_count
from cardlib.twentyfive import beliefs
from cardlib.twentyfive.beliefs import (
    Odds, draw_outlook, p_over, pairs_posterior, pass_cost, reveal_sequences, sample_hidden_hands,
)
from cardlib.twentyfive.rules import DRAW, Game, round_points
from cardlib.twentyfive.simulation import rejection_sample, replay_reveals

SEED = 20251121


@pytest.mark.parametrize("reveals, dealt, hidden, choosing", [
    ((10,), 3, 2, False), ((7,), 3, 2, False), ((5,), 3, 2, False), ((9, 5), 3, 2, False),
    ((6, 6), 2, 1, False), ((8, 4), 2, 2, False), ((), 3, 3, True), ((9,), 3, 3, True),
    ((4,), 4, 3, False),
])
def test_reveal_sequences_match_enumeration(reveals, dealt, hidden, choosing):
    entered = hidden + len(reveals)
    expected = Counter()
    for sequence in product(range(1, 11), repeat=entered):
        hand = replay_reveals(sequence, dealt, reveals, choosing)
        if hand is not None:
            expected[hand] += 1
    got = beliefs._sequences(reveals, dealt, hidden, choosing)
    assert {beliefs.unpack(code): count for code, count in got.items()} == dict(expected)
    if not choosing:
        assert reveal_sequences(reveals, dealt, hidden) == dict(expected)


def early_positions(players, games, seed, max_draws=2):
    """Observations (with the true state) early in seeded random rounds: rejection stays feasible."""
    rng = random.Random(seed)
    out = []
    for index in range(games):
        state = Game(players=players).new(seed=seed + index)
        for _ in range(rng.randrange(max_draws + 1)):
            while state.phase == "reveal":  # a reveal choice may also be left pending at the end
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            state.apply(DRAW)
        seat = rng.randrange(players)
        out.append((state, state.observation(seat)))
    return out


def moments(distribution):
    mean = sum(p * q for p, q in distribution.items())
    variance = sum(p * p * q for p, q in distribution.items()) - mean * mean
    return float(mean), float(variance)


def assert_agrees(samples, distribution, what):
    """Mean pairs and P(pairs > median) within 3 standard errors of the exact distribution."""
    assert len(samples) > 300, f"{what}: only {len(samples)} samples kept"
    mean, variance = moments(distribution)
    n = len(samples)
    assert abs(sum(samples) / n - mean) <= 3 * (variance / n) ** 0.5 + 1e-12, what
    ordered = sorted(distribution)
    cut = ordered[len(ordered) // 2]
    p = float(sum(q for pairs, q in distribution.items() if pairs > cut))
    share = sum(s > cut for s in samples) / n
    assert abs(share - p) <= 3 * (p * (1 - p) / n) ** 0.5 + 1e-12, what


@pytest.mark.parametrize("players", [3, 4])
def test_informed_model_agrees_with_rejection_sampling(players):
    rng = random.Random(SEED + players)
    checked = 0
    draws = 2 if players == 3 else 1  # four hands of hidden cards: keep it earlier
    for index, (_, observation) in enumerate(early_positions(players, 12, SEED * players, draws)):
        samples = rejection_sample(observation, 30_000, rng)
        if len(samples) < 400:
            continue  # rejection is hopeless here (the digest: about one deal in 10^4 mid-round)
        assert_agrees(samples, pairs_posterior(observation), f"seed {SEED + players}, position {index}")
        checked += 1
    assert checked >= 6, f"only {checked} positions could be checked by rejection"


def test_naive_model_mean_is_the_hypergeometric_mean():
    # Naive: hidden cards uniform from the unseen ones, so each number's hidden copies are
    # hypergeometric; the expected pairs follow in closed form.
    for players in (3, 4):
        for state, observation in early_positions(players, 6, SEED + 7, max_draws=5):
            pool = beliefs.unseen_counts(observation)
            unseen, hidden = sum(pool), sum(observation.hand_sizes) - len(observation.hand)
            seen = Counter(observation.known_cards)
            expected = Fraction(0)
            for number in range(1, 11):
                mean_u = Fraction(hidden * pool[number], unseen)
                mean_pairs_u = Fraction(comb(hidden, 2) * comb(pool[number], 2), comb(unseen, 2))
                expected += comb(seen[number], 2) + seen[number] * mean_u + mean_pairs_u
            assert sum(p * q for p, q in pairs_posterior(observation, "naive").items()) == expected


def test_naive_model_agrees_with_uniform_hidden_hands():
    rng = random.Random(SEED + 11)
    for state, observation in early_positions(3, 4, SEED + 11, max_draws=6):
        pool = [card for number in range(1, 11) for card in [number] * beliefs.unseen_counts(observation)[number]]
        hidden = sum(observation.hand_sizes) - len(observation.hand)
        samples = [pair_count(list(observation.known_cards) + rng.sample(pool, hidden)) for _ in range(4_000)]
        assert_agrees(samples, pairs_posterior(observation, "naive"), f"seed {SEED + 11}")


def test_odds_and_pass_cost_follow_the_posterior_and_the_scoring_rule():
    for players in (3, 4):
        for state, observation in early_positions(players, 5, SEED + 3, max_draws=4):
            posterior = pairs_posterior(observation)
            odds = p_over(observation)
            assert isinstance(odds, Odds) and odds.over + odds.exactly + odds.under == 1
            assert odds.over == sum(q for p, q in posterior.items() if p > 25)
            if observation.last_drawer is None:
                continue
            expected = [Fraction(0)] * players
            for pairs, q in posterior.items():
                points = round_points(pairs, observation.seat, observation.last_drawer, players)
                expected = [e + q * p for e, p in zip(expected, points)]
            assert pass_cost(observation) == tuple(expected)


def test_the_truth_is_always_a_possible_world():
    for players in (3, 4):
        for state, observation in early_positions(players, 10, SEED + 5, max_draws=8):
            assert pairs_posterior(observation).get(state.pairs_in_play(), 0) > 0
            assert pairs_posterior(observation, "naive").get(state.pairs_in_play(), 0) > 0


def test_determinize_draws_from_the_exact_posterior():
    rng = random.Random(SEED + 13)
    for state, observation in early_positions(3, 4, SEED + 13, max_draws=6)[:3]:
        seat = observation.seat
        samples = [state.determinize(seat, rng).pairs_in_play() for _ in range(3_000)]
        assert_agrees(samples, pairs_posterior(observation), f"seed {SEED + 13}")


def test_determinize_never_imagines_a_card_above_a_reveal():
    rng = random.Random(SEED + 17)
    for players in (3, 4):
        for state, observation in early_positions(players, 10, SEED + 17, max_draws=8):
            if observation.phase != "turn":
                continue
            for _ in range(20):
                world = state.determinize(observation.seat, rng)
                assert world.observation(observation.seat) == observation
                for other in range(players):
                    last = world.field(other)[-1]
                    if last != 5 and world.hand(other):
                        assert max(world.hand(other)) <= last


def test_sample_hidden_hands_marginals_match_exact_enumeration():
    rng = random.Random(SEED + 19)
    trials = 6_000
    for state, observation in early_positions(3, 2, SEED + 19, max_draws=3):
        worlds = beliefs._posterior_worlds(observation, "informed")
        first, second = worlds.tables
        pool = beliefs.unseen_counts(observation)
        exact = [Counter(), Counter()]  # each other player's hidden hand: weight, by brute force
        for code1, v1 in first:
            for code2, v2 in second:
                hand1, hand2 = beliefs.unpack(code1), beliefs.unpack(code2)
                weight = v1 * v2 * beliefs.hand_weight(hand1 + hand2, pool)
                exact[0][hand1] += weight
                exact[1][hand2] += weight
        total = sum(exact[0].values())
        seen = [Counter(), Counter()]
        for _ in range(trials):
            hands = sample_hidden_hands(observation, 4, rng)
            for index, other in enumerate(worlds.others):
                seen[index][hands[other]] += 1
        for index in range(2):
            for hand, weight in exact[index].most_common(4):  # chosen by exact weight, not by luck
                p = weight / total
                assert abs(seen[index][hand] / trials - p) <= 3 * (p * (1 - p) / trials) ** 0.5, f"seed {SEED + 19}"


def test_draw_outlook_agrees_with_determinized_draws():
    rng = random.Random(SEED + 23)
    for state, observation in early_positions(3, 3, SEED + 23, max_draws=5):
        if observation.phase != "turn" or observation.current_player != observation.seat:
            continue
        samples = []
        for _ in range(3_000):
            world = state.determinize(observation.seat, rng)
            world.apply(DRAW)
            samples.append(world.pairs_in_play())
        assert_agrees(samples, draw_outlook(observation), f"seed {SEED + 23}")
