"""The apps in a real browser, for every game in the registry, at 1920x1080: the time from `make app`
to a playable page, and from a click to the updated table.

    .venv/bin/python bench/browser.py                        # a table
    .venv/bin/python bench/browser.py --json                 # the same figures as JSON
    .venv/bin/python bench/browser.py --game scout --starts 1 --clicks 20

A start runs `make app GAME=<name> PORT=<free port> SEED=<seed>` in the repository (in its own
process group; stopped with its kernels afterwards) and times it until Debian's headless chromium,
driven by Playwright, shows the page with an enabled action button. On the last start's page a
seeded player clicks enabled buttons of the controls as a player would ("Next round" and "Play
again" too, "Back" only when nothing else is enabled, never "New game"). A click is timed in the
page itself, from the click event to the frame drawn once the page has applied the click's render:
a render writes the header, the table, the log and the buttons' new looks, then puts a new marker
(``.cl-shown``) beside the buttons, and the page applies the kernel's messages in order, so the frame
after the old marker has left and the new one is in shows the whole answer (the header's
``data-moment`` has moved by then, unless the click only opened or closed a two-click choice). The
page also counts the kernel's websocket messages from one click to the next (the click's answer, and
what the kernel sends once the page has shown it). Other work on the machine slows these figures;
nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.games import REGISTRY  # noqa: E402
from tests.browser.conftest import START_TIMEOUT, chromium, free_port, stop  # noqa: E402
from tests.browser.mirror import LOAD_TIMEOUT  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

VIEWPORT = {"width": 1920, "height": 1080}  # a classroom projector
ENABLED = ".cl-controls button:not([disabled])"
CLICK_TIMEOUT = 30_000  # ms for one click's answer (a bot's search included) before we call it stuck
# Make's own variables from a calling make (`make bench`), and the app's options, must not reach the
# `make app` we run: it serves the English app on 127.0.0.1.
MAKE_VARIABLES = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "GAME", "PORT", "SEED", "HOST", "APP_LANG", "CARDLIB_LANG")

# Armed before each click: the click event's time, then the frame after the render's marker is replaced.
# show() sets the header, the table and the buttons before the marker: all of them are applied by then.
ARM = """() => {
  const old = document.querySelector('.cl-shown');
  const watch = {ms: null};
  let clicked = null;
  document.addEventListener('click', event => { clicked = event.timeStamp; }, {capture: true, once: true});
  const observer = new MutationObserver(() => {
    const marker = document.querySelector('.cl-shown');
    if (clicked === null || old.isConnected || marker === null || marker === old) return;
    observer.disconnect();
    requestAnimationFrame(() => { watch.ms = performance.now() - clicked; });
  });
  observer.observe(document.body, {childList: true, subtree: true, attributes: true});
  window.clBench = watch;
}"""

# Before the page's own scripts: every websocket the page opens counts the messages it receives.
COUNT_MESSAGES = """(() => {
  const Native = window.WebSocket;
  window.clMessages = 0;
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); this.addEventListener('message', () => { window.clMessages += 1; }); }
  };
})()"""


@dataclass
class Launch:
    """A running `make app`: where it serves, its process (the leader of its group), its log, and
    the ``time.perf_counter()`` at which it was started."""

    url: str
    port: int
    process: subprocess.Popen
    log: Path
    started: float


def descendants(pid: int) -> set[int]:
    """The processes started under ``pid``, at any depth (read from Linux's /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue  # not a process, or one that has just ended
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def end_all(pids: set[int], grace: float = 10.0) -> None:
    """Wait up to ``grace`` seconds for ``pids`` to end (Voila shuts its kernels down), then kill the rest and
    wait until they are gone (a kill is not instant on a loaded machine)."""
    wait_gone(pids, grace)
    for pid in pids:
        if alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    wait_gone(pids, grace)


def wait_gone(pids: set[int], seconds: float) -> None:
    """Wait up to ``seconds`` for every one of ``pids`` to end."""
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)


