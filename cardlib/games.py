"""The registry: one ``GameInfo`` line a game. Nothing here imports a game.

>>> [info.name for info in REGISTRY]
['twentyfive', 'discontinuity', 'satori', 'scout', 'loop']
>>> info("discontinuity").title
'Discontinuity'
>>> info("twentyfive").games()[0]
Game(players=3, start_player=0)
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Optional


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

    def app_class(self) -> Optional[type]:
        """The game's TableApp subclass (imports ipywidgets), or None for a game without one."""
        if not self.app:
            return None
        module, name = self.app.split(":")
        return getattr(importlib.import_module(module), name)


REGISTRY: tuple[GameInfo, ...] = (
    GameInfo("twentyfive", "Twenty-five", "notebooks/01_twenty_five.ipynb",
             ({"players": 3}, {"players": 4}, {"players": 4, "start_player": 2}),
             app="cardlib.twentyfive.app:TwentyFiveApp"),
    GameInfo("discontinuity", "Discontinuity", "notebooks/02_discontinuity.ipynb",
             ({"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "start_player": 3}),
             app="cardlib.discontinuity.app:DiscontinuityApp"),
    GameInfo("satori", "The Satori", "notebooks/03_the_satori.ipynb",
             ({"players": 3}, {"players": 4}, {"players": 5, "start": 2}, {"players": 2, "satori": 2, "zatsunen": 1}),
             app="cardlib.satori.app:SatoriApp"),
    # 4 and 5 players are checked over one round: random play scouts a lot, and their games run long
    GameInfo("scout", "SCOUT", "notebooks/04_scout.ipynb",
             ({"players": 3}, {"players": 4, "start": 1, "rounds": 1}, {"players": 5, "start": 2, "rounds": 1},
              {"players": 2}),
             app="cardlib.scout.app:ScoutApp"),
    GameInfo("loop", "Loop", "notebooks/05_loop.ipynb",
             ({"players": 4}, {"players": 3, "start": 1}, {"players": 2}, {"players": 3, "long": True, "three_eights": True}),
             app="cardlib.loop.app:LoopApp"),
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
