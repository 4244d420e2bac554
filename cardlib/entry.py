"""The ``cardlib`` command's entry point, kept light: a Ctrl+C while the command still imports its parts (Voila,
ipywidgets: about a second) stops it quietly with exit status 130, as one while it serves stops it quietly
(``cardlib.serving.run_voila``), instead of a traceback through the imports."""
from __future__ import annotations

import sys
from typing import Optional


def main(argv: Optional[list[str]] = None) -> int:
    """Run the ``cardlib`` command (``cardlib.cli.main``); a Ctrl+C that reaches it ends it with status 130."""
    try:
        from cardlib.cli import main as command

        return command(argv)
    except KeyboardInterrupt:
        print("cardlib: stopped (Ctrl+C).", file=sys.stderr)
        return 130
