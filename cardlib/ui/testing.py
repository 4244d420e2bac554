"""Drive any game's app in the kernel, as a test or a teacher would: every check here works for
every ``TableApp``, so a new game's app is tested by ``tests/test_every_game.py`` without a line
of its own.

The checks click the real buttons (``button.click()`` runs the same handler as a click in the
page) and read the widgets as they would be synced to the page (``widget_tree``).
"""
from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, Optional

import ipywidgets as widgets

from cardlib.core.testing import snapshot
from cardlib.ui.frame import STALE

SEAT_BOX = re.compile(r'<div class="cl-seat[^"]*" data-seat="(\d+)">')


def widget_tree(widget: widgets.Widget) -> tuple:
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


def page_text(value: Any) -> str:
    """HTML (or a widget's HTML) as a person reads it: no tags, no style sheet, entities decoded.

    >>> page_text("<style>b {}</style><p>Player&nbsp;1 <b>wins</b></p>")
    'Player 1 wins'
    """
    value = getattr(value, "value", value)
    words = re.sub(r"<style>.*?</style>", "", value, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]*>", " ", words))).strip()


def labels(app: Any) -> list[str]:
    """The labels of the action buttons shown, in order."""
    return [button.description for button in app.action_buttons]


def seats_shown(app: Any) -> list[int]:
    """The seats whose box is on the table, in the order shown."""
    return [int(seat) for seat in SEAT_BOX.findall(app._table.value)]


def bots(agents: Any) -> list:
    """What makes a bot what it is: its class and its settings."""
    return [(type(agent), vars(agent)) for agent in agents]


def my_turn(app: Any) -> bool:
    """It is the human's turn and no finished part waits to be read."""
    state = app.state
    return state.current_player == app.human and app.pending(state.observation(app.human)) is None


def enabled_actions(app: Any) -> list:
    """The engine's actions of the enabled buttons shown now."""
    return [action for button, action in app.action_of.items() if not button.disabled and action is not None]


def reachable_actions(app: Any) -> list:
    """The actions of the enabled buttons, those a two-click choice opens included (``Control.opens``).

    A first click's second clicks are the controls the app would draw for it (``app.controls``
    with ``app.step`` set), read without drawing them; the game and the page do not move.
    """
    found = enabled_actions(app)
    step = getattr(app, "step", None)
    state = app.state
    obs, legal = state.observation(app.human), state.legal_actions()
    try:
        app.step = None
        firsts = app.controls(obs, legal) if step is not None else []
        found = found if step is None else [c.action for c in firsts if c.action is not None and not c.disabled]
        opened = [c.opens for c in firsts] if step is not None else [
            opens for button, opens in app.opens_of.items() if not button.disabled]
        for opens in opened:
            if opens is not None:
                app.step = opens
                found += [c.action for c in app.controls(obs, legal) if c.action is not None and not c.disabled]
    finally:
        app.step = step
    return found


def check_buttons_are_the_legal_actions(app: Any) -> None:
    """On your turn every legal action has an enabled button (never two at once), and no enabled one is illegal.

    A button may be the second click of a two-click choice. Several first clicks may open one action
    (two cards chosen in either order): each counts it once.
    """
    assert app.message == "", app.message
    text = app._table.value + app._prompt.value + app._message.value + app._log.value
    assert "Traceback" not in text
    if my_turn(app):
        shown = list(map(repr, enabled_actions(app)))
        assert len(set(shown)) == len(shown), shown  # no two buttons of one action at once
        enabled = reachable_actions(app)
        legal = app.state.legal_actions()
        assert sorted(set(map(repr, enabled))) == sorted(map(repr, legal)), (enabled, legal)
    else:
        assert not enabled_actions(app)


def random_click(app: Any, rng: random.Random) -> str:
    """A newcomer's click: any enabled button among the controls (to play, or to read on)."""
    return rng.choice([b.description for b in app.action_buttons if not b.disabled])


