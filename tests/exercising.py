"""Helpers of the exercise tests: run a solution notebook's code as a student's kernel would."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest

from cardlib.core import checking

EXERCISES = Path(__file__).resolve().parents[1] / "exercises"


@pytest.fixture(autouse=True)
def first_try(monkeypatch):
    """Each test starts with no wrong tries counted, so a wrong answer gets the first hint (import it to use it)."""
    monkeypatch.setattr(checking, "_TRIES", {})


@lru_cache(maxsize=None)
def run_solutions(name: str) -> tuple[dict[str, object], dict[str, object]]:
    """Run ``exercises/solutions/<name>.ipynb`` in one namespace (no kernel): the namespace, and
    each checked answer by exercise id."""
    path = EXERCISES / "solutions" / f"{name}.ipynb"
    namespace: dict[str, object] = {}
    answers: dict[str, object] = {}
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        found = re.fullmatch(r'check\("([\w]+\.\d+)", (answer_\d+)\)', cell.source.strip())
        if found:
            answers[found.group(1)] = namespace[found.group(2)]
        else:
            exec(compile(cell.source, f"{path.name}:{cell.id}", "exec"), namespace)
    return namespace, answers


def says_only_its_own_mistake(exercise_id: str, answer: object, index: int) -> bool:
    """check() refuses ``answer`` with the message of the exercise's mistake ``index``, and no other's."""
    from cardlib import check
    from cardlib.core.checking import find

    mistakes = find(exercise_id).mistakes
    verdict = check(exercise_id, answer)
    others = [m.message for i, m in enumerate(mistakes) if i != index]
    return (not verdict.ok and mistakes[index].message in verdict.message
            and not any(message in verdict.message for message in others))


def messages_differ(exercise_id: str) -> bool:
    """Each recognised mistake of the exercise has a message of its own."""
    from cardlib.core.checking import find

    mistakes = find(exercise_id).mistakes
    return len({m.message for m in mistakes}) == len(mistakes)
