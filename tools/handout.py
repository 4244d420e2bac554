"""Build the class hand-outs: DEST/student.zip (no solutions) and DEST/teacher.zip (solutions, teacher pages,
printables), each with cardlib's wheel and a README that installs it with one pip line.

    python tools/handout.py dist          # make handout: builds dist/printables first

student.zip: the lessons (notebooks/*.ipynb, apps/, data/), the student exercises, the wheel, README.md.
teacher.zip: exercises/solutions/, docs/teachers/, printables/*.pdf, the classroom notebook and its sample
class files (when present), the wheel, README.md. Each README says how to show a game on the projector with
`cardlib app GAME` (the wheel's own command: neither zip holds a Makefile). Both unzip into the same folder: the teacher pack then
completes the student pack (the start page's links to the teacher pages work).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSROOM = "notebooks/classroom.ipynb"     # the teacher's notebook
CLASS_DATA = "notebooks/data/class"         # its sample class files
SOLUTIONS = "exercises/solutions"
TEACHER_PAGES = "docs/teachers"
SKIPPED = (".ipynb_checkpoints", "__pycache__", ".DS_Store")

Files = dict[str, Path]  # name in the zip -> file on disk


def build_wheel(dest: Path, root: Path = ROOT) -> Path:
    """Build cardlib's wheel with pip (``pip wheel --no-deps``) into ``dest``; its path."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardlib-wheel-") as scratch:
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(root), "-w", scratch],
                              capture_output=True, text=True)
        wheels = sorted(Path(scratch).glob("cardlib-*.whl"))
        if done.returncode != 0 or len(wheels) != 1:
            raise RuntimeError(f"pip wheel did not build one cardlib wheel (exit {done.returncode}):\n"
                               f"{done.stdout[-1500:]}{done.stderr[-1500:]}")
        target = dest / wheels[0].name
        target.write_bytes(wheels[0].read_bytes())
    return target


def files_under(root: Path, folder: str, pattern: str = "**/*") -> Files:
    """The files below ``root/folder`` matching ``pattern``, by their path from ``root`` (checkpoints skipped)."""
    found: Files = {}
    for path in sorted((root / folder).glob(pattern)):
        name = path.relative_to(root).as_posix()
        if path.is_file() and not any(part in SKIPPED for part in path.relative_to(root).parts):
            found[name] = path
    return found


def student_files(root: Path = ROOT) -> Files:
    """The lessons with their apps and data, and the student exercises: nothing of the teacher's."""
    files = files_under(root, "notebooks", "*.ipynb")
    files.update(files_under(root, "notebooks/apps"))
    files.update(files_under(root, "notebooks/data"))
    files.update(files_under(root, "exercises", "*.ipynb"))
    return {name: path for name, path in files.items() if not is_teachers(name)}


def is_teachers(name: str) -> bool:
    """Whether a path belongs to the teacher pack only (solutions, teacher pages, the classroom notebook and data).

    >>> is_teachers("exercises/solutions/01_twenty_five.ipynb"), is_teachers("exercises/01_twenty_five.ipynb")
    (True, False)
    """
    return name == CLASSROOM or any(name.startswith(folder + "/") for folder in (SOLUTIONS, TEACHER_PAGES, CLASS_DATA))


def teacher_files(printables: Path, root: Path = ROOT) -> Files:
    """The solutions, the teacher pages, the printables and, when present, the classroom notebook and its data."""
    files = files_under(root, SOLUTIONS, "*.ipynb")
    files.update(files_under(root, TEACHER_PAGES, "*.md"))
    files.update({f"printables/{path.name}": path for path in sorted(printables.glob("*.pdf"))})
    if (root / CLASSROOM).is_file():
        files[CLASSROOM] = root / CLASSROOM
    if (root / CLASS_DATA).is_dir():
        files.update(files_under(root, CLASS_DATA))
    return files


def install_lines(wheel: str) -> str:
    """The README's install step: one pip line for the wheel beside it, then JupyterLab.

    >>> print(install_lines("cardlib-0.1.0-py3-none-any.whl"))
    ```bash
    pip install "./cardlib-0.1.0-py3-none-any.whl[lab]"
    jupyter lab
    ```
    """
    return f'```bash\npip install "./{wheel}[lab]"\njupyter lab\n```'


def projector_lines() -> str:
    """The README's projector section: ``cardlib app GAME``, which the wheel installs (no Makefile needed).

    >>> "cardlib app scout" in projector_lines() and "make" not in projector_lines()
    True
    """
    from cardlib.games import REGISTRY

    games = ", ".join(f"`{line.name}`" for line in REGISTRY if line.app)
    return ("## On the projector\n\nIn this folder, after the install above:\n\n```bash\ncardlib app scout\n```\n\n"
            "serves one game alone in Voila; open the address it prints (`http://127.0.0.1:8866/`) and stop it "
            f"with Ctrl+C. The games: {games}. Options: `--seed 7` deals seed 7 on every page load, `--lang ja` "
            "speaks Japanese, `--port 8870` another port (a busy port stops with a message saying so), "
            "`--host 0.0.0.0` lets students open it on their own devices (anyone on the network can, with no "
            "password). `cardlib app --help` lists them all.\n")