def play_by_clicks(app: Any, rng: random.Random, choose: Callable = random_click, limit: int = 3000,
                   check: Optional[Callable[[Any], None]] = None) -> int:
    """Click until the game is over, checking the buttons (and ``check``) at every step; returns the clicks."""
    for clicks in range(limit):
        check_buttons_are_the_legal_actions(app)
        if check is not None:
            check(app)
        if app.state.is_over:
            return clicks
        app.button(choose(app, rng)).click()
    raise AssertionError(f"no game over after {limit} clicks")


def click_refused(app: Any, button: widgets.Button) -> str:
    """Click ``button``; the game and every widget but the message stay as they were. Returns the message."""
    before, tree = snapshot(app.state), widget_tree(app)
    button.click()  # a click that reaches the kernel anyway
    message = app.message
    assert snapshot(app.state) == before
    app.show_message("")
    assert widget_tree(app) == tree
    return message


def page_drew(app: Any) -> None:
    """Do what a page does once it has drawn the buttons shown now: report the view of this render's marker.

    (The page sends this as ipywidgets' ``_view_count`` of the marker; a kernel alone has no page.)
    """
    app._controls_box.marker.set_state({"_view_count": 1})


def check_stale_button(app: Any, button: widgets.Button) -> None:
    """On a page, a button clicked once acts; clicked again before the page has drawn the answer (a
    double click), the same reused widget is refused: a message, and nothing changes."""
    page_drew(app)
    button.click()
    assert app.message == ""
    assert click_refused(app, button) == STALE  # the click left the table that is over


def check_older_table_never_acts(app: Any, rng: random.Random, clicks: int, choose: Callable = random_click) -> int:
    """On a page, ``clicks`` times: a click acts, then every button, clicked as the older table showed it
    (sent before the page drew the answer), is refused and changes nothing; once the page has drawn the
    new table, its buttons act. Returns how many older clicks found their widget showing another action."""
    other = 0
    for _ in range(clicks):
        if app.state.is_over:
            new_game(app)
        page_drew(app)
        older = {button: (button.description, button.tooltip) for button in app.action_buttons}
        app.button(choose(app, rng)).click()
        assert app.message == "", app.message
        for button, shown in older.items():  # each reused widget, whatever it shows now
            other += (button.description, button.tooltip) != shown
            assert click_refused(app, button) == STALE, shown
    return other


def open_widgets() -> list[str]:
    """The ids of every widget open in this process."""
    from ipywidgets.widgets.widget import _instances
    return list(_instances)


def check_spare_buttons_hidden(app: Any) -> None:
    """The page's box holds only the buttons shown now, and a spare button (or row) keeps only a look this
    box has shown before: it shows nothing, and names nothing the seat's own page had not drawn.

    Why that keeps hidden cards hidden: a spare button has no view (it left the box), and its label and
    tooltip were made for this seat from its own observation when it was shown, so the page received
    them then; keeping them sends the page nothing new. A spare button with a look never shown (say, a
    card the seat cannot see) fails here, as does one left in the box.
    """
    box = app._controls_box
    shown = set(app.action_buttons)
    inside = {w for child in app._controls.children for w in [child, *getattr(child, "children", ())]}
    assert {w for w in inside if isinstance(w, widgets.Button)} == shown
    for button in box._pool:
        look = (button.description, button.tooltip)
        assert button in shown or look in box.looks_shown, f"a spare button never shown: {button.description!r}"
    for row in box._rows:
        heading = row.children[0].value
        assert row in app._controls.children or heading in box.headings_shown, f"a spare row never shown: {heading!r}"




def check_seeded_twins_agree(one: Any, two: Any, rng_one: random.Random, rng_two: random.Random, clicks: int,
                             choose: Callable = random_click) -> None:
    """Two apps of one seed, clicked alike, show the same widgets at every step and play the same game."""
    for _ in range(clicks):
        assert widget_tree(one) == widget_tree(two)
        if one.state.is_over:
            break
        one.button(choose(one, rng_one)).click()
        two.button(choose(two, rng_two)).click()
    assert one.state.history == two.state.history


