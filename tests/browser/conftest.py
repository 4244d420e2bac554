"""Browser fixtures: ``voila_serving(code)`` serves an app with Voila, ``page`` is a tab of
Debian's headless chromium.

Voila runs from this virtualenv on a free port of 127.0.0.1 and is always stopped at the end;
chromium is the system one (/usr/bin/chromium), driven by Playwright (never `playwright install`).
Without chromium the browser tests skip on a developer's machine, but fail when CI is set: CI runs
`make test`, which installs chromium first, so a green CI never hides a skipped browser test.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VOILA = str(Path(sys.executable).with_name("voila"))
START_TIMEOUT = 90.0  # seconds for Voila to answer; a cold start takes a few seconds


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


def wait_until_serving(url: str, process: subprocess.Popen, log: Path, timeout: float) -> None:
    """Poll ``url`` until it answers 200; fail with Voila's log if it dies or takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Voila exited with code {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    pytest.fail(f"Voila did not answer at {url} within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


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


def start_voila(folder: Path, code: str) -> tuple[str, subprocess.Popen]:
    """Voila serving a notebook that shows what ``code`` ends with: its URL once it answers, and
    its process (the caller stops it). Its log is ``folder/voila.log``."""
    notebook = app_notebook(folder, code)
    port, log = free_port(), folder / "voila.log"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(folder / "runtime"), PYTHONUNBUFFERED="1")
    # Standalone Voila runs as root without any flag (it has no --allow-root).
    command = [VOILA, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
               str(notebook)]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)  # its own group: stop() ends its kernels too
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, process, log, START_TIMEOUT)
    except BaseException:
        stop(process)
        raise
    return url, process


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


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, through Playwright."""
    require_chromium(CHROMIUM)
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser):
    """A fresh page, 1100 px wide, with bounded waits."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    try:
        yield tab
    finally:
        context.close()
