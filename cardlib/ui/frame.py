"""The table frame every app shares: an ipywidgets VBox with a fixed place for each part.

A game's app subclasses ``TableFrame`` (through ``cardlib.ui.app.TableApp``, which seats the
players and runs the game), keeps its engine state to itself, and on every change calls
``show(...)`` with HTML made from what the human may see and with ``Control``s made from the
legal actions. The frame turns controls into buttons, refuses clicks on buttons that are out
of date, and turns errors into a message in the app instead of a traceback.

An app may also offer a "Players" menu next to "New game" (``choices``): picking a table never
disturbs the game being played; the next new game is dealt for it, and until then a short hint
says so.

>>> frame = TableFrame(choices=[("3 players", 3), ("4 players", 4)], chosen=3)
>>> frame.players_choice.label = "4 players"
>>> frame.next_table, frame.table_hint
(4, 'for the next game: press')
>>> frame.table_dealt(4)       # what an app's new_game says once it has dealt the new table
>>> frame.table_hint
''
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Optional

import ipywidgets as widgets

from cardlib.core.errors import IllegalActionError, RulesError
from cardlib.ui.buttons import ControlsBox
from cardlib.ui.style import px, style_block
from cardlib.ui.words import Words, is_japanese
from cardlib.ui.table import message_html, section

STALE = "That button is out of date: the table has moved on. Use the buttons shown now."
CHOICE_TIP = "How many play: the game in progress goes on; the next New game deals the table chosen here"
CHOICE_HINT = "for the next game: press"  # reads on into the "New game" button beside it


@dataclass(frozen=True)
class Control:
    """A button to show: its label, what a click does, and why it is disabled (if it is)."""

    label: str
    on_click: Callable[[], None]
    tooltip: str = ""
    disabled: bool = False
    style: str = ""  # an ipywidgets button_style: "", "primary", "success", "warning", "danger"
    group: str = ""  # HTML heading of the row of buttons this one joins ("" = no groups)
    action: Any = None  # the engine's action a click applies, if any (tests match buttons to legal actions)
    opens: Any = None  # the first click of a two-click choice: what it chooses (the second clicks then show)


class TableFrame(widgets.VBox):
    """Header, help, table, round result, prompt, buttons, message, coach panel, log and scores."""

    def __init__(self, help_html: str = "", coach_tooltip: Optional[str] = None, *,
                 scores_title: str = "Scoreboard (points are bad)",
                 log_title: str = "What happened (bold: since your last move)",
                 choices: Sequence[tuple[str, Any]] = (), chosen: Any = None, words: Optional[Words] = None) -> None:
        self.words = words or Words()
        say = self.words
        self._header = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self._coach_toggle = widgets.ToggleButton(description=say("Coach"), value=False, tooltip=coach_tooltip or "",
                                                  icon="graduation-cap", layout=widgets.Layout(width=px(96)))
        self._new_game = widgets.Button(description=say("New game"), tooltip=say("Deal a new game now"),
                                        icon="refresh", layout=widgets.Layout(width=px(124)))
        # "New game" in the middle of a game asks first: a mis-click must not wipe a game
        self._confirm_yes = widgets.Button(description=say("Yes, new game"), button_style="danger",
                                           layout=widgets.Layout(width="auto"))
        self._confirm_no = widgets.Button(description=say("Keep playing"), layout=widgets.Layout(width="auto"))
        self._confirm = widgets.HBox([
            widgets.HTML(f'<span class="cl-confirm-text">'
                         f'{escape(say("Start a new game? The game in progress will be lost."))}</span>'),
            self._confirm_yes, self._confirm_no], layout=widgets.Layout(display="none", align_items="center"))
        self._confirm.add_class("cl-confirm")
        self._download = widgets.HTML()
        self._help = widgets.HTML(help_html)
        self._table = widgets.HTML()
        self._result = widgets.HTML()
        self._prompt = widgets.HTML()
        # the turn's buttons, reused from render to render; a click from an older table is refused as stale
        self._controls_box = ControlsBox(self._run, lambda: self.show_message(self.words(STALE)))
        self._message = widgets.HTML()
        self._message_text = ""
        self._coach = widgets.HTML()
        # The coach's place: hidden until the toggle opens it; a game fills it from its analysis.
        self._coach_box = widgets.VBox([self._coach], layout=widgets.Layout(display="none"))
        self._coach_box.add_class("cl-coach")
        self._log = widgets.HTML()
        self._scores = widgets.HTML()
        self._actions: list[Any] = []
        self._opens: list[Any] = []
        self._choice: Optional[widgets.Dropdown] = None
        self._choice_hint = widgets.HTML()
        self._in_play = chosen  # the table the game on show was dealt for
        menu: list[widgets.Widget] = []
        if choices:
            values = [value for _, value in choices]
            if chosen not in values:
                raise RulesError(f"the table {chosen!r} is not one of the choices {values!r}")
            choices = [(say(label), value) for label, value in choices]
            # a kana or kanji is about twice as wide as a Latin letter; the arrow needs its room too
            longest = max(sum(2 if is_japanese(ch) else 1 for ch in label) for label, _ in choices)
            self._choice = widgets.Dropdown(options=list(choices), value=chosen, tooltip=say(CHOICE_TIP),
                                            layout=widgets.Layout(width=px(7 * longest + 36)))
            self._choice.add_class("cl-players")
            self._choice.observe(self._on_choice, names="value")
            # menu, hint and button read as one phrase: a narrow page wraps them together, never apart
            menu = [widgets.HBox([self._choice, self._choice_hint, self._new_game],
                                 layout=widgets.Layout(align_items="center", flex="none"))]
            self._header.layout.flex = f"1 1 {px(280)}"  # the header's facts wrap first, so the hint fits beside the menu
        coach = [self._coach_toggle] if coach_tooltip else []  # no Coach button until a game has a coach
        top = widgets.HBox([self._header, *coach, *(menu or [self._new_game])],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap" if menu else None))
        log_box = widgets.VBox([widgets.HTML(section(say(log_title))), self._log],
                               layout=widgets.Layout(flex="1 1 0", min_width=px(300)))
        scores_box = widgets.VBox([widgets.HTML(section(say(scores_title))), self._scores, self._download],
                                  layout=widgets.Layout(flex="0 1 auto", max_width="100%"))
        # the coach's panel stands with the scores and the log: beside the table on a wide screen, so it fits one screen
        lower = widgets.HBox([log_box, scores_box, *([self._coach_box] if coach else [])],
                             layout=widgets.Layout(flex_flow="row wrap", grid_gap=px(12)))
        # class names place the parts on a wide screen: the log and the scores in a column beside the table (style.py)
        for box, name in ((top, "cl-top"), (lower, "cl-side"), (log_box, "cl-side-log"), (scores_box, "cl-side-scores"),
                          (self._log, "cl-log-box"), (self._help, "cl-help-box")):
            box.add_class(name)
        super().__init__(children=[widgets.HTML(style_block()), top, self._confirm, self._help, self._table,
                                   self._result, self._prompt, self._controls_box.widget, self._message,
                                   lower])
        self._side = lower
        self.add_class("cl-app")
        self._new_game.on_click(lambda _button: self._ask_new_game())
        self._confirm_yes.on_click(lambda _button: self._confirmed_new_game())
        self._confirm_no.on_click(lambda _button: self._set_confirm(False))
        self._coach_toggle.observe(self._on_coach_toggle, names="value")

    # -- what a game provides --

    def new_game(self) -> None:
        """Start a new game and show it (a game's app provides this)."""
        raise NotImplementedError

    def render(self) -> None:
        """Draw everything again from what the human may see (a game's app provides this)."""
        raise NotImplementedError

    @property
    def game_in_progress(self) -> bool:
        """Whether a new game now would wipe a game you have played in (a game's app says; never by default)."""
        return False

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
        return list(self._controls_box.buttons)

    @property
    def action_of(self) -> dict[widgets.Button, Any]:
        """Each action button shown now and the engine's action it applies (None: no action, e.g. "Next round")."""
        return dict(zip(self._controls_box.buttons, self._actions))

    @property
    def opens_of(self) -> dict[widgets.Button, Any]:
        """Each button shown now and the choice it opens (None: it opens none; see ``Control.opens``)."""
        return dict(zip(self._controls_box.buttons, self._opens))

    def buttons(self) -> list[widgets.Button]:
        """Every button shown now: the controls, then "New game" (and its question's two, while it asks)."""
        asking = [self._confirm_yes, self._confirm_no] if self.asking_new_game else []
        return self.action_buttons + [self._new_game] + asking

    @property
    def asking_new_game(self) -> bool:
        """Whether the app is asking before it deals a new game over one in progress."""
        return self._confirm.layout.display != "none"

    def show_download(self, html: str) -> None:
        """Show the download of your finished rounds (HTML: a link, or a line saying there is none yet)."""
        if self._download.value != html:
            self._download.value = html

    def button(self, label: str) -> widgets.Button:
        """The button shown now with this label; LookupError naming the labels there are."""
        for button in self.buttons():
            if button.description == label:
                return button
        labels = ", ".join(repr(b.description) for b in self.buttons())
        raise LookupError(f"no button {label!r} is shown; the buttons are {labels}")

    @property
    def players_choice(self) -> Optional[widgets.Dropdown]:
        """The "Players" menu (None if the app has none); set its ``label`` or ``value`` to choose."""
        return self._choice

    @property
    def next_table(self) -> Any:
        """The table the next new game is dealt for: the menu's value (None without a menu)."""
        return self._choice.value if self._choice is not None else None

    @property
    def table_hint(self) -> str:
        """The hint beside the menu, as plain text ("" when the menu shows the table in play)."""
        return CHOICE_HINT if self._choice_hint.value else ""

    def table_dealt(self, table: Any) -> None:
        """Record the table the game now shown was dealt for (an app's ``new_game`` calls this)."""
        self._in_play = table
        self._show_choice_hint()

    @property
    def has_coach(self) -> bool:
        """Whether this app has a coach (a "Coach" button and its panel)."""
        return self._coach_box in self._side.children

    @property
    def coach_open(self) -> bool:
        """Whether the coach's panel is open (never, in an app without a coach)."""
        return self._coach_toggle.value

    @coach_open.setter
    def coach_open(self, value: bool) -> None:
        if value and not self.has_coach:
            raise RulesError("this game has no coach")
        self._coach_toggle.value = bool(value)

    # -- clicks --

    @property
    def _controls(self) -> widgets.HBox:
        """The box of the buttons shown now (their group rows, or the buttons themselves), kept between renders."""
        return self._controls_box.box

    def _set_controls(self, controls: Sequence[Control]) -> None:
        self._actions = [control.action for control in controls]
        self._opens = [control.opens for control in controls]
        self._controls_box.show(controls)

    def _run(self, action: Callable[[], None]) -> None:
        """Run a click's work; a refused action or any failure becomes a message, never a traceback."""
        self.show_message("")
        try:
            action()
        except (IllegalActionError, RulesError) as error:
            self.show_message(self.words("Not allowed: {why}", why=error))
        except Exception as error:  # an app must never show a traceback; say what failed instead
            try:
                self.render()  # part of the work may have happened: show the table as it is now
            except Exception:
                pass
            self.show_message(self.words("Something went wrong ({what}).", what=f"{type(error).__name__}: {error}"))

    def _ask_new_game(self) -> None:
        """ "New game": at once when no game is in progress, otherwise ask first."""
        if self.game_in_progress:
            self._set_confirm(True)
        else:
            self._confirmed_new_game()

    def _confirmed_new_game(self) -> None:
        self._set_confirm(False)
        self._run(self.new_game)

    def _set_confirm(self, asking: bool) -> None:
        self._confirm.layout.display = "flex" if asking else "none"

    def _on_choice(self, _change: dict) -> None:
        self._show_choice_hint()

    def _show_choice_hint(self) -> None:
        """While the menu differs from the table in play, say when it counts and light up "New game"."""
        pending = self._choice is not None and self._choice.value != self._in_play
        self._choice_hint.value = (f'<span class="cl-players-hint">{escape(self.words(CHOICE_HINT))}</span>'
                                   if pending else "")
        self._new_game.button_style = "primary" if pending else ""

    def _on_coach_toggle(self, change: dict) -> None:
        self._coach_box.layout.display = "flex" if change["new"] else "none"

