"""A live class under load: `cardlib class` and N students joining at once in chromium on this machine.

This file has the students (chromium's pages, their clicks and times) and the tables; ``class_server.py``
beside it starts, watches and stops the class server; ``--tables N --size K`` runs tables of people instead
(``table_load.py``: N tables of K students playing each other, move-to-every-page latency, every table replayed).

    .venv/bin/python bench/class_load.py                         # 10, 20 and 30 students, Twenty-five
    .venv/bin/python bench/class_load.py --students 3 --game scout --json
    .venv/bin/python bench/class_load.py --students 10 --frontend voila       # Voila's JupyterLab frontend
    pg_virtualenv .venv/bin/python bench/class_load.py --db postgres   # the PG* variables' server
    .venv/bin/python bench/class_load.py --tables 8 --size 4            # 8 tables of 4 students, The Satori

For every N of ``--students``, a fresh `cardlib class` (its own process group; a temporary SQLite
database unless ``--db``; a preheated pool of N kernels, ``--pool`` to change it) is started and
left to heat its pool; then N students open the page at once in Debian's headless chromium (one
browser, each student a context of its own, opened on an empty tab before the clock starts, as a student's
browser is open before the teacher gives the address), join with their own name and the class code, and play
``--rounds`` rounds by clicks, a seeded player's choice after a pause of about ``--think`` seconds.

Ready: from the page's navigation start to the app playable (the header and an enabled action button),
joining included, read in the page (``performance.now()``). A click: from the click event to the frame
after the header's ``data-moment`` changed (or, for the first click of a two-click choice, which moves
no moment, the enabled buttons changed); the clicks made while other pages were still loading (before the
last page's first click), and the p95 of the others, once every student plays. Rounds: what each page showed finished (a distinct moment
offering "Next round" or "Play again") against the rounds and rows in the class database. Memory: RSS
summed over the server's process tree (the server; its kernels) and over the browsers', at the end
with every page still open, and the server tree's peak. CPU: seconds used while the class played, by
the server, its kernels and the browsers, and the browsers' by kind of process (the pages' renderers,
chromium's compositor in its gpu process, the rest: the browser process and its network service; and
Playwright's driver), and this script's own. The bench never polls a page while it waits: it awaits a
promise the page resolves (``awaited``).

"Render alone": a fresh class with a pool of ``--render`` kernels gets that many plain HTTP GETs of
the student page at once (no browser): the time until all are answered, and how many hold the app.
Other work on the machine slows every figure; nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any, Optional, Sequence

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]

from class_server import (LOAD_MS, Sampler, class_server, database_url, first_line, get, wait_quiet,  # noqa: E402
                          memory, stored)

from cardlib.class_command import new_code  # noqa: E402
from cardlib.games import REGISTRY  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

VIEWPORT = {"width": 1366, "height": 768}  # a student's laptop
ENABLED = ".cl-controls button:not([disabled])"
CLICK_MS = 30_000  # a click unanswered after this long: the page is stuck
# The bench waits for a page by awaiting a promise the page resolves (``awaited``), never by asking it again and
# again: thirty pages polled on every frame (Playwright's default) keep chromium's compositor drawing frames no
# student's browser draws, and polled every 100 ms their questions cost the browser and Playwright's driver
# CPU a real class never spends. The one wait left polling (the saved rounds, at the end) asks every 500 ms.
POLL_MS = 500
SETTLE_MS = 500  # a page is read once nothing on it has changed for this long (``PREPARE``)
ROUND_END = sorted({info.app_class().NEXT_PART[0] for info in REGISTRY if info.app} | {"Play again"})

# In every page from its start: when the join form, then the playable app, first appeared (ms from navigation),
# and two promises that resolve then (the bench awaits them in one call each, asking the page nothing meanwhile).
READY_WATCH = """(() => {
  const seen = {form: null, app: null};
  window.__clReady = seen;
  let formSeen, appSeen;
  window.__clFormSeen = new Promise(resolve => { formSeen = resolve; });
  window.__clAppSeen = new Promise(resolve => { appSeen = resolve; });
  const observer = new MutationObserver(() => {
    if (seen.form === null && document.querySelector('.cl-join button')) {
      seen.form = performance.now();
      formSeen(seen.form);
    }
    if (document.querySelector('.cl-header[data-moment]') && document.querySelector('%s')) {
      seen.app = performance.now();
      observer.disconnect();
      appSeen(seen.app);
    }
  });
  observer.observe(document, {childList: true, subtree: true, attributes: true});
})()""" % ENABLED

# Before a click, one question to the page: it waits until nothing on it has changed for ``settle`` ms (on a
# loaded machine a click's answer can arrive over seconds, and a header already moved beside the last round's
# buttons is not a round finished), then arms the watch of the next click (the click event's time, then the
# frame after the header's moment or the enabled buttons changed) and says its moment, its enabled buttons'
# labels and where they are (the buttons scrolled into view, as a student scrolls to them).
PREPARE = """async settle => {
  const moment = () => { const h = document.querySelector('.cl-header'); return h && h.getAttribute('data-moment'); };
  const enabled = () => Array.from(document.querySelectorAll('%s'));
  const labels = () => enabled().map(b => b.textContent.trim()).join('|');
  const watched = {childList: true, subtree: true, attributes: true, characterData: true};
  await new Promise(resolve => {
    let quiet = setTimeout(done, settle);
    const limit = setTimeout(done, 50 * settle);
    const observer = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(done, settle); });
    function done() { observer.disconnect(); clearTimeout(quiet); clearTimeout(limit); resolve(); }
    observer.observe(document.body, watched);
  });
  const before = moment(), buttons = labels();
  let clicked = null, answered = null, done = false;
  window.__clAnswered = new Promise(resolve => { answered = resolve; });
  const check = () => {
    if (clicked === null || done || (moment() === before && labels() === buttons)) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => answered(performance.now() - clicked));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, watched);
  document.addEventListener('click', event => { clicked = event.timeStamp; check(); }, {capture: true, once: true});
  const shown = enabled();
  if (shown.length) shown[shown.length - 1].scrollIntoView({block: 'nearest'});
  return {moment: before, labels: shown.map(b => b.textContent.trim()), places: shown.map(b => {
    const box = b.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  })};
}""" % ENABLED


SAVED = """rounds => { const s = document.querySelector('.cl-class-status');
  return s && s.dataset.saved === 'saved' && Number(s.dataset.rounds) >= rounds; }"""


# -- the students, in chromium --

def choose(labels: Sequence[str], rng: random.Random) -> int:
    """The index of the button a player clicks: any but "New game", and "Back" only if nothing else.

    >>> choose(["Back", "Draw"], random.Random(1)), choose(["Back"], random.Random(1))
    (1, 0)
    """
    allowed = [i for i, label in enumerate(labels) if "new game" not in label.lower()]
    onward = [i for i in allowed if labels[i] != "Back"]
    return rng.choice(onward or allowed)


async def browser_open(browser: Any) -> Any:
    """A student's browser, open on an empty tab before the lesson's address is given (its context and page)."""
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    await page.add_init_script(READY_WATCH)
    return page


async def student(page: Any, url: str, code: str, name: str, rounds: int, think: float, seed: int) -> dict:
    """One student: open the page, join, play ``rounds`` rounds; what it saw (its context is left open)."""
    context = page.context
    said: list[str] = []
    page.on("pageerror", lambda error: said.append(f"page error: {error}"))
    page.on("console", lambda message: said.append(message.text) if message.type == "error" else None)
    seen = {"name": name, "context": context, "ready_s": None, "form_s": None, "why": "", "clicks": [], "click_at": [],
            "clicked": [], "rounds": 0, "shown": None}
    try:
        await page.goto(url, wait_until="commit", timeout=LOAD_MS)
        await awaited(page, "window.__clFormSeen", LOAD_MS)
        fields = page.locator(".cl-join input")
        await fields.nth(0).fill(name)
        await fields.nth(1).fill(code.lower())
        await page.locator(".cl-join button").click()
        await awaited(page, "window.__clAppSeen", LOAD_MS)
        times = await page.evaluate("() => window.__clReady")
        seen["ready_s"], seen["form_s"] = times["app"] / 1000, times["form"] / 1000
    except Exception as error:
        seen["why"] = await why_not_playable(page, error, said)
        return seen
    rng, finished = random.Random(seed), set()
    try:
        while len(seen["clicks"]) < 60 * rounds:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            state = await asyncio.wait_for(page.evaluate(PREPARE, SETTLE_MS), CLICK_MS / 1000)
            if set(state["labels"]) & set(ROUND_END):
                finished.add(state["moment"])  # a finished round on show
            if len(finished) >= rounds:
                break
            if not state["labels"]:
                raise RuntimeError("no enabled button to click")
            chosen = choose(state["labels"], rng)
            await page.mouse.click(*state["places"][chosen])  # the page's watch is armed
            seen["clicks"].append(await awaited(page, "window.__clAnswered", CLICK_MS))
            seen["click_at"].append(time.monotonic())
            seen["clicked"].append(state["labels"][chosen])
        seen["rounds"] = len(finished)
        status = page.locator(".cl-class-status")
        try:  # the page says every round it finished is saved (the kernel counts them from the database)
            await page.wait_for_function(SAVED, arg=len(finished), timeout=CLICK_MS, polling=POLL_MS)
        except Exception:
            seen["why"] = f"finished {len(finished)} rounds, the page says: {await status.inner_text()!r}"
        seen["shown"] = int(await status.get_attribute("data-rounds"))
    except Exception as error:
        seen["rounds"] = len(finished)
        seen["why"] = f"stuck after {len(seen['clicks'])} clicks: {first_line(error)}"
    return seen


async def awaited(page: Any, promise: str, timeout_ms: float) -> Any:
    """What a promise the page holds resolves to (one question to the page, answered when it resolves)."""
    try:
        value = await asyncio.wait_for(page.evaluate(f"() => {promise}"), timeout_ms / 1000)
    except asyncio.TimeoutError:
        raise TimeoutError(f"{promise} unresolved after {timeout_ms / 1000:.0f} s") from None
    if value is None:
        raise RuntimeError(f"{promise} is missing: the page's watch was not installed")
    return value


async def why_not_playable(page: Any, error: Exception, said: list[str]) -> str:
    """Why a page never became playable: what it shows, the browser's errors, the wait that failed."""
    try:
        text = " ".join((await page.inner_text("body", timeout=5_000)).split())[:160]
    except Exception:
        text = ""
    return "; ".join(part for part in (f"shows {text!r}" if text else "blank", *said[:2], first_line(error)) if part)


