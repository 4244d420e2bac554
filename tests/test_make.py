"""The README's commands: `make lab`'s working copy and served root, `make app`'s name check.

Nothing here starts JupyterLab or Voila: `make lab` is only dry-run (`make -n`), and a wrong
GAME must stop `make app` before the venv or Voila.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import json

import pytest

from cardlib.cli import app_cell
from cardlib.games import REGISTRY, info

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import working_copy  # noqa: E402

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def make(*args: str) -> subprocess.CompletedProcess:
    """Run make in the repository, free of the flags of any make that runs these tests (-k, -n)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "GAME")}
    return subprocess.run(["make", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A small repository: notebooks with apps/ and data/, exercises with solutions/."""
    files = {
        "notebooks/00_start_here.ipynb": "start",
        "notebooks/01_game.ipynb": "lesson",
        "notebooks/apps/game.ipynb": "app",
        "notebooks/data/table.csv": "a,b\n1,2\n",
        "notebooks/.ipynb_checkpoints/01_game-checkpoint.ipynb": "checkpoint",
        "exercises/01_game.ipynb": "blank exercise",
        "exercises/solutions/01_game.ipynb": "solution",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_working_copy_mirrors_the_layout_without_solutions_or_checkpoints(repo):
    copied = working_copy.copy_missing(repo, repo / "mywork")
    expected = ["exercises/01_game.ipynb", "notebooks/00_start_here.ipynb", "notebooks/01_game.ipynb",
                "notebooks/apps/game.ipynb", "notebooks/data/table.csv"]
    assert [p.as_posix() for p in copied] == expected
    assert listing(repo / "mywork") == expected
    assert (repo / "mywork/notebooks/data/table.csv").read_text() == "a,b\n1,2\n"


def test_working_copy_never_overwrites_and_copies_only_what_is_new(repo):
    mywork = repo / "mywork"
    working_copy.copy_missing(repo, mywork)
    (mywork / "exercises/01_game.ipynb").write_text("my answers")
    (repo / "exercises/01_game.ipynb").write_text("an update from git pull")
    (repo / "notebooks/02_new.ipynb").write_text("a new lesson")
    (mywork / "notebooks/01_game.ipynb").unlink()  # deleted by the student to get a fresh copy

    copied = working_copy.copy_missing(repo, mywork)

    assert sorted(p.as_posix() for p in copied) == ["notebooks/01_game.ipynb", "notebooks/02_new.ipynb"]
    assert (mywork / "exercises/01_game.ipynb").read_text() == "my answers"
    assert (mywork / "notebooks/01_game.ipynb").read_text() == "lesson"
    assert working_copy.copy_missing(repo, mywork) == []


def test_working_copy_script_says_in_one_line_what_it_copied(tmp_path):
    dest = tmp_path / "mywork"
    script = [sys.executable, str(ROOT / "tools" / "working_copy.py"), str(dest)]
    first = subprocess.run(script, capture_output=True, text=True, check=True).stdout
    assert first.count("\n") == 1 and "notebooks/00_start_here.ipynb" in first
    assert "solutions" not in first and (dest / "notebooks" / "00_start_here.ipynb").is_file()
    again = subprocess.run(script, capture_output=True, text=True, check=True).stdout
    assert again.count("\n") == 1 and "nothing new" in again


def test_the_working_copy_is_ignored_by_git():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(["git", "check-ignore", "-q", "mywork/notebooks/00_start_here.ipynb"], cwd=ROOT)
    assert ignored.returncode == 0, "add /mywork/ to .gitignore"


@needs_make
def test_make_lab_serves_the_repository_root_and_opens_the_working_copy():
    run = make("-n", "lab")
    assert run.returncode == 0, run.stderr
    lab = next(line for line in run.stdout.splitlines() if "jupyter lab" in line)
    assert f'--ServerApp.root_dir="{ROOT}"' in lab
    assert "--LabApp.default_url=/lab/tree/mywork/notebooks/00_start_here.ipynb" in lab
    assert "tools/working_copy.py mywork" in run.stdout


@needs_make
def test_make_app_with_a_wrong_game_lists_the_games_and_fails_before_the_venv():
    run = make("-s", "app", "GAME=nonsense")
    assert run.returncode != 0
    assert "'nonsense'" in run.stderr and "twentyfive" in run.stderr and "discontinuity" in run.stderr
    assert "pip" not in run.stdout + run.stderr and "voila" not in run.stdout + run.stderr.lower()


@needs_make
@pytest.mark.parametrize("game", [info.name for info in REGISTRY])
def test_every_app_notebook_is_a_valid_game(game):
    assert make("-s", "check-game", f"GAME={game}").returncode == 0


def test_the_app_notebooks_are_the_registry_and_the_cell_cardlib_app_serves():
    names = sorted(p.stem for p in (ROOT / "notebooks" / "apps").glob("*.ipynb"))
    assert names == sorted(info.name for info in REGISTRY)
    for name in names:
        cells = json.loads((ROOT / "notebooks" / "apps" / f"{name}.ipynb").read_text())["cells"]
        assert len(cells) == 1 and "".join(cells[0]["source"]) == app_cell(info(name)), name
        assert "(**launch_options())" in app_cell(info(name))


@needs_make
@pytest.mark.parametrize("seed", ["abc", "-3", "1.5"])
def test_make_app_with_a_malformed_seed_says_so_before_the_venv(seed):
    run = make("-s", "app", "GAME=scout", f"SEED={seed}")
    assert run.returncode != 0 and "SEED must be a whole number" in run.stderr and seed in run.stderr
    assert "pip" not in run.stdout + run.stderr and "voila" not in run.stdout + run.stderr.lower()


@needs_make
def test_make_app_calls_cardlib_app_with_seed_host_language_port_and_culling():
    run = make("-n", "app", "GAME=loop", "SEED=12", "HOST=0.0.0.0", "APP_LANG=ja", "PORT=8870")
    assert run.returncode == 0, run.stderr
    command = run.stdout[run.stdout.index("-m cardlib app"):].replace("\\\n", " ").split()
    assert command[:4] == ["-m", "cardlib", "app", "loop"]
    for option in ("--seed=12", "--host=0.0.0.0", "--lang=ja", "--port=8870", "--cull-idle=60", "--cull-every=15"):
        assert option in command, (option, command)
    default = make("-n", "app").stdout.replace("\\\n", " ").split()
    assert "--host=127.0.0.1" in default and "--port=8866" in default  # only this machine by default
    assert not [word for word in default if word.startswith(("--seed", "--lang"))]  # a new deal each load, English


@needs_make
def test_make_app_on_a_busy_port_says_which_and_how_to_choose_another():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = make("-s", "app", "GAME=satori", f"PORT={port}")
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert f"port {port} is busy" in run.stderr and f"PORT={port + 1}" in run.stderr


def test_make_class_passes_its_settings_to_cardlib_class_and_leaves_the_game_to_the_students_by_default():
    given = make("-n", "class", "GAME=satori", "CODE=KATSU", "HOST=0.0.0.0", "APP_LANG=ja", "STUDENTS=12").stdout
    assert "-m cardlib class --game=satori --host=0.0.0.0" in given
    assert all(part in given for part in ("--code=KATSU", "--lang=ja", "--students=12", '--db="sqlite:///class.db"'))
    default = make("-n", "class").stdout
    assert "-m cardlib class " in default and "--game" not in default and "--code" not in default
