"""What every game's ``__init__.py`` repeats, written once: its registry facts and its app loaded lazily.

>>> from cardlib.core.example import Game
>>> from cardlib.games import GameInfo
>>> line = GameInfo("kuhn", "Kuhn poker", None, ({},), app="cardlib.ui.example:KuhnApp", module="cardlib.core.example")
>>> facts = registered(line, Game)
>>> facts.variants, facts.title, facts.getattr("KuhnApp").__name__
((Game(players=2),), 'Kuhn poker', 'KuhnApp')
>>> facts.getattr("Nothing")
Traceback (most recent call last):
...
AttributeError: module 'cardlib.core.example' has no attribute 'Nothing'
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple, Optional, Union

from cardlib.games import GameInfo, info


class Registered(NamedTuple):
    """A game package's public facts: its registry line, a Game of each variant, its title, and its ``__getattr__``."""

    info: GameInfo
    variants: tuple[Any, ...]
    title: str
    getattr: Callable[[str], Any]


def registered(game: Union[str, GameInfo], Game: type) -> Registered:
    """The facts a game's ``__init__.py`` publishes, in one line:
    ``INFO, VARIANTS, TITLE, __getattr__ = registered("<game>", Game)``.

    Its ``__getattr__`` imports the app (named in the registry line) only when it is first asked for,
    so that ``import cardlib.<game>`` stays light (no ipywidgets).
    """
    line = info(game) if isinstance(game, str) else game
    app = line.app.split(":")[1] if line.app else None

    def __getattr__(name: str) -> Any:
        if name == app:
            return line.app_class()
        raise AttributeError(f"module {line.module!r} has no attribute {name!r}")

    return Registered(line, tuple(Game(**options) for options in line.variants), line.title, __getattr__)


def room(module: str, name: str) -> Optional[ModuleType]:
    """A game's room ``name`` (``exercises``, ``classroom``, ...) imported, or None when the game has none.

    A game written in one module, like the kit's example, has no rooms at all.

    >>> room("cardlib.core", "errors").__name__, room("cardlib.core", "nothing"), room("cardlib.core.example", "view")
    ('cardlib.core.errors', None, None)
    """
    if not hasattr(importlib.import_module(module), "__path__"):
        return None
    return importlib.import_module(f"{module}.{name}") if importlib.util.find_spec(f"{module}.{name}") else None
