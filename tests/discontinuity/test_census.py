"""The census of real games: what the table showed at each turn, and re-deals after refills."""
from collections import Counter
from fractions import Fraction

import pytest

from cardlib.core.match import play
from cardlib.decks.pairs import stacked_deck
from cardlib.discontinuity import Game, GreedyBot, LookaheadBot, Take
from cardlib.discontinuity.analysis import fresh_largest_group, reshuffle_probability
from cardlib.discontinuity.census import largest_group, refill_redeal_chance, watch

SIX_TENS_LEFT = [10, 10, 10, 10, 9, 10, 10, 8]  # the right column 10, 9, 8: take 8 and 9, six 10s stay


def redeals(state):
    """How many re-deals the public log shows."""
    return sum(1 for kind, _, _ in state.observation(0).log if kind == "redeal")


def test_refill_redeal_chance_is_what_the_engine_does_over_every_pair_of_refill_cards():
    view = Game(players=3).new(deck=stacked_deck(SIX_TENS_LEFT)).observation(0)
    unseen = Counter(view.unseen)
    favourable = total = 0
    for first in unseen:
        for second in unseen:
            ways = unseen[first] * (unseen[second] - (first == second))
            if not ways:
                continue
            state = Game(players=3).new(deck=stacked_deck(SIX_TENS_LEFT, [first, second]))
            state.apply(Take(3, 8, 9))
            favourable += ways * (redeals(state) > 0)
            total += ways
    assert refill_redeal_chance(view, Take(3, 8, 9)) == Fraction(favourable, total) > 0


def test_refill_redeal_chance_is_zero_unless_the_six_cards_left_show_one_number():
    view = Game(players=3).new(deck=stacked_deck(SIX_TENS_LEFT)).observation(0)
    for take in Game(players=3).new(deck=stacked_deck(SIX_TENS_LEFT)).legal_actions():
        if type(take) is Take and take != Take(3, 8, 9):
            assert refill_redeal_chance(view, take) == 0


def test_fresh_largest_group_sums_to_one_and_its_eight_is_the_redeal_chance():
    odds = fresh_largest_group()
    assert sum(odds.values()) == 1 and odds[8] == reshuffle_probability()
    assert fresh_largest_group(2) == {1: 1 - odds_of_a_pair(), 2: odds_of_a_pair()}


def odds_of_a_pair():
    """Two cards of one number, by listing every pair of the deck."""
    from itertools import combinations

    from cardlib.decks.pairs import PAIRS_DECK
    pairs = list(combinations(PAIRS_DECK, 2))
    return Fraction(sum(a == b for a, b in pairs), len(pairs))


def test_largest_group_ignores_empty_places():
    assert largest_group([7, 0, 7, 3, 0, 2, 1, 4]) == 2


@pytest.fixture(scope="module")
def watched():
    agents = {"lookahead": LookaheadBot(), "greedy 1": GreedyBot(), "greedy 2": GreedyBot()}
    return watch(Game(players=3), agents, games=12, seed=5)


def test_watch_is_seeded(watched):
    agents = {"lookahead": LookaheadBot(), "greedy 1": GreedyBot(), "greedy 2": GreedyBot()}
    again = watch(Game(players=3), agents, games=12, seed=5)
    assert watched[0].equals(again[0]) and watched[1].equals(again[1])


def test_watch_counts_the_squares_checked_and_the_redeals_of_each_game(watched):
    turns, games = watched
    order = ["lookahead", "greedy 1", "greedy 2"]
    for line in games.itertuples():  # the same game again, seats rotated as watch() rotates them
        agents = [LookaheadBot() if order[(seat + line.game) % 3] == "lookahead" else GreedyBot()
                  for seat in range(3)]
        record = play(Game(players=3), agents, seed=line.seed)
        state = Game(players=3).new(seed=line.seed)
        checked = 1  # the first deal; then every refill of two gaps (two cards drawn) that left a game
        for action in record.actions:
            before = state.deck_size
            state.apply(action)
            checked += state.deck_size == before - 2 and not state.is_over
        assert line.squares == checked and line.redeals == redeals(state)
        assert len(turns[turns["game"] == line.game]) == sum(type(a).__name__ != "PlaceJoker" for a in record.actions)


def test_a_turn_line_has_a_joker_change_exactly_while_the_joker_is_open(watched):
    turns, _ = watched
    assert turns.loc[turns["joker open"], "joker change"].notna().all()
    assert turns.loc[~turns["joker open"], "joker change"].isna().all()
    assert (turns.groupby(["game", "seat"])["took joker"].sum() <= 1).all()
    assert turns["largest group"].between(1, 7).all()
