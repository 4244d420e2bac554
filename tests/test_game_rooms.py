"""Every game's folder holds only the rooms the guide lists (docs/adding-a-game.md, "The rooms of a game").

The guide's tables are the one list: a room every game has or may have, a room's second file
(`<room>_<part>.py`), or an idea of that game's own named in the guide. A new file under another
name fails here, so two games never again grow two names for one job.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlib.games import REGISTRY

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "adding-a-game.md"
ROW = re.compile(r"^\| *(`[^|]+`|[a-z]+) *\| *([^|]*?) *\|", re.MULTILINE)


def guide_rooms(text: str) -> tuple[dict[str, bool], dict[str, set[str]]]:
    """The guide's rooms (name -> required) and each game's own ideas (game -> module names).

    >>> rooms, ideas = guide_rooms("## The rooms of a game\\n| `a.py` | required | x |\\n| `b.py` | optional | y |\\n"
    ...                            "| game | its own ideas |\\n| g | `c.py` (why), `d.py` |\\n## The checklist")
    >>> rooms, sorted(ideas["g"])
    ({'a': True, 'b': False}, ['c', 'd'])
    """
    section = text.split("## The rooms of a game", 1)[1].split("\n## ", 1)[0]
    rooms: dict[str, bool] = {}
    ideas: dict[str, set[str]] = {}
    for first, second in ROW.findall(section):
        if first.startswith("`") and second in ("required", "optional"):
            rooms[first.strip("`").removesuffix(".py")] = second == "required"
        elif not first.startswith("`") and first != "game":
            ideas[first] = set(re.findall(r"`(\w+)\.py`", second))
    return rooms, ideas


ROOMS, IDEAS = guide_rooms(GUIDE.read_text(encoding="utf-8"))
GAMES = [line for line in REGISTRY if line.module == f"cardlib.{line.name}"]


def odd_files(names: set[str], game: str) -> list[str]:
    """The module names of a game's folder that are no room, no second file beside its room, no idea of the game.

    >>> odd_files({"rules", "view", "view_table", "classroom_people", "scoring", "japanese"}, "discontinuity")
    ['classroom_people', 'japanese']
    """
    def known(name: str) -> bool:
        room = name.split("_", 1)[0]  # a second file counts only beside its room's first
        return name in ROOMS or name in IDEAS.get(game, set()) or ("_" in name and room in ROOMS and room in names)
    return sorted(name for name in names if not known(name))


def test_the_guide_lists_rooms_and_every_games_ideas():
    assert {"actions", "rules", "view", "app", "words", "seen", "beliefs", "coach"} <= set(ROOMS)
    assert ROOMS["rules"] and not ROOMS["coach"]
    assert {line.name for line in GAMES} <= set(IDEAS), "every game's ideas are listed in the guide (even none)"


@pytest.mark.parametrize("line", GAMES, ids=lambda line: line.name)
def test_every_file_of_a_game_is_a_room_of_the_guide(line):
    folder = Path(__file__).resolve().parents[1] / "cardlib" / line.name
    names = {path.stem for path in folder.glob("*.py")}
    assert not odd_files(names, line.name), (
        f"{line.name} has files the guide's room list does not name: {odd_files(names, line.name)}; "
        "rename them to a room of docs/adding-a-game.md ('The rooms of a game'), or list a new idea there")
    missing = sorted(room for room, required in ROOMS.items() if required and room not in names)
    assert not missing, f"{line.name} lacks the required rooms {missing}"
    assert not [path.name for path in folder.iterdir() if path.is_dir() and path.name != "__pycache__"]


def test_an_odd_name_fails():
    assert odd_files({"rules", "words_ja", "coach_view", "inference", "records"}, "twentyfive") == [
        "coach_view", "inference", "records", "words_ja"]
    assert odd_files({"coach", "coach_view"}, "twentyfive") == []
    assert odd_files({"japanese"}, "satori") == ["japanese"]
