"""Reading a class's files: good files pooled, every bad one skipped with its name and why, nothing run."""
from __future__ import annotations

import pytest

from cardlib.core import classroom
from cardlib.core.classroom import read_class_files
from cardlib.ui.records import KIT_COLUMNS, Records

COLUMNS = {"cards": int, "chance": float, "passed": bool, "hand": str}


@pytest.fixture(autouse=True)
def toy_columns(monkeypatch):
    """Every known game's files hold the toy columns above (the games' own are tested in their folders)."""
    monkeypatch.setattr(classroom, "game_columns", lambda game: dict(COLUMNS))


def class_file(game: str = "scout", rows: int = 2, **changes: str) -> bytes:
    """A class file as an app writes it (through Records), with some cells changed."""
    records = Records(game, seed=1)
    records.new_game(1, players=3, seat=0)
    for n in range(rows):
        records.decided({"cards": str(10 + n), "chance": "0.25", "passed": "yes", "hand": "1/2 3/4"})
    records.finished((), True, lambda part, decisions: decisions)
    text = records.csv_text()
    for old, new in changes.items():
        text = text.replace(old, new)
    return text.encode()


def test_good_files_are_pooled_one_table_a_game_with_the_file_named():
    data = read_class_files([("ana.csv", class_file()), ("ben.csv", class_file(rows=3)),
                             ("cleo.csv", class_file("loop"))])
    assert data.skipped == [] and data.read == ["ana.csv", "ben.csv", "cleo.csv"]
    scout = data["scout"]
    assert list(scout.columns) == ["file", *KIT_COLUMNS, *COLUMNS]
    assert list(scout["file"]) == ["ana.csv"] * 2 + ["ben.csv"] * 3
    assert list(scout["cards"]) == [10, 11, 10, 11, 12] and scout["passed"].all()
    assert scout["chance"].sum() == pytest.approx(1.25) and len(data["loop"]) == 2
    assert data["satori"].empty and "scout: 5 rows from 2 files" in data.summary()


def test_a_folder_is_read_in_name_order(tmp_path):
    (tmp_path / "b.csv").write_bytes(class_file())
    (tmp_path / "a.csv").write_bytes(class_file(rows=1))
    (tmp_path / ".hidden.csv").write_bytes(b"junk")
    data = read_class_files(tmp_path)
    assert data.read == ["a.csv", "b.csv"] and len(data["scout"]) == 3
    with pytest.raises(FileNotFoundError, match="no folder"):
        read_class_files(tmp_path / "missing")


@pytest.mark.parametrize("name, raw, why", [
    ("notes.txt", b"game\n", "not a CSV file"),
    ("empty.csv", b"", "not readable as CSV"),
    ("latin.csv", "game;é\n".encode("latin-1"), "not readable as CSV"),
    ("other.csv", b"name,score\nana,3\n", "missing the columns game, players, seat, game_no, round"),
    ("bingo.csv", class_file(scout="bingo"), "the game 'bingo', which cardlib does not know"),
    ("mixed.csv", class_file() + b"loop,3,0,1,2,1,0.5,no,x\n", "rows of several games (loop, scout)"),
    ("header.csv", class_file(rows=0).split(b"\n")[0] + b"\n", "no rounds in it"),
    ("seat.csv", class_file(**{",3,0,": ",3,two,"}), "column seat, row 1: 'two' is not a whole number"),
    ("cards.csv", class_file(**{",11,": ",11.5,"}), "column cards, row 2: '11.5' is not a whole number"),
    ("chance.csv", class_file(**{"0.25": "a quarter"}), "column chance, row 1: 'a quarter' is not a number"),
    ("passed.csv", class_file(**{"yes": "maybe"}), "column passed, row 1: 'maybe' is not yes/no"),
])
def test_a_bad_file_is_skipped_with_its_name_and_why_and_the_rest_is_read(name, raw, why):
    data = read_class_files([(name, raw), ("good.csv", class_file())])
    assert data.read == ["good.csv"] and len(data["scout"]) == 2
    assert len(data.skipped) == 1 and data.skipped[0].startswith(f"{name}: ") and why in data.skipped[0], data.skipped


def test_a_file_of_another_game_is_skipped_when_one_game_is_read():
    data = read_class_files([("loop.csv", class_file("loop")), ("scout.csv", class_file())], game="scout")
    assert data.read == ["scout.csv"] and data.skipped == ["loop.csv: a Loop file, not SCOUT"]


def test_a_file_missing_a_game_column_names_the_columns():
    raw = class_file().replace(b",hand", b",hands")
    data = read_class_files([("old.csv", raw)])
    assert data.skipped == ["old.csv: a SCOUT file missing the columns hand"]


def test_a_huge_upload_is_refused_unread():
    data = read_class_files([("big.csv", b"x" * (classroom.MAX_BYTES + 1))])
    assert data.skipped == ["big.csv: larger than 5 MB: not a class file"]


def test_nothing_in_a_file_runs_it_stays_text(tmp_path):
    marker = tmp_path / "ran"
    code = f"__import__('pathlib').Path({str(marker)!r}).touch()"
    raw = class_file(**{"1/2 3/4": f'"{code}"'}) .replace(b"0.25", b"=1+1", 0)
    data = read_class_files([("trick.csv", raw)])
    assert data.skipped == [] and not marker.exists()
    assert set(data["scout"]["hand"]) == {code}  # a formula or code is only ever a string in a cell
