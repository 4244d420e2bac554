"""The ``cardlib`` command: ``cardlib app GAME`` serves one game alone in Voila, for a projector;
``cardlib class`` starts a live class (``cardlib.class_command``).

    cardlib app scout                      # http://127.0.0.1:8866/ on this machine
    cardlib app loop --seed 7 --lang ja    # the same deal on every page load, in Japanese
    cardlib app satori --host 0.0.0.0      # students open it on their own devices
    cardlib class --game loop --host 0.0.0.0   # students join by name; rounds land in class.db

It needs nothing but the installed package (``pip install "cardlib[lab]"``): the one-cell notebook it
serves is written from the registry into a temporary folder, and Voila's page comes from the
``cardlib`` template shipped in ``cardlib/ui/jupyter/`` (Voila's lab page with nothing fetched from
the internet). ``make app GAME=…`` in a clone calls it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

from cardlib import __version__
from cardlib.games import REGISTRY, GameInfo
from cardlib.serving import (CULL_EVERY, CULL_IDLE, HOST, PORT, CommandError, check_port, katsu_seconds,
                             port_number, run_voila, voila_environment, voila_options, whole_number)
from cardlib.ui.launch import FRONTEND, FRONTENDS, KATSU_SECONDS, LANG_VARIABLE, SEED_VARIABLE, with_frontend

def app_games() -> dict[str, GameInfo]:
    """The games that have an app, by name, in the registry's order.

    >>> list(app_games())
    ['twentyfive', 'discontinuity', 'satori', 'scout', 'loop']
    """
    return {info.name: info for info in REGISTRY if info.app}


def app_cell(info: GameInfo) -> str:
    """The one cell of a game's app notebook (``notebooks/apps/<game>.ipynb`` holds the same).

    >>> print(app_cell(app_games()["scout"]))
    from cardlib.scout.app import ScoutApp
    from cardlib.ui.launch import launch_options
    <BLANKLINE>
    ScoutApp(**launch_options())  # cardlib app scout --seed … --lang ja
    """
    module, name = info.app.split(":")
    return (f"from {module} import {name}\nfrom cardlib.ui.launch import launch_options\n\n"
            f"{name}(**launch_options())  # cardlib app {info.name} --seed … --lang ja")


def write_app_notebook(info: GameInfo, folder: Path) -> Path:
    """Write the game's one-cell app notebook into ``folder``; its path."""
    cell = {"cell_type": "code", "execution_count": None, "id": "app", "metadata": {}, "outputs": [],
            "source": app_cell(info).splitlines(keepends=True)}
    notebook = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                            "name": "python3"}, "language_info": {"name": "python"}}}
    path = folder / f"{info.name}.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    return path


