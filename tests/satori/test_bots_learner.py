"""The learner: its Beta posterior against Bayes' rule integrated exactly, what each reveal teaches it,
that it sees only its observation, and the small game's exploitability table."""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
import sympy as sp

from cardlib.core.match import play
from cardlib.core.tournament import summary
from cardlib.satori import KATSU, NO_KATSU, Game, Model, Story
from cardlib.satori.beliefs import worlds
from cardlib.satori.bots import BayesianBot, CountingBot, ModelBot
from cardlib.satori.bots_exploit import exploitability_table
from cardlib.satori.bots_learner import TOURNAMENT, LearnerBot, learned, tournament_agents
from cardlib.satori.equilibrium import exact_value

UNSEEN = ("play", None)
STORIES = [
    Story((3, 2), (UNSEEN,)),
    Story((3, 2), (UNSEEN, UNSEEN, UNSEEN, UNSEEN)),                              # no declaration: evidence
    Story((3, 2), (("play", "Z", True), UNSEEN)),                                 # a bluff seen, then a card
    Story((3, 2), (("play", "S"), UNSEEN, ("play", "Z", False), UNSEEN)),         # a satori taken, a bluff seen
    Story((3, 2), (UNSEEN, ("won",), UNSEEN, UNSEEN)),                            # a satori won by its own Katsu
    Story((2, 1), (UNSEEN, UNSEEN)),
]


def integrated(told: Story, prior: tuple[int, int], eager: bool) -> tuple[Fraction, Fraction]:
    """The posterior of the last card and the mean bluff rate by Bayes' rule over r, integrated by sympy.

    The likelihood at each rate comes from beliefs.worlds (a polynomial in r of degree at most the
    plays, so it is interpolated exactly from that many points plus one), then integrated against
    the Beta(a, b) density: independent of the learner's counting of bluffs.
    """
    r = sp.Symbol("r")
    points = [Fraction(k, 9) for k in range(1, 9)]
    satori, total = [], []
    for rate in points:
        found = worlds(told, Model(bluff=rate, eager=eager))
        total.append(sum(found.values(), Fraction(0)))
        satori.append(sum((w for (_, _, pile), w in found.items() if pile and pile[-1] == "S"), Fraction(0)))
    a, b = prior
    density = r ** (a - 1) * (1 - r) ** (b - 1)

    def integral(values: list[Fraction], extra: sp.Expr = sp.Integer(1)) -> sp.Rational:
        poly = sp.interpolate(list(zip([sp.Rational(p.numerator, p.denominator) for p in points],
                                       [sp.Rational(v.numerator, v.denominator) for v in values])), r)
        return sp.integrate(sp.expand(poly * density * extra), (r, 0, 1))

    evidence = integral(total)
    p = integral(satori) / evidence
    mean = integral(total, r) / evidence
    return Fraction(int(sp.numer(p)), int(sp.denom(p))), Fraction(int(sp.numer(mean)), int(sp.denom(mean)))


@pytest.mark.parametrize("told", STORIES, ids=range(len(STORIES)))
@pytest.mark.parametrize("prior", [(1, 3), (1, 1), (2, 5)])
def test_the_learned_posterior_is_bayes_rule_integrated_over_the_beta_prior(told, prior):
    for eager in (True, False):
        assert tuple(learned(told, prior, eager)) == integrated(told, prior, eager), (told, prior, eager)


def test_a_revealed_bluff_raises_the_learned_rate_and_a_revealed_satori_lowers_it():
    before = learned(Story((3, 2), (UNSEEN,)), (1, 3)).rate
    bluffed = learned(Story((3, 2), (("play", "Z", True), UNSEEN)), (1, 3))
    honest = learned(Story((3, 2), (("play", "S"), UNSEEN)), (1, 3))
    assert before == Fraction(1, 4)
    assert bluffed.rate == Fraction(2, 5) and honest.rate == Fraction(1, 5)  # Beta(2, 3) and Beta(1, 4)
    # so the card waiting after a seen bluff is less likely satori than after a seen satori
    assert bluffed.satori < honest.satori


def test_a_card_from_a_hand_of_one_kind_teaches_nothing_about_the_rate():
    # a hand of satori only has no choice to make: the card is satori, and the rate stays the prior's mean
    only_satori = learned(Story((2, 0), (UNSEEN,)), (1, 3))
    assert only_satori == (Fraction(1), Fraction(1, 4))


@pytest.mark.parametrize("cards, decision", [((1, 0), KATSU), ((0, 1), NO_KATSU)])
def test_the_learner_calls_a_card_the_counts_make_certain_and_lets_an_impossible_one_go(cards, decision):
    # a teaching deal of one kind only: the card waiting is certainly satori, or certainly not
    state = Game(players=3, satori=cards[0], zatsunen=cards[1]).new()
    state.apply(state.legal_actions()[0])
    obs = state.observation(1)
    assert LearnerBot().chance(obs) == cards[0]
    assert LearnerBot().act(obs, state.legal_actions(), random.Random(0)) == decision


