"""What the kernel tests of every game's app share: the widgets as they would be synced to a page,
the seats and bots at the table, the "Players" menu's hint, and clicks that must change nothing."""
from __future__ import annotations

import re
from collections.abc import Callable

import ipywidgets as widgets

from cardlib.core.testing import snapshot
from cardlib.ui import STALE

SEAT_BOX = re.compile(r'<div class="cl-seat[^"]*" data-seat="(\d+)">')


def widget_tree(widget: widgets.Widget):
    """Every synced value of a widget and of all the widgets it holds (children, layout, style)."""
    state = {}
    for key, value in widget.get_state().items():
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            state[key] = widget_tree(getattr(widget, key))
        elif isinstance(value, (list, tuple)) and value and all(
                isinstance(v, str) and v.startswith("IPY_MODEL_") for v in value):
            state[key] = [widget_tree(child) for child in getattr(widget, key)]
        else:
            state[key] = value
    return type(widget).__name__, sorted(state.items(), key=lambda item: item[0])


def seats_shown(app) -> list[int]:
    """The seats whose box is on the table, in the order shown."""
    return [int(seat) for seat in SEAT_BOX.findall(app._table.value)]


def bots(agents) -> list:
    """What makes a bot what it is: its class and its settings."""
    return [(type(agent), vars(agent)) for agent in agents]


def menu_shows_the_table_in_play(app) -> bool:
    """No hint beside the "Players" menu, and a plain "New game": the menu names the game in play."""
    return app.table_hint == "" and app._choice_hint.value == "" and app.button("New game").button_style == ""


def check_menu_names_the_game_in_play(app, label: str) -> None:
    """The "Players" menu shows ``label``, the table of the game in play, beside a plain "New game"."""
    menu = app.players_choice
    assert menu.label == label and menu.value == app.state.game == app.next_table
    assert menu_shows_the_table_in_play(app)
    beside = app.children[1].children[-1].children  # the header row ends: menu, hint, "New game"
    assert beside[0] is menu and beside[-1].description == "New game"


def check_choice_waits_for_new_game(app, label: str) -> None:
    """Choosing ``label`` in the "Players" menu leaves the game in progress as it is; a hint says when it counts."""
    before, table, buttons = snapshot(app.state), app._table.value, [b.description for b in app.action_buttons]
    game = app.state.game
    app.players_choice.label = label
    assert snapshot(app.state) == before and app._table.value == table  # the game in progress goes on
    assert [b.description for b in app.action_buttons] == buttons and app.state.game == game
    assert app.table_hint == "for the next game: press" and "for the next game" in app._choice_hint.value
    assert app.button("New game").button_style == "primary"


def click_refused(app, button: widgets.Button) -> str:
    """Click ``button``; the game and every widget but the message stay as they were. Returns the message."""
    before, tree = snapshot(app.state), widget_tree(app)
    button.click()  # a click that reaches the kernel anyway
    message = app.message
    assert snapshot(app.state) == before
    app.show_message("")
    assert widget_tree(app) == tree
    return message


def check_stale_button(app, button: widgets.Button) -> None:
    """A button clicked once acts; clicked again, its turn is over: a message, and nothing changes."""
    button.click()
    assert app.message == ""
    assert click_refused(app, button) == STALE  # the button of a turn that is over


def check_seeded_twins_agree(one, two, choose: Callable, rng_one, rng_two, clicks: int) -> None:
    """Two apps of one seed, clicked alike, show the same widgets at every step and play the same game."""
    for _ in range(clicks):
        assert widget_tree(one) == widget_tree(two)
        if one.state.is_over:
            break
        one.button(choose(one, rng_one)).click()
        two.button(choose(two, rng_two)).click()
    assert one.state.history == two.state.history
