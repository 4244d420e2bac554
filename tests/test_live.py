"""The student page of a live class, driven in Python against a real class database (SQLite and PostgreSQL):
joining (wrong code, bad names, names shown escaped), every finished round landing in the database, a
reload carrying on, and a database failure that keeps the round and stores it after the next one.
"""
from __future__ import annotations

import csv
import io
import random
import time
from contextlib import contextmanager

import pytest
from sqlalchemy import text

from cardlib.core.classdb import ClassDB
from cardlib.ui.live import WRONG_CODE, ClassPage, last_game_number
from cardlib.ui.testing import new_game, play_by_clicks

CODE = "KXPR"


@pytest.fixture(autouse=True)
def pages_let_go(monkeypatch):
    """Every page a test makes lets its database go at the end, its timed retry stopped (in a class a kernel's end
    does it; here the pages would hold PostgreSQL connections, and retry into a dropped schema, for the worker's life)."""
    made = []
    make = ClassPage.__init__

    def recorded(self, *args, **kwargs):
        made.append(self)
        make(self, *args, **kwargs)

    monkeypatch.setattr(ClassPage, "__init__", recorded)
    yield
    for student in made:
        if student._retry is not None:
            student._retry.cancel()
        if student._db is not None:
            student._db.close()


@pytest.fixture
def db(class_db_url):
    """The class database with class KXPR open for Twenty-five (and class ZZZZ beside it)."""
    with ClassDB(class_db_url) as database:
        database.open_class(CODE, game="twentyfive")
        database.open_class("ZZZZ", game="loop")
        yield database


def page(db: ClassDB, url: str, game: str | None = "twentyfive", seed: int | None = 5) -> ClassPage:
    return ClassPage(url, CODE, game, seed=seed)


def joined(db: ClassDB, url: str, name: str = "Ana", code: str = "kxpr ", **options) -> ClassPage:
    student = page(db, url, **options)
    student.name_field.value, student.code_field.value = name, code
    student.join_button.click()
    assert student.app is not None, student.message.value
    return student


def html_of(widget) -> str:
    """Every HTML value and text of a widget tree (what the page can show)."""
    parts = [str(getattr(widget, "value", "")), str(getattr(widget, "description", ""))]
    for child in getattr(widget, "children", ()):
        parts.append(html_of(child))
    return "\n".join(parts)


def stored_rows(db: ClassDB, name: str) -> list[dict]:
    """A student's rows as the class export has them."""
    files = dict(db.class_csvs(CODE))
    found = [raw for file, raw in files.items() if file.startswith("twentyfive-")]
    rows = []
    for raw in found:
        rows += [row for row in csv.DictReader(io.StringIO(raw.decode()))]
    return rows


@pytest.mark.parametrize("code", ["KXPQ", "ZZZZ", "", "' OR 1=1 --"])
def test_a_wrong_code_is_refused_and_names_no_class(db, class_db_url, code):
    student = page(db, class_db_url)
    student.name_field.value, student.code_field.value = "Ana", code
    student.join_button.click()
    assert student.app is None and WRONG_CODE in student.message.value
    assert "ZZZZ" not in student.message.value and CODE not in html_of(student)  # nothing of any class shown
    assert db.students(CODE) == [] and db.students("ZZZZ") == []


