"""The `cardlib` command: its help lists the commands, the games and the options; a wrong game, a bad
seed and a busy port stop with one clear message and no traceback; and `cardlib app` started from the
wheel alone, in an empty folder, serves a game that chromium plays.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import venv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cardlib.cli import CULL_EVERY, CULL_IDLE, app_games, voila_options
from cardlib.games import REGISTRY
from tests.browser.conftest import CHROMIUM, GuardedBrowser, chromium, free_port, require_chromium, stop, \
    wait_until_serving

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import handout  # noqa: E402


def cardlib(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m cardlib`` (what the ``cardlib`` script runs) with ``args``."""
    return subprocess.run([sys.executable, "-m", "cardlib", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_cardlib_help_lists_the_commands():
    run = cardlib("--help")
    assert run.returncode == 0 and "app" in run.stdout and "serve one game alone in Voila" in run.stdout
    bare = cardlib()
    assert bare.returncode == 2 and "app" in bare.stdout and "Traceback" not in bare.stderr


def test_cardlib_app_help_lists_every_game_and_option():
    text = cardlib("app", "--help").stdout
    for line in REGISTRY:
        assert line.name in text and line.title in text
    for option in ("--seed", "--lang", "--host", "--port", "--cull-idle", "--cull-every"):
        assert option in text, option
    assert f"default: {CULL_IDLE}" in text and f"default: {CULL_EVERY}" in text  # make app's CULL_IDLE and CULL_EVERY


def test_the_culling_defaults_are_make_apps():
    makefile = (ROOT / "Makefile").read_text()
    assert f"CULL_IDLE  ?= {CULL_IDLE}\n" in makefile and f"CULL_EVERY ?= {CULL_EVERY}\n" in makefile
    options = voila_options(cull_idle=CULL_IDLE, cull_every=CULL_EVERY)
    assert f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}" in options
    assert "--MappingKernelManager.cull_connected=False" in options and "--Voila.port_retries=0" in options


def test_a_wrong_game_lists_the_valid_ones():
    run = cardlib("app", "nonsense")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "no game named 'nonsense'" in run.stderr and all(name in run.stderr for name in app_games())


@pytest.mark.parametrize("args, says", [(["--seed", "-3"], "must be a whole number, not '-3'"),
                                        (["--port", "70000"], "port from 1 to 65535"),
                                        (["--lang", "fr"], "invalid choice: 'fr'")])
def test_a_bad_option_says_what_it_must_be(args, says):
    run = cardlib("app", "scout", *args)
    assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("seconds", ["0", "3601", "ten"])
def test_a_katsu_window_outside_one_second_to_an_hour_is_refused(seconds):
    run = cardlib("class", "--katsu-seconds", seconds)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert ("from 1 to 3600" if seconds.isdigit() else "must be a whole number") in run.stderr


def test_a_busy_port_stops_with_the_port_and_how_to_choose_another():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = cardlib("app", "loop", "--port", str(port))
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert f"port {port} is busy" in run.stderr and f"--port {port + 1}" in run.stderr
    assert "Voil" not in run.stderr + run.stdout  # stopped before Voila started


def test_a_host_that_is_not_this_machine_is_refused():
    run = cardlib("app", "loop", "--host", "192.0.2.1", "--port", str(free_port()))  # TEST-NET-1: nobody's
    assert run.returncode == 2 and "cannot listen on 192.0.2.1" in run.stderr and "Traceback" not in run.stderr


def fresh_venv_with_the_wheel(folder: Path) -> Path:
    """A fresh venv in ``folder`` with cardlib's wheel installed (its script too); its bin folder.

    Its dependencies (Voila, ipywidgets, ...) come from this virtualenv through a .pth line, without
    any .pth of ours: the editable cardlib of this checkout stays out of sight. Their data files (Voila's
    templates, in this virtualenv's share/jupyter) are lent by JUPYTER_PATH, see ``borrowed_data``."""
    wheel = handout.build_wheel(folder / "wheel")
    env = folder / "env"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, timeout=300)
    return env / "bin"


