"""A whole Satori table of three people and a bot, played in chromium through a real ``cardlib class``.

The class runs as a teacher starts it (``python -m cardlib class --game satori --katsu-seconds 8``, its own
temporary SQLite database, its dashboard). Three students, each in a browser context of their own, open the
student page, type their name (names with markup in them, shown escaped) and the class code, press Join, then
"Join a table": the first opens a table of 4, the others sit there, the third presses "Start now" and the
fourth seat becomes a bot, marked as such on every page. They play the whole game by clicks, each page only for
its own seat: a turn's button on the mover's page; in a Katsu window every person it asks answers on their own
page at once (the later in the rules' order first), and once a person stays silent until the teacher's time is
up (the timeout path: the rules' default, "no katsu", stored by the table). Until the bot has played a card the
people play satori and one of them calls first on another's card (see ``opening``), so that the bot, which calls a
first card, stays in, and its play asks all three people at once; then the people choose at random.

After every move, each page's DOM (every HTML widget, and each other seat's box on its own) and every websocket
frame it received are checked: no face-up card the page's seat may not see in some state between the move it
shows and the log's last (taken from the table's record replayed in this process), never the table's seed; a page
has buttons only when its seat decides. The check can fail: the other pages' frames fail it. At the end the three
pages show the same standings; the stored moves (in notation) replayed from the table's seed with the rules
alone give the same final state as the table's own replay, and the standings the pages showed and the stored
rows say (``place``, ``won``; ``people`` the three seats; ``by`` person, or default for the silence); the
teacher's dashboard lists the table with the three names and a bot.

Printed (pytest -s): moves played, pages' moves checked for leaks, frames checked, move -> other pages latency
p50/p95 (from the click to the other page showing the new move number, one clock: the same chromium).
CARDLIB_FITS_PICTURES=docs/fits keeps one page mid-game and at the end at 1920x1080 and 1366x768
(people-class-satori-{mid,end}-{1080,768}.png); how far the page scrolls at each is printed, not asserted (at
the end of some games the class's header lines push it past the window: a request to the page's owner).
"""
from __future__ import annotations

import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from cardlib.core.classdb import ClassDB
from cardlib.core.tables import Table
from cardlib.games import info
from cardlib.ui.app import ordinal
from tests.browser.conftest import free_port, started_serving, stop
from tests.browser.mirror import LOAD_TIMEOUT
from tests.browser.people_helpers import ANSWERS, CARD, ENABLED, SEQ_AT_LEAST, WATCH, Record, seat_cards
from tests.browser.test_fits_the_screen import MEASURE, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODE = "SATQ"
NAMES = ("Ana <b>A</b>", 'Bo & "Ko"', "Chiyo <i>千代</i>")  # markup in names: every page shows them as text
KATSU_SECONDS = 8  # the teacher's time to call: short, so one silence costs little; clicks in time fit in it
WAIT = 90_000  # ms: how long any wait may take before the test fails (an event wait: a bound for a loaded machine)
SATORI = info("satori")

# One look at a page, all at once (the page applies no message meanwhile): its move number, every HTML widget,
# its enabled buttons, the whole document.
SNAPSHOT = """enabled => {
  const el = document.querySelector('.cl-people');
  return {seq: el ? +el.dataset.seq : -1,
          htmls: [...document.querySelectorAll('.widget-html-content')].map(e => e.innerHTML),
          labels: [...document.querySelectorAll(enabled)].map(b => b.textContent.trim()),
          countdown: [...document.querySelectorAll('.cl-countdown-box')].map(e => e.innerText.trim()).join(''),
          html: document.documentElement.outerHTML};
}"""
# A window's answer: clicked only if its button is there now (the time may be up), as one step in the page.
ANSWER = """([enabled, label]) => {
  const button = [...document.querySelectorAll(enabled)].find(b => b.textContent.trim() === label);
  if (!button) return false;
  button.click();
  return true;
}"""
# After an answer: the page says so, or says it came too late, or the table moved on.
ANSWERED = """seq => {
  const el = document.querySelector('.cl-people'), app = document.querySelector('.cl-app');
  const text = app ? app.innerText : '';
  return (el !== null && +el.dataset.seq > seq) || text.includes('You said') || text.includes('Too late');
}"""
JOINED = """() => document.querySelector('.cl-class-status-row') !== null
  || (document.querySelector('.cl-join-message') || {innerText: ''}).innerText.trim() !== ''"""
