"""Tables of people under load: ``class_load.py --tables N --size K``, N tables of K students in chromium on one
`cardlib class`, each student a browser context of its own.

    .venv/bin/python bench/class_load.py --tables 8 --size 4              # 32 pages, The Satori
    .venv/bin/python bench/class_load.py --tables 2 --size 4 --game loop --moves 60
    .venv/bin/python bench/class_load.py --tables 1 --size 3 --people 2   # two students press Start: a bot sits

A fresh `cardlib class` of the game (a pool of one kernel a page) is started and left to heat its pool; then the
students open the page, ``--joining`` at a time (32 pages loading at once on two shared cores outlast any timeout;
``class_load.py`` measures joining at once), join with their name and the class code and press "Join a table".
Once every student has joined, all sit down at once, so every table plays at the same time. The first
student of each table opens a table of ``--size`` seats, the others (``--people`` a table, default the size) sit
down at it; when every student of the table is seated the first presses "Start now" if the table has not started
(it starts by itself once full; empty seats are bots). Each page then plays its seat by clicks, a seeded choice
after a pause of about ``--think`` seconds, to the end of the game (or of ``--moves`` moves, for SCOUT's and Loop's
long games).

Move → page: from the click on one page (``Date.now()`` in its click event) to the moment each other page at the
table shows the move (``Date.now()`` when the people page's ``data-seq`` first reached it, by a MutationObserver);
the pages of one chromium share the machine's clock, and so does the server, which stores each move's time
(``Move.clock``). A move's click is the mover's last click before the move was stored; in a window of answers
given at once (The Satori's Katsu window) the last click at the table before it, since the answer that completes
the window stores the ones waiting for it. Moves of bots and the rules' defaults (no answer in time) have no click.
Click → stored: from that click to the move's time in the database; stored → page: from then to each other page
showing it (the other pages' kernels poll every 0.5 s, then draw). Lost: a click that changed nothing on its page
(no new move, no new buttons, no message) and stored no move; doubled: a person's stored move without a click of
its own; refused: a click the page answered "the table moved on", "too late" or "not your turn" (nothing stored,
as it should be). Replayed: every table's stored moves replayed from its seed in this process reach the end (or
the moves stored), and the rows computed from that replay equal the rows the class database holds for the table.
Memory and CPU as ``class_load.py`` measures them.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any, Optional, Sequence

from class_load import POLL_MS, VIEWPORT, machine, number, percentile, why_not_playable
from class_server import LOAD_MS, Sampler, class_server, database_url, first_line, memory
from table_replay import check_table

from cardlib.class_command import new_code
from cardlib.games import info
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

PEOPLE = ".cl-people-page"
BUTTONS = f"{PEOPLE} .cl-controls button:not([disabled])"
RARE = {"Katsu!", "Declare Satori!"}  # chosen one time in five: The Satori's games last long enough to measure
REFUSED = ("moved on", "too late", "not your turn")
CLICK_S = 30.0  # a click that changed nothing on its page after this long: lost
GONE_S = 3.0  # a button chosen that is not there this long after (a window's time was up): chosen again
LOOK_S = 0.5  # how often the bench looks at a page waiting for its turn (textContent, never a layout)
STUCK_S = 180.0  # a page whose table showed nothing new for this long: stuck
IDLE_CLICKS = 30  # a page whose clicks moved nothing this many times in a row: stuck

# In every page from its start: the first time each move number showed, and every click on the game's buttons.
WATCH = """(() => {
  const seen = {form: null, seq: {}, clicks: []};
  window.__tl = seen;
  const look = () => {
    if (seen.form === null && document.querySelector('.cl-join button')) seen.form = performance.now();
    const el = document.querySelector('.cl-people');
    if (el && el.dataset.stage !== 'lobby' && el.dataset.stage !== 'waiting' && !(el.dataset.seq in seen.seq))
      seen.seq[el.dataset.seq] = Date.now();
  };
  new MutationObserver(look).observe(document, {childList: true, subtree: true, attributes: true});
  document.addEventListener('click', event => {
    const button = event.target.closest('%s .cl-controls button');
    const el = document.querySelector('.cl-people');
    if (button) seen.clicks.push({t: Date.now(), seq: el ? +el.dataset.seq : null, label: button.textContent.trim()});
  }, true);
})()""" % PEOPLE

STATE = """() => {
  const el = document.querySelector('.cl-people');
  const labels = Array.from(document.querySelectorAll('%s')).map(b => b.textContent.trim());
  const said = Array.from(document.querySelectorAll('%s .cl-message')).map(m => m.textContent.trim()).join(' ');
  return {stage: el ? el.dataset.stage : null, seq: el ? +el.dataset.seq : null, labels, message: said};
}""" % (BUTTONS, PEOPLE)


def choose_move(labels: Sequence[str], rng: random.Random) -> int:
    """The button a student clicks: any but "New game"; "Back" only if nothing else; a rare one seldom.

    >>> choose_move(["Back", "Play satori"], random.Random(1)), choose_move(["Back"], random.Random(1))
    (1, 0)
    """
    allowed = [i for i, label in enumerate(labels) if label != "New game"]
    onward = [i for i in allowed if labels[i] != "Back"] or allowed
    common = [i for i in onward if labels[i] not in RARE]
    return rng.choice(common if common and rng.random() < 0.8 else onward)


async def settle(page: Any, first: Optional[dict] = None) -> dict:
    """The page's state once two looks 0.3 s apart agree."""
    state = first or await page.evaluate(STATE)
    for _ in range(30):
        await asyncio.sleep(0.3)
        again = await page.evaluate(STATE)
        if again == state:
            break
        state = again
    return state


