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


def hint_names_not_defined(ids: list[str], namespace: dict, allowed: frozenset = frozenset()) -> dict[str, set]:
    """The names each exercise's hints call or reach into that the solution notebook does not define
    (``allowed``: names in a hint that are mathematics, not Python, like C(n, 2))."""
    import builtins

    from cardlib.core.checking import find

    unknown = {}
    for exercise_id in ids:
        for hint in find(exercise_id).hints:
            called = set(re.findall(r"(?<![.\w])([A-Za-z_]\w*)(?=\(|\.[A-Za-z_])", hint)) - allowed
            missing = {name for name in called if name not in namespace and not hasattr(builtins, name)}
            if missing:
                unknown.setdefault(exercise_id, set()).update(missing)
    return unknown


def check_rhythm(path: Path, prefix: str, count: int) -> None:
    """Each question is markdown, an answer cell tagged "solution" ending in ``answer_N = …``, then exactly
    ``check("<prefix>.N", answer_N)``; all imports sit in the one cell "setup"; cell ids are unique."""
    cells = nbformat.read(path, as_version=4).cells
    ids = [cell.id for cell in cells]
    assert len(set(ids)) == len(ids)
    for number in range(1, count + 1):
        answer = next(cell for cell in cells if cell.id == f"q{number}-answer")
        assert "solution" in answer.metadata.get("tags", [])
        assert re.search(rf"^\s*answer_{number} = ", answer.source, re.M)
        following = cells[ids.index(answer.id) + 1]
        assert following.source == f'check("{prefix}.{number}", answer_{number})'
    imports = [cell for cell in cells if cell.cell_type == "code" and re.search(r"^(from|import) ", cell.source, re.M)]
    assert [cell.id for cell in imports] == ["setup"]


def names_defined_twice(path: Path) -> list[str]:
    """Names a solution notebook assigns or defines in more than one code cell (a student running cells out of
    order would get the wrong one)."""
    cells = [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
    defined: dict[str, str] = {}
    twice = []
    for cell in cells:
        for name in re.findall(r"^(\w+)(?:, \w+)* = ", cell.source, re.M) + re.findall(r"^def (\w+)", cell.source, re.M):
            if name in defined:
                twice.append(f"{name} ({defined[name]} and {cell.id})")
            defined[name] = cell.id
    return twice
