"""Play a seeded tournament on a few processes and store its table: the step the tools that write
``notebooks/data/*_tournament.csv`` share (tools/run_tournaments.py, tools/discontinuity_games.py)."""
from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardlib.core.tournament import standings  # noqa: E402


def write_tournament(game: Any, agents: Any, path: Path, settings: Mapping[str, Any], workers: int) -> None:
    """Play ``settings`` (games, seed) of ``agents`` on ``workers`` processes; write the table (one row per game
    and seat) to ``path``; print what was written, how long it took, and the summary (one row per agent)."""
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        table, summary = standings(game, agents, executor=pool, **settings)
    table.to_csv(path, index=False)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print(f"wrote {shown}: {settings['games']} games, seed {settings['seed']}, {time.perf_counter() - start:.0f} s")
    print(summary.to_string())
