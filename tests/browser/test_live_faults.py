"""Nothing lost, no one let in (issue 23 item 5): `cardlib class` in a subprocess, serving students on 0.0.0.0
from a temporary SQLite file, students in chromium.

- A student's kernel SIGKILLed mid-round: every round the page showed is in the database, each whole; a
  reload with the same name and code carries on, the next round stored as the next number.
- The whole class (Voila, its kernels, the dashboard) SIGKILLed and started again on the same database and
  code: the student rejoins and goes on; no row lost or doubled.
- Two students in two browser contexts: neither page receives the other's name or rows, Voila lists no
  kernels; messages crafted over a page's own kernel websocket (the name field set to another student's
  name, Join clicked again) do not make its rounds land under that name; the dashboard, bound to
  127.0.0.1, refuses connections at the machine's LAN address while the students' port answers there.
- A page's kernel refusing an ``execute_request``: tests/browser/test_live_browser.py (not repeated here).
"""
from __future__ import annotations

import base64
import csv
import io
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import urlopen

import pytest
from sqlalchemy import select

from cardlib.class_command import lan_address
from cardlib.core.classdb import ClassDB
from cardlib.core.classdb_tables import round_rows, rounds
from cardlib.twentyfive.app import TwentyFiveApp
from tests.browser.conftest import free_port, stop, wait_until_serving
from tests.browser.mirror import LOAD_TIMEOUT, click, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODE, SEED, GAME, OTHER = "FLTX", 5, "twentyfive", "Zoe-Hidden-Name"
KIM, LEE = "Kim-Killed-Kernel", "Lee-Restarted-Class"  # names no page shows by chance
STATUS = '.cl-class-status[data-saved="saved"][data-rounds="{n}"]'
BOUND = 120.0  # seconds for processes to go or come (a bound for a loaded machine, not a wait)

# Over a page's own kernel websocket: list the kernel's widgets, read their states, then set the name field
# to another student's name and click Join, as a page altered by its student could.
IMPERSONATE = """async ([kernel, name]) => {
  const socket = new WebSocket(`ws://${location.host}/api/kernels/${kernel}/channels`);
  const inbox = [];
  socket.onmessage = (event) => inbox.push(JSON.parse(event.data));
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
  const send = (type, content) => socket.send(JSON.stringify({channel: 'shell', buffers: [], metadata: {},
    parent_header: {}, content, header: {msg_id: type + Math.random(), msg_type: type, username: 'x',
    session: 'intruder', date: '', version: '5.3'}}));
  const sleep = () => new Promise(r => setTimeout(r, 100));
  const find = async (test) => { for (let i = 0; i < 600; i++) { const m = inbox.find(test); if (m) return m;
    await sleep(); } return null; };
  send('comm_info_request', {target_name: 'jupyter.widget'});
  const info = await find(m => m.header.msg_type === 'comm_info_reply');
  const ids = Object.keys(info.content.comms);
  for (const id of ids) send('comm_msg', {comm_id: id, data: {method: 'request_state'}});
  const stateOf = (id) => inbox.find(m => m.header.msg_type === 'comm_msg' && m.content.comm_id === id
                                          && m.content.data.method === 'update');
  for (let i = 0; i < 600 && !ids.every(stateOf); i++) await sleep();
  const which = (model, label) => ids.find(id => stateOf(id) && stateOf(id).content.data.state._model_name === model
                                                 && stateOf(id).content.data.state.description === label);
  const field = which('TextModel', 'Your name'), join = which('ButtonModel', 'Join');
  if (field) send('comm_msg', {comm_id: field, data: {method: 'update', state: {value: name}, buffer_paths: []}});
  if (join) send('comm_msg', {comm_id: join, data: {method: 'custom', content: {event: 'click'}}});
  send('kernel_info_request', {});  // the kernel answers it after handling the messages before it
  const done = await find(m => m.header.msg_type === 'kernel_info_reply');
  socket.close();
  return {widgets: ids.length, field, join, answered: done !== null};
}"""


