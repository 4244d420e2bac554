"""The mathematics of The Satori: the posterior against enumeration and simulation, and the stakes of a call."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations, product

import pytest
import sympy

from cardlib.core.testing import random_states
from cardlib.satori import KATSU, NO_KATSU, PLAY_SATORI, PLAY_ZATSUNEN, Game, Model, Story, story
from cardlib.satori.analysis import (
    MODELS, bayes_table, katsu_stakes, p_satori, p_satori_by_rejection, posterior_in_bluff, satori_by_position,
)
from cardlib.satori.regret import ROCK_PAPER_SCISSORS, payoff, regret_matching, regrets
from cardlib.satori.beliefs import last_card_satori, sample_hidden, worlds
from cardlib.satori.bots import counted_chance


def window_observations(game, games, seed):
    """Observations of the first seat asked in each Katsu window of random games."""
    for state in random_states(game, games, seed):
        if state.phase == "katsu":
            yield state.observation(state.current_player)


def test_under_the_uniform_model_without_transfers_the_posterior_is_the_counted_share():
    # every order of a dealt hand is equally likely, so the unseen cards are exchangeable
    checked = 0
    for obs in window_observations(Game(players=4), 30, seed=1):
        told = story(obs.log, obs.active)
        if any(step[0] == "play" and step[1] == "Z" for step in told.steps):
            continue  # a failed Katsu hands over cards mid-game: no longer exchangeable
        assert p_satori(obs) == counted_chance(obs)
        checked += 1
    assert checked > 50


def by_listing(dealt, revealed):
    """P(the next unseen play is satori) by listing every order of the dealt hand: the uniform model.

    ``revealed`` gives each play before it: None (never seen) or "S" (a Katsu showed a satori).
    """
    orders = set(permutations(dealt))
    fits = [order for order in orders
            if all(card is None or order[i] == card for i, card in enumerate(revealed))]
    return Fraction(sum(order[len(revealed)] == "S" for order in fits), len(fits))


@pytest.mark.parametrize("revealed", [(), (None,), ("S",), (None, "S"), ("S", "S", None), (None, None, "S", None)])
def test_the_uniform_posterior_equals_listing_every_order_of_the_dealt_hand(revealed):
    steps = tuple(("play", card) for card in revealed) + (("play", None),)
    assert last_card_satori(Story((3, 2), steps)) == by_listing("SSSZZ", revealed)


@pytest.mark.parametrize("name", list(MODELS))
def test_p_satori_agrees_with_rejection_sampling_of_simulated_games(name):
    model = MODELS[name]
    state = Game(players=3).new()
    for action in (PLAY_SATORI, NO_KATSU, NO_KATSU, PLAY_ZATSUNEN, NO_KATSU, NO_KATSU,
                   PLAY_SATORI, NO_KATSU, NO_KATSU, PLAY_SATORI):
        state.apply(action)
    obs = state.observation(1)
    exact = p_satori(obs, model)
    estimate = p_satori_by_rejection(obs, model, games=6_000, seed=5)
    assert estimate.samples > 1_000
    assert abs(estimate.value - float(exact)) <= 4 * estimate.standard_error + 1e-12


def test_p_satori_agrees_with_rejection_sampling_after_a_failed_katsu_handed_over_cards():
    # player 1 calls on player 0's first card, a zatsunen: player 0 takes it back and a satori
    state = Game(players=3).new()
    for action in (PLAY_ZATSUNEN, KATSU, PLAY_SATORI, NO_KATSU, PLAY_SATORI):
        state.apply(action)
    obs = state.observation(2)
    assert obs.out == (False, True, False) and obs.active == 0
    model = Model(bluff=Fraction(1, 3))
    estimate = p_satori_by_rejection(obs, model, games=20_000, seed=9, call=Fraction(1, 2))
    assert estimate.samples > 300
    assert abs(estimate.value - float(p_satori(obs, model))) <= 4 * estimate.standard_error


def test_the_bayes_table_is_prior_times_likelihood_normalised_and_sums_to_p_satori():
    for obs in list(window_observations(Game(players=3), 20, seed=2))[::5]:
        for model in MODELS.values():
            told = story(obs.log, obs.active)
            try:
                rows = bayes_table(told, model)
            except ValueError:
                continue
            evidence = sum(row.prior * row.likelihood for row in rows)
            assert sum(row.posterior for row in rows) == 1
            assert all(row.posterior == row.prior * row.likelihood / evidence for row in rows)
            assert sum(row.posterior for row in rows if row.last == "S") == p_satori(obs, model)


def test_the_posterior_formula_in_the_bluff_rate_matches_every_rate():
    b = sympy.Symbol("b")
    for obs in list(window_observations(Game(players=3), 10, seed=3))[::4]:
        told = story(obs.log, obs.active)
        formula = posterior_in_bluff(told)
        for rate in (Fraction(1, 5), Fraction(1, 2), Fraction(3, 4)):
            try:
                exact = last_card_satori(told, Model(bluff=rate))
            except ValueError:
                continue
            assert sympy.Rational(exact.numerator, exact.denominator) == sympy.simplify(
                formula.subs(b, sympy.Rational(rate.numerator, rate.denominator)))


def test_an_eager_model_learns_from_a_declaration_not_made():
    # three unseen plays, then a fourth turn without declaring: an eager player's pile top is no SSS
    told = Story((3, 2), (("play", None),) * 4)
    patient, eager = last_card_satori(told, Model(bluff=Fraction(1, 4))), last_card_satori(
        told, Model(bluff=Fraction(1, 4), eager=True))
    assert eager != patient
    assert all(pile[-4:-1] != ("S", "S", "S") for (_, _, pile) in worlds(told, Model(eager=True)))


def test_a_model_that_cannot_explain_the_play_says_so():
    # a player who never bluffs cannot have played a zatsunen while holding a satori
    told = Story((3, 2), (("play", "Z", False), ("play", None)))
    with pytest.raises(ValueError, match="never bluffs"):
        last_card_satori(told, Model(bluff=Fraction(0)))


def test_p_satori_outside_a_window_is_refused_and_the_player_knows_their_own_card():
    state = Game().new()
    with pytest.raises(ValueError, match="Katsu window"):
        p_satori(state.observation(1))
    state.apply(PLAY_ZATSUNEN)
    assert p_satori(state.observation(0)) == 0


def test_sampled_hidden_states_are_histories_the_story_allows():
    rng = random.Random(4)
    for obs in list(window_observations(Game(players=4), 10, seed=4))[::3]:
        told = story(obs.log, obs.active)
        allowed = worlds(told)
        for _ in range(5):
            assert sample_hidden(told, rng) in allowed
            for top in ("S", "Z"):
                if any(pile[-1:] == (top,) for (_, _, pile) in allowed):
                    assert sample_hidden(told, rng, top=top)[2][-1] == top


# -- the stakes of a call --

def two_player_window(moves):
    """A two-player game of one satori and one zatsunen each, played to a Katsu window by ``moves``."""
    state = Game(players=2, satori=1, zatsunen=1).new()
    for action in moves:
        state.apply(action)
    assert state.phase == "katsu" and state.current_player == 0
    return state.observation(0)


def test_a_call_that_cannot_gain_has_a_break_even_of_one():
    # every hand is empty after player 1's last card. Player 0's run is 1 (Z then S); player 1's is 1 or 0.
    # No call: player 0 wins either way (a tie goes farthest clockwise from player 1, the last who played);
    # a success wins too, and a failure loses. So the call pays only if the card is sure: break-even 1.
    obs = two_player_window([PLAY_ZATSUNEN, NO_KATSU, PLAY_ZATSUNEN, NO_KATSU, PLAY_SATORI, NO_KATSU, PLAY_SATORI])
    stakes = katsu_stakes(obs, rollouts=40, seed=1)
    assert (stakes.success.value, stakes.no_call_satori.value, stakes.no_call_zatsunen.value) == (1, 1, 1)
    assert stakes.failure == 0 and stakes.break_even == 1 and stakes.break_even_error == 0


def test_when_only_the_waiting_card_decides_the_break_even_is_one_half_whatever_the_model():
    # player 0's pile is S then Z (run 0); every hand is empty after player 1's last card.
    # A success wins (run 1 against 0). No call: a satori on top gives player 1 the game (1 against 0);
    # a zatsunen leaves 0-0, and player 0 wins the tie, farthest clockwise from player 1.
    # So a call is worth p × 1 and no call p × 0 + (1 - p) × 1: they are equal at p = 1/2.
    obs = two_player_window([PLAY_SATORI, NO_KATSU, PLAY_SATORI, NO_KATSU, PLAY_ZATSUNEN, NO_KATSU, PLAY_ZATSUNEN])
    for model in (Model(), MODELS["bluffs 1/4, declares at once (the bots)"]):
        stakes = katsu_stakes(obs, rollouts=60, seed=2, model=model)
        assert (stakes.success.value, stakes.no_call_satori.value, stakes.no_call_zatsunen.value) == (1, 0, 1)
        assert stakes.break_even == 0.5 and stakes.call(0.5) == stakes.no_call(0.5)
        assert stakes.call(0.6) > stakes.no_call(0.6) and stakes.call(0.4) < stakes.no_call(0.4)
    assert katsu_stakes(obs, rollouts=60, seed=2) == katsu_stakes(obs, rollouts=60, seed=2)  # seeded


def test_a_card_that_cannot_be_satori_is_never_worth_a_call():
    # player 1 holds one satori and one zatsunen; a Katsu took its satori, so its next card is a zatsunen
    state = Game(players=2, satori=1, zatsunen=1).new()
    for action in (PLAY_ZATSUNEN, NO_KATSU, PLAY_SATORI, KATSU, PLAY_SATORI, NO_KATSU, PLAY_ZATSUNEN):
        state.apply(action)
    obs = state.observation(0)
    assert p_satori(obs) == 0
    stakes = katsu_stakes(obs, rollouts=20, seed=3)
    assert stakes.success.samples == 0 and stakes.break_even == 1


def test_the_break_even_standard_error_follows_the_delta_method():
    state = position_after_two_rounds()
    stakes = katsu_stakes(state.observation(1), rollouts=200, seed=4)
    a, b, c = stakes.no_call_zatsunen, stakes.success, stakes.no_call_satori
    gain = b.value - c.value + a.value
    assert stakes.break_even == pytest.approx(a.value / gain)
    # one estimate moved by its standard error moves the break-even by about that part of its error
    moved = a.value + a.standard_error
    assert abs(moved / (b.value - c.value + moved) - stakes.break_even) <= stakes.break_even_error + 1e-12


def position_after_two_rounds():
    from cardlib.satori.analysis import STAKES_MOVES, position
    return position(STAKES_MOVES["your pile Z S"])


def test_the_stakes_are_for_the_seat_asked_in_the_window():
    state = Game().new()
    with pytest.raises(ValueError, match="Katsu window"):
        katsu_stakes(state.observation(0))
    state.apply(PLAY_SATORI)
    with pytest.raises(ValueError, match="seat asked"):
        katsu_stakes(state.observation(2))


# --- the chance of satori by position, and one regret-matching step -------------------------------------

def by_position_enumerated(bluff: Fraction, card: int) -> Fraction:
    """The chance that card ``card`` of the sheet's hand is satori, summed over every way the first cards go."""
    total = Fraction(0)
    for plays in product("SZ", repeat=card):
        s, z, chance = 3, 2, Fraction(1)
        for played in plays:
            if (played == "S" and not s) or (played == "Z" and not z):
                chance = Fraction(0)
                break
            if s and z:
                chance *= 1 - bluff if played == "S" else bluff
            s, z = (s - 1, z) if played == "S" else (s, z - 1)
        total += chance if plays[-1] == "S" else 0
    return total


