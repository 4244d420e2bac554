"""Make the sample class files the teacher notebook ships with: bots play the student's seat of each app.

    python tools/class_samples.py                 # notebooks/data/class/, 6 files a game, seed 2026
    python tools/class_samples.py DEST --per-game 6 --seed 2026

Each file is what a student's "Download CSV" gives after a few games: the app is the real one, and a
bot from the game's ``classroom.sample_students`` chooses the student's actions, which the app takes
as clicks (``cardlib.ui.testing.play_with_agent``). The same seed writes the same files.
"""
from __future__ import annotations

import argparse
import importlib
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES_A_FILE = 2  # about a lesson's play; a game's classroom may say otherwise (SAMPLE_GAMES)
PER_GAME = 6  # files a game


def sampled_games() -> list[Any]:
    """The registered games that get sample files: those with an app and a class record (a classroom room)."""
    from cardlib.core.package import room
    from cardlib.games import REGISTRY

    return [info for info in REGISTRY if info.app and room(info.module, "classroom")]


def table_sizes(info: Any, seed: int = 0) -> list[int]:
    """The table sizes the app offers (its Players menu, or its one table), which students take in turn."""
    App = info.app_class()
    menu = App(seed=seed).players_choice
    return [table.players for _, table in menu.options] if menu is not None else [App(seed=seed).state.game.players]


def student_played(info: Any, number: int, seed: int) -> Any:
    """Sample student ``number`` of game ``info`` after playing its app: students take the app's tables and
    seats in turn, and its sample students' bots in turn (``SAMPLE_GAMES`` games, else ``GAMES_A_FILE``)."""
    from cardlib.ui.testing import play_with_agent

    classroom = importlib.import_module(info.module + ".classroom")
    sizes = table_sizes(info, seed)
    players = sizes[number % len(sizes)]
    app = info.app_class()(players=players, human=number % players, seed=seed)
    students = classroom.sample_students(players)
    games = getattr(classroom, "SAMPLE_GAMES", GAMES_A_FILE)
    play_with_agent(app, students[number % len(students)], random.Random(seed), games=games)
    return app


def student_file(info: Any, number: int, seed: int) -> tuple[str, str]:
    """The name and CSV text of one student's file of game ``info`` (``student_played``)."""
    return f"{info.name}-student{number + 1:02d}.csv", student_played(info, number, seed).records.csv_text()


def write_samples(dest: Path, per_game: int, seed: int) -> list[Path]:
    """Write ``per_game`` files for every sampled game of the registry into ``dest``; returns the paths written."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for index, info in enumerate(sampled_games()):
        for number in range(per_game):
            name, text = student_file(info, number, seed + 1000 * index + number)
            path = dest / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str]) -> None:
    """The command line: where, how many files a game, and the seed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", nargs="?", default=str(ROOT / "notebooks" / "data" / "class"))
    parser.add_argument("--per-game", type=int, default=PER_GAME)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    written = write_samples(Path(args.dest), args.per_game, args.seed)
    print(f"wrote {len(written)} class files to {args.dest} (seed {args.seed})")


if __name__ == "__main__":
    main(sys.argv[1:])