class LiveClass:
    """`cardlib class` on free ports over one SQLite file, serving students on every interface."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.db = folder, folder / "class.db"
        self.port, self.dashboard = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = folder / "cardlib-class.log"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        """Start the class (again: the same database, code and ports) and wait until the students' port answers."""
        command = [sys.executable, "-m", "cardlib", "class", "--game", GAME, "--code", CODE, "--seed", str(SEED),
                   "--db", "sqlite:///class.db", "--host", "0.0.0.0", "--port", str(self.port),
                   "--dashboard-port", str(self.dashboard), "--students", "2"]
        with open(self.log, "a") as out:
            self.process = subprocess.Popen(command, cwd=self.folder, stdout=out, stderr=subprocess.STDOUT,
                                            env=dict(os.environ, PYTHONUNBUFFERED="1"), start_new_session=True)
        self.starts += 1
        wait_until_serving(self.url, self.process, self.log)

    def kill(self) -> None:
        """SIGKILL the class's whole process group (Voila, every kernel, the dashboard) and wait until it is gone."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=BOUND)
        deadline = time.monotonic() + BOUND
        while group(self.process.pid):
            assert time.monotonic() < deadline, f"processes left in the class's group: {group(self.process.pid)}"
            time.sleep(0.1)

    def db_rows(self) -> list[tuple]:
        """Every stored round with its rows, in order: (student, game, number, key, line, data)."""
        query = (select(rounds.c.student, rounds.c.game, rounds.c.number, rounds.c.round_key, round_rows.c.line,
                        round_rows.c.data)
                 .select_from(rounds.outerjoin(round_rows, round_rows.c.round_id == rounds.c.id))
                 .order_by(rounds.c.student, rounds.c.number, round_rows.c.line))
        with ClassDB(f"sqlite:///{self.db}") as db, db.engine.connect() as connection:
            return [tuple(row) for row in connection.execute(query)]


def group(pgid: int) -> list[str]:
    """The processes left in a process group."""
    return subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True).stdout.split()


@pytest.fixture(scope="module")
def live_class(tmp_path_factory):
    """`cardlib class` serving Twenty-five (seed 5), its database holding another student's round."""
    folder = tmp_path_factory.mktemp("faults")
    with ClassDB(f"sqlite:///{folder / 'class.db'}") as db:
        db.open_class(CODE, game=GAME)
        db.join(CODE, OTHER)
        app, rng = TwentyFiveApp(seed=1), random.Random(0)
        while not app.records.rows:
            app.button(rng.choice([b.description for b in app.action_buttons if not b.disabled])).click()
        db.add_round(CODE, OTHER, GAME, "bots", 0, app.records.rows, key="other:1:1")
    served = LiveClass(folder)
    served.start()
    try:
        yield served
    finally:
        stop(served.process)


@pytest.fixture
def student(browser):
    """A factory of students' pages, each in a browser context of its own, recording its websocket frames."""
    contexts = []

    def new_page():
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.frames_received = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: page.frames_received.append(str(data))))
        return page

    try:
        yield new_page
    finally:
        for context in contexts:
            context.close()


def join(page, url: str, name: str) -> TwentyFiveApp:
    """Open the class, join as ``name`` and wait for the game; the mirror of the page's app."""
    page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)
    page.wait_for_selector(".cl-join button", timeout=LOAD_TIMEOUT)
    page.locator(".cl-join input").nth(0).fill(name)
    page.locator(".cl-join input").nth(1).fill(CODE.lower())
    page.locator(".cl-join button").click()
    page.wait_for_selector(".cl-header[data-moment]", timeout=LOAD_TIMEOUT)
    mirror = TwentyFiveApp(seed=SEED)  # the same deal the page plays
    wait_settled(page, mirror)
    return mirror


def finish_rounds(page, mirror, rounds_now: int, count: int, rng: random.Random) -> int:
    """Play ``count`` more rounds by clicks, then into the next one (a decision taken, the round not over);
    returns the rounds the page shows played, once it shows them saved."""
    finished = mirror.records.rounds
    while mirror.records.rounds < finished + count or not mirror.records._decisions:
        click(page, mirror, rng.choice([b.description for b in mirror.action_buttons if not b.disabled]))
    shown = rounds_now + mirror.records.rounds
    page.wait_for_selector(STATUS.format(n=shown))
    return shown


def page_csv(page) -> list[dict[str, str]]:
    """The rows of the CSV the page offers for download (what the page shows the student kept)."""
    href = page.get_attribute(".cl-download-link", "href")
    return list(csv.DictReader(io.StringIO(base64.b64decode(href.split(",", 1)[1]).decode("utf-8"))))


def stored_csv(live_class: LiveClass, name: str) -> list[dict[str, str]]:
    """A student's stored rows as the class export writes them (the names here are file-safe)."""
    with ClassDB(f"sqlite:///{live_class.db}") as db:
        raw = dict(db.class_csvs(CODE, GAME)).get(f"{GAME}-{name}.csv", b"")
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8"))))


def whole_rounds(live_class: LiveClass, name: str) -> dict[int, list[int]]:
    """A student's stored rounds by number, with the line numbers of their rows."""
    lines: dict[int, list[int]] = {}
    for student, _, number, _, line, _ in live_class.db_rows():
        if student == name:
            lines.setdefault(number, []).append(line)
    return lines


def kernel_of(page) -> int:
    """The process id of the kernel serving ``page`` (its command line names the kernel's connection file)."""
    kernel = json.loads(page.eval_on_selector("#jupyter-config-data", "e => e.textContent"))["kernelId"]
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and f"kernel-{kernel}.json" in (entry / "cmdline").read_bytes().decode():
                return int(entry.name)
        except OSError:
            continue
    pytest.fail(f"no process serves kernel {kernel}")


