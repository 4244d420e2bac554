"""Loop's cards, notation and combinations, against the digest (rules 4, 6, 7 and "Decisions and notation")."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardlib.loop.actions import (
    DECK, DONDEN, PASS, Play, SetAside, Sit, card_text, cards_in_order, parse, parse_card,
)
from cardlib.loop.combos import PAIR, RUN, SINGLE, THREE, Combo, beating, combinations_in, combo, follows, stops


def cards(text):
    """'4b 5b 6b' as cards."""
    return [parse_card(part) for part in text.split()]


def test_the_deck_is_numbers_1_to_15_in_three_colours_one_card_each():
    assert len(DECK) == 45 == len(set(DECK))
    assert sorted({number for number, _ in DECK}) == list(range(1, 16))
    assert all(sum(card[0] == number for card in DECK) == 3 for number in range(1, 16))


def test_a_card_is_its_number_then_a_colour_letter():
    assert card_text((7, "r")) == "7r" and card_text((12, "b")) == "12b" and parse_card("3y") == (3, "y")
    with pytest.raises(ValueError):
        parse_card("7g")


def test_the_cards_of_an_action_are_listed_by_number_then_r_b_y():
    assert cards_in_order(cards("9y 3b 9r 9b")) == tuple(cards("3b 9r 9b 9y"))
    assert str(Play(tuple(cards("9y 9r")))) == "play 9r 9y"
    assert str(SetAside(tuple(cards("8r 3y")))) == "set aside 3y 8r"
    assert SetAside(tuple(cards("8r 3y"))) == SetAside(tuple(cards("3y 8r")))  # an unordered pair: one action


@pytest.mark.parametrize("text", ["set aside 3y 8r", "donden", "play 7r", "play 9r 9y", "play 4b 5b 6b",
                                  "pass", "sit 2"])
def test_every_notation_parses_back_to_its_action(text):
    assert str(parse(text)) == text


def test_the_words_without_parts():
    assert (str(DONDEN), str(PASS), str(Sit(0))) == ("donden", "pass", "sit 0")
    with pytest.raises(ValueError):
        parse("play")
    with pytest.raises(ValueError):
        parse("discard 7r")


def test_a_lead_may_be_a_single_a_pair_three_of_a_kind_or_a_run():
    assert combo(cards("7r")) == Combo(SINGLE, 1, 7)
    assert combo(cards("9r 9y")) == Combo(PAIR, 2, 9)
    assert combo(cards("5r 5b 5y")) == Combo(THREE, 3, 5)
    assert combo(cards("4b 5b")) == Combo(RUN, 2, 4) and combo(cards("6y 4y 5y 7y")) == Combo(RUN, 4, 4)


def test_a_run_is_consecutive_numbers_of_one_colour_at_least_two_cards():
    assert combo(cards("4b 5r")) is None          # two colours
    assert combo(cards("4b 6b")) is None          # a gap
    assert combo(cards("15r 1r")) is None         # 15 and 1 are not neighbours
    assert combo(cards("4b 4b")) is None          # one card twice is no pair


def test_following_needs_the_same_form_and_size_and_a_stronger_number():
    pair9, pair3, run2 = combo(cards("9r 9y")), combo(cards("3r 3b")), combo(cards("10b 11b"))
    assert follows(combo(cards("10r 10b")), pair9) and not follows(pair3, pair9)
    assert not follows(run2, pair9)                                     # a run of 2 is not a pair
    assert not follows(combo(cards("10r 11r 12r")), run2)               # a run of 3 is not a run of 2
    assert not follows(combo(cards("9b 9y")), pair9)                    # equal is not stronger


def test_runs_compare_by_their_lowest_number():
    assert follows(combo(cards("5y 6y 7y")), combo(cards("4r 5r 6r")))
    assert not follows(combo(cards("3y 4y 5y")), combo(cards("4r 5r 6r")))


def test_donden_reverses_the_order_one_strongest_fifteen_weakest():
    assert follows(combo(cards("1r")), combo(cards("15b")), reversed_order=True)
    assert not follows(combo(cards("15b")), combo(cards("1r")), reversed_order=True)
    assert follows(combo(cards("2b 3b")), combo(cards("4y 5y")), reversed_order=True)


def test_any_combination_holding_an_8_stops_the_trick():
    assert stops(cards("8r")) and stops(cards("8r 8y")) and stops(cards("7b 8b 9b"))
    assert not stops(cards("7b 9b")) and not stops(cards("7r 7b"))


def all_combinations_by_brute_force(hand):
    """Every subset of the hand that forms a combination."""
    return {tuple(cards_in_order(subset)) for size in range(1, len(hand) + 1)
            for subset in combinations(hand, size) if combo(list(subset)) is not None}


def test_the_combinations_of_a_hand_are_exactly_its_valid_subsets_each_once():
    rng = random.Random(3)
    for _ in range(200):
        hand = rng.sample(DECK, rng.randint(1, 9))
        found = combinations_in(hand)
        assert len(found) == len(set(found))
        assert set(found) == all_combinations_by_brute_force(hand)


def test_beating_lists_every_combination_when_leading_and_only_followers_otherwise():
    hand = cards("3r 4r 5r 5b 9y 9b 8y")
    assert beating(hand, None) == combinations_in(hand)
    assert [cards_in_order(c) for c in beating(hand, combo(cards("6r 6b")))] == [tuple(cards("9b 9y"))]
    assert tuple(cards("3r 4r")) in beating(hand, combo(cards("6b 7b")), reversed_order=True)
