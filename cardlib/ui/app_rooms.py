"""What an app takes from the registry: its game's name, and a registered app's title and its game's rooms."""
from __future__ import annotations

from typing import Any

from cardlib.core.package import room
from cardlib.games import REGISTRY


def from_the_game(app: type) -> dict[str, Any]:
    """What a registered app takes from its game: ``TITLE`` (the registry's title), the rooms ``VIEW``
    (``view.py``: narrate, scoreboard_html and ``HELP``) and ``CLASSROOM`` (``classroom.py``), and ``WORDS_JA``
    and ``HELP_JA`` from ``words.py``; {} for an app the registry does not name (it sets its own).

    >>> from cardlib.ui.app import TableApp
    >>> sorted(from_the_game(TableApp))
    []
    """
    line = next((line for line in REGISTRY if line.app == f"{app.__module__}:{app.__qualname__}"), None)
    if line is None:
        return {}
    found: dict[str, Any] = {"TITLE": line.title}
    view, classroom, words = (room(line.module, name) for name in ("view", "classroom", "words"))
    if view is not None:
        found.update(VIEW=view, HELP=getattr(view, "HELP", ""))
    if classroom is not None:
        found["CLASSROOM"] = classroom
    if words is not None:
        found.update(WORDS_JA=getattr(words, "WORDS_JA", {}), HELP_JA=getattr(words, "HELP_JA", ""))
    return found


def game_name(game: Any) -> str:
    """The registry's name of a game, found by its Game class's module (else that module's last name).

    >>> from cardlib.core.example import Game
    >>> game_name(Game())
    'example'
    """
    module = type(game).__module__
    for line in REGISTRY:
        if module == line.module or module.startswith(line.module + "."):
            return line.name
    return module.rsplit(".", 1)[-1]
