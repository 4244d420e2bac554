"""The usual slips of the Loop exercises, each computed with cardlib, so every aimed message is
recognised by value. Each helper here works a question the way a student who slips works it (cards
drawn with replacement, 15 next to 1, the player's own previous rank instead of the chair's, …) and
returns that wrong value, or is a mistake's test that spots one (``is_``, ``entry``, ``holds``, …),
or reads what those need (an answer's plays or chairs, a share of the spread, the chance of a run).
``cardlib.loop.exercises`` pairs each with its aimed message and passes the question's data in, so
nothing here imports it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from numbers import Integral
from typing import Any, Optional

from cardlib.core.checking import close_to, same
from cardlib.loop.actions import DECK, NUMBERS, Card, Play, parse
from cardlib.loop.chairs import BASE, new_total
from cardlib.loop.combos import Combo, combo
from cardlib.loop.rules import HAND


def is_(wrong: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer is exactly the wrong value that ``wrong()`` computes."""
    return lambda answer, truth: same(answer, wrong())


def entry(index: int, *wrongs: Callable[[], Any]) -> Callable[[Any, Any], bool]:
    """A mistake's test: entry ``index`` of a tuple answer is one of the wrong values the ``wrongs`` compute."""
    return lambda answer, truth: any(same(answer[index], wrong()) for wrong in wrongs)


def not_n_entries(answer: Any, truth: Any) -> bool:
    """A mistake's test: not a tuple or list of as many entries as the truth has (a bare number, too)."""
    return not isinstance(answer, (tuple, list)) or len(answer) != len(truth)


def same_pair(answer: Any, truth: tuple) -> bool:
    """Whether a two-entry answer (plain values: the checker rebuilds it) is ``truth``, entry by entry."""
    return isinstance(answer, (tuple, list)) and len(answer) == 2 and all(same(a, t) for a, t in zip(answer, truth))


def near(wrong: Callable[[], Any], places: int) -> Callable[[Any, Any], bool]:
    """A mistake's test for an answer judged to ``places`` decimals: it is, to that many, ``wrong()``."""
    return lambda answer, truth: close_to(answer, wrong(), places)


def _analysis() -> Any:
    """cardlib's mathematics of the game, loaded on first need (it brings pandas and sympy)."""
    from cardlib.loop import analysis
    return analysis


# --- given cards in a hand (loop.2), the 8s among the chairs (loop.3) ------------------------------------

def eights(k: int) -> Fraction:
    """P(exactly k eights in a dealt hand of 11), as cardlib's hypergeometric table has it."""
    p = _analysis().eights_distribution()[k]
    return Fraction(int(p.p), int(p.q))


def none_of(cards: int, replaced: bool = False) -> Fraction:
    """P(none of ``cards`` given cards in a hand of 11), dealt; or the slip's, each card drawn from all 45 again.

    >>> none_of(3) == eights(0), none_of(3, replaced=True) == Fraction(42, 45) ** 11
    (True, True)
    """
    if replaced:
        return Fraction(len(DECK) - cards, len(DECK)) ** HAND
    return 1 - _analysis().p_at_least_one_of(cards)


def exactly_one_of(cards: int) -> Fraction:
    """P(exactly one of ``cards`` given cards in a hand of 11): the slip of "at least one" counted as "one"."""
    return Fraction(cards * math.comb(len(DECK) - cards, HAND - 1), math.comb(len(DECK), HAND))


def eights_unused_drawn(players: int) -> Fraction:
    """The slip of loop.3: each 8 unused with chance unused/45, as if the three were independent draws."""
    return Fraction(len(DECK) - HAND * players, len(DECK)) ** 3


def one_eight_each_slip(orders: bool = True, replaced: bool = False) -> Fraction:
    """Slips of loop.3's "one 8 each" (three players): the 3! ways to give the 8s out forgotten (``orders``
    False), or each 8 placed in a chair with chance 11/45 independently (``replaced``)."""
    ways = math.factorial(3) if orders else 1
    if replaced:
        return ways * Fraction(HAND, len(DECK)) ** 3
    return Fraction(ways * HAND ** 3, math.perm(len(DECK), 3))


# --- linearity: pairs (loop.4) and runs (loop.5) -------------------------------------------------------

def both_dealt(replaced: bool = False) -> Fraction:
    """The chance two given cards are both in the hand: (11 × 10)/(45 × 44), or (11/45)² with replacement."""
    return Fraction(HAND, len(DECK)) ** 2 if replaced else _analysis().p_all_dealt(2)


def numbers_held(at_least: int, exactly: bool = False) -> Fraction:
    """The slip of loop.4: the expected number of numbers held ``at_least`` times (or ``exactly`` so many)."""
    ks = [at_least] if exactly else range(at_least, 4)
    return len(NUMBERS) * sum((eights(k) for k in ks), Fraction(0))


