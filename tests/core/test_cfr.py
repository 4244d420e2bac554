"""CFR on the kit: Kuhn poker's known equilibrium (Kuhn 1950), brute-force best responses, and toys that must fail."""
import random
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product
from typing import NamedTuple, Optional

import pytest

from cardlib.core import cfr, example
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError
from cardlib.core.example import BET, CALL, CARDS, CHECK, FOLD
from cardlib.core.protocol import Result

KUHN_VALUE = Fraction(-1, 18)  # Kuhn 1950: the first player's value of the game
DEALS = list(permutations(CARDS, 2))  # the six deals, each 1/6
ALPHAS = [Fraction(0), Fraction(1, 6), Fraction(1, 3)]
SEAT_BETTINGS = {0: ("", "check bet"), 1: ("check", "bet")}  # where each seat decides, as example.py names it


@lru_cache(maxsize=1)
def kuhn() -> cfr.Tree:
    """Kuhn poker's tree: the six deals at 1/6, player 0's chips as the utility."""
    return cfr.tree([(Fraction(1, 6), example.Game().new(deck=deal)) for deal in DEALS], utility=cfr.scores_utility)


def betting(obs) -> str:
    return " ".join(str(action) for action in obs.betting)


def as_policy(strategy) -> cfr.Policy:
    """example.py's strategy table (the chance to bet or call) as a CFR policy."""
    return cfr.tabulate(kuhn(), lambda obs: example.action_probabilities(strategy, obs))


def as_strategy(policy: cfr.Policy) -> dict:
    """A CFR policy as example.py's table: (card, betting) -> the chance to bet or call."""
    return {(obs.card, betting(obs)): Fraction(chances.get(BET, chances.get(CALL, 0)))
            for obs, chances in policy.items()}


def brute_force_exploitability(strategy: dict) -> Fraction:
    """Every pure strategy of each seat (2^6 = 64) against ``strategy``, scored by example.expected_score alone."""
    def score(table: dict) -> Fraction:
        return sum((example.expected_score(example.Game().new(deck=deal), table) for deal in DEALS),
                   Fraction(0)) / len(DEALS)

    best = {}
    for seat, bettings in SEAT_BETTINGS.items():
        spots = [(card, b) for b in bettings for card in CARDS]
        scores = [score({**strategy, **dict(zip(spots, map(Fraction, bits)))})
                  for bits in product((0, 1), repeat=len(spots))]
        best[seat] = max(scores) if seat == 0 else -min(scores)
    return (best[0] + best[1]) / 2


# --- the tree ------------------------------------------------------------------------------------

def test_kuhn_has_six_information_sets_a_player_and_thirty_ends():
    assert kuhn().size == cfr.Size(infosets=(6, 6), decisions=24, terminals=30)
    assert kuhn().size.histories == 54
    assert sorted((obs.card, betting(obs)) for obs in kuhn().keys if obs.seat == 1) == \
        sorted((card, b) for card in CARDS for b in ("check", "bet"))


def test_roots_must_be_chance_outcomes_summing_to_one():
    with pytest.raises(ValueError, match="summing to 1"):
        cfr.tree([(Fraction(1, 6), example.Game().new(deck=deal)) for deal in DEALS[:5]], utility=cfr.scores_utility)
    with pytest.raises(ValueError, match="summing to 1"):
        cfr.tree([], utility=cfr.scores_utility)


@pytest.mark.parametrize("utility", [None, 0], ids=["absent", "not a function"])
def test_the_utility_is_never_chosen_silently_and_the_error_names_the_choices(utility):
    deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in DEALS]
    with pytest.raises(TypeError, match="utility=cfr.scores_utility .* or utility=cfr.places_utility"):
        cfr.tree(deals) if utility is None else cfr.tree(deals, utility=utility)
    with pytest.raises(TypeError):
        cfr.tree(deals, cfr.scores_utility)  # keyword only: a bare second argument is refused too


