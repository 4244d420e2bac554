"""What the reveals say about hidden hands: the exact coach (stdlib only).

A revealed card other than a 5 was the highest card in that hand at that moment; a 5 says
nothing. Model (rules digest, "The coach's informed model"): the deck order is uniform and
every reveal followed the rule. For one other player j, V_j(S) counts the value sequences of
the cards j took in (the dealt block, then one card per draw) that reproduce j's reveals and
leave the hidden multiset S (reveals.py computes it). Physical copies couple the players: a
joint world (S_1, ..., S_m) weighs prod_j V_j(S_j) * prod_k ff(B_k, u_k), with B_k the copies of
k the seat has not seen and u_k the copies of k across the S_j; the rest of the deck is a
constant. The "naive" model takes V_j(S) = the orderings of S, which is hidden hands drawn
uniformly from the unseen cards.

Multisets are packed in an int, four bits per number (``code``), so that adding two hands is
adding two ints: the convolution over players is the fast path.

>>> from cardlib.twentyfive.rules import Game
>>> state = Game(players=3).new(seed=3)
>>> odds = p_over(state.observation(0))
>>> odds.over + odds.exactly + odds.under
Fraction(1, 1)
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import accumulate

from cardlib.decks.pairs import NUMBERS, pairs_of
from cardlib.twentyfive.seen import EXACT_HIT, PASS_TOO_EARLY, TARGET
# One player's table V_j has a file of its own; inference re-exports its names so that
# ``from cardlib.twentyfive.beliefs import reveal_sequences, unpack, ...`` keeps working.
from cardlib.twentyfive.reveals import (  # noqa: F401 (re-exported)
    UNIT, Hand, _digits, _sequences, _top, falling, pack, reveal_sequences, unpack,
)

MODELS = ("informed", "naive")


# --- what one seat knows ----------------------------------------------------------------------

def dealt_size(players: int) -> int:
    """Cards dealt to each player: 4 with three players, 3 with four."""
    return 4 if players == 3 else 3


def unseen_counts(observation) -> list[int]:
    """Copies of each number (index 1..10) the seat has not seen: not in its hand nor any field."""
    counts = [0] + list(NUMBERS)
    for card in observation.known_cards:
        counts[card] -= 1
    return counts


def hand_weight(hand: Hand, pool: Sequence[int]) -> int:
    """Ways to pick the physical cards of ``hand`` from ``pool`` (copies per number)."""
    weight = 1
    for value in set(hand):
        weight *= falling(pool[value], hand.count(value))
    return weight


def _key(observation, model: str, dealt: int | None = None) -> tuple:
    """The part of an observation the coach depends on (so equal positions share one cache)."""
    if model not in MODELS:
        raise ValueError(f"model must be one of {MODELS}, not {model!r}")
    choosing = observation.current_player if observation.phase == "reveal" else None
    if dealt is None:
        dealt = dealt_size(observation.players)
    return (model, observation.seat, observation.hand, observation.fields, observation.hand_sizes,
            choosing, dealt)


@dataclass(frozen=True)
class _Worlds:
    """The joint posterior of one seat: each other player's table and the hidden totals."""

    others: tuple[int, ...]                       # the other seats, in seat order
    tables: tuple[tuple[tuple[int, int], ...], ...]  # per other seat: (packed hand, V) pairs
    suffix: tuple[dict[int, int], ...]            # suffix[i]: packed u -> sum of prod V, seats i..
    pool: tuple[int, ...]                         # B_k: copies unseen by the seat
    known: tuple[int, ...]                        # copies in play the seat sees
    totals: tuple[int, ...]                       # packed u of every joint world
    weights: tuple[int, ...]                      # its weight: W(u) prod ff(B_k, u_k)
    pairs: tuple[int, ...]                        # the pairs in play in it
    total: int

    @cached_property
    def cumulative(self) -> list[int]:
        """Running sums of the weights, for sampling a world by bisection."""
        return list(accumulate(self.weights))


@lru_cache(maxsize=256)
def _worlds(key: tuple) -> _Worlds:
    model, seat, hand, fields, sizes, choosing, dealt = key
    known = [0] * 11
    for card in hand + tuple(card for cards in fields for card in cards):
        known[card] += 1
    pool = [0] + [number - known[number] for number in NUMBERS]
    others = tuple(s for s in range(len(sizes)) if s != seat)
    tables = []
    for other in others:
        if model == "informed":
            table = _sequences(fields[other], dealt, sizes[other], choosing == other)
        else:
            table = _sequences((), sizes[other], sizes[other])  # orderings only: uniform hands
        # A hand needing more copies of a number than the seat has not seen is impossible.
        tables.append(tuple((code, count) for code, count in table.items()
                            if all(d <= b for d, b in zip(_digits(code), pool[1:]))))
    suffix: list[dict[int, int]] = [{0: 1}]
    for table in reversed(tables):
        out: dict[int, int] = {}
        get = out.get
        for rest, weight in suffix[0].items():
            for code, count in table:
                key2 = rest + code
                out[key2] = get(key2, 0) + weight * count
        suffix.insert(0, out)
    ff = [[falling(pool[k], u) for u in range(16)] for k in range(11)]
    pp = [[pairs_of(known[k] + u) for u in range(16)] for k in range(11)]
    base = sum(pp[k][0] for k in range(11))
    totals, weights, pairs = [], [], []
    for code, weight in suffix[0].items():
        p, rest, k = base, code, 1
        while rest:  # u_k, four bits at a time: weight * ff(B_k, u_k), pairs C(known_k + u_k, 2)
            u = rest & 15
            if u:
                weight *= ff[k][u]
                p += pp[k][u] - pp[k][0]
            rest >>= 4
            k += 1
        if weight:
            totals.append(code)
            weights.append(weight)
            pairs.append(p)
    return _Worlds(others, tuple(tables), tuple(suffix), tuple(pool), tuple(known), tuple(totals),
                   tuple(weights), tuple(pairs), sum(weights))


