"""The class notebook runs top to bottom on any folder a teacher may point it at: the sample class, one
student per game, one game only, an empty folder, a folder of only bad files (``CARDLIB_CLASS_FOLDER``);
and on a live class's database, SQLite and PostgreSQL (``CARDLIB_CLASS_DB`` and ``CARDLIB_CLASS_CODE``), with
tables of people too."""
from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from cardlib.core.classroom import NOT_ENOUGH, read_class_files
from cardlib.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "classroom.ipynb"
SAMPLES = ROOT / "notebooks" / "data" / "class"
TABLES = 20  # the notebook's tables, plots and readings, each "not enough data for this table yet" on an empty folder


def run_classroom(folder: Path, monkeypatch: pytest.MonkeyPatch, database: str = "", code: str = "") -> str:
    """Execute the class notebook on ``folder`` or a live class's ``database`` and ``code`` (a fresh kernel;
    any error fails); all the text it showed."""
    monkeypatch.setenv("CARDLIB_CLASS_FOLDER", str(folder))
    monkeypatch.setenv("CARDLIB_CLASS_DB", database)
    monkeypatch.setenv("CARDLIB_CLASS_CODE", code)
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    parts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", output
            parts.append(output.get("text", "") + str(output.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def copies(folder: Path, names: list[str]) -> Path:
    """A class folder holding copies of the sample files named."""
    folder.mkdir()
    for name in names:
        shutil.copy(SAMPLES / name, folder / name)
    return folder


def sample_names(game: str = "") -> list[str]:
    return sorted(p.name for p in SAMPLES.glob(f"{game}*.csv"))


pytestmark = [pytest.mark.notebook, pytest.mark.xdist_group("classroom-notebook")]


def test_on_the_thirty_sample_files_every_table_has_data(monkeypatch):
    text = run_classroom(SAMPLES, monkeypatch)
    assert NOT_ENOUGH not in text and "skipped" not in text.split("at 20 cards")[0].split("FileUpload")[1]
    assert all(f"{line.name}: " in text for line in REGISTRY)


def test_on_one_student_per_game(tmp_path, monkeypatch):
    folder = copies(tmp_path / "small", [f"{line.name}-student01.csv" for line in REGISTRY])
    text = run_classroom(folder, monkeypatch)
    assert all(f"{line.name}: " in text and "from 1 files" in text for line in REGISTRY)


def test_on_one_game_only(tmp_path, monkeypatch):
    text = run_classroom(copies(tmp_path / "scout", sample_names("scout")), monkeypatch)
    assert "scout: 42 rows from 6 files" in text and "twentyfive:" not in text
    assert NOT_ENOUGH in text and "turn order" in text  # the other games say so; SCOUT's tables are there


def test_on_an_empty_folder_every_table_says_not_enough_data(tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    text = run_classroom(tmp_path / "empty", monkeypatch)
    assert "no class files" in text and text.count(NOT_ENOUGH) == TABLES


def test_on_a_folder_of_only_bad_files_each_is_named_with_why(tmp_path, monkeypatch):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "marks.csv").write_text("name,score\nAna,3\n")
    (folder / "notes.txt").write_text("hello")
    scout = (SAMPLES / "scout-student01.csv").read_text().splitlines()
    (folder / "scout.csv").write_text("\n".join([scout[0], scout[1].replace("scout,3,", "scout,99,", 1), *scout[2:]]))
    (folder / "satori.csv").write_text((SAMPLES / "satori-student01.csv").read_text().replace(",S S Z Z,", ",,", 1))
    text = run_classroom(folder, monkeypatch)
    assert "skipped scout.csv: row 1, column players: 99 is out of range (a whole number from 2 to 5)" in text
    assert "skipped satori.csv: row 1, column hand: 0 cards, where the log leaves the seat 4" in text
    assert "skipped marks.csv: missing the columns" in text and "skipped notes.txt: not a CSV file" in text
    assert text.count(NOT_ENOUGH) == TABLES


def test_on_a_live_class_database_every_table_has_data(class_db, class_db_url, tmp_path, monkeypatch):
    from tests.test_dashboard import load_samples  # the thirty sample files as six students' rounds

    class_db.open_class("KATSU")
    load_samples(class_db, "KATSU")
    (tmp_path / "empty").mkdir()
    text = run_classroom(tmp_path / "empty", monkeypatch, database=class_db_url, code="katsu")
    assert "class katsu: its rounds in the database" in text and NOT_ENOUGH not in text
    folder = read_class_files(SAMPLES)
    assert all(f"{name}: {len(table)} rows from 6 files" in text for name, table in folder.tables.items())


def test_on_a_database_without_that_class_it_says_so(class_db, class_db_url, tmp_path, monkeypatch):
    class_db.open_class("KATSU")
    (tmp_path / "empty").mkdir()
    text = run_classroom(tmp_path / "empty", monkeypatch, database=class_db_url, code="OTHER")
    assert "class OTHER: no such class in the database" in text and text.count(NOT_ENOUGH) == TABLES


def test_on_a_live_class_with_tables_of_people_people_s_calls_and_bluffs_are_apart(class_db, class_db_url, tmp_path,
                                                                                    monkeypatch):
    import random

    from cardlib.satori.classroom_people import bluffs, reading
    from tests.core.table_helpers import Clock
    from tests.satori.people_play import people_table, play_people

    clock, rng = Clock(), random.Random(3)
    for seed in (21, 22, 23):
        play_people(people_table(class_db, "PEOPLE", seed, clock), clock, rng,
                    bluffs={"Ana": True, "Bo": True, "Chie": False})
    (tmp_path / "empty").mkdir()
    text = run_classroom(tmp_path / "empty", monkeypatch, database=class_db_url, code="people")
    sentence = reading(bluffs(class_db.class_data("PEOPLE")["satori"]))
    assert sentence.startswith("People bluffed ") and sentence in text
    assert "people's cards" in text and "bots' cards" in text and "bots for students away" not in text
