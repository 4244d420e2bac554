"""The words of a table of people's page that are not the game's: its messages, and all of them in Japanese."""
from __future__ import annotations

__all__ = ["MOVED_ON", "DATABASE_DOWN", "PEOPLE_JA"]

MOVED_ON = "The table moved on: another move came first. Look at the table again."
DATABASE_DOWN = "The class database cannot be reached just now: the page tries again by itself."

PEOPLE_JA = {
    "Tables of {game}": "{game}のテーブル",
    "{name} in class {code}": "{name}（クラス {code}）",
    "table {id}": "テーブル{id}",
    "Open tables": "空いているテーブル",
    "No open table yet: open one, and the others can sit down.":
        "まだ空いているテーブルはありません。テーブルを開いてください。",
    "Table {id} · {n} players · {who}": "テーブル{id}・{n}人・{who}",
    "nobody yet": "まだ誰もいません",
    "Sit here": "ここに座る",
    "Open a new table": "新しいテーブルを開く",
    "{n} players": "{n}人",
    "Waiting for players": "プレイヤーを待っています",
    "{player}: empty (a bot plays here if the game starts now)":
        "{player}：空席（いま始めるとボットが入ります）",
    "{player} (bot)": "{player}（ボット）",
    "Start now": "いま始める",
    "The game starts when every seat is taken, or at once when someone seated presses Start now: "
    "a bot takes each empty seat.": "全員が座るとゲームが始まります。座っている人が「いま始める」を押すと、"
                                    "空席にボットが入ってすぐに始まります。",
    "Empty seats become bots": "空席にはボットが入ります",
    "bot": "ボット", "away": "離席中", "you": "あなた",
    MOVED_ON:
        "テーブルは先に進みました：別の手が先に届きました。テーブルをもう一度見てください。",
    "Back to the tables": "テーブル一覧へ",
    "Play the bots instead": "ボットと遊ぶ",
    "{n} s to call": "あと{n}秒",
    "The window closes in {n} s": "あと{n}秒で締め切り",
    "You said {answer}; waiting for the others.":
        "あなたは「{answer}」と答えました。ほかの人を待っています。",
    "Too late: no answer counts as {answer}.": "時間切れ：答えなしは「{answer}」になります。",
    "The others are asked at once; waiting for their answers.":
        "ほかの人たちに同時に聞いています。答えを待っています。",
}
