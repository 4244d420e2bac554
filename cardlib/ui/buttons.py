"""The buttons of a turn, drawn again at every render from the same button widgets.

A render used to make new buttons and close the old ones (the page then loaded a widget for every
button, group heading and row at every click). ``ControlsBox`` keeps a pool of buttons and of group
rows and writes each render's labels, tooltips and styles into them; a button no control needs is
blanked (no label, no tooltip: nothing of an earlier table stays on the page) and leaves the page.

A reused button must still refuse a click aimed at what it showed before. The page says which
controls it shows: each render puts its buttons in a new, empty-handed box whose view count the page
reports (ipywidgets' ``_view_count``) in the same step that puts the new buttons on screen, and
clicks travel to the kernel in the order the page sends them. A click that reaches the kernel
before the page has reported the box of the current render left an older table: it is refused as
stale. A kernel without any page (a test, a script) has no older table to refuse.

>>> box = ControlsBox(lambda work: work(), lambda: None)
>>> done = []
>>> box.show([_Demo("Draw", lambda: done.append("draw"))])
>>> [b.description for b in box.buttons], box.generation
(['Draw'], 1)
>>> box.buttons[0].click(); done
['draw']
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Optional

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from cardlib.ui.style import px

Work = Callable[[], None]


@dataclass(frozen=True)
class _Demo:
    """A control as ``ControlsBox.show`` reads it (``cardlib.ui.frame.Control`` is the real one)."""

    label: str
    on_click: Work
    tooltip: str = ""
    disabled: bool = False
    style: str = ""
    group: str = ""


class ControlsBox:
    """The place of the turn's buttons on the page (``widget``), its buttons reused between renders.

    ``act(work)`` runs a click's work; ``refuse()`` answers a stale click. ``buttons`` are the buttons
    shown now, in the order of the controls given to ``show``.
    """

    def __init__(self, act: Callable[[Work], None], refuse: Work) -> None:
        self._act, self._refuse = act, refuse
        self.widget = widgets.VBox(layout=widgets.Layout(min_height=px(36)))
        self.widget.add_class("cl-controls-place")
        # one Layout and one ButtonStyle serve every button; a row's heading and its row share theirs too
        self._button_layout = widgets.Layout(width="auto", min_width=px(96))
        self._button_style = widgets.ButtonStyle()
        self._heading_layout = widgets.Layout(flex=f"0 1 {px(190)}", min_width=px(120))
        self._heading_style = HTMLStyle()
        self._row_layout = widgets.Layout(flex=f"1 1 {px(420)}", align_items="center", flex_flow="row wrap")
        self._box_layouts = {False: widgets.Layout(), True: widgets.Layout(flex_flow="row wrap")}
        self._pool: list[widgets.Button] = []
        self._rows: list[widgets.HBox] = []
        self._work: dict[widgets.Button, Work] = {}  # the click's work of each button shown now
        self.buttons: list[widgets.Button] = []
        self.box: Optional[widgets.HBox] = None  # this render's box of rows (or of buttons)
        self.generation = 0  # one more at every render
        self._seen = 0  # the newest render whose box the page has shown
        self._page = False  # whether any page has ever shown a box (a kernel alone never has)

    @property
    def current(self) -> bool:
        """Whether a click now comes from the buttons of this render (always, with no page)."""
        return not self._page or self._seen == self.generation

    def show(self, controls: Sequence[Any]) -> None:
        """Put the buttons of ``controls`` on the page (label, tooltip, disabled, style, group, on_click)."""
        self.generation += 1
        while len(self._pool) < len(controls):
            button = widgets.Button(layout=self._button_layout, style=self._button_style)
            button.on_click(self._clicked)
            self._pool.append(button)
        shown, spare = self._pool[:len(controls)], self._pool[len(controls):]
        for button, control in zip(shown, controls):
            with button.hold_sync():  # one message a button, and only for what changed
                button.description, button.tooltip = control.label, control.tooltip
                button.disabled, button.button_style = control.disabled, control.style
        for button in spare:
            _blank(button)
        self.buttons = shown
        self._work = {button: control.on_click for button, control in zip(shown, controls)}
        grouped = any(control.group for control in controls)
        rows = self._grouped(controls if grouped else (), shown)
        self._replace_box(rows if grouped else shown, grouped)

    def _grouped(self, controls: Sequence[Any], buttons: list[widgets.Button]) -> list[widgets.HBox]:
        """One boxed row per group heading, in the order the groups first appear; the spare rows blanked."""
        groups: dict[str, list[widgets.Button]] = {}
        for control, button in zip(controls, buttons):
            groups.setdefault(control.group, []).append(button)
        while len(self._rows) < len(groups):
            row = widgets.HBox([widgets.HTML(layout=self._heading_layout, style=self._heading_style)], layout=self._row_layout)
            row.add_class("cl-controls-group")
            self._rows.append(row)
        for row, (heading, members) in zip(self._rows, groups.items()):
            label = row.children[0]
            label.value = f'<div class="cl-controls-label">{heading}</div>'
            if list(row.children[1:]) != members:
                row.children = (label, *members)
        for row in self._rows[len(groups):]:  # spare rows: no heading, no buttons
            row.children[0].value = ""
            if len(row.children) > 1:
                row.children = row.children[:1]
        return self._rows[:len(groups)]

    def _replace_box(self, children: Sequence[widgets.Widget], grouped: bool) -> None:
        """A new box for this render's buttons (the only widget a render makes); the page reports showing it."""
        box = widgets.HBox(children, layout=self._box_layouts[grouped], _view_count=0)
        box.add_class("cl-controls")
        generation = self.generation
        box.observe(lambda change: self._shown(generation, change["new"]), names="_view_count")
        old, self.box = self.box, box
        if old is not None:
            old._view_count = None  # the page no longer counts the old box's views: it says nothing as it leaves
        self.widget.children = (box,)  # after the buttons' new labels: the page shows them in the new box
        if old is not None:
            old.close()  # the box only: its buttons and rows are reused

    def _shown(self, generation: int, views: Optional[int]) -> None:
        if views:
            self._page = True
            self._seen = max(self._seen, generation)

    def _clicked(self, button: widgets.Button) -> None:
        work = self._work.get(button)
        if work is None or not self.current:
            self._refuse()
        else:
            self._act(work)


def _blank(button: widgets.Button) -> None:
    """A spare button: nothing of an earlier table on it."""
    with button.hold_sync():
        button.description, button.tooltip, button.disabled, button.button_style = "", "", True, ""