async def join(page: Any, url: str, code: str, name: str, seen: dict) -> None:
    """Open the class page, join by name and code, press "Join a table": the lobby (or the table sat at)."""
    await page.goto(url, wait_until="commit", timeout=LOAD_MS)
    await page.wait_for_function("() => window.__tl.form !== null", timeout=LOAD_MS, polling=POLL_MS)
    fields = page.locator(".cl-join input")
    await fields.nth(0).fill(name)
    await fields.nth(1).fill(code.lower())
    await page.locator(".cl-join button").click()
    await page.locator(".cl-class-status-row button").click(timeout=LOAD_MS)
    await page.wait_for_selector(".cl-people[data-stage]", timeout=LOAD_MS)
    seen["lobby_s"] = await page.evaluate("() => performance.now() / 1000")


async def sit(page: Any, place: int, size: int, opened: asyncio.Future) -> int:
    """The first student of a table opens it (``size`` seats) and tells the others its id; they sit down at it."""
    if place == 0:
        await page.locator(f"{PEOPLE} select").select_option(label=f"{size} players")
        await page.get_by_role("button", name="Open a new table").click()
        await page.wait_for_selector('.cl-people[data-stage="waiting"]', timeout=LOAD_MS)
        table = int(re.search(r"table (\d+)", await page.inner_text(".cl-people")).group(1))
        opened.set_result(table)
        return table
    table = await opened
    row = page.locator(f'{PEOPLE} .widget-hbox:has([data-table="{table}"])')
    await row.locator("button").click(timeout=LOAD_MS)  # the lobby lists a new table within its 2 s
    await page.wait_for_selector('.cl-people[data-stage="waiting"], .cl-people[data-stage="playing"]',
                                 timeout=LOAD_MS)
    return table


class Arrivals:
    """Students load the page and join ``joining`` at a time; none sits down before every one has joined (or
    failed to): then every table plays at once, and the pages still loading do not weigh on the moves measured."""

    def __init__(self, students: int, joining: int) -> None:
        self.left, self.loading, self.all_in = students, asyncio.Semaphore(joining), asyncio.Event()

    def arrived(self) -> None:
        """One more student joined (or never will)."""
        self.left -= 1
        if self.left <= 0:
            self.all_in.set()