def parser() -> argparse.ArgumentParser:
    """The command line: ``cardlib app GAME [options]``."""
    games = app_games()
    top = argparse.ArgumentParser(prog="cardlib", description="cardlib: five small Japanese card games for "
                                  "learning probability in Jupyter.")
    top.add_argument("--version", action="version", version=f"cardlib {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    listing = "\n".join(f"  {name:<14} {info.title}" for name, info in games.items())
    app = commands.add_parser(
        "app", help="serve one game alone in Voila, for a classroom projector",
        description="Serve one game alone in Voila, for a classroom projector: open the address it "
                    "prints. Stop it with Ctrl+C.",
        epilog=f"games:\n{listing}", formatter_class=argparse.RawDescriptionHelpFormatter)
    app.set_defaults(parser=app)  # its own error() for a wrong game
    app.add_argument("game", metavar="GAME", help="the game: " + ", ".join(games))
    app.add_argument("--seed", type=whole_number, default=None,
                     help="deal this seed on every page load (default: a new deal each time)")
    app.add_argument("--lang", choices=["en", "ja"], default=None, help="the app's language (default: en)")
    app.add_argument("--host", default=HOST, help=f"the address to listen on (default: {HOST}, this machine "
                     "only; 0.0.0.0: the local network too, with no password)")
    app.add_argument("--port", type=port_number, default=PORT, help=f"the port (default: {PORT})")
    add_culling_options(app)
    add_frontend_option(app)
    add_class_command(commands, games)
    return top


def add_culling_options(command: argparse.ArgumentParser) -> None:
    """``--cull-idle`` and ``--cull-every``: when a closed or reloaded page's kernel is shut down."""
    command.add_argument("--cull-idle", type=whole_number, default=CULL_IDLE, metavar="SECONDS",
                         help=f"shut a closed or reloaded page's kernel down after this long idle (default: "
                         f"{CULL_IDLE}; 0: never)")
    command.add_argument("--cull-every", type=whole_number, default=CULL_EVERY, metavar="SECONDS",
                         help=f"how often to look for such kernels (default: {CULL_EVERY})")


def add_frontend_option(command: argparse.ArgumentParser) -> None:
    """``--frontend``: what draws the pages in the browser."""
    command.add_argument("--frontend", choices=list(FRONTENDS), default=FRONTEND,
                         help=f"what draws the pages: light, cardlib's own small frontend (one script), or voila, "
                         f"Voila's JupyterLab frontend (77 scripts, 4 MB; slower on a loaded machine) (default: "
                         f"{FRONTEND})")


def add_class_command(commands: Any, games: dict[str, GameInfo]) -> None:
    """``cardlib class [options]``: a live class, students joining by name."""
    from cardlib.class_command import DATABASE, STUDENTS

    live = commands.add_parser(
        "class", help="start a live class: students join by name, every round lands in the class database",
        description="Start a live class: students open the address it prints, join with their name and the "
                    "class code, and play against bots; every finished round is stored in the class database, "
                    "and the teacher's dashboard (this machine only) shows the class. Stop it with Ctrl+C.",
        epilog="games:\n" + "\n".join(f"  {name:<14} {info.title}" for name, info in games.items()),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    live.set_defaults(parser=live)
    live.add_argument("--game", default=None, help="the lesson's game (default: each student chooses): "
                      + ", ".join(games))
    live.add_argument("--db", default=DATABASE, metavar="URL", help=f"the class database, any SQLAlchemy URL "
                      f"(default: {DATABASE}, a file in this folder; postgresql://user@host/db for a server)")
    live.add_argument("--code", default=None, help="the class code (default: four random letters); the same "
                      "code again carries the class on")
    live.add_argument("--seed", type=whole_number, default=None,
                      help="every student's games dealt from this seed (default: a new deal each time)")
    live.add_argument("--lang", choices=["en", "ja"], default=None, help="the pages' language (default: en)")
    live.add_argument("--katsu-seconds", type=katsu_seconds, default=KATSU_SECONDS, metavar="SECONDS",
                      help="at a table of people of The Satori, how long every player has to call Katsu after a "
                      f"play; no answer is no call (default: {KATSU_SECONDS})")
    live.add_argument("--host", default=HOST, help=f"the address to listen on (default: {HOST}, this machine only; "
                      "0.0.0.0: the local network, where the students are)")
    live.add_argument("--port", type=port_number, default=PORT, help=f"the students' port (default: {PORT})")
    live.add_argument("--dashboard-port", type=port_number, default=None, metavar="PORT",
                      help="the teacher's dashboard's port, on 127.0.0.1 only (default: the students' port + 1)")
    live.add_argument("--students", type=whole_number, default=STUDENTS, metavar="N",
                      help=f"kernels started ahead, one a student (default: {STUDENTS}; 0: none, each page starts "
                      "its own)")
    add_culling_options(live)
    add_frontend_option(live)


def serve(info: GameInfo, args: argparse.Namespace) -> int:
    """Run Voila on the game's app notebook until Ctrl+C; its exit code."""
    check_port(args.host, args.port, info.name)  # before Voila's import, which takes seconds
    try:
        import voila.app  # noqa: F401 (Voila missing: the message below, not a traceback)
    except ImportError:
        raise CommandError('Voila is not installed: pip install "cardlib[lab]"') from None
    os.environ.update(voila_environment())
    os.environ[SEED_VARIABLE] = "" if args.seed is None else str(args.seed)  # the kernel reads these
    os.environ[LANG_VARIABLE] = args.lang or ""
    with tempfile.TemporaryDirectory(prefix="cardlib-app-") as folder:
        notebook = write_app_notebook(info, Path(folder))
        options = voila_options(args.host, args.port, args.cull_idle, max(1, args.cull_every))
        run_voila([*with_frontend(options, getattr(args, "frontend", FRONTEND)), str(notebook)])
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    """Run the ``cardlib`` command; its exit code (2 for a mistake on the command line)."""
    top = parser()
    args = top.parse_args(argv)
    if args.command is None:
        top.print_help()
        return 2
    games = app_games()
    if args.game not in games and (args.command == "app" or args.game is not None):
        args.parser.error(f"no game named {args.game!r}; choose one of: {', '.join(games)}")
    try:
        if args.command == "class":
            from cardlib.class_command import serve_class

            return serve_class(args)
        return serve(games[args.game], args)
    except CommandError as error:
        print(f"cardlib {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
