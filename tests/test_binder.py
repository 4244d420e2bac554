"""The Binder configuration in binder/: well formed, and enough on its own to run every notebook.

Docker is not here, so the slow test does what repo2docker does with binder/: a fresh venv on the
Python that runtime.txt names, `pip install -r binder/requirements.txt` run from the root of a copy
of the repository, binder/postBuild if there is one, and then every notebook in notebooks/ run top
to bottom by that venv's own Jupyter, as a student's kernel on Binder would run it.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
# The README's links open these: the Binder badge and nbgitpuller the first, the Voila link the second.
LINK_TARGETS = ("notebooks/00_start_here.ipynb", "notebooks/apps/twentyfive.ipynb")
# The configuration files repo2docker reads from binder/ (its documentation's list); a README is ignored.
REPO2DOCKER_FILES = {"environment.yml", "Pipfile", "Pipfile.lock", "requirements.txt", "setup.py",
                     "Project.toml", "REQUIRE", "install.R", "DESCRIPTION", "apt.txt", "postBuild",
                     "start", "runtime.txt", "default.nix", "Dockerfile", "README.md"}
# What a checkout holds that a clone on Binder does not (git's own folder and .gitignore's).
NOT_IN_A_CLONE = (".git", ".venv", "mywork", "dist", "build", "__pycache__", "*.egg-info",
                  ".ipynb_checkpoints", ".pytest_cache")


def runtime_version(text: str) -> str:
    """The Python version a runtime.txt names, as "3.x"; ValueError for anything else.

    >>> runtime_version("python-3.11\\n")
    '3.11'
    """
    match = re.fullmatch(r"python-(3\.\d+)", text.strip())
    if match is None:
        raise ValueError(f"runtime.txt must name one python-3.x, not {text.strip()!r}")
    return match.group(1)


def requirement_lines(text: str) -> list[str]:
    """The requirements in a requirements.txt, without comments and blank lines (pip's rules).

    >>> requirement_lines("# the package\\n.[lab]  # with JupyterLab\\n\\nsympy>=1.12\\n")
    ['.[lab]', 'sympy>=1.12']
    """
    lines = (re.sub(r"(^|\s)#.*", "", line).strip() for line in text.splitlines())
    return [line for line in lines if line]


def local_extras(requirement: str) -> Optional[set[str]]:
    """The extras of a requirement that installs the repository root ("." or "-e ."); None for others.

    >>> sorted(local_extras(".[lab, dev]"))
    ['dev', 'lab']
    >>> local_extras("-e ."), local_extras("voila")
    (set(), None)
    """
    match = re.fullmatch(r"(?:(?:-e|--editable)[=\s]\s*)?\./?(?:\[([\w\s,.-]*)\])?", requirement)
    if match is None:
        return None
    return {extra.strip() for extra in (match.group(1) or "").split(",") if extra.strip()}


def pyproject() -> dict:
    """The repository's pyproject.toml (tomllib is Python 3.11's; on 3.10 the test skips)."""
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_binder_holds_only_files_that_repo2docker_reads():
    names = {path.name for path in BINDER.iterdir()}
    assert {"runtime.txt", "requirements.txt"} <= names
    assert names <= REPO2DOCKER_FILES, f"repo2docker would ignore {sorted(names - REPO2DOCKER_FILES)}"


def test_runtime_names_a_python_that_pyproject_accepts():
    version = runtime_version((BINDER / "runtime.txt").read_text(encoding="utf-8"))
    requires = pyproject()["project"]["requires-python"]
    assert version in SpecifierSet(requires), f"runtime.txt's python-{version} is not {requires}"


def test_requirements_install_this_repository_with_the_lab_extra():
    requirements = requirement_lines((BINDER / "requirements.txt").read_text(encoding="utf-8"))
    local = [extras for extras in map(local_extras, requirements) if extras is not None]
    assert len(local) == 1, f"one line must install the repository itself ('.[lab]'): {requirements}"
    assert "lab" in local[0], f"the repository is installed without the lab extra: {requirements}"
    lab = {Requirement(line).name for line in pyproject()["project"]["optional-dependencies"]["lab"]}
    assert {"jupyterlab", "voila"} <= lab, f"the lab extra should bring JupyterLab and Voila: {lab}"


def test_the_links_open_notebooks_that_exist():
    missing = [target for target in LINK_TARGETS if not (ROOT / target).is_file()]
    assert not missing, f"the README's links open {missing}, which are not in the repository"


def binder_python(version: str) -> str:
    """An interpreter of the version runtime.txt names: this one, or pythonX.Y on the PATH."""
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    found = shutil.which(f"python{version}")
    if found is None:
        pytest.skip(f"no python{version} here, the Python that Binder would use")
    return found


def binder_env(venv: Path, home: Path) -> dict[str, str]:
    """This environment with the venv first on the PATH, and no other Python's or Jupyter's settings."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "IPYTHONDIR")
           and not name.startswith("JUPYTER")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    # Kernel specs and configuration of this machine's user would outrank the venv's own.
    for name, folder in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython")):
        env[name] = str(home / folder)
    return env


