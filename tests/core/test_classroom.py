"""Reading a class's files: good files pooled, every bad one skipped with its name and why, nothing run."""
from __future__ import annotations

import csv
import io

import pytest

from cardlib.core import classroom
from cardlib.core.classroom import PEOPLE_COLUMNS, read_class_files
from cardlib.ui.records import KIT_COLUMNS, Records

COLUMNS = {"cards": int, "chance": float, "passed": bool, "hand": str}


@pytest.fixture(autouse=True)
def toy_columns(monkeypatch):
    """Every known game's files hold the toy columns above (the games' own are tested in their folders)."""
    monkeypatch.setattr(classroom, "game_columns", lambda game: dict(COLUMNS))
    monkeypatch.setattr(classroom, "game_values", lambda game: dict(classroom.KIT_VALUES))


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
    assert list(scout.columns) == ["file", *KIT_COLUMNS, *COLUMNS, *PEOPLE_COLUMNS]
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
    ("bingo.csv", class_file(scout="bingo"), "row 1, column game: a file of the game 'bingo', which cardlib does not know"),
    ("mixed.csv", class_file() + b"loop,3,0,1,2,1,0.5,no,x\n", "row 3, column game: 'loop', where the other rows are 'scout': one game a file"),
    ("header.csv", class_file(rows=0).split(b"\n")[0] + b"\n", "no rounds in it"),
    ("seat.csv", class_file(**{",3,0,": ",3,two,"}), "row 1, column seat: 'two' is not a whole number"),
    ("cards.csv", class_file(**{",11,": ",11.5,"}), "row 2, column cards: '11.5' is not a whole number"),
    ("huge.csv", class_file(**{",11,": ",1e300,"}), "row 2, column cards: '1e300' is not a whole number"),
    ("long.csv", class_file(**{",11,": ",99999999999999999999999,"}),
     "row 2, column cards: '99999999999999999999999' is not a whole number"),
    ("chance.csv", class_file(**{"0.25": "a quarter"}), "row 1, column chance: 'a quarter' is not a number"),
    ("infinite.csv", class_file(**{"0.25": "1e400"}), "row 1, column chance: '1e400' is not a number"),
    ("passed.csv", class_file(**{"yes": "maybe"}), "row 1, column passed: 'maybe' is not yes/no"),
    ("players.csv", class_file(**{",3,0,": ",99,0,"}), "row 1, column players: 99 is out of range"),
    ("table.csv", class_file(**{",3,0,": ",3,3,"}), "row 1, column seat: 3 is not a seat at a table of 3 (0 to 2)"),
    ("ragged.csv", class_file() + b"scout,3,0\n", "row 3: 3 cells under a header of 9 columns"),
    ("quote.csv", class_file() + b'scout,3,0,1,1,"10,0.25,yes,x\n', "not readable as CSV"),
])
def test_a_bad_file_is_skipped_with_its_name_and_why_and_the_rest_is_read(name, raw, why):
    data = read_class_files([(name, raw), ("good.csv", class_file(rows=4))])
    assert data.read == ["good.csv"] and len(data["scout"]) == 4
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
    raw = class_file(**{"1/2 3/4": f'"{code}"'})
    data = read_class_files([("trick.csv", raw)])
    assert data.skipped == [] and not marker.exists()
    assert set(data["scout"]["hand"]) == {code}  # code is only ever a string in a cell


@pytest.mark.parametrize("cell", ["=1+1", "+A1", "-1 x", "@SUM(A1)", "\tx", "\rx", "- 9 8 -", "'=quoted", "'quoted"])
def test_a_cell_a_spreadsheet_reads_as_a_formula_is_written_as_text_and_read_back_the_same(cell):
    records = Records("scout", seed=1)
    records.new_game(1, players=3, seat=0)
    records.decided({"cards": 10, "chance": -0.5, "passed": True, "hand": cell})
    records.finished((), True, lambda part, decisions: decisions)
    written = list(csv.reader(io.StringIO(records.csv_text(), newline="")))[1]
    assert written[8] == "'" + cell and written[6] == "-0.5"  # an apostrophe first; a negative number stays a number
    assert "-0.5" in records.csv_text().replace('"', "").split(",")  # unquoted or quoted, never escaped
    data = read_class_files([("f.csv", records.csv_text().encode())])
    assert data.skipped == [] and list(data["scout"]["hand"]) == [cell] and list(data["scout"]["chance"]) == [-0.5]


