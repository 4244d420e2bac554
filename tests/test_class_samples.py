"""The sample class files the teacher notebook ships with: whole, readable, and what the tool makes."""
from __future__ import annotations

import sys

import pytest
from collections import Counter
from pathlib import Path

from cardlib.core.classroom import read_class_files
from cardlib.games import REGISTRY, info

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "notebooks" / "data" / "class"
sys.path.insert(0, str(ROOT / "tools"))
import class_samples  # noqa: E402


def test_thirty_sample_files_six_a_game_all_read_with_nothing_skipped():
    data = read_class_files(SAMPLES)
    assert data.skipped == [] and len(data.read) == 30
    assert Counter(name.split("-")[0] for name in data.read) == {line.name: 6 for line in REGISTRY}
    for line in REGISTRY:
        table = data[line.name]
        assert table["file"].nunique() == 6 and table["players"].nunique() > 1  # several table sizes


def test_a_sample_file_is_what_the_tool_writes_from_its_seed():
    number, index = 1, [line.name for line in REGISTRY].index("discontinuity")
    name, text = class_samples.student_file(info("discontinuity"), number, 2026 + 1000 * index + number)
    assert (SAMPLES / name).read_text(encoding="utf-8") == text


# --- one absurd cell at a time: skipped with file, row and column, or read and every analysis runs -----

ABSURD = ["-1", "99", "garbage", "99 99 99", "", "1e300", "99999999999999999999999", "=1+1", "x" * 5000]


def analyses(game: str) -> list:
    """Every analysis the class notebook runs on a game's table (the Satori's rollouts few, to stay quick)."""
    from cardlib.discontinuity import classroom as discontinuity
    from cardlib.loop import classroom as loop
    from cardlib.satori import classroom as satori
    from cardlib.scout import classroom as scout
    from cardlib.twentyfive import classroom as twentyfive

    return {
        "twentyfive": [twentyfive.passes_against_exact, twentyfive.passes_against_coach, twentyfive.passes_came_out,
                       twentyfive.rounds_came_out],
        "satori": [lambda table: satori.katsu_against_posterior(table, rollouts=2, per_band=1)],
        "scout": [scout.results_by_seat, scout.results_by_hand, lambda table: scout.results_by_hand(table, "best group"),
                  scout.hands_beside_exact],
        "loop": [loop.results_by_seat, loop.results_by_hand, lambda table: loop.results_by_hand(table, "run of 3"),
                 loop.by_previous_rank],
        "discontinuity": [discontinuity.joker_choices, discontinuity.results_by_seat],
    }[game]


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


@pytest.mark.parametrize("game", [line.name for line in REGISTRY])
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