def gone(pid: int) -> bool:
    """Whether a process has ended (a zombie waiting for its parent counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_kernel_killed_mid_round_loses_no_finished_round_and_a_reload_carries_on(live_class, student):
    page, rng = student(), random.Random(11)
    mirror = join(page, live_class.url, KIM)
    shown = finish_rounds(page, mirror, 0, 2, rng)  # two rounds or more shown saved, a third begun
    kept = page_csv(page)
    pid = kernel_of(page)
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + BOUND
    while not gone(pid):
        assert time.monotonic() < deadline, f"kernel {pid} outlived SIGKILL"
        time.sleep(0.1)

    lines = whole_rounds(live_class, KIM)
    assert sorted(lines) == list(range(1, shown + 1))  # every round the page showed, numbered 1..n
    assert stored_csv(live_class, KIM) == kept  # the very rows the page kept, none half-written
    assert all(line == list(range(len(line))) for line in lines.values()), lines

    mirror = join(page, live_class.url, KIM)  # the student reloads
    page.wait_for_selector(STATUS.format(n=shown))
    assert f"rounds played: {shown}" in page.inner_text(".cl-class-status")
    games_before = max(int(row["game_no"]) for row in kept)
    now = finish_rounds(page, mirror, shown, 1, rng)
    lines = whole_rounds(live_class, KIM)
    assert sorted(lines) == list(range(1, now + 1)) and now > shown
    stored = stored_csv(live_class, KIM)
    assert stored[:len(kept)] == kept  # the old rows untouched
    assert min(int(row["game_no"]) for row in stored[len(kept):]) == games_before + 1  # numbered after the old


def test_the_class_killed_and_started_again_carries_on_with_no_row_lost_or_doubled(live_class, student):
    page, rng = student(), random.Random(12)
    mirror = join(page, live_class.url, LEE)
    shown = finish_rounds(page, mirror, 0, 1, rng)
    before = live_class.db_rows()
    live_class.kill()  # mid-round: Lee has taken a decision of the next round
    assert live_class.db_rows() == before
    live_class.start()
    assert live_class.db_rows() == before  # nothing lost, nothing doubled by the restart
    assert live_class.log.read_text().count(f"(class code {CODE})") == live_class.starts  # its banner again
    with socket.create_connection(("127.0.0.1", live_class.dashboard), timeout=10):
        pass  # the dashboard is back too

    mirror = join(page, live_class.url, LEE)
    page.wait_for_selector(STATUS.format(n=shown))
    now = finish_rounds(page, mirror, shown, 1, rng)
    after = live_class.db_rows()
    assert [row for row in after if row not in before] == [
        row for row in after if row[0] == LEE and row[2] > shown]  # only Lee's new rounds are new
    assert all(row in after for row in before)  # nothing lost
    assert len(after) == len(set(after))  # nothing doubled
    assert sorted(whole_rounds(live_class, LEE)) == list(range(1, now + 1))


def test_a_page_cannot_read_another_student_nor_act_for_them(live_class, student):
    ana_page, bo_page = student(), student()
    ana, bo = "Ana-Secret-7Q", "Bo-Private-3K"
    ana_mirror = join(ana_page, live_class.url, ana)
    ana_rounds = finish_rounds(ana_page, ana_mirror, 0, 1, random.Random(21))
    bo_mirror = join(bo_page, live_class.url, bo)
    bo_rounds = finish_rounds(bo_page, bo_mirror, 0, 1, random.Random(22))
    assert len(page_csv(bo_page)) == len([row for row in live_class.db_rows() if row[0] == bo])  # its own rows only
    for page, others in ((ana_page, [bo, OTHER, KIM, LEE]), (bo_page, [ana, OTHER, KIM, LEE])):
        said = page.content() + "\n".join(page.frames_received)
        for secret in [*others, str(live_class.db), "class.db"]:
            assert secret not in said, f"a page received {secret!r}"

    kernel = json.loads(ana_page.eval_on_selector("#jupyter-config-data", "e => e.textContent"))["kernelId"]
    tried = ana_page.evaluate(IMPERSONATE, [kernel, bo])
    assert tried["field"] and tried["join"] and tried["answered"], tried  # the kernel took the crafted messages
    ana_rounds = finish_rounds(ana_page, ana_mirror, 0, 1, random.Random(23))
    with ClassDB(f"sqlite:///{live_class.db}") as db:
        assert db.rounds_played(CODE, ana, GAME) == ana_rounds >= 2  # Ana's later round is Ana's
        assert db.rounds_played(CODE, bo, GAME) == bo_rounds  # nothing landed under Bo's name
    assert f"{ana} in class {CODE}" in ana_page.inner_text(".cl-class-status")
    assert ana not in bo_page.content() + "\n".join(bo_page.frames_received)  # nor after Ana's later round

    status, body = bo_page.evaluate("async () => { const r = await fetch('/api/kernels'); return [r.status, await r.text()]; }")
    assert status in (403, 404) and kernel not in body, (status, body)  # no list of kernels: a page knows its own only


def test_the_dashboard_refuses_the_network_while_students_are_served_on_it(live_class):
    lan = lan_address()
    if lan.startswith("127."):
        pytest.skip("this machine has no address but loopback: nothing to try the dashboard from")
    with socket.create_connection((lan, live_class.port), timeout=10):
        pass  # the students' port answers on the LAN address (the class serves 0.0.0.0)
    with urlopen(f"http://127.0.0.1:{live_class.dashboard}/", timeout=30) as answer:
        assert answer.status == 200  # the dashboard answers on this machine
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((lan, live_class.dashboard), timeout=10).close()