def test_places_and_scores_are_two_different_games():
    # Kuhn's equilibrium for chips is no equilibrium for "win the hand most often": 2/9 exploitable there
    deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in DEALS]
    by_places = cfr.tree(deals, utility=cfr.places_utility)
    policy = as_policy(example.equilibrium_strategy())
    assert (cfr.value(kuhn(), policy), cfr.exploitability(kuhn(), policy)) == (KUHN_VALUE, 0)
    assert (cfr.value(by_places, policy), cfr.exploitability(by_places, policy)) == (Fraction(-2, 27), Fraction(2, 9))


# --- the Kuhn equilibrium, exactly -----------------------------------------------------------------

@pytest.mark.parametrize("alpha", ALPHAS, ids=str)
def test_kuhns_equilibrium_is_unexploitable_and_worth_minus_one_eighteenth(alpha):
    policy = as_policy(example.equilibrium_strategy(alpha))
    assert abs(cfr.exploitability(kuhn(), policy)) <= 1e-12
    assert cfr.exploitability(kuhn(), policy) == 0  # exact inputs, exact answer
    assert cfr.value(kuhn(), policy) == KUHN_VALUE
    assert brute_force_exploitability(example.equilibrium_strategy(alpha)) == 0


def test_the_uniform_policy_is_exploitable_by_eleven_twenty_fourths():
    uniform = cfr.uniform(kuhn())
    assert cfr.exploitability(kuhn(), uniform) == Fraction(11, 24)
    assert brute_force_exploitability(as_strategy(uniform)) == Fraction(11, 24)
    assert cfr.value(kuhn(), uniform) == Fraction(1, 8)


def test_a_policy_that_says_nothing_plays_uniformly():
    assert cfr.exploitability(kuhn(), {}) == Fraction(11, 24)


@pytest.mark.parametrize("seed", range(4))
def test_the_best_response_agrees_with_brute_force_on_random_policies(seed):
    rng = random.Random(seed)
    strategy = {(card, b): Fraction(rng.randrange(7), 6) for card in CARDS for b in ("", "check", "bet", "check bet")}
    assert cfr.exploitability(kuhn(), as_policy(strategy)) == brute_force_exploitability(strategy) > 0


def test_the_best_response_to_a_caller_who_calls_too_much_never_bluffs_the_jack_and_bets_the_queen_for_value():
    strategy = {**example.equilibrium_strategy(), ("Q", "bet"): Fraction(1)}  # player 1 always calls with a Q
    gained, response = cfr.best_response(kuhn(), as_policy(strategy), seat=0)
    assert gained > KUHN_VALUE
    chosen = {(obs.card, betting(obs)): action for obs, action in response.items()}
    assert chosen[("J", "")] == CHECK and chosen[("K", "")] == BET and chosen[("K", "check bet")] == CALL
    assert set(chosen) == {(card, b) for card in CARDS for b in SEAT_BETTINGS[0]}


def test_a_policy_must_sum_to_one_where_it_speaks():
    obs = kuhn().keys[0]
    with pytest.raises(ValueError, match="sum to 1"):
        cfr.value(kuhn(), {obs: {CHECK: 0.5}})


# --- CFR and CFR+ ----------------------------------------------------------------------------------

@pytest.mark.parametrize("plus", [False, True], ids=["CFR", "CFR+"])
def test_the_exploitability_falls_with_the_iterations(plus):
    curve = cfr.solve(kuhn(), 1000, plus=plus, at=(10, 100, 1000)).curve
    assert [point.iteration for point in curve] == [10, 100, 1000]
    assert curve[0].exploitability > curve[1].exploitability > curve[2].exploitability
    assert curve[2].exploitability < (0.002 if not plus else 0.0002)  # measured: 0.00094 and 0.000087
    assert curve[0].seconds <= curve[1].seconds <= curve[2].seconds


