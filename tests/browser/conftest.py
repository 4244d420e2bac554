"""Browser fixtures: ``voila_serving(code)`` serves an app with Voila, ``page`` is a tab of
Debian's headless chromium.

Voila runs from this virtualenv on a free port of 127.0.0.1, with the options and the template
`cardlib app` uses, and is always stopped at the end; chromium is the system one (/usr/bin/chromium),
driven by Playwright (never `playwright install`). Without chromium the browser tests skip on a
developer's machine, but fail when CI is set: CI runs `make test`, which installs chromium first, so a
green CI never hides a skipped browser test.

Nothing leaves the machine: every request of every browser context goes through a route that lets
127.0.0.1 and localhost through and aborts and records anything else (a school network may have no
internet); a test during which anything was recorded fails at its teardown, naming the addresses.

Every wait is on an event (a port that listens, a selector that appears), bounded by a generous
timeout that only says how long to wait before failing: a slow machine is slow, not broken.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

from cardlib.serving import voila_environment, voila_options
from cardlib.ui.launch import with_frontend

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VOILA = str(Path(sys.executable).with_name("voila"))
START_TIMEOUT = 180.0  # seconds for Voila to listen; a cold start takes a few, a loaded machine more
ACTION_TIMEOUT = 60_000  # ms a page's action or wait may take before the test fails
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def app_notebook(folder: Path, code: str) -> Path:
    """A one-cell notebook that shows whatever ``code`` ends with."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(code))
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "app.ipynb"
    nbformat.write(notebook, path)
    return path


def wait_until_serving(url: str, process: subprocess.Popen, log: Path, timeout: float = START_TIMEOUT) -> None:
    """Wait until something listens on ``url``'s port; fail with the log if the process dies first.

    It asks for no page: Voila runs the notebook in a new kernel for every page it serves."""
    address = urlsplit(url)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Voila exited with code {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with socket.create_connection((address.hostname, address.port), timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"nothing listened at {url} within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    """Stop Voila and the kernels it started (its own process group), politely first."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
    try:
        os.killpg(process.pid, signal.SIGTERM)  # any kernel left behind in the group we created
    except (ProcessLookupError, PermissionError):
        pass


def start_voila(folder: Path, code: str, frontend: str | None = None) -> tuple[str, subprocess.Popen]:
    """Voila serving a notebook that shows what ``code`` ends with (with ``frontend``'s template, as
    `cardlib app --frontend` does, when given): its URL once it answers, and its process (the caller
    stops it). Its log is ``folder/voila.log``."""
    notebook = app_notebook(folder, code)
    port, log = free_port(), folder / "voila.log"
    env = voila_environment(dict(os.environ, JUPYTER_RUNTIME_DIR=str(folder / "runtime"), PYTHONUNBUFFERED="1"))
    # `cardlib app`'s options without culling; standalone Voila runs as root without any flag.
    options = voila_options(port=port, cull_idle=None)
    command = [VOILA, *(with_frontend(options, frontend) if frontend else options), str(notebook)]
    url = f"http://127.0.0.1:{port}/"
    return url, started_serving(command, folder, log, url, env)


def started_serving(command: list[str], folder: Path, log: Path, url: str, env: dict) -> subprocess.Popen:
    """``command`` started in ``folder`` in a process group of its own (so that ``stop`` ends its kernels too), its
    output to ``log``; its process once ``url`` answers (stopped, and the error raised, if it never does)."""
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
    try:
        wait_until_serving(url, process, log)
    except BaseException:
        stop(process)
        raise
    return process


@pytest.fixture(scope="module")
def voila_serving(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], str]]:
    """A factory: ``voila_serving(code)`` serves a one-cell notebook showing what ``code`` ends
    with and returns its URL; every server it started stops when the test module ends."""
    processes: list[subprocess.Popen] = []

    def serve(code: str) -> str:
        url, process = start_voila(tmp_path_factory.mktemp("voila"), code)
        processes.append(process)
        return url

    try:
        yield serve
    finally:
        for process in processes:
            stop(process)


def ci_is_set() -> bool:
    """Whether we run under CI (CI=true, as CI services set it; CI=false or 0 count as unset)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_chromium(path: str) -> None:
    """Skip when chromium is missing, unless CI is set: there a missing chromium fails the test."""
    if Path(path).exists():
        return
    if ci_is_set():
        pytest.fail(f"no chromium at {path}, and CI={os.environ['CI']!r} is set: CI must run the browser "
                    f"tests, so they fail instead of skipping (`make test` installs it via `make chromium`)",
                    pytrace=False)
    pytest.skip(f"no chromium at {path} (make chromium installs Debian's)")


@contextmanager
def chromium() -> Iterator:
    """Debian's chromium, headless, through Playwright, with the flags this machine needs (the tests and bench/)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def is_local(url: str) -> bool:
    """Whether a request to ``url`` stays on this machine (data:, blob: and about: never leave it).

    >>> is_local("http://127.0.0.1:8866/voila/static/voila-style.js"), is_local("data:font/woff2;base64,AA")
    (True, True)
    >>> is_local("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@5/css/all.min.css")
    False
    """
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS


class GuardedBrowser:
    """Chromium whose every context aborts and records (in ``outside``) the requests that would leave the machine."""

    def __init__(self, browser) -> None:
        self._browser = browser
        self.outside: list[str] = []

    def new_context(self, **options):
        """A new context, guarded: requests to this machine go on, any other is aborted and recorded."""
        context = self._browser.new_context(**options)
        context.route("**/*", self._route)
        context.on("page", lambda tab: tab.on("websocket", self._websocket))  # a route cannot see these
        return context

    def new_page(self, **options):
        """A page in a guarded context of its own."""
        return self.new_context(**options).new_page()

    def _route(self, route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort("internetdisconnected")

    def _websocket(self, socket_) -> None:
        if not is_local(socket_.url):
            self.outside.append(socket_.url)

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, through Playwright; its contexts let no request leave the machine."""
    require_chromium(CHROMIUM)
    with chromium() as launched:
        yield GuardedBrowser(launched)


@pytest.fixture(autouse=True)
def nothing_leaves_the_machine(request):
    """Fail a browser test at its teardown if its pages asked for anything beyond 127.0.0.1 and localhost."""
    if "browser" not in request.fixturenames:
        yield
        return
    guarded = request.getfixturevalue("browser")
    guarded.outside.clear()
    yield
    outside, guarded.outside[:] = sorted(set(guarded.outside)), []
    if outside:
        pytest.fail(f"the page asked the internet for {len(outside)} address(es) (aborted): {outside}", pytrace=False)


@pytest.fixture
def page(browser):
    """A fresh page, 1100 px wide, with bounded waits."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(ACTION_TIMEOUT)
    try:
        yield tab
    finally:
        context.close()
