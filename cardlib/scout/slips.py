"""The usual slips of the SCOUT exercises: the usual wrong ways, each computed with cardlib, so every
aimed message is recognised by value. Each helper here works a question the way a student who slips
works it (the second card from the whole deck again, runs upward only, 10 next to 1, the exempt
player paying, …) and returns that wrong value, or is a mistake's test that spots one (``is_``,
``ordered_by``, ``is_above``, …), or reads what those need (cardlib's deck table and chances, an
answer's letters or word). ``cardlib.scout.exercises`` pairs each with its aimed message and passes
the question's data in (player counts, the groups, the tops of a hand, the finished round), so
nothing here imports it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from cardlib.core.checking import letter, same
from cardlib.scout.groups import Card, deck, group, power, shows
from cardlib.scout.rules import State


def _analysis() -> Any:
    """cardlib's mathematics of the game, loaded on first need (it brings pandas and sympy)."""
    from cardlib.scout import analysis
    return analysis


def is_(wrong: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is exactly the wrong value that ``wrong()`` computes."""
    return lambda answer, truth: same(answer, wrong())


def not_n_numbers(answer: Any, truth: Any) -> bool:
    """A mistake's test: not a tuple or list of as many entries as the truth has (a bare number, too)."""
    return not isinstance(answer, (tuple, list)) or len(answer) != len(truth)


# --- the deck (scout.1), two neighbouring cards (scout.2) ---------------------------------------------

def _numbers_on(cards: Sequence[Card]) -> dict[int, int]:
    """How many of ``cards`` carry each number, on either end."""
    counts: dict[int, int] = {}
    for card in cards:
        for number in card:
            counts[number] = counts.get(number, 0) + 1
    return counts


def set_with_replacement(players: int) -> Fraction:
    """The slip of scout.2: the second card drawn from the whole deck again, as if the first were not gone."""
    cards = deck(players)
    return sum((Fraction(m, 2 * len(cards)) ** 2 for m in _numbers_on(cards).values()), Fraction(0))


def carries_the_number(players: int) -> Fraction:
    """The slip of scout.2: the second card carries the first card's number, either end (no way up)."""
    return 2 * _analysis().adjacent_chances(players)["set of 2"]


# --- linearity of expectation (scout.3, scout.7) ------------------------------------------------------

def chance(players: int, *kinds: str) -> Fraction:
    """The chance that two neighbouring cards of a dealt ``players`` hand form a group of one of ``kinds``."""
    chances = _analysis().adjacent_chances(players)
    return sum((chances[kind] for kind in kinds), Fraction(0))


def expected(players: int, *kinds: str) -> Fraction:
    """The expected number of neighbouring groups of ``kinds`` in a dealt ``players`` hand (not the chance of one)."""
    adjacent = _analysis().expected_adjacent(players)
    return sum((adjacent[kind] for kind in kinds), Fraction(0))


# --- an enumeration (scout.4) -------------------------------------------------------------------------

# --- reading an answer (scout.5, scout.8), the beating order (scout.5) --------------------------------

def letters(answer: Any) -> str:
    """An order of the groups as a string of letters: "a b c", "A, B, C" and ["a", "b", "c"] all read "abc"."""
    if isinstance(answer, str):
        return "".join(character for character in answer.lower() if character.isalpha())
    if isinstance(answer, (list, tuple)):
        return "".join(letter(item) for item in answer)
    return ""  # not an order at all: the first mistake says what to give


def word(answer: Any) -> str:
    """An answer read as one word: stripped of spaces and quotes, in lower case ("" if it is no string)."""
    return answer.strip().strip("\"'").strip().lower() if isinstance(answer, str) else ""


def same_order(answer: Any, truth: str) -> bool:
    """The matcher of scout.5: the same letters in the same order, however they are written."""
    return letters(answer) == truth


def same_word(answer: Any, truth: str) -> bool:
    """The matcher of scout.8: the same word, in any case."""
    return word(answer) == truth


def _kind(values: Sequence[int]) -> str:
    return group(values).kind  # type: ignore[union-attr]


def ordered_by(groups: Mapping[str, Sequence[int]], key: Callable[[Sequence[int]], int]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer orders the ``groups`` by ``key`` of their numbers (ties either way)."""
    def matches(answer: Any, truth: str) -> bool:
        values = [key(groups[name]) for name in letters(answer)]
        return sorted(letters(answer)) == sorted(truth) and values == sorted(values)
    return matches


def is_above(groups: Mapping[str, Sequence[int]],
             condition: Callable[[Sequence[int], Sequence[int]], bool]) -> Callable[[Any, Any], bool]:
    """A mistake's test: some group is put above a group it loses to in the way ``condition`` says."""
    def matches(answer: Any, truth: str) -> bool:
        order = [groups[name] for name in letters(answer)]
        return any(condition(lower, higher) and power(higher) < power(lower)
                   for i, lower in enumerate(order) for higher in order[i + 1:])
    return matches


def fewer_cards(lower: Sequence[int], higher: Sequence[int]) -> bool:
    """The slip of scout.5: ``higher`` has fewer cards than ``lower`` (more numbers would not win)."""
    return len(higher) < len(lower)


def other_kind(lower: Sequence[int], higher: Sequence[int]) -> bool:
    """The slip of scout.5: ``higher`` has as many cards as ``lower`` but the other kind (a run over a set)."""
    return len(higher) == len(lower) and _kind(higher) != _kind(lower)


def same_count(lower: Sequence[int], higher: Sequence[int]) -> bool:
    """The slip of scout.5: ``higher`` has as many cards as ``lower`` (the lowest numbers the wrong way round)."""
    return len(higher) == len(lower)


# --- the shows of a hand (scout.6), from its tops -----------------------------------------------------

def wrapping_group(values: Sequence[int]) -> bool:
    """The slip of scout.6: a group if 10 and 1 were neighbours too."""
    if len(values) == 1 or len(set(values)) == 1:
        return True
    steps = {(b - a) % 10 for a, b in zip(values, values[1:])}
    return steps in ({1}, {9})


def upward_group(values: Sequence[int]) -> bool:
    """The slip of scout.6: runs counted only going up."""
    found = group(values)
    return found is not None and (found.kind != "run" or values[1] > values[0])


def no_singles(values: Sequence[int]) -> bool:
    """The slip of scout.6: a group of two cards or more, single cards left out."""
    return len(values) > 1 and bool(group(values))


def two_at_most(values: Sequence[int]) -> bool:
    """The slip of scout.6: a single card or a group of two, never three or more."""
    return len(values) == 1 or (len(values) == 2 and group(values) is not None)


def slices(tops: Sequence[int], is_group: Callable[[Sequence[int]], bool]) -> int:
    """How many slices of neighbouring cards ``is_group`` calls a group."""
    return sum(is_group(tops[first:last]) for first in range(len(tops)) for last in range(first + 1, len(tops) + 1))


def any_cards(tops: Sequence[int]) -> int:
    """The slip of scout.6: cards picked anywhere in the hand (kept in hand order), not only neighbours."""
    return sum(group([tops[i] for i in chosen]) is not None
               for size in range(1, len(tops) + 1) for chosen in combinations(range(len(tops)), size))


def different_groups(tops: Sequence[int]) -> int:
    """The slip of scout.6: different groups of numbers counted, not different places in the hand."""
    return len({tuple(tops[first - 1:last]) for first, last in shows(tops)})


# --- a round scored (scout.9) -------------------------------------------------------------------------

def points(state: State, exempt_pays: bool = False, active_counts: bool = False, chips: bool = True,
           hands: bool = True) -> tuple[int, ...]:
    """Each player's points from the counts of the finished round ``state``, the rules' way or a slip's way."""
    tally = state.observation(0).finished[-1]
    scores = []
    for seat in range(len(tally.score_cards)):
        score = tally.score_cards[seat] + (tally.chips[seat] if chips else 0)
        if hands and (seat != tally.exempt or exempt_pays):
            score -= tally.held[seat]
        if active_counts and seat == state.owner:
            score += len(state.active)
        scores.append(score)
    return tuple(scores)


# --- scout.7 dealt with replacement -------------------------------------------------------------------

def three_with_replacement(players: int, cards: int) -> Fraction:
    """The slip of scout.7: the chance that ``cards`` tops hold a set or run of 3 side by side when each card
    is drawn from the whole deck again (``rng.choice``), so the tops are independent draws.

    >>> three_with_replacement(3, 3) == Fraction(9 + 2 * 7, 9 ** 3)   # 9 sets, 7 runs up and 7 down
    True
    """
    sides = _numbers_on(deck(players))
    total = sum(sides.values())
    top = {number: Fraction(count, total) for number, count in sides.items()}
    clear: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}   # the last two tops -> chance, no group yet
    for _ in range(cards):
        grown: dict[tuple[int, ...], Fraction] = {}
        for last, p in clear.items():
            for number, q in top.items():
                if len(last) == 2 and group((*last, number)) is not None:
                    continue
                key = (*last, number)[-2:]
                grown[key] = grown.get(key, Fraction(0)) + p * q
        clear = grown
    return 1 - sum(clear.values(), Fraction(0))
