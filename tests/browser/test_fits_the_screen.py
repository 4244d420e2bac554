"""Every app fits a 1080p projector and a 1366x768 laptop at every moment of a whole game.

Voila serves each game's seeded app and chromium plays it to its end by clicks (the choices of the
game's own browser test, whose seed reaches its busiest turns); after every click the page is
measured at 1920x1080 and at 1366x768: nothing may scroll but the log inside its own box (the
page's scroll height at most the window's, no sideways scroll), and no row's label may run into its
cards. The largest scroll heights are printed (run with -s); a Japanese Loop table with a revealed
8 is checked the same way.

Set CARDLIB_FITS_PICTURES=docs/fits to save pictures of each game at its busiest turn and at its
end at both sizes (docs/fits/<game>-<state>-<height>.png).
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from cardlib.games import REGISTRY
from tests.browser.mirror import LOAD_TIMEOUT, click, open_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((1920, 1080), (1366, 768))
APPS = {info.name: info for info in REGISTRY if info.app}  # every registered game with an app

# Voila scrolls its page inside #rendered_cells; after a resize, wait two frames for the layout to settle.
MEASURE = """async () => {
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const page = document.getElementById('rendered_cells') || document.scrollingElement;
  const whole = document.scrollingElement;
  const app = document.querySelector('.cl-app').getBoundingClientRect();
  return {height: Math.max(page.scrollHeight, whole.scrollHeight), window: page.clientHeight,
          needs: Math.ceil(app.bottom + page.scrollTop + parseFloat(getComputedStyle(page).paddingBottom)),
          width: Math.max(page.scrollWidth, whole.scrollWidth), across: page.clientWidth};
}"""

# A row's label and its first card: the label must end before the card (and its outline, if marked) begins.
OVERLAPS = """() => [...document.querySelectorAll('.cl-app .cl-row')].flatMap(row => {
  const label = row.querySelector(':scope > .cl-label'), card = row.querySelector('.cl-card');
  if (!label || !card) return [];
  const style = getComputedStyle(card);
  const outline = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const end = label.getBoundingClientRect().right - parseFloat(getComputedStyle(label).paddingRight), start = card.getBoundingClientRect().left - outline;
  return end > start + 0.5 || label.scrollWidth > label.clientWidth + 1 ? [label.textContent + ' runs into its cards'] : [];
})"""


def measure(page) -> dict[tuple[int, int], dict]:
    """The page's scroll size at each window size (the page is left at 1920x1080)."""
    seen = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        seen[(width, height)] = page.evaluate(MEASURE)
        assert page.evaluate(OVERLAPS) == [], (width, height)
    page.set_viewport_size({"width": 1920, "height": 1080})
    return seen


class Pictures:
    """Pictures of the page at both sizes, saved under CARDLIB_FITS_PICTURES (if set) as <name>-<height>.png."""

    def __init__(self) -> None:
        folder = os.environ.get("CARDLIB_FITS_PICTURES")
        self.folder = Path(folder) if folder else None

    def take(self, page, name: str) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(MEASURE)  # settled
            page.screenshot(path=str(self.folder / f"{name}-{height}.png"))
        page.set_viewport_size({"width": 1920, "height": 1080})


def worst_of(largest: dict, seen: dict, moment: str = "") -> bool:
    """Keep the largest scroll height (and the moment it was seen) and width at each size; whether it grew."""
    grew = False
    for size, found in seen.items():
        best = largest.setdefault(size, {"height": 0, "width": 0, "at": "", "needs": 0})
        if found["needs"] > best["needs"]:
            best["needs"], best["at"] = found["needs"], moment
        if found["height"] > best["height"]:
            best["height"], grew = found["height"], grew or found["height"] > size[1]
        best["width"] = max(best["width"], found["width"])
    return grew


def check_fits(game: str, largest: dict) -> None:
    """Print the largest scroll sizes, then require that none exceeds its window."""
    for (width, height), found in largest.items():
        print(f"{game} {width}x{height}: largest scroll height {found['height']} px, width {found['width']} px; "
              f"the app reaches {found['needs']} px at most (at {found['at']})")
    too_big = {size: found for size, found in largest.items() if found["height"] > size[1] or found["width"] > size[0]}
    assert not too_big, f"{game} scrolls: {too_big}"




def largest_table(game: str) -> int | None:
    """The most players the app's Players menu offers, when that is more than its usual table (else None)."""
    app = APPS[game].app_class()(seed=0)
    usual, menu = app.state.game.players, app.players_choice
    most = max(table.players for _, table in menu.options) if menu is not None else usual
    return most if most > usual else None


