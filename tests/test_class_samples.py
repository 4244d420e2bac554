"""The sample class files the teacher notebook ships with: whole, readable, and what the tool makes."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from cardlib.core.classroom import read_class_files
from cardlib.games import REGISTRY, info

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "notebooks" / "data" / "class"
sys.path.insert(0, str(ROOT / "tools"))
import class_samples  # noqa: E402


def test_thirty_sample_files_six_a_game_all_read_with_nothing_skipped():
    data = read_class_files(SAMPLES)
    assert data.skipped == [] and len(data.read) == 30
    assert Counter(name.split("-")[0] for name in data.read) == {line.name: 6 for line in REGISTRY}
    for line in REGISTRY:
        table = data[line.name]
        assert table["file"].nunique() == 6 and table["players"].nunique() > 1  # several table sizes


def test_a_sample_file_is_what_the_tool_writes_from_its_seed():
    number, index = 1, [line.name for line in REGISTRY].index("discontinuity")
    name, text = class_samples.student_file(info("discontinuity"), number, 2026 + 1000 * index + number)
    assert (SAMPLES / name).read_text(encoding="utf-8") == text
