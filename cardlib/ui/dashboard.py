"""The teacher's live dashboard: who plays, and the lesson's headline table and plot, as rounds land.

``serve(db_url, code, port)`` starts a plain standard-library HTTP server on a daemon thread, bound to
127.0.0.1 (the teacher's machine only: a student's device cannot reach it). Pages are drawn on the
server from the class database (``ClassDB``); nothing is fetched from outside and no kernel runs.

- ``GET /``: the class code and game, the students (as "Student 1, 2, ..." in the order they joined,
  or by name with ``?names=1``; every name escaped), and each game's headline: its
  ``cardlib.<game>.classroom.headline(table) -> (table, Figure or None[, more])`` over ``class_data(code)``,
  the figure as inline SVG, then each (title, table) of ``more`` if the game gives it. A game with a
  ``<game>.classroom_people`` room (people against bots) gives, for a class with tables of people
  (``played_people(table)``), ``people_headline(table)`` in its place. A small script fetches ``/live``
  every few seconds and redraws.
- ``GET /live``: that part of the page alone. ``GET /export.zip``: the class's CSV files. Else 404.
- The class's tables of people, if any (``dashboard_tables``), and ``POST /start-all`` (the page's
  button, with the dashboard's token): every open table where someone sits starts, empty seats bots.

Each game's headline is computed once per content of its table (cached: The Satori's runs rollouts)
on a worker; a request waits at most a few seconds for it and otherwise says it is being computed.
A database error shows as a message on the page, never a traceback.
"""
from __future__ import annotations

import hashlib
import html
import importlib
import io
import secrets
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor, TimeoutError as FutureTimeout
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Optional
from urllib.parse import parse_qs, urlsplit

from cardlib.core.classroom import NOT_ENOUGH
from cardlib.core.package import room
from cardlib.games import REGISTRY
from cardlib.ui.dashboard_tables import read_tables, tables_section

__all__ = ["serve", "Dashboard", "DashboardServer", "REFRESH_SECONDS"]

REFRESH_SECONDS = 3      # how often the page fetches its live part
PAGE_SECONDS = 8.0       # the longest a request waits for the database before it says so
HEADLINE_SECONDS = 4.0   # the longest a request waits for a game's headline before "being computed"
COMPUTING = "This table is being computed; it appears at a coming refresh."
SOCKET_SECONDS = 10.0    # a client that sends nothing for this long is let go
RENDER_LOCK = threading.Lock()  # matplotlib's text rendering is not promised to be thread-safe


