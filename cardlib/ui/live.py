"""The student page of a live class (``cardlib class``): join by name and class code, then play against bots
or at a table of people.

The page asks a name and the class code (and, when the class has no game of its own, which game);
``Join`` checks them against the class the server was started for (``ClassDB.join``), then shows the
game's app as ``cardlib app`` does. Every round the student finishes goes to the class database as
well as to the app's CSV: ``Records.sink`` hands the round's rows to ``ClassPage``, which writes them
in one transaction (``ClassDB.add_round``) under a key unique to this page and round, so that a write
retried is stored once. A round the database refused for now (locked, down) is kept and tried again
every few seconds; the page says "saved" or "not saved yet", never a traceback. A student who
reloads, or comes back with the same name and code, carries on: their rounds count, and their new
games are numbered after the ones stored.

Beside the status line, "Join a table" opens the tables of people of the class's game
(``cardlib.ui.people.PeoplePage``: sit down, start, play each other; "Play the bots instead" comes back).
A student who joins while seated at a table still playing is taken back to it.

The database's URL and the class code come from the kernel's environment (``class_options``): the page
never receives them, nor any other student's name or rows; it writes only under the name it joined with.
"""
from __future__ import annotations

import hmac
import math
import secrets
import threading
import time
from html import escape
from typing import Any, Optional

import ipywidgets as widgets

from cardlib.games import REGISTRY, GameInfo
from cardlib.ui.words import Words

NAME_LENGTH = 40  # as the class database keeps a name
TABLE = "bots"  # the table of a game against bots, as the database names it
WRONG_CODE = "That is not the code of an open class: check it with your teacher."
TOO_MANY = "Too many wrong codes: wait {n} seconds, then try again."
RETRY_SECONDS = 5.0  # a round the database did not take is tried again this often, until it is stored
FREE_TRIES = 3  # wrong codes a page may type before each next try waits (5 s, 10 s, 20 s, ... at most a minute)

LIVE_JA = {
    "Join the class": "クラスに参加",
    "Your name": "名前",
    "Class code": "クラスコード",
    "Game": "ゲーム",
    "Join": "参加する",
    "the name your teacher will see": "先生に見える名前",
    "the code your teacher shows": "先生が示すコード",
    "Please type your name.": "名前を入力してください。",
    "A name is at most {n} characters; this one has {m}.": "名前は{n}文字までです（いまは{m}文字）。",
    "A name cannot hold a line break, a tab or another control character.": "名前に改行やタブは使えません。",
    WRONG_CODE: "開いているクラスのコードではありません。先生に確認してください。",
    TOO_MANY: "コードの間違いが多すぎます。{n}秒待ってからもう一度試してください。",
    "The class database cannot be reached just now: try Join again in a moment.":
        "いまクラスのデータベースにつながりません。少し待ってからもう一度「参加する」を押してください。",
    "The class database cannot be reached just now: try Join a table again in a moment.":
        "いまクラスのデータベースにつながりません。少し待ってからもう一度「テーブルに参加」を押してください。",
    "{name} in class {code}": "{name}（クラス {code}）",
    "rounds played: {n}": "プレイしたラウンド：{n}",
    "saved": "保存済み",
    "Join a table": "テーブルに参加",
    "not saved yet ({n} round(s)): tried again every few seconds":
        "まだ保存されていません（{n}ラウンド）：数秒ごとにもう一度保存します",
    "{n} round(s) could not be stored: tell your teacher": "{n}ラウンドを保存できませんでした：先生に伝えてください",
}


def app_games() -> dict[str, GameInfo]:
    """The games with an app, by name."""
    return {info.name: info for info in REGISTRY if info.app}