@contextmanager
def make_app(name: str, seed: int) -> Iterator[Launch]:
    """`make app GAME=name PORT=<free port> SEED=seed` running in the repository; on leaving, make,
    Voila and every kernel it started are stopped."""
    venv = subprocess.run(["make", "-q", ".venv/.lab"], cwd=ROOT, env=make_env())
    if venv.returncode != 0:  # `make app` would install first: that is not what we time
        raise RuntimeError("the virtualenv is older than pyproject.toml: run `make bench` (or make .venv/.lab) first")
    folder = Path(tempfile.mkdtemp(prefix="bench-browser-"))
    port, log = free_port(), folder / "make-app.log"
    command = ["make", "app", f"GAME={name}", f"PORT={port}", f"SEED={seed}"]
    with open(log, "w") as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=make_env(),
                                   start_new_session=True)  # its own group: stop() ends make and Voila
    try:
        yield Launch(f"http://127.0.0.1:{port}/", port, process, log, started)
    finally:
        kernels = descendants(process.pid)  # the kernels live in sessions of their own: end them by pid
        stop(process)
        end_all(kernels)
        shutil.rmtree(folder, ignore_errors=True)


def make_env() -> dict[str, str]:
    """This environment without the variables of a make that runs us."""
    return {key: value for key, value in os.environ.items() if key not in MAKE_VARIABLES}


def wait_for_port(launch: Launch, timeout: float = START_TIMEOUT) -> None:
    """Wait until something listens on the launch's port (asking no page: a page would start a kernel)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if launch.process.poll() is not None:
            raise RuntimeError(f"make app exited with code {launch.process.returncode}:\n{tail(launch.log)}")
        try:
            with socket.create_connection(("127.0.0.1", launch.port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listened on port {launch.port} within {timeout:.0f} s:\n{tail(launch.log)}")


def tail(log: Path) -> str:
    """The end of a log, to say why a start failed."""
    return log.read_text()[-3000:]


def seconds_to_playable(page, launch: Launch) -> float:
    """Seconds from the launch to ``page`` showing the app with an enabled action button."""
    wait_for_port(launch)
    page.goto(launch.url, wait_until="domcontentloaded")
    page.wait_for_selector(ENABLED, state="visible", timeout=LOAD_TIMEOUT)
    seconds = time.perf_counter() - launch.started
    page.wait_for_selector(".cl-shown", state="attached", timeout=LOAD_TIMEOUT)  # the marker a click's ARM watches
    return seconds


def choose(labels: Sequence[str], rng: random.Random) -> int:
    """The index of the button a player clicks: any but "New game", and "Back" only if nothing else.

    >>> choose(["Back", "Scout: left"], random.Random(1))
    1
    >>> choose(["Back"], random.Random(1))
    0
    """
    allowed = [i for i, label in enumerate(labels) if "new game" not in label.lower()]
    onward = [i for i in allowed if labels[i] != "Back"]
    if not allowed:
        raise RuntimeError(f"no button a player would click among {list(labels)}")
    return rng.choice(onward or allowed)


def click_times(page, clicks: int, rng: random.Random, messages: Optional[list[int]] = None) -> list[float]:
    """Milliseconds from each of ``clicks`` clicks on enabled controls to the frame that shows the answer;
    on a page that counts them (``COUNT_MESSAGES``), each click's websocket messages are added to ``messages``."""
    times = []
    counted = [] if messages is not None and page.evaluate("() => 'clMessages' in window") else None
    for _ in range(clicks):
        buttons = page.query_selector_all(ENABLED)
        target = buttons[choose([b.inner_text().strip() for b in buttons], rng)]
        page.evaluate(ARM)
        if counted is not None:
            counted.append(page.evaluate("() => window.clMessages"))
        target.click()
        try:
            page.wait_for_function("() => window.clBench.ms !== null", timeout=CLICK_TIMEOUT)
        except PlaywrightTimeout as error:
            message = page.query_selector(".cl-message")
            said = message.inner_text() if message is not None else "no message"
            raise RuntimeError(f"the page did not answer a click within {CLICK_TIMEOUT} ms ({said})") from error
        times.append(float(page.evaluate("() => window.clBench.ms")))
    if counted is not None and counted:
        page.wait_for_timeout(300)  # the last click's answer and its tidying up
        counted.append(page.evaluate("() => window.clMessages"))
        messages.extend(after - before for before, after in zip(counted, counted[1:]))
    return times


