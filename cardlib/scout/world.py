"""A whole SCOUT game imagined from what one seat sees (stdlib only): ``world(obs, rng)``.

The search bot plays its rollouts in such worlds, so it never uses a card its seat cannot see.
The round so far is replayed from the public log (who showed what, which card went where), the
seat's own hand is as it sees it, and every card it has not seen is dealt at random into the
places it has not seen, each way up at random.

Not kept: in round 2 of the two-player game a player remembers its round-1 hand, which the
observation does not hold; those cards may be imagined in the opponent's hand.
"""
from __future__ import annotations

import random

from cardlib.scout.actions import OVER, Observation
from cardlib.scout.deal import canonical
from cardlib.scout.groups import HAND_SIZES, REMOVED, Card, deck, set_power
from cardlib.scout.rules import Game, State
from cardlib.scout.seen import determinize


def replay_round(obs: Observation) -> tuple[list[list[bool]], list[list[Card]]]:
    """Which places of each hand hold a scouted card, and each seat's score cards, from this round's log."""
    n = obs.players
    begun = max(index for index, entry in enumerate(obs.log) if entry[0] == "round")
    seen = [[False] * HAND_SIZES[n] for _ in range(n)]
    piles: list[list[Card]] = [[] for _ in range(n)]
    active: list[Card] = []
    for kind, seat, value in obs.log[begun + 1:]:
        if kind == "show":
            first, last, cards, _ = value
            del seen[seat][first - 1:last]
            piles[seat] += active
            active = list(cards)
        elif kind in ("scout", "scout & show"):
            end, to = value[0], value[1]
            active.pop(-1 if end == "right" else 0)
            seen[seat].insert(to - 1, True)
    return seen, piles


def world(obs: Observation, rng: random.Random) -> State:
    """A whole game consistent with ``obs``: its seat's view as it is, the unseen cards dealt at random.

    The decisions taken are not all public, so the history starts empty.
    """
    if obs.result is not None:
        raise ValueError("the game is over: there is nothing left to imagine")
    n = obs.players
    first_start = (obs.start - (obs.round - 1)) % n
    game = Game(players=n, start=first_start, rounds=obs.rounds)
    seen, piles = replay_round(obs)
    state = State.__new__(State)
    state.game, state._rng = game, random.Random(rng.getrandbits(64))
    state._history, state._log = [], list(obs.log)
    state._current = obs.current_player
    state._phase = obs.phase if obs.phase != OVER else "play"
    state._round, state._start, state._totals = obs.round, obs.start, list(obs.totals)
    state._tallies = list(obs.finished)
    state._active, state._owner = list(obs.active), obs.owner
    state._strength = set_power(obs.active)
    state._score = piles
    state._chips, state._markers = list(obs.chips), list(obs.markers)
    state._tokens = list(obs.tokens) if obs.tokens is not None else None
    state._seen = seen
    known = {canonical(card) for card in obs.hand} | {canonical(card) for card in obs.active}
    known |= {canonical(card) for pile in piles for card in pile}
    known |= {canonical(card) for hand in obs.hands for card in hand if card is not None}
    unseen = [card for card in deck(n) if card not in known]
    rng.shuffle(unseen)  # which unseen cards are in a hand and which are out (two players) is drawn too
    hands, place = [], 0
    for seat, hand in enumerate(obs.hands):
        if seat == obs.seat:
            hands.append(list(obs.hand))
            continue
        hands.append([card if card is not None else unseen[(place := place + 1) - 1] for card in hand])
    state._hands = hands
    rest = unseen[place:]  # the two-player game: round 2's cards set aside, or round 1's (out)
    if n == 2 and obs.round == 1:
        state._blocks, state._box = [rest], list(REMOVED[2])
    else:
        state._blocks, state._box = [], rest + list(REMOVED[n])
    return determinize(state, obs.seat, rng)  # the unseen cards dealt at random (the player to act can act)

