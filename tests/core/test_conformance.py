"""Conformance: every game in GAMES follows the engine contract (cardlib.core.testing)."""
import pytest

from cardlib import GAMES
from cardlib.core import testing

CASES = [(name, game) for name in GAMES for game in testing.variants(GAMES[name])]


@pytest.mark.parametrize("check", testing.CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("name, game", CASES, ids=[f"{name}-{game!r}" for name, game in CASES])
def test_conformance(name, game, check):
    check(game)
