"""`cardlib class` in a subprocess against a temporary SQLite file, a student in chromium: a wrong code is
refused; a student joins, plays a round by clicks and the round is in the database; the page loads no
MathJax; the page's HTML and websocket frames hold neither the database's path nor another student's name;
an ``execute_request`` sent over the page's own kernel websocket is not run; Ctrl+C stops Voila, its kernels
and the dashboard.
"""
from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardlib.core.classdb import ClassDB
from cardlib.twentyfive.app import TwentyFiveApp
from tests.browser.conftest import free_port, stop, wait_until_serving
from tests.browser.mirror import LOAD_TIMEOUT, click, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODE, SEED, OTHER = "KXPR", 5, "Zoe-Hidden-Name"
ROW = {"game": "twentyfive", "players": 3, "seat": 0, "game_no": 1, "round": 1}

# Over the page's own kernel websocket: an execute_request that would write a file, then a kernel_info_request.
EXECUTE = """async ([kernel, code]) => {
  const url = `ws://${location.host}/api/kernels/${kernel}/channels`;
  const socket = new WebSocket(url);
  const replies = [];
  socket.onmessage = (event) => replies.push(JSON.parse(event.data).header.msg_type);
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
  const message = (type, content) => JSON.stringify({channel: 'shell', buffers: [], metadata: {}, parent_header: {},
    header: {msg_id: type + Math.random(), msg_type: type, username: 'x', session: 'intruder', date: '', version: '5.3'},
    content});
  socket.send(message('execute_request', {code, silent: false, store_history: false, user_expressions: {},
                                          allow_stdin: false, stop_on_error: true}));
  socket.send(message('kernel_info_request', {}));
  for (let i = 0; i < 600 && !replies.includes('kernel_info_reply'); i++) await new Promise(r => setTimeout(r, 100));
  socket.close();
  return replies;
}"""


@pytest.fixture(scope="module")
def live_class(tmp_path_factory):
    """`cardlib class` serving Twenty-five (seed 5) on free ports, its database holding another student's round."""
    folder = tmp_path_factory.mktemp("class")
    database = folder / "class.db"
    with ClassDB(f"sqlite:///{database}") as db:  # another student, already playing
        db.open_class(CODE, game="twentyfive")
        db.join(CODE, OTHER)
        app = TwentyFiveApp(seed=1)
        while not app.records.rows:
            app.button(random.Random(0).choice([b.description for b in app.action_buttons if not b.disabled])).click()
        db.add_round(CODE, OTHER, "twentyfive", "bots", 0, app.records.rows, key="other:1:1")
    port, dashboard, log = free_port(), free_port(), folder / "cardlib-class.log"
    command = [sys.executable, "-m", "cardlib", "class", "--game", "twentyfive", "--code", CODE.lower(),
               "--seed", str(SEED), "--db", "sqlite:///class.db", "--port", str(port), "--dashboard-port",
               str(dashboard), "--students", "2"]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.STDOUT,
                                   env=dict(os.environ, PYTHONUNBUFFERED="1"), start_new_session=True,
                                   preexec_fn=as_from_a_terminal)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, process, log)
        yield {"url": url, "db": database, "folder": folder, "process": process, "log": log, "dashboard": dashboard}
    finally:
        stop(process)