def test_a_page_that_keeps_guessing_codes_must_wait_longer_each_time(db, class_db_url, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("cardlib.ui.live.time.monotonic", lambda: clock[0])
    student = page(db, class_db_url)
    student.name_field.value = "Ana"
    for guess in ("AAAA", "AAAB", "AAAC"):  # three free tries
        student.code_field.value = guess
        student.join_button.click()
        assert WRONG_CODE in student.message.value
    student.code_field.value = CODE  # even the right code waits now: a guesser learns nothing from the wait
    student.join_button.click()
    assert student.app is None and "wait 5 seconds" in student.message.value
    clock[0] += 5.5
    student.code_field.value = "AAAD"
    student.join_button.click()
    assert WRONG_CODE in student.message.value
    student.code_field.value = CODE
    student.join_button.click()
    assert student.app is None and "wait 10 seconds" in student.message.value
    clock[0] += 10.5
    student.join_button.click()
    assert student.app is not None and db.students(CODE)[0].name == "Ana"


@pytest.mark.parametrize("name, says", [("   ", "Please type your name."), ("x" * 41, "at most 40 characters"),
                                        ("a\tb", "control character")])
def test_an_empty_or_long_name_is_refused(db, class_db_url, name, says):
    student = page(db, class_db_url)
    student.name_field.value, student.code_field.value = name, CODE
    student.join_button.click()
    assert student.app is None and says in student.message.value and db.students(CODE) == []


def test_a_name_is_trimmed_and_forty_characters_are_enough(db, class_db_url):
    name = "さ" * 40
    student = joined(db, class_db_url, name=f"  {name}  ")
    assert student.name == name and [s.name for s in db.students(CODE)] == [name]


@pytest.mark.parametrize("name", ["<b>x</b>", "<img src=x onerror=alert(1)>"])
def test_a_name_is_shown_escaped(db, class_db_url, name):
    student = joined(db, class_db_url, name=name)
    shown = html_of(student)
    assert name not in shown and name.replace("<", "&lt;").replace(">", "&gt;") in student.status.value
    assert [s.name for s in db.students(CODE)] == [name]  # stored as typed


def test_every_finished_round_lands_in_the_database(db, class_db_url):
    student = joined(db, class_db_url)
    student.name_field.value = "Bea"  # typing another name after joining changes nothing
    play_by_clicks(student.app, random.Random(1))
    record = student.app.records
    assert record.rounds >= 2 and db.rounds_played(CODE, "Ana", "twentyfive") == record.rounds
    assert [s.name for s in db.students(CODE)] == ["Ana"]
    assert stored_rows(db, "Ana") == list(csv.DictReader(io.StringIO(record.csv_text())))
    assert f"rounds played: {record.rounds}" in student.status.value and "saved" in student.status.value


def test_a_reload_carries_on_with_the_same_record(db, class_db_url):
    first = joined(db, class_db_url, seed=None)
    play_by_clicks(first.app, random.Random(2))
    new_game(first.app)  # game 2 begun, no round of it finished
    played = first.app.records.rounds
    again = joined(db, class_db_url, name=" Ana", seed=None)  # the page reloaded: a new kernel, the same name
    assert again.rounds_played == played and f"rounds played: {played}" in again.status.value
    assert again.app.records.games_before == 1
    play_by_clicks(again.app, random.Random(3))
    assert db.rounds_played(CODE, "Ana") == played + again.app.records.rounds
    rows = stored_rows(db, "Ana")
    assert {row["game_no"] for row in rows} == {"1", "2"}  # the second page's game numbered after the first's
    pairs = [(row["game_no"], row["round"]) for row in rows]
    assert len(set(pairs)) == db.rounds_played(CODE, "Ana")  # no two rounds share a game and round
    assert last_game_number(db, CODE, "Ana", "twentyfive") == 2


@contextmanager
def database_away(db: ClassDB):
    """The rounds' table away while the block runs: every write fails, as a broken database's."""
    with db.engine.begin() as connection:
        connection.execute(text("ALTER TABLE rounds RENAME TO rounds_away"))
    try:
        yield
    finally:
        with db.engine.begin() as connection:
            connection.execute(text("ALTER TABLE rounds_away RENAME TO rounds"))


def round_left_waiting(student: ClassPage, rng: random.Random) -> None:
    """Clicks until a round finishes and is not stored (the database is away)."""
    while not student.pending:
        student.app.button(rng.choice([b.description for b in student.app.action_buttons if not b.disabled])).click()


def test_a_database_error_keeps_the_round_and_stores_it_after_the_next(db, class_db_url):
    student = joined(db, class_db_url)
    app = student.app
    rng = random.Random(4)
    with database_away(db):
        round_left_waiting(student, rng)
        assert app.message == "" and "not saved yet (1 round(s))" in student.status.value
        assert "Traceback" not in html_of(student) and "rounds_away" not in html_of(student)
    play_by_clicks(app, rng)  # the next round stores both
    assert student.pending == [] and db.rounds_played(CODE, "Ana", "twentyfive") == app.records.rounds
    assert stored_rows(db, "Ana") == list(csv.DictReader(io.StringIO(app.records.csv_text())))
    assert student.save() and db.rounds_played(CODE, "Ana") == app.records.rounds  # a retry stores nothing twice


def test_the_last_round_of_a_student_who_stops_is_stored_once_the_database_is_back(db, class_db_url, monkeypatch):
    monkeypatch.setattr("cardlib.ui.live.RETRY_SECONDS", 0.1)
    student = joined(db, class_db_url)
    deadline = time.monotonic() + 30
    with database_away(db):
        round_left_waiting(student, random.Random(4))  # then the student stops
        assert "Error" in student.last_error and "Error" not in html_of(student)  # kept for the teacher, not shown
        for _ in range(3):  # the database stays away: timed retries fail in turn, and each sets the next
            student.last_error = ""
            while not student.last_error and time.monotonic() < deadline:
                time.sleep(0.02)
            assert student.last_error and student.pending
    # no click: a timed retry stores it. Its thread empties `pending` before it counts the rounds and redraws the
    # status line, so the test waits for the line, the last thing it changes (CI once read the two in between)
    while 'data-saved="saved"' not in student.status.value and time.monotonic() < deadline:
        time.sleep(0.05)
    assert 'data-saved="saved"' in student.status.value and 'data-rounds="1"' in student.status.value
    assert student.pending == [] and db.rounds_played(CODE, "Ana", "twentyfive") == student.app.records.rounds == 1


def test_a_class_without_a_game_lets_the_student_choose(db, class_db_url):
    db.open_class(CODE)
    student = page(db, class_db_url, game=None)
    assert student.game_choice is not None
    student.game_choice.value = "loop"
    student.name_field.value, student.code_field.value = "Ana", CODE
    student.join_button.click()
    assert student.game == "loop" and type(student.app).__name__ == "LoopApp"


def test_a_page_made_ahead_has_opened_the_database_so_joining_opens_nothing(db, class_db_url, monkeypatch):
    student = page(db, class_db_url)  # as a pooled kernel runs it, before anyone joins
    assert student._db is not None

    def no_new_database(*args, **kwargs):
        raise AssertionError("the join opened the class database again")

    monkeypatch.setattr("cardlib.core.classdb.ClassDB", no_new_database)
    student.name_field.value, student.code_field.value = "Ana", CODE
    student.join_button.click()
    assert student.app is not None, student.message.value


def test_a_page_made_ahead_has_dealt_its_app_so_joining_makes_no_widget(db, class_db_url):
    from ipywidgets.widgets.widget import _instances

    student = page(db, class_db_url)  # as a pooled kernel runs it: the page loads the app's widgets with the form's
    ahead = student._ahead[1]
    assert type(ahead).__name__ == "TwentyFiveApp" and student.app is None
    before = set(_instances)
    student.name_field.value, student.code_field.value = "Ana", CODE
    student.join_button.click()
    assert student.app is ahead and student.children == (student.status_row, ahead)
    assert set(_instances) - before == set()  # the join only showed what was made (status lines change values)


def test_an_app_made_ahead_for_another_game_than_the_class_plays_is_not_shown(db, class_db_url):
    student = page(db, class_db_url, game="loop")  # the class KXPR plays Twenty-five
    assert type(student._ahead[1]).__name__ == "LoopApp"
    student.name_field.value, student.code_field.value = "Ana", CODE
    student.join_button.click()
    assert type(student.app).__name__ == "TwentyFiveApp"


def test_a_page_made_while_the_database_cannot_be_opened_says_so_at_the_join(tmp_path):
    student = ClassPage(f"sqlite:///{tmp_path / 'no folder' / 'class.db'}", CODE, "twentyfive")
    assert student._db is None and student.children == (student.form,)
    student.name_field.value, student.code_field.value = "Ana", CODE
    student.join_button.click()
    assert student.app is None and "cannot be reached" in student.message.value


def test_join_a_table_while_the_database_is_gone_says_so_above_the_game(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    url = f"sqlite:///{folder / 'class.db'}"
    with ClassDB(url) as database:
        database.open_class(CODE, game="twentyfive")
    student = ClassPage(url, CODE, "twentyfive", seed=5)
    student.name_field.value, student.code_field.value = "Ana", CODE
    student.join_button.click()
    app = student.app
    student._database().engine.dispose()  # the database's folder goes away: no connection can be opened
    folder.rename(tmp_path / "gone")
    student.table_button.click()
    assert student.people is None and student.app is app
    assert student.message in student.children and "cannot be reached" in student.message.value
    assert student.table_button.layout.display != "none", "the button stays, to try again"


def test_join_a_table_seats_students_together_and_a_reload_takes_them_back(db, class_db_url):
    ana, bo = joined(db, class_db_url, "Ana"), joined(db, class_db_url, "Bo")
    assert ana.table_button.layout.display != "none" and "Join a table" in ana.table_button.description
    ana.table_button.click()
    assert ana.people is not None and ana.people.stage == "lobby" and ana.table_button.layout.display == "none"
    ana.people.size_choice.value = 3
    ana.people.open_button.click()
    bo.table_button.click()
    bo.people.refresh()
    [sit] = bo.people.sit_buttons.values()
    sit.click()
    assert bo.people.stage == "waiting"
    bo.people.start_button.click()  # the empty seat gets a bot
    ana.people.refresh()
    assert ana.people.stage == bo.people.stage == "playing"
    again = joined(db, class_db_url, "ana")  # a reload: back at the table, the same seat
    assert again.people is not None and again.people.stage == "playing"
    assert again.people.app.human == ana.people.app.human
    for student in (ana, bo, again):
        student.people.close()


def test_play_the_bots_instead_comes_back_to_the_game_against_bots(db, class_db_url):
    ana = joined(db, class_db_url)
    app = ana.app
    ana.table_button.click()
    ana.people.leave_button.click()
    assert ana.people is None and ana.app is app and list(ana.children) == [ana.status_row, app]
    assert ana.table_button.layout.display != "none"


def test_a_student_back_from_a_table_sees_its_rounds_counted_and_one_line_above_the_table(db, class_db_url):
    from tests.core.table_helpers import play_random

    ana = joined(db, class_db_url)
    ana.table_button.click()
    assert ana.status_row not in ana.children, "at the tables the people page's own line says who and where"
    ana.people.open_button.click()
    ana.people.start_button.click()  # the other seats become bots
    assert "Ana in class KXPR" in ana.people._status.value and "table " in ana.people._status.value
    play_random(ana.people.table, random.Random(3))
    ana.people.refresh()
    assert ana.people.stage == "over"
    stored = db.rounds_played(CODE, "Ana", "twentyfive")
    assert stored >= 1 and ana.rounds_played == 0, "the table stored its rounds, not the page"
    ana.people.back_to_lobby()
    ana.people.leave_button.click()
    assert ana.rounds_played == stored and f"rounds played: {stored}" in ana.status.value
    assert list(ana.children) == [ana.status_row, ana.app]


def test_the_teachers_katsu_window_reaches_the_tables_a_student_opens(class_db_url):
    from cardlib.core.tables import Table

    with ClassDB(class_db_url) as database:
        database.open_class("SATO", game="satori")
        student = ClassPage(class_db_url, "SATO", "satori", seed=1, window=7)
        student.name_field.value, student.code_field.value = "Ana", "sato"
        student.join_button.click()
        student.table_button.click()
        student.people.open_button.click()
        [row] = database.class_tables("SATO")
        assert Table(database, row.id).window_seconds == 7
        student.people.close()
