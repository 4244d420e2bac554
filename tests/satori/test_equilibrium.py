"""The small two-player Satori's equilibrium: converged, mixed where it must be, and sound as a bot."""
import random
import re
import statistics
from fractions import Fraction

import pytest

from cardlib.core import cfr
from cardlib.core.agents import RandomAgent
from cardlib.core.match import play
from cardlib.satori import DECLARE, KATSU, NO_KATSU, PASS, PLAY_SATORI, PLAY_ZATSUNEN, Game
from cardlib.satori.actions import WINDOW
from cardlib.satori import equilibrium
from cardlib.satori.bots import BayesianBot, CountingBot
from cardlib.satori import lp
from cardlib.satori.equilibrium import (
    SMALL, EquilibriumBot, exact_value, first_bluff_range, first_katsu_range, first_katsu_strategies,
    first_move_costs, frequencies, purity_costs, small_tree, small_value, solve_small,
)

TARGET = 0.001  # the exploitability the brief asks for


def policy():
    return solve_small().policy


def exploitable() -> float:
    return cfr.exploitability(small_tree(), policy())


def one_side(seat: int, other: cfr.Policy) -> cfr.Policy:
    """The equilibrium at ``seat``'s information sets, ``other`` at the opponent's."""
    return {**{key: chances for key, chances in policy().items() if key.seat == seat}, **other}


def counting_policy(bot: CountingBot, seat: int) -> cfr.Policy:
    """A counting bot's choices as probabilities (bots.py: declare when it can, bluff at its rate, call at its threshold)."""
    found: cfr.Policy = {}
    for obs, legal in zip(small_tree().keys, small_tree().actions):
        if obs.seat != seat:
            continue
        if obs.phase == WINDOW:
            found[obs] = {KATSU: 1} if bot.chance(obs) >= bot.threshold else {NO_KATSU: 1}
        elif DECLARE in legal:
            found[obs] = {DECLARE: 1}
        elif PLAY_SATORI in legal and PLAY_ZATSUNEN in legal:
            found[obs] = {PLAY_ZATSUNEN: bot.bluff, PLAY_SATORI: 1 - bot.bluff}
        else:
            found[obs] = {legal[0]: 1}
    return found


# --- the tree the docstring describes --------------------------------------------------------------

def test_the_small_game_is_two_players_with_two_satori_and_one_zatsunen_each():
    assert SMALL == Game(players=2, satori=2, zatsunen=1) and not SMALL.official


def test_the_docstring_states_the_sizes_of_the_tree():
    size, text = small_tree().size, " ".join(equilibrium.__doc__.split())
    p0, p1 = size.infosets
    assert f"{p0} + {p1} = {p0 + p1} information sets" in text
    assert f"over {size.histories} histories ({size.decisions} decisions, {size.terminals} ends)" in text


ROW = re.compile(r"^(\d) S \+ (\d) Z\s+([\d,]+) \+ ([\d,]+)\s+([\d,]+)\s", re.MULTILINE)


def test_every_row_of_the_docstrings_table_has_the_computed_sizes():
    rows = ROW.findall(equilibrium.__doc__)
    assert len(rows) == 7
    for satori, zatsunen, p0, p1, histories in rows:
        size = cfr.tree([(1, Game(players=2, satori=int(satori), zatsunen=int(zatsunen)).new())],
                        utility=cfr.places_utility).size
        assert (size.infosets, size.histories) == ((int(p0.replace(",", "")), int(p1.replace(",", ""))),
                                                   int(histories.replace(",", ""))), (satori, zatsunen)


# --- converged -------------------------------------------------------------------------------------

def test_cfr_plus_brings_the_exploitability_below_one_thousandth_within_a_minute():
    curve = solve_small().curve
    first = next(point for point in curve if point.exploitability < TARGET)
    assert first.seconds < 60 and first.iteration < 2000
    assert curve[-1].exploitability < TARGET
    assert exploitable() == pytest.approx(curve[-1].exploitability)
    assert curve[0].exploitability > 10 * curve[-1].exploitability  # it fell on the way


def test_player_0_is_worth_about_plus_029():
    value = small_value()
    assert -cfr.best_response(small_tree(), policy(), 1)[0] <= value <= cfr.best_response(small_tree(), policy(), 0)[0]
    assert 0.28 < value < 0.30  # measured 0.290: player 0 wins about 64.5% of the games


# --- mixed -----------------------------------------------------------------------------------------

