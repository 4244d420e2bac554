"""Every game, generically: the checks a new game passes without writing a test of its own.

Run over every line of the registry (``cardlib.games.REGISTRY``), and nothing else: the kit's example
game (Kuhn poker, ``cardlib.core.example`` with its app ``cardlib.ui.example``) is registered at run
time by tests/test_toy_game.py, which runs this file and the other generic ones on it: that the
example passes proves ``docs/adding-a-game.md`` is enough. Conformance of the engine, light imports,
the app driven in the kernel, and every exercise id computed.
"""
from __future__ import annotations

import ast
import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.core import testing
from cardlib.core.checking import exercise_ids, find
from cardlib.core.errors import RulesError
from cardlib.core.package import room
from cardlib.games import REGISTRY, GameInfo
from cardlib.ui import testing as ui

EVERY = REGISTRY
APPS = [info for info in EVERY if info.app]
HEAVY = ("sympy", "pandas", "ipywidgets", "matplotlib")
PACKAGE = Path(__file__).resolve().parents[1] / "cardlib"

CASES = [(info, game) for info in EVERY for game in info.games()]


def ids(info: GameInfo) -> str:
    return info.name


# -- the engine --

@pytest.mark.parametrize("check", testing.CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("info, game", CASES, ids=[f"{info.name}-{game!r}" for info, game in CASES])
def test_conformance(info, game, check):
    check(game)


@pytest.mark.parametrize("info", REGISTRY, ids=ids)
def test_parse_reads_every_legal_action_back_and_refuses_what_is_no_notation_with_value_error(info):
    parse = info.parse if room(info.module, "actions") else info.package.parse  # a game in one module
    testing.check_game_parse(info.games()[0], parse)


@pytest.mark.parametrize("info", EVERY, ids=ids)
def test_a_bool_is_no_player_count_and_no_start_seat(info):
    # isinstance(True, int) holds and True == 1 is a seat: only an explicit check turns a bool away
    package, players = info.package, info.games()[0].players
    with pytest.raises(RulesError, match="True"):
        package.Game(players=True)
    if "start_player" in {field.name for field in dataclasses.fields(package.Game)}:
        for seat in (True, False):
            with pytest.raises(RulesError, match=repr(seat)):
                package.Game(players=players, start_player=seat)


def loaded_after(statement: str) -> set[str]:
    """The heavy top-level packages in sys.modules after running ``statement`` in a fresh Python."""
    probe = f"import sys, json\n{statement}\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1])) & set(HEAVY)


@pytest.mark.parametrize("info", EVERY, ids=ids)
def test_the_engine_and_bots_import_nothing_heavy(info):
    package = info.package
    rooms = [f"{info.module}.{room}" for room in ("rules", "bots") if hasattr(package, "__path__")]
    statement = "; ".join(f"import {module}" for module in [info.module, *rooms])
    assert loaded_after(f"{statement}; {info.module}.Game(**{info.variants[0]!r}).new(seed=1)") == set()


def test_the_registry_and_the_kit_import_nothing_heavy():
    assert loaded_after("import cardlib, cardlib.core, cardlib.games; list(cardlib.GAMES)") == set()


def test_the_probe_sees_a_heavy_import():
    assert "pandas" in loaded_after("import cardlib.core.tournament")  # the probe itself can fail


def module_imports() -> dict[str, set[str]]:
    """Each cardlib module and the cardlib modules it imports, lazy imports inside functions included."""
    graph = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardlib"):
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("cardlib")}
        graph[name] = found
    return graph


def test_no_import_cycles_in_cardlib():
    graph = module_imports()
    done, path = set(), []

    def visit(module: str) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(module):] + [module]))
        if module in done or module not in graph:
            return
        path.append(module)
        for imported in graph[module]:
            visit(imported)
        path.pop()
        done.add(module)

    for module in graph:
        visit(module)


def test_core_and_ui_never_import_a_game():
    games = {info.module for info in REGISTRY if not info.module.startswith(("cardlib.core", "cardlib.ui"))}
    for module, imported in module_imports().items():
        if module.startswith(("cardlib.core", "cardlib.ui")):
            assert not {m for m in imported if m.startswith(tuple(games))}, module


# -- the app, driven in the kernel --

def app_of(info: GameInfo):
    return info.app_class()


