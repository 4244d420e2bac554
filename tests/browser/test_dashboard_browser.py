"""The teacher's dashboard in Debian's chromium: a projector's 1920x1080 (and a laptop's 1366x768), refreshing
by itself as rounds land, the names toggle kept across refreshes, a hostile name shown as text.

The class database is SQLite here (the page reads it through the same ``ClassDB`` whose SQLite and PostgreSQL
halves tests/test_dashboard.py checks). CARDLIB_DASHBOARD_PICTURES=folder keeps the screenshots there.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardlib.core.classdb import ClassDB
from cardlib.games import REGISTRY
from cardlib.ui.dashboard import REFRESH_SECONDS, serve
from tests.test_dashboard import HOSTILE, load_samples

pytestmark = pytest.mark.browser

WAIT_MS = 60_000  # a loaded machine is slow, not broken; a refresh is due every REFRESH_SECONDS


def test_the_dashboard_fills_a_projector_and_refreshes_by_itself(browser: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    pictures = Path(os.environ.get("CARDLIB_DASHBOARD_PICTURES") or tmp_path)
    pictures.mkdir(parents=True, exist_ok=True)
    db = ClassDB(url)
    db.open_class("KATSU")
    load_samples(db, "KATSU")
    server = serve(url, "KATSU", 0)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    alerts: list[str] = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.locator("td.who").nth(5).wait_for()  # a slow first read says so, and the students come at a refresh
        assert page.locator("td.who").all_inner_texts() == [f"Student {n}" for n in range(1, 7)]
        # a figure still being drawn on a loaded machine says so and comes at a later refresh (dashboard.COMPUTING)
        page.wait_for_function(f"() => document.querySelectorAll('section.game svg').length === {len(REGISTRY)}",
                               timeout=WAIT_MS + REFRESH_SECONDS * 1000)
        assert page.locator("section.game").count() == len(REGISTRY)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1920, f"the page is {width} px wide on a 1920 px screen"
        page.screenshot(path=str(pictures / "dashboard-1080.png"))
        page.screenshot(path=str(pictures / "dashboard-whole.png"), full_page=True)
        page.set_viewport_size({"width": 1366, "height": 768})
        assert page.evaluate("document.documentElement.scrollWidth") <= 1366
        page.screenshot(path=str(pictures / "dashboard-768.png"))
        page.set_viewport_size({"width": 1920, "height": 1080})

        page.evaluate("window.stayed = true")  # gone if the page were loaded again instead of refreshed
        row = json.loads(db.class_data("KATSU")["loop"].drop(columns="file").head(1).to_json(orient="records"))[0]
        db.join("KATSU", "Fay")
        db.add_round("KATSU", "Fay", "loop", "bots", row["seat"], [row], key="fay-1")
        page.locator("td.who", has_text="Student 7").wait_for()
        assert page.locator("td.who").nth(6).evaluate("e => e.nextElementSibling.textContent") == "1"
        assert page.evaluate("window.stayed") is True

        page.get_by_role("link", name="Show names").click()
        page.locator("td.who", has_text="Fay").wait_for()
        assert page.locator("td.who").nth(1).inner_text() == HOSTILE  # as text: no image, no script
        assert page.locator("#live img").count() == 0
        before = page.evaluate("document.getElementById('live').dataset.refreshed || '0'")
        page.wait_for_function("before => (document.getElementById('live').dataset.refreshed || '0') !== before",
                               arg=before, timeout=WAIT_MS + REFRESH_SECONDS * 1000)
        assert page.locator("td.who").first.inner_text() == "Ana"  # still shown after a refresh
        assert alerts == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
        db.close()