async def class_of(url: str, code: str, server: int, students: int, rounds: int, think: float) -> tuple:
    """``students`` students at once in one chromium: their results and the memory once all have played."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            pages = await asyncio.gather(*(browser_open(browser) for _ in range(students)))
            at_start = memory(server)
            seen = await asyncio.gather(*(student(page, url, code, f"Student {n + 1:02d}", rounds, think, n)
                                          for n, page in enumerate(pages)))
            at_end = memory(server)  # every page still open
            for key in [key for key in at_end if key.endswith("_cpu_s")]:  # CPU used while the class played
                at_end[key] -= at_start[key]
            for one in seen:
                await one.pop("context").close()
            return seen, at_end
        finally:
            await browser.close()


def percentile(values: Sequence[float], share: float) -> Optional[float]:
    """The nearest-rank percentile (None for no values).

    >>> percentile([3, 1, 2, 4], 0.5), percentile(range(1, 101), 0.95), percentile([], 0.5)
    (2, 95, None)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else None


def measure_class(students: int, args: argparse.Namespace) -> dict:
    """A fresh class with a pool for ``students`` (or ``--pool``), and that many students playing at once."""
    folder = Path(tempfile.mkdtemp(prefix=f"bench-class-{students}-"))
    url, code = database_url(args.db, folder), new_code()
    pool = students if args.pool is None else args.pool
    busy, waited = wait_quiet(timeout=args.quiet)
    with class_server(folder, url, code, pool, args.game, args.frontend) as server:
        sampler = Sampler(server["pid"])
        sampler.start()
        seen, at_end = asyncio.run(class_of(server["url"], code, server["pid"], students, args.rounds, args.think))
        sampler.running = False
        log = server["log"].read_text()
    by_student, rows = stored(url, code)
    ready = [one["ready_s"] for one in seen if one["ready_s"] is not None]
    clicks = [ms for one in seen for ms in one["clicks"]]
    all_ready = max((at for one in seen for at in one["click_at"][:1]), default=0.0)  # the last page's first click
    after_all = [ms for one in seen for ms, at in zip(one["clicks"], one["click_at"]) if at > all_ready]
    finished = sum(one["rounds"] for one in seen)
    in_db = sum(by_student.values())
    mismatched = [one["name"] for one in seen if by_student.get(one["name"], 0) != one["rounds"]]
    return {"students": students, "pool": pool, "warm_s": server["warm_s"],
            "ready_p50_s": percentile(ready, 0.5), "ready_p95_s": percentile(ready, 0.95),
            "form_p50_s": percentile([one["form_s"] for one in seen if one["form_s"] is not None], 0.5),
            "not_playable": sum(one["ready_s"] is None for one in seen), "stuck": sum(bool(one["why"]) for one in seen),
            "click_times": sorted((at, ms, label) for one in seen
                                  for ms, at, label in zip(one["clicks"], one["click_at"], one["clicked"])),
            "clicks": len(clicks), "click_p50_ms": percentile(clicks, 0.5), "click_p95_ms": percentile(clicks, 0.95),
            "clicks_while_loading": len(clicks) - len(after_all), "click_p95_after_all_ms": percentile(after_all, 0.95),
            "rounds_finished": finished, "rounds_in_db": in_db, "rows_in_db": rows,
            "rounds_shown_saved": sum(one["shown"] or 0 for one in seen), "mismatched": mismatched,
            **{f"end_{key}": value for key, value in at_end.items()},
            "peak_server_mb": sampler.peak.get("server_mb"), "peak_kernels": sampler.peak.get("kernels"),
            "peak_kernels_mb": sampler.peak.get("kernels_mb"),
            "why": [f"{one['name']}: {one['why']}" for one in seen if one["why"]],
            "log_errors": [line for line in log.splitlines() if "ERROR" in line or "Traceback" in line][:10],
            "busy_before": busy, "waited_s": waited, "folder": str(folder)}