def test_cfr_plus_finds_kuhns_family():
    policy = cfr.solve(kuhn(), 1000).policy
    exploitable = cfr.exploitability(kuhn(), policy)
    # |value - v*| <= 2 x exploitability: both lie between -BR1 and BR0, which are 2 x exploitability apart
    assert abs(cfr.value(kuhn(), policy) - KUHN_VALUE) <= 2 * exploitable
    bets = as_strategy(policy)
    alpha = bets[("J", "")]
    # measured 0.003 from the family after 1,000 iterations; a solver that is wrong is off by tenths
    assert -0.02 <= alpha <= Fraction(1, 3) + Fraction(1, 50)
    assert abs(bets[("K", "")] - 3 * alpha) < 0.02
    assert abs(bets[("Q", "check bet")] - (alpha + Fraction(1, 3))) < 0.02
    assert abs(bets[("J", "check")] - Fraction(1, 3)) < 0.02 and abs(bets[("Q", "bet")] - Fraction(1, 3)) < 0.02
    assert bets[("Q", "")] < 0.02 and bets[("J", "bet")] < 0.02 and bets[("K", "bet")] > 0.98


def test_every_and_at_choose_the_checkpoints_and_stop_below_ends_early():
    curve = cfr.solve(kuhn(), 100, every=40, at=(5,)).curve
    assert [point.iteration for point in curve] == [5, 40, 80]
    curve = cfr.solve(kuhn(), 10_000, every=10, stop_below=0.01).curve
    assert curve[-1].exploitability < 0.01 <= curve[-2].exploitability
    assert curve[-1].iteration < 1000


def test_reach_is_one_third_for_each_first_card():
    arises = cfr.reach(kuhn(), cfr.uniform(kuhn()))
    assert {arises[obs] for obs in kuhn().keys if obs.seat == 0 and not obs.betting} == {Fraction(1, 3)}
    assert sum(arises[obs] for obs in kuhn().keys if obs.seat == 1) == 1  # player 1 decides once a game


def test_restrict_forces_one_choice():
    king = next(obs for obs in kuhn().keys if obs.seat == 0 and obs.card == "K" and not obs.betting)
    checking = cfr.restrict(kuhn(), king, CHECK)
    assert cfr.reach(checking, cfr.uniform(checking))[king] == Fraction(1, 3)
    assert cfr.value(checking, {}) < cfr.value(kuhn(), {})  # a king that never bets wins less
    assert kuhn().actions[kuhn().keys.index(king)] == (CHECK, BET)  # the original tree is untouched
    with pytest.raises(ValueError, match="no choice"):
        cfr.restrict(kuhn(), king, FOLD)


# --- toys: a hidden coin, and games that break the rules of the tree --------------------------------

class Seen(NamedTuple):
    seat: int
    players: int
    current_player: Optional[int]
    log: tuple
    result: Optional[Result]
    mine: tuple


class Coin(Engine):
    """Player 0 hides a coin heads or tails; player 1 guesses it without seeing it: right wins 1, wrong loses 1.

    ``forget``: player 0 chooses twice and forgets the first choice (imperfect recall);
    ``muddle``: player 1's guess and player 0's choice look alike (one observation, two decisions).
    """

    __slots__ = ("_coin", "_guess", "forget", "muddle")

    def __init__(self, forget: bool = False, muddle: bool = False) -> None:
        super().__init__(None, random.Random(0))
        self._coin: list = []
        self._guess = None
        self._current = 0
        self.forget, self.muddle = forget, muddle

    def legal_actions(self):
        return [] if self._current is None else ["heads", "tails"]

    def _check(self, action):
        if action not in ("heads", "tails"):
            raise IllegalActionError(action)

    def _change(self, action, plan):
        if self._current == 0:
            self._coin.append(action)
            self._current = 0 if self.forget and len(self._coin) == 1 else 1
        else:
            self._guess, self._current = action, None

    def observation(self, seat):
        if self.muddle:
            return Seen(0, 2, 0, (), None, ())
        mine = () if self.forget or seat == 1 else tuple(self._coin)
        return Seen(seat, 2, self._current, (), None, mine)

    def result(self):
        right = self._guess == self._coin[-1]
        return Result(scores=(-1, 1) if right else (1, -1), places=(2, 1) if right else (1, 2))


