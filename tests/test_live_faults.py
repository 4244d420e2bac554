"""Faults of a live class that need no browser, over SQLite (a file) and a real PostgreSQL (issue 23 item 5).

Thirty students' pages writing at once: thirty processes, each with its own ``ClassPage`` (so its own
``ClassDB``), all joining at once and then handing finished rounds to the page's sink (``Records.sink``,
what the app calls when a round ends) as fast as they can: no page ever says "not saved", and every
round is stored once. A student's process killed while it writes: every round it finished is stored
whole (no round without all its rows), and a new page with the same name carries on from there.

The students are processes of a fork server that imported cardlib once (as Voila's kernels are
processes, each with its own connections); the test waits on their messages, never on a fixed sleep.
"""
from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
import traceback
from typing import Any

import pytest
from sqlalchemy import func, select

from cardlib.core.classdb import ClassDB
from cardlib.core.classdb_tables import round_rows, rounds
from cardlib.twentyfive.app import TwentyFiveApp
from cardlib.ui.live import ClassPage

CODE, GAME = "KXPR", "twentyfive"
STUDENTS, ROUNDS = 30, 10  # thirty pages, each storing ten rounds as fast as it can
BOUND = 300  # seconds any student may take before the test fails (a loaded machine is slow, not broken)


def a_round(seed: int = 5) -> list[dict[str, Any]]:
    """The rows of one real finished round of Twenty-five (its first), as the app hands them to the sink."""
    app, rng = TwentyFiveApp(seed=seed), random.Random(seed)
    while not app.records.rows:
        app.button(rng.choice([b.description for b in app.action_buttons if not b.disabled])).click()
    return [dict(row) for row in app.records.rows]