def measure_render(pages: int, pool: int, args: argparse.Namespace) -> dict:
    """A fresh class with a pool of ``pool``, ``pages`` plain GETs at once: time to all answered, pages with the app."""
    folder = Path(tempfile.mkdtemp(prefix=f"bench-render-{pages}-"))
    with class_server(folder, database_url(args.db, folder), new_code(), pool, args.game, args.frontend) as server:
        started = time.monotonic()
        with ThreadPoolExecutor(pages) as threads:
            answers = list(threads.map(lambda _: get(server["url"]), range(pages)))
        all_answered = time.monotonic() - started
        kernels = memory(server["pid"])
    return {"pages": pages, "pool": pool, "warm_s": server["warm_s"], "all_answered_s": all_answered,
            "p50_s": percentile([a[0] for a in answers], 0.5), "with_app": sum(a[1] for a in answers),
            "why": sorted({a[2] for a in answers if a[2]}), **kernels, "folder": str(folder)}


# -- the tables --

def number(value: Optional[float], digits: int = 1) -> str:
    """A figure for the table; a dash for none.

    >>> number(None), number(2.345), number(12.0, 0)
    ('-', '2.3', '12')
    """
    return "-" if value is None else f"{value:.{digits}f}"


def class_table(rows: Sequence[dict]) -> str:
    """The students' rows as a Markdown table."""
    head = ("students", "pool", "warm s", "form p50 s", "ready p50 s", "ready p95 s", "not playable", "stuck", "clicks",
            "click p50 ms", "click p95 ms", "clicks while others load", "click p95 once all play ms", "rounds shown", "rounds in db", "rows in db", "server MB",
            "kernels (peak)", "kernels MB (peak)", "browsers MB", "CPU s server/kernels/browsers",
            "browsers' CPU s renderers/gpu/other/driver", "bench CPU s")
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("-" * (len(h) + 2) for h in head) + "|"]
    for r in rows:
        cells = (r["students"], r["pool"], number(r["warm_s"], 0), number(r["form_p50_s"]), number(r["ready_p50_s"]),
                 number(r["ready_p95_s"]),
                 r["not_playable"], r["stuck"], r["clicks"], number(r["click_p50_ms"], 0),
                 number(r["click_p95_ms"], 0), r["clicks_while_loading"], number(r["click_p95_after_all_ms"], 0), r["rounds_finished"], r["rounds_in_db"], r["rows_in_db"],
                 number(r["end_server_mb"], 0), f"{r['end_kernels']} ({r['peak_kernels']})",
                 f"{number(r['end_kernels_mb'], 0)} ({number(r['peak_kernels_mb'], 0)})",
                 number(r["end_browsers_mb"], 0),
                 "/".join(number(r[f"end_{part}_cpu_s"], 0) for part in ("server", "kernels", "browsers")),
                 "/".join(number(r[f"end_{part}_cpu_s"], 0) for part in ("renderer", "gpu", "other", "driver")),
                 number(r["end_bench_cpu_s"], 0))
        lines.append("| " + " | ".join(str(c).rjust(len(h)) for c, h in zip(cells, head)) + " |")
    return "\n".join(lines)