def as_from_a_terminal() -> None:
    """Ctrl+C reaches the command as from a terminal: pytest-xdist's workers ignore SIGINT, and a child
    would inherit that (Python then installs no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def join(page, name: str, code: str) -> None:
    page.locator(".cl-join input").nth(0).fill(name)
    page.locator(".cl-join input").nth(1).fill(code)
    page.locator(".cl-join button").click()


def test_a_student_joins_plays_a_round_and_it_is_in_the_database(live_class, browser):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(60_000)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(str(data))))
    scripts: list = []
    page.on("response", lambda response: scripts.append(response) if response.request.resource_type == "script"
            else None)
    try:
        # The loading sign stands still: nothing on the page draws frames while its script loads (held here,
        # or a quick page would be drawn before the sign is looked at).
        held: list = []
        page.route("**/cardlib-page.js*", lambda route: held.append(route))
        page.goto(live_class["url"], wait_until="commit")
        page.wait_for_selector("#loading", state="attached")
        asked_by = time.monotonic() + LOAD_TIMEOUT / 1000  # the page's cell runs in a kernel first: as long as a load
        while not held and time.monotonic() < asked_by:
            page.wait_for_timeout(100)
        assert held, "the page's script was not asked for"
        assert page.evaluate("document.getAnimations().length") == 0
        for route in held:
            route.continue_()
        page.unroute("**/cardlib-page.js*")
        page.wait_for_selector(".cl-join button", timeout=LOAD_TIMEOUT)
        join(page, "Ana", "KXPQ")  # a wrong code
        page.wait_for_selector(".cl-join-message")
        assert "not the code of an open class" in page.inner_text(".cl-join-message")

        name = "<b>x</b>"
        join(page, name, " kxpr")
        page.wait_for_selector(".cl-header[data-moment]", timeout=LOAD_TIMEOUT)
        mirror = TwentyFiveApp(seed=SEED)  # the same deal the page plays
        wait_settled(page, mirror)
        rng = random.Random(3)
        while not mirror.records.rows:
            click(page, mirror, rng.choice([b.description for b in mirror.action_buttons if not b.disabled]))
        page.wait_for_selector('.cl-class-status[data-saved="saved"][data-rounds="1"]')
        assert page.inner_text(".cl-class-status").startswith("<b>x</b> in class KXPR")  # shown as text
        page.screenshot(path=str(live_class["folder"] / "class-page-1920.png"))
        with ClassDB(f"sqlite:///{live_class['db']}") as db:
            assert db.rounds_played(CODE, name, "twentyfive") == 1
            assert sorted(s.name for s in db.students(CODE)) == sorted([OTHER, name])

        html = page.content()
        said = html + "\n".join(frames)
        for secret in (str(live_class["db"]), "class.db", "sqlite", OTHER):
            assert secret not in said, f"the page received {secret!r}"
        assert "<b>x</b>" not in html.replace("&lt;b&gt;x&lt;/b&gt;", "")  # never as markup

        # The page's one script is cardlib's light frontend: no MathJax at all (MathJax 3's mhchem parser never loads).
        assert [r.url for r in scripts if "/voila/templates/cardlib/static/cardlib-page.js" in r.url]
        assert not [r.url for r in scripts if "mhchemParser" in r.text()]

        kernel = json.loads(page.eval_on_selector("#jupyter-config-data", "e => e.textContent"))["kernelId"]
        intruded = live_class["folder"] / "intruded"
        replies = page.evaluate(EXECUTE, [kernel, f"open({str(intruded)!r}, 'w').write('ran')"])
        assert "kernel_info_reply" in replies, replies  # the socket carried messages: the kernel answered that one
        assert "execute_reply" not in replies and "execute_input" not in replies and not intruded.exists()
    finally:
        context.close()
    if os.environ.get("CARDLIB_SHOW"):
        print(live_class["folder"] / "class-page-1920.png")


def test_ctrl_c_stops_voila_its_kernels_and_the_dashboard(live_class):
    process = live_class["process"]
    deadline = time.monotonic() + 180  # the teacher stops the class after the lesson: its pool is warm by then
    while "is filled with" not in live_class["log"].read_text():
        assert time.monotonic() < deadline, live_class["log"].read_text()[-2000:]
        time.sleep(0.5)
    text = live_class["log"].read_text()
    assert f"(class code {CODE})" in text and "█" in text  # the banner was printed
    with socket.create_connection(("127.0.0.1", live_class["dashboard"]), timeout=5):
        pass  # the dashboard listens on this machine
    kernels = [line for line in text.splitlines() if "Kernel started" in line]
    assert kernels, text[-2000:]
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl+C sends to the terminal's process group
    process.wait(timeout=60)
    time.sleep(1)
    left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert left == [], f"processes left in the class's group: {left}"
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", live_class["dashboard"]), timeout=5).close()
    assert not ours_crashed(live_class["log"].read_text())
    assert not (Path(live_class["folder"]) / "intruded").exists()


def ours_crashed(log: str) -> list[str]:
    """The tracebacks in a class's log but a kernel's as it is shut down: in the middle of a message
    (``[IPKernelApp] ERROR | Exception in message handler``, or its socket already closed under ZMQ:
    ``zmq.error.ZMQError``), or interrupted while it still starts (Jupyter interrupts a kernel before it
    shuts it down, and a kernel still importing ipykernel ends in ``KeyboardInterrupt``). Jupyter's own;
    the class stopped all the same. A ``KeyboardInterrupt`` in the server itself counts: Ctrl+C stops
    Voila's loop quietly (``cardlib.serving.run_voila``), so none may land inside one of its tasks. Any
    traceback through cardlib's Python code counts.
    """
    parts = log.split("Traceback (most recent call last):")
    found = []
    for before, part in zip(parts, parts[1:]):
        own = part.split("\n[", 1)[0]
        shutdown = (before.rstrip().endswith("[IPKernelApp] ERROR | Exception in message handler:")
                    or "zmq.error.ZMQError" in own
                    or (own.rstrip().endswith("\nKeyboardInterrupt") and "ipykernel_launcher.py" in own))
        if not shutdown or re.search(r'/cardlib/[\w/]+\.py"', own):
            found.append(part)
    return found