def coin_policy(heads: Fraction) -> cfr.Policy:
    """Player 0 shows heads with chance ``heads``; player 1 guesses at random."""
    return {Seen(0, 2, 0, (), None, ()): {"heads": heads, "tails": 1 - heads},
            Seen(1, 2, 1, (), None, ()): {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}}


def peeking_best_response(game_tree: cfr.Tree, policy: cfr.Policy, seat: int) -> Fraction:
    """A deliberately broken best response: it chooses in each history as if it saw the hidden coin."""
    def worth(node):
        i = game_tree.infoset[node]
        if i < 0:
            return game_tree.utility[node] * (1 if seat == 0 else -1)
        kids = [worth(kid) for kid in game_tree.children[node]]
        if game_tree.owner[i] == seat:
            return max(kids)
        chances = policy[game_tree.keys[i]]
        return sum(chances[action] * kid for action, kid in zip(game_tree.actions[i], kids))

    return sum(p * worth(root) for p, root in game_tree.roots)


def test_the_hidden_coin_is_exploitable_only_through_information_sets():
    coin = cfr.tree([(1, Coin())], utility=cfr.places_utility)
    assert coin.size == cfr.Size(infosets=(1, 1), decisions=3, terminals=4)
    policy = coin_policy(Fraction(7, 10))
    # player 1 guesses heads: right 7 times in 10, so +2/5; player 0 gains nothing against a random guess
    assert cfr.best_response(coin, policy, 1)[0] == Fraction(2, 5)
    assert cfr.best_response(coin, policy, 0)[0] == 0
    assert cfr.exploitability(coin, policy) == Fraction(1, 5)
    # a best response that peeks at the coin finds +1, not +2/5: the assertions above would catch it
    assert peeking_best_response(coin, policy, 1) == 1
    assert cfr.exploitability(coin, coin_policy(Fraction(1, 2))) == 0
    assert cfr.exploitability(coin, cfr.solve(coin, 50).policy) < 0.01


def test_a_player_who_forgets_is_refused():
    with pytest.raises(ValueError, match="forgets"):
        cfr.tree([(1, Coin(forget=True))], utility=cfr.places_utility)


def test_one_observation_for_two_decisions_is_refused():
    with pytest.raises(ValueError, match="one observation, two decisions"):
        cfr.tree([(1, Coin(muddle=True))], utility=cfr.places_utility)


# --- chance inside the tree: a toy worked by hand, and the tree's refusals --------------------------

