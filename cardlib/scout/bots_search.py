"""The search bot's rollouts in SCOUT (stdlib only): players that read an imagined state directly, fast.

A rollout plays an imagined world (world.py) from one action to the round's end; its players may
read that state's hands because the whole state is imagined from one seat's observation.

- ``greedy_move``: GreedyBot's choice (the most cards it can show, else a scout at random).
- ``greedy_ss_move``: greedy, and Scout & Show when it cannot show and its marker is unused: the
  placement where the scouted card makes the strongest group of 2 or more (the search bot's
  default: the planners it meets do Scout & Show, and greedy rollouts that never do misjudge them).
- ``fitting_move``: the same shows as greedy; a scout goes where it fits the hand best (the fewest pieces
  after it, the planner's measure), not at random.
- ``playout.fitting_ss``: greedy-ss's shows and Scout & Show, and fitting's scouts.
- ``planning_move``: PlannerBot's choice but Scout & Show (the planner's values, as in bots.py).
- ``planner_ss_move``: PlannerBot's own choice, Scout & Show and keep or turn included (the same
  action as ``PlannerBot.act`` on the seat's observation, ties and all).
- ``margin``: a rollout's worth to a seat: its round score minus ``others`` × the others' mean.

``fewest`` is the planner's ``pieces`` for every prefix at once, so that where a scouted card
fits is one look-up a place (``pieces_with``), not a new count.

>>> fewest([3, 4, 5, 9, 9, 1])              # 3, 3-4, 3-4-5, then 9, 9-9, then 1
[0, 1, 1, 1, 2, 2, 3]
>>> pieces_with([3, 4, 9, 9], 2, 5)         # a 5 after 3-4: 3-4-5, 9-9
2
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardlib.scout.actions import KEEP, KEEPING, PLAYING, SHOWS, TURN, Action, Observation, Scout, Show, scouts
from cardlib.scout.groups import beating, power, strongest, through

Player = Callable[[object, random.Random], Action]  # (state, rng) -> the action it takes


def fewest(tops: Sequence[int]) -> list[int]:
    """The fewest groups each prefix of a hand splits into: ``fewest(tops)[k]`` for ``tops[:k]``."""
    n = len(tops)
    table = [0] * (n + 1)
    for end in range(1, n + 1):
        best = table[end - 1] + 1  # the last card alone
        step = None
        for first in range(end - 2, -1, -1):  # cards first..end-1 as one group, while they stay one
            gap = tops[first + 1] - tops[first]
            if step is None:
                if gap not in (-1, 0, 1):
                    break
                step = gap
            elif gap != step:
                break
            if table[first] + 1 < best:
                best = table[first] + 1
        table[end] = best
    return table


def scouted(obs: Observation, tops: list[int], action: Scout) -> tuple[list[int], list]:
    """The top numbers after a scout (or a Scout & Show's scout) from an observation, and the active set left."""
    active = list(obs.active)
    card = active.pop(-1 if action.end == "right" else 0)
    value = card[1] if action.turned else card[0]
    return tops[:action.to - 1] + [value] + tops[action.to - 1:], active


def without(tops: list[int], action: Show) -> list[int]:
    """The top numbers left in the hand after a show."""
    return tops[:action.first - 1] + tops[action.last:]


def pieces(tops: Sequence[int]) -> int:
    """The fewest groups a hand of top numbers splits into, left to right: the shows it needs at least."""
    return fewest(tops)[-1]  # the table of every prefix, read at the whole hand


def turned_tops(hand: Sequence[tuple[int, int]]) -> list[int]:
    """The top numbers of a hand turned around: the bottoms, right to left."""
    return [card[1] for card in reversed(hand)]


def outlook(tops: Sequence[int]) -> tuple[int, int]:
    """How good a hand looks, to a planner keeping or turning it: fewer pieces first, then a stronger best group."""
    return (-pieces(tops), strongest(tops)[0])


def pieces_with(tops: Sequence[int], gap: int, value: int,
                prefix: Sequence[int] | None = None, suffix: Sequence[int] | None = None) -> int:
    """The fewest groups once a card of top ``value`` goes in before position ``gap`` (0-based).

    The new card's group reaches some cards left and right of it; the rest of the hand splits
    as its prefix and suffix do alone (``prefix = fewest(tops)``, ``suffix`` the same read from
    the right: ``fewest(tops[::-1])[::-1]``).
    """
    prefix = fewest(tops) if prefix is None else prefix
    suffix = fewest(tops[::-1])[::-1] if suffix is None else suffix
    n = len(tops)
    best = prefix[gap] + 1 + suffix[gap]
    for step in (0, 1, -1):  # a set through the card, a run up, a run down
        first, want = gap, value - step
        while first > 0 and tops[first - 1] == want:
            first, want = first - 1, want - step
        last, want = gap, value + step
        while last < n and tops[last] == want:
            last, want = last + 1, want + step
        if first < last:
            best = min(best, min(prefix[first:gap + 1]) + 1 + min(suffix[gap:last + 1]))
    return best


def greedy_move(state, rng: random.Random) -> Action:
    """GreedyBot's choice on a state, without listing the Scout & Show placements greedy never plays.

    The same choice, and the same random draws, as ``bots.greedy(state.legal_actions(), hand, rng)``.
    """
    seat = state._current
    if state._phase == KEEPING:
        return (KEEP, TURN)[rng.randrange(2)]
    shown = _biggest_show(state)
    if shown is not None:
        return shown
    hand, tokens = state._hands[seat], state._tokens
    placements = scouts(Scout, len(hand), len(state._active) == 1) if tokens is None or tokens[seat] else ()
    return placements[rng.randrange(len(placements))]


def greedy_ss_move(state, rng: random.Random) -> Action:
    """``greedy_move``; but with no show that beats, the marker unused and a placement that puts the
    scouted card in a group of 2 or more, Scout & Show there (the strongest such group; then greedy shows)."""
    seat, active = state._current, state._active
    if state._phase == PLAYING and active and state._markers[seat]:
        tops = [card[0] for card in state._hands[seat]]
        if not beating(tops, state._strength):
            best, strongest = None, 63  # 63: stronger than any single card (32 + 10), weaker than any pair
            for action in state._scout_and_shows(tops):
                card = active[-1] if action.end == "right" else active[0]
                strength = through(tops, action.to - 1, card[1] if action.turned else card[0])
                if strength > strongest:
                    best, strongest = action, strength
            if best is not None:
                return best
    return greedy_move(state, rng)


def fitting_move(state, rng: random.Random) -> Action:
    """Greedy's show; else the scout after which the hand splits into the fewest groups (the first such).

    At the round start it keeps or turns at random, as greedy does.
    """
    if state._phase == KEEPING:
        return greedy_move(state, rng)
    shown = _biggest_show(state)
    if shown is not None:
        return shown
    return fitting_scout(state, [card[0] for card in state._hands[state._current]])


def fitting_scout(state, tops: list[int]) -> Scout:
    """The plain scout after which the hand (top numbers ``tops``) splits into the fewest groups (the first such)."""
    prefix, suffix = fewest(tops), fewest(tops[::-1])[::-1]
    active = state._active
    ends = ((None, active[0]),) if len(active) == 1 else (("left", active[0]), ("right", active[-1]))
    choice, least = None, len(tops) + 2
    for end, card in ends:
        for turned in (False, True):
            value = card[1] if turned else card[0]
            for gap in range(len(tops) + 1):
                count = pieces_with(tops, gap, value, prefix, suffix)
                if count < least:
                    choice, least = Scout(end, gap + 1, turned), count
    return choice  # type: ignore[return-value]


CHIP = 0.5  # a chip handed to the owner, as a share of a point against me (PlannerBot.CHIP)


def planning_move(state, rng: random.Random) -> Action:
    """PlannerBot's choice of a show or a plain scout (never Scout & Show), read from the state.

    At the round start it keeps or turns at random, as greedy does (a rollout starts after it).
    """
    if state._phase == KEEPING:
        return greedy_move(state, rng)
    seat, active, tokens = state._current, state._active, state._tokens
    tops = [card[0] for card in state._hands[seat]]
    prefix = fewest(tops)
    before = prefix[-1]
    best, best_value = None, float("-inf")
    for first, last in beating(tops, state._strength):
        rest = tops[:first] + tops[last + 1:]
        if not rest:
            value = 10.0 + len(active)  # the hand empties: the round ends now
        else:
            value = (len(active) + (last - first + 1) * 0.5 + before - 1 - fewest(rest)[-1]
                     - (power(tops[first:last + 1]) or 0) / 1000)
        if value > best_value:
            best, best_value = SHOWS[first][last], value
    if active and state._phase == PLAYING and (tokens is None or tokens[seat]):
        suffix = fewest(tops[::-1])[::-1]
        owner = state._owner
        back = owner is not None and (seat + 1) % state.game.players == owner  # scouting ends the round (ii)
        cost = CHIP * (tokens is None) + (len(tops) / 2 if back else 0)
        ends = ((None, active[0]),) if len(active) == 1 else (("left", active[0]), ("right", active[-1]))
        for end, card in ends:
            for turned in (False, True):
                value = card[1] if turned else card[0]
                for gap in range(len(tops) + 1):
                    worth = before - pieces_with(tops, gap, value, prefix, suffix) - cost
                    if worth > best_value:
                        best, best_value = Scout(end, gap + 1, turned), worth
    return best  # type: ignore[return-value]


MARKER = 2.0  # what the unused Scout & Show marker is worth, in points (PlannerBot.MARKER)


def planner_ss_move(state, rng: random.Random) -> Action:
    """PlannerBot's own choice, read from the state: its keep or turn, its shows and scouts, and its
    Scout & Show (the six placements that fit best, judged by the show that follows), its ties broken
    as it breaks them. The search bot's rollouts model the planners they meet with it."""
    seat, active = state._current, state._active
    hand = state._hands[seat]
    tops = [card[0] for card in hand]
    prefix = fewest(tops)
    if state._phase == KEEPING:
        return TURN if outlook(turned_tops(hand)) > outlook(tops) else KEEP
    before, suffix = prefix[-1], fewest(tops[::-1])[::-1]
    best, best_value = None, float("-inf")
    for first, last in beating(tops, state._strength):
        value = _show_value(tops, first, last, prefix, suffix, len(active))
        if value > best_value:
            best, best_value = SHOWS[first][last], value
    if not active or state._phase != PLAYING:
        return best  # type: ignore[return-value]
    ends = ((None, active[0]),) if len(active) == 1 else (("left", active[0]), ("right", active[-1]))
    tokens = state._tokens
    if tokens is None or tokens[seat]:
        owner = state._owner
        back = owner is not None and (seat + 1) % state.game.players == owner  # scouting ends the round (ii)
        cost = CHIP * (tokens is None) + (len(tops) / 2 if back else 0)
        for end, card in ends:
            for gap in range(len(tops) + 1):
                for turned in (False, True):
                    worth = before - pieces_with(tops, gap, card[1] if turned else card[0], prefix, suffix) - cost
                    if worth > best_value:
                        best, best_value = Scout(end, gap + 1, turned), worth
    if state._markers[seat]:
        placed = []
        for action in state._scout_and_shows(tops):
            card = active[-1] if action.end == "right" else active[0]
            value = card[1] if action.turned else card[0]
            placed.append((before - pieces_with(tops, action.to - 1, value, prefix, suffix), action, value))
        placed.sort(key=lambda entry: -entry[0])
        for gain, action, value in placed[:6]:
            rest = active[:-1] if action.end == "right" else active[1:]
            after = tops[:action.to - 1] + [value] + tops[action.to - 1:]
            follow, ahead, behind = float("-inf"), fewest(after), fewest(after[::-1])[::-1]
            for first, last in beating(after, power([card[0] for card in rest]) if rest else 0):
                follow = max(follow, _show_value(after, first, last, ahead, behind, len(rest)))
            worth = gain - CHIP - MARKER + follow
            if worth > best_value:
                best, best_value = action, worth
    return best  # type: ignore[return-value]


def _show_value(tops: list[int], first: int, last: int, prefix: list[int], suffix: list[int], taken: int) -> float:
    """PlannerBot's value of showing ``tops[first:last + 1]`` (0-based): ``prefix``, ``suffix`` the hand's tables."""
    if first == 0 and last == len(tops) - 1:
        return 10.0 + taken  # the hand empties: the round ends now
    return (taken + (last - first + 1) * 0.5 + prefix[-1] - 1 - pieces_without(tops, first, last, prefix, suffix)
            - (power(tops[first:last + 1]) or 0) / 1000)


def pieces_without(tops: Sequence[int], first: int, last: int, prefix: Sequence[int], suffix: Sequence[int]) -> int:
    """The fewest groups once ``tops[first:last + 1]`` (0-based) is shown: its two sides split apart,
    or one group reaches across where they meet (``prefix``, ``suffix`` as for ``pieces_with``).

    >>> tops = [3, 4, 9, 5, 6]
    >>> pieces_without(tops, 2, 2, fewest(tops), fewest(tops[::-1])[::-1])    # 3-4-5-6
    1
    """
    n = len(tops)
    best = prefix[first] + suffix[last + 1]
    if first == 0 or last == n - 1:
        return best
    step = tops[last + 1] - tops[first - 1]
    if step not in (-1, 0, 1):
        return best
    left = first - 1  # the group may start anywhere from here back to where the step breaks
    while left > 0 and tops[left] - tops[left - 1] == step:
        left -= 1
    right = last + 1  # and end anywhere from here on to where the step breaks
    while right + 1 < n and tops[right + 1] - tops[right] == step:
        right += 1
    return min(best, min(prefix[left:first]) + 1 + min(suffix[last + 2:right + 2]))


def _biggest_show(state) -> Action | None:
    """The show of the most cards that beats the active set (the weakest among those), or None."""
    hand = state._hands[state._current]
    best, best_key = None, (0, 0)
    for first, last in beating([card[0] for card in hand], state._strength):
        key = (last - first + 1, -hand[first][0])
        if key > best_key:
            best, best_key = (first, last), key
    return None if best is None else SHOWS[best[0]][best[1]]


def margin(state, seat: int, action: Action, rng: random.Random, player: Player = greedy_move,
           others: float = 1.0) -> float:
    """Play ``action`` in a copy of ``state``, then ``player`` for everyone to the round's end:
    seat's round score minus ``others`` times the other seats' mean."""
    state = state.clone()
    round_now = state._round
    state.apply(action)
    while not state.is_over and state._round == round_now:
        state.apply(player(state, rng))
    scores = next(value[1] for kind, _, value in reversed(state._log) if kind == "round end")
    rest = [score for other, score in enumerate(scores) if other != seat]
    return scores[seat] - others * sum(rest) / len(rest)
