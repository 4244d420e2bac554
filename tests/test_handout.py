"""The hand-outs (`make handout`): student.zip holds the lessons and the student exercises and nothing of the
teacher's; teacher.zip holds the solutions, the teacher pages and the printables; each README's one pip line
names the wheel in its zip, and that wheel installs into a fresh virtual environment.

The printables here are stand-in files (chromium prints the real ones in tests/test_printables.py).
"""
from __future__ import annotations

import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import nbformat
import pytest

from cardlib.games import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import handout  # noqa: E402

PIP_LINE = re.compile(r'^pip install "\./(cardlib-[^"\[]+\.whl)\[lab\]"$', re.M)


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> dict[str, zipfile.ZipFile]:
    """Both hand-outs, built once from this checkout with stand-in printables."""
    dest = tmp_path_factory.mktemp("dist")
    printables = dest / "printables"
    printables.mkdir()
    for line in REGISTRY:
        (printables / f"{line.name}.pdf").write_bytes(b"%PDF-1.4 stand-in for " + line.name.encode())
    student, teacher = handout.build(dest, printables=printables)
    opened = {"student": zipfile.ZipFile(student), "teacher": zipfile.ZipFile(teacher)}
    yield opened
    for archive in opened.values():
        archive.close()


def solution_cells() -> list[str]:
    """The source of every answer cell (tagged ``solution``) of every solution notebook."""
    sources = []
    for path in sorted((ROOT / "exercises" / "solutions").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if "solution" in cell.get("metadata", {}).get("tags", []):
                sources.append(cell.source)
    return sources


def test_the_student_pack_has_no_solution_and_no_teacher_file(packs):
    names = packs["student"].namelist()
    assert not [name for name in names if name.startswith(("exercises/solutions/", "docs/", "notebooks/data/class/"))]
    assert "notebooks/classroom.ipynb" not in names and not [name for name in names if name.endswith(".pdf")]
    answers = solution_cells()
    assert answers, "the solution notebooks have answer cells tagged solution"
    for name in names:
        if not name.endswith(".ipynb"):
            continue
        notebook = nbformat.reads(packs["student"].read(name).decode(), as_version=4)
        for cell in notebook.cells:
            assert "solution" not in cell.get("metadata", {}).get("tags", []), f"{name} holds a solution cell"
            assert cell.source not in answers or not cell.source.strip(), f"{name} holds an answer: {cell.source!r}"


def test_the_student_pack_has_every_lesson_exercise_app_and_data_file(packs):
    names = set(packs["student"].namelist())
    for folder, pattern in (("exercises", "*.ipynb"), ("notebooks", "*.ipynb"), ("notebooks/apps", "*.ipynb"),
                            ("notebooks/data", "*.csv")):
        expected = {path.relative_to(ROOT).as_posix() for path in (ROOT / folder).glob(pattern)} - {
            "notebooks/classroom.ipynb"}
        assert expected and expected <= names, f"missing from student.zip: {sorted(expected - names)}"
    assert "notebooks/00_start_here.ipynb" in names


def test_the_teacher_pack_has_solutions_teacher_pages_and_printables(packs):
    names = set(packs["teacher"].namelist())
    for folder, pattern in (("exercises/solutions", "*.ipynb"), ("docs/teachers", "*.md")):
        expected = {path.relative_to(ROOT).as_posix() for path in (ROOT / folder).glob(pattern)}
        assert expected and expected <= names, f"missing from teacher.zip: {sorted(expected - names)}"
    assert {f"printables/{line.name}.pdf" for line in REGISTRY} <= names
    if (ROOT / "notebooks" / "classroom.ipynb").exists():
        assert "notebooks/classroom.ipynb" in names
    assert not [name for name in names if name.startswith("exercises/") and not name.startswith("exercises/solutions/")]


@pytest.mark.parametrize("pack", ["student", "teacher"])
def test_each_readme_installs_the_wheel_in_its_zip_with_one_pip_line(packs, pack):
    archive = packs[pack]
    text = archive.read("README.md").decode()
    found = PIP_LINE.findall(text)
    assert len(found) == 1, f"{pack}'s README should have one pip line, has {found}"
    wheels = [name for name in archive.namelist() if name.endswith(".whl")]
    assert wheels == found, f"the README installs {found}, the zip holds {wheels}"
    assert "jupyter lab" in text
    if pack == "student":
        assert "teacher pack" in text and "docs/teachers/" in text  # the start page's links point there


@pytest.mark.parametrize("pack", ["student", "teacher"])
def test_each_readme_and_teacher_page_starts_the_projector_with_the_wheels_command(packs, pack):
    archive = packs[pack]
    assert "Makefile" not in archive.namelist()
    pages = {name: archive.read(name).decode() for name in archive.namelist() if name.endswith(".md")}
    assert "```bash\ncardlib app scout\n```" in pages["README.md"]
    assert all(line.name in pages["README.md"] for line in REGISTRY)
    for name, text in pages.items():
        assert "make app" not in text, f"{name} says `make app`, and the zip has no Makefile"
    for line in REGISTRY:
        page = next((text for name, text in pages.items() if name.startswith("docs/teachers/")
                     and line.notebook and Path(line.notebook).stem in name), None)
        if page is not None:
            assert f"cardlib app {line.name}" in page, f"the teacher page of {line.name} starts its app"


def test_the_wheel_installs_and_imports_in_a_fresh_venv(packs, tmp_path):
    archive = packs["student"]
    wheel_name = next(name for name in archive.namelist() if name.endswith(".whl"))
    wheel = tmp_path / wheel_name
    wheel.write_bytes(archive.read(wheel_name))
    assert archive.read(wheel_name) == packs["teacher"].read(wheel_name), "both packs hold the same wheel"
    env = tmp_path / "env"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env)
    python = env / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, timeout=300)
    done = subprocess.run([str(python), "-c", "import cardlib; print(cardlib.__version__, list(cardlib.GAMES), "
                           "cardlib.__file__)"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    version, *rest = done.stdout.split(" ", 1)
    assert wheel_name.startswith(f"cardlib-{version}-")
    assert str(env) in done.stdout, "cardlib came from the fresh venv, not from this checkout"
    assert all(line.name in done.stdout for line in REGISTRY)
