"""A class's files made by playing: every game played by clicks in its real app through Voila, each page's
CSV downloaded, and the class notebook run top to bottom on that folder."""
from __future__ import annotations

import csv
import io
import random
import re

import pytest

from cardlib.core.classroom import read_class_files
from cardlib.games import REGISTRY
from tests.browser.mirror import click, open_app
from tests.notebooks.test_classroom_notebook import run_classroom

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 2026
CLICKS = 800  # a round of any game ends long before this
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def play_and_download(page, url: str, app_class, folder, rng: random.Random) -> str:
    """Click random legal buttons on the page (and its mirror) until a round is recorded, then download the
    page's CSV into ``folder``; returns the text saved."""
    mirror = open_app(page, url, app_class(seed=SEED))
    for _ in range(CLICKS):
        if mirror.records.rows and not mirror.game_in_progress or mirror.state.is_over:
            break
        click(page, mirror, rng.choice([b.description for b in mirror.action_buttons if not b.disabled]))
    assert mirror.records.rows, "a finished round should be recorded long before this"
    with page.expect_download() as waiting:
        page.locator(".cl-download-link").click()
    saved = folder / waiting.value.suggested_filename
    waiting.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert text == mirror.records.csv_text()
    return text


def test_games_played_in_the_browser_make_files_the_class_notebook_reads(voila_serving, page, tmp_path, monkeypatch):
    folder = tmp_path / "class"
    folder.mkdir()
    rng = random.Random(SEED)
    for line in REGISTRY:
        module, name = line.app.split(":")
        url = voila_serving(f"from {module} import {name}\n\n{name}(seed={SEED})")
        text = play_and_download(page, url, line.app_class(), folder, rng)
        cells = [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]
        formulas = [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not NUMBER.fullmatch(cell)]
        assert formulas == [], f"{line.name}: cells a spreadsheet reads as a formula: {formulas[:3]}"
    data = read_class_files(folder)
    assert data.skipped == [] and sorted(data.tables) == sorted(line.name for line in REGISTRY), data.summary()
    shown = run_classroom(folder, monkeypatch)
    for line in REGISTRY:
        assert f"{line.name}: {len(data[line.name])} rows from 1 files" in shown