class Dashboard:
    """One class's dashboard over a ``ClassDB``: draws the page and keeps each game's headline cached."""

    def __init__(self, db: Any, code: str) -> None:
        self.db, self.code = db, code.strip().upper()
        self.workers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="dashboard-read")  # database reads
        self.computing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dashboard-headline")  # analyses
        self.lock = threading.Lock()
        self.headlines: dict[tuple[str, str], Future] = {}  # (game, digest of its table) -> (table HTML, SVG)
        self.token = secrets.token_urlsafe(16)  # the Start button's: only a page read from this server has it

    def close(self) -> None:
        """Stop the workers (a headline being computed is let finish) and close the database."""
        self.workers.shutdown(wait=False, cancel_futures=True)
        self.computing.shutdown(wait=False, cancel_futures=True)
        self.db.close()

    def page(self, names: bool) -> tuple[str, str]:
        """The whole page (the live part, the names toggle, the script that refreshes it) and its script's nonce."""
        nonce = secrets.token_urlsafe(12)
        toggle = ('<a href="/">Hide names</a>' if names else '<a href="/?names=1">Show names</a>')
        return PAGE.format(code=html.escape(self.code), toggle=toggle, live=self.live(names), nonce=nonce,
                           query="?names=1" if names else "", seconds=REFRESH_SECONDS,
                           ms=REFRESH_SECONDS * 1000, style=STYLE), nonce

    def live(self, names: bool) -> str:
        """The part of the page that refreshes: the class, its students, each game's headline."""
        deadline = time.monotonic() + PAGE_SECONDS + HEADLINE_SECONDS  # the whole answer's bound
        reading = self.workers.submit(self.read)
        try:
            info, students, data, tables = reading.result(timeout=PAGE_SECONDS)
        except FutureTimeout:
            return message(f"The class database did not answer within {PAGE_SECONDS:.0f} s; the page tries again.")
        except Exception as error:  # any failure of the database: a message, never a traceback
            return message(f"The class database could not be read ({type(error).__name__}: "
                           f"{str(error).splitlines()[0][:200] if str(error) else 'no detail'}). "
                           f"The page tries again.")
        if info is None:
            return message(f"There is no class {self.code} in this database.")
        titles = {line.name: line.title for line in REGISTRY}
        game = titles.get(info.game, info.game) if info.game else "students choose"
        parts = [f'<p class="class">Class <b>{html.escape(self.code)}</b> · {html.escape(game)} · '
                 f'{len(students)} students · {sum(s.rounds for s in students)} rounds · '
                 f'updated {datetime.now().strftime("%H:%M:%S")}</p>',
                 students_table(students, names), tables_section(tables, students, names, self.token)]
        games = [info.game] if info.game else [line.name for line in REGISTRY if line.name in data.tables]
        for name in games:
            parts.append(f'<section class="game" id="game-{name}"><h2>{html.escape(titles.get(name, name))}</h2>'
                         f'{self.headline(name, data[name], deadline)}</section>')
        if not games:
            parts.append(message(f"No rounds yet: {NOT_ENOUGH}."))
        return "\n".join(parts)

    def read(self) -> tuple[Any, list[Any], Any, list[Any]]:
        """The class, its students, its rounds as ``class_data`` pools them, and its tables of people."""
        info = self.db.class_info(self.code)
        if info is None:
            return None, [], None, []
        return (info, self.db.students(self.code), self.db.class_data(self.code),
                read_tables(self.db, self.code))

    def start_all(self) -> int:
        """Start every open table where someone sits (empty seats become bots); how many started."""
        from cardlib.core.tables import start_all

        return self.workers.submit(start_all, self.db, self.code).result(timeout=PAGE_SECONDS)

    def headline(self, game: str, table: Any, deadline: float) -> str:
        """A game's headline table and plot as HTML, computed once per content of its table."""
        digest = hashlib.sha256(table.to_csv(index=False).encode("utf-8")).hexdigest()
        with self.lock:
            future = self.headlines.get((game, digest))
            if future is None:
                for key in [key for key in self.headlines if key[0] == game]:
                    del self.headlines[key]  # a new round landed: the old headline is stale
                future = self.headlines[(game, digest)] = self.computing.submit(headline_html, game, table)
        try:
            return future.result(timeout=max(0.05, min(HEADLINE_SECONDS, deadline - time.monotonic())))
        except FutureTimeout:
            return message(COMPUTING)
        except Exception as error:  # a game's analysis failed: say so, keep the page
            return message(f"This table could not be computed ({type(error).__name__}: {str(error)[:200]}).")


def headline_html(game: str, table: Any) -> str:
    """A game's ``classroom.headline`` as an HTML table (or "not enough data"), an inline SVG plot, and the
    headline's further tables (each titled; "not enough data" for one without rows)."""
    shown, figure, *rest = game_headline(game, table)
    more = [f'<h3>{html.escape(title)}</h3>' + table_html(part, "more") for title, part in (rest[0] if rest else ())]
    if (shown is None or not len(shown)) and figure is None:
        return "\n".join([f'<p class="note"><em>{NOT_ENOUGH}</em></p>', *more])
    parts = [table_html(shown, "headline")]
    if figure is not None:
        parts.append(f'<div class="plot">{svg(figure)}</div>')
    return "\n".join(parts + more)


def game_headline(game: str, table: Any) -> tuple[Any, ...]:
    """``<game>.classroom.headline(table)``, or, for a class with tables of people, the game's
    ``classroom_people.people_headline(table)`` if it has that room."""
    package = next(line.module for line in REGISTRY if line.name == game)
    people = room(package, "classroom_people")
    if people is not None and people.played_people(table):
        return people.people_headline(table)
    return importlib.import_module(package + ".classroom").headline(table)


def table_html(shown: Any, kind: str) -> str:
    """A headline's table as HTML (values escaped, floats to three places), or "not enough data" without rows."""
    if shown is None or not len(shown):
        return f'<p class="note"><em>{NOT_ENOUGH}</em></p>'
    shown = shown.apply(lambda column: column.map(lambda v: "–" if v is None else v) if column.dtype == object
                        else column)  # an exact value that has none (no calls in a band) shows as a dash
    return ('<div class="table">' + shown.to_html(escape=True, float_format=lambda x: f"{x:.3f}", na_rep="–",
                                                  classes=kind, border=0) + "</div>")


