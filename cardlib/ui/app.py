"""What every game's app does the same way: you at one seat and a bot at every other, deals and
bot moves from one seed, bots that move by themselves, and a pause on each finished part of a
game (a round, a half) until you have read it.

A game's app subclasses ``TableApp``: it hands over its Game, its default bots and the tables of
its "Players" menu, and keeps to itself only what is the game's own: drawing the table from the
human's observation, and the buttons made from the legal actions.

>>> [ordinal(n) for n in (1, 2, 3, 4)]
['1st', '2nd', '3rd', '4th']
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Optional

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.ui.frame import Control, TableFrame


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th')}"


def header_html(title: str, moment: str, facts: str) -> str:
    """The app's header: the game's title and its facts; ``moment`` marks what is shown (browser tests wait on it)."""
    return (f'<div class="cl-header" data-moment="{moment}"><span class="cl-title">{title}</span>'
            f'<span class="cl-facts">{facts}</span></div>')


def last_move(log: Sequence[tuple], seat: int, kinds: Sequence[str]) -> int:
    """Where in ``log`` the seat last made a move of these kinds (-1: not yet); later lines are new to it.

    >>> last_move([("deal", 0, 1), ("take", 0, 7), ("take", 1, 3)], 0, ("take",))
    1
    """
    return max((i for i, (kind, who, _) in enumerate(log) if who == seat and kind in kinds), default=-1)


class TableApp(TableFrame):
    """A table frame with a game behind it: you at one seat, a bot at every other, from one seed.

    A game's app provides ``render()`` and ``_finished(obs)`` (the parts of the game, rounds or
    halves, that are over); the table pauses on each until "you have read it" (``_play_on``).
    Given ``opponents`` and ``human`` play whenever the table chosen has that many players; other
    sizes get ``default_opponents(players)`` (and seat 0 if your seat is not at the smaller table).
    """

    def __init__(self, game: Any, human: int, opponents: Optional[Sequence[Any]], seed: Optional[int], *,
                 default_opponents: Callable[[int], list[Any]], tables: Sequence[tuple[str, Any]],
                 **frame: str) -> None:
        players = game.players
        # bool is an int subclass, but True is no seat
        if not isinstance(human, int) or isinstance(human, bool) or not 0 <= human < players:
            raise RulesError(f"human must be a seat from 0 to {players - 1}, not {human!r}")
        agents = list(opponents) if opponents is not None else default_opponents(players)
        if len(agents) != players - 1:
            raise RulesError(f"{players} players need {players - 1} opponents, got {len(agents)}")
        self._default_opponents = default_opponents
        self._asked = (players, human, agents)  # the table the constructor set: used again at that size
        self._seat(game)
        self._seeds = random.Random(seed)  # every deal and every bot's choices come from this seed
        self._games = 0
        self._parts_read = 0  # how many finished rounds (or halves) the human has read
        super().__init__(choices=tables, chosen=game, **frame)
        self._run(self.new_game)  # a failing bot shows a message here too, not a traceback

    # -- the game behind the table --

    @property
    def state(self) -> Any:
        """The engine's full state (for tests and teachers); the app draws only your observation of it."""
        return self._state

    @property
    def human(self) -> int:
        """The seat you play."""
        return self._human

    @property
    def opponents(self) -> dict[int, Any]:
        """The bot at each other seat of the game in play."""
        return dict(self._agents)

    def _seat(self, game: Any) -> None:
        """Set the table for ``game``: your seat, and a bot at every other seat."""
        players, human, agents = self._asked
        if game.players != players:  # a table chosen in the menu: the default bots
            agents = self._default_opponents(game.players)
            human = human if human < game.players else 0
        self._game, self._human = game, human
        others = [(human + step) % game.players for step in range(1, game.players)]  # in turn order after you
        self._agents = dict(zip(others, agents))
        self._names = {seat: "You" if seat == human else f"Player {seat}" for seat in range(game.players)}

    def new_game(self) -> None:
        """Deal a new game for the table chosen in the menu (bots move until it is your turn) and show it."""
        self._games += 1
        if self.next_table != self._game:
            self._seat(self.next_table)
        self._state = self._game.new(seed=self._seeds.getrandbits(64))
        self._bot_rngs = {seat: random.Random(self._seeds.getrandbits(64)) for seat in self._agents}
        self._parts_read = 0
        self.table_dealt(self._game)
        self._advance()
        self.render()

    def _resume(self, state: Any, parts_read: Optional[int]) -> None:
        """Continue from ``state`` with that many finished parts read (default: all) and show it."""
        finished = len(self._finished(state.observation(self._human)))
        self._state = state
        self._parts_read = finished if parts_read is None else max(0, min(parts_read, finished))
        self.show_message("")
        self._advance()
        self.render()

    def _act(self, action: Any) -> None:
        self._state.apply(action)  # IllegalActionError leaves the state as it was; the frame says why
        self._advance()
        self.render()

    def _play_on(self) -> None:
        """You have read the finished part on show: the game goes on."""
        self._parts_read += 1
        self._advance()
        self.render()

    def _finished(self, obs: Any) -> Sequence[Any]:
        """The parts of the game that are over, as ``obs`` tells them (a game's app provides this)."""
        raise NotImplementedError

    def _pending(self, obs: Any) -> Optional[Any]:
        """The finished part the human has not yet read (None: play on)."""
        finished = self._finished(obs)
        return finished[self._parts_read] if len(finished) > self._parts_read else None

    def _advance(self) -> None:
        """Let the bots move until it is your turn, a part of the game has ended or the game is over."""
        state = self._state
        while not state.is_over and state.current_player != self._human:
            if self._pending(state.observation(self._human)) is not None:
                return
            seat = state.current_player
            action = self._agents[seat].act(state.observation(seat), state.legal_actions(), self._bot_rngs[seat])
            try:
                state.apply(action)
            except IllegalActionError as error:  # the bot's fault, not the click's: say so
                raise RuntimeError(f"the bot of {self._names[seat]} broke the rules: {error}") from error

    # -- words every game's table uses --

    def _name(self, seat: Optional[int], *, inside: bool = False) -> str:
        """A seat's name; ``inside`` a sentence, "you" is lower case."""
        if seat is None:
            return "nobody"
        return "you" if inside and seat == self._human else self._names[seat]

    def _does(self, seat: int, verb: str, *, inside: bool = False) -> str:
        """'You take' or 'Player 2 takes' ('passes' for a verb ending in ss)."""
        if seat == self._human:
            return f"{'you' if inside else 'You'} {verb}"
        return f"{self._names[seat]} {verb}{'es' if verb.endswith('ss') else 's'}"

    def _final_words(self, places: Sequence[int], totals: Sequence[str], last: str) -> tuple[str, str]:
        """At the game's end: your headline (``last`` if you come last), and every place, best first."""
        order = sorted(range(len(places)), key=lambda s: (places[s], s))
        standing = " · ".join(f"{ordinal(places[s])} {self._names[s]} ({totals[s]})" for s in order)
        mine = places[self._human]
        headline = ("You win!" if mine == 1 and places.count(1) == 1 else
                    "You share first place!" if mine == 1 else
                    last if mine == max(places) else "You finish in the middle.")
        return headline, standing

    def _play_again(self) -> Control:
        """The button of a game that is over."""
        return Control("Play again", self.new_game, "Deal a new game", style="success")
