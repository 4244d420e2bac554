"""Two students in chromium at one Twenty-five table (a bot in the third seat), then at one Satori table of four (two
bots), each page
served by Voila as the page of a table of people (``PeoplePage``) for one name, over a class database on SQLite.

Bo opens the lobby and sits down at the table Ana opened, presses "Start now"; then each page clicks its own
buttons to the end of the game. After every move, each page's DOM (every HTML widget on its own) and every
websocket frame it received since are checked: no face-up card beyond what its own seat may see (taken from the
table's full state in this process: the seat's hand and the fields, or a finished round's hands on show), so
none of the other seat's hidden hand; never the table's seed. A page never has a button on the other seat's
turn. Move → other page latency: from the click (in the clicking page) to the other page showing the new move
number (in that page, by a MutationObserver), both on the machine's one clock; p50/p95 printed.
The Satori's Katsu window is asked at once: when the bot plays, both pages show the window's buttons and a
countdown at the same time; the seat later in the digest's order answers first (its answer waits, stored but not in
the log), and until the other answers, the other page's websocket frames carry no redraw (no new header, no "You
said") but the countdown's, while the answering page's frames do say "You said" (so the check can fail).
CARDLIB_PEOPLE_PICTURES=folder keeps the screenshots (1366×768: the waiting view, a table in the middle of a game,
The Satori's window open with its countdown).
"""
from __future__ import annotations

import os
import random
import re
import statistics
from collections import Counter
from pathlib import Path

import pytest

from cardlib.core.classdb import ClassDB
from cardlib.core.tables import Table
from cardlib.games import info
from tests.browser.mirror import LOAD_TIMEOUT
from tests.browser.people_helpers import ANSWERS, CARD, ENABLED, SEQ_AT_LEAST, WATCH, allowed_cards, dom_cards

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODE, ANA, BO = "PPL", "Ana", "Bo"
SATORI_SEED = 3_141_592_653_589_793_238  # a long number: "the seed never in a page" can be checked
WINDOW_SECONDS = 30.0  # the teacher's limit here: a loaded machine's clicks fit in it (silence: the kernel test)


def served(voila_serving, db_url: str, name: str) -> str:
    return voila_serving(f"from cardlib.core.classdb import ClassDB\nfrom cardlib.ui.people import PeoplePage\n"
                         f"PeoplePage(ClassDB({db_url!r}), {CODE!r}, {name!r})")