def svg(figure: Any) -> str:
    """A matplotlib Figure as an inline <svg> element (no XML prologue), drawn under a lock."""
    out = io.StringIO()
    with RENDER_LOCK:
        figure.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


def students_table(students: list[Any], names: bool) -> str:
    """The students in the order they joined: their name (or "Student n"), rounds and last round's time."""
    if not students:
        return message("No student has joined yet.")
    rows = []
    for number, student in enumerate(students, start=1):
        who = html.escape(student.name) if names else f"Student {number}"
        last = student.last.astimezone().strftime("%H:%M:%S") if student.last else "–"
        rows.append(f'<tr><td class="who">{who}</td><td>{student.rounds}</td><td>{last}</td></tr>')
    return ('<table class="students"><thead><tr><th>Student</th><th>Rounds</th><th>Last round</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def message(text: str) -> str:
    """A message on the page (escaped)."""
    return f'<p class="message">{html.escape(text)}</p>'


class DashboardServer(ThreadingHTTPServer):
    """The dashboard's HTTP server: a ThreadingHTTPServer that closes its dashboard with it."""

    daemon_threads = True
    dashboard: Dashboard

    def server_close(self) -> None:
        """Close the socket, then the dashboard's workers and database."""
        super().server_close()
        self.dashboard.close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that left in the middle of an answer (a tab closed, a page reloaded) is not worth a traceback
        in the teacher's terminal; anything else is printed as the standard library does."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def local_host(host: str) -> bool:
    """Whether a request's Host header names this machine: a web page elsewhere that points its own name
    at 127.0.0.1 (DNS rebinding) still sends that name, and is refused.

    >>> [local_host(h) for h in ("127.0.0.1:8867", "localhost:8867", "[::1]:8867", "evil.example:8867", "")]
    [True, True, True, False, False]
    """
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name.lower() in {"127.0.0.1", "localhost", "[::1]"}


class Handler(BaseHTTPRequestHandler):
    """GET /, /live and /export.zip; anything else 404."""

    server: DashboardServer
    timeout = SOCKET_SECONDS
    server_version = "cardlib-dashboard"
    sys_version = ""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        """Answer a GET (only when addressed by this machine's own name: see ``local_host``)."""
        if not local_host(self.headers.get("Host", "")):
            self.answer(403, "text/plain; charset=utf-8", b"The dashboard answers only at 127.0.0.1 or localhost.")
            return
        address = urlsplit(self.path)
        names = parse_qs(address.query).get("names", ["0"])[0] == "1"
        dashboard = self.server.dashboard
        if address.path == "/":
            body, nonce = dashboard.page(names)
            self.answer(200, "text/html; charset=utf-8", body.encode("utf-8"), nonce=nonce)
        elif address.path == "/live":
            self.answer(200, "text/html; charset=utf-8", dashboard.live(names).encode("utf-8"))
        elif address.path == "/export.zip":
            try:
                body = dashboard.workers.submit(dashboard.db.export_zip, dashboard.code).result(timeout=PAGE_SECONDS)
            except Exception as error:  # the database failed or was slow: a message, never a traceback
                text = f"The class could not be exported ({type(error).__name__}); try again."
                self.answer(503, "text/plain; charset=utf-8", text.encode("utf-8"))
                return
            self.answer(200, "application/zip", body,
                        extra={"Content-Disposition": f'attachment; filename="class-{dashboard.code}.zip"'})
        else:
            self.not_found()

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        """``/start-all`` with the page's token starts the waiting tables, then back to the page; else 403/404."""
        if urlsplit(self.path).path != "/start-all":
            self.not_found()
            return
        length = int(self.headers.get("Content-Length") or 0)
        form = parse_qs(self.rfile.read(min(length, 4096)).decode("utf-8", "replace"))
        dashboard = self.server.dashboard
        origin = self.headers.get("Origin")
        if (not local_host(self.headers.get("Host", "")) or (origin and not local_host(urlsplit(origin).netloc))
                or not secrets.compare_digest(form.get("token", [""])[0], dashboard.token)):
            self.answer(403, "text/plain; charset=utf-8", b"Only the dashboard's own page starts the tables.")
            return
        try:
            dashboard.start_all()
        except Exception as error:  # the database failed or was slow: a message, never a traceback
            text = f"The tables could not be started ({type(error).__name__}); try again."
            self.answer(503, "text/plain; charset=utf-8", text.encode("utf-8"))
            return
        place = "/?names=1" if form.get("names", ["0"])[0] == "1" else "/"
        self.answer(303, "text/plain; charset=utf-8", b"Started.", extra={"Location": place})

    def not_found(self) -> None:
        """404 for anything but the dashboard's addresses."""
        self.answer(404, "text/plain; charset=utf-8", b"Not found: the dashboard is at /")

    do_PUT = do_DELETE = do_PATCH = not_found  # noqa: N815

    def answer(self, status: int, kind: str, body: bytes, nonce: Optional[str] = None,
               extra: Optional[dict[str, str]] = None) -> None:
        """Send a response with headers that keep it private to this browser and this page."""
        script = f"'nonce-{nonce}'" if nonce else "'none'"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", f"default-src 'none'; style-src 'unsafe-inline'; "
                         f"script-src {script}; connect-src 'self'; img-src data:; form-action 'self'; "
                         "frame-ancestors 'none'")
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the standard library's name)
        """Quiet: the teacher's terminal shows the class, not every refresh."""