def runs_of_two(starts: int, colours: int = 3, cards_a_pair: int = 1, replaced: bool = False) -> Fraction:
    """loop.5 by linearity, the rules' way or a slip's: colours × starts × pairs of cards × P(both dealt)."""
    return colours * starts * cards_a_pair * both_dealt(replaced)


def every_run() -> Fraction:
    """The slip of loop.5: runs of every length counted, not runs of 2 (a run of 3 counted once more, …)."""
    return sum((value for kind, value in _analysis().expected_combinations().items() if kind.startswith("run")),
               Fraction(0))


# --- following (loop.6) ----------------------------------------------------------------------------

WORDS = ("pass", "donden")


def plays(answer: Any) -> Optional[set]:
    """An answer read as a set of plays: each a frozenset of cards, or a word ("pass", "donden"); None if unreadable.

    >>> sorted(map(sorted, plays({"play 2r 3r", "3r 4r"})))
    [[(2, 'r'), (3, 'r')], [(3, 'r'), (4, 'r')]]
    """
    if isinstance(answer, str) or not isinstance(answer, Iterable):
        return None
    found: set = set()
    for item in answer:
        if not isinstance(item, str):
            return None
        text = " ".join(item.lower().split())
        if text in WORDS:
            found.add(text)
            continue
        try:
            action = parse(text if text.startswith("play ") else f"play {text}")
        except ValueError:
            return None
        if not isinstance(action, Play) or len(set(action.cards)) != len(action.cards):
            return None
        found.add(frozenset(action.cards))
    return found


def notation(cards: Iterable[Card]) -> str:
    """A play written in the notation, like "play 2r 3r"."""
    return str(Play(tuple(cards)))


