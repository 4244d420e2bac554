"""cardlib: five small Japanese card games for learning probability in Jupyter.

``GAMES`` maps a game's name to its package, imported only when asked for:

>>> "twentyfive" in GAMES
True
>>> GAMES["twentyfive"].Game(players=3).players
3
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

__version__ = "0.1.0"

_GAME_MODULES = {
    "twentyfive": "cardlib.twentyfive",
    "discontinuity": "cardlib.discontinuity",
}


class _Games(Mapping):
    """A read-only name -> package mapping that imports each game on first use."""

    def __getitem__(self, name: str) -> ModuleType:
        return importlib.import_module(_GAME_MODULES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(_GAME_MODULES)

    def __len__(self) -> int:
        return len(_GAME_MODULES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_GAME_MODULES)})"


GAMES: Mapping[str, ModuleType] = _Games()



def __getattr__(name: str):
    if name == "check":  # exercises: `from cardlib import check`, loaded on first use
        from cardlib.core.checking import check
        return check
    raise AttributeError(f"module 'cardlib' has no attribute {name!r}")


__all__ = ["GAMES", "__version__", "check"]