@pytest.mark.parametrize("rate", [Fraction(0), Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(4, 5), Fraction(1)])
def test_satori_by_position_matches_the_enumeration_card_by_card(rate):
    b = sympy.Symbol("b")
    formulas = satori_by_position()
    assert len(formulas) == 5
    for card, formula in enumerate(formulas, start=1):
        assert formula.subs(b, sympy.Rational(rate.numerator, rate.denominator)) == \
            sympy.Rational(*by_position_enumerated(rate, card).as_integer_ratio())


def test_a_rare_bluffer_is_due_a_zatsunen_on_the_fourth_card_not_the_third():
    b = sympy.Symbol("b")
    third, fourth = satori_by_position()[2:4]
    assert sympy.expand(third - (1 - b + b ** 3)) == 0
    assert sympy.expand(fourth - (3 * b - 6 * b ** 2 + 7 * b ** 3 - 3 * b ** 4)) == 0
    assert sympy.limit(third, b, 0) == 1 and sympy.limit(fourth, b, 0) == 0
    lowest = 1 / sympy.sqrt(3)  # where the third card's chance is lowest on 0..1
    assert sympy.diff(third, b).subs(b, lowest) == 0 and third.subs(b, 0) > third.subs(b, lowest) < third.subs(b, 1)
    assert round(float(third.subs(b, lowest)), 3) == 0.615 and third.subs(b, lowest) > sympy.Rational(3, 5)
    # the uniform player's 3/5 for every card, for comparison
    assert all(last_card_satori(Story((3, 2), (("play", None),) * card)) == Fraction(3, 5) for card in range(1, 6))