WHERE = """() => [(document.querySelector('.cl-people') || {outerHTML: 'no table'}).outerHTML,
  ...[...document.querySelectorAll('.cl-message, .cl-join-message')].map(e => e.innerText)]"""
STANDINGS = """() => [...document.querySelectorAll('.cl-results tr[data-seat]')].map(
  row => [+row.dataset.seat, row.cells[0].innerText.trim(), row.dataset.run])"""


def start_class(folder: Path) -> tuple[subprocess.Popen, str, int, Path]:
    """``cardlib class`` for The Satori as a teacher starts it, on free ports: (process, students' URL,
    dashboard port, log)."""
    port, dashboard, log = free_port(), free_port(), folder / "cardlib-class.log"
    command = [sys.executable, "-m", "cardlib", "class", "--game", "satori", "--code", CODE, "--db",
               "sqlite:///class.db", "--port", str(port), "--dashboard-port", str(dashboard), "--students", "3",
               "--katsu-seconds", str(KATSU_SECONDS)]
    url = f"http://127.0.0.1:{port}/"
    return started_serving(command, folder, log, url, dict(os.environ, PYTHONUNBUFFERED="1")), url, dashboard, log


def fits(page, pictures: Path, name: str) -> str:
    """Screenshots of the page at both sizes (to ``pictures``); how far it scrolls at each, in words."""
    seen = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        measured = page.evaluate(MEASURE)
        over = measured["height"] - measured["window"]
        seen.append(f"{height}: " + (f"scrolls {over} px" if over > 0 else "fits"))
        page.screenshot(path=str(pictures / f"people-class-satori-{name}-{height}.png"))
        assert measured["width"] <= measured["across"], (name, width, measured)  # never a sideways scroll
        assert over <= 0, f"the page {name} scrolls {over} px at {width}x{height} (picture in {pictures})"
    page.set_viewport_size({"width": 1366, "height": 768})
    return ", ".join(seen)