def test_the_first_move_is_a_mixed_bluff_and_the_first_card_a_mixed_katsu():
    rows = frequencies()
    first, second = rows[0], rows[1]
    assert (first.kind, first.seat, first.chance) == ("bluff", 0, pytest.approx(1))
    assert first.situation == "P0 to play, holding SSZ, pile - (P1's -); so far: nothing yet"
    assert 0.2 < first.probability < 0.4   # measured 0.29
    assert (second.kind, second.seat, second.chance) == ("katsu", 1, pytest.approx(1))
    assert second.situation.startswith("P1 to judge P0's card, holding SSZ")
    assert 0.1 < second.probability < 0.3  # measured 0.19


def test_bluffs_and_katsu_are_mixed_in_many_situations():
    rows = frequencies()
    for kind in ("bluff", "katsu"):
        mixed = [row for row in rows if row.kind == kind and 0.05 < row.probability < 0.95]
        assert len(mixed) >= 5, kind
    assert all(row.chance >= 0.05 for row in rows)
    assert len(frequencies(at_least=0.0)) > len(rows)


def test_no_equilibrium_makes_the_first_bluff_or_the_first_katsu_pure():
    free, always_satori, always_bluff, always_katsu, never_katsu = purity_costs(400)
    assert (always_satori.forced, always_bluff.forced) == ("play satori", "play zatsunen")
    # player 0 forced pure guarantees less than the game's value, whichever way
    assert always_satori.high < free.low and always_bluff.high < free.low
    # player 1 forced pure concedes more than the game's value, whichever way
    assert always_katsu.low > free.high and never_katsu.low > free.high


# --- the bot ---------------------------------------------------------------------------------------

def test_a_best_response_gains_no_more_than_the_exploitability_allows():
    value = small_value()
    for seat, sign in ((0, 1), (1, -1)):
        gained, response = cfr.best_response(small_tree(), policy(), seat)
        assert gained <= sign * value + 2 * exploitable()
        obeying = {key: {action: 1} for key, action in response.items()}
        assert sign * cfr.value(small_tree(), one_side(1 - seat, obeying)) == pytest.approx(gained)


@pytest.mark.parametrize("bot", [CountingBot(), BayesianBot()], ids=lambda bot: bot.name)
@pytest.mark.parametrize("seat", [0, 1])
def test_against_the_bots_the_equilibrium_gets_at_least_what_it_guarantees(seat, bot):
    sign = 1 if seat == 0 else -1
    guaranteed = -cfr.best_response(small_tree(), policy(), 1 - seat)[0]
    assert sign * cfr.value(small_tree(), one_side(seat, counting_policy(bot, 1 - seat))) >= guaranteed - 1e-9


@pytest.mark.parametrize("bot", [CountingBot(), BayesianBot()], ids=lambda bot: bot.name)
def test_a_best_response_beats_the_bots_every_game(bot):
    # both call Katsu on the first card (its chance 2/3 passes their 3/5): a zatsunen there wins outright
    both = {**counting_policy(bot, 0), **counting_policy(bot, 1)}
    assert cfr.exploitability(small_tree(), both) == 1


def test_the_bot_samples_its_policy():
    exact = cfr.value(small_tree(), one_side(0, {}))  # the equilibrium against uniform play (the default)
    games = [play(SMALL, [EquilibriumBot(), RandomAgent()], seed=seed) for seed in range(400)]
    won = [1 if record.result.places[0] == 1 else -1 for record in games]
    error = statistics.pstdev(won) / len(won) ** 0.5
    assert abs(statistics.mean(won) - exact) < 4 * error


@pytest.mark.parametrize("opponent", [RandomAgent(), CountingBot(), BayesianBot()], ids=lambda agent: agent.name)
def test_the_bot_plays_legal_moves_in_whole_games_from_either_seat(opponent):
    bot = EquilibriumBot()
    for seed in range(20):
        for agents in ([bot, opponent], [opponent, bot]):
            record = play(SMALL, agents, seed=seed)
            assert record.result.places in ((1, 2), (2, 1))


def test_where_the_policy_is_silent_the_bot_plays_uniformly():
    state = Game(players=3).new()
    rng = random.Random(0)
    chosen = {EquilibriumBot().act(state.observation(0), state.legal_actions(), rng) for _ in range(50)}
    assert chosen == {PLAY_SATORI, PLAY_ZATSUNEN}
    assert EquilibriumBot({}).act(state.observation(0), [PASS], rng) == PASS
    assert EquilibriumBot.name == "equilibrium"


