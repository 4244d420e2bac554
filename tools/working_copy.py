"""Make the student's working copy of the notebooks and exercises, without ever overwriting it.

    python tools/working_copy.py           # copies what is missing into mywork/
    python tools/working_copy.py DEST      # the same into DEST

The copy keeps the repository's layout (``DEST/notebooks/``, ``DEST/exercises/``), so relative
links such as ``../exercises/01_twenty_five.ipynb`` and data files such as ``data/*.csv`` resolve
from it. It holds all of ``notebooks/`` (``apps/`` and ``data/`` included), the student copies
``exercises/*.ipynb`` (never ``exercises/solutions/``) and the teacher pages ``docs/teachers/``.
A file already in DEST is left alone, so a student's work survives; a file missing from DEST (a new
notebook after ``git pull``, or one the student deleted to start afresh) is copied. ``make lab`` runs this; ``mywork/`` is git-ignored.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def sources(root: Path) -> list[Path]:
    """The files a working copy holds, relative to root, in order.

    >>> names = [p.as_posix() for p in sources(ROOT)]
    >>> "notebooks/00_start_here.ipynb" in names, "exercises/01_twenty_five.ipynb" in names
    (True, True)
    >>> "notebooks/data/twentyfive_coach_tournament.csv" in names
    True
    >>> [n for n in names if "solutions" in n or ".ipynb_checkpoints" in n]
    []
    """
    notebooks = [p for p in (root / "notebooks").rglob("*") if p.is_file()]
    exercises = [p for p in (root / "exercises").glob("*.ipynb") if p.is_file()]
    teachers = [p for p in (root / "docs" / "teachers").glob("*.md") if p.is_file()]  # linked from 00_start_here
    found = [p.relative_to(root) for p in notebooks + exercises + teachers]
    # Jupyter's checkpoints and caches are not course material.
    return sorted(p for p in found if not any(part.startswith(".") or part == "__pycache__" for part in p.parts))


def copy_missing(root: Path, dest: Path) -> list[Path]:
    """Copy into dest each file of sources(root) that dest lacks; return those, relative to root."""
    copied = []
    for relative in sources(root):
        target = dest / relative
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / relative, target)
        copied.append(relative)
    return copied


def main(argv: list[str]) -> None:
    dest = Path(argv[0]).resolve() if argv else ROOT / "mywork"
    copied = copy_missing(ROOT, dest)
    shown = dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest
    if copied:
        print(f"{shown}/: copied {len(copied)} new file(s): {', '.join(p.as_posix() for p in copied)}")
    else:
        print(f"{shown}/: nothing new to copy; your work is kept as it is")


if __name__ == "__main__":
    main(sys.argv[1:])
