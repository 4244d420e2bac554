"""SCOUT's app in Japanese (lang="ja"), as the sheet writes it: no English left on the page; and "New game"
asking first in mid-game."""
from __future__ import annotations

import random
import re

import pytest

from cardlib.scout.app import ScoutApp
from cardlib.scout.bots import PlannerBot
from cardlib.ui.testing import check_new_game_asks_first, check_speaks_japanese, random_click
from cardlib.ui.words import is_japanese
from tests.scout.test_app import labels, text

ENGLISH = re.compile(r"[A-Za-z][A-Za-z']{2,}")
KIT_ENGLISH = {"CSV", "SCOUT"}  # a file format, and the game's own name


def page_words(app) -> set:
    """The English words on the page: text, buttons, their tooltips and group headings."""
    page = " ".join(text(w) for w in (app._header, app._table, app._result, app._prompt, app._log, app._scores,
                                      app._help, app._message))
    page += " ".join(text(c) for c in app._controls.children if hasattr(c, "value"))
    page += " ".join(text(w) for row in app._controls.children for part in getattr(row, "children", ())
                     for w in [part] if hasattr(w, "value"))
    page += " ".join(f"{b.description} {b.tooltip}" for b in app.buttons())
    return set(ENGLISH.findall(page))


@pytest.mark.parametrize("players, seed", [(3, 31), (2, 32), (5, 33)])
def test_a_japanese_table_plays_whole_games_by_clicks_with_no_english_left(players, seed):
    app = ScoutApp(players=players, opponents=[PlannerBot() for _ in range(players - 1)], seed=seed, lang="ja")
    rng, seen, english = random.Random(seed), set(), set()
    check_speaks_japanese(app, rng, clicks=15)  # (fewer clicks than a game: its new_game looks for English)
    app.button(app.say("New game")).click()  # then a whole game, the page read at every click
    if app.asking_new_game:  # (ui.testing.new_game looks for the English label)
        app.button(app.say("Yes, new game")).click()
    while not app.state.is_over:
        english |= page_words(app)
        seen |= set(labels(app))
        if app.step is None and any(label.startswith("ダブルアクション") for label in labels(app)) and rng.random() < .5:
            app.button(next(label for label in labels(app) if label.startswith("ダブルアクション"))).click()
        else:
            app.button(random_click(app, rng)).click()
        assert app.message == "", app.message
    english |= page_words(app)
    assert english <= KIT_ENGLISH, english - KIT_ENGLISH
    assert any(label.startswith("プレイ ") for label in seen)
    assert any(label.startswith("スカウト") for label in seen)
    assert players == 2 or any(label.startswith("ダブルアクション") for label in seen)


def test_the_japanese_title_menu_buttons_and_terms_are_the_sheets():
    app = ScoutApp(seed=1, lang="ja", opponents=[PlannerBot(), PlannerBot()])
    assert "スカウト" in text(app._header) and "SCOUT" not in text(app._header)
    assert labels(app) == ["そのまま", "上下を入れ替える"]  # 手札全体の上下をまとめて入れ替える
    assert [label for label, _ in app.players_choice.options] == ["3人", "4人", "5人", "2人（公式バリアント）"]
    assert "場札" in text(app._table) and "手札" in text(app._table) and "得点チップ" in text(app._table)
    assert "スカウトの遊び方" in text(app._help) and "同数" in text(app._help) and "連番" in text(app._help)
    app.button("そのまま").click()
    assert all(label.startswith("プレイ ") for label in labels(app))
    check_new_game_asks_first(app, random.Random(1))


def test_an_english_app_says_nothing_in_japanese():
    app = ScoutApp(seed=1, opponents=[PlannerBot(), PlannerBot()])
    rng = random.Random(1)
    for _ in range(40):
        page = " ".join(text(w) for w in (app._header, app._table, app._prompt, app._log, app._help))
        assert not is_japanese(page.replace("スカウト", "").replace("プレイ", "").replace("同数", "")
                               .replace("連番", "").replace("場札", "").replace("ダブルアクション", ""))
        assert not any(is_japanese(label) for label in labels(app))
        app.button(random_click(app, rng)).click()
