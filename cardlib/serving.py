"""What ``cardlib app`` and ``cardlib class`` share to serve pages with Voila: its options (our template,
one port, kernel culling, the websocket without delay), its environment, and a port checked before use.
"""
from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
from pathlib import Path
from typing import Optional

PORT, HOST = 8866, "127.0.0.1"
CULL_IDLE, CULL_EVERY = 60, 15  # seconds: a page closed or reloaded frees its kernel a minute later
TEMPLATE = "cardlib"
# The only JupyterLab extensions a page loads: the widgets and Voila's manager of them (not, say, jupyterlab_pygments).
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")
JUPYTER_DATA = Path(__file__).resolve().parent / "ui" / "jupyter"  # holds voila/templates/cardlib/


class CommandError(Exception):
    """A mistake the command explains in one message (no traceback)."""


def voila_options(host: str = HOST, port: int = PORT, cull_idle: Optional[int] = CULL_IDLE,
                  cull_every: int = CULL_EVERY) -> list[str]:
    """Voila's command-line options: our template (a page without maths: no MathJax), one port and no other,
    and kernel culling.

    A page closed or reloaded leaves its kernel without a connection; Voila shuts it down after
    ``cull_idle`` seconds idle, checked every ``cull_every`` seconds (``cull_idle=None``: never).

    A page loads no JupyterLab extension but the widgets' (``EXTENSIONS``).

    The page's kernel websocket sends each message at once (``cardlib.ui.nodelay``: a click's answer
    is a burst of small messages, which Nagle's algorithm would hold back for up to 40 ms each).

    >>> voila_options(port=8870, cull_idle=None)[:5]
    ['--no-browser', '--template=cardlib', '--Voila.ip=127.0.0.1', '--port=8870', '--Voila.port_retries=0']
    >>> voila_options(cull_idle=None)[5]
    '--Voila.kernel_websocket_connection_class=cardlib.ui.nodelay.NoDelayConnection'
    """
    from cardlib.ui.nodelay import OPTION as NO_DELAY

    options = ["--no-browser", f"--template={TEMPLATE}", f"--Voila.ip={host}", f"--port={port}",
               "--Voila.port_retries=0", NO_DELAY]  # a busy port is an error, never a silent move to the next one
    options += [f"--VoilaConfiguration.extension_allowlist={name}" for name in EXTENSIONS]
    if cull_idle is not None:
        options += [f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
                    f"--MappingKernelManager.cull_interval={cull_every}",
                    "--MappingKernelManager.cull_connected=False"]
    return options


def run_voila(argv: list[str]) -> None:
    """Serve with Voila until Ctrl+C (or SIGTERM), which stops it quietly: its kernels shut down, no traceback.

    Python turns Ctrl+C into a KeyboardInterrupt wherever the server happens to be, often inside one of
    Voila's own tasks (heating a kernel of the pool), whose traceback asyncio then prints to the teacher's
    terminal. Here Ctrl+C asks the server's loop to stop, as Voila's own SIGTERM handler does; a second
    Ctrl+C while it shuts its kernels down interrupts at once.
    """
    from voila.app import Voila

    app = Voila.instance()
    app.initialize(argv)

    def stop(number: int, frame: object) -> None:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a second Ctrl+C: now
        loop = getattr(app, "ioloop", None)
        if loop is None:  # not serving yet
            raise KeyboardInterrupt
        loop.add_callback_from_signal(loop.stop)

    signal.signal(signal.SIGINT, stop)
    try:
        app.start()
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def voila_environment(environ: Optional[dict[str, str]] = None) -> dict[str, str]:
    """``environ`` (default: this process's) with our template's folder first on JUPYTER_PATH."""
    environ = dict(os.environ if environ is None else environ)
    paths = [str(JUPYTER_DATA)] + [p for p in environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    environ["JUPYTER_PATH"] = os.pathsep.join(paths)
    return environ


def check_port(host: str, port: int, game: str = "GAME", *, command: str = "", option: str = "--port") -> None:
    """CommandError when nothing may listen on ``host:port`` now (busy, not allowed, not this machine's).

    The message suggests ``cardlib app GAME`` (or ``command``) with the next port for ``option``."""
    again = command or f"cardlib app {game}"
    make = "" if command else f" (make app: PORT={port + 1})"
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise CommandError(f"--host {host!r} is not an address this machine knows ({error.strerror})") from None
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Voila's own listener does
            try:
                probe.bind(address)
            except OSError as error:
                if error.errno == errno.EADDRINUSE:
                    raise CommandError(
                        f"port {port} is busy: another server (perhaps another cardlib app) listens on "
                        f"{host}:{port}. Stop it, or choose another port: {again} {option} {port + 1}"
                        f"{make}") from None
                if error.errno == errno.EACCES:
                    raise CommandError(f"not allowed to listen on port {port}; choose one above 1023 "
                                       f"with {option}") from None
                raise CommandError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def whole_number(text: str) -> int:
    """A whole number of zero or more, for argparse; a clear message otherwise."""
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}")
    return int(text)


def katsu_seconds(text: str) -> int:
    """A Katsu window's time limit in seconds (1 to 3600), for argparse."""
    seconds = whole_number(text)
    if not 1 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 1 to 3600, not {text!r}")
    return seconds


def port_number(text: str) -> int:
    """A TCP port (1 to 65535), for argparse."""
    port = whole_number(text)
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port from 1 to 65535, not {text!r}")
    return port