async def student(browser: Any, url: str, code: str, name: str, place: int, args: argparse.Namespace,
                  opened: asyncio.Future, arrivals: Arrivals, seed: int) -> dict:
    """One student: join, sit down at the table, play the seat to the end; what the page saw (context left open)."""
    said: list[str] = []
    seen: dict[str, Any] = {"name": name, "place": place, "context": None, "table": None, "lobby_s": None,
                            "playing_s": None, "why": "", "outcomes": [], "gone": 0, "clicks": [], "seq": {},
                            "stage": None}
    page: Any = None
    try:
        try:
            async with arrivals.loading:
                seen["context"] = await browser.new_context(viewport=VIEWPORT)
                page = await seen["context"].new_page()
                await page.add_init_script(WATCH)
                page.on("pageerror", lambda error: said.append(f"page error: {error}"))
                await join(page, url, code, name, seen)
        finally:
            arrivals.arrived()
        await arrivals.all_in.wait()
        seen["table"] = await sit(page, place, args.size, opened)
        if place == 0 and args.people < args.size:  # everyone of this table is seated: Start now
            await page.wait_for_function("() => document.querySelectorAll('.cl-people-seat[data-kind=person], "
                                         f".cl-people-seat[data-kind=you]').length >= {args.people}",
                                         timeout=LOAD_MS, polling=POLL_MS)
            await page.get_by_role("button", name="Start now").click()
        await page.wait_for_selector('.cl-people[data-stage="playing"], .cl-people[data-stage="over"]',
                                     timeout=LOAD_MS)
        seen["playing_s"] = await page.evaluate("() => performance.now() / 1000")
    except Exception as error:
        if place == 0 and not opened.done():  # the others of the table wait for no table then
            opened.set_exception(RuntimeError(f"{name} opened no table"))
        seen["why"] = await why_not_playable(page, error, said) if page is not None else first_line(error)
        return seen
    try:
        await play(page, args, random.Random(seed), seen)
    except Exception as error:
        seen["why"] = f"stuck after {len(seen['outcomes'])} clicks: {first_line(error)}"
    watched = await page.evaluate("() => window.__tl")
    seen["seq"], seen["clicks"] = {int(s): t for s, t in watched["seq"].items()}, watched["clicks"]
    seen["stage"] = (await page.evaluate(STATE))["stage"]
    return seen


async def play(page: Any, args: argparse.Namespace, rng: random.Random, seen: dict) -> None:
    """Click this seat's buttons after a pause until the game is over (or ``--moves``); each click's outcome."""
    state, changed, idle = await page.evaluate(STATE), time.monotonic(), 0
    while state["stage"] != "over" and (args.moves is None or state["seq"] < args.moves):
        if time.monotonic() - changed > STUCK_S or idle >= IDLE_CLICKS:
            raise RuntimeError(f"nothing new for {STUCK_S:.0f} s or {IDLE_CLICKS} clicks at move {state['seq']}: "
                               f"buttons {state['labels'][:6]}, message {state['message'][:120]!r}")
        if not state["labels"]:  # another seat's turn: look again soon
            await asyncio.sleep(LOOK_S)
            again = await page.evaluate(STATE)
            changed = changed if again == state else time.monotonic()
            state = again
            continue
        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
        state = await settle(page)
        if not state["labels"] or state["stage"] == "over":
            continue
        label = state["labels"][choose_move(state["labels"], rng)]
        try:
            await page.locator(BUTTONS).filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first.click(
                timeout=GONE_S * 1000)
        except Exception:  # gone before the click (a window closed at its time): no click, look again
            seen["gone"] += 1
            idle += 1
            state = await page.evaluate(STATE)
            continue
        before, deadline = state, time.monotonic() + CLICK_S
        while state == before and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            state = await page.evaluate(STATE)
        outcome = ("moved" if state["seq"] != before["seq"] else
                   "refused" if any(words in state["message"].lower() for words in REFUSED) else
                   "changed" if state != before else "nothing")
        seen["outcomes"].append((label, outcome))
        changed, idle = time.monotonic(), 0 if outcome == "moved" else idle + 1


