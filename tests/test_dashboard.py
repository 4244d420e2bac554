"""The teacher's live dashboard (cardlib.ui.dashboard) over a real class database, SQLite and PostgreSQL.

Rounds come from the sample class files (tools/class_samples.py: the real apps played by bots) and from an
app played here by clicks; the dashboard is a real server on a free port, read with urllib.
"""
from __future__ import annotations

import importlib
import io
import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import pytest

from cardlib.core.classroom import NOT_ENOUGH, read_class_files
from cardlib.games import REGISTRY, info
from cardlib.ui.dashboard import COMPUTING, serve
from cardlib.ui.testing import new_game

SAMPLES = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "class"
HOSTILE = "<img src=x onerror=alert(1)>"
NAMES = ["Ana", HOSTILE, "Bo", "Chen", "Dara", "Eli"]  # the sample files' students, in the order they join


def record_rounds(db: Any, code: str, name: str, game: str, rows: list[dict[str, Any]], key: str) -> int:
    """Write an app's record rows to the class, one round at a time (as a student's page does); returns rounds."""
    rounds: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for row in rows:
        rounds.setdefault((row["game_no"], row["round"]), []).append(row)
    for (game_no, number), part in rounds.items():
        db.add_round(code, name, game, "bots", part[0]["seat"], part, key=f"{key}:{game_no}:{number}")
    return len(rounds)


def load_samples(db: Any, code: str) -> None:
    """Every sample class file as a student's rounds: the n-th file of each game is NAMES[n]'s."""
    for path in sorted(SAMPLES.glob("*.csv")):
        (game, table), = read_class_files([path]).tables.items()
        name = NAMES[(int(path.stem.rsplit("student", 1)[1]) - 1) % len(NAMES)]
        db.join(code, name)
        rows = json.loads(table.drop(columns="file").to_json(orient="records"))  # plain Python values
        record_rounds(db, code, name, game, rows, key=path.name)


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    """A GET: its status, headers and body (an HTTP error's too)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def text(url: str) -> str:
    """A page's text (it must answer 200) once every headline on it is computed: on a loaded machine a
    headline may take longer than a request waits, and the page says so and shows it at a later refresh."""
    for _ in range(240):
        status, _, body = get(url)
        assert status == 200, (status, body[:500])
        page = body.decode("utf-8")
        if COMPUTING not in page and "did not answer within" not in page:
            break  # ("did not answer": the database read took longer than a request waits; the page tries again)
        time.sleep(0.5)
    return page


def section(page: str, game: str) -> str:
    """The part of a page that is one game's headline."""
    start = page.index(f'<section class="game" id="game-{game}">')
    return page[start:page.index("</section>", start)]


@pytest.fixture
def running(class_db: Any, class_db_url: str) -> Iterator[Any]:
    """A factory: ``running(code)`` serves that class's dashboard on a free port; returns (base URL, server)."""
    servers = []

    def start(code: str) -> tuple[str, Any]:
        server = serve(class_db_url, code, 0)
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}", server

    try:
        yield start
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


@pytest.fixture
def sample_class(class_db: Any, running: Any) -> tuple[str, Any, Any]:
    """The sample class (every game, students choose) in the database, and its dashboard: (URL, db, server)."""
    class_db.open_class("KATSU")
    load_samples(class_db, "KATSU")
    base, server = running("katsu")
    return base, class_db, server


def test_names_are_hidden_by_default_and_shown_escaped_by_the_toggle(sample_class: Any) -> None:
    base, db, _ = sample_class
    hidden = text(base + "/")
    assert [f"Student {n}" in hidden for n in range(1, 7)] == [True] * 6 and "Student 7" not in hidden
    assert not any(name in hidden for name in ("Ana", "Chen", "Dara", "&lt;img"))
    assert '<a href="/?names=1">Show names</a>' in hidden
    rounds = {s.name: s.rounds for s in db.students("KATSU")}
    assert f'<td class="who">Student 1</td><td>{rounds["Ana"]}</td>' in hidden
    for shown in (text(base + "/?names=1"), text(base + "/live?names=1")):
        assert f'<td class="who">Ana</td><td>{rounds["Ana"]}</td>' in shown
        assert f'<td class="who">&lt;img src=x onerror=alert(1)&gt;</td><td>{rounds[HOSTILE]}</td>' in shown
        assert HOSTILE not in shown and "<img" not in shown
    assert '<a href="/">Hide names</a>' in text(base + "/?names=1")
    assert 'fetch("/live?names=1"' in text(base + "/?names=1")  # the refresh keeps the names shown
    assert 'fetch("/live"' in hidden


