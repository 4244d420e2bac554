"""What the games' duplicate-deal scripts share (tools/scout_duplicate.py, tools/loop_duplicate.py): the
command line, the run on worker processes, the summary with 95% intervals, and the rows written as CSV."""
from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.core.tournament import duplicate, duplicate_summary  # noqa: E402


def csv_path(csv_name: str, players: int, usual: int, changed: Optional[Mapping[str, Any]] = None) -> Path:
    """Where the rows go: ``notebooks/data/<csv_name>``, with ``_<N>p`` before ``.csv`` for another player
    count, and the hero's options that differ from its defaults after that (an experiment's own file).

    >>> csv_path("scout_duplicate.csv", 3, 3).name, csv_path("scout_duplicate.csv", 5, 3, {"width": 10}).name
    ('scout_duplicate.csv', 'scout_duplicate_5p_width10.csv')
    """
    path = ROOT / "notebooks" / "data" / csv_name
    tags = ([] if players == usual else [f"{players}p"]) + [f"{name}{value}" for name, value in (changed or {}).items()]
    return path.with_name("_".join([path.stem, *tags]) + path.suffix)


def run(description: str, game: Any, hero: Any, field: Any, csv_name: str,
        player_counts: Optional[Sequence[int]] = None,
        options: Optional[Mapping[str, Any]] = None, deals: int = 1000) -> None:
    """Parse --deals (``deals`` by default), --seed, --workers and --out (and --players when ``player_counts`` is
    given), play the duplicate deals, print the summary and write the rows.

    With ``options`` (name -> default), ``hero`` is a callable taking them as keywords and each is a
    command-line option too (``--name``, of its default's type).
    """
    parser = argparse.ArgumentParser(description=description)
    for name, default in (options or {}).items():
        parser.add_argument(f"--{name}", type=type(default), default=default, help=f"the hero's {name} (default {default})")
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    if player_counts:
        parser.add_argument("--players", type=int, default=game.players, choices=list(player_counts),
                            help=f"players at the table (default {game.players})")
    parser.add_argument("--out", default=None, help=f"the rows' CSV (default notebooks/data/{csv_name}"
                        + (", _<N>p before .csv for another player count)" if player_counts else ")"))
    args = parser.parse_args()
    players = args.players if player_counts else game.players
    usual = game.players
    game = dataclasses.replace(game, players=players)
    chosen = {name: getattr(args, name) for name in options or {}}
    if options:
        hero = hero(**chosen)
    changed = {name: value for name, value in chosen.items() if value != options[name]}  # type: ignore[index]
    out = Path(args.out) if args.out else csv_path(csv_name, players, usual, changed)
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            table = duplicate(game, hero, field, deals=args.deals, seed=args.seed, executor=pool)
    else:  # one worker: played here, no pool
        table = duplicate(game, hero, field, deals=args.deals, seed=args.seed)
    seconds = time.perf_counter() - started
    print(f"{hero!r} against {field!r}: {args.deals} deals x {game.players} seats, seed {args.seed}, {seconds:.0f} s\n")
    print(duplicate_summary(table).round(4).to_string())
    out.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(out, index=False)
    print(f"\nrows: {out}")
