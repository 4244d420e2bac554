"""Kuhn poker, the kit's example game: conformance, one test per rule, and its known value."""
import random
import statistics
from fractions import Fraction
from itertools import permutations

import pytest

from cardlib.core import example, testing
from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.core.example import (
    BET, CALL, CARDS, CHECK, FOLD, Bet, Call, Check, Fold, Game, Observation, action_probabilities,
    equilibrium_strategy, equilibrium_value, expected_score,
)
from cardlib.core.match import play
from cardlib.core.protocol import Result

KUHN_VALUE = Fraction(-1, 18)  # Kuhn 1950: the first player's value of the game
ALPHAS = [Fraction(0), Fraction(1, 12), Fraction(1, 6), Fraction(1, 3)]


def hand(deck, *actions):
    """A stacked hand after the given actions."""
    state = Game().new(deck=deck)
    for action in actions:
        state.apply(action)
    return state


# --- conformance ----------------------------------------------------------------------------------

@pytest.mark.parametrize("check", testing.CHECKS, ids=lambda check: check.__name__)
def test_the_example_passes_every_conformance_check(check):
    check(Game())


def test_check_game_accepts_the_example_package():
    testing.check_game(example)


# --- the options and the deal -----------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 3, True, 2.0, "2"])
def test_kuhn_poker_is_for_two_players_only(players):
    with pytest.raises(RulesError, match="Kuhn poker is for 2 players"):
        Game(players=players)


@pytest.mark.parametrize("deck", [("Q", "Q"), ("K",), ("J", "Q", "K"), ("A", "K"), ()])
def test_a_stacked_deck_is_two_different_cards(deck):
    with pytest.raises(RulesError, match="two different cards"):
        Game().new(deck=deck)


def test_a_stacked_deck_deals_player_0_then_player_1_and_sets_the_third_aside():
    state = Game().new(deck=("K", "J"))
    assert state.all_cards() == ("K", "J", "Q")
    assert state.observation(0).card == "K" and state.observation(1).card == "J"


def test_a_seeded_deal_is_reproducible_and_every_deal_comes_up():
    deals = {Game().new(seed=seed).all_cards() for seed in range(60)}
    assert deals == set(permutations(CARDS))
    assert Game().new(seed=7).all_cards() == Game().new(seed=7).all_cards()


def test_actions_read_as_words_and_their_repr_pastes_back():
    assert [str(action) for action in (CHECK, BET, CALL, FOLD)] == ["check", "bet", "call", "fold"]
    namespace = {"Check": Check, "Bet": Bet, "Call": Call, "Fold": Fold}
    for action in (CHECK, BET, CALL, FOLD):
        assert eval(repr(action), namespace) == action


# --- one test per rule --------------------------------------------------------------------------

def test_ante_one_each():
    state = Game().new(deck=("J", "Q"))
    assert state.pot == 2
    assert state.observation(0).pot == state.observation(1).pot == 2


def test_player_0_acts_first_checking_or_betting():
    state = Game().new(deck=("J", "Q"))
    assert state.current_player == 0 and state.legal_actions() == [CHECK, BET]


def test_check_check_showdown_the_higher_card_wins_one():
    for deck in permutations(CARDS, 2):
        state = hand(deck, CHECK, CHECK)
        winner = 0 if CARDS.index(deck[0]) > CARDS.index(deck[1]) else 1
        assert state.is_over and state.pot == 2
        assert state.result().scores[winner] == 1 and state.result().scores[1 - winner] == -1


def test_bet_call_showdown_wins_two():
    state = hand(("Q", "K"), BET, CALL)
    assert state.is_over and state.pot == 4
    assert state.result() == Result(scores=(-2, 2), places=(2, 1))


def test_bet_fold_the_bettor_wins_one():
    state = hand(("J", "K"), BET, FOLD)  # a bluff: the folder had the better card
    assert state.is_over and state.pot == 3
    assert state.result() == Result(scores=(1, -1), places=(1, 2))


def test_check_bet_fold_player_1_wins_one():
    state = hand(("K", "J"), CHECK, BET, FOLD)
    assert state.is_over
    assert state.result() == Result(scores=(-1, 1), places=(2, 1))


def test_check_bet_call_showdown_wins_two():
    state = hand(("K", "Q"), CHECK, BET, CALL)
    assert state.is_over and state.pot == 4
    assert state.result() == Result(scores=(2, -2), places=(1, 2))


def test_facing_a_bet_a_player_may_only_call_or_fold():
    assert hand(("J", "Q"), BET).legal_actions() == [CALL, FOLD]
    assert hand(("J", "Q"), CHECK, BET).legal_actions() == [CALL, FOLD]
    assert hand(("J", "Q"), CHECK).legal_actions() == [CHECK, BET]