def test_every_game_shows_its_headline_table_and_plot(sample_class: Any) -> None:
    base, db, _ = sample_class
    page = text(base + "/")
    assert "Class <b>KATSU</b> · students choose" in page
    data = db.class_data("KATSU")
    for line in REGISTRY:
        part = section(page, line.name)
        assert f"<h2>{line.title}</h2>" in part and NOT_ENOUGH not in part
        assert '<table class="dataframe headline">' in part and "<svg" in part
        shown, _ = importlib.import_module(line.module + ".classroom").headline(data[line.name])
        assert len(shown) and part.count("<tr>") - 1 >= len(shown)  # every row of the table (a header row too)
    # Twenty-five at 20 cards in play: the exact P(> 25) = 73520291394527/505037289962205 = 0.1456
    twenty = section(page, "twentyfive").split("<th>20</th>", 1)[1].split("</tr>", 1)[0]
    assert "<td>0.146</td>" in twenty
    assert "<td>389/518</td>" in section(page, "satori")  # the 3/5–4/5 band's exact mean posterior


def test_an_empty_class_says_there_is_not_enough_data(class_db: Any, running: Any) -> None:
    class_db.open_class("EMPTY", game="scout")
    base, _ = running("EMPTY")
    page = text(base + "/")
    assert "Class <b>EMPTY</b> · SCOUT · 0 students · 0 rounds" in page
    assert "No student has joined yet." in page
    assert NOT_ENOUGH in section(page, "scout") and "<svg" not in page
    assert "There is no class NOPE" in text(running("nope")[0] + "/")


def test_the_page_follows_new_rounds_and_recomputes_only_then(class_db: Any, running: Any) -> None:
    class_db.open_class("LIVE", game="twentyfive")
    base, server = running("LIVE")
    first = text(base + "/live")
    assert NOT_ENOUGH in section(first, "twentyfive")
    class_db.join("LIVE", "Ana")
    app = info("twentyfive").app_class()(seed=3)
    rng = random.Random(3)
    for game_no in range(3):  # three games by clicks: any shown button, as a newcomer would
        while not app.state.is_over:
            app.button(rng.choice([b.description for b in app.action_buttons if not b.disabled])).click()
        if game_no < 2:
            new_game(app)
    rounds = record_rounds(class_db, "LIVE", "Ana", "twentyfive", app.records.rows, key="page-1")
    assert rounds >= 3
    after = text(base + "/live")
    assert f'<td class="who">Student 1</td><td>{rounds}</td>' in after
    assert f"1 students · {rounds} rounds" in after
    assert NOT_ENOUGH not in section(after, "twentyfive") and "<svg" in section(after, "twentyfive")
    cached = dict(server.dashboard.headlines)
    text(base + "/live")
    assert server.dashboard.headlines == cached  # no new round: the same computation, not another
    db_row = dict(app.records.rows[-1], round=app.records.rows[-1]["round"] + 100)
    class_db.add_round("LIVE", "Ana", "twentyfive", "bots", db_row["seat"], [db_row], key="page-1:extra")
    text(base + "/live")
    assert server.dashboard.headlines.keys() != cached.keys() and len(server.dashboard.headlines) == 1


def test_export_zip_round_trips_through_read_class_files(sample_class: Any) -> None:
    base, db, _ = sample_class
    status, headers, body = get(base + "/export.zip")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    assert headers["Content-Disposition"] == 'attachment; filename="class-KATSU.zip"'
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        files = [(name, archive.read(name)) for name in archive.namelist()]
    assert len(files) == 30
    exported, stored = read_class_files(files), db.class_data("KATSU")
    assert exported.skipped == [] and sorted(exported.tables) == sorted(line.name for line in REGISTRY)
    for game, table in stored.tables.items():
        assert exported[game].drop(columns="file").equals(table.drop(columns="file"))