async def tables_of(url: str, code: str, server: int, args: argparse.Namespace) -> tuple[list[dict], dict]:
    """Every student at once in one chromium: what each saw, and the memory once every game is over."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            at_start = memory(server)
            opened = [asyncio.get_running_loop().create_future() for _ in range(args.tables)]
            arrivals = Arrivals(args.tables * args.people, args.joining)
            seen = await asyncio.gather(*(
                student(browser, url, code, f"T{table + 1}-{place + 1}", place, args, opened[table], arrivals,
                        1000 * table + place) for table in range(args.tables) for place in range(args.people)))
            at_end = memory(server)  # every page still open
            for key in [key for key in at_end if key.endswith("_cpu_s")]:
                at_end[key] -= at_start[key]
            for one in seen:
                context = one.pop("context")
                if context is not None:
                    await context.close()
            for future in opened:  # a table its students never waited for: its opener's failure is said already
                if future.done():
                    future.exception()
            return list(seen), at_end
        finally:
            await browser.close()


def measure_tables(args: argparse.Namespace) -> dict:
    """A fresh class of ``--tables`` × ``--people`` students at tables of ``--size``: the figures of one run."""
    from cardlib.core.classdb import ClassDB

    pages = args.tables * args.people
    folder = Path(tempfile.mkdtemp(prefix=f"bench-tables-{args.tables}x{args.size}-"))
    url, code = database_url(args.db, folder), new_code()
    pool = pages if args.pool is None else args.pool
    with class_server(folder, url, code, pool, args.game) as server:
        sampler = Sampler(server["pid"])
        sampler.start()
        seen, at_end = asyncio.run(tables_of(server["url"], code, server["pid"], args))
        sampler.running = False
        log = server["log"].read_text()
    with ClassDB(url) as db:
        ids = sorted({one["table"] for one in seen if one["table"] is not None})
        checked = [check_table(db, table, [one for one in seen if one["table"] == table]) for table in ids]
    latencies = [ms for table in checked for ms in table["latencies"]]
    to_store = [ms for table in checked for ms in table["to_store"]]
    from_store = [ms for table in checked for ms in table["from_store"]]
    joined = [one["lobby_s"] for one in seen if one["lobby_s"] is not None]
    return {"tables": args.tables, "size": args.size, "people": args.people, "pages": pages, "pool": pool,
            "warm_s": server["warm_s"], "joined_p50_s": percentile(joined, 0.5),
            "joined_p95_s": percentile(joined, 0.95), "joining": args.joining,
            "not_playable": sum(one["playing_s"] is None for one in seen),
            "stuck": sum(bool(one["why"]) for one in seen if one["playing_s"] is not None),
            "moves": sum(t["moves"] for t in checked), "people_moves": sum(t["people_moves"] for t in checked),
            "bot_moves": sum(t["bot_moves"] for t in checked),
            "default_moves": sum(t["default_moves"] for t in checked),
            "samples": len(latencies), "p50_ms": percentile(latencies, 0.5), "p95_ms": percentile(latencies, 0.95),
            "max_ms": max(latencies, default=None), "stored_p50_ms": percentile(to_store, 0.5),
            "stored_p95_ms": percentile(to_store, 0.95), "shown_p50_ms": percentile(from_store, 0.5),
            "shown_p95_ms": percentile(from_store, 0.95), "lost": sum(t["lost"] for t in checked),
            "doubled": sum(t["doubled"] for t in checked), "refused": sum(t["refused"] for t in checked),
            "gone": sum(one["gone"] for one in seen),
            "over": sum(t["over"] for t in checked), "identical": sum(t["identical"] for t in checked),
            "checked": len(checked), "all_shown_last": sum(t["shown_last"] for t in checked),
            **{f"end_{key}": value for key, value in at_end.items()},
            "peak_kernels": sampler.peak.get("kernels"), "peak_kernels_mb": sampler.peak.get("kernels_mb"),
            "why": [f"{one['name']}: {one['why']}" for one in seen if one["why"]],
            "log_errors": [line for line in log.splitlines() if "ERROR" in line or "Traceback" in line][:10],
            "folder": str(folder), "load_end": [round(x, 2) for x in os.getloadavg()]}


def markdown(head: Sequence[str], cells: Sequence[Any]) -> str:
    """One row under its head as a Markdown table."""
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("-" * (len(h) + 2) for h in head) + "|"]
    return "\n".join(lines + ["| " + " | ".join(str(c).rjust(len(h)) for c, h in zip(cells, head)) + " |"])


def tables_tables(r: dict) -> str:
    """A run's figures: the moves and their latency, then the memory and CPU."""
    moves = markdown(
        ("tables × seats", "pages", "joined p50/p95 s", "never playable", "stuck", "moves people/bots/defaults",
         "samples", "move → page p50 ms", "p95 ms", "max ms", "click → stored p50/p95 ms",
         "stored → page p50/p95 ms", "refused", "lost",
         "doubled", "every page saw the end"),
        (f"{r['tables']} × {r['size']}", r["pages"], f"{number(r['joined_p50_s'])}/{number(r['joined_p95_s'])}",
         r["not_playable"], r["stuck"], f"{r['people_moves']}/{r['bot_moves']}/{r['default_moves']}", r["samples"],
         number(r["p50_ms"], 0), number(r["p95_ms"], 0), number(r["max_ms"], 0),
         f"{number(r['stored_p50_ms'], 0)}/{number(r['stored_p95_ms'], 0)}",
         f"{number(r['shown_p50_ms'], 0)}/{number(r['shown_p95_ms'], 0)}", r["refused"], r["lost"],
         r["doubled"], f"{r['all_shown_last']}/{r['checked']}"))
    used = markdown(
        ("pool", "warm s", "server MB", "kernels (peak)", "kernels MB (peak)", "browsers MB",
         "CPU s server/kernels/browsers", "browsers' CPU s renderers/gpu/other"),
        (r["pool"], number(r["warm_s"], 0), number(r["end_server_mb"], 0), f"{r['end_kernels']} ({r['peak_kernels']})",
         f"{number(r['end_kernels_mb'], 0)} ({number(r['peak_kernels_mb'], 0)})", number(r["end_browsers_mb"], 0),
         "/".join(number(r[f"end_{part}_cpu_s"], 0) for part in ("server", "kernels", "browsers")),
         "/".join(number(r[f"end_{part}_cpu_s"], 0) for part in ("renderer", "gpu", "other"))))
    return moves + "\n\n" + used


