"""Loop's chairs between rounds, and its points (stdlib only): who may sit where, and what a rank earns.

Before a loop round the players choose chairs one by one from last place upwards. With 3 or 4
players nobody may take the chair they just had, and each choice must leave a valid chair for
everyone after; with 2 players the choice is free. In a loop round a chair's points for rank r are
base(r) + (the chair's previous rank − r); a total never drops below 0.

>>> allowed_chairs(chooser=3, before={0: 0, 1: 1, 2: 2, 3: 3}, taken={}, waiting=[2, 1, 0])
[0, 1, 2]
>>> round_points(players=4, rank=1, previous=3), round_points(players=3, rank=3, previous=1)
(6, -2)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Optional

BASE = {4: (4, 2, 1, 0), 3: (3, 1, 0), 2: (2, 0)}  # normal-round points by rank 1, 2, …
TARGETS = {4: 12, 3: 10, 2: 7}                     # a total that ends the game (≥)
START_POINTS = 2


def round_points(players: int, rank: int, previous: Optional[int] = None) -> int:
    """The points of finishing ``rank``: the normal round's table, plus (previous − rank) at a chair in a loop round."""
    base = BASE[players][rank - 1]
    return base if previous is None else base + previous - rank


def new_total(total: int, points: int) -> int:
    """A total after a round: the points added, then a negative total becomes 0.

    >>> new_total(1, -3), new_total(5, 2)
    (0, 7)
    """
    return max(0, total + points)


def allowed_chairs(chooser: int, before: Mapping[int, int], taken: Mapping[int, int],
                   waiting: Sequence[int]) -> list[int]:
    """The chairs ``chooser`` may take: free ones, not their last chair (3–4 players), each leaving a valid
    chair for every player still ``waiting`` after them.

    ``before`` maps each player to the chair they just had; ``taken`` the chairs chosen so far (player → chair).
    """
    players = len(before)
    free = [chair for chair in range(players) if chair not in taken.values()]
    if players == 2:
        return free
    allowed = []
    for chair in free:
        if chair == before[chooser]:
            continue
        rest = [other for other in free if other != chair]
        if _can_seat(waiting, rest, before):
            allowed.append(chair)
    return allowed


def _can_seat(players: Sequence[int], chairs: Sequence[int], before: Mapping[int, int]) -> bool:
    """Whether ``players`` can take ``chairs`` one each, none the chair they had before (at most 3: by trying)."""
    return any(all(chair != before[player] for player, chair in zip(players, order))
               for order in permutations(chairs, len(players)))