def serve(db_url: str, code: str, port: int, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """Serve class ``code``'s dashboard from the database at ``db_url`` on ``host:port`` (a daemon thread).

    Stop it with ``server.shutdown(); server.server_close()``; ``server.server_address`` is where it
    listens (``port=0`` picks a free port)."""
    from cardlib.core.classdb import ClassDB

    server = DashboardServer((host, port), Handler)
    server.dashboard = Dashboard(ClassDB(db_url), code)
    threading.Thread(target=server.serve_forever, name=f"dashboard-{server.dashboard.code}", daemon=True).start()
    return server


STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.2rem 2rem; color: #222; }
header { display: flex; gap: 2rem; align-items: baseline; }
header h1 { margin: 0; font-size: 2rem; } header a { font-size: 1.1rem; }
.class { font-size: 1.3rem; } .message { color: #8a4b00; font-size: 1.1rem; }
#live { display: flex; flex-wrap: wrap; gap: 0 2.5rem; align-items: flex-start; }
#live > .class, #live > .message { flex-basis: 100%; }
table { border-collapse: collapse; font-size: 0.95rem; margin: 0.4rem 0; }
th, td { padding: 0.15rem 0.6rem; text-align: right; border-bottom: 1px solid #ddd; }
tbody th { white-space: nowrap; }
td.who, th.who { text-align: left; max-width: 18rem; overflow-wrap: anywhere; }
.game h2 { margin: 0.6rem 0 0.2rem; } .game h3 { margin: 0.5rem 0 0.1rem; font-size: 1.05rem; } .plot svg { max-width: 100%; height: auto; }
section.game { max-width: 1240px; min-width: 0; } .table { overflow-x: auto; } .plot { max-width: 880px; }
section.tables { flex-basis: 100%; } section.tables h2 { margin: 0.6rem 0 0.2rem; }
section.tables button { font-size: 1.05rem; padding: 0.3rem 0.8rem; }
"""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Class {code} · dashboard</title>
<noscript><meta http-equiv="refresh" content="{seconds}"></noscript>
<style>{style}</style></head>
<body><header><h1>Class {code}</h1>{toggle}<a href="/export.zip">Export the class (CSV files, zip)</a></header>
<div id="live">{live}</div>
<script nonce="{nonce}">
(function () {{
  const live = document.getElementById("live");
  async function refresh() {{
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), {ms} * 3);
    try {{
      const answer = await fetch("/live{query}", {{cache: "no-store", signal: stop.signal}});
      if (answer.ok) {{ live.innerHTML = await answer.text(); live.dataset.refreshed = String(Date.now()); }}
    }} catch (error) {{ /* the next refresh tries again */ }}
    clearTimeout(timer);
    setTimeout(refresh, {ms});
  }}
  setTimeout(refresh, {ms});
}})();
</script></body></html>
"""
