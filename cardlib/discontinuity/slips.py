"""The usual slips of the Discontinuity exercises that take more than a line: the value a student's slip
leads to, computed with cardlib, so that ``cardlib.discontinuity.exercises`` recognises it and says what
was counted wrongly (runs of two taken for runs, deals with a repeated number kept, every set of numbers
taken as equally likely, the joker on the lowest card).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

from cardlib.decks.pairs import COPIES, NUMBERS
from cardlib.discontinuity.scoring import JOKER, RUN, lay_out, row_penalty, row_values, runs


def penalty_runs_of_two(row: Sequence[int]) -> int:
    """The slip of dc.2: a row's penalty when two consecutive numbers already count as a run.

    >>> penalty_runs_of_two((1, 2, 4, 5, 9, 10))
    14
    """
    return sum(run[0] if len(run) >= 2 else sum(run) for run in runs(sorted(row)))


@lru_cache(maxsize=None)
def mean_penalty_with_repeats(size: int) -> float:
    """The slip of dc.11: the mean penalty when deals with a repeated number are kept, not dealt again."""
    total = weight = 0.0
    for numbers in combinations_with_replacement(NUMBERS, size):
        counts = Counter(numbers)
        ways = math.prod(comb(COPIES[number], count) for number, count in counts.items())
        total += ways * row_penalty(list(numbers) + [JOKER])  # laid out in order, the joker on top
        weight += ways
    return total / weight


@lru_cache(maxsize=None)
def mean_penalty_of(size: int, weighted: bool, anchor: Callable[[Sequence[int]], int]) -> float:
    """The slips of dc.11: the mean penalty of ``size`` different numbers and the joker right of ``anchor(row)``,
    each set of numbers weighted by the ways the deck deals it (``weighted``) or all alike."""
    total = weight = 0
    for numbers in combinations(NUMBERS, size):
        ways = math.prod(COPIES[number] for number in numbers) if weighted else 1
        total += ways * row_penalty(lay_out(numbers, joker=True, anchor=anchor(numbers)))
        weight += ways
    return total / weight


def is_run_around_the_top(line: Sequence[int]) -> bool:
    """The slip of dc.7 and dc.12: consecutive numbers, but 10 and 1 taken to be neighbours too.

    >>> is_run_around_the_top((9, 10, 1)), is_run_around_the_top((3, 4, 5))
    (True, True)
    """
    top = max(NUMBERS)
    return any(sorted(line) == sorted((start + step - 1) % top + 1 for step in range(len(line)))
               for start in NUMBERS)


def makes_a_run(row: Sequence[object]) -> bool:
    """Whether a laid-out row holds a run of three or more (what dc.14's run take is after)."""
    return any(len(run) >= RUN for run in runs(row_values(row)))
