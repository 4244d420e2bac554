"""The sample class files the teacher notebook ships with: whole, readable, and what the tool makes."""
from __future__ import annotations

import importlib
import inspect
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardlib.core.classroom import read_class_files
from cardlib.games import info

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "notebooks" / "data" / "class"
sys.path.insert(0, str(ROOT / "tools"))
import class_samples  # noqa: E402


GAMES = class_samples.sampled_games()  # the registry's games with an app and a class record
PER_GAME = class_samples.PER_GAME


def test_every_sampled_game_has_its_files_all_read_with_nothing_skipped_at_the_table_sizes_its_app_offers():
    data = read_class_files(SAMPLES)
    assert data.skipped == [] and len(data.read) == PER_GAME * len(GAMES)
    assert Counter(name.split("-")[0] for name in data.read) == {line.name: PER_GAME for line in GAMES}
    for line in GAMES:
        table, sizes = data[line.name], class_samples.table_sizes(line)
        assert table["file"].nunique() == PER_GAME
        # students take the app's tables in turn: a game of one table size (two players only) has one
        assert set(table["players"]) == {sizes[number % len(sizes)] for number in range(PER_GAME)}


@pytest.mark.parametrize("index, number", [(i, n) for i in range(len(GAMES)) for n in range(PER_GAME)])
def test_every_sample_file_is_what_the_tool_writes_from_its_seed(index, number):
    """A change to a game's app or bots that changes its samples fails here: run tools/class_samples.py again."""
    name, text = class_samples.student_file(GAMES[index], number, 2026 + 1000 * index + number)
    assert (SAMPLES / name).read_text(encoding="utf-8") == text, f"{name} is stale: python tools/class_samples.py"


# --- one absurd cell at a time: skipped with file, row and column, or read and every analysis runs -----

ABSURD = ["-1", "99", "garbage", "99 99 99", "", "1e300", "99999999999999999999999", "=1+1", "x" * 5000]


QUICK = {"rollouts": 2, "per_band": 1}  # an analysis that simulates runs a few rollouts here, to stay quick


def analyses(game: str) -> list:
    """Every analysis of a game's class table in its classroom room: its public functions of a ``table`` alone."""
    module = importlib.import_module(info(game).module + ".classroom")
    found = []
    for name, function in inspect.getmembers(module, inspect.isfunction):
        if name.startswith("_") or function.__module__ != module.__name__:
            continue
        first, *rest = inspect.signature(function).parameters.values() or [None]
        if first is not None and first.name == "table" and all(p.default is not p.empty for p in rest):
            quick = {p.name: QUICK[p.name] for p in rest if p.name in QUICK}
            found.append(lambda table, function=function, quick=quick: function(table, **quick))
    assert found, f"{game}'s classroom has no analysis of a class table"
    return found


def spoiled_files(game: str):
    """A good sample file with one cell replaced by an absurd value: its first and last row, every column."""
    import csv
    import io

    rows = list(csv.reader(io.StringIO((SAMPLES / f"{game}-student02.csv").read_text(), newline="")))
    for row in (1,):
        for column, name in enumerate(rows[0]):
            for value in ABSURD:
                spoiled = [list(line) for line in rows]
                spoiled[row][column] = value
                out = io.StringIO()
                csv.writer(out, lineterminator="\n").writerows(spoiled)
                yield row, name, value, out.getvalue().encode()


@pytest.mark.parametrize("game", [line.name for line in GAMES])
def test_one_absurd_cell_is_skipped_naming_file_row_and_column_or_every_analysis_runs(game):
    skipped = read = 0
    for row, column, value, raw in spoiled_files(game):
        data = read_class_files([("spoiled.csv", raw)])
        if data.skipped:
            skipped += 1
            assert data.skipped[0].startswith(f"spoiled.csv: row {row}, column {column}: "), (value, data.skipped)
            continue
        read += 1
        for analysis in analyses(game):
            analysis(data[game])  # to the end, without an exception (a traceback fails the test)
    assert skipped > read > 0  # most absurd values are refused; a few (a free text, a blank) are harmless
    print(f"{game}: {skipped} spoiled files skipped with file, row and column; {read} read and analysed")