def served(game: str, options: dict) -> str:
    """The code of a one-cell notebook showing ``game``'s app made with ``options``."""
    module, name = APPS[game].app.split(":")
    return f"from {module} import {name}\n\n{name}(**{options!r})"


# Each game at its usual table, and at its largest where that differs (more seats to fit).
TABLES = [*((game, None) for game in APPS), *((game, largest_table(game)) for game in APPS if largest_table(game))]
COACHED = [game for game in APPS if APPS[game].app_class().COACH_TIP]  # the apps with a coach


def table_id(value) -> str:
    return "usual" if value is None else str(value)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=table_id)
def test_a_whole_game_fits_both_screens_at_every_moment(game, players, voila_serving, browser):
    played = importlib.import_module(f"tests.browser.test_{game}_browser")  # its seed and its player's choices
    app = APPS[game].app_class()
    options = {"seed": played.SEED, **({"players": players} if players else {})}
    url = voila_serving(served(game, options))
    game = f"{game}-{players}" if players else game
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.set_default_timeout(30_000)
    pictures, largest, busiest = Pictures(), {}, 0
    try:
        mirror = open_app(page, url, app(**options))
        while True:
            moment = f"click {len(mirror.state.history)}: {', '.join(b.description for b in mirror.action_buttons)}"
            if worst_of(largest, measure(page), moment[:120]):
                pictures.take(page, f"{game}-scrolls")  # a moment that does not fit, to look at
            shown = sum(1 for button in mirror.action_buttons if button.description)
            if shown > busiest and not mirror.state.is_over:
                busiest = shown
                pictures.take(page, f"{game}-busiest")
            if mirror.state.is_over:
                break
            click(page, mirror, played.newcomer(mirror))
        pictures.take(page, f"{game}-end")
    finally:
        context.close()
    check_fits(game, largest)


JAPANESE_LOOP = f"""import sys; sys.path.insert(0, {str(ROOT)!r})
from cardlib.loop import LoopApp
from tests.browser.test_loop_browser import SEED, declared, newcomer

english = LoopApp(seed=SEED)  # played by the Loop browser test's choices until you have revealed an 8 for donden
while True:
    obs = english.state.observation(english.human)
    if obs.reversed and obs.phase == "play" and declared(obs) and english.pending(obs) is None:
        break
    english.button(newcomer(english)).click()
app = LoopApp(seed=SEED, lang="ja")
app.resume(english.state.clone())
app"""


def test_a_japanese_loop_table_with_a_revealed_8_fits_and_its_labels_clear_the_cards(voila_serving, browser):
    url = voila_serving(JAPANESE_LOOP)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)  # the notebook plays moves first
        page.wait_for_selector(".lp-revealed", timeout=LOAD_TIMEOUT)
        assert "伏せたカード" in page.inner_text(".cl-app")
        for width, height in SIZES:  # the label whole on one line, not broken inside its word
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(MEASURE)
            lines = page.eval_on_selector_all(".lp-aside", """rows => rows.map(row => {
              const label = row.parentElement.querySelector('.cl-label'), style = getComputedStyle(label);
              return Math.round(label.getBoundingClientRect().height / parseFloat(style.fontSize)); })""")
            assert lines and max(lines) <= 2, (width, lines)  # one line: about 1.35 font sizes tall
        largest = {}
        worst_of(largest, measure(page))
        Pictures().take(page, "loop-japanese")
    finally:
        context.close()
    check_fits("loop (Japanese)", largest)


@pytest.mark.parametrize("game", COACHED)
def test_with_the_coach_open_the_table_the_buttons_and_the_scores_still_fit(game, voila_serving, browser):
    played = importlib.import_module(f"tests.browser.test_{game}_browser")
    url = voila_serving(served(game, {"seed": played.SEED}))
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)
        page.wait_for_selector(".cl-header[data-moment]", timeout=LOAD_TIMEOUT)
        page.locator(".cl-app button").filter(has_text="Coach").click()
        page.wait_for_selector(".cl-coach .cl-panel", timeout=30_000)  # the panel drawn: Discontinuity lists every take
        largest = {}
        worst_of(largest, measure(page))
        assert page.locator(".cl-scores").is_visible() and page.locator(".cl-coach .cl-panel").is_visible()
        Pictures().take(page, f"{game}-coach")
    finally:
        context.close()
    check_fits(f"{game} (coach open)", largest)