def test_a_silent_policy_reads_as_uniform_in_the_frequencies():
    assert {row.probability for row in frequencies({}, at_least=0.1) if row.kind == "katsu"} == {0.5}


# --- exactly: the sequence-form LP ------------------------------------------------------------------

VALUE = Fraction(9, 31)


def first_window() -> tuple[int, int]:
    """Player 1's sequence 'Katsu on the first card' (information set, action) in small_tree()."""
    tree_ = small_tree()
    i = tree_.infoset[tree_.children[tree_.roots[0][1]][0]]
    return i, tree_.actions[i].index(KATSU)


def test_the_exact_value_is_nine_thirty_firsts_from_either_side_and_cfr_prints_it():
    assert exact_value() == VALUE
    assert lp.guarantee(small_tree(), 1).value == -VALUE  # player 1's own LP: the minimax theorem, exactly
    assert f"{float(VALUE):+.3f}" == f"{small_value():+.3f}" == "+0.290"  # as the lesson prints it


def test_the_first_bluff_is_one_rate_in_every_equilibrium():
    found = first_bluff_range()
    assert (found.action, found.low, found.high) == ("play zatsunen", VALUE, VALUE)  # its least and most agree
    assert found.situation == frequencies()[0].situation
    assert round(float(found.low), 3) == round(frequencies()[0].probability, 3) == 0.29  # CFR's, to the digits shown


def test_player_1s_first_katsu_spans_four_to_ten_thirty_firsts():
    found = first_katsu_range()
    assert (found.action, found.low, found.high) == ("katsu", Fraction(4, 31), Fraction(10, 31))
    assert (round(float(found.low), 3), round(float(found.high), 3)) == (0.129, 0.323)
    assert found.low < frequencies()[1].probability < found.high  # CFR landed inside (0.19)
    assert found.situation == frequencies()[1].situation


def test_player_1_has_one_first_card_information_set():
    tree_ = small_tree()
    assert len({tree_.infoset[kid] for kid in tree_.children[tree_.roots[0][1]]}) == 1
    assert lp.sequence_form(tree_).parent[first_window()[0]] is None  # no earlier choice: always reached


@pytest.mark.parametrize("end", [0, 1], ids=["least", "most"])
def test_each_end_of_the_range_is_an_equilibrium_strategy(end):
    strategy = first_katsu_strategies()[end]
    first = small_tree().keys[first_window()[0]]
    assert strategy[first][KATSU] == (first_katsu_range().low, first_katsu_range().high)[end]
    assert cfr.best_response(small_tree(), strategy, 0)[0] == VALUE  # player 0's best reply gains nothing more


@pytest.mark.parametrize("rate", [Fraction(4, 31) - Fraction(1, 1000), Fraction(10, 31) + Fraction(1, 1000)])
def test_a_katsu_rate_just_outside_the_range_belongs_to_no_equilibrium(rate):
    assert lp.guarantee(small_tree(), 1, {first_window(): rate}).value < -VALUE


def test_a_first_bluff_rate_off_nine_thirty_firsts_guarantees_less():
    root = small_tree().roots[0][1]
    bluff = (small_tree().infoset[root], small_tree().actions[small_tree().infoset[root]].index(PLAY_ZATSUNEN))
    for rate in (VALUE - Fraction(1, 1000), VALUE + Fraction(1, 1000)):
        assert lp.guarantee(small_tree(), 0, {bluff: rate}).value < VALUE


def test_forced_openings_kept_and_re_solved():
    never, always = first_move_costs()
    assert (never.forced, never.kept, never.resolved) == ("play satori", 0, 0)
    assert (always.forced, always.kept, always.resolved) == ("play zatsunen", -1, Fraction(-1, 3))
    assert all(isinstance(v, Fraction) for row in (never, always) for v in row[1:])
    assert never.resolved < VALUE and always.kept < always.resolved  # re-solving can only help the forced player


def test_the_kept_costs_of_the_cfr_policy_are_the_lessons_figures():
    never, always = first_move_costs(solve_small().policy)
    assert (round(never.kept, 3), round(always.kept, 3)) == (-0.001, -1.0)  # CFR's error: exactly 0 and -1
    assert (never.resolved, always.resolved) == (0, Fraction(-1, 3))


def test_the_re_solved_values_bound_both_sides():
    tree_ = small_tree()
    first = tree_.keys[tree_.infoset[tree_.roots[0][1]]]
    for row, action in zip(first_move_costs(), (PLAY_SATORI, PLAY_ZATSUNEN)):
        assert lp.guarantee(cfr.restrict(tree_, first, action), 1).value == -row.resolved
