"""The reused buttons in a real browser: a burst of clicks sent before the page has drawn the answer to the
first (every enabled button of the older table, whose widgets then show other actions) applies the first
click only; the others reach the kernel and are refused as out of date, and the table plays on. A render's
marker reaches the page after the render's buttons: when the page shows it (and reports it, which lets the
buttons act again), every button already shows that render's label."""
from __future__ import annotations

import random

import pytest

from cardlib.discontinuity.app import DiscontinuityApp
from tests.browser.mirror import button, click, labels, moment, open_app, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 4  # Discontinuity: up to 16 buttons in 9 groups, most of them showing other takes after each click


@pytest.fixture(scope="module")
def discontinuity_url(voila_serving) -> str:
    return voila_serving(f"from cardlib.discontinuity.app import DiscontinuityApp\n\nDiscontinuityApp(seed={SEED})")


def test_a_burst_of_clicks_on_an_older_table_applies_only_the_first(discontinuity_url, page):
    mirror = open_app(page, discontinuity_url, DiscontinuityApp(seed=SEED))
    bursts = 0
    while bursts < 4 and not mirror.state.is_over:
        enabled = [b.description for b in mirror.action_buttons if not b.disabled]
        if len(enabled) < 2:  # a pause or a single choice: play on
            click(page, mirror, enabled[0])
            continue
        handles = [button(page, label).element_handle() for label in enabled]
        # all sent in one task of the page, before it can hear back: only the first is of the table shown
        page.evaluate("buttons => buttons.forEach(button => button.click())", handles)
        mirror.button(enabled[0]).click()
        wait_settled(page, mirror)  # the page shows what one click gives: no other click acted
        assert "out of date" in page.inner_text(".cl-message")
        assert moment(mirror) == page.get_attribute(".cl-header", "data-moment")
        bursts += 1
        if mirror.state.is_over:
            break
        click(page, mirror, next(b.description for b in mirror.action_buttons if not b.disabled))
        assert page.query_selector(".cl-message") is None  # the buttons of the table drawn act again
    assert bursts == 4, labels(mirror)


# Each time a new marker is in the page, the labels its buttons show at that moment (a mutation observer
# runs before the page handles any later message of the kernel; the marker's class may come after its element).
WATCH_MARKERS = """() => {
  window.clAtMarker = [];
  let last = document.querySelector('.cl-shown');
  new MutationObserver(() => {
    const marker = document.querySelector('.cl-shown');
    if (marker === null || marker === last) return;
    last = marker;
    window.clAtMarker.push([...document.querySelectorAll('.cl-controls button')].map(b => b.textContent.trim()));
  }).observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true});
}"""


def test_the_page_shows_a_renders_marker_only_once_its_buttons_show_that_render(discontinuity_url, page):
    mirror = open_app(page, discontinuity_url, DiscontinuityApp(seed=SEED))
    page.evaluate(WATCH_MARKERS)
    rng, expected = random.Random(SEED), []
    while len(expected) < 12 and not mirror.state.is_over:
        click(page, mirror, rng.choice([b.description for b in mirror.action_buttons if not b.disabled]))
        expected.append(labels(mirror))
    assert page.evaluate("() => window.clAtMarker") == expected
    assert len({tuple(shown) for shown in expected}) > 6  # the buttons showed other labels from click to click
