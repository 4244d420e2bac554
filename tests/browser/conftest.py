"""Browser fixtures: a Voila server showing one seeded app, and Debian's headless chromium.

Voila runs from this virtualenv on a free port of 127.0.0.1 and is always stopped at the end;
chromium is the system one (/usr/bin/chromium), driven by Playwright (never `playwright install`).
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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VOILA = str(Path(sys.executable).with_name("voila"))
START_TIMEOUT = 90.0  # seconds for Voila to answer; a cold start takes a few seconds
SEED = 2045  # the browser plays this app (and the test replays it): reveal choices, rounds under and over 25


@dataclass(frozen=True)
class VoilaApp:
    """A running Voila server: its address, the seed of the app it shows and its log file."""

    url: str
    seed: int
    log: Path


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


@pytest.fixture(scope="module")
def voila_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    """Voila serving a notebook that shows ``TwentyFiveApp(seed=SEED)``."""
    folder = tmp_path_factory.mktemp("voila")
    notebook = app_notebook(folder, f"from cardlib.twentyfive.app import TwentyFiveApp\n\nTwentyFiveApp(seed={SEED})")
    port = free_port()
    log = folder / "voila.log"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(folder / "runtime"), PYTHONUNBUFFERED="1")
    # Standalone Voila runs as root without any flag (it has no --allow-root).
    command = [VOILA, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
               str(notebook)]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_serving(url, process, log, START_TIMEOUT)
        yield VoilaApp(url=url, seed=SEED, log=log)
    finally:
        stop(process)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, through Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM} (make chromium installs Debian's)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


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
