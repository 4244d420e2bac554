"""Twenty-five's notation reads back: parse(str(action)) is the action, for every action a game offers."""
from __future__ import annotations

import pytest

from cardlib.core import testing
from cardlib.twentyfive import Game
from cardlib.twentyfive.actions import DRAW, PASS, REVEALS, parse


def test_every_offered_action_reads_back_from_its_notation() -> None:
    offered = [str(action) for players in (3, 4)
               for action in testing.check_game_parse(Game(players=players), parse, games=10, seed=players)]
    assert {"draw", "pass", "reveal 10", "reveal 5"} <= set(offered)


def test_parse_gives_the_shared_objects_and_ignores_extra_spaces() -> None:
    assert parse("draw") is DRAW and parse("  pass") is PASS and parse("reveal  3") is REVEALS[3]


@pytest.mark.parametrize("text", ["", "draw 1", "reveal", "reveal 0", "reveal 11", "reveal -1", "Reveal 3", "pass!"])
def test_what_is_not_notation_is_refused_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="not Twenty-five notation"):
        parse(text)
