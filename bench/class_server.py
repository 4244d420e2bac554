"""The class server under the load bench (``class_load.py``): `cardlib class` started in its own process group
and left to heat its pool, watched through /proc (memory and CPU of the server, its kernels and the browsers),
stopped as a teacher stops it; its database read back; and its page fetched without a browser.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import free_port  # noqa: E402

LOAD_MS = 180_000  # a page that is not playable (or not answered) after this long counts as never playable
WARM_TIMEOUT = 600.0  # seconds for the pool to heat
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")

# -- processes and their memory, from /proc --

def busy_share(seconds: float = 2.0) -> float:
    """The share of the machine's CPU that work outside niced jobs used over ``seconds`` (/proc/stat)."""
    def sample() -> tuple[int, int]:
        user, nice, system, idle, iowait, irq, softirq, steal = map(int, Path("/proc/stat").read_text()
                                                                     .split("\n")[0].split()[1:9])
        return user + system + irq + softirq + steal, user + nice + system + idle + iowait + irq + softirq + steal
    busy0, total0 = sample()
    time.sleep(seconds)
    busy1, total1 = sample()
    return (busy1 - busy0) / max(1, total1 - total0)


def wait_quiet(limit: float = 0.10, timeout: float = 180.0) -> tuple[float, float]:
    """Wait until the machine is quiet (under ``limit`` of its CPU busy outside niced jobs, as an earlier run's
    browsers and kernels have gone), at most ``timeout`` seconds; (the share busy at the start, seconds waited)."""
    started = time.monotonic()
    share = busy_share()
    while share > limit and time.monotonic() - started < timeout:
        share = busy_share()
    return share, time.monotonic() - started


def process_table() -> dict[int, tuple[int, int, int]]:
    """Every process: its parent, its RSS in bytes and its CPU ticks (user + system)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            table[int(entry.name)] = (int(fields[1]), int(fields[21]) * PAGE_SIZE, int(fields[11]) + int(fields[12]))
        except (OSError, IndexError, ValueError):
            continue  # ended meanwhile
    return table


def tree(pid: int, table: dict[int, tuple[int, int, int]]) -> set[int]:
    """``pid`` and every process under it."""
    found, frontier = {pid}, {pid}
    while frontier:
        frontier = {child for child, (parent, _, _) in table.items() if parent in frontier} - found
        found |= frontier
    return found


def chromium_kind(pid: int) -> str:
    """What a process under this script is: chromium's renderer, gpu (its compositor), driver (Playwright's node),
    other (chromium's browser process and its network service)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()  # chromium rewrites its children's: no NULs then
    except OSError:
        return "other"
    if b"playwright" in command and b"chromium" not in command.split(b"\0")[0]:
        return "driver"
    kind = command.split(b"--type=")[1].split()[0].split(b"\0")[0] if b"--type=" in command else b""
    return {b"renderer": "renderer", b"gpu-process": "gpu"}.get(kind, "other")


def memory(server: int) -> dict[str, float]:
    """MB of RSS: the server process, its kernels (and how many), the browsers (this script's other children);
    CPU seconds of each, the browsers' also by kind of process (``chromium_kind``)."""
    table = process_table()
    served = tree(server, table)
    kernels = served - {server}
    browsers = tree(os.getpid(), table) - served - {os.getpid()}
    mb = lambda pids: sum(table[p][1] for p in pids if p in table) / 2**20  # noqa: E731
    cpu = lambda pids: sum(table[p][2] for p in pids if p in table) / TICKS  # noqa: E731
    kinds = {pid: chromium_kind(pid) for pid in browsers}
    return {"server_mb": mb({server}), "kernels": len(kernels), "kernels_mb": mb(kernels), "browsers_mb": mb(browsers),
            "server_cpu_s": cpu({server}), "kernels_cpu_s": cpu(kernels), "browsers_cpu_s": cpu(browsers),
            **{f"{kind}_cpu_s": cpu({pid for pid in browsers if kinds[pid] == kind})
               for kind in ("renderer", "gpu", "other", "driver")},
            "bench_cpu_s": sum(os.times()[:2])}


class Sampler(threading.Thread):
    """Samples the server tree's memory every second; ``peak`` holds the highest of each figure."""

    def __init__(self, server: int) -> None:
        super().__init__(daemon=True)
        self.server, self.peak, self.running = server, {}, True

    def run(self) -> None:
        while self.running:
            for key, value in memory(self.server).items():
                self.peak[key] = max(value, self.peak.get(key, 0))
            time.sleep(1)


# -- the class server --

@contextmanager
def class_server(folder: Path, db: str, code: str, pool: int, game: Optional[str],
                 frontend: Optional[str] = None) -> Iterator[dict]:
    """`cardlib class` in its own process group, serving once its pool is heated; stopped with its kernels.
    ``frontend``: its ``--frontend`` (light or voila; None: the command's default)."""
    port, log = free_port(), folder / "cardlib-class.log"
    command = [sys.executable, "-m", "cardlib", "class", "--code", code, "--db", db, "--port", str(port),
               "--dashboard-port", str(free_port()), "--students", str(pool)] + (["--game", game] if game else [])
    command += ["--frontend", frontend] if frontend else []
    started = time.monotonic()
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder, stdout=out, stderr=subprocess.STDOUT,
                                   env=dict(os.environ, PYTHONUNBUFFERED="1"), start_new_session=True)
    try:
        listening = wait_listening(port, process, log) - started
        warm = wait_warm(process, log, pool) - started
        yield {"url": f"http://127.0.0.1:{port}/", "pid": process.pid, "log": log, "listening_s": listening,
               "warm_s": warm}
    finally:
        stop_server(process)


