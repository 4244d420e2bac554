"""hidden_cap: the highest card a hidden hand can still hold, checked against an enumeration of
every deal consistent with what a seat sees (and never below the true hand)."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from cardlib.core.testing import random_states
from cardlib.decks.pairs import NUMBERS, PAIRS_DECK, stacked_deck
from cardlib.twentyfive import DRAW, Game, hidden_cap
from cardlib.twentyfive.actions import FIVE
from cardlib.twentyfive.exercises import reveal_observation
from cardlib.twentyfive.beliefs import dealt_size


def legal_reveal(hand: Counter, card: int) -> bool:
    """The rule: reveal your highest card, or a 5 if you hold one."""
    return hand[card] > 0 and (card == max(hand.elements()) or card == FIVE)


def hidden_hands(field: tuple[int, ...], dealt: int, hidden: int) -> set[tuple[int, ...]]:
    """Every hidden hand a seat can hold now: its dealt block and draws replayed card by card."""
    draws = hidden + len(field) - dealt
    hands = set()
    for block in combinations_with_replacement(NUMBERS, dealt):
        for drawn in product(NUMBERS, repeat=draws):
            hand, ok = Counter(block), True
            for turn, card in enumerate(field):
                if turn:
                    hand[drawn[turn - 1]] += 1
                if not legal_reveal(hand, card):
                    ok = False
                    break
                hand[card] -= 1
            if ok:
                hands.add(tuple(sorted(hand.elements())))
    return hands


def enumerated_caps(observation) -> dict[int, int]:
    """Each other seat's highest hidden card over every consistent deal, copies shared between hands."""
    pool = Counter(PAIRS_DECK)
    pool.subtract(observation.known_cards)
    others = [seat for seat in range(observation.players) if seat != observation.seat]
    options = {seat: [Counter(hand) for hand in hidden_hands(observation.fields[seat], dealt_size(observation.players),
                                                             observation.hand_sizes[seat])]
               for seat in others}
    caps = dict.fromkeys(others, 0)
    for joint in product(*(options[seat] for seat in others)):
        if all(count <= pool[card] for card, count in sum(joint, Counter()).items()):
            for seat, hand in zip(others, joint):
                caps[seat] = max(caps[seat], max(hand.elements(), default=0))
    return caps


def early_observations(players: int, games: int, seed: int):
    """Observations of round 1 with at most one draw a seat (small enough to enumerate), nobody choosing."""
    for state in random_states(Game(players=players), games, seed):
        obs = state.observation(0)
        if (not state.is_over and obs.round_number == 1 and obs.phase != "reveal"
                and all(len(field) <= 2 for field in obs.fields)):
            yield obs


def drawn_tens():
    """Player 1 shows 8, then draws a 10 and must show it: the 10 was the card drawn."""
    state = Game(players=3).new(deck=stacked_deck([4, 4, 4, 4], [8, 8, 3, 2], [6, 6, 6, 6], [10, 10]))
    state.apply(DRAW)
    state.apply(DRAW)
    return state.observation(0)


def test_hidden_cap_equals_the_enumeration_of_consistent_deals():
    checked = below_last = 0
    for obs in [drawn_tens(), *early_observations(players=3, games=5, seed=8)]:
        caps = enumerated_caps(obs)
        assert {seat: hidden_cap(obs, seat) for seat in caps} == caps
        checked += 1
        below_last += any(caps[s] < obs.fields[s][-1] for s in caps if obs.fields[s])
    assert checked >= 10 and below_last >= 1  # positions where the last reveal is not the cap


def test_the_cap_is_the_smallest_card_shown_not_the_last_one():
    obs = reveal_observation()  # exercise 25.11: player 1 showed 9, 9, 8, 10
    assert obs.fields[1] == (9, 9, 8, 10) and hidden_cap(obs, 1) == 8


@pytest.mark.parametrize("players", [3, 4])
def test_the_cap_is_never_below_a_hidden_card(players):
    for index, state in enumerate(random_states(Game(players=players), 12, seed=players)):
        if state.is_over or index % 4:
            continue
        seat = random.Random(len(state.history)).randrange(players)
        obs = state.observation(seat)
        for other in range(players):
            assert hidden_cap(obs, other) >= max(state.hand(other), default=0)


def test_your_own_cap_is_your_highest_card_and_an_empty_hand_has_none():
    state = Game(players=3).new(seed=2)
    obs = state.observation(0)
    assert hidden_cap(obs, 0) == max(obs.hand)