def test_one_regret_matching_step_on_rock_paper_scissors():
    theirs = {"rock": Fraction(1, 2), "paper": Fraction(1, 5), "scissors": Fraction(3, 10)}
    mine = {action: Fraction(1, 3) for action in ROCK_PAPER_SCISSORS}
    assert {action: payoff(action, theirs) for action in mine} == \
        {"rock": Fraction(1, 10), "paper": Fraction(1, 5), "scissors": Fraction(-3, 10)}
    regret = regrets(mine, theirs)  # uniform earns 0 here, so each regret is the action's payoff
    assert regret == {action: payoff(action, theirs) for action in mine}
    assert regret_matching(regret) == {"rock": Fraction(1, 3), "paper": Fraction(2, 3), "scissors": 0}
    assert regret_matching({"rock": -1, "paper": 0, "scissors": -2}) == {a: Fraction(1, 3) for a in mine}
    # against the uniform mix, nothing has regret: the equilibrium of rock-paper-scissors stays put
    uniform = {action: Fraction(1, 3) for action in ROCK_PAPER_SCISSORS}
    assert regrets(uniform, uniform) == dict.fromkeys(ROCK_PAPER_SCISSORS, 0)


def test_a_rollout_that_cannot_end_stops_with_an_error():
    import random

    from cardlib.satori import analysis

    class Endless:
        """A position whose game never ends (a world nobody can finish)."""
        is_over, current_player = False, 0
        moves = 0

        def observation(self, seat):
            return None

        def legal_actions(self):
            return ["wait"]

        def apply(self, action):
            self.moves += 1

    class Waiter:
        def act(self, observation, legal, rng):
            return legal[0]

    endless = Endless()
    with pytest.raises(ValueError, match="did not end within"):
        analysis._finish(endless, [Waiter()], random.Random(0))
    assert endless.moves == analysis.MOST_MOVES
