"""Helpers of the exercise tests: run a solution notebook's code as a student's kernel would."""
from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest

from cardlib import check
from cardlib.core import checking
from cardlib.core.checking import Sampled, exercise_ids, find

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
    mistakes = find(exercise_id).mistakes
    verdict = check(exercise_id, answer)
    others = [m.message for i, m in enumerate(mistakes) if i != index]
    return (not verdict.ok and mistakes[index].message in verdict.message
            and not any(message in verdict.message for message in others))


def messages_differ(exercise_id: str) -> bool:
    """Each recognised mistake of the exercise has a message of its own."""
    mistakes = find(exercise_id).mistakes
    return len({m.message for m in mistakes}) == len(mistakes)


def hint_names_not_defined(ids: list[str], namespace: dict, allowed: frozenset = frozenset()) -> dict[str, set]:
    """The names each exercise's hints call or reach into that the solution notebook does not define
    (``allowed``: names in a hint that are mathematics, not Python, like C(n, 2))."""
    import builtins

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


class Exercises:
    """The tests every game's exercises share, written once: a game's ``tests/<game>/test_exercises.py`` says
    ``class TestExercises(Exercises)`` with its notebook, module and ids, and the recognised mistakes' answers
    computed there; its own truths, slips and prompts stay its own tests beside the class."""

    NOTEBOOK = ""                    # "04_scout": exercises/solutions/04_scout.ipynb
    MODULE = ""                      # "cardlib.scout.exercises"
    PREFIX = ""                      # "scout": the ids are scout.1, scout.2, ...
    COUNT = 0                        # the questions
    WRONG: dict = {}                 # id -> a wrong answer, none of the recognised mistakes, where the plain one is one
    MISTAKES: dict = {}              # id -> an answer for each recognised mistake, in order (FORMS: a list of answers each)
    FORMS = False
    ELSEWHERE: dict = {}             # id -> how many of its mistakes the game's own tests exercise (simulation slips)
    ALLOWED: frozenset = frozenset()  # names a hint may call that are mathematics, not Python (C(n, 2), P(...))
    STEPPED = 0.8                    # the share of questions whose hints come in steps, at least
    ONCE = True                      # each name defined in one cell of the solution notebook only

    @property
    def ids(self) -> list[str]:
        return exercise_ids(self.MODULE)

    def solutions(self) -> tuple[dict[str, object], dict[str, object]]:
        """The solution notebook run: its namespace, and each checked answer by id."""
        return run_solutions(self.NOTEBOOK)

    def mistakes(self) -> list[tuple[str, int, object]]:
        """(id, index of the mistake, an answer it covers) for every recognised mistake's answer."""
        return [(key, index, answer) for key, answers in self.MISTAKES.items() for index, forms in enumerate(answers)
                for answer in (forms if self.FORMS else [forms])]

    def wrong_answer(self, exercise_id: str) -> object:
        """A plausible but wrong answer of the right type, none of the recognised mistakes."""
        if exercise_id in self.WRONG:
            return self.WRONG[exercise_id]
        item = find(exercise_id)
        truth = item.truth()
        if item.choices:
            return next(choice for choice in item.choices if choice != truth)
        if isinstance(truth, Sampled):
            return (round((float(truth.value) + 0.1) * truth.runs), truth.runs, 1)
        if isinstance(truth, tuple):
            return tuple(value + 1 for value in truth)
        return truth + Fraction(1, 100)

    def pytest_generate_tests(self, metafunc) -> None:
        """Each test over the ids it concerns (pytest asks the class)."""
        names, ids = metafunc.fixturenames, self.ids
        if "answer" in names:
            cases = self.mistakes()
            metafunc.parametrize("exercise_id, index, answer", cases,
                                 ids=[f"{key}-{index}-{n}" for n, (key, index, _) in enumerate(cases)])
        elif "exercise_id" in names:
            chosen = {"test_stepped_hints_come_one_more_at_each_wrong_try": [key for key in ids if len(find(key).hints) > 1],
                      "test_every_mistake_is_exercised_and_the_messages_differ": [key for key in ids if find(key).mistakes],
                      }.get(metafunc.function.__name__, ids)
            metafunc.parametrize("exercise_id", chosen)

    def test_the_solution_notebook_checks_every_exercise_once(self):
        assert sorted(self.solutions()[1], key=lambda key: int(key.split(".")[1])) == self.ids
        assert self.ids == [f"{self.PREFIX}.{n}" for n in range(1, self.COUNT + 1)]

    def test_solution_values_check(self, exercise_id):
        verdict = check(exercise_id, self.solutions()[1][exercise_id])
        assert verdict.ok and verdict.message.startswith("✓"), verdict.message

    def test_a_wrong_value_gets_a_cross_with_its_hint(self, exercise_id):
        verdict = check(exercise_id, self.wrong_answer(exercise_id))
        assert not verdict.ok and verdict.message.startswith("✗") and find(exercise_id).hint in verdict.message

    def test_stepped_hints_come_one_more_at_each_wrong_try(self, exercise_id):
        hints = find(exercise_id).hints
        for step in range(len(hints) + 1):
            message = check(exercise_id, self.wrong_answer(exercise_id)).message
            assert hints[min(step, len(hints) - 1)] in message
            assert f"Hint {min(step, len(hints) - 1) + 1} of {len(hints)}" in message

    def test_most_questions_give_their_hints_in_steps(self):
        assert sum(len(find(key).hints) > 1 for key in self.ids) >= self.STEPPED * len(self.ids)

    def test_a_blank_answer_asks_for_one_and_costs_no_try(self):
        first = self.ids[0]
        assert "replace the ..." in check(first, ...).message
        assert "Hint 1 of" in check(first, self.wrong_answer(first)).message

    def test_each_recognised_mistake_gets_its_own_message(self, exercise_id, index, answer):
        assert says_only_its_own_mistake(exercise_id, answer, index)

    def test_every_mistake_is_exercised_and_the_messages_differ(self, exercise_id):
        assert messages_differ(exercise_id)
        exercised = self.ELSEWHERE.get(exercise_id, len(self.MISTAKES.get(exercise_id, ())))
        assert exercised == len(find(exercise_id).mistakes)

    def test_the_mistakes_are_no_truths(self):
        for exercise_id, _, answer in self.mistakes():
            assert not check(exercise_id, answer).ok, (exercise_id, answer)

    def test_hints_name_only_what_the_notebook_defines(self):
        assert hint_names_not_defined(self.ids, self.solutions()[0], self.ALLOWED) == {}

    def test_the_solution_notebook_keeps_the_rhythm_and_defines_each_name_once(self):
        path = EXERCISES / "solutions" / f"{self.NOTEBOOK}.ipynb"
        check_rhythm(path, self.PREFIX, len(self.ids))
        assert not self.ONCE or names_defined_twice(path) == []
