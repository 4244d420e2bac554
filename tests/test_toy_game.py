"""A game registered at run time passes the whole generic set: the kit's toy, Kuhn poker.

``pytest -p tests.toy_game`` adds the toy's one registry line before the generic test files are
collected, and keeps only their tests about the toy or about no game in particular. So every
generic test runs on a game it was not written for, and a test that lists or counts the games by
hand (rather than reading the registry and each game's own facts) fails here, loudly.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ["tests/test_every_game.py", "tests/test_every_app.py", "tests/test_every_exercise.py",
           "tests/test_printables.py", "tests/test_class_samples.py", "tests/test_game_rooms.py"]


def run_generic_set(*extra: str) -> subprocess.CompletedProcess:
    """pytest over the generic test files with the toy game registered (verbose: one line a test)."""
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.toy_game", "-p", "no:cacheprovider", "-v",
                           "--no-header", "-W", "ignore", *extra, *GENERIC],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_the_generic_set_passes_on_a_toy_game_registered_at_run_time():
    run = run_generic_set()
    tail = run.stdout[-3000:]
    assert run.returncode == 0, tail
    passed = re.findall(r"^(\S+) PASSED", run.stdout, re.MULTILINE)
    on_the_toy = [test for test in passed if "kuhn" in test]
    assert len(on_the_toy) >= 35, tail  # the engine's checks, the app's, the registry's parse: all on the toy
    # the tests about no game in particular ran too, with the toy in the registry
    assert any("test_every_sampled_game_has_its_files" in test for test in passed), tail
    assert any("test_core_and_ui_never_import_a_game" in test for test in passed), tail