def readme(pack: str, wheel: str, names: Iterable[str]) -> str:
    """The README of the student or the teacher pack, naming what is inside and how to install cardlib."""
    names = sorted(names)
    start = ("Then open `notebooks/00_start_here.ipynb` in JupyterLab." if pack == "student" else
             "Then open the lessons (`notebooks/00_start_here.ipynb`, from the student pack)"
             + (f" or the class experiment, `{CLASSROOM}`." if CLASSROOM in names else "."))
    count = {folder: sum(name.startswith(folder) for name in names)
             for folder in ("notebooks/", "exercises/", "printables/", f"{SOLUTIONS}/", f"{TEACHER_PAGES}/")}
    install = (f"## Install\n\nIn this folder, with Python 3.10 or newer (in a virtual environment if you like: "
               f"`python3 -m venv .venv` and `. .venv/bin/activate` first):\n\n{install_lines(wheel)}\n\n{start}\n")
    if pack == "student":
        return (f"# cardlib: the student pack\n\nProbability from five small Japanese card games, in Jupyter.\n\n"
                f"## Inside\n\n- `notebooks/`: the lessons, from `00_start_here.ipynb` ({count['notebooks/']} files with "
                "the apps in `apps/` and the data the lessons read in `data/`)\n"
                f"- `exercises/`: the exercises ({count['exercises/']} notebooks): replace each `...` with your answer "
                "and run the check below it\n"
                f"- `{wheel}`: the cardlib library the notebooks use\n\n{install}\n{projector_lines()}\n"
                "The start page also links to the teacher pages (`docs/teachers/`): those are in the teacher "
                "pack, not here, and so are the exercises' solutions.\n")
    return (f"# cardlib: the teacher pack\n\nThe answers and the classroom material for the cardlib lessons.\n\n"
            f"## Inside\n\n- `{SOLUTIONS}/`: the exercises with their answers ({count[SOLUTIONS + '/']} notebooks, "
            "answer cells tagged `solution`)\n"
            f"- `{TEACHER_PAGES}/`: one teacher page a lesson ({count[TEACHER_PAGES + '/']} pages)\n"
            f"- `printables/`: one A4 page a game to print ({count['printables/']} PDFs): the rules in short, "
            "reference tables and a score sheet\n"
            + (f"- `{CLASSROOM}`: the class experiment, with sample class files in `{CLASS_DATA}/`\n"
               if CLASSROOM in names else "")
            + f"- `{wheel}`: the cardlib library\n\nUnzip `student.zip` and then this pack into the same folder "
            "(replace README.md when asked): the solutions and teacher pages sit beside the lessons, and the "
            f"start page's links to the teacher pages work.\n\n{install}\n{projector_lines()}")


def write_zip(path: Path, files: Mapping[str, Path], extra: Mapping[str, str | bytes]) -> Path:
    """A zip of ``files`` (name -> file) and ``extra`` (name -> text or bytes), names in sorted order."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(extra.items()):
            archive.writestr(name, text)
        for name, file in sorted(files.items()):
            archive.write(file, name)
    return path


def ensure_printables(folder: Path) -> Path:
    """The folder of printable PDFs, written first (by tools/printables.py) if a game's PDF is missing."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import printables
    from cardlib.games import REGISTRY

    if any(not (folder / f"{line.name}.pdf").is_file() for line in REGISTRY):
        printables.write_printables(folder)
    return folder


def build(dest: Path, root: Path = ROOT, printables: Path | None = None) -> tuple[Path, Path]:
    """Write DEST/student.zip and DEST/teacher.zip (printables from DEST/printables unless given)."""
    printables = ensure_printables(printables or dest / "printables")
    with tempfile.TemporaryDirectory(prefix="cardlib-handout-") as scratch:
        wheel = build_wheel(Path(scratch), root)
        packs = []
        for pack, files in (("student", student_files(root)), ("teacher", teacher_files(printables, root))):
            extra = {"README.md": readme(pack, wheel.name, files), wheel.name: wheel.read_bytes()}
            packs.append(write_zip(dest / f"{pack}.zip", files, extra))
    return packs[0], packs[1]


def main(argv: list[str] | None = None) -> int:
    """Build both hand-outs into the folder given and say what each holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="the folder to write into, e.g. dist")
    args = parser.parse_args(argv)
    for path in build(args.dest):
        with zipfile.ZipFile(path) as archive:
            print(f"wrote {path} ({len(archive.namelist())} files, {path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