def round_number(rows: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The same round's rows as the student's round ``number`` of game 1."""
    return [dict(row, round=number) for row in rows]


def joined_page(url: str, name: str) -> ClassPage:
    """A student's page that joined class KXPR as ``name`` (its message if it could not)."""
    page = ClassPage(url, CODE, GAME, seed=5)
    page.name_field.value, page.code_field.value = name, CODE.lower()
    page.join_button.click()
    if page.app is None:
        raise AssertionError(f"{name} could not join: {page.message.value}")
    return page


def student(url: str, name: str, rows: list[dict[str, Any]], start: Any, said: Any) -> None:
    """One student's process: join when every student is ready, then store ROUNDS rounds through the page's
    sink; reports (name, the status lines that were not "saved", rounds played shown, an error)."""
    try:
        start.wait(BOUND)
        page = joined_page(url, name)
        unsaved = []
        for number in range(1, ROUNDS + 1):
            page.app.records.sink(round_number(rows, number))
            if 'data-saved="saved"' not in page.status.value or "not saved" in page.status.value:
                unsaved.append(page.status.value)
        said.put((name, unsaved, page.rounds_played, ""))
    except BaseException:  # the test shows it: nothing a student's page does may raise
        said.put((name, [], -1, traceback.format_exc()))


def writer(url: str, name: str, rows: list[dict[str, Any]], said: Any) -> None:
    """A student's process storing rounds through its page until it is killed; after each, sends the rounds
    played its page shows (negative: the page said "not saved"), on a pipe that holds no message back."""
    page = joined_page(url, name)
    number = 0
    while True:
        number += 1
        page.app.records.sink(round_number(rows, number))
        said.send(page.rounds_played if 'data-saved="saved"' in page.status.value else -number)


@pytest.fixture(scope="module")
def students_context() -> Any:
    """A fork server that imported cardlib's page and both database drivers once, before any thread."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["cardlib.ui.live", "cardlib.core.classdb", "cardlib.twentyfive.app",
                                    "sqlalchemy", "psycopg", "tests.test_live_faults"])
    return context


@pytest.fixture
def url(class_db_url):
    """The class database's URL, with class KXPR open for Twenty-five."""
    with ClassDB(class_db_url) as db:
        db.open_class(CODE, game=GAME)
    return class_db_url


def stored_rounds(db: ClassDB, name: str) -> list[tuple[int, str, int, list[int]]]:
    """A student's stored rounds in order: (number, key, rows, the rows' line numbers)."""
    query = (select(rounds.c.number, rounds.c.round_key, func.count(round_rows.c.line), func.min(round_rows.c.line),
                    func.max(round_rows.c.line))
             .select_from(rounds.outerjoin(round_rows, round_rows.c.round_id == rounds.c.id))
             .where(rounds.c.class_code == CODE, rounds.c.student == name)
             .group_by(rounds.c.id, rounds.c.number, rounds.c.round_key).order_by(rounds.c.number))
    with db.engine.connect() as connection:
        return [(number, key, count, [low, high]) for number, key, count, low, high in connection.execute(query)]


def test_thirty_pages_writing_at_once_all_saved_each_round_once(url, students_context):
    rows = a_round()
    start, said = students_context.Barrier(STUDENTS), students_context.Queue()
    names = [f"student {number:02}" for number in range(STUDENTS)]
    processes = [students_context.Process(target=student, args=(url, name, rows, start, said)) for name in names]
    for process in processes:
        process.start()
    try:
        reports = [said.get(timeout=BOUND) for _ in names]
    finally:
        for process in processes:
            process.join(timeout=BOUND)
            if process.is_alive():
                process.kill()
    errors = [f"{name}: {error}" for name, _, _, error in reports if error]
    assert not errors, "\n".join(errors)
    unsaved = {name: lines for name, lines, _, _ in reports if lines}
    assert not unsaved, f"{len(unsaved)} page(s) said a round was not saved: {unsaved}"
    assert sorted(shown for _, _, shown, _ in reports) == [ROUNDS] * STUDENTS  # each page: its own ten rounds
    with ClassDB(url) as db:
        assert sorted((s.name, s.rounds) for s in db.students(CODE)) == [(name, ROUNDS) for name in names]
        for name in names:
            stored = stored_rounds(db, name)
            assert [number for number, *_ in stored] == list(range(1, ROUNDS + 1)), name
            assert len({key for _, key, _, _ in stored}) == ROUNDS, name  # ten rounds, each stored once
            assert all(count == len(rows) and lines == [0, len(rows) - 1] for _, _, count, lines in stored), name


def test_a_student_process_killed_while_writing_loses_no_finished_round(url, students_context):
    """Killed three times at a random moment of its writing: every round stored whole, and a new page carries on."""
    rows = a_round()
    rng = random.Random(23)
    for kill in range(3):
        said, told = students_context.Pipe(duplex=False)
        process = students_context.Process(target=writer, args=(url, "Kim", rows, told))
        process.start()
        told.close()
        try:
            saved = 0
            while saved < 3 + rng.randrange(4):  # a few rounds saved, then the kill lands wherever the writer is
                assert said.poll(BOUND), "the writer stopped storing rounds"
                last = said.recv()
                assert last > 0, f"the page said round {-last} was not saved"
                saved += 1
            time.sleep(rng.random() / 50)  # not a wait: a random moment, most likely inside the next write
            os.kill(process.pid, signal.SIGKILL)
            process.join(timeout=BOUND)
            assert process.exitcode == -signal.SIGKILL
            while said.poll(0):  # what the page showed before it died (then the pipe's end)
                try:
                    last = said.recv()
                except EOFError:
                    break
                assert last > 0, f"the page said round {-last} was not saved"
            shown = last
            with ClassDB(url) as db:
                stored = stored_rounds(db, "Kim")
                count = len(stored)
                assert [number for number, *_ in stored] == list(range(1, count + 1))  # no gap, none doubled
                assert all(c == len(rows) and lines == [0, len(rows) - 1] for _, _, c, lines in stored), stored
                assert shown <= count <= shown + 1  # a round the page did not show yet may have been stored
                assert db.rounds_played(CODE, "Kim", GAME) == count
        finally:
            if process.is_alive():
                process.kill()
    with ClassDB(url) as db:
        again = joined_page(url, " Kim ")  # the student reloads: a new page, the same name
        assert again.rounds_played == count and f"rounds played: {count}" in again.status.value
        again.app.records.sink(round_number(rows, 1))
        assert again.rounds_played == count + 1 and 'data-saved="saved"' in again.status.value
        assert [number for number, *_ in stored_rounds(db, "Kim")] == list(range(1, count + 2))
