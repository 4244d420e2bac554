"""cardlib's light page frontend (the cardlib template, built from frontend/) against Voila's own (cardlib-voila):
the same deal drawn the same, one script instead of Voila's 77, and a page whose kernel is killed says so and
comes back with a reload."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.browser.conftest import start_voila, stop

pytestmark = pytest.mark.browser

SEED = 7
APP = f"from cardlib.loop import LoopApp\n\nLoopApp(seed={SEED})"
READY = ".cl-app .cl-header[data-moment]"
# Where each part of the app stands and what it says, to compare two pages drawing the same deal.
LAYOUT = """() => [...document.querySelectorAll(
    '.cl-app, .cl-header, .cl-seat, .cl-card, .cl-app button, .cl-app select, .cl-scores, .cl-log')].map(e => {
  const r = e.getBoundingClientRect();
  return [e.tagName, e.className.split(' ').filter(c => c.startsWith('cl-') || c.startsWith('mod-')).join(' '),
          Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height), e.innerText.trim().slice(0, 40)];
})"""


def serve(folder: Path, frontend: str) -> tuple[str, subprocess.Popen]:
    """Voila serving the Loop app (seed 7) with ``frontend``'s template, as `cardlib app --frontend` does."""
    folder.mkdir()
    return start_voila(folder, APP, frontend)


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """The light page's and Voila's page's URLs, each its own Voila."""
    started = {}
    try:
        for frontend in ("light", "voila"):
            started[frontend] = serve(tmp_path_factory.mktemp("light") / frontend, frontend)
        yield {frontend: url for frontend, (url, _) in started.items()}
    finally:
        for _, process in started.values():
            stop(process)


def open_page(browser, url: str, width: int = 1366, height: int = 768):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(90_000)
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None)
    page.goto(url)
    page.wait_for_selector(READY)
    page.wait_for_selector(".cl-app button:not([disabled])")
    page.evaluate("document.fonts.ready")
    return page, scripts


@pytest.mark.parametrize("width, height", [(1366, 768), (1920, 1080)])
def test_the_light_page_draws_the_deal_as_voilas_frontend_does(browser, servers, width, height, tmp_path):
    light, light_scripts = open_page(browser, servers["light"], width, height)
    voila, voila_scripts = open_page(browser, servers["voila"], width, height)
    try:
        drawn_light, drawn_voila = light.evaluate(LAYOUT), voila.evaluate(LAYOUT)
        assert len(drawn_light) > 30, drawn_light
        assert drawn_light == drawn_voila  # every part at the same place, the same size, saying the same
        if os.environ.get("CARDLIB_SCREENSHOTS"):
            light.screenshot(path=str(tmp_path / f"light-{width}.png"))
            voila.screenshot(path=str(tmp_path / f"voila-{width}.png"))
    finally:
        light.context.close()
        voila.context.close()
    assert [url.split("?")[0].rsplit("/", 1)[-1] for url in light_scripts] == ["cardlib-page.js"]
    assert len(voila_scripts) > 30  # Voila's frontend: its bundle and JupyterLab's, in many files


def kernel_pid(kernel: str) -> int:
    """The process of the kernel whose connection file names ``kernel``."""
    found = subprocess.run(["pgrep", "-f", f"kernel-{kernel}.json"], capture_output=True, text=True).stdout.split()
    assert len(found) == 1, found
    return int(found[0])


def test_a_page_whose_kernel_is_killed_says_so_and_a_reload_brings_it_back(browser, servers):
    page, _ = open_page(browser, servers["light"])
    try:
        assert page.query_selector(".cl-lost") is None
        kernel = json.loads(page.eval_on_selector("#jupyter-config-data", "e => e.textContent"))["kernelId"]
        os.kill(kernel_pid(kernel), signal.SIGKILL)
        page.wait_for_selector(".cl-lost", state="visible")
        said = page.inner_text(".cl-lost")
        assert "lost its connection to the server" in said and "Reload" in said, said
        page.click(".cl-lost button")  # Reload: a new kernel, a playable page
        page.wait_for_selector(".cl-app button:not([disabled])")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and page.query_selector(".cl-lost") is None:
            time.sleep(0.5)
        assert page.query_selector(".cl-lost") is None
        page.click(".cl-app button:not([disabled])")  # and it answers a click
        page.wait_for_selector(".cl-log")
    finally:
        page.context.close()