def summary(name: str, starts: Sequence[float], clicks: Sequence[float], messages: Sequence[int] = ()) -> dict:
    """One game's row: start-to-playable median (s), click median and p90 (ms), the counts, and the
    median and largest count of websocket messages a click (None when not counted).

    >>> summary("loop", [3.0, 2.0, 9.0], [10.0, 30.0, 20.0, 40.0], [12, 30, 14, 12])
    {'game': 'loop', 'start_s': 3.0, 'starts': 3, 'click_median_ms': 25.0, 'click_p90_ms': 30.0, 'clicks': 4, \
'messages_median': 13.0, 'messages_max': 30}
    """
    ordered = sorted(clicks)
    return {"game": name, "start_s": statistics.median(starts), "starts": len(starts),
            "click_median_ms": statistics.median(ordered), "click_p90_ms": ordered[int(0.9 * (len(ordered) - 1))],
            "clicks": len(ordered), "messages_median": statistics.median(messages) if messages else None,
            "messages_max": max(messages) if messages else None}


def measure(browser, name: str, *, starts: int, clicks: int, seed: int) -> dict:
    """``starts`` timed starts of one game's app, then ``clicks`` timed clicks on the last one's page."""
    start_times: list[float] = []
    times: list[float] = []
    messages: list[int] = []
    for run in range(starts):
        context = browser.new_context(viewport=VIEWPORT)
        try:
            page = context.new_page()
            page.add_init_script(COUNT_MESSAGES)
            with make_app(name, seed) as launch:
                start_times.append(seconds_to_playable(page, launch))
                if run == starts - 1:
                    times = click_times(page, clicks, random.Random(seed), messages)
        finally:
            context.close()
    return summary(name, start_times, times, messages)


def table(rows: Sequence[dict]) -> str:
    """The rows as a Markdown table.

    >>> print(table([summary("loop", [3.04], [float(ms) for ms in range(10, 120, 10)], [12, 14, 30])]))
    | game          | start to playable (s) | click median (ms) | click p90 (ms) | clicks | messages a click (median, max) |
    |---------------|-----------------------|-------------------|----------------|--------|--------------------------------|
    | loop          |                   3.0 |                60 |            100 |     11 |                         14, 30 |
    """
    lines = [f"| {'game':<13} | start to playable (s) | click median (ms) | click p90 (ms) | clicks | "
             f"messages a click (median, max) |",
             f"|{'-' * 15}|{'-' * 23}|{'-' * 19}|{'-' * 16}|{'-' * 8}|{'-' * 32}|"]
    for row in rows:
        counted = (f"{row['messages_median']:g}, {row['messages_max']}" if row.get("messages_median") is not None
                   else "-")
        lines.append(f"| {row['game']:<13} | {row['start_s']:>21.1f} | {row['click_median_ms']:>17.0f} | "
                     f"{row['click_p90_ms']:>14.0f} | {row['clicks']:>6} | {counted:>30} |")
    return "\n".join(lines)


def machine_note(browser) -> dict:
    """When and on what: the date and time, Python, chromium, the cores and the load before we start."""
    return {"when": datetime.now().strftime("%Y-%m-%d %H:%M"), "python": platform.python_version(),
            "chromium": browser.version, "cores": os.cpu_count(), "load_1min": round(os.getloadavg()[0], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--game", choices=[line.name for line in REGISTRY], help="only this game")
    parser.add_argument("--starts", type=int, default=3, help="timed starts of make app a game")
    parser.add_argument("--clicks", type=int, default=40, help="timed clicks a game")
    parser.add_argument("--seed", type=int, default=1, help="the deal (make app's SEED) and the clicks' choices")
    args = parser.parse_args()
    names = [args.game] if args.game else [line.name for line in REGISTRY]
    with chromium() as browser:
        note = machine_note(browser)
        rows = [measure(browser, name, starts=args.starts, clicks=args.clicks, seed=args.seed) for name in names]
    if args.json:
        print(json.dumps({**note, "viewport": VIEWPORT, "seed": args.seed, "rows": rows}, indent=2))
        return
    print(f"The apps in the browser, {VIEWPORT['width']}x{VIEWPORT['height']}, measured {note['when']}: Python "
          f"{note['python']}, chromium {note['chromium']}, {note['cores']} cores, load {note['load_1min']} at the "
          f"start (other work slows these). Start: median of {args.starts} `make app` runs to a playable page; "
          f"clicks: a seeded player's, seed {args.seed}; target at most 60 ms median and 100 ms p90.\n")
    print(table(rows))


if __name__ == "__main__":
    main()