def main_tables(args: argparse.Namespace) -> None:
    """``class_load.py --tables``: one run, printed as tables (or JSON)."""
    args.people = args.people or args.size
    if not 1 <= args.people <= args.size:
        raise SystemExit(f"--people is 1 to --size ({args.size}), not {args.people}")
    info(args.game).table_options(args.size)  # a size the game's tables have (RulesError naming them)
    before = machine()
    row = measure_tables(args)
    after = machine()
    if args.json:
        print(json.dumps({"before": before, "after": after, "game": args.game, "think_s": args.think, **row}, indent=2))
        return
    print(f"Tables of people on this machine, {before['when']}: {before['cores']} cores, load average "
          f"{before['load']} before, {after['load']} after (other work slows these). {info(args.game).title}, "
          f"{args.tables} tables of {args.size} seats, {args.people} students each, about {args.think} s between "
          f"clicks{'' if args.moves is None else f', {args.moves} moves a table at most'}, database "
          f"{'temporary SQLite' if args.db is None else args.db.split('@')[-1]}.\n")
    print(tables_tables(row))
    print(f"\nreplayed: {row['identical']}/{row['checked']} tables identical ({row['over']} played to the end); "
          f"{row['gone']} buttons chosen were gone before the click (a window's time was up)")
    for line in row["why"] + row["log_errors"]:
        print(f"  {line}")
    print(f"  load {row['load_end']} at the end; logs in {row['folder']}")
