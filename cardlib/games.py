"""The registry: one ``GameInfo`` line a game. Nothing here imports a game.

>>> REGISTRY[0].name, sorted(GAMES) == sorted(info.name for info in REGISTRY)   # a new game is one line below
('twentyfive', True)
>>> info("discontinuity").title
'Discontinuity'
>>> info("twentyfive").games()[0]
Game(players=3, start_player=0)
>>> info("scout").parse("show 2-4"), info("satori").sizes
(Show(2, 4), (3, 4, 5, 2))
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Optional


@dataclass(frozen=True)
class Window:
    """Decisions a table of people asks at once (The Satori's Katsu window): what a game's ``window`` hook tells.

    The rules still take the answers one at a time, in ``seats``' order; ``answered`` of them are in the state's
    history already (so the window's first answer was move number ``len(history) - answered``). Every seat in it
    may answer one of ``answers`` (the notations, the same for each); a seat that gives none in time answers
    ``default``; the first answer in ``closing`` (in the seats' order) ends the window, later ones are dropped.
    """

    seats: tuple[int, ...]
    answered: int
    answers: tuple[str, ...]
    default: str
    closing: frozenset[str]

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats whose answer the log has not taken yet, in order (the first is the state's current player)."""
        return self.seats[self.answered:]


@dataclass(frozen=True)
class GameInfo:
    """What the kit needs to know of a game: its name, title, lesson, app and rule variants.

    ``variants`` are option dicts for the package's ``Game`` (the first is the one apps start
    with), so the registry stays free of imports; ``module`` defaults to ``cardlib.<name>``.
    """

    name: str
    title: str
    notebook: Optional[str]
    variants: tuple[dict[str, Any], ...] = ({},)
    app: Optional[str] = None  # the app class as "module:Class" (imported only when asked for)
    module: str = field(default="")
    # a table of people (cardlib.core.tables): the options of each size it may have (the first: the default),
    # the bot that plays an empty or left seat ("module:Class", made with no arguments; the app's first bot),
    # and where an observation lists the finished parts of a game (rounds, halves): an attribute of it, or a
    # "module:function" of it; "" for a game of one part; ``window``: "module:function" of a State telling the
    # ``Window`` of decisions asked at once that the state is in (None when it is in none); "": the game has none
    tables: tuple[dict[str, Any], ...] = ()
    bot: Optional[str] = None
    parts: str = ""
    window: str = ""

    def __post_init__(self) -> None:
        if not self.module:
            object.__setattr__(self, "module", f"cardlib.{self.name}")

    @property
    def package(self) -> ModuleType:
        """The game's package, imported now."""
        return importlib.import_module(self.module)

    def games(self) -> tuple[Any, ...]:
        """One ``Game`` per variant: what the generic checks play."""
        package = self.package
        return tuple(package.Game(**options) for options in self.variants)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The player counts a table of people may have."""
        return tuple(options["players"] for options in self.tables)

    def table_options(self, size: int) -> dict[str, Any]:
        """The ``Game`` options of a table of people of this size (RulesError naming the sizes for any other)."""
        from cardlib.core.errors import RulesError

        for options in self.tables:
            if options["players"] == size:
                return dict(options)
        raise RulesError(f"a table of {self.title} seats {' or '.join(map(str, sorted(self.sizes)))} players, "
                         f"not {size!r}")

    def table_game(self, size: int) -> Any:
        """The ``Game`` a table of people of this size plays."""
        return self.package.Game(**self.table_options(size))

    def parse(self, text: str) -> Any:
        """The action written ``text`` in the game's notation (``actions.parse``; ValueError if it is none)."""
        return importlib.import_module(self.module + ".actions").parse(text)

    def new_bot(self) -> Any:
        """A fresh bot of the kind that plays an empty or left seat at a table of people."""
        if not self.bot:
            raise ValueError(f"{self.title} has no bot for a table of people")
        module, name = self.bot.split(":")
        return getattr(importlib.import_module(module), name)()

    def finished_parts(self, observation: Any) -> tuple[Any, ...]:
        """The finished parts of the game (rounds, halves) an observation tells, in order; () for a game of one part."""
        if not self.parts:
            return ()
        if ":" not in self.parts:
            return tuple(getattr(observation, self.parts))
        module, name = self.parts.split(":")
        return tuple(getattr(importlib.import_module(module), name)(observation))

    def answer_window(self, state: Any) -> Optional[Window]:
        """The window of answers given at once that ``state`` is in (its ``window`` hook), or None."""
        if not self.window or state.is_over:
            return None
        module, name = self.window.split(":")
        return getattr(importlib.import_module(module), name)(state)

    def app_class(self) -> Optional[type]:
        """The game's TableApp subclass (imports ipywidgets), or None for a game without one."""
        if not self.app:
            return None
        module, name = self.app.split(":")
        return getattr(importlib.import_module(module), name)


REGISTRY: tuple[GameInfo, ...] = (
    GameInfo("twentyfive", "Twenty-five", "notebooks/01_twenty_five.ipynb",
             ({"players": 3}, {"players": 4}, {"players": 4, "start_player": 2}),
             app="cardlib.twentyfive.app:TwentyFiveApp", tables=({"players": 3}, {"players": 4}),
             bot="cardlib.twentyfive.bots:CoachBot", parts="rounds"),
    GameInfo("discontinuity", "Discontinuity", "notebooks/02_discontinuity.ipynb",
             ({"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "start_player": 3}),
             app="cardlib.discontinuity.app:DiscontinuityApp",
             tables=({"players": 3}, {"players": 2, "halves": True}, {"players": 4}),
             bot="cardlib.discontinuity.bots:LookaheadBot", parts="halves"),
    GameInfo("satori", "The Satori", "notebooks/03_the_satori.ipynb",
             ({"players": 3}, {"players": 4}, {"players": 5, "start": 2}, {"players": 2, "satori": 2, "zatsunen": 1}),
             app="cardlib.satori.app:SatoriApp",
             tables=({"players": 3}, {"players": 4}, {"players": 5}, {"players": 2, "satori": 2, "zatsunen": 1}),
             bot="cardlib.satori.bots:BayesianBot", window="cardlib.satori.tables:katsu_window"),
    # 4 and 5 players are checked over one round: random play scouts a lot, and their games run long
    GameInfo("scout", "SCOUT", "notebooks/04_scout.ipynb",
             ({"players": 3}, {"players": 4, "start": 1, "rounds": 1}, {"players": 5, "start": 2, "rounds": 1},
              {"players": 2}),
             app="cardlib.scout.app:ScoutApp",
             tables=({"players": 3}, {"players": 4}, {"players": 5}, {"players": 2}),
             bot="cardlib.scout.bots:SearchBot", parts="finished"),
    GameInfo("loop", "Loop", "notebooks/05_loop.ipynb",
             ({"players": 4}, {"players": 3, "start": 1}, {"players": 2}, {"players": 3, "long": True, "three_eights": True}),
             app="cardlib.loop.app:LoopApp", tables=({"players": 4}, {"players": 3}, {"players": 2}),
             bot="cardlib.loop.bots:SearchBot", parts="cardlib.loop.view_story:rounds_over"),
)


def info(name: str) -> GameInfo:
    """The registry line of one game (KeyError listing the names for any other)."""
    for line in REGISTRY:
        if line.name == name:
            return line
    raise KeyError(f"no game {name!r}; the games are {', '.join(line.name for line in REGISTRY)}")


class _Games(Mapping):
    """A read-only name -> package mapping that imports each game on first use."""

    def __getitem__(self, name: str) -> ModuleType:
        return info(name).package

    def __iter__(self) -> Iterator[str]:
        return iter(line.name for line in REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Mapping[str, ModuleType] = _Games()