def _posterior_worlds(observation, model: str) -> _Worlds:
    return _worlds(_key(observation, model))


# --- the coach ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Odds:
    """How the pairs in play compare with 25: probabilities of over, exactly and under (sum 1)."""

    over: Fraction
    exactly: Fraction
    under: Fraction


def pairs_posterior(observation, model: str = "informed") -> dict[int, Fraction]:
    """Pairs in play -> probability, for the observing seat, exactly (models "informed", "naive").

    >>> from cardlib.twentyfive.rules import Game
    >>> state = Game(players=4).new(deck=[10] * 3 + [9] * 3 + [8] * 3 + [7] * 3 + [1] + [2] * 2
    ...     + [3] * 3 + [4] * 4 + [5] * 5 + [6] * 6 + [7] * 4 + [8] * 5 + [9] * 6 + [10] * 7)
    >>> min(pairs_posterior(state.observation(0)))     # seat 0 sees 10,10,10 and 9,8,7 revealed
    3
    """
    worlds = _posterior_worlds(observation, model)
    counts: dict[int, int] = {}
    for pairs, weight in zip(worlds.pairs, worlds.weights):
        counts[pairs] = counts.get(pairs, 0) + weight
    return {pairs: Fraction(counts[pairs], worlds.total) for pairs in sorted(counts)}


def _odds(distribution: dict[int, Fraction]) -> Odds:
    over = sum((p for pairs, p in distribution.items() if pairs > TARGET), Fraction(0))
    exactly = distribution.get(TARGET, Fraction(0))
    return Odds(over=over, exactly=exactly, under=1 - over - exactly)


def p_over(observation, model: str = "informed") -> Odds:
    """The chances that the pairs in play now are over, exactly or under 25."""
    return _odds(pairs_posterior(observation, model))


def round_costs(distribution: dict[int, Fraction], passer: int, passed: int | None,
                players: int) -> tuple[Fraction, ...]:
    """Expected points to each seat if ``passer`` ends the round with pairs so distributed.

    >>> round_costs({24: Fraction(1, 2), 27: Fraction(1, 2)}, passer=1, passed=0, players=3)
    (Fraction(1, 1), Fraction(5, 1), Fraction(0, 1))
    """
    odds = _odds(distribution)
    over = sum((p * (pairs - TARGET) for pairs, p in distribution.items() if pairs > TARGET), Fraction(0))
    costs = [Fraction(0)] * players
    for seat in range(players):
        if seat == passer:
            costs[seat] += PASS_TOO_EARLY * odds.under
        else:
            costs[seat] += EXACT_HIT * odds.exactly
        if seat == passed:
            costs[seat] += over  # the last to draw takes P - 25
    return tuple(costs)


def pass_cost(observation, model: str = "informed") -> tuple[Fraction, ...]:
    """Expected points to each seat if the observing seat passed now."""
    return round_costs(pairs_posterior(observation, model), observation.seat,
                       observation.last_drawer, observation.players)


def draw_outlook(observation, model: str = "informed") -> dict[int, Fraction]:
    """Pairs in play -> probability after one more card is drawn from the pile.

    The next card is uniform among the pile, which is the unseen cards less the hidden hands.
    """
    if observation.pile_size == 0:
        raise ValueError("the draw pile is empty: nobody can draw")
    worlds = _posterior_worlds(observation, model)
    pool, known = worlds.pool, worlds.known
    # As if no hidden hand held the drawn number: the next card is a k with weight B_k and adds
    # known_k pairs; then correct the numbers the hidden hands do hold (at most a few per world).
    by_pairs: dict[int, int] = {}
    counts: dict[int, int] = {}
    for code, weight, pairs in zip(worlds.totals, worlds.weights, worlds.pairs):
        by_pairs[pairs] = by_pairs.get(pairs, 0) + weight
        number = 1
        while code:
            u = code & 15
            if u:
                before = pairs + known[number]
                counts[before] = counts.get(before, 0) - weight * pool[number]
                after = before + u  # one more copy of a number with m copies adds m pairs
                counts[after] = counts.get(after, 0) + weight * (pool[number] - u)
            code >>= 4
            number += 1
    for pairs, weight in by_pairs.items():
        for number in NUMBERS:
            if pool[number]:
                after = pairs + known[number]
                counts[after] = counts.get(after, 0) + weight * pool[number]
    counts = {pairs: count for pairs, count in counts.items() if count}
    total = worlds.total * observation.pile_size
    return {pairs: Fraction(counts[pairs], total) for pairs in sorted(counts)}