# --- illegal actions ---------------------------------------------------------------------------

@pytest.mark.parametrize("actions, wrong, why", [
    ((), CALL, "nobody has bet"),
    ((), FOLD, "nobody has bet"),
    ((CHECK,), CALL, "nobody has bet"),
    ((BET,), CHECK, "must call or fold"),
    ((CHECK, BET), BET, "must call or fold"),
    ((BET, CALL), CHECK, "the game is over"),
    ((), "bet", "not a Kuhn poker action"),
    ((), None, "not a Kuhn poker action"),
])
def test_an_illegal_action_says_why_and_leaves_the_state_unchanged(actions, wrong, why):
    state = hand(("Q", "J"), *actions)
    before = testing.snapshot(state)
    with pytest.raises(IllegalActionError, match=why) as error:
        state.apply(wrong)
    assert repr(wrong) in str(error.value)
    assert testing.snapshot(state) == before


# --- what each seat sees ---------------------------------------------------------------------------

def test_the_observation_hides_the_opponent_card():
    for betting in [(), (CHECK,), (BET,), (CHECK, BET), (BET, FOLD), (CHECK, BET, FOLD)]:
        mine = hand(("K", "J"), *betting).observation(0)
        other = hand(("K", "Q"), *betting).observation(0)
        assert mine == other and mine.card == "K" and mine.showdown is None
        assert "J" not in vars(mine).values() and "Q" not in vars(mine).values()  # no field holds their card


def test_a_showdown_shows_both_cards_to_both_players():
    state = hand(("K", "J"), BET, CALL)
    for seat in (0, 1):
        seen = state.observation(seat)
        assert isinstance(seen, Observation) and seen.showdown == ("K", "J")
        assert seen.betting == (BET, CALL) and seen.current_player is None


def test_determinize_redraws_only_the_unseen_card():
    state = hand(("Q", "K"), CHECK)
    rng = random.Random(1)
    worlds = {state.determinize(0, rng).all_cards() for _ in range(40)}
    assert worlds == {("Q", "K", "J"), ("Q", "J", "K")}


# --- the value of the game -------------------------------------------------------------------------

@pytest.mark.parametrize("alpha", ALPHAS, ids=str)
def test_equilibrium_value_is_minus_one_eighteenth_for_every_alpha(alpha):
    assert equilibrium_value(alpha) == KUHN_VALUE  # Kuhn 1950


@pytest.mark.parametrize("alpha", [Fraction(-1, 10), Fraction(1, 2)])
def test_alpha_outside_0_to_a_third_is_no_strategy(alpha):
    with pytest.raises(ValueError, match="alpha"):
        equilibrium_strategy(alpha)


def test_no_deviation_of_player_0_beats_the_value():
    """Against player 1's equilibrium play, any pure choice of player 0 earns at most -1/18."""
    player_0 = [key for key in equilibrium_strategy() if key[1] in ("", "check bet")]
    values = []
    for bits in range(1 << len(player_0)):
        strategy = dict(equilibrium_strategy())
        strategy.update({key: Fraction(bits >> i & 1) for i, key in enumerate(player_0)})
        deals = list(permutations(CARDS, 2))
        values.append(sum(expected_score(Game().new(deck=deal), strategy) for deal in deals) / len(deals))
    assert max(values) == KUHN_VALUE  # Kuhn 1950
    assert min(values) < KUHN_VALUE   # and some choices are strictly worse: the check can fail


class StrategyAgent:
    """Plays a strategy table by drawing each action with its probability (test use only)."""

    def __init__(self, strategy):
        self.strategy = strategy

    def act(self, observation, legal, rng):
        chances = action_probabilities(self.strategy, observation)
        assert list(chances) == legal
        return rng.choices(legal, weights=[float(p) for p in chances.values()])[0]


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 6), Fraction(1, 3)], ids=str)
def test_a_seeded_simulation_of_the_equilibrium_agrees_with_the_exact_value(alpha):
    agents = [StrategyAgent(equilibrium_strategy(alpha))] * 2
    seed, games = 1950, 20_000
    scores = [play(Game(), agents, seed=seed * 100_000 + index).result.scores[0] for index in range(games)]
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / games ** 0.5
    print(f"alpha {alpha}, seed {seed}: mean {mean:.4f} ± {error:.4f} (standard error); exact {equilibrium_value(alpha)}")
    assert abs(mean - float(equilibrium_value(alpha))) < 4 * error