def moments(app: Any, rng: random.Random, count: int, choose: Callable = random_click,
            limit: int = 3000) -> Iterator[Any]:
    """The app stopped at ``count`` moments of games played by clicks (a pause to read among them, if
    the game has any); a game that ends before is followed by a new one."""
    seen_pause = False
    for _ in range(limit):
        if not count:
            return
        if app.state.is_over:
            new_game(app)
            continue
        pause = not my_turn(app) and app.pending(app.state.observation(app.human)) is not None
        if pause and not seen_pause:
            seen_pause = True
            yield app
        elif not pause and rng.random() < 0.5:
            count -= 1
            yield app
        app.button(choose(app, rng)).click()


def check_determinized_twin(app: Any, make: Callable[[], Any], rng: random.Random, coach: bool = False) -> bool:
    """A twin app resumed from ``determinize(human)`` draws the same widgets; True if the hidden cards differ."""
    state, human = app.state, app.human
    other = state.determinize(human, rng)
    assert other.observation(human) == state.observation(human)
    twin = make()
    for _ in range(app._games - 1):  # the same game number in the header
        new_game(twin)
    if app.has_coach:
        app.coach_open = twin.coach_open = coach
    twin.records = app.records.copy()  # the same rounds so far in the class record (drawn from observations)
    twin.resume(other, parts_read=app.parts_read)  # paused on the same unread part, if any
    twin.records = app.records.copy()  # and the same decisions of the round in play
    twin.render()
    if getattr(app, "step", None) is not None:  # halfway through a two-click choice: the same first click
        twin.choose(app.step)
    assert widget_tree(twin) == widget_tree(app)
    return snapshot(other) != snapshot(state)


def menu_shows_the_table_in_play(app: Any) -> bool:
    """No hint beside the "Players" menu, and a plain "New game": the menu names the game in play."""
    return app.table_hint == "" and app._choice_hint.value == "" and app.button("New game").button_style == ""


def check_menu_names_the_game_in_play(app: Any) -> None:
    """The "Players" menu shows the table of the game in play, beside a plain "New game"."""
    menu = app.players_choice
    assert menu.value == app.state.game == app.next_table
    assert menu_shows_the_table_in_play(app)
    beside = app.children[1].children[-1].children  # the header row ends: menu, hint, "New game"
    assert beside[0] is menu and beside[-1].description == "New game"


def check_choice_waits_for_new_game(app: Any, label: str) -> None:
    """Choosing ``label`` in the "Players" menu leaves the game in progress as it is; a hint says when it counts."""
    before, table, buttons = snapshot(app.state), app._table.value, [b.description for b in app.action_buttons]
    game = app.state.game
    app.players_choice.label = label
    assert snapshot(app.state) == before and app._table.value == table  # the game in progress goes on
    assert [b.description for b in app.action_buttons] == buttons and app.state.game == game
    assert app.table_hint == "for the next game: press" and "for the next game" in app._choice_hint.value
    assert app.button("New game").button_style == "primary"


def new_game(app: Any) -> None:
    """Click "New game", and say yes if the app asks first (a game in progress)."""
    app.button(app.say("New game")).click()
    if app.asking_new_game:
        app.button(app.say("Yes, new game")).click()


def check_new_game_asks_first(app: Any, rng: random.Random) -> None:
    """Once you have moved, "New game" asks first: "Keep playing" changes nothing, "Yes" deals a new game."""
    for _ in range(200):  # play until you have made a move in a game that is not over
        if app.game_in_progress:
            break
        if app.state.is_over:
            new_game(app)
        app.button(random_click(app, rng)).click()
    assert app.game_in_progress, "no move of yours in 200 clicks"
    before, games = snapshot(app.state), app._games
    app.button(app.say("New game")).click()
    assert app.asking_new_game and snapshot(app.state) == before and app._games == games
    app.button(app.say("Keep playing")).click()
    assert not app.asking_new_game and snapshot(app.state) == before
    app.button(app.say("New game")).click()
    app.button(app.say("Yes, new game")).click()
    assert not app.asking_new_game and app._games == games + 1 and not app.game_in_progress
    assert app.message == ""