def test_the_learner_sees_only_its_observation():
    # a world the seat cannot tell from the real one: the same observation, the same choice, window after window
    rng = random.Random(5)
    bot, field = LearnerBot(rollouts=10), BayesianBot()
    checked = differed = 0
    for seed in range(15):
        state = Game(players=3).new()
        while not state.is_over:
            seat = state.current_player
            obs = state.observation(seat)
            if seat == 0 and state.phase == "katsu":
                twin = state.determinize(0, random.Random(seed))
                differed += [twin.pile(p) for p in (1, 2)] != [state.pile(p) for p in (1, 2)]
                assert twin.observation(0) == obs
                assert bot.act(twin.observation(0), twin.legal_actions(), random.Random(1)) == \
                    bot.act(obs, state.legal_actions(), random.Random(2))
                checked += 1
            state.apply((bot if seat == 0 else field).act(obs, state.legal_actions(), rng))
    assert checked >= 10 and differed >= 3, (checked, differed)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_learner_finishes_games_with_legal_moves(players):
    game = Game(players=players) if players > 2 else Game(players=2, satori=2, zatsunen=1)
    bots = [LearnerBot(rollouts=8), CountingBot(), BayesianBot(), ModelBot()]
    for seed in range(4):
        record = play(game, [bots[(seed + seat) % len(bots)] for seat in range(players)], seed=seed)
        assert min(record.result.places) == 1


def test_a_bad_prior_is_refused_with_a_message():
    with pytest.raises(ValueError, match="Beta"):
        LearnerBot(prior=(0, 3))


def test_the_exploitability_table_is_exact_and_only_the_equilibrium_is_near_zero():
    rows = {row.bot: row for row in exploitability_table()}
    value = exact_value()
    assert rows["the game's value (an equilibrium)"][1:] == (value, -value, 0)
    for name, row in rows.items():
        # no policy concedes less than the game's value to a best response, in either seat
        assert row.as_player_0 >= value - Fraction(1, 10**9) and row.as_player_1 >= -value - Fraction(1, 10**9), row
        if name.startswith("equilibrium"):
            assert row.exploitability < 0.001
        elif name != "the game's value (an equilibrium)":
            assert isinstance(row.exploitability, Fraction) and row.exploitability > Fraction(1, 4), row
    # the counting and Bayesian bots call every first card: a best response opens with its zatsunen and always wins
    assert rows["counting 3/5"].as_player_0 == rows["bayesian 3/5"].as_player_0 == 1
    assert rows["learner"].exploitability < rows["bayesian 3/5"].exploitability


STORED = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "satori_learner_tournament.csv"


@pytest.mark.parametrize("place", [0, 0.5, 1])  # the first game, one in the middle, the last
def test_the_stored_tournament_replays_exactly(place):
    table = pd.read_csv(STORED)
    index = round(place * (TOURNAMENT["games"] - 1))
    rows = table[table["game"] == index].sort_values("seat")
    agents = tournament_agents()
    record = play(Game(players=3), [agents[name] for name in rows["agent"]], seed=int(rows["seed"].iloc[0]))
    assert record.result.scores == tuple(rows["score"]) and record.result.places == tuple(rows["place"])


def test_the_stored_tournament_shows_the_learner_above_a_fair_share_and_both_rivals():
    table = pd.read_csv(STORED)
    assert table["game"].nunique() == TOURNAMENT["games"] and sorted(table["agent"].unique()) == sorted(tournament_agents())
    by_agent = summary(table)
    learner = by_agent.loc["learner"]
    assert learner["win low"] > 1 / 3, by_agent
    for rival in by_agent.index.drop("learner"):
        assert learner["win low"] > by_agent.loc[rival, "win high"], by_agent


def test_every_bots_chances_are_what_its_act_draws_from():
    # the policy the exploitability table measures is the bot that plays: act's choice has chance > 0,
    # the chances sum to 1 over legal actions, and a bot without randomness gives its one action chance 1
    bots = [CountingBot(), BayesianBot(), ModelBot(), LearnerBot(rollouts=8)]
    rng = random.Random(3)
    for seed in range(3):
        state = Game(players=3).new()
        while not state.is_over:
            seat, legal = state.current_player, state.legal_actions()
            obs = state.observation(seat)
            for bot in bots:
                chances = bot.chances(obs, legal)
                assert set(chances) <= set(legal) and sum(chances.values()) == 1, (bot, chances)
                assert chances.get(bot.act(obs, legal, rng), 0) > 0, (bot, obs)
            state.apply(bots[(seat + seed) % len(bots)].act(obs, legal, rng))
