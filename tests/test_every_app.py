"""Every app, generically, for the classroom: "New game" asks first, the class record and its CSV, Japanese.

Run over every app of the registry; a new game's app passes these without a test of its own once it
writes the hooks ``decision_row``/``round_rows`` and its ``WORDS_JA``.
"""
from __future__ import annotations

import base64
import random
import re

import pytest

from cardlib.core.classroom import game_columns, read_class_files
from cardlib.core.errors import RulesError
from cardlib.core.package import room
from cardlib.games import REGISTRY
from cardlib.ui import testing as ui
from cardlib.ui.records import KIT_COLUMNS
from cardlib.ui.words import is_japanese

APPS = [info for info in REGISTRY if info.app]
RECORDED = [info for info in APPS if room(info.module, "classroom")]  # the class record's columns are its room's


def ids(info) -> str:
    return info.name


def played(info, seed: int, games: int = 1):
    """An app of ``info`` after ``games`` whole games played by random clicks."""
    app = info.app_class()(seed=seed)
    rng = random.Random(seed)
    for n in range(games):
        if n:
            ui.new_game(app)
        ui.play_by_clicks(app, rng)
    return app


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_new_game_in_mid_game_asks_first_and_keep_playing_changes_nothing(info):
    ui.check_new_game_asks_first(info.app_class()(seed=5), random.Random(5))


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_new_game_before_your_first_move_or_after_the_end_does_not_ask(info):
    app = info.app_class()(seed=6)
    app.button("New game").click()
    assert not app.asking_new_game and app._games == 2
    ui.play_by_clicks(app, random.Random(6))
    app.button("New game").click()
    assert not app.asking_new_game and app._games == 3 and not app.state.is_over


@pytest.mark.parametrize("info", RECORDED, ids=ids)
def test_every_finished_round_is_recorded_with_the_kit_columns_then_the_games(info):
    app = played(info, seed=7, games=2)
    rows = app.records.rows
    assert rows, "no row recorded in two whole games"
    columns = app.records.columns()
    assert columns[:len(KIT_COLUMNS)] == list(KIT_COLUMNS)
    assert set(game_columns(info.name)) <= set(columns)
    assert {row["game"] for row in rows} == {info.name} and {row["seat"] for row in rows} == {app.human}
    assert {row["game_no"] for row in rows} == {1, 2}
    finished = len(app.parts(app.state.observation(app.human))) or 1
    assert {row["round"] for row in rows if row["game_no"] == 2} == set(range(1, finished + 1))


@pytest.mark.parametrize("info", RECORDED, ids=ids)
def test_the_page_offers_the_record_as_a_csv_the_class_reader_takes_whole(info):
    app = played(info, seed=8)
    link = re.search(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"', app._download.value)
    assert link, app._download.value
    name, data = link.group(1), base64.b64decode(link.group(2))
    assert name.endswith(".csv") and info.name in name and data.decode() == app.records.csv_text()
    pooled = read_class_files([(name, data)], game=info.name)
    assert pooled.skipped == [] and len(pooled[info.name]) == len(app.records.rows)


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_before_any_round_is_over_the_page_says_what_will_be_offered(info):
    app = info.app_class()(seed=9)
    if not app.records.rows:
        assert "Finished rounds are kept here" in app._download.value and "href" not in app._download.value


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_language_the_apps_do_not_speak_is_a_rules_error(info):
    with pytest.raises(RulesError, match="no language 'fr'"):
        info.app_class()(lang="fr")


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_japanese_table_shows_every_button_in_japanese(info):
    app = info.app_class()(seed=10, lang="ja")
    assert is_japanese(app._header.value) and is_japanese(app._new_game.description)
    ui.check_speaks_japanese(app, random.Random(10), clicks=80)


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_an_english_table_stays_english(info):
    app = info.app_class()(seed=10)
    assert not any(is_japanese(button.description) for button in app.buttons())


# -- the buttons are reused between renders, and a click from an older table never acts --

@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_click_from_an_older_table_is_refused_even_on_a_reused_button(info):
    app = info.app_class()(seed=11)
    other = ui.check_older_table_never_acts(app, random.Random(11), clicks=40)
    assert other > 0, "no reused button showed another action: the refusal was never put to the test"


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_without_a_page_every_click_acts_and_the_page_lets_the_new_table_act(info):
    app = info.app_class()(seed=12)
    rng = random.Random(12)
    for _ in range(10):  # a kernel alone (a script, a test): no page ever drew a table, so none is older
        app.button(ui.random_click(app, rng)).click()
        assert app.message == ""
    ui.page_drew(app)
    app.button(ui.random_click(app, rng)).click()
    assert app.message == ""
    ui.page_drew(app)  # the page drew the answer: its buttons are the table's now
    app.button(ui.random_click(app, rng)).click()
    assert app.message == ""


@pytest.mark.parametrize("info", APPS, ids=ids)
def test_a_click_makes_one_widget_and_spare_buttons_keep_only_looks_the_seat_was_shown(info):
    app = info.app_class()(seed=13)
    rng, made, most_buttons, most_rows = random.Random(13), set(), 0, 0
    for _ in range(60):
        if app.state.is_over:
            ui.new_game(app)
        before = set(ui.open_widgets())
        app.button(ui.random_click(app, rng)).click()
        made |= set(ui.open_widgets()) - before
        shown = app.action_buttons
        rows = [row for row in app._controls.children if isinstance(row, ui.widgets.HBox)]
        most_buttons, most_rows = max(most_buttons, len(shown)), max(most_rows, len(rows))
        ui.check_spare_buttons_hidden(app)
    # of all made during 60 clicks, still open: this render's marker (the page's report that it shows the render), and the pools of buttons and of rows (two a row)
    assert len(made & set(ui.open_widgets())) <= 1 + most_buttons + 2 * most_rows
