"""The exact LP: a simplex in Fractions checked on small programs, and the sequence form on Kuhn poker."""
from fractions import Fraction
from itertools import permutations

import pytest

from cardlib.core import cfr, example
from cardlib.satori import lp

KUHN = cfr.tree([(Fraction(1, 6), example.Game().new(deck=deal)) for deal in permutations(example.CARDS, 2)],
                utility=lambda state: state.result().scores[0])


def first_bet(card: str) -> tuple[int, int]:
    """Player 0's sequence 'bet first holding ``card``' in KUHN."""
    i = next(i for i, key in enumerate(KUHN.keys) if key.seat == 0 and key.card == card and not key.log)
    return i, [str(action) for action in KUHN.actions[i]].index("bet")


# --- the simplex ------------------------------------------------------------------------------------

def test_a_textbook_program_is_solved_exactly():
    # max 3a + 5b: a <= 4, 2b <= 12, 3a + 2b <= 18 (slacks s, t, u); optimum 36 at (2, 6)
    best, x = lp.maximise({"a": 3, "b": 5}, [({"a": 1, "s": 1}, 4), ({"b": 2, "t": 1}, 12),
                                            ({"a": 3, "b": 2, "u": 1}, 18)])
    assert (best, x["a"], x["b"]) == (36, 2, 6)
    assert all(isinstance(v, Fraction) for v in x.values())


def test_equalities_need_the_first_phase_and_get_exact_thirds():
    # min a + b (max -a - b): a + 2b = 1, 2a + b = 1 -> a = b = 1/3
    best, x = lp.maximise({"a": -1, "b": -1}, [({"a": 1, "b": 2}, 1), ({"a": 2, "b": 1}, 1)])
    assert (best, x) == (Fraction(-2, 3), {"a": Fraction(1, 3), "b": Fraction(1, 3)})


def test_a_negative_right_hand_side_and_a_redundant_row_are_handled():
    best, x = lp.maximise({"a": 1}, [({"a": -1, "b": -1}, -2), ({"a": 2, "b": 2}, 4)])
    assert (best, x) == (2, {"a": 2})


def test_no_solution_and_no_bound_are_told():
    with pytest.raises(lp.Infeasible, match="no solution"):
        lp.maximise({"a": 1}, [({"a": 1}, 1), ({"a": 1}, 2)])
    with pytest.raises(lp.Infeasible, match="unbounded"):
        lp.maximise({"a": 1}, [({"a": 1, "b": -1}, 1)])


def test_the_optimal_face_is_searched_both_ways():
    # max a + b with a + b <= 2: every split is optimal; then a from 0 to 2
    rows = [({"a": 1, "b": 1, "s": 1}, 2), ({"a": 1, "t": 1}, 3)]
    (best, least, _), (_, most, at_most) = lp.optima({"a": 1, "b": 1}, rows, [{"a": -1}, {"a": 1}])
    assert (best, -least, most, at_most) == (2, 0, 2, {"a": 2, "t": 1})


# --- the sequence form ---------------------------------------------------------------------------------

def test_kuhn_is_worth_minus_one_eighteenth_to_the_first_player_from_either_side():
    assert lp.guarantee(KUHN, 0).value == Fraction(-1, 18)  # Kuhn 1950
    assert lp.guarantee(KUHN, 1).value == Fraction(1, 18)


def test_kuhns_first_player_bluffs_a_jack_with_any_chance_up_to_one_third():
    found = lp.extremes(KUHN, 0, first_bet("J"))  # Kuhn 1950: alpha in [0, 1/3]
    assert (found.value, found.low, found.high) == (Fraction(-1, 18), 0, Fraction(1, 3))
    king = first_bet("K")
    assert (found.low_plan.get(king, 0), found.high_plan[king]) == (0, 1)  # and bets a king 3 alpha


def test_a_plan_becomes_a_policy_that_guarantees_the_value():
    found = lp.guarantee(KUHN, 0)
    policy = lp.policy(KUHN, 0, found.plan)
    assert -cfr.best_response(KUHN, policy, 1)[0] == Fraction(-1, 18)
    assert all(sum(chances.values()) == 1 for chances in policy.values())


def test_a_pinned_bluff_outside_the_range_guarantees_less():
    assert lp.guarantee(KUHN, 0, {first_bet("J"): Fraction(1, 3)}).value == Fraction(-1, 18)
    assert lp.guarantee(KUHN, 0, {first_bet("J"): Fraction(1, 2)}).value < Fraction(-1, 18)


def test_only_a_first_decision_has_a_linear_chance():
    later = next(i for i, key in enumerate(KUHN.keys) if key.seat == 0 and key.log)
    with pytest.raises(ValueError, match="not a first decision"):
        lp.extremes(KUHN, 0, (later, 0))
    with pytest.raises(ValueError, match="not a first decision"):
        lp.extremes(KUHN, 1, first_bet("J"))


def test_single_action_sets_add_no_sequence():
    forced = cfr.restrict(KUHN, KUHN.keys[first_bet("J")[0]], KUHN.actions[0][0])
    assert first_bet("J")[0] not in lp.sequence_form(forced).parent
    assert first_bet("J")[0] in lp.sequence_form(KUHN).parent
