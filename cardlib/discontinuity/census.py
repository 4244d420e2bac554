"""What real games show: the rows players hold, the squares they face, and when the joker is taken.

The lesson's exact results weight every row, or every square, as a random deal would. Games are
not random deals: players take what suits them. ``watch`` plays seeded games and writes down, at
every turn, what the table showed then, so that the exact answers can be set beside real play.

>>> from cardlib.discontinuity import GreedyBot
>>> turns, games = watch(Game(players=3), [GreedyBot()] * 3, games=2, seed=1)
>>> list(games.columns)
['game', 'seed', 'squares', 'redeals']
>>> bool((turns.groupby("game").size() > 10).all())
True
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import Any

import pandas as pd

from cardlib.core.match import play
from cardlib.core.protocol import Agent
from cardlib.core.tournament import named_agents, schedule, seating
from cardlib.discontinuity.actions import Take, TakeJoker
from cardlib.discontinuity.bots import GreedyBot, LookaheadBot
from cardlib.discontinuity.rules import Game, Observation
from cardlib.discontinuity.square import take_slots

# The games the lesson reads from notebooks/data (tools/discontinuity_games.py plays them once):
WATCH = {"games": 300, "seed": 8}             # §3: the squares and rows players really face
TOURNAMENT = {"games": 2000, "seed": 2024}    # §4: lookahead against greedy, seats rotating


def lesson_players() -> dict[str, Agent]:
    """The three players of the lesson's watched games and tournament: one lookahead bot, two greedy."""
    return {"lookahead": LookaheadBot(), "greedy 1": GreedyBot(), "greedy 2": GreedyBot()}


TURN_COLUMNS = ["game", "seat", "agent", "turn", "cards in row", "joker open", "joker change",
                "took joker", "largest group", "redeal chance"]


def largest_group(square: Sequence[int]) -> int:
    """How many face-up cards share the commonest number (8 would mean a re-deal).

    >>> largest_group([9, 9, 8, 9, 7, 7, 9, 1])
    4
    """
    return max(Counter(card for card in square if card).values())


def refill_redeal_chance(observation: Observation, take: Take) -> Fraction:
    """The chance, given what everyone sees, that the refill after ``take`` shows one number.

    The six cards left must all show one number k, and both cards dealt into the gaps must be k
    too; from the table's point of view those two are any two of the unseen cards.

    >>> from cardlib.decks.pairs import stacked_deck
    >>> view = Game(players=3).new(deck=stacked_deck([10, 10, 10, 10, 9, 10, 10, 8])).observation(0)
    >>> refill_redeal_chance(view, Take(3, 8, 9))  # column 10, 9, 8: six 10s stay; 4 of 47 unseen are 10s
    Fraction(6, 1081)
    >>> _ == Fraction(comb(4, 2), comb(47, 2))
    True
    """
    emptied = take_slots(observation.square, take)
    left = {card for slot, card in enumerate(observation.square) if slot not in emptied}
    if len(left) != 1:
        return Fraction(0)
    number = left.pop()
    unseen = observation.unseen
    return Fraction(comb(unseen.count(number), 2), comb(len(unseen), 2))


def _joker_change(row: tuple) -> int:
    from cardlib.discontinuity.analysis import joker_change
    return joker_change([card for card in row if card != "J"])


def watch(game: Game, agents: Sequence[Agent] | Mapping[str, Agent], games: int = 100,
          seed: int = 0, only: Sequence[int] | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play seeded games (seats rotating, as in a tournament); one line per turn and one per game.

    A turn line is what the player saw before taking: the size of their row, whether their
    joker is still to take and what it would change there (at its best place), the square's
    largest group, what they chose, and after a take the chance that its refill re-deals.
    A game line counts the squares checked for a re-deal (the first deal and every refill
    that left a deck) and the re-deals that happened. ``only``: play just these games of the
    schedule (by index), as the whole run would play them: how a stored run is replayed.
    """
    named = named_agents(agents)
    turn_rows: list[tuple] = []
    game_rows: list[tuple] = []
    for index, game_seed, rotation in schedule(games, seed, game.players):
        if only is not None and index not in only:
            continue
        seated = seating(named, rotation)
        turns_taken: Counter = Counter()
        takes: list[Any] = []  # the take-phase choices, in order
        log: list[tuple] = []  # the public log at the latest decision: a re-deal is always followed by one

        def note(state: Any, action: Any) -> None:
            """Write down what the player saw before a take-phase choice."""
            seat = state.current_player
            view = state.observation(seat)
            log[:] = view.log
            if view.phase != "take":
                return
            row, open_joker = view.rows[seat], not view.jokers_used[seat]
            chance = refill_redeal_chance(view, action) if type(action) is Take else Fraction(0)
            turn_rows.append((index, seat, seated[seat][0], turns_taken[seat], sum(c != "J" for c in row),
                              open_joker, _joker_change(row) if open_joker else None, type(action) is TakeJoker,
                              largest_group(view.square), float(chance)))
            turns_taken[seat] += 1
            takes.append(action)

        play(game, [agent for _, agent in seated], seed=game_seed, observer=note)
        refills = sum(type(action) is Take for action in takes)
        squares = 1 + refills - (type(takes[-1]) is Take)  # the refill that ended the game was not checked
        game_rows.append((index, game_seed, squares, sum(kind == "redeal" for kind, _, _ in log)))
    return (pd.DataFrame(turn_rows, columns=TURN_COLUMNS),
            pd.DataFrame(game_rows, columns=["game", "seed", "squares", "redeals"]))