def wait_listening(port: int, process: subprocess.Popen, log: Path) -> float:
    """When something listens on ``port`` (asking no page: a page takes a kernel)."""
    deadline = time.monotonic() + WARM_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"cardlib class exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return time.monotonic()
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"cardlib class did not listen within {WARM_TIMEOUT:.0f} s:\n{log.read_text()[-3000:]}")


def wait_warm(process: subprocess.Popen, log: Path, pool: int) -> float:
    """When Voila said the pool is filled and the server's tree has gone quiet (the kernels ran the page)."""
    deadline = time.monotonic() + WARM_TIMEOUT
    while pool and "is filled with" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.5)
    quiet, last = 0, None
    while quiet < 3 and time.monotonic() < deadline:
        table = process_table()
        ticks = sum(table[p][2] for p in tree(process.pid, table) if p in table)
        quiet = quiet + 1 if last is not None and ticks - last < 0.1 * TICKS else 0
        last = ticks
        time.sleep(1)
    return time.monotonic() - 3


def stop_server(process: subprocess.Popen) -> None:
    """Ctrl+C to the server's group, as a teacher would; whatever is left of its tree after 30 s is killed."""
    pids = tree(process.pid, process_table())
    try:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if process.poll() is None:
        process.wait(timeout=10)


def database_url(db: Optional[str], folder: Path) -> str:
    """The class database: a temporary SQLite file, a URL as given, or ``postgres``: the PG* variables' server."""
    if db is None:
        return f"sqlite:///{folder / 'class.db'}"
    if db == "postgres":
        from sqlalchemy.engine import URL

        return URL.create("postgresql+psycopg", username=os.environ.get("PGUSER"),
                          password=os.environ.get("PGPASSWORD"),
                          host=os.environ.get("PGHOST", "localhost"), port=int(os.environ.get("PGPORT", "5432")),
                          database=os.environ.get("PGDATABASE")).render_as_string(hide_password=False)
    return db


def stored(url: str, code: str) -> tuple[dict[str, int], int]:
    """The class in the database: rounds by student, and the record rows of all of them."""
    from sqlalchemy import func, select

    from cardlib.core.classdb import ClassDB
    from cardlib.core.classdb_tables import round_rows, rounds

    with ClassDB(url) as db:
        by_student = {student.name: student.rounds for student in db.students(code)}
        query = (select(func.count()).select_from(rounds.join(round_rows, round_rows.c.round_id == rounds.c.id))
                 .where(rounds.c.class_code == code))
        with db.engine.connect() as connection:
            return by_student, int(connection.scalar(query))


# -- the page without a browser --

def get(url: str) -> tuple[float, bool, str]:
    """One plain GET of the student page: seconds, whether it holds the app's widget, what went wrong."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=LOAD_MS / 1000) as answer:
            body = answer.read().decode("utf-8", "replace")
    except Exception as error:
        return time.monotonic() - started, False, first_line(error)
    fine = "application/vnd.jupyter.widget-view+json" in body and "Cell execution timed out" not in body
    why = "" if fine else ("timed out" if "timed out" in body else "no widget in the page")
    return time.monotonic() - started, fine, why


def first_line(error: Exception) -> str:
    """An exception in one line.

    >>> first_line(ValueError("no\\nmore"))
    'ValueError: no'
    """
    return f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}"
