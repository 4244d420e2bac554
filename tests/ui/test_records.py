"""The record's CSV is kept and grown row by row (``Records.csv_text``): it must be exactly the CSV written
from scratch at every moment, through a column that appears late, a copy, and a cell a spreadsheet would read
as a formula."""
from __future__ import annotations

import csv
import io

from cardlib.core.class_files import formula_safe
from cardlib.ui.records import KIT_COLUMNS, Records


def from_scratch(records: Records) -> str:
    """The record's CSV written again from all its rows (the way it was written before it was kept)."""
    names = list(KIT_COLUMNS)
    for row in records.rows:
        names += [key for key in row if key not in names]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
    writer.writeheader()
    for row in records.rows:
        writer.writerow({key: formula_safe(value) for key, value in row.items()})
    return out.getvalue()


def play(records: Records, game: int, rows: list[dict]) -> None:
    records.new_game(game, players=3, seat=1)
    for row in rows:
        records.decided(row)
    records.finished((), True, lambda part, decisions: decisions)


def test_the_kept_csv_is_the_csv_written_from_scratch_after_every_round() -> None:
    records = Records("example", seed=1)
    assert records.csv_text() == records.csv_text() == "game,players,seat,game_no,round\n"
    rounds = [[{"bet": "yes", "won": 1}], [{"bet": "=1+1", "won": -2}, {"bet": "no", "won": 0}],
              [{"bet": "no", "won": 3, "note": "a late column"}], [{"bet": "yes", "won": 0}]]
    for game, rows in enumerate(rounds, start=1):
        play(records, game, rows)
        assert records.csv_text() == from_scratch(records)
        assert records.columns()[-1] == ("note" if game >= 3 else "won")
    twin = records.copy()
    play(twin, 5, [{"bet": "no", "won": 1}])
    assert twin.csv_text() == from_scratch(twin) != records.csv_text() == from_scratch(records)
    assert "'=1+1" in records.csv_text() and records.csv_text().count("\n") == 1 + 5