def players_of(info: GameInfo) -> list[int]:
    return sorted({game.players for game in info.games()})


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_bad_options_raise_rules_error(info):
    App = app_of(info)
    with pytest.raises(RulesError):
        App(players=99)
    with pytest.raises(RulesError, match="opponents"):
        App(players=players_of(info)[0], opponents=[])


@pytest.mark.parametrize("human", [True, False, -1, 99, 1.0, "0"])
@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_seat_that_is_no_seat_raises_rules_error(info, human):
    players = players_of(info)[-1]  # False == 0 and 1.0 == 1, but neither is a seat
    with pytest.raises(RulesError, match="human must be a seat"):
        app_of(info)(players=players, human=human)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("info", APPS, ids=ids)
def test_whole_games_by_clicks_then_new_game_and_play_again(info, seed):
    rng = random.Random(seed)
    for players in players_of(info):
        app = app_of(info)(players=players, human=seed % players, seed=seed)
        ui.play_by_clicks(app, rng)
        assert "Game over" in app._prompt.value and app.state.observation(app.human).result == app.state.result()
        finished = app.state
        app.button("New game").click()
        assert app.message == "" and app.state is not finished and not app.state.is_over
        ui.play_by_clicks(app, rng)
        app.button("Play again").click()
        assert app.message == "" and not app.state.is_over


VARIANTS = [(info, game) for info in APPS for game in info.games()]


@pytest.mark.parametrize("info, game", VARIANTS, ids=[f"{info.name}-{game!r}" for info, game in VARIANTS])
def test_every_variant_is_played_to_its_result_by_clicks(info, game):
    # the last seat, so that the first seat is a bot: a game that ends before you ever decide fails too
    app, deal = ui.seated_at(app_of(info), game, human=game.players - 1, seed=31)
    ui.check_whole_game(app, deal, random.Random(31))


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_stale_button_gives_a_message_and_changes_nothing(info):
    app = app_of(info)(seed=2)
    ui.check_stale_button(app, next(b for b in app.action_buttons if not b.disabled))


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_seeded_app_is_reproducible(info):
    App, players = app_of(info), players_of(info)[-1]
    one, two = App(players=players, seed=21), App(players=players, seed=21)
    ui.check_seeded_twins_agree(one, two, random.Random(5), random.Random(5), clicks=60)


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_the_same_observation_gives_the_same_widgets_whatever_is_hidden(info):
    App = app_of(info)
    compared = changed = 0
    for players in players_of(info):
        app = App(players=players, seed=players)
        for k, moment in enumerate(ui.moments(app, random.Random(players), count=4)):
            twin_rng = random.Random(100 * players + k)
            changed += ui.check_determinized_twin(moment, lambda: App(players=players, seed=players), twin_rng,
                                                  coach=bool(k % 2))
            compared += 1
    assert compared >= 3 and changed >= 1  # some twins really hid other cards


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_bots_move_by_themselves_when_you_do_not_start(info):
    players = players_of(info)[-1]
    app = app_of(info)(players=players, human=players - 1, seed=9)
    state = app.state
    assert app.message == "" and (ui.my_turn(app) or state.is_over or app.pending(state.observation(app.human)))
    assert "Player 0" in app._log.value


class CheatingBot:
    """Answers every turn with something that is no action at all."""

    name = "cheat"

    def act(self, observation, legal, rng):
        return "a card up my sleeve"


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_bot_that_breaks_the_rules_gives_a_message_not_a_traceback(info):
    players = players_of(info)[0]
    app = app_of(info)(players=players, opponents=[CheatingBot()] * (players - 1), seed=1)
    for _ in range(20):
        if "broke the rules" in app.message:
            break
        app.button(ui.random_click(app, random.Random(1))).click()
    assert "broke the rules" in app.message and "Player" in app.message and "Traceback" not in app.message
    assert app.state.current_player != app.human  # the cheat's turn, the state as it was before its try


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_coach_button_only_where_the_game_has_a_coach(info):
    app = app_of(info)(seed=1)
    assert app.has_coach == bool(type(app).COACH_TIP)
    if not app.has_coach:
        assert "Coach" not in [getattr(w, "description", "") for w in app.children[1].children]
        with pytest.raises(RulesError):
            app.coach_open = True
        return
    assert app._coach_box.layout.display == "none" and app._coach.value == ""
    app.coach_open = True
    assert app._coach_box.layout.display == "flex" and "Coach" in app._coach.value
    app.coach_open = False
    assert app._coach_box.layout.display == "none"