def holds(test: Callable[[Any], bool]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer, read as plays, holds one for which ``test`` is true."""
    def matches(answer: Any, truth: Any) -> bool:
        found = plays(answer)
        return found is not None and any(test(play) for play in found)
    return matches


def is_word(play: Any) -> bool:
    """The slip of loop.6: "pass" or "donden" listed among the plays."""
    return isinstance(play, str)


def not_from(hand: Sequence[Card]) -> Callable[[Any], bool]:
    """The slip of loop.6: a play with a card that is not in ``hand``."""
    return lambda play: not isinstance(play, str) and not play <= set(hand)


def mixed_run(play: Any) -> bool:
    """The slip of loop.6: consecutive numbers in more than one colour, taken for a run."""
    numbers = sorted(card[0] for card in play)
    return (len({card[1] for card in play}) > 1 and len(set(numbers)) == len(numbers) > 1
            and numbers[-1] - numbers[0] == len(numbers) - 1)


def no_combination(play: Any) -> bool:
    """The slip of loop.6: cards that form no combination at all."""
    return not isinstance(play, str) and combo(sorted(play)) is None


def other_shape(trick: Combo) -> Callable[[Any], bool]:
    """The slip of loop.6: a combination of another form or size than the trick's."""
    def test(play: Any) -> bool:
        found = combo(sorted(play))
        return found is not None and (found.form, found.size) != (trick.form, trick.size)
    return test


def compared(trick: Combo, test: Callable[[int, int], bool]) -> Callable[[Any], bool]:
    """A slip of loop.6: a combination of the trick's shape whose number stands to the trick's as ``test`` says."""
    def matches(play: Any) -> bool:
        found = combo(sorted(play))
        return found is not None and found[:2] == trick[:2] and test(found.number, trick.number)
    return matches


def missing_some(answer: Any, truth: Any) -> bool:
    """The slip of loop.6: some of the plays, and nothing else (a run inside a longer one overlooked)."""
    found, right = plays(answer), plays(truth)
    return found is not None and found < right  # type: ignore[operator]


# --- loop-round points (loop.7) ------------------------------------------------------------------------

def totals(before: Sequence[int], previous: Sequence[int], chairs: Sequence[int], ranks: Sequence[int],
           floor: bool = True, own: Optional[Sequence[int]] = None, sign: int = 1, base: bool = True,
           extra: bool = True, points_only: bool = False) -> tuple[int, ...]:
    """Each player's new total after a four-player loop round, the rules' way or a slip's way.

    ``previous[c]`` is the rank chair c's last occupant finished; ``own`` gives each player's own last
    rank instead (a slip); ``chairs``, ``ranks`` and ``before`` are by player.
    """
    players, found = len(ranks), []
    for player, rank in enumerate(ranks):
        last = own[player] if own is not None else previous[chairs[player]]
        points = (BASE[players][rank - 1] if base else 0) + (sign * (last - rank) if extra else 0)
        found.append(points if points_only else new_total(before[player], points) if floor
                     else before[player] + points)
    return tuple(found)


# --- the chair rule (loop.8) -------------------------------------------------------------------------

def chooser_and_chairs(answer: Any) -> Optional[tuple[int, frozenset]]:
    """An answer read as (player, chairs): the chairs a set, list or one number; None if unreadable."""
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return None
    player, chairs = answer
    if _whole(chairs):
        chairs = {chairs}
    if not _whole(player) or not isinstance(chairs, Iterable) or isinstance(chairs, str):
        return None
    chairs = list(chairs)
    return (int(player), frozenset(int(chair) for chair in chairs)) if all(map(_whole, chairs)) else None


def _whole(value: Any) -> bool:
    """A whole number (numpy's too), and no bool."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def chairs_that(test: Callable[[frozenset], bool]) -> Callable[[Any, Any], bool]:
    """A mistake's test: the answer's chairs (read by ``chooser_and_chairs``) are such that ``test`` holds."""
    def matches(answer: Any, truth: Any) -> bool:
        found = chooser_and_chairs(answer)
        return found is not None and test(found[1])
    return matches


# --- the hand or the player (loop.10) -------------------------------------------------------------------

def spread_share(table: Any, by: Sequence[str], round_: Optional[str] = "normal", score: str = "points") -> Fraction:
    """The share of the spread (sum of squares about the mean) of ``score`` that the means by ``by`` explain,
    exactly; ``round_`` None takes both rounds."""
    rows = table if round_ is None else table[table["round"] == round_]
    values = [Fraction(int(v)) for v in rows[score]]
    grand = sum(values, Fraction(0)) / len(values)
    groups: dict[Any, list[Fraction]] = {}
    for key, value in zip(rows[list(by)].itertuples(index=False, name=None), values):
        groups.setdefault(key, []).append(value)
    explained = sum((len(g) * (sum(g, Fraction(0)) / len(g) - grand) ** 2 for g in groups.values()), Fraction(0))
    return explained / sum(((v - grand) ** 2 for v in values), Fraction(0))



# --- loop.9: a run of 3, dealt with replacement or read around 15-1 -------------------------------------

@lru_cache(maxsize=None)
def _colour_without_run(length: int, wrap: bool) -> list[int]:
    """How many sets of j numbers of one colour (1 to 15) hold no ``length`` consecutive numbers, for each j;
    ``wrap``: 15 and 1 taken as consecutive (the slip)."""
    top = len(NUMBERS)
    counts = [0] * (top + 1)
    for mask in range(1 << top):
        held = [bool(mask >> i & 1) for i in range(top)]
        starts = range(top) if wrap else range(top - length + 1)
        if not any(all(held[(s + k) % top] for k in range(length)) for s in starts):
            counts[sum(held)] += 1
    return counts


def _hands_without_run(cards: int, length: int, wrap: bool) -> int:
    """How many sets of ``cards`` cards of the deck hold no run of ``length`` in any one colour."""
    colour = _colour_without_run(length, wrap)
    return sum(colour[a] * colour[b] * colour[cards - a - b]
               for a in range(cards + 1) for b in range(cards + 1 - a) if cards - a - b < len(colour))


@lru_cache(maxsize=None)
def run_around_the_top(length: int = 3) -> Fraction:
    """The slip of loop.9: the chance of a run when 14-15-1 and 15-1-2 count as runs too.

    >>> run_around_the_top(3) > run_around_the_top(4)
    True
    """
    return 1 - Fraction(_hands_without_run(HAND, length, wrap=True), math.comb(len(DECK), HAND))


@lru_cache(maxsize=None)
def run_with_replacement(length: int = 3) -> Fraction:
    """The slip of loop.9: the chance of a run when the 11 cards are drawn with replacement (``rng.choices``),
    so the hand holds only its different cards. Each set of k different cards comes with chance
    (ways to draw 11 times onto exactly those k) / 45^11."""
    deck, total = len(DECK), Fraction(0)
    for k in range(1, HAND + 1):
        onto = sum((-1) ** i * math.comb(k, i) * (k - i) ** HAND for i in range(k + 1))  # draws onto all k
        without = _hands_without_run(k, length, wrap=False)
        total += Fraction(onto * (math.comb(deck, k) - without), deck ** HAND)
    return total


def same_plays(answer: Any, truth: frozenset) -> bool:
    """The matcher of loop.6: the same plays, in any order, with or without the word "play"."""
    return plays(answer) == plays(truth)


def same_choice(answer: Any, truth: tuple) -> bool:
    """The matcher of loop.8: the same chooser and the same chairs (a set, a list, or one number)."""
    return chooser_and_chairs(answer) == truth
