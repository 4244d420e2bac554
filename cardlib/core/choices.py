"""``multiple_choice``: an "explain" exercise, its truth a function and its words in the game's ``choices.ini``.

The words a teacher may want to read or change (the hints in steps, and what a student who picks
each wrong letter is told) stand in ``cardlib/<game>/choices.ini``, a section an exercise; a line
that starts with spaces goes on with the text above it:

>>> words = '''
... [demo.3]
... hint 1 = Two and two.
... hint 2 = Count them on your fingers,
...     one by one.
... (a) = Three is one short.
... '''
>>> feedback(parsed(words), "demo.3", "ab", "the demo")
(('Two and two.', 'Count them on your fingers, one by one.'), [('a', 'Three is one short.')])
>>> feedback(parsed(words), "demo.4", "ab", "the demo")
Traceback (most recent call last):
...
ValueError: the demo has no section [demo.4] (the words of the multiple choice demo.4)
"""
from __future__ import annotations

import configparser
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardlib.core.checking import exercise

FILE = "choices.ini"  # beside a game's exercises: the words of its multiple choices


def parsed(text: str) -> configparser.ConfigParser:
    """The sections of a ``choices.ini`` text: only ``=`` names a key, and no ``%`` is special."""
    sections = configparser.ConfigParser(delimiters=("=",), interpolation=None, empty_lines_in_values=False)
    sections.read_string(text)
    return sections


@lru_cache(maxsize=None)
def _read(path: Path) -> configparser.ConfigParser:
    """The sections of the ``choices.ini`` at ``path`` (read once)."""
    return parsed(path.read_text(encoding="utf-8"))


def feedback(sections: configparser.ConfigParser, id: str, choices: str,
             where: str) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """The hints (``hint 1``, ``hint 2``, …) and the wrong letters' messages (``(b) = …``) of exercise ``id``."""
    if not sections.has_section(id):
        raise ValueError(f"{where} has no section [{id}] (the words of the multiple choice {id})")
    hints, mistakes = [], []
    for key, text in sections.items(id):
        text = " ".join(text.split("\n"))
        if key == f"hint {len(hints) + 1}":
            hints.append(text)
        elif len(key) == 3 and key[0] + key[2] == "()" and key[1] in choices:
            mistakes.append((key[1], text))
        else:
            raise ValueError(f"[{id}] in {where}: {key!r} is neither the next hint (hint {len(hints) + 1}) "
                             f"nor a letter of {choices!r} written (a)")
    return tuple(hints), mistakes


def multiple_choice(id: str, choices: str = "abcd") -> Callable:
    """Register the decorated function as the truth of the multiple choice ``id`` (the letter cardlib confirms),
    with its hints and mistakes from the ``choices.ini`` beside the function's module."""
    def register(truth: Callable[[], Any]) -> Callable[[], Any]:
        path = Path(sys.modules[truth.__module__].__file__ or "").with_name(FILE)
        hints, mistakes = feedback(_read(path), id, choices, str(path))
        return exercise(id, hint=hints, mistakes=mistakes, choices=choices)(truth)
    return register
