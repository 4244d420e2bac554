"""The words of the multiple choices (core/choices.py): read from each game's choices.ini, every section used."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardlib.core.checking import _REGISTRY, load_all
from cardlib.core.choices import FILE, _read, feedback, parsed
from cardlib.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def test_each_section_of_a_choices_file_is_a_registered_multiple_choice_and_each_one_has_its_section():
    load_all()
    for line in REGISTRY:
        path = ROOT / line.module.replace(".", "/") / FILE
        sections = set(_read(path).sections()) if path.exists() else set()
        chosen = {item.id for item in _REGISTRY.values()
                  if item.choices and item.truth.__module__.startswith(f"{line.module}.")}
        assert sections == chosen, f"{path}: sections {sorted(sections)}, multiple choices {sorted(chosen)}"


def test_a_text_goes_on_over_indented_lines_and_keeps_its_order():
    words = parsed("[x.1]\nhint 1 = One,\n    two.\nhint 2 = Three.\n(c) = Not c.\n(a) = Not a.\n")
    assert feedback(words, "x.1", "abc", "x") == (("One, two.", "Three."), [("c", "Not c."), ("a", "Not a.")])


@pytest.mark.parametrize("text, wrong", [
    ("[x.1]\nhint 2 = Second first.\n", "'hint 2' is neither the next hint (hint 1)"),
    ("[x.1]\nhint 1 = A.\n(e) = No such letter.\n", "'(e)' is neither the next hint (hint 2) nor a letter of 'abcd'"),
    ("[x.1]\nhint 1 = A.\nb = Letters are written (b).\n", "'b' is neither"),
])
def test_a_misspelt_key_is_refused_with_its_name(text, wrong):
    with pytest.raises(ValueError, match=r"\[x\.1\] in the file: " + wrong.replace("(", r"\(").replace(")", r"\)")):
        feedback(parsed(text), "x.1", "abcd", "the file")


def test_a_percent_sign_or_a_colon_is_only_text():
    words = parsed("[x.1]\nhint 1 = 50% of the cards: half.\n")
    assert feedback(words, "x.1", "ab", "x") == (("50% of the cards: half.",), [])