@pytest.mark.parametrize("info", [info for info in APPS if room(info.module, "app")], ids=ids)
def test_the_app_loads_lazily_from_the_game_package(info):
    module, name = info.app.split(":")
    assert getattr(info.package, name) is app_of(info)
    assert module not in subprocess.run([sys.executable, "-c", f"import sys, {info.module}; print(list(sys.modules))"],
                                        capture_output=True, text=True, check=True).stdout


# -- the "Players" menu: the table of the next game --

@pytest.mark.parametrize("info", APPS, ids=ids)
def test_the_players_menu_names_the_game_in_play(info):
    for players in players_of(info):
        app = app_of(info)(players=players, seed=1)
        if app.players_choice is not None:
            ui.check_menu_names_the_game_in_play(app)


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_table_chosen_in_the_menu_is_dealt_by_new_game_then_played_by_clicks(info):
    App = app_of(info)
    app = App(players=players_of(info)[-1], human=1, seed=3)
    if app.players_choice is None or len(app.players_choice.options) < 2:
        pytest.skip("one table only")
    rng = random.Random(3)
    start = app.players_choice.label
    for label, table in app.players_choice.options:
        if table == app.state.game:
            continue
        ui.check_choice_waits_for_new_game(app, label)
        app.button("New game").click()
        seat = 1 if 1 < table.players else 0
        assert app.message == "" and app.state.game == table and app.human == seat
        assert ui.menu_shows_the_table_in_play(app)
        assert list(app.opponents) == [(seat + step) % table.players for step in range(1, table.players)]
        assert sorted(ui.seats_shown(app)) == list(range(table.players)) and ui.seats_shown(app)[-1] == seat
        ui.play_by_clicks(app, rng)
    app.players_choice.label = start  # chosen after the end: "Play again" deals it too
    app.button("Play again").click()
    assert app.players_choice.label == start and ui.menu_shows_the_table_in_play(app) and app.human == 1


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_choosing_the_table_in_play_again_takes_the_hint_away(info):
    app = app_of(info)(seed=3)
    if app.players_choice is None or len(app.players_choice.options) < 2:
        pytest.skip("one table only")
    start = app.players_choice.label
    app.players_choice.label = next(label for label, _ in app.players_choice.options if label != start)
    assert app.table_hint
    app.players_choice.label = start
    assert ui.menu_shows_the_table_in_play(app)


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_the_constructors_opponents_play_again_whenever_the_table_has_their_size(info):
    App = app_of(info)
    players = players_of(info)[0]
    app = App(players=players, seed=4)
    mine = list(app.opponents.values())
    app = App(players=players, human=1, opponents=mine, seed=4)
    assert list(app.opponents.values()) == mine and list(app.opponents) == [(1 + k) % players for k in range(1, players)]
    if app.players_choice is None:
        return
    start = app.players_choice.label
    other = next((label for label, table in app.players_choice.options if table.players != players), None)
    if other is None:
        return
    app.players_choice.label = other
    app.button("New game").click()
    assert not any(bot is agent for bot in app.opponents.values() for agent in mine)
    app.players_choice.label = start
    app.button("New game").click()
    assert all(bot is agent for bot, agent in zip(app.opponents.values(), mine)) and app.human == 1


# -- the exercises --

def exercise_modules() -> list[str]:
    """Every registered game's exercises module."""
    return [f"{info.module}.exercises" for info in REGISTRY if room(info.module, "exercises")]


@pytest.mark.parametrize("module", exercise_modules())
def test_at_least_eight_exercises_numbered_from_1(module):
    ids = exercise_ids(module)
    prefix = ids[0].rsplit(".", 1)[0]
    assert len(ids) >= 8 and ids == [f"{prefix}.{n}" for n in range(1, len(ids) + 1)]


@pytest.mark.parametrize("exercise_id", [key for module in exercise_modules() for key in exercise_ids(module)])
def test_every_exercise_id_computes_exactly_and_has_a_hint(exercise_id):
    item = find(exercise_id)
    truth = item.truth()
    assert truth is not None and truth is not ... and not isinstance(truth, float)  # exact, never a float
    assert item.hint
