"""What ``cardlib app`` asks of the app it serves, read from the environment Voila's kernel inherits.

``cardlib app GAME --seed 7 --lang ja`` (``make app GAME=… SEED=7 APP_LANG=ja`` calls it) sets
``CARDLIB_SEED`` and ``CARDLIB_LANG``; the app notebook it serves (the one cell of
``notebooks/apps/<game>.ipynb``) builds its app with ``**launch_options()``.
"""
from __future__ import annotations

import os
from typing import Any, Optional

from cardlib.core.errors import RulesError
from cardlib.ui.words import check_lang

SEED_VARIABLE = "CARDLIB_SEED"  # cardlib app --seed n sets it: every page load deals that seed
LANG_VARIABLE = "CARDLIB_LANG"  # cardlib app --lang ja sets it: the app speaks Japanese


def launch_seed() -> Optional[int]:
    """The seed ``cardlib app --seed n`` asks for (None: a new deal each time); RulesError for a malformed one.

    >>> os.environ[SEED_VARIABLE] = "7"; launch_seed()
    7
    >>> os.environ[SEED_VARIABLE] = ""; launch_seed() is None
    True
    """
    text = os.environ.get(SEED_VARIABLE, "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise RulesError(f"{SEED_VARIABLE} must be a whole number, not {text!r}")
    return int(text)


def launch_options() -> dict[str, Any]:
    """What ``cardlib app`` asks of the app it serves: the seed, and the language when one is set.

    >>> os.environ[SEED_VARIABLE], os.environ[LANG_VARIABLE] = "7", "ja"; launch_options()
    {'seed': 7, 'lang': 'ja'}
    >>> os.environ[SEED_VARIABLE], os.environ[LANG_VARIABLE] = "", ""; launch_options()
    {'seed': None}
    """
    options: dict[str, Any] = {"seed": launch_seed()}
    lang = os.environ.get(LANG_VARIABLE, "").strip()
    if lang:
        options["lang"] = check_lang(lang)
    return options


# ``cardlib class`` sets these for the student page's kernels (never anything a page can read)
CLASS_DB_VARIABLE = "CARDLIB_CLASS_DB"      # the class database's SQLAlchemy URL
CLASS_CODE_VARIABLE = "CARDLIB_CLASS_CODE"  # the class a page may join
CLASS_GAME_VARIABLE = "CARDLIB_CLASS_GAME"  # the lesson's game ("": the students choose)
CLASS_WINDOW_VARIABLE = "CARDLIB_CLASS_KATSU_SECONDS"  # a Katsu window's time limit at tables of people
KATSU_SECONDS = 10  # its default


def class_options() -> dict[str, Any]:
    """What ``cardlib class`` asks of the student page: the database, the class, its game, seed, language and the
    Katsu window's time limit at tables of people.

    >>> os.environ.update({CLASS_DB_VARIABLE: "sqlite:///class.db", CLASS_CODE_VARIABLE: "KXPR",
    ...                    CLASS_GAME_VARIABLE: "", SEED_VARIABLE: "", LANG_VARIABLE: "", CLASS_WINDOW_VARIABLE: "7"})
    >>> class_options()
    {'seed': None, 'db_url': 'sqlite:///class.db', 'code': 'KXPR', 'game': None, 'window': 7.0}
    """
    options = launch_options()
    missing = [name for name in (CLASS_DB_VARIABLE, CLASS_CODE_VARIABLE) if not os.environ.get(name, "").strip()]
    if missing:
        raise RulesError(f"the class page needs {' and '.join(missing)}: start it with `cardlib class`")
    options["db_url"] = os.environ[CLASS_DB_VARIABLE].strip()
    options["code"] = os.environ[CLASS_CODE_VARIABLE].strip()
    options["game"] = os.environ.get(CLASS_GAME_VARIABLE, "").strip() or None
    window = os.environ.get(CLASS_WINDOW_VARIABLE, "").strip()
    options["window"] = float(window) if window.isdigit() and 1 <= int(window) <= 3600 else float(KATSU_SECONDS)
    return options


# ``cardlib app/class --frontend``: which Voila template (cardlib/ui/jupyter/voila/templates/) draws the page
FRONTENDS = {"light": "cardlib",         # cardlib's light frontend: one script (frontend/, `make frontend`)
             "voila": "cardlib-voila"}   # Voila's own JupyterLab frontend (77 scripts, 4 MB)
FRONTEND = "light"


def with_frontend(options: list[str], frontend: str = FRONTEND) -> list[str]:
    """Voila's command-line ``options`` with the template of ``frontend`` in place of theirs (Voila refuses two).

    >>> with_frontend(["--no-browser", "--template=cardlib", "--port=8866"], "voila")
    ['--no-browser', '--template=cardlib-voila', '--port=8866']
    >>> with_frontend(["--port=8866"])
    ['--port=8866', '--template=cardlib']
    """
    template = f"--template={FRONTENDS[frontend]}"
    swapped = [template if option.startswith("--template=") else option for option in options]
    return swapped if template in swapped else [*swapped, template]
