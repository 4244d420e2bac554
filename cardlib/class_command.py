"""``cardlib class``: a live class on the teacher's machine, students joining by name from their own devices.

    cardlib class --game loop --host 0.0.0.0      # the local network; prints the address and a code
    cardlib class --db postgresql://teacher@school/class --code 3B-MATH

It opens (or reopens) the class in the class database, prints for the projector the address students
open and the class code in block letters, starts the teacher's dashboard on this machine only
(127.0.0.1, whatever ``--host`` says), and serves the student page (``cardlib.ui.live``) in Voila with a
pool of preheated kernels, one a student (``--students``). The class's settings (the database's URL, the
code, the game, the seed, the language) reach the kernels through their environment, never through the
page. Ctrl+C stops Voila, its kernels and the dashboard.
"""
from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import tempfile
from pathlib import Path
from typing import Any, Optional

from cardlib.banner import banner
from cardlib.ui.launch import (CLASS_CODE_VARIABLE, CLASS_DB_VARIABLE, CLASS_GAME_VARIABLE, CLASS_WINDOW_VARIABLE,
                               FRONTEND, KATSU_SECONDS, LANG_VARIABLE, SEED_VARIABLE, with_frontend)

DATABASE = "sqlite:///class.db"  # in the folder the command runs in
STUDENTS = 30  # kernels preheated in the pool
CODE_LETTERS = "ACDEFGHJKLMNPRTUVWXY"  # no B/8, I/1, O/0/Q, S/5, Z/2: read off a projector without doubt
POOL_MANAGER = "cardlib.ui.live_kernels.PoolKernelManager"
GRACE = 4  # a page may take 4 culling idle times to connect (thirty browsers on two cores: 80 s, then 60 s idle)
IOPUB_TIMEOUT = 60  # seconds nbclient waits for a page's output; its 4 s left pages blank on a loaded machine
CLASS_CELL = ("from cardlib.ui.live import ClassPage\nfrom cardlib.ui.launch import class_options\n\n"
              "ClassPage(**class_options())  # cardlib class --game … --seed … --lang ja")


def new_code(length: int = 4) -> str:
    """A random class code of letters no one misreads.

    >>> code = new_code(); len(code) == 4 and set(code) <= set(CODE_LETTERS)
    True
    """
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when it has none).

    A UDP socket "connected" to a private address sends nothing; it only asks the system which of
    this machine's addresses would be used."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def student_address(host: str, port: int) -> str:
    """The address students open: the LAN address when serving every interface, else the host.

    >>> student_address("127.0.0.1", 8866)
    'http://127.0.0.1:8866/'
    """
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"


def absolute_database(url: str) -> str:
    """The URL with an SQLite file's path made absolute (the kernels run in another folder).

    >>> absolute_database("postgresql://teacher@school/class")
    'postgresql://teacher@school/class'
    >>> absolute_database("sqlite:///class.db") == "sqlite:///" + os.path.abspath("class.db")
    True
    """
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception as error:
        raise ValueError(f"--db {url!r} is not a database URL ({error})") from None
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        return parsed.set(database=os.path.abspath(parsed.database)).render_as_string(hide_password=False)
    return url


def class_voila_options(options: list[str], students: int, cull_idle: Optional[int] = None) -> list[str]:
    """``cardlib app``'s Voila options plus a pool of ``students`` preheated kernels (0: none) culled with care,
    a few spares heated again, a cap on kernels, and nbclient's IOPub timeout made fit for a loaded machine.
    A page has ``GRACE`` times ``cull_idle`` to connect to its kernel before the culler counts it idle.

    >>> class_voila_options([], 30)[:2]
    ['--VoilaConfiguration.preheat_kernel=True', '--VoilaConfiguration.default_pool_size=30']
    >>> class_voila_options([], 30)[3:5]
    ['--PoolKernelManager.max_kernels=45', '--PoolKernelManager.spare=3']
    """
    patient = [f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}", *options]
    if students <= 0:
        return patient
    return ["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={students}",
            f"--VoilaConfiguration.multi_kernel_manager_class={POOL_MANAGER}",
            f"--PoolKernelManager.max_kernels={students + max(5, students // 2)}",
            f"--PoolKernelManager.spare={max(2, students // 10)}",
            f"--PoolKernelManager.parallel_starts={os.cpu_count() or 2}",
            *([f"--PoolKernelManager.connect_grace={GRACE * cull_idle}"] if cull_idle else []), *patient]


def write_class_notebook(folder: Path) -> Path:
    """Write the student page's one-cell notebook into ``folder``; its path."""
    cell = {"cell_type": "code", "execution_count": None, "id": "class", "metadata": {}, "outputs": [],
            "source": CLASS_CELL.splitlines(keepends=True)}
    notebook = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                            "name": "python3"}, "language_info": {"name": "python"}}}
    path = folder / "class.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    return path


def start_dashboard(db_url: str, code: str, port: int) -> Optional[Any]:
    """The teacher's dashboard on 127.0.0.1:``port`` (None, said so, while cardlib has none yet)."""
    try:
        from cardlib.ui import dashboard
    except ImportError:
        print("The teacher's dashboard is not available yet in this cardlib.", flush=True)
        return None
    return dashboard.serve(db_url, code, port, host="127.0.0.1")  # never on the network


def serve_class(args: argparse.Namespace) -> int:
    """Open the class, print the banner, start the dashboard and serve the student page until Ctrl+C."""
    from cardlib.serving import CommandError, check_port, run_voila, voila_environment, voila_options

    again = "cardlib class"
    check_port(args.host, args.port, command=again)
    dashboard_port = args.dashboard_port or args.port + 1
    check_port("127.0.0.1", dashboard_port, command=again, option="--dashboard-port")
    try:
        url = absolute_database(args.db)
        from cardlib.core.classdb import ClassDB

        with ClassDB(url) as db:
            code = db.open_class(args.code or new_code(), args.game).code
    except ImportError:
        raise CommandError('the class database needs SQLAlchemy: pip install "cardlib[lab]"') from None
    except Exception as error:  # a bad URL, a server that does not answer, a bad code: one line
        raise CommandError(f"cannot open the class database: {error}") from None
    try:
        import voila.app  # noqa: F401 (Voila missing: the message below, not a traceback)
    except ImportError:
        raise CommandError('Voila is not installed: pip install "cardlib[lab]"') from None
    os.environ.update(voila_environment())
    os.environ.update({SEED_VARIABLE: "" if args.seed is None else str(args.seed), LANG_VARIABLE: args.lang or "",
                       CLASS_DB_VARIABLE: url, CLASS_CODE_VARIABLE: code, CLASS_GAME_VARIABLE: args.game or "",
                       CLASS_WINDOW_VARIABLE: str(getattr(args, "katsu_seconds", KATSU_SECONDS))})
    dashboard = start_dashboard(url, code, dashboard_port)
    print(banner(student_address(args.host, args.port), code, f"http://127.0.0.1:{dashboard_port}/"), flush=True)
    try:
        with tempfile.TemporaryDirectory(prefix="cardlib-class-") as folder:
            notebook = write_class_notebook(Path(folder))
            options = with_frontend(voila_options(args.host, args.port, args.cull_idle, max(1, args.cull_every)),
                                    getattr(args, "frontend", FRONTEND))
            run_voila([*class_voila_options(options, args.students, args.cull_idle), str(notebook)])
    finally:
        if dashboard is not None:
            dashboard.shutdown()
            dashboard.server_close()
    return 0