def render_table(rows: Sequence[dict]) -> str:
    """The plain renders as a Markdown table."""
    head = ("GETs at once", "pool", "all answered s", "p50 s", "with the app", "kernels after", "kernels MB")
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("-" * (len(h) + 2) for h in head) + "|"]
    for r in rows:
        cells = (r["pages"], r["pool"], number(r["all_answered_s"]), number(r["p50_s"]), r["with_app"],
                 r["kernels"], number(r["kernels_mb"], 0))
        lines.append("| " + " | ".join(str(c).rjust(len(h)) for c, h in zip(cells, head)) + " |")
    return "\n".join(lines)


def machine() -> dict:
    """When and on what: the time, the cores and the load average now."""
    return {"when": datetime.now().strftime("%Y-%m-%d %H:%M"), "cores": os.cpu_count(),
            "load": [round(x, 2) for x in os.getloadavg()]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[10, 20, 30], help="class sizes to measure")
    parser.add_argument("--game", choices=[info.name for info in REGISTRY if info.app], default=None,
                        help="the class's game (default: twentyfive; satori with --tables)")
    parser.add_argument("--db", default=None, help="a database URL, or postgres for the PG* variables' server "
                        "(pg_virtualenv); default: a temporary SQLite file")
    parser.add_argument("--frontend", choices=["light", "voila"], default=None,
                        help="the student page's frontend: cardlib's light one or Voila's JupyterLab one")
    parser.add_argument("--pool", type=int, default=None, help="cardlib class --students (default: the class size)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds each student plays")
    parser.add_argument("--think", type=float, default=1.5, help="seconds a student pauses before a click (about)")
    parser.add_argument("--render", type=int, default=30, help="plain GETs at once (0: none)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--quiet", type=float, default=180.0, help="seconds at most to wait, before each class, "
                        "for a quiet machine (under 10%% of its CPU busy outside niced jobs)")
    parser.add_argument("--tables", type=int, default=0, help="tables of people instead (bench/table_load.py)")
    parser.add_argument("--size", type=int, default=4, help="with --tables: the seats at each table")
    parser.add_argument("--people", type=int, default=None, help="with --tables: students a table (default: --size)")
    parser.add_argument("--moves", type=int, default=None, help="with --tables: stop a table after this many moves")
    parser.add_argument("--joining", type=int, default=4, help="with --tables: pages loading and joining at a time")
    args = parser.parse_args()
    if args.tables:
        from table_load import main_tables

        args.game = args.game or "satori"
        return main_tables(args)
    args.game = args.game or "twentyfive"
    before = machine()
    renders = [measure_render(args.render, pool, args) for pool in (args.render, 0)] if args.render else []
    rows = []
    for students in args.students:
        rows.append({**measure_class(students, args), "load_end": [round(x, 2) for x in os.getloadavg()]})
    after = machine()
    if args.json:
        print(json.dumps({"before": before, "after": after, "game": args.game, "rounds": args.rounds,
                          "think_s": args.think, "renders": renders, "classes": rows}, indent=2))
        return
    print(f"A live class on this machine, {before['when']}: {before['cores']} cores, load average "
          f"{before['load']} before, {after['load']} after (other work slows these). Game {args.game}, "
          f"{args.rounds} rounds a student, about {args.think} s between clicks, database "
          f"{'temporary SQLite' if args.db is None else args.db.split('@')[-1]}, "
          f"frontend {args.frontend or 'the default'}.\n")
    if renders:
        print("The page rendered alone (plain GETs at once, no browser):\n")
        print(render_table(renders) + "\n")
    print("Students joining at once in chromium (ready: navigation to a playable app, joining included):\n")
    print(class_table(rows))
    for row in rows:
        for line in row["why"] + [f"mismatch: {name}" for name in row["mismatched"]] + row["log_errors"]:
            print(f"  {row['students']} students: {line}")
        print(f"  {row['students']} students: {row['busy_before']:.0%} of the CPU busy (outside niced jobs) at the "
              f"start, after waiting {row['waited_s']:.0f} s for a quiet machine; load {row['load_end']} at the end; "
              f"logs in {row['folder']}")


if __name__ == "__main__":
    main()
