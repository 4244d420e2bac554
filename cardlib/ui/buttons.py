"""The buttons of a turn, drawn again at every render from the same button widgets, in the same box.

A render used to make new buttons and close the old ones (the page then loaded a widget for every
button, group heading and row at every click). ``ControlsBox`` keeps a pool of buttons and of group
rows, and one box for them, and writes each render's labels, tooltips and styles into them: the page
keeps its views of them and is sent only what changed. A button no control needs leaves the box
(the page drops its view: nothing shows it, nothing can click it) and keeps its last look, as a row
no heading needs keeps its heading: that label and tooltip were drawn for this seat from its own
observation at an earlier render, and the page has had them since; keeping them sends the page
nothing, where wiping them cost a message a spare button at every click. A look that comes back is
not sent again.

A reused button must still refuse a click aimed at what it showed before. The page says which
render it shows: after the buttons' new looks, each render puts a new, empty and unseen marker
beside the box, whose view count the page reports (ipywidgets' ``_view_count``). The page applies
the kernel's messages in the order they were sent, so when it shows the marker it has applied every
look sent before it; and clicks travel to the kernel in the order the page sends them. A click that
reaches the kernel before the page has reported the marker of the current render left an older
table: it is refused as stale. A kernel without any page (a test, a script) has no older table to
refuse.

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
from traitlets import Int

from cardlib.ui.style import px

Work = Callable[[], None]


class _Marker(widgets.Box):
    """One render's marker, empty and unseen: the page reports its views, and the kernel echoes nothing back."""

    _view_count = Int(None, allow_none=True).tag(sync=True, echo_update=False)


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
        self._marker_layout = widgets.Layout(display="none")
        self._pool: list[widgets.Button] = []
        # every (label, tooltip) and heading shown so far: all that a spare button or row may keep (tests check it)
        self.looks_shown: set[tuple[str, str]] = set()
        self.headings_shown: set[str] = set()
        self._rows: list[widgets.HBox] = []
        self._work: dict[widgets.Button, Work] = {}  # the click's work of each button shown now
        self.buttons: list[widgets.Button] = []
        # the box of the rows (or of the buttons), kept from render to render; the page keeps its views
        self.box = widgets.HBox(layout=self._box_layouts[False], _dom_classes=("cl-controls",))
        self.marker: Optional[_Marker] = None  # this render's marker (see the module's docstring)
        self._left: list[_Marker] = []  # the markers of earlier renders, closed once the page has shown a later one
        self.generation = 0  # one more at every render
        self._seen = 0  # the newest render whose marker the page has shown
        self._page = False  # whether any page has ever shown a marker (a kernel alone never has)

    @property
    def current(self) -> bool:
        """Whether a click now comes from the buttons of this render (always, with no page)."""
        return not self._page or self._seen == self.generation

    def show(self, controls: Sequence[Any]) -> None:
        """Put the buttons of ``controls`` on the page (label, tooltip, disabled, style, group, on_click).

        A row keeps its heading where it can and its buttons, and a button its look: the page is sent
        only what changed.
        """
        self.generation += 1
        grouped = any(control.group for control in controls)
        groups: dict[str, list[int]] = {}  # each heading, and the controls under it in order
        for i, control in enumerate(controls):
            groups.setdefault(control.group if grouped else "", []).append(i)
        rows = self._rows_for(list(groups) if grouped else [])
        places = ([list(row.children[1:]) for row in rows] if grouped else
                  [self.buttons + [button for button in self._pool if button not in self.buttons]])
        shown: list[Optional[widgets.Button]] = [None] * len(controls)
        for place, members in zip(places, groups.values()):  # a row's buttons first go back to that row
            place = [button for button in place if button not in shown]  # (a spare row may hold one shown elsewhere)
            for i, button in zip(members, _matched(place, [_look(controls[i]) for i in members], _look_of)):
                shown[i] = button
        free = iter([button for button in self._pool if button not in shown])
        for i, control in enumerate(controls):
            button = shown[i] = shown[i] or next(free, None) or self._new_button()
            with button.hold_sync():  # one message a button, and only for what changed
                button.description, button.tooltip = control.label, control.tooltip
                button.disabled, button.button_style = control.disabled, control.style
        self.buttons = shown
        self.looks_shown.update((control.label, control.tooltip) for control in controls)
        self._work = {button: control.on_click for button, control in zip(shown, controls)}
        for row, members in zip(rows, groups.values()):
            if list(row.children[1:]) != [shown[i] for i in members]:
                row.children = (row.children[0], *(shown[i] for i in members))
        if self.box.layout is not self._box_layouts[grouped]:
            self.box.layout = self._box_layouts[grouped]
        children = tuple(rows if grouped else shown)
        if self.box.children != children:
            self.box.children = children
        self._mark()  # after every new look: the page that shows the marker has applied them all
        if not self._page:
            self._tidy()  # (with a page: once it has shown this render, off its way to the new table)

    def _tidy(self) -> None:
        """The markers that left the page are closed (a spare button or row keeps its look: see the module)."""
        for marker in self._left:
            marker.close()
        self._left.clear()

    def _new_button(self) -> widgets.Button:
        button = widgets.Button(layout=self._button_layout, style=self._button_style)
        button.on_click(self._clicked)
        self._pool.append(button)
        return button

    def _rows_for(self, headings: list[str]) -> list[widgets.HBox]:
        """A row for each heading: one that shows it already, else the next free one as last shown."""
        shown = list(self.box.children)
        pool = [row for row in shown if row in self._rows] + [row for row in self._rows if row not in shown]
        wanted = [_heading_html(heading) for heading in headings]
        self.headings_shown.update(wanted)
        rows = _matched(pool, wanted, lambda row: row.children[0].value)
        for i, row in enumerate(rows):
            if row is None:
                rows[i] = row = widgets.HBox([widgets.HTML(layout=self._heading_layout, style=self._heading_style)],
                                             layout=self._row_layout, _dom_classes=("cl-controls-group",))
                self._rows.append(row)
            row.children[0].value = wanted[i]
        return rows

    def _mark(self) -> None:
        """A new marker beside the box (the only widget a render makes); the page reports showing it."""
        marker = _Marker(layout=self._marker_layout, _view_count=0, _dom_classes=("cl-shown",))
        generation = self.generation
        marker.observe(lambda change: self._shown(generation, change["new"]), names="_view_count")
        old, self.marker = self.marker, marker
        if old is not None:
            old._view_count = None  # (if the page has not yet shown it) the page reports nothing as it leaves
            self._left.append(old)
        self.widget.children = (self.box, marker)

    def _shown(self, generation: int, views: Optional[int]) -> None:
        """The page reports how many views of the marker of ``generation`` it shows."""
        if views:
            self._page = True
            self._seen = max(self._seen, generation)
            if generation == self.generation:  # the page shows the table of now: what it no longer shows is tidied
                self.marker._view_count = None  # it has reported: it reports nothing more, and nothing as it leaves
                self._tidy()

    def _clicked(self, button: widgets.Button) -> None:
        work = self._work.get(button)
        if work is None or not self.current:
            self._refuse()
        else:
            self._act(work)


def _look(control: Any) -> tuple:
    """What a control's button shows (and whether it can be clicked)."""
    return control.label, control.tooltip, control.disabled, control.style


def _look_of(button: widgets.Button) -> tuple:
    return button.description, button.tooltip, button.disabled, button.button_style


def _heading_html(heading: str) -> str:
    return f'<div class="cl-controls-label">{heading}</div>'


def _matched(pool: list, wanted: Sequence[Any], look: Callable[[Any], Any]) -> list:
    """For each wanted look, a widget of ``pool`` that shows it already, else one that does not
    (in the pool's order), else None: a new one is needed.

    >>> _matched(["a", "b", "c"], ["c", "x", "a", "y", "z"], str)
    ['c', 'b', 'a', None, None]
    """
    free: dict[Any, list] = {}
    for widget in pool:
        free.setdefault(look(widget), []).append(widget)
    chosen = [free[want].pop(0) if free.get(want) else None for want in wanted]
    taken = {id(widget) for widget in chosen if widget is not None}
    rest = iter(widget for widget in pool if id(widget) not in taken)
    return [widget if widget is not None else next(rest, None) for widget in chosen]
