"""bench/browser.py on one game, small: one `make app` start timed to a playable page and three clicks
timed to the updated table, the row it prints, and make, Voila and the kernels stopped afterwards."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from cardlib.games import REGISTRY

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

BENCH = Path(__file__).resolve().parents[2] / "bench" / "browser.py"


def load_bench():
    """bench/browser.py as a module (bench/ is no package; its name must not clash with tests.browser)."""
    spec = importlib.util.spec_from_file_location("bench_browser", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


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
