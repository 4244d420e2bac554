"""cardlib: five small Japanese card games for learning probability in Jupyter.

``GAMES`` maps a game's name to its package, imported only when asked for:

>>> "twentyfive" in GAMES
True
>>> GAMES["twentyfive"].Game(players=3).players
3
"""
from __future__ import annotations

from cardlib.games import GAMES, REGISTRY, GameInfo

__version__ = "0.1.0"

def __getattr__(name: str):
    if name == "check":  # exercises: `from cardlib import check`, loaded on first use
        from cardlib.core.checking import check
        return check
    raise AttributeError(f"module 'cardlib' has no attribute {name!r}")


__all__ = ["GAMES", "GameInfo", "REGISTRY", "__version__", "check"]