def test_anything_else_is_not_found(sample_class: Any) -> None:
    base, _, _ = sample_class
    for path in ("/index.html", "/export.csv", "/live/x", "/../etc/passwd"):
        assert get(base + path)[0] == 404
    request = urllib.request.Request(base + "/", data=b"x", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 404


def test_a_database_error_is_a_message_not_a_traceback(class_db: Any, running: Any) -> None:
    from sqlalchemy import text as sql

    class_db.open_class("GONE")
    base, _ = running("GONE")
    assert "Class <b>GONE</b>" in text(base + "/")
    with class_db.engine.begin() as connection:
        connection.execute(sql("DROP TABLE round_rows"))
        connection.execute(sql("DROP TABLE rounds"))
    page = text(base + "/")
    assert "The class database could not be read" in page and "Traceback" not in page
    assert get(base + "/export.zip")[0] == 503


def non_loopback_address() -> str | None:
    """This machine's address on a network (the one a default route would use), or None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, the kernel only picks a route
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_bound_to_loopback_it_cannot_be_reached_from_another_interface(sample_class: Any) -> None:
    _, _, server = sample_class
    assert server.server_address[0] == "127.0.0.1"
    port, address = server.server_address[1], non_loopback_address()
    if address is None:
        pytest.skip("this machine has no non-loopback address to try; the bound address is 127.0.0.1 (checked)")
    with pytest.raises(OSError):
        socket.create_connection((address, port), timeout=5).close()


def test_a_request_that_names_another_host_is_refused(sample_class: Any) -> None:
    """A page elsewhere whose name points at 127.0.0.1 (DNS rebinding) sends its own name: refused."""
    base, _, _ = sample_class
    for host in ("evil.example", "evil.example:80", "192.0.2.7"):
        request = urllib.request.Request(base + "/", headers={"Host": host})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 403
    port = base.rsplit(":", 1)[1]
    request = urllib.request.Request(base + "/", headers={"Host": f"localhost:{port}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 200


def post(url: str, form: dict[str, str], headers: Optional[dict[str, str]] = None) -> tuple[int, dict[str, str]]:
    """A form POST, not following a redirect: its status and headers."""
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    request = urllib.request.Request(url, data=urllib.parse.urlencode(form).encode(), method="POST",
                                     headers=headers or {})
    try:
        with urllib.request.build_opener(Stay).open(request, timeout=60) as answer:
            return answer.status, dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def test_the_tables_of_people_are_listed_and_the_teacher_starts_the_waiting_ones(class_db: Any,
                                                                                  running: Any) -> None:
    from cardlib.core.tables import Table

    class_db.open_class("SEATS", game="satori")
    for name in ("Ana", "<b>Bo</b>", "Cy"):
        class_db.join("SEATS", name)
    waiting, full, empty = (Table.open(class_db, "SEATS", "satori", size) for size in (3, 3, 4))
    waiting.sit("<b>Bo</b>")
    full.sit("Ana"), full.sit("Cy"), full.start("Ana")
    base, _ = running("SEATS")
    page = section_of(text(base + "/"), "tables")
    assert "<b>Bo</b>" not in page and "Student 2, <i>empty</i>, <i>empty</i>" in page
    assert "Student 1, Student 3, <i>bot</i>" in page
    assert section_of(text(base + "/?names=1"), "tables").count("&lt;b&gt;Bo&lt;/b&gt;") == 1
    token = page.split('name="token" value="', 1)[1].split('"', 1)[0]
    for form, headers in (({}, {}), ({"token": "guess"}, {}), ({"token": token}, {"Host": "evil.example"}),
                          ({"token": token}, {"Origin": "http://evil.example"})):
        assert post(base + "/start-all", form, headers)[0] == 403
    assert [Table(class_db, table.id).status for table in (waiting, full, empty)] == ["open", "playing", "open"]
    status, headers = post(base + "/start-all", {"token": token, "names": "1"})
    assert status == 303 and headers["Location"] == "/?names=1"
    assert [Table(class_db, table.id).status for table in (waiting, full, empty)] == ["playing", "playing", "open"]
    after = section_of(text(base + "/"), "tables")
    assert "Student 2, <i>bot</i>, <i>bot</i>" in after and "Start every table" not in after
    other, _ = running("SEATS")  # another dashboard's token is not this one's
    assert post(other + "/start-all", {"token": token})[0] == 403


def section_of(page: str, name: str) -> str:
    """The part of a page in ``<section class="{name}">``."""
    start = page.index(f'<section class="{name}">')
    return page[start:page.index("</section>", start)]


def test_a_class_with_tables_of_people_shows_people_s_calls_and_bluffs_apart_from_the_bots(class_db: Any,
                                                                                          running: Any) -> None:
    from cardlib.satori.classroom_people import bluffs
    from tests.core.table_helpers import Clock
    from tests.satori.people_play import people_table, play_people

    clock, rng = Clock(), random.Random(5)
    for seed in (11, 12):
        play_people(people_table(class_db, "MIXED", seed, clock), clock, rng,
                    bluffs={"Ana": True, "Bo": False, "Chie": False})
    base, _ = running("MIXED")
    part = section(text(base + "/"), "satori")
    head, _, more = part.partition("<h3>")
    assert '<table class="dataframe headline">' in head and "<svg" in head and NOT_ENOUGH not in part
    assert "<th>people's cards</th>" in head and "<th>bots' cards</th>" in head  # people's calls, by whose card
    assert more.startswith("Bluffs: the cards revealed") and '<table class="dataframe more">' in more
    found = bluffs(class_db.class_data("MIXED")["satori"])
    for whose, line in found.iterrows():
        row = more.split(f"<th>{whose}</th>", 1)[1].split("</tr>", 1)[0]
        assert row.startswith(f"\n      <td>{line['cards']}</td>\n      <td>{line['revealed']}</td>"), row


def test_a_browser_that_leaves_mid_answer_prints_no_traceback_but_other_errors_do(sample_class: Any,
                                                                                  capsys: Any) -> None:
    _, _, server = sample_class
    for error in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset"), ValueError("a real bug")):
        try:
            raise error
        except Exception:
            server.handle_error(None, ("127.0.0.1", 1))
    printed = capsys.readouterr().err
    assert printed.count("Traceback") == 1 and "ValueError: a real bug" in printed and "Broken pipe" not in printed
