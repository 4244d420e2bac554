"""Discontinuity scoring (stdlib only): the row penalty with its run rule, and a player's score.

A row is written as the sheet writes it, left to right: number cards, and the joker as ``"J"``
right after the card it sits on (its anchor), where it counts that number + 1.

>>> row_penalty([5, 7, 9])                 # the sheet: player A pays 5 + 7 + 9
21
>>> row_penalty([1, 2, 5, 6, "J", 8])      # the sheet: player B pays 1 + 2 + 5
8
>>> row_penalty(["J"])                     # a joker alone counts 11
11
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

JOKER = "J"          # how the sheet writes the joker in a row
JOKER_ALONE = 11     # a joker with no number card in the row counts 11
RUN = 3              # a run of three or more consecutive values costs only its lowest card
SAFE_CARD = 2        # each card in the safe (金庫) scores +2, so a pair scores 4

Row = Sequence[Union[int, str]]


def row_values(row: Row) -> list[int]:
    """The values of a laid-out row: the joker counts its anchor + 1, or 11 alone.

    >>> row_values([9, 10, "J"])
    [9, 10, 11]
    """
    values: list[int] = []
    for index, card in enumerate(row):
        if card == JOKER:
            if index == 0:
                if len(row) > 1:
                    raise ValueError(f"{list(row)!r}: the joker sits right of a number card, never left")
                values.append(JOKER_ALONE)
            elif row[index - 1] == JOKER:
                raise ValueError(f"{list(row)!r}: nobody holds two jokers")
            else:
                values.append(values[-1] + 1)
        elif isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= 10:
            values.append(card)
        else:
            raise ValueError(f"{card!r} in {list(row)!r} is neither a number 1..10 nor the joker 'J'")
    if sum(card == JOKER for card in row) > 1:
        raise ValueError(f"{list(row)!r}: nobody holds two jokers")
    return values


def runs(values: Sequence[int]) -> list[list[int]]:
    """The maximal runs, read left to right: each value exactly 1 more than the one before.

    Ten and one are not consecutive, and a repeated value breaks a run.

    >>> runs([1, 2, 5, 6, 7, 8])
    [[1, 2], [5, 6, 7, 8]]
    >>> runs([3, 4, 4])
    [[3, 4], [4]]
    """
    out: list[list[int]] = []
    for value in values:
        if out and value == out[-1][-1] + 1:
            out[-1].append(value)
        else:
            out.append([value])
    return out


def run_cost(run: Sequence[int]) -> int:
    """What one run costs: its lowest value if it has three or more cards, else every value.

    >>> run_cost([5, 6, 7, 8]), run_cost([1, 2])
    (5, 3)
    """
    return run[0] if len(run) >= RUN else sum(run)


def row_penalty(row: Row) -> int:
    """The points a laid-out row costs at the end (the run rule applied).

    >>> row_penalty([])
    0
    >>> row_penalty([8, 9, 10, "J"])       # a joker right of 10 counts 11: the run 8..11 costs 8
    8
    """
    return sum(run_cost(run) for run in runs(row_values(row)))


def largest_value(row: Row) -> int:
    """The largest value a row shows (the tie-break); 0 for an empty row.

    >>> largest_value([3, 10, "J"])
    11
    """
    values = row_values(row)
    return max(values) if values else 0


def score(safe_cards: int, row: Row) -> int:
    """A player's points: +2 per card in the safe, minus the row penalty.

    >>> score(10, [5, 7, 9])               # the sheet: 5 pairs, row 5, 7, 9 -> -1
    -1
    >>> score(8, [1, 2, 5, 6, "J", 8])     # the sheet: 4 pairs -> 8
    8
    """
    return SAFE_CARD * safe_cards - row_penalty(row)


def lay_out(numbers: Sequence[int], joker: bool = False, anchor: Optional[int] = None) -> tuple:
    """The row as laid out: numbers sorted, the joker right of its anchor (or alone).

    >>> lay_out([8, 1, 5], joker=True, anchor=5)
    (1, 5, 'J', 8)
    """
    out: list[Union[int, str]] = []
    for number in sorted(numbers):
        out.append(number)
        if joker and number == anchor:
            out.append(JOKER)
    if joker and anchor is None:
        if numbers:
            raise ValueError(f"a joker in a row with number cards {sorted(numbers)} needs an anchor")
        out.append(JOKER)
    elif joker and anchor not in numbers:
        raise ValueError(f"no {anchor!r} in the row {sorted(numbers)} for the joker to sit on")
    return tuple(out)