def test_the_same_file_twice_is_named_and_skipped_the_second_time(tmp_path):
    (tmp_path / "ana.csv").write_bytes(class_file())
    (tmp_path / "ana (1).csv").write_bytes(class_file())
    (tmp_path / "ben.csv").write_bytes(class_file(rows=3))
    data = read_class_files(tmp_path)
    assert data.read == ["ana (1).csv", "ben.csv"] and len(data["scout"]) == 5
    assert data.skipped == ["ana.csv: the same content as ana (1).csv, already read"]


@pytest.mark.parametrize("columns", [20_000, 100_000])
def test_a_header_of_thousands_of_duplicate_columns_is_refused_before_it_is_parsed(columns):
    raw = ("game,players,seat,game_no,round," + ",".join(["x"] * columns) + "\n").encode()
    data = read_class_files([("wide.csv", raw + b"scout,3,0,1,1\n")])
    assert data.skipped == [f"wide.csv: a header of {columns + 5} columns: a class file has fewer than 200"]


def test_a_header_naming_a_column_twice_is_refused():
    data = read_class_files([("twice.csv", class_file().replace(b",hand", b",cards"))])
    assert data.skipped == ["twice.csv: the column 'cards' twice in the header"]


def test_an_empty_game_table_keeps_its_columns_and_kinds_and_says_not_enough_data():
    empty = read_class_files([])["scout"]
    assert empty.empty and list(empty.columns) == ["file", *KIT_COLUMNS, *COLUMNS, *PEOPLE_COLUMNS]
    assert str(empty.dtypes["cards"]) == "int64" and str(empty.dtypes["passed"]) == "bool"
    assert repr(classroom.enough(empty)) == "not enough data for this table yet"
    assert classroom.enough(read_class_files([("a.csv", class_file())])["scout"]) is not None


def people_file(people: str = "0 2", by: str = "person", rows: int = 2) -> bytes:
    """A class file from a table of people: the ``people`` and ``by`` columns after the game's."""
    records = Records("scout", seed=1)
    records.new_game(1, players=3, seat=0)
    for n in range(rows):
        records.decided({"cards": str(10 + n), "chance": "0.25", "passed": "yes", "hand": "1/2 3/4",
                         "people": people, "by": by})
    records.finished((), True, lambda part, decisions: decisions)
    return records.csv_text().encode()


def test_a_table_of_peoples_file_keeps_who_were_people_and_who_decided():
    data = read_class_files([("ana.csv", people_file("0 2", "bot")), ("ben.csv", class_file())])
    assert data.skipped == []
    table = data["scout"]
    assert list(table["people"]) == ["0 2", "0 2", "0", "0"]  # a game against bots: the student alone
    assert list(table["by"]) == ["bot", "bot", "person", "person"]


def test_a_default_for_no_answer_in_a_window_reads_as_who_decided():
    data = read_class_files([("ana.csv", people_file("0 1 2", "default"))])
    assert data.skipped == [] and list(data["scout"]["by"]) == ["default", "default"]


@pytest.mark.parametrize("people, by, why", [
    ("0 5", "person", "row 1, column people: 5 is not a seat at a table of 3 (0 to 2)"),
    ("0 0", "person", "row 1, column people: '0 0' names a seat twice"),
    ("1 2", "person", "row 1, column people: '1 2' leaves out the row's own seat 0"),
    ("0 x", "person", "row 1, column people: 'x' is not a whole number"),
    ("0 1", "robot", "row 1, column by: 'robot' is not one of 'person', 'bot', 'default'"),
])
def test_a_people_column_out_of_its_table_skips_the_file_saying_where_and_why(people, by, why):
    data = read_class_files([("ana.csv", people_file(people, by))])
    assert data.read == [] and data.skipped == [f"ana.csv: {why}"]
