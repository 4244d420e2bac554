"""The reused buttons (cardlib/ui/buttons.py): a spare button leaves the page's box and keeps its last
look, which the seat was shown before; ``check_spare_buttons_hidden`` fails on any other spare look or on
a spare button left in the box, and a click sends only the looks that changed."""
from __future__ import annotations

import random

import pytest

import cardlib.ui.testing as ui
from cardlib.discontinuity.app import DiscontinuityApp
from cardlib.scout.app import ScoutApp

SEED = 4  # Discontinuity: up to 16 buttons in 9 groups, fewer on other turns: spare buttons and rows


def played(app, clicks: int, seed: int = 1):
    """``app`` after ``clicks`` random clicks, checking its spare buttons after each one."""
    rng = random.Random(seed)
    for _ in range(clicks):
        if app.state.is_over:
            ui.new_game(app)
        app.button(ui.random_click(app, rng)).click()
        ui.check_spare_buttons_hidden(app)
    return app


@pytest.mark.parametrize("make", [lambda: DiscontinuityApp(seed=SEED), lambda: ScoutApp(seed=SEED)],
                         ids=["discontinuity", "scout"])
def test_spare_buttons_leave_the_box_and_keep_a_look_the_seat_was_shown(make):
    app = played(make(), 60)
    assert any(b not in app.action_buttons and b.description for b in app._controls_box._pool), \
        "no spare button kept a look: the check was never put to the test"


def spare(app):
    """A spare button of ``app`` after a game's first clicks (one that keeps a look)."""
    for _ in range(200):
        spares = [b for b in app._controls_box._pool if b not in app.action_buttons and b.description]
        if spares:
            return spares[0]
        played(app, 1, seed=len(app._controls_box._pool))
    raise AssertionError("no spare button in 200 clicks")


def test_a_spare_button_naming_a_card_never_shown_fails_the_check():
    app = played(DiscontinuityApp(seed=SEED), 10)
    hidden = app.state._deck[-1]  # the deck's top card: nobody sees it
    spare(app).description = f"take {hidden} from the deck"
    with pytest.raises(AssertionError, match="never shown"):
        ui.check_spare_buttons_hidden(app)


def test_a_spare_button_left_in_the_box_fails_the_check():
    app = played(DiscontinuityApp(seed=SEED), 10)
    button = spare(app)
    box = app._controls
    target = box.children[0] if box.children and box.children[0] in app._controls_box._rows else None
    if target is not None:
        target.children = (*target.children, button)
    else:
        box.children = (*box.children, button)
    with pytest.raises(AssertionError):
        ui.check_spare_buttons_hidden(app)


def test_a_spare_row_with_a_heading_never_shown_fails_the_check():
    app = played(DiscontinuityApp(seed=SEED), 30)
    rows = [row for row in app._controls_box._rows if row not in app._controls.children]
    if not rows:
        pytest.skip("no spare row after 30 clicks of this seed")
    rows[0].children[0].value = "<div>a heading nobody was shown</div>"
    with pytest.raises(AssertionError, match="never shown"):
        ui.check_spare_buttons_hidden(app)
