"""The classroom in a real browser: `make app` (which calls `cardlib app`) on a 1080p projector with Font
Awesome served by Voila itself, a Japanese table played by clicks, the class record downloaded from the page,
and the guard that fails any test whose page asks the internet for anything.

Set CARDLIB_PROJECTOR_SCREENSHOT=docs/projector.png (CARDLIB_JAPANESE_SCREENSHOT=docs/japanese.png) to save
a picture of the projector page (the Japanese table) on the way.
"""
from __future__ import annotations

import os
import random
import subprocess
import time
from pathlib import Path

import pytest

from cardlib.core.classroom import read_class_files
from cardlib.twentyfive.app import TwentyFiveApp
from cardlib.ui.words import is_japanese
from tests.browser.conftest import free_port, is_local, stop, wait_until_serving
from tests.browser.mirror import LOAD_TIMEOUT, button, click, labels, open_app, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
SEED = 2026
# Voila culls a kernel idle this long without a page: long enough that a page on a loaded machine has
# connected to its new kernel first (culling never races the first connection), short enough to wait for.
CULL_IDLE = 20
# What the page's Font Awesome icons use, and whether each of its faces has loaded (none from a CDN).
ICON_FONT = """async () => {
  await document.fonts.ready;
  const icon = document.querySelector('.cl-app button i.fa');
  return {family: icon && getComputedStyle(icon).fontFamily,
          faces: [...document.fonts].filter(f => f.family.includes('Font Awesome')).map(f => f.status)};
}"""


def kernels(make: int) -> list[int]:
    """The kernels Voila runs under the `make app` process ``make`` (make -> [sh ->] voila -> kernels)."""
    table = subprocess.run(["ps", "-eo", "pid=,ppid=,args="], capture_output=True, text=True).stdout
    rows = [line.split(None, 2) for line in table.splitlines() if len(line.split(None, 2)) == 3]
    children: dict[int, list[tuple[int, str]]] = {}
    for pid, ppid, args in rows:
        children.setdefault(int(ppid), []).append((int(pid), args))
    found, todo = [], [make]
    while todo:  # every process below make
        for pid, args in children.get(todo.pop(), []):
            found.append((pid, args))
            todo.append(pid)
    return sorted(pid for pid, args in found if "ipykernel" in args)


def wait_for(condition, timeout: float, what: str) -> None:
    """Poll ``condition()`` until it is true; fail saying ``what`` did not happen in time (a bound, not a clock)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    pytest.fail(f"{what} within {timeout:.0f} s")


@pytest.fixture
def make_app(tmp_path):
    """`make app GAME=twentyfive SEED=2026` on a free port, culling a kernel idle CULL_IDLE s without a page."""
    port, log = free_port(), tmp_path / "make-app.log"
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    command = ["make", "-s", "app", "GAME=twentyfive", f"SEED={SEED}", f"PORT={port}", f"CULL_IDLE={CULL_IDLE}",
               "CULL_EVERY=1"]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(url, process, log)  # asks for no page: no kernel starts before the test's own
        yield url, process
    finally:
        stop(process)


def test_make_app_fills_a_1080p_projector_deals_its_seed_and_culls_the_kernel_of_a_reloaded_page(browser, make_app):
    url, process = make_app
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        mirror = open_app(page, url, TwentyFiveApp(seed=SEED))  # the page deals what a seeded app deals
        width = page.eval_on_selector(".cl-app", "e => e.getBoundingClientRect().width")
        title = page.eval_on_selector(".cl-title", "e => parseFloat(getComputedStyle(e).fontSize)")
        card = page.eval_on_selector(".cl-card", "e => e.getBoundingClientRect().height")
        assert width > 1700, f"the app is {width:.0f} px wide on a 1920 px screen"
        scale = title / 20  # the design's 20 px title and 42 px cards grow together on a projector
        assert scale > 1.2 and abs(card / 42 - scale) < 0.05, (title, card)
        font = page.evaluate(ICON_FONT)  # Voila's own copy of Font Awesome, the CDN's never asked for
        assert "Font Awesome 5 Free" in font["family"] and font["faces"] and "error" not in font["faces"], font
        assert "loaded" in font["faces"], font
        shot = os.environ.get("CARDLIB_PROJECTOR_SCREENSHOT")
        if shot:
            page.screenshot(path=shot)
        wait_for(lambda: len(kernels(process.pid)) == 1, 60, "one kernel for one page")
        first = kernels(process.pid)

        while not mirror.game_in_progress:  # a move of yours: now "New game" asks first
            click(page, mirror, next(b.description for b in mirror.action_buttons if not b.disabled))
        button(page, "New game").click()
        page.wait_for_selector(".cl-confirm >> text=Start a new game?", state="visible")
        button(page, "Keep playing").click()
        page.wait_for_selector(".cl-confirm", state="hidden")
        assert labels(mirror) == [b.strip() for b in page.locator(".cl-controls button").all_inner_texts()]

        page.reload(wait_until="domcontentloaded")  # one new kernel (open_app would load the page once more)
        page.wait_for_selector(".cl-header[data-moment]", timeout=LOAD_TIMEOUT)
        mirror = TwentyFiveApp(seed=SEED)
        wait_settled(page, mirror)  # the same seed deals the same game again
        wait_for(lambda: first[0] not in kernels(process.pid), CULL_IDLE + 180,
                 "Voila did not cull the kernel of the reloaded page")
        assert len(kernels(process.pid)) == 1, "the reloaded page's own kernel was culled too"
        click(page, mirror, next(b.description for b in mirror.action_buttons if not b.disabled))  # and it plays
    finally:
        context.close()


def test_the_guard_aborts_and_records_a_request_that_would_leave_the_machine(browser):
    context = browser.new_context()
    try:
        tab = context.new_page()
        failed = []
        tab.on("requestfailed", lambda request: failed.append(request.url))
        with tab.expect_event("requestfailed"):
            tab.set_content('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/x.css">')
    finally:
        context.close()
    recorded, browser.outside[:] = list(browser.outside), []  # this test's own request: the teardown passes
    assert recorded == failed == ["https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/x.css"]
    assert not is_local(recorded[0]) and is_local("http://localhost:8866/") and is_local("http://[::1]:8866/")


def test_a_japanese_table_is_played_by_clicks_and_its_record_downloaded(voila_serving, page, tmp_path):
    url = voila_serving(f"from cardlib.twentyfive.app import TwentyFiveApp\n\nTwentyFiveApp(seed={SEED}, lang='ja')")
    mirror = open_app(page, url, TwentyFiveApp(seed=SEED, lang="ja"))
    rng = random.Random(SEED)
    shot = os.environ.get("CARDLIB_JAPANESE_SCREENSHOT")
    for clicks in range(400):
        if mirror.state.is_over:
            break
        shown = page.locator(".cl-app button").all_inner_texts()
        assert all(is_japanese(text) or text.strip().isdigit() for text in shown if text.strip()), shown
        if shot and clicks == 12:
            page.locator(".cl-app").screenshot(path=shot)
        click(page, mirror, rng.choice([b.description for b in mirror.action_buttons if not b.disabled]))
    assert mirror.state.is_over, "the game should end long before 400 clicks"
    assert is_japanese(page.inner_text(".cl-prompt"))
    with page.expect_download() as waiting:
        page.locator(".cl-download-link").click()
    download = waiting.value
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.read_text() == mirror.records.csv_text()
    pooled = read_class_files(tmp_path.glob("*.csv"), game="twentyfive")
    assert pooled.skipped == [] and len(pooled["twentyfive"]) == len(mirror.records.rows) > 0
