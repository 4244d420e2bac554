"""What the browser tests of every game's app share: the page and its mirror.

The page is the app Voila serves; the mirror is the same seeded app built in this process. Each
click goes to both, and the test waits until the page shows what the mirror shows now.
"""
from __future__ import annotations

import os
import re
from collections import Counter

from cardlib.ui.app import ordinal

MOMENT = re.compile(r'data-moment="([^"]+)"')
LOAD_TIMEOUT = 180_000  # ms for Voila to start a kernel and run the notebook (an event wait: a bound for a loaded machine)

# A render updates the buttons in place, then puts a new marker (.cl-shown) beside them, and the page
# applies the kernel's messages in order: once the marker seen before the click has left and a new one
# is in, the page has applied the click's render. Then the header must say the expected moment and
# the expected buttons must be shown.
SETTLED = """([moment, labels, old]) => {
  const header = document.querySelector('.cl-header');
  const marker = document.querySelector('.cl-shown');
  const shown = [...document.querySelectorAll('.cl-controls button')].map(b => b.textContent.trim());
  return header !== null && header.dataset.moment === moment && marker !== null && marker !== old
    && (old === null || !old.isConnected) && JSON.stringify(shown) === JSON.stringify(labels);
}"""


def moment(app) -> str:
    """The marker the app's header carries for this moment of the game."""
    return MOMENT.search(app._header.value).group(1)


def labels(app) -> list[str]:
    """The labels of the app's action buttons, in order."""
    return [b.description for b in app.action_buttons]


def button(page, label: str):
    """The app's button with exactly this label (an icon's glyph is not part of its text)."""
    return page.locator(".cl-app button").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def marker(page):
    """The marker of the render the page shows now (None before the first)."""
    return page.query_selector(".cl-shown")


def wait_settled(page, mirror, old=None) -> None:
    """Wait until the page shows the mirror's moment and buttons, and a render after the one whose
    marker was ``old`` (see ``marker``; None: any render)."""
    page.wait_for_function(SETTLED, arg=[moment(mirror), labels(mirror), old], timeout=60_000)


def open_app(page, url: str, mirror):
    """Load the served app and wait until it shows what the freshly built mirror shows; returns the mirror."""
    page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)  # Voila streams the whole notebook first
    page.wait_for_selector(".cl-header[data-moment]", timeout=LOAD_TIMEOUT)
    wait_settled(page, mirror)
    return mirror


def click(page, mirror, label: str) -> None:
    """Click ``label`` in the browser and on the mirror app, then wait for the page to catch up."""
    old = marker(page)
    button(page, label).click()
    mirror.button(label).click()
    assert mirror.message == "", mirror.message
    wait_settled(page, mirror, old)


def double_click(page, mirror, label: str) -> None:
    """Two clicks on one button before the first answer: the second must be refused as out of date."""
    handle = button(page, label).element_handle()
    # both in one page task: a button now stays in place between renders, so a second click sent after the
    # page drew the first one's answer would be a fair click on the new table (as a loaded machine showed)
    handle.evaluate("button => { button.click(); button.click(); }")
    mirror.button(label).click()
    wait_settled(page, mirror)
    message = page.query_selector(".cl-message")
    if message is not None:  # the second click reached the kernel before the buttons were replaced
        assert "out of date" in message.inner_text()


def page_values(page, selector: str, attribute: str) -> Counter:
    """How often each whole number stands in the ``data-<attribute>`` of the elements ``selector`` finds."""
    return Counter(int(v) for v in page.eval_on_selector_all(selector, f"els => els.map(e => e.dataset.{attribute})"))


def play_to_the_end(page, mirror, choose, look, limit: int) -> list[str]:
    """Click ``choose(mirror)`` on page and mirror until the game is over, calling ``look(page, mirror)``
    before every click and at the end; returns the labels clicked."""
    clicked = []
    while not mirror.state.is_over:
        look(page, mirror)
        clicked.append(choose(mirror))
        click(page, mirror, clicked[-1])
        assert len(clicked) < limit, "the game should end long before this"
    look(page, mirror)
    return clicked


class Picture:
    """A screenshot of the app, saved once where the environment variable ``name`` says (if set)."""

    def __init__(self, name: str) -> None:
        self.path = os.environ.get(name)

    def take(self, page, when: bool, height: int = 900) -> None:
        """Save the picture now if ``when`` and not yet saved; ``height`` of the view (Voila paints only what is in it)."""
        if not self.path or not when:
            return
        page.set_viewport_size({"width": 1100, "height": height})
        page.locator(".cl-app").screenshot(path=self.path)
        page.set_viewport_size({"width": 1100, "height": 900})
        self.path = None


def check_final_places(page, mirror) -> None:
    """The page says the game is over and every place, as the rules' result has them."""
    final, standing = mirror.state.result(), page.inner_text(".cl-prompt")
    assert "Game over" in standing
    for seat, place in enumerate(final.places):
        assert f"{ordinal(place)} {mirror.names(seat)} ({mirror.total_text(final.scores[seat])})" in standing
