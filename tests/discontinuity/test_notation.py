"""Discontinuity's notation reads back: parse(str(action)) is the action, for every action a game offers."""
from __future__ import annotations

import pytest

from cardlib.core import testing
from cardlib.discontinuity import Game
from cardlib.discontinuity.actions import JOKER, PLACES, LINES, PlaceJoker, Take, parse


def test_every_offered_action_reads_back_from_its_notation() -> None:
    offered = [action for players in (2, 3, 4)
               for action in testing.check_game_parse(Game(players=players), parse, games=14, seed=players)]
    assert {type(action) for action in offered} == {Take, type(JOKER), PlaceJoker}
    # a line showing one number twice: the take names its place
    assert any(isinstance(action, Take) and action.at is not None for action in offered)


@pytest.mark.parametrize("line", list(LINES))
@pytest.mark.parametrize("at", [None, *PLACES])
def test_a_take_reads_back_on_every_line_and_place(line: int, at: tuple) -> None:
    action = Take(line, 9, 2, at=at)
    assert parse(str(action)) == action


def test_a_line_may_be_written_as_a_digit() -> None:
    assert parse("take 3 and 7 from line 4") == Take(4, 3, 7)


@pytest.mark.parametrize("text", ["", "take 3 from line ④", "take 3 and 7 from line ⑨", "take 3 and 7 from line 0",
                                  "take 3 and 7 from line ④ (the one at middle)", "joker right of x", "take the joker"])
def test_what_is_not_notation_is_refused_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="not Discontinuity notation"):
        parse(text)
