"""The Satori's app in Japanese (lang="ja"): the sheet's words on every button, the table, the log and the
coach; and "New game" asking first in mid-game."""
from __future__ import annotations

import random
import re

from cardlib.satori import PLAY_SATORI
from cardlib.satori.actions import WINDOW
from cardlib.satori.app import SatoriApp
from cardlib.satori.bots import CountingBot
from cardlib.satori.coach import CHOSEN_MODEL
from cardlib.satori.words import WORDS_JA
from cardlib.ui.testing import check_new_game_asks_first, check_speaks_japanese
from tests.satori.helpers import PASS_GAME, play_out, stacked
from tests.satori.test_app import text

def japanese_app(**options) -> SatoriApp:
    """The app in Japanese."""
    return SatoriApp(lang="ja", **options)


def test_a_japanese_table_plays_whole_games_by_clicks_with_no_english_button():
    app = japanese_app(seed=3)
    check_speaks_japanese(app, random.Random(1), clicks=120)
    assert app._games >= 2  # at least one whole game, and a new one dealt


def test_the_japanese_table_uses_the_sheets_title_and_terms():
    app = japanese_app(players=3, human=1, opponents=[CountingBot()] * 2, seed=1)
    state = stacked(3)
    state.apply(PLAY_SATORI)
    app.resume(state)
    assert "ザ・悟り" in app._header.value and "3人" in app._header.value
    assert [b.description for b in app.action_buttons] == ["喝!", "喝をしない"]
    table = text(app._table)
    for term in ("手札", "山札", "悟りカード", "雑念カード"):
        assert term in table
    assert "喝?" in text(app._prompt) and "「喝!」" in text(app._prompt)
    assert "悟りカード（合計）" in text(app._scores) and "ザ・悟りの遊び方" in app._help.value
    app.button("喝をしない").click()
    assert "あなたは「喝!」をしませんでした。" in text(app._log)


def test_every_turn_button_has_the_sheets_words_in_japanese():
    app = japanese_app(seed=1)
    assert [b.description for b in app.action_buttons] == ["悟りカードを出す", "雑念カードを出す", "「悟りました」と宣言する"]
    assert app.button("「悟りました」と宣言する").tooltip.startswith("宣言には")
    app.resume(play_out(stacked(), PASS_GAME.split("pass")[0]))
    assert [b.description for b in app.action_buttons] == [WORDS_JA["Pass"], "「悟りました」と宣言する"] == \
        ["パスする", "「悟りました」と宣言する"]


def until_asked_katsu(app: SatoriApp) -> SatoriApp:
    """Click the first button allowed until you are asked Katsu? (a bot has just played): the app."""
    for _ in range(30):
        obs = app.state.observation(app.human)
        if obs.phase == WINDOW and obs.current_player == app.human:
            return app
        next(button for button in app.action_buttons if not button.disabled).click()
    raise AssertionError("never asked Katsu?")


def test_the_japanese_coach_in_a_katsu_window_speaks_only_japanese_with_the_english_numbers():
    japanese, english = until_asked_katsu(japanese_app(seed=5)), until_asked_katsu(SatoriApp(seed=5))
    japanese.coach_open = english.coach_open = True
    words = text(japanese._coach)
    assert re.findall(r"[A-Za-z]{3,}", words) == [], words  # numbers and symbols allowed: P, ±, 3/5
    for term in ("コーチ", "悟りカード", "雑念カード", "喝!", "事前確率", "尤度", "事後確率", "期待値", "損益分岐点",
                 WORDS_JA[CHOSEN_MODEL], "採用"):
        assert term in words, term
    # the same numbers as the English panel of the same seeded game: only the words differ
    data = re.compile(r'data-[\w-]+="[^"]*"')
    assert data.findall(japanese._coach.value) == data.findall(english._coach.value)
    assert "data-verdict" in japanese._coach.value and "P(satori)" in text(english._coach)
    on_turn = japanese_app(seed=5)  # your first turn: the coach's other panel
    on_turn.coach_open = True
    assert "見えていないカード" in text(on_turn._coach) and not re.search(r"[A-Za-z]{3,}", text(on_turn._coach))


def test_an_english_app_says_nothing_in_japanese_but_the_sheets_terms():
    app = SatoriApp(seed=1)
    assert app.lang == "en" and "The Satori" in app._header.value and "手札" not in app._table.value


def test_new_game_in_mid_game_asks_first():
    check_new_game_asks_first(SatoriApp(seed=2), random.Random(2))
