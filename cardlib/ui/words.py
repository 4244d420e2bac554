"""The words of an app in its language: English as written in the code, Japanese from a catalog.

Every label an app shows is written in English in the code; ``Words`` looks it up in the catalogs
of the app's language (the kit's own below, then the game's ``WORDS_JA``) and falls back to the
English when a catalog has no entry. Templates take fields in ``str.format`` style.

>>> ja = Words("ja")
>>> ja("New game"), ja("{n} players", n=4)
('新しいゲーム', '4人')
>>> Words("en")("{n} players", n=4)
'4 players'
>>> ja("Something no catalog has")
'Something no catalog has'
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardlib.core.errors import RulesError

LANGS = ("en", "ja")  # English, and Japanese as the games' sheets write it

# The kit's own words (the frame, the pause, the end of a game); a game adds its terms and buttons.
KIT_JA: dict[str, str] = {
    "New game": "新しいゲーム",
    "Deal a new game now": "新しいゲームを配る",
    "Deal a new game": "新しいゲームを配る",
    "Coach": "コーチ",
    "Next round": "次のラウンドへ",
    "Deal the next round": "次のラウンドを配る",
    "Play again": "もう一度遊ぶ",
    "What happened (bold: since your last move)": "経過（太字：あなたの最後の手番のあと）",
    "Scoreboard (points are bad)": "得点表（点は少ないほど良い）",
    "Scoreboard": "得点表",
    "Nothing has happened yet.": "まだ何も起きていません。",
    "That button is out of date: the table has moved on. Use the buttons shown now.":
        "そのボタンはもう使えません。いま表示されているボタンを使ってください。",
    "for the next game: press": "次のゲームから：押す→",
    "How many play: the game in progress goes on; the next New game deals the table chosen here":
        "人数：いまのゲームはそのまま続き、次の「新しいゲーム」でここで選んだ人数のゲームを配ります",
    "{n} players": "{n}人",
    **{f"{n} players": f"{n}人" for n in range(2, 6)},  # the "Players" menu's labels as games write them
    "Total": "合計",
    "point": "点",
    "points": "点",
    "Round": "ラウンド",
    "no round finished yet": "まだ終わったラウンドはありません",
    "Waiting for {name}.": "{name}の番を待っています。",
    "Not allowed: {why}": "できません：{why}",
    "Something went wrong ({what}).": "問題が起きました（{what}）。",
    "You win!": "あなたの勝ち！",
    "You share first place!": "同点の1位！",
    "You finish in the middle.": "中位で終わりました。",
    "You come last.": "あなたが最下位です。",
    "Game over.": "ゲーム終了。",
    # the end's words name the button shown under them ("Play again"), in both languages
    "Places{rule}: {standing}. Press Play again for a new game.":
        "順位{rule}：{standing}。「もう一度遊ぶ」を押すと次のゲームを配ります。",
    "You": "あなた",
    "you": "あなた",
    "Player {seat}": "プレイヤー{seat}",
    "nobody": "だれも",
    "Start a new game? The game in progress will be lost.": "新しいゲームを始めますか？ いまのゲームは失われます。",
    "Yes, new game": "はい、新しいゲーム",
    "Keep playing": "このまま続ける",
    "Your rounds for the class": "クラス用の記録",
    "Download CSV ({rounds})": "CSVをダウンロード（{rounds}）",
    "{n} rounds": "{n}ラウンド",
    "1 round": "1ラウンド",
    "Finished rounds are kept here for your class: a CSV to download.":
        "終わったラウンドはここに記録され、CSVとしてダウンロードできます。",
}

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")  # kana, kanji and full-width forms


def check_lang(lang: str) -> str:
    """``lang`` if the apps speak it; RulesError naming the languages otherwise.

    >>> check_lang("ja")
    'ja'
    """
    if lang not in LANGS:
        raise RulesError(f"no language {lang!r}; the apps speak {', '.join(map(repr, LANGS))}")
    return lang


def is_japanese(text: str) -> bool:
    """Whether ``text`` has Japanese script in it (kana or kanji).

    >>> is_japanese("パス"), is_japanese("Pass")
    (True, False)
    """
    return bool(CJK.search(text))


class Words:
    """The app's words in one language: ``words(text, **fields)`` is ``text`` in it, filled in."""

    def __init__(self, lang: str = "en", *catalogs: Mapping[str, str]) -> None:
        self.lang = check_lang(lang)
        self.catalog: dict[str, str] = {}
        if self.lang == "ja":
            for catalog in (KIT_JA, *catalogs):
                self.catalog.update(catalog)

    def __call__(self, text: str, **fields: Any) -> str:
        """``text`` (a template if ``fields`` are given) in this language, English where no catalog has it."""
        template = self.catalog.get(text, text)
        return template.format(**fields) if fields else template

    def __repr__(self) -> str:
        return f"Words({self.lang!r})"
