"""The class experiment's cost: reading a class's files and every analysis the teacher notebook runs.

    python bench/classroom.py            # the 30 sample files in notebooks/data/class/
    python bench/classroom.py FOLDER     # a class's own folder
    python bench/classroom.py --folders  # the whole notebook, run top to bottom, on each folder of issue 22

Prints one line a step (seconds, median of 3 runs) and the whole notebook's computations together;
with --folders, one line a folder (the samples, one student per game, one game only, an empty folder,
only bad files): the files read and skipped, the tables that said "not enough data", and the seconds
of the notebook's run in a fresh kernel (nbclient). Target: the classroom notebook on 30 files under 30 s.
"""
from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def steps(folder: Path) -> list[tuple[str, Callable[[Any], Any]]]:
    """The notebook's computations, in its order: (what, a function of the pooled data)."""
    from cardlib.discontinuity import classroom as discontinuity
    from cardlib.loop import classroom as loop
    from cardlib.satori import classroom as satori
    from cardlib.scout import classroom as scout
    from cardlib.twentyfive import classroom as twentyfive

    return [
        ("Twenty-five: passes against the exact chance", lambda d: twentyfive.passes_against_exact(d["twentyfive"])),
        ("Twenty-five: passes against the coach", lambda d: twentyfive.passes_against_coach(d["twentyfive"])),
        ("Twenty-five: passes came out", lambda d: twentyfive.passes_came_out(d["twentyfive"])),
        ("The Satori: Katsu against the posterior", lambda d: satori.katsu_against_posterior(d["satori"], seed=0)),
        ("SCOUT: by seat, by hand, beside exact", lambda d: (scout.results_by_seat(d["scout"]),
                                                              scout.results_by_hand(d["scout"]),
                                                              scout.hands_beside_exact(d["scout"]))),
        ("Loop: by hand, by seat, by previous rank", lambda d: (loop.results_by_hand(d["loop"], measure="eights"),
                                                                  loop.results_by_seat(d["loop"]),
                                                                  loop.by_previous_rank(d["loop"]))),
        ("Discontinuity: joker, by seat", lambda d: (discontinuity.joker_choices(d["discontinuity"]),
                                                     discontinuity.results_by_seat(d["discontinuity"]))),
    ]


def timed(work: Callable[[], Any], runs: int = 3) -> float:
    """The median seconds of ``runs`` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def issue_folders(where: Path) -> dict[str, Path]:
    """The folders of issue 22, made in ``where`` from the samples (the samples themselves as they are)."""
    import shutil

    samples = ROOT / "notebooks" / "data" / "class"
    made = {"30 sample files": samples}
    for name, files in (("one student per game", sorted(samples.glob("*-student01.csv"))),
                        ("one game only (SCOUT)", sorted(samples.glob("scout-*.csv"))), ("an empty folder", [])):
        folder = where / name.split(" (")[0].replace(" ", "-")
        folder.mkdir()
        for path in files:
            shutil.copy(path, folder / path.name)
        made[name] = folder
    bad = where / "bad"
    bad.mkdir()
    (bad / "marks.csv").write_text("name,score\nAna,3\n")
    (bad / "notes.txt").write_text("hello")
    (bad / "wide.csv").write_text("game,players,seat,game_no,round," + ",".join(["x"] * 100_000) + "\n")
    (bad / "scout.csv").write_text((samples / "scout-student01.csv").read_text().replace("scout,3,", "scout,99,", 1))
    (bad / "satori.csv").write_text((samples / "satori-student01.csv").read_text().replace(",S S Z Z,", ",,", 1))
    shutil.copy(samples / "loop-student01.csv", bad / "loop.csv")
    shutil.copy(samples / "loop-student01.csv", bad / "loop-again.csv")
    (bad / "loop.csv").write_text((bad / "loop.csv").read_text().replace(",normal,", ",garbage,", 1))
    made["only bad files (and one good file twice)"] = bad
    return made


def notebook_run(folder: Path) -> tuple[float, str]:
    """The class notebook run top to bottom on ``folder`` in a fresh kernel: its seconds and all it showed."""
    import os

    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(ROOT / "notebooks" / "classroom.ipynb", as_version=4)
    os.environ["CARDLIB_CLASS_FOLDER"] = str(folder)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    seconds = time.perf_counter() - start
    text = "\n".join(output.get("text", "") + str(output.get("data", {}).get("text/plain", ""))
                     for cell in notebook.cells for output in cell.get("outputs", []))
    return seconds, text


def folders() -> None:
    """Run the notebook on each folder of issue 22; print a table."""
    import tempfile

    from cardlib.core.classroom import NOT_ENOUGH, read_class_files

    print(f"The class notebook on each folder of issue 22 (one run each, {time.strftime('%Y-%m-%d %H:%M')})\n")
    print("| folder | files read | skipped | tables with not enough data | notebook seconds |\n|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as where:
        for name, folder in issue_folders(Path(where)).items():
            data = read_class_files(folder)
            seconds, text = notebook_run(folder)
            print(f"| {name} | {len(data.read)} | {len(data.skipped)} | {text.count(NOT_ENOUGH)} | {seconds:.1f} |")


def main(argv: list[str]) -> None:
    """Time the read and each step over a folder of class files; print a table."""
    from cardlib.core.classroom import read_class_files

    if argv[:1] == ["--folders"]:
        folders()
        return

    folder = Path(argv[0]) if argv else ROOT / "notebooks" / "data" / "class"
    data = read_class_files(folder)
    rows = [(f"read {len(data.read)} files ({len(data.skipped)} skipped)", timed(lambda: read_class_files(folder)))]
    rows += [(what, timed(lambda: work(data))) for what, work in steps(folder)]
    print(f"The class experiment on {folder} (median of 3 runs, {time.strftime('%Y-%m-%d %H:%M')})\n")
    print("| step | seconds |\n|---|---|")
    for what, seconds in rows:
        print(f"| {what} | {seconds:.2f} |")
    print(f"| **all of it** | **{sum(seconds for _, seconds in rows):.2f}** |")


if __name__ == "__main__":
    main(sys.argv[1:])
