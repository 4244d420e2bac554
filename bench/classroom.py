"""The class experiment's cost: reading a class's files and every analysis the teacher notebook runs.

    python bench/classroom.py            # the 30 sample files in notebooks/data/class/
    python bench/classroom.py FOLDER     # a class's own folder

Prints one line a step (seconds, median of 3 runs) and the whole notebook's computations together.
Target: the classroom notebook on 30 files under 30 s.
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


def main(argv: list[str]) -> None:
    """Time the read and each step over a folder of class files; print a table."""
    from cardlib.core.classroom import read_class_files

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
