"""A pytest plugin that registers the kit's toy game, Kuhn poker, at run time: ``pytest -p tests.toy_game ...``.

The toy (``cardlib.core.example`` with its app ``cardlib.ui.example``) joins ``cardlib.games.REGISTRY``
before any test module is collected, as a new game's one registry line would. Only the tests that are
about the toy, or about no game in particular, are kept: a test that lists the games by hand, or
counts them, then fails on it (tests/test_toy_game.py runs the generic set this way).
"""
from __future__ import annotations

from typing import Any

import cardlib.games as games
from cardlib.games import GameInfo

KUHN = GameInfo("kuhn", "Kuhn poker", None, ({},), app="cardlib.ui.example:KuhnApp", module="cardlib.core.example")
OTHERS = tuple(line.name for line in games.REGISTRY)

if KUHN.name not in OTHERS:
    games.REGISTRY = (*games.REGISTRY, KUHN)


def about_another_game(nodeid: str) -> bool:
    """Whether a test's parameters name a game other than the toy.

    >>> about_another_game("tests/x.py::test_rules[loop-Game(players=4)]"), about_another_game("tests/x.py::test_a")
    (True, False)
    >>> about_another_game("tests/x.py::test_rules[kuhn-Game(players=2)]")
    False
    """
    _, bracket, params = nodeid.partition("[")
    return bool(bracket) and KUHN.name not in params and any(name in params for name in OTHERS)


def pytest_collection_modifyitems(config: Any, items: list) -> None:
    """Keep the tests about the toy or about no game: the others ran in the suite already."""
    kept = [item for item in items if not about_another_game(item.nodeid)]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept
