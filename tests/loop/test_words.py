"""The Loop app in Japanese (``lang="ja"``): whole games by clicks with every button in Japanese, and the
sheet's own terms (ループ, ノーマルラウンド, ループラウンド, パス, どんでん, シングル, ペア, スリーカード, 連番, 席)."""
from __future__ import annotations

import random
import re

import pytest

from cardlib.loop.app import LoopApp
from cardlib.loop.bots import ClimberBot
from cardlib.loop.words import WORDS_JA
from cardlib.ui.testing import (
    check_buttons_are_the_legal_actions, check_speaks_japanese, play_with_agent, random_click,
)
from cardlib.ui.words import is_japanese

ENGLISH_WORDS = re.compile(r"\b(?!points?\b)[A-Za-z]{4,}\b")  # English on the page (cards are 7r, 12b; "points" is the kit's seat box)


def shown(app) -> str:
    """What a person reads on the page: the header, table, result, prompt, log and scores, tags and styles aside."""
    html = "".join(w.value for w in (app._table, app._result, app._prompt, app._log, app._help))
    html += app.children[1].children[0].value  # the header
    text = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return re.sub(r"<[^>]*>", " ", text)


def test_the_kits_check_finds_only_japanese_buttons():
    app = LoopApp(players=4, seed=1, lang="ja", opponents=[ClimberBot()] * 3)
    check_speaks_japanese(app, random.Random(1), clicks=40)  # (the kit's check starts no new game in 40 clicks)
    assert not app.state.is_over


@pytest.mark.parametrize("players, seed", [(4, 1), (3, 2), (2, 3)])
def test_a_japanese_app_plays_whole_games_by_clicks_with_japanese_buttons(players, seed):
    app = LoopApp(players=players, seed=seed, lang="ja", opponents=[ClimberBot()] * (players - 1))
    rng, games = random.Random(seed), 0
    for _ in range(3000):
        check_buttons_are_the_legal_actions(app)
        for button in app.buttons():
            label = button.description
            assert is_japanese(label) or not re.search(r"[A-Za-z]{3,}", label), f"an English button: {label!r}"
        if app.state.is_over:
            games += 1
            if games == 2:
                break
            app.button("もう一度遊ぶ").click()  # "Play again"
        else:
            app.button(random_click(app, rng)).click()
    assert games == 2


def test_the_title_and_the_sheets_terms_are_on_the_japanese_page():
    app = LoopApp(players=3, seed=4, lang="ja", opponents=[ClimberBot()] * 2)
    header = lambda: app.children[1].children[0].value  # noqa: E731
    assert "ループ" in header() and "ノーマルラウンド" in header()
    labels, headers, rng = set(), set(), random.Random(4)
    while not app.state.is_over:
        labels |= {button.description for button in app.buttons()}
        headers.add(header())
        app.button(random_click(app, rng)).click()
    assert {"パス", "新しいゲーム"} <= labels
    assert any(label.startswith("席") for label in labels)  # the chairs of a loop round: 席
    assert any("ループラウンド" in text for text in headers)


def test_no_english_sentence_is_left_on_the_japanese_page():
    app = LoopApp(players=4, seed=5, lang="ja", opponents=[ClimberBot()] * 3)
    rng = random.Random(5)
    for _ in range(300):
        text = shown(app)
        assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text).group(0)
        if app.state.is_over:
            break
        app.button(rng.choice([b.description for b in app.action_buttons if not b.disabled])).click()


def test_the_forms_and_the_rounds_are_named_as_the_sheet_names_them():
    assert [WORDS_JA[form] for form in ("Singles", "Pairs", "Three of a kind", "Runs")] == \
        ["シングル", "ペア", "スリーカード", "連番"]
    assert (WORDS_JA["normal round"], WORDS_JA["loop round"], WORDS_JA["Donden"]) == \
        ("ノーマルラウンド", "ループラウンド", "どんでん")
    assert all(is_japanese(text) for text in WORDS_JA.values() if re.search(r"[A-Za-z]{4,}", text) is None
               and text.strip(" .{}0-9a-z<>/") != "")


def test_a_japanese_student_keeps_the_same_class_record_as_an_english_one():
    rows = []
    for lang in ("en", "ja"):
        app = LoopApp(players=3, seed=6, lang=lang, opponents=[ClimberBot()] * 2)
        play_with_agent(app, ClimberBot(), random.Random(6))
        rows.append(app.records.csv_text())
    assert rows[0] == rows[1]