def run(command: list, cwd: Path, env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess:
    """Run a command to its end and return what it printed, colours removed (no check of its exit code)."""
    try:
        done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=timeout)
    except FileNotFoundError as missing:  # a program the Binder packages did not install
        return subprocess.CompletedProcess(command, 127, "", str(missing))
    done.stdout, done.stderr = (re.sub(r"\x1b\[[0-9;]*m", "", text) for text in (done.stdout, done.stderr))
    return done


def step(command: list, cwd: Path, env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess:
    """Run a set-up command; a failure fails the test with the end of what it printed."""
    done = run(command, cwd, env, timeout)
    printed = done.stdout[-3000:] + done.stderr[-3000:]
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{printed}"
    return done


@pytest.mark.binder
def test_binder_environment_runs_every_notebook(tmp_path):
    version = runtime_version((BINDER / "runtime.txt").read_text(encoding="utf-8"))
    python = binder_python(version)
    repo, venv = tmp_path / "repo", tmp_path / "venv"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(*NOT_IN_A_CLONE))
    env = binder_env(venv, tmp_path / "home")
    try:
        # repo2docker's steps: its Python, then pip from the repository root, then postBuild.
        step([python, "-m", "venv", venv], repo, env)
        pip = [venv / "bin/python", "-m", "pip", "install", "-q"]
        step([*pip, "-r", "binder/requirements.txt"], repo, env, timeout=1200)
        post_build = repo / "binder" / "postBuild"
        if post_build.exists():
            post_build.chmod(0o755)
            step([post_build], repo, env)

        where = step([venv / "bin/python", "-c", "import cardlib; print(cardlib.__file__)"], tmp_path, env)
        assert Path(where.stdout.strip()).is_relative_to(venv), f"cardlib came from {where.stdout}"
        kernels = step([venv / "bin/jupyter", "kernelspec", "list"], tmp_path, env).stdout
        assert re.search(rf"python3\s+{re.escape(str(venv))}/", kernels), f"not the venv's kernel:\n{kernels}"
        extensions = step([venv / "bin/jupyter", "server", "extension", "list"], tmp_path, env)
        listed = extensions.stdout + extensions.stderr
        for server in ("jupyterlab", "voila"):
            assert re.search(rf"{server}\b.*enabled", listed), f"{server} is not served:\n{listed}"

        notebooks = sorted((repo / "notebooks").glob("*.ipynb"))
        in_checkout = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
        assert notebooks and [path.name for path in notebooks] == in_checkout, "the copy lost notebooks"
        failures = []
        for notebook in notebooks:
            done = run([venv / "bin/jupyter", "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=300", "--output-dir", tmp_path / "executed",
                        notebook.name], notebook.parent, env, timeout=1200)
            if done.returncode != 0:
                failures.append(f"notebooks/{notebook.name}:\n{done.stderr[-4000:]}")
        assert not failures, "fails with Binder's packages: " + "\n\n".join(failures)
    finally:
        shutil.rmtree(venv, ignore_errors=True)
        shutil.rmtree(repo, ignore_errors=True)
