"""The browser benches, small. bench/browser.py on one game: one `make app` start timed to a playable page and three
clicks timed to the updated table, the row it prints, and make, Voila and the kernels stopped afterwards.
bench/class_load.py --tables: one table of The Satori (three seats, two students who press Start, a bot) through
`cardlib class`, played to the end in chromium: its figures, its record replayed, the tables it prints. And
bench/class_load.py --students 2: two students join and play a round each; every round stored."""
from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.games import REGISTRY
from tests.browser.conftest import CHROMIUM, require_chromium

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

BENCH = Path(__file__).resolve().parents[2] / "bench" / "browser.py"
CLASS_LOAD = BENCH.with_name("class_load.py")


def load_bench():
    """bench/browser.py as a module (bench/ is no package; its name must not clash with tests.browser)."""
    spec = importlib.util.spec_from_file_location("bench_browser", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def class_load(*args: str) -> dict:
    """What bench/class_load.py prints as JSON for ``args`` (its students think 0.3 s, and it waits for no quiet
    machine: the suite runs beside it); it must exit cleanly."""
    require_chromium(CHROMIUM)
    run = subprocess.run([sys.executable, str(CLASS_LOAD), *args, "--think", "0.3", "--quiet", "0", "--json"],
                         capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_one_start_and_three_clicks_give_positive_figures_and_the_games_row(browser):
    bench, name = load_bench(), REGISTRY[0].name
    context = browser.new_context(viewport=bench.VIEWPORT)
    try:
        page = context.new_page()
        with bench.make_app(name, seed=3) as launch:
            start = bench.seconds_to_playable(page, launch)
            before = page.get_attribute(".cl-header", "data-moment")
            clicks = bench.click_times(page, 3, random.Random(3))
            after = page.get_attribute(".cl-header", "data-moment")
            started = bench.descendants(launch.process.pid)  # make, its shell, Voila and the page's kernel
    finally:
        context.close()
    assert len(clicks) == 3 and all(isinstance(ms, float) and ms > 0 for ms in clicks)
    assert isinstance(start, float) and start > 0
    assert after != before  # the clicks moved the game (Twenty-five has no two-click choices)
    assert launch.process.poll() is not None
    assert len(started) >= 2 and not [pid for pid in started if bench.alive(pid)]
    row = bench.summary(name, [start], clicks)
    assert (row["start_s"], row["click_median_ms"], row["clicks"]) == (start, sorted(clicks)[1], 3)
    lines = bench.table([row]).splitlines()
    assert lines[2].split("|")[1].strip() == name and lines[2].split("|")[5].strip() == "3"


def test_one_table_of_people_is_played_to_the_end_measured_and_replayed() -> None:
    row = class_load("--tables", "1", "--size", "3", "--people", "2")
    assert (row["game"], row["pages"], row["not_playable"], row["stuck"]) == ("satori", 2, 0, 0), row["why"]
    assert row["people_moves"] >= 1 and row["bot_moves"] >= 1  # Start now put a bot in the third seat
    assert 0 < row["samples"] <= row["people_moves"]  # one other page a person's move
    assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["max_ms"] < 60_000
    assert (row["lost"], row["doubled"]) == (0, 0)
    assert (row["checked"], row["over"], row["identical"], row["all_shown_last"]) == (1, 1, 1, 1)
    assert row["end_kernels"] >= 2 and row["end_browsers_mb"] > 0
    sys.path.insert(0, str(BENCH.parent))
    try:
        import table_load
    finally:
        sys.path.remove(str(BENCH.parent))
    lines = table_load.tables_tables(row).splitlines()
    assert lines[2].split("|")[1].strip() == "1 × 3" and lines[2].split("|")[13].strip() == "0"  # lost


def test_two_students_join_play_a_round_each_and_every_round_is_stored() -> None:
    found = class_load("--students", "2", "--rounds", "1", "--render", "2")
    assert [(r["pages"], r["with_app"], r["why"]) for r in found["renders"]] == [(2, 2, []), (2, 2, [])]
    row = found["classes"][0]
    assert (row["students"], row["not_playable"], row["stuck"], row["mismatched"]) == (2, 0, 0, []), row["why"]
    assert row["rounds_finished"] == row["rounds_in_db"] == row["rounds_shown_saved"] == 2
    assert 0 < row["form_p50_s"] <= row["ready_p50_s"] <= row["ready_p95_s"] < 120
    assert row["clicks"] >= 2 and 0 < row["click_p50_ms"] <= row["click_p95_ms"] < 30_000
    assert 0 <= row["clicks_while_loading"] <= row["clicks"]
    assert len(row["click_times"]) == row["clicks"] and all(label for _, _, label in row["click_times"])
    assert 0 <= row["busy_before"] <= 1 and row["waited_s"] >= 0
    assert row["end_renderer_cpu_s"] > 0 and row["end_driver_cpu_s"] > 0 and row["end_kernels"] >= 2
