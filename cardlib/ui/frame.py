"""The table frame every app shares: an ipywidgets VBox with a fixed place for each part.

A game's app subclasses ``TableFrame``, keeps its engine state to itself, and on every change
calls ``show(...)`` with HTML made from what the human may see and with ``Control``s made from
the legal actions. The frame turns controls into buttons, refuses clicks on buttons that are out
of date, and turns errors into a message in the app instead of a traceback.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.ui.style import style_block
from cardlib.ui.table import message_html, section

STALE = "That button is out of date: the table has moved on. Use the buttons shown now."


@dataclass(frozen=True)
class Control:
    """A button to show: its label, what a click does, and why it is disabled (if it is)."""

    label: str
    on_click: Callable[[], None]
    tooltip: str = ""
    disabled: bool = False
    style: str = ""  # an ipywidgets button_style: "", "primary", "success", "warning", "danger"
    group: str = ""  # HTML heading of the row of buttons this one joins ("" = no groups)


class TableFrame(widgets.VBox):
    """Header, help, table, round result, prompt, buttons, message, coach panel, log and scores."""

    def __init__(self, help_html: str = "", coach_tooltip: str = "Show or hide the coach", *,
                 scores_title: str = "Scoreboard (points are bad)",
                 log_title: str = "What happened (bold: since your last move)") -> None:
        self._header = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self._coach_toggle = widgets.ToggleButton(description="Coach", value=False, tooltip=coach_tooltip,
                                                  icon="graduation-cap", layout=widgets.Layout(width="96px"))
        self._new_game = widgets.Button(description="New game", tooltip="Deal a new game now",
                                        icon="refresh", layout=widgets.Layout(width="112px"))
        self._help = widgets.HTML(help_html)
        self._table = widgets.HTML()
        self._result = widgets.HTML()
        self._prompt = widgets.HTML()
        self._controls = widgets.HBox(layout=widgets.Layout(min_height="36px"))
        self._controls.add_class("cl-controls")
        self._message = widgets.HTML()
        self._message_text = ""
        self._coach = widgets.HTML()
        # The coach's place: hidden until the toggle opens it; a game fills it from its analysis.
        self._coach_box = widgets.VBox([self._coach], layout=widgets.Layout(display="none"))
        self._coach_box.add_class("cl-coach")
        self._log = widgets.HTML()
        self._scores = widgets.HTML()
        self._buttons: list[widgets.Button] = []
        self._generation = 0  # bumped whenever the buttons are replaced; older buttons are stale
        top = widgets.HBox([self._header, self._coach_toggle, self._new_game],
                           layout=widgets.Layout(align_items="center"))
        lower = widgets.HBox([
            widgets.VBox([widgets.HTML(section(log_title)), self._log],
                         layout=widgets.Layout(flex="1 1 0", min_width="300px")),
            widgets.VBox([widgets.HTML(section(scores_title)), self._scores],
                         layout=widgets.Layout(flex="0 1 auto", max_width="100%")),
        ], layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px"))
        super().__init__(children=[widgets.HTML(style_block()), top, self._help, self._table, self._result,
                                   self._prompt, self._controls, self._message, self._coach_box, lower])
        self.add_class("cl-app")
        self._new_game.on_click(lambda _button: self._run(self.new_game))
        self._coach_toggle.observe(self._on_coach_toggle, names="value")

    # -- what a game provides --

    def new_game(self) -> None:
        """Start a new game and show it (a game's app provides this)."""
        raise NotImplementedError

    def render(self) -> None:
        """Draw everything again from what the human may see (a game's app provides this)."""
        raise NotImplementedError

    # -- drawing --

    def show(self, *, header: str, table: str, prompt: str, controls: Sequence[Control], log: str,
             scores: str, result: str = "", coach: str = "") -> None:
        """Draw every part of the app from the given HTML and controls."""
        self._header.value = header
        self._table.value = table
        self._result.value = result
        self._prompt.value = prompt
        self._log.value = log
        self._scores.value = scores
        self._coach.value = coach
        self._set_controls(controls)

    def show_message(self, text: str, kind: str = "error") -> None:
        """Show a message about the last click ("error" or "info"); empty text clears it."""
        self._message_text = text
        self._message.value = message_html(text, kind)

    @property
    def message(self) -> str:
        """The message shown now, as plain text ("" when there is none)."""
        return self._message_text

    @property
    def action_buttons(self) -> list[widgets.Button]:
        """The buttons made from the controls shown now (for tests: click them with .click())."""
        return list(self._buttons)

    def buttons(self) -> list[widgets.Button]:
        """Every button shown now: the controls, then "New game"."""
        return self.action_buttons + [self._new_game]

    def button(self, label: str) -> widgets.Button:
        """The button shown now with this label; LookupError naming the labels there are."""
        for button in self.buttons():
            if button.description == label:
                return button
        labels = ", ".join(repr(b.description) for b in self.buttons())
        raise LookupError(f"no button {label!r} is shown; the buttons are {labels}")

    @property
    def coach_open(self) -> bool:
        """Whether the coach's panel is open."""
        return self._coach_toggle.value

    @coach_open.setter
    def coach_open(self, value: bool) -> None:
        self._coach_toggle.value = bool(value)

    # -- clicks --

    def _set_controls(self, controls: Sequence[Control]) -> None:
        old = self._controls.children
        self._generation += 1
        generation = self._generation
        buttons = []
        for control in controls:
            button = widgets.Button(description=control.label, tooltip=control.tooltip,
                                    disabled=control.disabled, button_style=control.style,
                                    layout=widgets.Layout(width="auto", min_width="96px"))
            button.on_click(self._click_handler(generation, control.on_click))
            buttons.append(button)
        self._buttons = buttons
        if any(control.group for control in controls):
            self._controls.children = self._grouped(controls, buttons)
            self._controls.layout.flex_flow = "row wrap"
        else:
            self._controls.children = buttons
            self._controls.layout.flex_flow = None
        for widget in old:
            _close(widget)  # its view leaves the page; a late click never acts (dropped, or refused as stale)

    @staticmethod
    def _grouped(controls: Sequence[Control], buttons: list[widgets.Button]) -> list[widgets.Widget]:
        """One boxed row per group heading, in the order the groups first appear."""
        groups: dict[str, list[widgets.Button]] = {}
        for control, button in zip(controls, buttons):
            groups.setdefault(control.group, []).append(button)
        rows = []
        for heading, members in groups.items():
            label = widgets.HTML(f'<div class="cl-controls-label">{heading}</div>',
                                 layout=widgets.Layout(flex="0 1 190px", min_width="120px"))
            row = widgets.HBox([label, widgets.HBox(members, layout=widgets.Layout(flex_flow="row wrap"))],
                               layout=widgets.Layout(flex="1 1 420px", align_items="center"))
            row.add_class("cl-controls-group")
            rows.append(row)
        return rows

    def _click_handler(self, generation: int, action: Callable[[], None]) -> Callable[[widgets.Button], None]:
        def on_click(_button: widgets.Button) -> None:
            if generation != self._generation:
                self.show_message(STALE)
                return
            self._run(action)
        return on_click

    def _run(self, action: Callable[[], None]) -> None:
        """Run a click's work; a refused action or any failure becomes a message, never a traceback."""
        self.show_message("")
        try:
            action()
        except (IllegalActionError, RulesError) as error:
            self.show_message(f"Not allowed: {error}")
        except Exception as error:  # an app must never show a traceback; say what failed instead
            try:
                self.render()  # part of the work may have happened: show the table as it is now
            except Exception:
                pass
            self.show_message(f"Something went wrong ({type(error).__name__}: {error}).")

    def _on_coach_toggle(self, change: dict) -> None:
        self._coach_box.layout.display = "flex" if change["new"] else "none"


def _close(widget: widgets.Widget) -> None:
    """Close a widget and every widget inside it (a group's heading, box and buttons)."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()