class Stake(Engine):
    """Player 0 stakes 1 or 2 (public); chance then tosses a coin, heads ``odds``, that only player 0 sees;
    player 1 guesses it: right wins the stake from player 0, wrong loses it to player 0.

    ``outcomes`` replaces the coin's chance outcomes (to test the tree's checks of them).
    """

    __slots__ = ("_stake", "_coin", "_guess", "odds", "outcomes")

    def __init__(self, odds=Fraction(1, 4), outcomes=None) -> None:
        super().__init__(None, random.Random(0))
        self._stake = self._coin = self._guess = None
        self._current = 0
        self.odds, self.outcomes = odds, outcomes

    def legal_actions(self):
        if self._current == cfr.CHANCE:
            return ["heads", "tails"]
        return [] if self._current is None else [1, 2] if self._current == 0 else ["heads", "tails"]

    def chance_outcomes(self):
        return self.outcomes if self.outcomes is not None else [(self.odds, "heads"), (1 - self.odds, "tails")]

    def _check(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(action)

    def _change(self, action, plan):
        if self._current == 0:
            self._stake, self._current = action, cfr.CHANCE
        elif self._current == cfr.CHANCE:
            self._coin, self._current = action, 1
        else:
            self._guess, self._current = action, None

    def observation(self, seat):
        return Seen(seat, 2, self._current, (self._stake,), None, (self._coin,) if seat == 0 else ())

    def result(self):
        won = -self._stake if self._guess == self._coin else self._stake
        return Result(scores=(won, -won), places=(1, 2) if won > 0 else (2, 1))


def stake_tree(**options) -> cfr.Tree:
    return cfr.tree([(1, Stake(**options))], utility=cfr.scores_utility)


def test_a_chance_node_after_a_decision_is_walked_by_every_measure():
    stake = stake_tree()
    assert stake.size == cfr.Size(infosets=(1, 2), decisions=5, terminals=8, chance=2)
    assert stake.size.histories == 15
    assert cfr.value(stake, {}) == 0  # player 1 guesses at random
    # player 1 guesses tails (3 in 4): it wins half the stake on average; player 0 stakes 1 or 2 at random
    assert cfr.best_response(stake, {}, 1) == (Fraction(3, 4), {Seen(1, 2, 1, (1,), None, ()): "tails",
                                                                Seen(1, 2, 1, (2,), None, ()): "tails"})
    assert cfr.best_response(stake, {}, 0)[0] == 0
    assert cfr.exploitability(stake, {}) == Fraction(3, 8)
    arises = cfr.reach(stake, {})
    assert arises[Seen(1, 2, 1, (2,), None, ())] == Fraction(1, 2)  # chance's odds sum to 1 at player 1's set
    assert arises[Seen(0, 2, 0, (None,), None, (None,))] == 1 and len(arises) == 3  # no chance node among them
    solved = cfr.solve(stake, 200, plus=False)
    # the equilibrium: stake 1, guess tails; player 0 is worth -1/2
    assert cfr.value(stake, solved.policy) == pytest.approx(-0.5, abs=0.02)
    assert cfr.exploitability(stake, solved.policy) < 0.01


def test_chance_nodes_are_no_information_sets_of_the_policies():
    stake = stake_tree()
    keys = [obs for obs in stake.keys if not isinstance(obs, cfr.ChanceNode)]
    assert set(cfr.uniform(stake)) == set(cfr.solve(stake, 5).policy) == set(cfr.reach(stake, {})) == set(keys)
    assert len(keys) == 3 and len(stake.keys) == 5
    with pytest.raises(ValueError, match="no choice"):
        cfr.restrict(stake, next(key for key in stake.keys if isinstance(key, cfr.ChanceNode)), "heads")


@pytest.mark.parametrize("outcomes", [[(Fraction(1, 4), "heads")], [(0, "heads"), (1, "tails")], []],
                         ids=["short of 1", "an outcome of chance 0", "none"])
def test_chance_outcomes_must_be_positive_and_sum_to_one(outcomes):
    with pytest.raises(ValueError, match="chance outcomes of .* summing to 1"):
        stake_tree(outcomes=outcomes)


def test_chance_to_act_without_chance_outcomes_is_refused():
    class Mute(Stake):
        __slots__ = ()
        chance_outcomes = None

    with pytest.raises(ValueError, match="no chance_outcomes"):
        cfr.tree([(1, Mute())], utility=cfr.scores_utility)


def test_the_sequence_form_lp_weighs_the_ends_below_a_chance_node_by_its_odds():
    from cardlib.satori import lp  # the exact solver walks the same tree

    stake = stake_tree()
    assert lp.guarantee(stake, 0).value == Fraction(-1, 2) and lp.guarantee(stake, 1).value == Fraction(1, 2)
    assert lp.guarantee(stake_tree(odds=Fraction(1, 2)), 0).value == 0
