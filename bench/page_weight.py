"""What one student page costs the browser: `cardlib class` (or `cardlib app GAME`) and one chromium page.

    .venv/bin/python bench/page_weight.py                  # the class's student page, joined
    .venv/bin/python bench/page_weight.py --app twentyfive # `cardlib app twentyfive`'s page
    .venv/bin/python bench/page_weight.py --trace out.json # also keep chromium's trace
    .venv/bin/python bench/page_weight.py --frontend voila # the page drawn by Voila's JupyterLab frontend

The page is loaded ``--runs`` times (a fresh browser context each, the server's kernels preheated), joined
where it asks a name, and measured until its app is playable and then ``--idle`` seconds more: what it
fetched (files and bytes by kind), chromium's own counters (Performance.getMetrics: script, style, layout
time), the main thread's work by kind from a trace (compiling and running scripts, parsing style sheets,
style recalculation, layout, paint), the renderer's and compositor's CPU seconds (from /proc), and when the
join form and the playable app appeared. Idle: the CPU the page uses once playable, as nobody clicks. While it
loads: the CPU a second of a page whose main script is held back, as each of thirty pages loading at once waits
for its turn (a loading sign that moves draws frames all that time).
Nothing passes or fails; other work on the machine slows the times (not the files or bytes).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Optional

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]

from class_load import READY_WATCH  # noqa: E402
from class_server import (TICKS, chromium_kind, class_server, database_url, process_table, stop_server,  # noqa: E402
                          tree, wait_listening)

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

VIEWPORT = {"width": 1366, "height": 768}
CODE = "WGHT"
# The main thread's work in a trace, by kind: trace event names (devtools.timeline) summed by their own time.
KINDS = {"compile": ("v8.compile", "V8.CompileCode", "v8.compileModule", "CompileScript", "CacheScript",
                     "V8.BytecodeBudgetInterrupt", "V8.BytecodeBudgetInterruptWithStackCheck"),
         "script": ("EvaluateScript", "v8.evaluateModule", "FunctionCall", "TimerFire", "FireAnimationFrame",
                    "EventDispatch", "v8.run", "RunMicrotasks", "XHRReadyStateChange", "XHRLoad", "v8.callFunction",
                    "v8.callAsConstructor", "v8.newInstance"),
         "gc": ("MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC", "BlinkGC.AtomicPhase"),
         "parse html": ("ParseHTML",),
         "parse css": ("ParseAuthorStyleSheet",),
         "style": ("UpdateLayoutTree", "RecalculateStyles"),
         "layout": ("Layout",),
         "paint": ("Paint", "PrePaint", "Layerize", "UpdateLayer", "UpdateLayerTree", "CompositeLayers")}
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink.user_timing"]


SERVER: list[int] = []  # the server's process, whose tree is not the browser's


def renderer_cpu() -> dict[str, float]:
    """CPU seconds of this script's chromium processes by kind (renderer, gpu, other), the server's tree left out."""
    table = process_table()
    spent: dict[str, float] = defaultdict(float)
    server = set().union(*(tree(pid, table) for pid in SERVER))
    for pid in tree(os.getpid(), table) - {os.getpid()} - server:
        spent[chromium_kind(pid)] += table[pid][2] / TICKS
    return spent


def main_thread_work(trace: dict) -> dict[str, float]:
    """Milliseconds of the renderer's main thread by kind (``KINDS``): each event's own time, its children's
    taken away, so nothing is counted twice."""
    events = [e for e in trace["traceEvents"] if e.get("ph") == "X" and "dur" in e]
    main = Counter((e["pid"], e["tid"]) for e in events if e["name"] in ("ParseHTML", "UpdateLayoutTree", "Layout"))
    if not main:
        return {}
    pid, tid = main.most_common(1)[0][0]
    ours = sorted((e for e in events if (e["pid"], e["tid"]) == (pid, tid)), key=lambda e: (e["ts"], -e["dur"]))
    kind_of = {name: kind for kind, names in KINDS.items() for name in names}
    spent: dict[str, float] = defaultdict(float)
    stack: list[list] = []  # [end, kind, own time]
    total = 0.0

    def close(until: float) -> None:
        while stack and stack[-1][0] <= until:
            end, kind, own = stack.pop()
            spent[kind] += own

    for event in ours:
        close(event["ts"])
        kind = kind_of.get(event["name"])
        if kind is None and stack:
            continue  # an event of no kind inside one: its parent's time
        kind = kind or "other"
        if not stack:
            total += event["dur"]
        else:
            stack[-1][2] -= event["dur"]
        stack.append([event["ts"] + event["dur"], kind, event["dur"]])
    close(float("inf"))
    spent = {k: v / 1000 for k, v in spent.items()}
    spent["main thread, all"] = total / 1000
    return spent


def measure(browser: Any, url: str, join: bool, idle: float, trace: Optional[Path]) -> dict:
    """One page, in a fresh context, until playable and ``idle`` seconds more."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.add_init_script(READY_WATCH)
    files: list[dict] = []
    said: list[str] = []
    page.on("console", lambda message: said.append(f"{message.type}: {message.text[:150]}"))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Performance.enable")
    requests: dict[str, dict] = {}
    cdp.on("Network.responseReceived", lambda e: requests.setdefault(e["requestId"], {}).update(
        url=e["response"]["url"], kind=e["type"], mime=e["response"].get("mimeType", "")))
    cdp.on("Network.loadingFinished", lambda e: requests.setdefault(e["requestId"], {}).update(
        bytes=e["encodedDataLength"]))
    if trace is not None:
        browser.start_tracing(page=page, categories=CATEGORIES)
    before, started = renderer_cpu(), time.monotonic()
    page.goto(url, wait_until="commit", timeout=180_000)
    page.wait_for_function("() => window.__clReady.form !== null || window.__clReady.app !== null",
                           timeout=180_000, polling=100)
    at_form = renderer_cpu()
    if join:
        fields = page.locator(".cl-join input")
        fields.nth(0).fill(f"weigher{time.monotonic_ns() % 100000}")
        fields.nth(1).fill(CODE.lower())
        page.locator(".cl-join button").click()
    page.wait_for_function("() => window.__clReady.app !== null", timeout=180_000, polling=100)
    ready_wall = time.monotonic() - started
    at_ready = renderer_cpu()
    metrics_ready = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    times = page.evaluate("() => window.__clReady")
    traced = {}
    if trace is not None:
        raw = browser.stop_tracing()
        trace.write_bytes(raw)
        traced = main_thread_work(json.loads(raw))
    time.sleep(idle)
    after = renderer_cpu()
    metrics_idle = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    context.close()
    for entry in requests.values():
        if "url" in entry:
            files.append(entry)
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for entry in files:
        kind = entry.get("kind", "?")
        kinds[kind][0] += 1
        kinds[kind][1] += entry.get("bytes", 0)
    return {"files": len(files), "bytes": sum(e.get("bytes", 0) for e in files), "kinds": dict(kinds),
            "urls": sorted((e.get("bytes", 0), e["url"]) for e in files),
            "form_s": (times["form"] or 0) / 1000, "ready_s": times["app"] / 1000, "ready_wall_s": ready_wall,
            "renderer_cpu_s": at_ready["renderer"] - before["renderer"], "console": said,
            "form_renderer_cpu_s": at_form["renderer"] - before["renderer"],
            "gpu_cpu_s": at_ready["gpu"] - before["gpu"], "other_cpu_s": at_ready["other"] - before["other"],
            "idle_renderer_cpu_s": after["renderer"] - at_ready["renderer"],
            "idle_gpu_cpu_s": after["gpu"] - at_ready["gpu"],
            "script_s": metrics_ready["ScriptDuration"], "style_s": metrics_ready["RecalcStyleDuration"],
            "layout_s": metrics_ready["LayoutDuration"], "task_s": metrics_ready["TaskDuration"],
            "compile_s": metrics_ready.get("V8CompileDuration", 0.0),
            "style_count": metrics_ready["RecalcStyleCount"], "layout_count": metrics_ready["LayoutCount"],
            "nodes": metrics_ready["Nodes"], "heap_mb": metrics_ready["JSHeapUsedSize"] / 2**20,
            "idle_task_s": metrics_idle["TaskDuration"] - metrics_ready["TaskDuration"],
            "idle_style_count": metrics_idle["RecalcStyleCount"] - metrics_ready["RecalcStyleCount"],
            "main": traced}