def borrowed_data() -> dict[str, str]:
    """This environment, with this virtualenv's share/jupyter (where pip put Voila's templates) on JUPYTER_PATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH")}
    return dict(env, JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"))


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
def test_cardlib_app_from_the_wheel_alone_serves_a_game_in_an_empty_folder(tmp_path):
    require_chromium(CHROMIUM)
    bin_ = fresh_venv_with_the_wheel(tmp_path)
    empty = tmp_path / "class"
    empty.mkdir()
    where = subprocess.run([str(bin_ / "python"), "-c", "import cardlib; print(cardlib.__file__)"], cwd=empty,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(tmp_path / "env")), f"cardlib came from {where}, not from the wheel"

    port, log = free_port(), tmp_path / "cardlib-app.log"
    with open(log, "w") as out:
        process = subprocess.Popen([str(bin_ / "cardlib"), "app", "scout", "--seed", "5", "--port", str(port)],
                                   cwd=empty, stdout=out, stderr=subprocess.STDOUT, env=borrowed_data(),
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, process, log)
        with chromium() as launched:
            browser = GuardedBrowser(launched)
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            try:
                page = context.new_page()
                page.set_default_timeout(120_000)  # a first page runs the notebook: a fresh venv imports it all
                page.goto(url, wait_until="domcontentloaded")
                page.wait_for_selector(".cl-app .cl-controls button")
                assert "SCOUT" in page.inner_text(".cl-app")
            finally:
                context.close()
        assert browser.outside == [], f"the page asked the internet for {browser.outside}"
        os.killpg(process.pid, signal.SIGINT)  # the teacher's Ctrl+C, sent to the terminal's process group
        assert process.wait(timeout=60) == 0, log.read_text()[-2000:]
    finally:
        stop(process)
    assert list(empty.iterdir()) == [], "cardlib app wrote into the teacher's folder"
    assert "Traceback" not in log.read_text()  # Ctrl+C stops Voila quietly


# A Ctrl+C while the command still imports its parts: sent to itself as it imports the command's module.
CTRL_C_WHILE_IMPORTING = """
import builtins, os, signal, sys
real = builtins.__import__
def importing(name, *args, **kwargs):
    if name == "cardlib.cli":
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, *args, **kwargs)
builtins.__import__ = importing
from cardlib.entry import main
sys.exit(main(["app", "twentyfive"]))
"""


def test_ctrl_c_while_the_command_imports_its_parts_stops_it_quietly():
    run = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_IMPORTING], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 130 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.stderr.strip() == "cardlib: stopped (Ctrl+C)."


def test_cardlib_class_help_lists_its_options():
    run = cardlib("class", "--help")
    assert run.returncode == 0 and "class" in cardlib("--help").stdout
    for option in ("--game", "--db", "--code", "--host", "--port", "--lang", "--seed", "--students",
                   "--dashboard-port", "--cull-idle", "--katsu-seconds"):
        assert option in run.stdout, option


def test_cardlib_class_refuses_a_busy_port_a_wrong_game_and_a_bad_database(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = cardlib("class", "--port", str(port), cwd=tmp_path)
        dashboard = cardlib("class", "--port", str(free_port()), "--dashboard-port", str(port), cwd=tmp_path)
    assert busy.returncode == 2 and f"port {port} is busy" in busy.stderr and "cardlib class --port" in busy.stderr
    assert dashboard.returncode == 2 and f"--dashboard-port {port + 1}" in dashboard.stderr
    wrong = cardlib("class", "--game", "chess", cwd=tmp_path)
    assert wrong.returncode == 2 and "no game named 'chess'" in wrong.stderr
    bad = cardlib("class", "--db", "nonsense://", "--port", str(free_port()), cwd=tmp_path)
    assert bad.returncode == 2 and "cannot open the class database" in bad.stderr
    for run in (busy, dashboard, wrong, bad):
        assert "Traceback" not in run.stderr and "Voil" not in run.stdout + run.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written before the command could start


def test_a_pooled_kernel_is_culled_only_after_a_page_took_it(tmp_path):
    """Voila counts a pooled kernel idle since it ran the notebook; the class's manager counts from the hand-out."""
    port, log = free_port(), tmp_path / "class.log"
    with open(log, "w") as out:
        process = subprocess.Popen([sys.executable, "-m", "cardlib", "class", "--game", "loop", "--port", str(port),
                                    "--dashboard-port", str(free_port()), "--students", "1", "--cull-idle", "4",
                                    "--cull-every", "1"], cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT,
                                   env=dict(os.environ, PYTHONUNBUFFERED="1"), start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_serving(url, process, log)
        deadline = time.monotonic() + 180
        while "is filled with 1 kernel" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.5)
        time.sleep(7)  # the pooled kernel waits longer than --cull-idle
        assert "Culling '" not in log.read_text()
        with urllib.request.urlopen(url, timeout=120) as page:  # a page takes it, and never connects
            assert b"cl-join" in page.read()
        time.sleep(2.5)
        assert "Culling '" not in log.read_text(), "a kernel was culled as it left the pool"
        deadline = time.monotonic() + 120  # due about 21 s after the page (4 x --cull-idle, then a cull round)
        while "Culling '" not in log.read_text():  # an abandoned page's kernel is still culled
            assert time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.5)
    finally:
        stop(process)


def test_a_class_starts_no_more_kernels_than_its_cap_and_says_so_to_the_page_beyond(tmp_path):
    """--students 1 caps the kernels at 1 + 5: of 9 pages asked at once, those beyond the cap get a 503
    that says what to do, never a traceback, and the others get the join page."""
    port, log = free_port(), tmp_path / "class.log"
    with open(log, "w") as out:
        process = subprocess.Popen([sys.executable, "-m", "cardlib", "class", "--game", "loop", "--port", str(port),
                                    "--dashboard-port", str(free_port()), "--students", "1"], cwd=tmp_path,
                                   stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ, PYTHONUNBUFFERED="1"),
                                   start_new_session=True)

    def ask(_: int) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(url, timeout=300) as page:
                return page.status, page.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_serving(url, process, log)
        with ThreadPoolExecutor(9) as pool:
            answers = list(pool.map(ask, range(9)))
    finally:
        stop(process)
    served = [body for status, body in answers if status == 200]
    refused = [body for status, body in answers if status == 503]
    assert len(served) + len(refused) == 9 and 1 <= len(served) <= 6 and refused, [s for s, _ in answers]
    assert all("cl-join" in body for body in served)
    assert all("The class is full just now" in body and "Traceback" not in body for body in refused)