def sample_hidden_hands(observation, dealt: int, rng: random.Random,
                        model: str = "informed") -> list[Hand]:
    """Hidden hands for every seat, drawn jointly from the exact posterior of the observing seat.

    The seat's own hand is its own. First the numbers hidden across all other hands (weighted
    by prod_j V_j and the copies left), then how they split between players (weighted by V_j).
    """
    worlds = _worlds(_key(observation, model, dealt))
    cumulative = worlds.cumulative
    u = worlds.totals[bisect_right(cumulative, rng.randrange(worlds.total))]
    hands = [observation.hand] * observation.players
    for index, other in enumerate(worlds.others):
        rest = worlds.suffix[index + 1]
        options = [(code, count * rest.get(u - code, 0)) for code, count in worlds.tables[index]]
        pick = rng.randrange(sum(weight for _, weight in options))
        for code, weight in options:
            pick -= weight
            if pick < 0:
                break
        hands[other] = unpack(code)
        u -= code
    return hands


def hidden_worlds(observation, value: int) -> int:
    """How many ways the table could explain this seat's cards if it revealed ``value`` now.

    Counts the physical card sequences of the seat's dealt block and draws that match its
    field cards and this reveal, from the cards not on any other player's field: the more
    ways, the less the reveal tells. A 5 never constrains; any other card caps the hand.

    >>> from cardlib.twentyfive.rules import Game
    >>> state = Game(players=3).new(seed=4)       # seat 0 holds 4, 5, 5, 7 and must choose
    >>> hidden_worlds(state.observation(0), 5) > hidden_worlds(state.observation(0), 7)
    True
    """
    seat = observation.seat
    reveals = observation.fields[seat] + (value,)
    dealt = dealt_size(observation.players)
    table = _sequences(reveals, dealt, observation.hand_sizes[seat] - 1)
    copies = [0] + list(NUMBERS)
    for other, cards in enumerate(observation.fields):
        if other != seat:
            for card in cards:
                copies[card] -= 1
    mine = 1
    for number in set(reveals):
        mine *= falling(copies[number], reveals.count(number))
        copies[number] -= reveals.count(number)
    total = 0
    for code, count in table.items():
        for number, u in enumerate(_digits(code), start=1):
            if u:
                count *= falling(copies[number], u)
        total += count
    return mine * total


def hidden_cap(observation, seat: int) -> int:
    """The highest card ``seat``'s hidden hand can still hold, given everything ``observation`` shows.

    A reveal other than a 5 was the highest card held then, so every card kept since is at most
    that reveal; a higher card revealed later must be the card just drawn. With no 5 shown the cap
    is the smallest card the seat has shown, not its last. A 5 caps nothing, and a seat pausing to
    choose holds a 5 under a higher card. Exact: the highest card of a hidden hand some deal
    consistent with the observation gives (copies included); 0 for an empty hand.

    >>> from cardlib.decks.pairs import stacked_deck
    >>> from cardlib.twentyfive.rules import DRAW, Game
    >>> state = Game(players=3).new(deck=stacked_deck([4, 4, 4, 4], [8, 8, 3, 2], [6, 6, 6, 6], [10, 10]))
    >>> state.apply(DRAW); state.apply(DRAW)     # each draws a 10 and must reveal it
    >>> state.observation(0).fields[1], hidden_cap(state.observation(0), 1)   # the 10 was the card drawn
    ((8, 10), 8)
    """
    if seat == observation.seat:
        return max(observation.hand, default=0)
    if not observation.hand_sizes[seat]:
        return 0
    worlds = _posterior_worlds(observation, "informed")
    index = worlds.others.index(seat)
    rest = {0}  # every sum of the other hidden hands
    for other, table in enumerate(worlds.tables):
        if other != index:
            rest = {total + code for total in rest for code, _ in table}
    possible = set(worlds.totals)  # the joint hidden totals some consistent deal gives
    for code, _ in sorted(worlds.tables[index], key=lambda entry: -_top(entry[0])):
        if any(code + total in possible for total in rest):
            return _top(code)
    return 0


def most_pairs(observation, extra: int = 0) -> int:
    """An upper bound on the pairs in play, with ``extra`` more cards drawn (a cheap screen).

    Each hidden or extra card adds at most the copies of its number already in play; the
    bound takes the largest such gains any card could bring.

    >>> from cardlib.twentyfive.rules import Game
    >>> observation = Game(players=3).new(seed=3).observation(0)
    >>> most_pairs(observation) >= max(pairs_posterior(observation))
    True
    """
    known = [0] * 11
    for card in observation.known_cards:
        known[card] += 1
    gains = sorted((known[number] + i for number in NUMBERS for i in range(number - known[number])),
                   reverse=True)
    cards = sum(observation.hand_sizes) - len(observation.hand) + extra
    return sum(pairs_of(known[number]) for number in NUMBERS) + sum(gains[:cards])