def loading_cost(browser: Any, url: str, seconds: float) -> float:
    """CPU seconds a second (renderer and compositor) of a page held where it shows the loading sign: the page's
    main script (Voila's voila.js, or cardlib's light cardlib-page.js) is never answered, as while thirty pages wait
    for theirs."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    for script in ("**/voila/static/voila.js", "**/cardlib-page.js"):
        page.route(script, lambda route: None)  # never answered: the page keeps loading
    page.goto(url, wait_until="commit", timeout=180_000)
    page.wait_for_selector("#loading_text", timeout=180_000)
    time.sleep(1)
    before = renderer_cpu()
    time.sleep(seconds)
    after = renderer_cpu()
    context.close()
    return (after["renderer"] + after["gpu"] - before["renderer"] - before["gpu"]) / seconds


def app_server(game: str, folder: Path, frontend: Optional[str] = None) -> tuple[str, subprocess.Popen]:
    """`cardlib app GAME` (``--frontend``, when given) in its own process group: its URL once it listens."""
    port, log = free_port(), folder / "cardlib-app.log"
    command = [sys.executable, "-m", "cardlib", "app", game, "--port", str(port)]
    command += ["--frontend", frontend] if frontend else []
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=folder,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    wait_listening(port, process, log)
    return f"http://127.0.0.1:{port}/", process


def report(runs: list[dict], label: str, files: bool, idle: float) -> None:
    """The median of each figure over the runs, as a table."""
    med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    print(f"\n{label}: {len(runs)} page(s); median of each figure ({time.strftime('%H:%M')}, "
          f"load {os.getloadavg()[0]:.1f})")
    print(f"  fetched: {runs[0]['files']} files, {runs[0]['bytes'] / 2**20:.2f} MB "
          + ", ".join(f"{k} {n} ({b / 1024:.0f} kB)" for k, (n, b) in sorted(runs[0]["kinds"].items())))
    joined = any(r["form_s"] for r in runs)
    form = f"join form {med('form_s'):.2f} s, " if joined else ""
    print(f"  {form}playable {med('ready_s'):.2f} s after navigation")
    to_form = f" (to the join form {med('form_renderer_cpu_s'):.2f} s)" if joined else ""
    print(f"  CPU to playable: renderer {med('renderer_cpu_s'):.2f} s{to_form}, compositor {med('gpu_cpu_s'):.2f} s, "
          f"browser/network {med('other_cpu_s'):.2f} s")
    print(f"  chromium's counters: tasks {med('task_s'):.2f} s, script {med('script_s'):.2f} s, "
          f"style {med('style_s'):.2f} s ({med('style_count'):.0f} recalcs), layout {med('layout_s'):.2f} s "
          f"({med('layout_count'):.0f}); {med('nodes'):.0f} nodes, JS heap {med('heap_mb'):.1f} MB")
    print(f"  idle {idle:.0f} s after: renderer {med('idle_renderer_cpu_s'):.2f} s, compositor "
          f"{med('idle_gpu_cpu_s'):.2f} s, tasks {med('idle_task_s'):.2f} s, {med('idle_style_count'):.0f} recalcs")
    traced = [r["main"] for r in runs if r["main"]]
    if traced:
        keys = sorted({k for t in traced for k in t}, key=lambda k: -statistics.median(t.get(k, 0) for t in traced))
        print("  main thread (trace), ms: " + ", ".join(f"{k} {statistics.median(t.get(k, 0) for t in traced):.0f}"
                                                      for k in keys))
    print(f"  console: {len(runs[0]['console'])} messages")
    if files:
        for line in runs[0]["console"]:
            print(f"    {line}")
        for size, url in runs[0]["urls"]:
            print(f"    {size / 1024:8.1f} kB  {url.split('?')[0][-110:]}")


def main(argv: Optional[list[str]] = None) -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", metavar="GAME", help="measure `cardlib app GAME`'s page instead of the class's")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--files", action="store_true", help="list every file the page fetched")
    parser.add_argument("--trace", type=Path, help="keep the last run's chromium trace here (JSON)")
    parser.add_argument("--no-trace", action="store_true", help="no trace (tracing itself costs the renderer)")
    parser.add_argument("--frontend", choices=["light", "voila"], default=None,
                        help="the page's frontend: cardlib's light one or Voila's JupyterLab one (default: the command's)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="page-weight-") as folder, sync_playwright() as playwright:
        trace = None if args.no_trace else (args.trace or Path(folder) / "trace.json")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            if args.app:
                url, process = app_server(args.app, Path(folder), args.frontend)
                SERVER[:] = [process.pid]
                try:
                    runs = [measure(browser, url, False, args.idle, trace) for _ in range(args.runs)]
                    loading = loading_cost(browser, url, args.idle)
                finally:
                    stop_server(process)
                label = f"cardlib app {args.app}" + (f" --frontend {args.frontend}" if args.frontend else "")
            else:
                with class_server(Path(folder), database_url(None, Path(folder)), CODE, args.runs + 2,
                                  "twentyfive", args.frontend) as served:
                    SERVER[:] = [served["pid"]]
                    runs = [measure(browser, served["url"], True, args.idle, trace) for _ in range(args.runs)]
                    loading = loading_cost(browser, served["url"], args.idle)
                label = "cardlib class" + (f" --frontend {args.frontend}" if args.frontend else "") + ", student page (joined)"
        finally:
            browser.close()
    report(runs, label, args.files, args.idle)
    print(f"  while it loads: {loading:.3f} CPU-seconds a second (renderer and compositor; its script held back)")


if __name__ == "__main__":
    main()
