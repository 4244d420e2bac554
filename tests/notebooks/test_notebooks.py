"""Every notebook runs top to bottom; solutions all pass; student copies run and are up to date."""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_exercises  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/*.ipynb"))
SOLUTIONS = sorted((ROOT / "exercises" / "solutions").glob("*.ipynb"))
STUDENT = sorted((ROOT / "exercises").glob("*.ipynb"))
ALL = NOTEBOOKS + SOLUTIONS + STUDENT


def run(path: Path) -> nbformat.NotebookNode:
    """Execute a notebook in a fresh kernel from its own folder; errors fail the test."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


@lru_cache(maxsize=None)
def executed(path: Path) -> nbformat.NotebookNode:
    """A lesson run once in this worker, for every test that reads its outputs (same xdist_group)."""
    return run(path)


def lesson_group(path: Path) -> str:
    """The xdist group of a lesson's tests: one worker runs the lesson once for all of them."""
    return f"lesson-{path.stem}"


def text_of(notebook: nbformat.NotebookNode) -> str:
    """All text the notebook's cells printed or displayed."""
    parts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if "text" in output:
                parts.append(output["text"])
            for key in ("text/plain", "text/html", "text/markdown", "text/latex"):
                if key in output.get("data", {}):
                    parts.append(output["data"][key])
    return "\n".join(parts)


def name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.notebook
@pytest.mark.parametrize("path", [pytest.param(path, marks=pytest.mark.xdist_group(lesson_group(path)))
                                  for path in NOTEBOOKS], ids=name)
def test_notebook_runs_top_to_bottom(path):
    executed(path)


@pytest.mark.notebook
@pytest.mark.parametrize("path", SOLUTIONS, ids=name)
def test_solutions_pass_every_check(path):
    notebook = run(path)
    output = text_of(notebook)
    checks = sum(cell.source.lstrip().startswith("check(") for cell in notebook.cells if cell.cell_type == "code")
    assert checks >= 8, f"{name(path)}: only {checks} checked questions"
    assert output.count("✓") == checks, f"{name(path)}: {output.count('✓')} of {checks} checks passed"
    assert "✗" not in output and "replace the ..." not in output, output


@pytest.mark.notebook
@pytest.mark.parametrize("path", STUDENT, ids=name)
def test_student_copies_run_and_ask_for_answers(path):
    output = text_of(run(path))
    assert "✓" not in output, "a blank student copy must not pass a check"
    assert "replace the ... with your answer" in output


def test_student_copies_are_up_to_date():
    assert build_exercises.build(check=True) == [], "run `make exercises`"


def test_every_solution_has_a_student_copy():
    assert [p.name for p in SOLUTIONS] == [p.name for p in STUDENT]


@pytest.mark.parametrize("path", ALL, ids=name)
def test_stored_without_outputs(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    dirty = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and (c.get("outputs") or c.get("execution_count"))]
    assert not dirty, f"cells {dirty} keep outputs: clear them before committing"