@pytest.mark.parametrize("game", ["twentyfive", "satori"])
def test_two_students_at_one_table_see_only_their_own_cards(voila_serving, browser, tmp_path: Path, game: str) -> None:
    database = tmp_path / "class.db"
    db_url = f"sqlite:///{database}"
    db = ClassDB(db_url)
    db.open_class(CODE, game=game)
    for name in (ANA, BO):
        db.join(CODE, name)
    if game == "satori":  # two bots, and a deal (the bots' moves follow from it) where windows ask both at once
        seed = int(os.environ.get("CARDLIB_PEOPLE_SATORI_SEED", SATORI_SEED))
        table = Table(db, db.new_table(CODE, game, seed, 4, options=info(game).table_options(4),
                                       window=WINDOW_SECONDS))
    else:
        table = Table.open(db, CODE, game, 3, window=WINDOW_SECONDS)
    table.sit(ANA)  # Ana opened the table (her page finds her seat)
    seed = db.table_row(table.id).seed
    urls = {ANA: served(voila_serving, db_url, ANA), BO: served(voila_serving, db_url, BO)}
    pictures = Path(os.environ.get("CARDLIB_PEOPLE_PICTURES", tmp_path))
    pictures.mkdir(parents=True, exist_ok=True)
    pages, frames = {}, {ANA: [], BO: []}
    for name in (ANA, BO):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.on("websocket", lambda socket, name=name: socket.on(
            "framereceived", lambda payload: frames[name].append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
        page.goto(urls[name], wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)
        page.wait_for_selector(".cl-people", timeout=LOAD_TIMEOUT)
        pages[name] = page
    ana, bo = pages[ANA], pages[BO]
    ana.wait_for_selector('.cl-people[data-stage="waiting"]')
    bo.wait_for_selector('.cl-people[data-stage="lobby"]')
    assert "Ana" in bo.inner_text(f'[data-table="{table.id}"]')
    bo.get_by_role("button", name="Sit here").click()
    bo.wait_for_selector('.cl-people[data-stage="waiting"]')
    ana.wait_for_selector('.cl-people-seat[data-seat="1"][data-kind="person"]')  # Bo sat down: Ana's page shows it
    ana.screenshot(path=str(pictures / f"people-{game}-waiting-768.png"))
    bo.get_by_role("button", name="Start now").click()
    for page in (ana, bo):
        page.wait_for_selector('.cl-people[data-stage="playing"]')
        page.wait_for_selector('.cl-people-seat[data-seat="2"][data-kind="bot"]')
        page.evaluate(WATCH)
    seat = {ANA: 0, BO: 1}
    rng, latencies, moves, checked_frames, dom_checks = random.Random(5), [], 0, 0, 0
    allowed_before, windows = {ANA: Counter(), BO: Counter()}, {ANA: Counter(), BO: Counter()}
    cards_in_frames, caught = 0, 0
    shot_taken = window_shot = False
    at_once, pending_frames, said_frames = 0, 0, 0
    for _ in range(400):
        state = Table(db, table.id).sync()
        seq = len(state.history)
        for page in (ana, bo):
            page.wait_for_function(SEQ_AT_LEAST, arg=seq)
        if len(Table(db, table.id).sync().history) != seq:  # the bots were still moving: look again
            continue
        window = Table(db, table.id).window()
        given = db.answers(table.id, seq - window.answered) if window is not None else {}
        asked = [name for name in pages if window is not None and seat[name] in window.waiting
                 and seat[name] not in given]
        for name, page in pages.items():
            page.wait_for_function(f"() => document.querySelector('.cl-people').dataset.seq === '{seq}'")
            html = page.content()
            assert str(seed) not in html
            labels = page.eval_on_selector_all(ENABLED, "bs => bs.map(b => b.textContent.trim())")
            paused = "Next round" in labels or state.is_over  # a finished round on show: its hands are public
            allowed = allowed_cards(state, seat[name], paused)
            shown = dom_cards(page)
            assert shown <= allowed, (name, shown - allowed)
            dom_checks += 1
            if name in asked:  # a window asks this seat: its buttons, whoever the rules take first
                assert labels == ANSWERS, (name, labels)
            elif state.current_player != seat[name] and not paused and not state.is_over:
                assert labels == [], (name, labels)  # no button on the other seat's turn
            windows[name] = allowed | allowed_before[name] | allowed_cards(state, seat[name], True)
            allowed_before[name] = allowed
        for name in pages:
            other = BO if name == ANA else ANA
            for frame in frames[name]:
                assert str(seed) not in frame
                cards = Counter(CARD.findall(frame))
                assert cards <= windows[name], (name, cards - windows[name])
                cards_in_frames += sum(cards.values())
            # the check can fail: the other seat's frames show cards this seat may not see (its hand)
            caught += any(not Counter(CARD.findall(frame)) <= windows[name] for frame in frames[other])
        for name in pages:
            checked_frames += len(frames[name])
            frames[name].clear()
        if state.is_over:
            break
        if not shot_taken and moves >= 6:
            ana.screenshot(path=str(pictures / f"people-{game}-table-768.png"))
            shot_taken = True
        choices = [(name, page.eval_on_selector_all(ENABLED, "bs => bs.map(b => b.textContent.trim())"))
                   for name, page in pages.items()]
        choices = [(name, labels) for name, labels in choices if labels]
        if not choices:
            continue
        name, labels = rng.choice(choices)
        if len(asked) == 2:  # both asked at once: the later in the digest's order answers first, and waits
            first, last = sorted(asked, key=lambda n: window.waiting.index(seat[n]))
            if not window_shot:
                pages[first].screenshot(path=str(pictures / f"people-{game}-window-768.png"))
                window_shot = True
            quiet, said = answered_at_once(pages, frames, first, last, "Katsu!" if rng.random() < 0.2 else "No katsu")
            at_once, pending_frames, said_frames = at_once + 1, pending_frames + quiet, said_frames + said
            name, labels = first, ANSWERS
        other = pages[BO if name == ANA else ANA]
        page = pages[name]
        label = rng.choice(labels)
        if "Draw" in labels and rng.random() < 0.7:  # Twenty-five: rounds long enough to measure
            label = "Draw"
        if label in ("Katsu!", "Declare Satori!") and rng.random() < 0.8:  # The Satori: longer games, more windows
            label = "No katsu" if label == "Katsu!" else rng.choice(labels)
        if "Play satori" in labels and rng.random() < 0.4:  # (few bluffs: a bot that calls one is out, and the
            label = "Play satori"  # windows it plays into, asking both people at once, end)
        marker = page.query_selector(".cl-shown")
        page.locator(ENABLED).filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first.click()
        page.wait_for_function("old => { const m = document.querySelector('.cl-shown');"
                               " return m !== null && m !== old && (old === null || !old.isConnected); }", arg=marker)
        if label not in ("Next round", "Back to the tables") and len(Table(db, table.id).sync().history) > seq:
            moves += 1
            other.wait_for_function(SEQ_AT_LEAST, arg=seq + 1)
            clicked = page.evaluate("() => window.__lastClick")
            times = other.evaluate("() => window.__seqTimes")
            arrived = min(t for s, t in times.items() if int(s) >= seq + 1)
            latencies.append((arrived - clicked) / 1000)
    assert Table(db, table.id).status == "over", "the game did not end in 400 steps"
    for _ in range(100):  # the kernel that stored the last move stores the rounds right after it
        if all(db.rounds_played(CODE, name, game) > 0 for name in (ANA, BO)):
            break
        ana.wait_for_timeout(100)
    for name in (ANA, BO):
        assert db.rounds_played(CODE, name, game) > 0
    assert checked_frames > 0 and cards_in_frames > 0 and moves > 0 and shot_taken
    assert caught > 0 or game != "twentyfive"  # Twenty-five's labels tell a hand apart; The Satori's S and Z may not
    assert game != "satori" or (at_once > 0 and window_shot and said_frames > 0)
    cuts = statistics.quantiles(latencies, n=20, method="inclusive") if len(latencies) > 1 else latencies * 19
    load = os.getloadavg()[0]
    print(f"\n{game}, two people at one table: {moves} moves by clicks, {dom_checks} DOM checks, "
          f"{checked_frames} websocket frames checked ({cards_in_frames} face-up cards in them; the other page's "
          f"frames failed this page's check after {caught} moves); move -> other page "
          f"p50 {statistics.median(latencies):.3f} s, p95 {cuts[18]:.3f} s, max {max(latencies):.3f} s "
          f"(load {load:.2f})" + (f"; {at_once} Katsu windows answered at once, {pending_frames} frames to the other "
                                  f"page while an answer waited, none with it" if game == "satori" else ""))


def answered_at_once(pages: dict, frames: dict, first: str, last: str, answer: str) -> tuple[int, int]:
    """Both pages are asked at once, each with its countdown; ``last`` (later in the digest's order) answers while
    ``first`` has not: until ``first`` answers, ``first``'s frames carry the countdown only (no redraw, no "You said"),
    while ``last``'s frames say "You said" (the check can fail)."""
    for name in (first, last):
        assert re.fullmatch(r"\d+ s to call", pages[name].inner_text(".cl-countdown").strip())
    left = pages[first].get_attribute(".cl-countdown", "data-left")
    start = {name: len(frames[name]) for name in (first, last)}  # (every frame is checked for cards, later)
    pages[last].locator(ENABLED).filter(has_text=re.compile(rf"^\s*{re.escape(answer)}\s*$")).first.click()
    pages[last].wait_for_selector(f"text=You said {answer}; waiting for the others.")
    pages[first].wait_for_function("old => { const c = document.querySelector('.cl-countdown');"
                                   " return c !== null && +c.dataset.left <= +old - 2; }", arg=left)  # two ticks
    quiet, told = frames[first][start[first]:], frames[last][start[last]:]
    assert any("cl-countdown" in frame for frame in quiet)
    for frame in quiet:
        assert "You said" not in frame and "data-moment" not in frame, frame[:300]
    assert "You said" not in pages[first].content()
    said = sum("You said" in frame for frame in told)
    assert said > 0
    return len(quiet), said