def test_three_people_and_a_bot_play_a_whole_satori_table_through_cardlib_class(browser, tmp_path: Path) -> None:
    started = time.monotonic()
    process, url, dashboard, log = start_class(tmp_path)
    pictures = Path(os.environ.get("CARDLIB_FITS_PICTURES", tmp_path))
    pictures.mkdir(parents=True, exist_ok=True)
    contexts = []
    try:
        pages, frames = {}, {name: [] for name in NAMES}
        for name in NAMES:  # three students' devices, each loading the page at once
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(WAIT)
            page.on("websocket", lambda socket, name=name: socket.on(
                "framereceived", lambda payload: frames[name].append(
                    payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
            page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)
            pages[name] = page
        for name, page in pages.items():
            page.wait_for_selector(".cl-join button", timeout=LOAD_TIMEOUT)
            page.locator(".cl-join input").nth(0).fill(name)
            page.locator(".cl-join input").nth(1).fill(CODE.lower())
            page.locator(".cl-join button").click()
            page.wait_for_function(JOINED)
            if page.query_selector(".cl-class-status-row") is None:  # as a student would: Join again once if the
                assert "cannot be reached just now" in page.inner_text(".cl-join-message"), name  # database was busy
                page.locator(".cl-join button").click()
        for name, page in pages.items():
            page.get_by_role("button", name="Join a table").click(timeout=LOAD_TIMEOUT)
            page.wait_for_selector('.cl-people[data-stage="lobby"]')
            frames[name].clear()  # the game against bots each page showed first is not the table's
        ana, bo, chiyo = (pages[name] for name in NAMES)
        ana.select_option(".cl-people-page select", label="4 players")
        ana.get_by_role("button", name="Open a new table").click()
        ana.wait_for_selector('.cl-people[data-stage="waiting"]')
        for page in (bo, chiyo):  # one after the other: seats 1 and 2
            page.wait_for_selector(".cl-people-table")  # the lobby looks again every 2 s
            page.get_by_role("button", name="Sit here").click()
            page.wait_for_selector('.cl-people[data-stage="waiting"]')
        ana.wait_for_selector('.cl-people-seat[data-seat="2"][data-kind="person"]')
        chiyo.get_by_role("button", name="Start now").click()
        seat = {}
        for name, page in pages.items():
            page.wait_for_selector('.cl-people[data-stage="playing"]')
            page.wait_for_selector('.cl-people-seat[data-seat="3"][data-kind="bot"]')
            page.evaluate(WATCH)
            seat[name] = int(page.get_attribute(".cl-people", "data-seat"))
        assert sorted(seat.values()) == [0, 1, 2], seat
        people = {number: name for name, number in seat.items()}
        ready = time.monotonic() - started

        db = ClassDB(f"sqlite:///{tmp_path / 'class.db'}")
        (table_row,) = db.class_tables(CODE)
        record = Record(db, table_row.id, SATORI)
        for name, page in pages.items():  # the others' names as text, the bot marked, on every page
            for number, other in people.items():
                if number != seat[name]:
                    assert page.inner_text(f'.cl-people-seat[data-seat="{number}"]').strip() == other
                    assert page.inner_text(f'.cl-app .cl-seat[data-seat="{number}"] .cl-name').strip() == other
            assert page.inner_text('.cl-people-seat[data-seat="3"]').strip() == "Player 3 (bot)"
            assert "bot: " in page.inner_text('.cl-app .cl-seat[data-seat="3"] .cl-sub')
            html = page.content()
            for markup in ("<b>A</b>", "<i>千代</i>"):
                assert markup not in html, (name, markup)

        rng = random.Random(24)
        checked = {name: 0 for name in NAMES}  # the move each page's frames were last checked up to
        latencies, clicks, snapshots, frames_checked, cards_in_frames, caught = [], 0, 0, 0, 0, 0
        silent, late, mid_fit, pictured = None, 0, None, None
        at_once: dict[int, int] = {}  # the windows whose asked people all had the answers at once: how many
        looked: set[int] = set()  # the move numbers every page was checked at

        def opening() -> bool:
            """Until the bot has played a card, the people play satori and say no katsu, but for seat 2's call on seat
            1's card: the bot, which calls a first card, stays in without a run to declare, and its play asks all
            three people at once."""
            return not any(move.seat == 3 and move.notation.startswith("play") for move in record.moves)

        def check_pages() -> tuple[int, dict]:
            """Every page's DOM and new frames against what its seat may see: the log's length, each page's look."""
            nonlocal snapshots, frames_checked, cards_in_frames, caught
            shots = {name: page.evaluate(SNAPSHOT, ENABLED) for name, page in pages.items()}
            last = record.refresh()  # no page shows a move the log has not
            for name, shot in shots.items():
                me = seat[name]
                assert 0 <= shot["seq"] <= last and str(record.seed) not in shot["html"], name
                whole, boxes = record.allowed(me, shot["seq"], last)
                shown = Counter()
                for html in shot["htmls"]:
                    shown |= Counter(CARD.findall(html))
                    for other, cards in seat_cards(html).items():
                        if other != me:
                            assert cards <= boxes[other], (name, other, cards - boxes[other])
                assert shown <= whole, (name, shown - whole)
                if shot["labels"] and not record.states[shot["seq"]].is_over:  # buttons only when this seat decides
                    decides = False
                    for state in record.states[shot["seq"]:last + 1]:
                        window = SATORI.answer_window(state)
                        decides |= (me in window.seats) if window is not None else state.current_player == me
                    assert decides, (name, shot["seq"], shot["labels"])
                snapshots += 1
            looked.update(shot["seq"] for shot in shots.values())
            for name in NAMES:
                whole, boxes = record.allowed(seat[name], checked[name], last)
                for frame in frames[name]:
                    assert str(record.seed) not in frame
                    cards = Counter(CARD.findall(frame))
                    assert cards <= whole, (name, cards - whole)
                    for other, shown in seat_cards(frame).items():
                        if other != seat[name]:
                            assert shown <= boxes[other], (name, other, shown - boxes[other])
                    cards_in_frames += sum(cards.values())
                    for someone in NAMES:  # the check can fail: another page's frames fail it (its own hand)
                        if someone != name:
                            _, theirs = record.allowed(seat[someone], checked[name], last)
                            caught += any(not shown <= theirs.get(box, Counter())
                                          for box, shown in seat_cards(frame).items() if box != seat[someone])
            for name in NAMES:
                frames_checked += len(frames[name])
                frames[name].clear()
                checked[name] = last
            return last, shots

        def latency(clicker: str, seq: int) -> None:
            """From the click on ``clicker``'s page to each other page showing a move after ``seq``."""
            clicked = pages[clicker].evaluate("() => window.__lastClick")
            for name, page in pages.items():
                if name != clicker:
                    page.wait_for_function(SEQ_AT_LEAST, arg=seq + 1)
                    times = page.evaluate("() => window.__seqTimes")
                    latencies.append((min(t for s, t in times.items() if int(s) > seq) - clicked) / 1000)

        for _ in range(600):
            length = record.refresh()
            for page in pages.values():
                page.wait_for_function(SEQ_AT_LEAST, arg=length)
            last, shots = check_pages()
            if last != length or record.state.is_over:
                if record.state.is_over:
                    break
                continue  # the bots or the clock moved the table meanwhile: look again
            state = record.state
            window = SATORI.answer_window(state)
            acted = False
            if window is not None:
                opened = length - window.answered
                given = db.answers(record.id, opened)
                asked = sorted((name for name in NAMES if seat[name] in window.waiting and seat[name] not in given),
                               key=lambda n: window.waiting.index(seat[n]))
                if opened not in at_once and len(asked) > 1 and all(  # the asked pages in one look: answers, countdown
                        shots[n]["labels"] == ANSWERS and re.fullmatch(r"\d+ s to call", shots[n]["countdown"])
                        for n in asked):
                    at_once[opened] = len(asked)
                asked = [name for name in asked if silent != (opened, name)]
                if silent is None and len(asked) >= 2:
                    silent = (opened, asked.pop(0))  # the first the rules take stays silent: the table waits
                if asked:
                    for name in reversed(asked):  # the later in the rules' order first: it waits for the earlier
                        answer = "Katsu!" if rng.random() < 0.12 else "No katsu"
                        if opening():  # seat 2 calls on seat 1's first card, before the bot may: see opening()
                            answer = "Katsu!" if seat[name] == 2 and state.active == 1 else "No katsu"
                        clicked = None
                        if not pages[name].evaluate(ANSWER, [ENABLED, answer]):
                            late += 1  # the time was up before the click (a loaded machine): no answer is no katsu
                            continue
                        clicks, clicked = clicks + 1, name
                        pages[name].wait_for_function(ANSWERED, arg=length)
                        late += "Too late" in pages[name].inner_text(".cl-app")
                    acted = True
                    if clicked is not None and seat[clicked] == window.waiting[0] and record.refresh() > length:
                        latency(clicked, length)  # the answer the log waited for: it moved the table
            elif state.current_player in people:
                name = people[state.current_player]
                page = pages[name]
                labels = page.eval_on_selector_all(ENABLED, "bs => bs.map(b => b.textContent.trim())")
                assert labels, (name, length)
                if mid_fit is None and length >= 6:
                    mid_fit, pictured = fits(page, pictures, "mid"), page
                label = rng.choice(labels)
                if label == "Declare Satori!" and rng.random() < 0.6:  # a longer game: more windows
                    label = rng.choice(labels)
                if "Play satori" in labels and opening():
                    label = "Play satori"
                page.locator(ENABLED).filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first.click()
                clicks += 1
                page.wait_for_function(SEQ_AT_LEAST, arg=length + 1)
                latency(name, length)
                acted = True
            if not acted:  # a bot's turn, or a window waiting for the time to be up: the table moves by itself
                next(iter(pages.values())).wait_for_function(SEQ_AT_LEAST, arg=length + 1)
        assert record.state.is_over, "the game did not end in 600 steps"
        final = record.state
        result = final.observation(0).result

        # The end on every page: the same standings, as the record says.
        expected = [[s, ordinal(result.places[s]), "—" if final.observation(s).out[s] else str(result.scores[s])]
                    for s in sorted(range(4), key=lambda s: (result.places[s], s))]
        for name, page in pages.items():
            page.wait_for_selector('.cl-people[data-stage="over"]')
            page.wait_for_selector(".cl-results tr[data-seat]")
            assert page.evaluate(STANDINGS) == expected, (name, page.evaluate(STANDINGS), expected)
        check_pages()
        end_fit = fits(pictured, pictures, "end")  # the same page at the end

        # The record: replayed here from the seed (Record.refresh checked each move), it is the table's own replay.
        table = Table(db, record.id)
        server = table.sync()
        assert all(server.observation(s) == final.observation(s) for s in range(4))
        assert server.observation(0).result == result
        moves = record.moves
        assert all(move.by_bot for move in moves if move.seat == 3)
        assert not any(move.by_bot for move in moves if move.seat in people)
        defaults = [move for move in moves if move.by_default]
        assert all(move.notation == "no katsu" for move in defaults)
        assert silent is not None and any(
            move.seq >= silent[0] and move.seat == seat[silent[1]] and move.by_default for move in defaults), silent
        for _ in range(100):  # the kernel that stored the last move stores the rounds right after it
            if all(db.rounds_played(CODE, name, "satori") > 0 for name in NAMES):
                break
            time.sleep(0.1)
        rows = db.class_data(CODE, "satori").tables["satori"]
        for number, name in people.items():
            mine = rows[rows["seat"] == number]
            answers = [move for move in moves if move.seat == number and move.notation in ("katsu", "no katsu")]
            assert len(mine) == len(answers) > 0, (name, len(mine), len(answers))
            assert list(mine["called"]) == [move.notation == "katsu" for move in answers]
            assert list(mine["by"]) == ["default" if move.by_default else "person" for move in answers]
            assert set(mine["people"]) == {"0 1 2"} and set(mine["players"]) == {4}
            assert set(mine["place"]) == {result.places[number]} and set(mine["won"]) == {result.places[number] == 1}

        # The teacher's dashboard: the table with its three names and a bot.
        teacher = browser.new_context(viewport={"width": 1920, "height": 1080})
        contexts.append(teacher)
        board = teacher.new_page()
        board.set_default_timeout(WAIT)
        board.goto(f"http://127.0.0.1:{dashboard}/?names=1", wait_until="domcontentloaded")
        board.wait_for_selector("section.tables tbody tr")
        cells = board.eval_on_selector_all("section.tables tbody tr", "rows => rows.map(r => [...r.cells].map("
                                           "c => c.innerText.trim()))")
        assert cells == [[str(record.id), "The Satori", ", ".join([*NAMES, "bot"]), "over", str(len(moves))]], cells
        assert all(markup not in board.content() for markup in ("<b>A</b>", "<i>千代</i>"))
        board.screenshot(path=str(tmp_path / "dashboard-1080.png"))
        assert "Traceback" not in log.read_text(), log.read_text()[-3000:]  # nothing failed in the class

        assert clicks > 0 and snapshots > 0 and frames_checked > 0 and cards_in_frames > 0 and caught > 0
        # (late, or a window the time closed beyond the silent one: on a loaded machine the opening may not be seen)
        assert (3 in at_once.values() or late or len(defaults) > 1) and latencies and mid_fit is not None
        windows = Counter(at_once.values())
        cuts = statistics.quantiles(latencies, n=20, method="inclusive") if len(latencies) > 1 else latencies * 19
        print(f"\nThe Satori, three people and a bot through cardlib class: {len(moves)} moves "
              f"({sum(m.seat in people and not m.by_default for m in moves)} by people's {clicks} clicks, "
              f"{len(defaults)} by the clock, {sum(m.by_bot for m in moves)} by the bot); leaks checked at {len(looked)} "
              f"move numbers ({snapshots} looks at a page's DOM), {frames_checked} websocket frames checked "
              f"({cards_in_frames} face-up cards; other pages' frames failed a page's check {caught} times); "
              f"Katsu windows asking people at once: {windows[2]} with 2, {windows[3]} with 3; {late} answers too late; "
              f"move -> other pages "
              f"p50 {statistics.median(latencies):.3f} s, p95 {cuts[18]:.3f} s, max {max(latencies):.3f} s "
              f"({len(latencies)} arrivals); standings {expected}; the page mid-game {mid_fit}, at the end {end_fit}; "
              f"pages ready {ready:.0f} s, whole test {time.monotonic() - started:.0f} s "
              f"(load {os.getloadavg()[0]:.2f})")
    except BaseException:  # say where each page was and what the class logged
        for context in contexts:
            for tab in context.pages:
                try:
                    print(tab.evaluate(WHERE))
                except Exception as error:  # a page that cannot answer says so, and the test's own error stays
                    print(f"a page did not answer: {error}")
        print(log.read_text()[-4000:])
        raise
    finally:
        for context in contexts:
            context.close()
        stop(process)