def play_with_agent(app: Any, agent: Any, rng: random.Random, games: int = 1, limit: int = 5000) -> None:
    """Let ``agent`` play your seat for ``games`` games (reading on at every pause), as clicks would."""
    for _ in range(limit):
        state = app.state
        if state.is_over:
            games -= 1
            if not games:
                return
            new_game(app)
        elif my_turn(app):
            obs = state.observation(app.human)
            app.take(agent.act(obs, state.legal_actions(), rng))
        else:
            app.read_on()
        assert app.message == "", app.message
    raise AssertionError(f"{games} games not over after {limit} steps")


def check_speaks_japanese(app: Any, rng: random.Random, clicks: int = 60) -> None:
    """With ``lang="ja"``: every button shown is in Japanese (or a number or card), over many clicks."""
    from cardlib.ui.words import is_japanese
    for _ in range(clicks):
        check_buttons_are_the_legal_actions(app)
        for button in app.buttons():
            label = button.description
            assert is_japanese(label) or not re.search(r"[A-Za-z]{3,}", label), f"an English button: {label!r}"
        if app.state.is_over:
            new_game(app)
        else:
            app.button(random_click(app, rng)).click()


def seated_at(App: type, game: Any, human: int, seed: int) -> tuple[Any, Any]:
    """An app of ``App`` at the table of ``game`` (a rule variant its menu may not offer) and a fresh deal of it.

    Returns (app, deal); ``check_whole_game(app, deal, ...)`` plays the deal. The app is made at the
    variant's player count and seated at the variant as its menu seats a table it offers.
    """
    app = App(players=game.players, human=human, seed=seed)
    if app.state.game != game:
        app._seat(game)  # the kit's own seating, as "New game" does for a table chosen in the menu
    return app, game.new(seed=seed)


def check_whole_game(app: Any, deal: Any, rng: random.Random, choose: Callable = random_click,
                     limit: int = 3000) -> int:
    """Play ``deal`` in ``app`` by clicks to its result, checking every step and the end; returns the clicks.

    Fails when a click is answered by a message (a hook that raised shows "Something went wrong"
    rather than a traceback), when the game never ends (no result after ``limit`` clicks), when it
    ends before every seat has decided once (every game of the kit gives each player a turn), or
    when the end is not shown: "Game over", your observation's result the rules' own, a place for
    every seat.
    """
    start = deal.clone()
    app.resume(deal)
    game = f"{type(app).__name__} at {deal.game!r}"
    for clicks in range(limit):
        assert app.message == "", f"{game}, click {clicks}: {app.message}"
        check_buttons_are_the_legal_actions(app)
        if app.state.is_over:
            break
        app.button(choose(app, rng)).click()
    else:
        raise AssertionError(f"{game}: no result after {limit} clicks ({len(app.state.history)} moves): "
                             "does the game ever end?")
    movers = set()
    for action in app.state.history:  # who decided, replayed from the deal
        movers.add(start.current_player)
        start.apply(action)
    players = app.state.game.players
    assert movers == set(range(players)), (
        f"{game}: the game ended after {len(app.state.history)} moves, before seats "
        f"{sorted(set(range(players)) - movers)} ever decided: it ends too early")
    result = app.state.result()
    assert app.state.observation(app.human).result == result, f"{game}: your observation's result is not the rules'"
    assert len(result.places) == len(result.scores) == players and min(result.places) == 1, (game, result)
    assert all(1 <= place <= players for place in result.places), (game, result)
    over = app.say("Game over.").rstrip(".。")
    assert over in app._prompt.value, f"{game}: the end is not shown: {app._prompt.value[:200]}"
    return clicks