class ClassPage(widgets.VBox):
    """A student's page: the join form, then the game's app with every finished round stored in the class."""

    def __init__(self, db_url: str, code: str, game: Optional[str] = None, *, seed: Optional[int] = None,
                 lang: str = "en", window: float = 10.0) -> None:
        self.say = Words(lang, LIVE_JA)
        self._db_url, self._code = db_url, code.strip().upper()  # the kernel's own: never shown on the page
        self._db: Any = None
        self._seed, self._lang = seed, lang
        self._window = window  # a Katsu window's time limit at the tables of people this page opens
        self._wrong, self._wait_until = 0, 0.0  # wrong codes typed on this page, and when the next try is let in
        self.page_id = secrets.token_hex(6)  # a round's key: this page, its game and round (a retry is stored once)
        self.game = game if game in app_games() else None
        self.name: Optional[str] = None  # set once joined
        self.app: Any = None
        self._ahead: tuple[str, Any] = ("", None)  # (game, app) made in the pool before anyone joined
        self.people: Any = None  # the tables of people, while the student is there
        self.pending: list[tuple[str, int, list[dict[str, Any]]]] = []  # rounds not stored yet: (key, seat, rows)
        self.refused: list[str] = []  # rounds the database will never take (their keys)
        self.last_error = ""  # why the last write failed (for the teacher's diagnosis; never shown on the page)
        self._saving = threading.Lock()  # a round just finished and a timed retry never write at once
        self._retry: Optional[threading.Timer] = None
        self.rounds_played = 0
        say = self.say
        wide = widgets.Layout(width="26em")
        self.name_field = widgets.Text(placeholder=say("the name your teacher will see"), description=say("Your name"),
                                       layout=wide, style={"description_width": "8em"})
        self.code_field = widgets.Text(placeholder=say("the code your teacher shows"), description=say("Class code"),
                                       layout=wide, style={"description_width": "8em"})
        self.game_choice: Optional[widgets.Dropdown] = None
        fields: list[widgets.Widget] = [self.name_field, self.code_field]
        if self.game is None:
            self.game_choice = widgets.Dropdown(options=[(info.title, name) for name, info in app_games().items()],
                                                description=say("Game"), layout=wide,
                                                style={"description_width": "8em"})
            fields.append(self.game_choice)
        self.join_button = widgets.Button(description=say("Join"), button_style="primary", icon="sign-in")
        self.join_button.on_click(lambda _button: self.join())
        self.message = widgets.HTML()
        self.status = widgets.HTML()
        self.table_button = widgets.Button(description=say("Join a table"), icon="users",
                                           tooltip=say("Play other students of the class at one table"))
        self.table_button.on_click(lambda _button: self.open_tables())
        self.status_row = widgets.HBox([self.status, self.table_button])
        self.status_row.add_class("cl-class-status-row")
        self.form = widgets.VBox([widgets.HTML(f'<h2 class="cl-join-title">{escape(say("Join the class"))}</h2>'),
                                  *fields, self.join_button, self.message])
        self.form.add_class("cl-join")
        super().__init__([self.form])
        self.add_class("cl-class-page")
        self._prepare()

    def _prepare(self) -> None:
        """Do now what joining needs: import the game's app (every game's, if students choose) and, for a class of
        one game, make the app with its first deal, not yet shown; open the class database (its schema checked).
        ``cardlib class`` runs the page ahead in its pool of kernels, so a student who joins waits for none of it,
        and the page loads the app's widgets with the join form's; a database that does not answer yet is opened
        again at the join."""
        for name in [self.game] if self.game else list(app_games()):
            try:
                app_games()[name].app_class()
            except Exception:  # an app that cannot start says why when the student joins
                pass
        if self.game:
            try:
                self._ahead = (self.game, self._new_app(self.game))
            except Exception:  # made again at the join, which says why it cannot start
                self._ahead = ("", None)
        try:
            self._database()
        except Exception:
            self._db = None

    # -- joining --

    def join(self) -> None:
        """The Join button: check the code and the name, then show the game (a refusal becomes the message)."""
        if self.app is not None:
            return
        name = self.name_field.value.strip()
        why = self._name_problem(name)
        if why:
            return self._refuse(why)
        wait = self._wait_until - time.monotonic()
        if wait > 0:  # a page cannot guess its way through the codes
            return self._refuse(self.say(TOO_MANY, n=math.ceil(wait)))
        if not hmac.compare_digest(self.code_field.value.strip().upper().encode(), self._code.encode()):
            self._wrong += 1
            if self._wrong >= FREE_TRIES:
                self._wait_until = time.monotonic() + min(60, 5 * 2 ** (self._wrong - FREE_TRIES))
            return self._refuse(self.say(WRONG_CODE))  # says nothing of which classes exist
        from cardlib.core.classdb import BadName, WrongCode

        try:
            db = self._database()
            joined = db.join(self._code, name)
            info = db.class_info(self._code)
            game = (info.game if info is not None and info.game in app_games() else None) or self._chosen_game()
            played = db.rounds_played(self._code, joined, game)
            before = last_game_number(db, self._code, joined, game)
        except WrongCode:
            return self._refuse(self.say(WRONG_CODE))
        except BadName as error:
            return self._refuse(self.say(str(error)))
        except Exception:  # the database is down or locked: never a traceback on a student's page
            return self._refuse(self.say("The class database cannot be reached just now: try Join again in a moment."))
        self.name, self.game, self.rounds_played = joined, game, played
        self._start_game(before)
        if self.app is not None and self._seated():
            self.open_tables()  # back at the table they sat at

    def _name_problem(self, name: str) -> str:
        if not name:
            return self.say("Please type your name.")
        if len(name) > NAME_LENGTH:
            return self.say("A name is at most {n} characters; this one has {m}.", n=NAME_LENGTH, m=len(name))
        if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in name):
            return self.say("A name cannot hold a line break, a tab or another control character.")
        return ""

    def _refuse(self, text: str) -> None:
        self.message.value = f'<div class="cl-message cl-join-message">{escape(text)}</div>'

    def _chosen_game(self) -> str:
        return self.game or (self.game_choice.value if self.game_choice is not None else next(iter(app_games())))

    def _database(self) -> Any:
        if self._db is None:
            from cardlib.core.classdb import ClassDB

            self._db = ClassDB(self._db_url)
        return self._db

    def _new_app(self, game: str) -> Any:
        """The game's app as this class plays it (its seed and language), dealt and not shown."""
        options: dict[str, Any] = {"seed": self._seed}
        if self._lang != "en":
            options["lang"] = self._lang
        return app_games()[game].app_class()(**options)

    def _start_game(self, games_before: int) -> None:
        (game, ahead), self._ahead = self._ahead, ("", None)
        try:
            self.app = ahead if game == self.game and ahead is not None else self._new_app(self.game)
        except Exception as error:  # an app that cannot start says why, never with a traceback
            return self._refuse(f"{type(error).__name__}: {error}")
        self.app.records.games_before = games_before  # this student's games are numbered after the stored ones
        self.app.records.sink = self._round_finished
        self.message.value = ""
        self._show_status()
        self.children = [self.status_row, self.app]

    # -- tables of people --

    def _seated(self) -> bool:
        from cardlib.core.tables import seated_at

        try:
            return seated_at(self._database(), self._code, self.name) is not None
        except Exception:  # the database is down: the bots app stays, the button tries again
            return False

    def open_tables(self) -> None:
        """The "Join a table" button: the tables of people of this game (a message if they cannot open now)."""
        from cardlib.ui.people import PeoplePage

        if self.app is None or self.people is not None:
            return
        try:
            self.people = PeoplePage(self._database(), self._code, self.name, game=self.game, lang=self._lang,
                                     window=self._window, on_leave=self.play_bots)
        except Exception:  # never a traceback on a student's page: say it above the game, which stays
            self._refuse(self.say("The class database cannot be reached just now: try Join a table again in a moment."))
            self.children = [self.status_row, self.message, self.app]
            return
        self.table_button.layout.display = "none"
        self.children = [self.people]  # its own line names the student and the class (an empty message takes room)

    def play_bots(self) -> None:
        """Back from the tables of people to the game against bots."""
        if self.people is not None:
            self.people.close()
            self.people = None
        self.table_button.layout.display = None
        self.message.value = ""
        try:  # the rounds played at tables were stored by the tables: count them too
            self.rounds_played = self._database().rounds_played(self._code, self.name, self.game)
        except Exception:  # the database is down: the count stays, the next stored round brings it up to date
            pass
        self._show_status()
        self.children = [self.status_row, self.app]

    # -- every finished round to the database --

    def _round_finished(self, rows: list[dict[str, Any]]) -> None:
        """The app finished a round: keep it, then store every round kept (the oldest first)."""
        first = rows[0]
        self.pending.append((f"{self.page_id}:{first['game_no']}:{first['round']}", first["seat"], rows))
        self.save()

    def save(self) -> bool:
        """Store the rounds not stored yet, in order; False if some must wait (the database failed: they are
        tried again every ``RETRY_SECONDS``, so the last round of a student who stops playing is stored too)."""
        with self._saving:
            stored = self._store()
        waiting = self._retry is not None and self._retry.is_alive() and self._retry is not threading.current_thread()
        if not stored and self.pending and not waiting:  # a timed retry that failed sets the next (it is still alive)
            self._retry = threading.Timer(RETRY_SECONDS, self.save)
            self._retry.daemon = True
            self._retry.start()
        return stored

    def _store(self) -> bool:
        from cardlib.core.classdb import BadRound

        try:
            while self.pending:
                key, seat, rows = self.pending[0]
                try:
                    self._database().add_round(self._code, self.name, self.game, TABLE, seat, rows, key=key)
                except BadRound:  # its rows are not a record of the game: no retry would help
                    self.refused.append(key)
                self.pending.pop(0)
            self.rounds_played = self._database().rounds_played(self._code, self.name, self.game)
            return True
        except Exception as error:  # kept and tried again; the page says so
            self.last_error = f"{type(error).__name__}: {error}"[:500]
            return False
        finally:
            self._show_status()

    def _show_status(self) -> None:
        say = self.say
        parts = [say("{name} in class {code}", name=self.name, code=self._code),
                 say("rounds played: {n}", n=self.rounds_played)]
        if self.pending:
            parts.append(say("not saved yet ({n} round(s)): tried again every few seconds",
                             n=len(self.pending)))
        elif self.rounds_played:
            parts.append(say("saved"))
        if self.refused:
            parts.append(say("{n} round(s) could not be stored: tell your teacher", n=len(self.refused)))
        state = "pending" if self.pending else "saved"
        self.status.value = (f'<div class="cl-class-status" data-saved="{state}" data-rounds="{self.rounds_played}" '
                             f'style="font-size: 15px; padding: 4px 10px; border-radius: 4px; '
                             f'background: {"#fff4e0" if self.pending else "#eaf4ea"}">'
                             f'{" · ".join(escape(part) for part in parts)}</div>')


def last_game_number(db: Any, code: str, name: str, game: str) -> int:
    """The highest game number of a student's stored rounds of a game (0: none yet)."""
    from cardlib.core.classdb_people import last_game_number as stored

    with db.engine.connect() as connection:
        return stored(connection, code, name, game)
