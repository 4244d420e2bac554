"""The page of a table of people, in the kernel (SQLite and PostgreSQL).

Three pages answer The Satori's Katsu windows at once (with a countdown, in any order; the log takes them in
the digest's order; silence is no katsu after the teacher's limit; no page ever holds another's answer).

Two pages (two students' kernels) at one table: each page plays by clicking its own buttons to the end of a Twenty-five and a Satori table (a bot in the third
seat); after every click both pages' widgets (every synced value, the spare buttons too) are walked: no face-up
card beyond what the seat's own observation shows (so none of the other seat's hidden hand, taken from the
table's full state), never the seed, the other student's name only escaped. A page's buttons are its turn's legal
actions and exist only on its turn; a forged move for the other seat is refused (NotYourTurn); a move reaches
the other page at its next poll; a click on a table that moved on says so and stores nothing.
"""
from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import re
from collections import Counter
from typing import Any

import ipywidgets as widgets
import pytest

from cardlib.core.tables import MovedOn, NotYourTurn, Table
from cardlib.ui.people import MOVED_ON, PeoplePage
from cardlib.ui.people_app import asked_now
from cardlib.ui.testing import check_buttons_are_the_legal_actions, check_spare_buttons_hidden, seats_shown

CARD = re.compile(r'data-card=\\?"([^"\\]*)')  # in the HTML, or in the JSON the page is sent
ANA, BO = "Ana", "<i>Bo</i>&"  # a name that would be markup if it were not escaped


def synced(widget: widgets.Widget, seen: set | None = None) -> list[dict[str, Any]]:
    """The synced state of a widget and of every widget it names (children, layout, style), each once."""
    seen = set() if seen is None else seen
    if widget.model_id in seen:
        return []
    seen.add(widget.model_id)
    state = widget.get_state()
    out = [state]
    for key, value in state.items():
        named = value if isinstance(value, (list, tuple)) else [value]
        for item in named:
            if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                trait = getattr(widget, key)
                for child in trait if isinstance(trait, (list, tuple)) else [trait]:
                    if isinstance(child, widgets.Widget):
                        out += synced(child, seen)
                break
    return out


def page_values(page: PeoplePage) -> list[str]:
    """Every text value the page's widgets hold, as the page would be sent them: the spare buttons and rows too."""
    states: list[dict[str, Any]] = []
    seen: set = set()
    extra = [page.start_button, page.open_button, page.size_choice]
    if page.app is not None:
        box = page.app._controls_box
        extra += [*box._pool, *box._rows]
    for widget in [page, *extra]:
        states += synced(widget, seen)
    return [json.dumps(value, default=str, ensure_ascii=False) if not isinstance(value, str) else value
            for state in states for value in state.values()]


def page_text(page: PeoplePage) -> str:
    """Everything the page's widgets hold, in one text."""
    return "\n".join(page_values(page))


def cards_shown(page: PeoplePage) -> Counter:
    """The face-up cards of the widget value that shows most of each (the table and a result panel may show the
    same pile twice: each is checked on its own)."""
    most: Counter = Counter()
    for value in page_values(page):
        most |= Counter(CARD.findall(value))
    return most


def seen_cards(page: PeoplePage) -> Counter:
    """The face-up cards this seat may see now, from its own observation (the finished round on show, if any)."""
    obs = page.view.observation
    if page.info.name == "twentyfive":
        done = page.app.pending(obs)
        if done is not None:
            return Counter(c for row in (*done.hands, *done.fields) for c in row)
        return Counter(obs.hand) + Counter(c for row in obs.fields for c in row)
    return Counter(obs.hand) + Counter(c for pile in obs.piles for c in pile if c is not None)


def hidden_cards(table: Table, seat: int) -> Counter:
    """The cards in a seat's hand, from the table's full state (the server's side)."""
    return Counter(table.sync().observation(seat).hand)


def check_page(page: PeoplePage, seed: int, other_name: str) -> str:
    """Nothing hidden from this seat in its widgets; returns the page's text."""
    text = page_text(page)
    assert str(seed) not in text
    shown = cards_shown(page)
    allowed = Counter({str(card): n for card, n in seen_cards(page).items()})
    assert shown <= allowed, (shown - allowed)
    assert "<i>Bo" not in text and "Bo</i>" not in text  # the name only as text, never as markup
    if page.app is not None:
        check_buttons_are_the_legal_actions(page.app)
        assert sorted(seats_shown(page.app)) == list(range(page.table.size))  # people, bots and oneself: every seat
        check_spare_buttons_hidden(page.app)
        shown_obs = page.app.state.observation(page.view.seat)
        if page.app.state.asked:  # asked in a window at once: the same observation, with this seat asked now
            assert shown_obs == asked_now(page.view.observation, page.view.seat)
            assert dataclasses.replace(shown_obs, current_player=page.view.mover) == page.view.observation
        else:
            assert shown_obs is page.view.observation
        with pytest.raises(Exception):
            page.app.state.observation(1 - page.view.seat)
    return text


def two_pages(db: Any, game: str) -> tuple[PeoplePage, PeoplePage, Table]:
    """Ana opens a table of 3, Bo sits down and starts it: a bot takes the third seat. (Its windows of answers
    last ten minutes of the real clock: no window closes between two pages' looks on a loaded machine.)"""
    db.open_class("KATSU", game=game)
    db.join("KATSU", ANA), db.join("KATSU", BO)
    ana, bo = (PeoplePage(db, "KATSU", name, window=600.0) for name in (ANA, BO))
    assert ana.stage == bo.stage == "lobby" and not ana.sit_buttons
    ana.size_choice.value = 3
    ana.open_button.click()
    assert ana.stage == "waiting" and ana.message == ""
    assert bo.poll() and list(bo.sit_buttons) == [ana.table.id]
    assert f"3 players · {ANA}" in page_text(bo)  # who sits there, in the lobby
    bo.sit_buttons[ana.table.id].click()
    assert bo.stage == "waiting" and ana.poll() and "&lt;i&gt;Bo&lt;/i&gt;&amp;" in ana._seats.value
    assert 'data-kind="empty"' in ana._seats.value
    bo.start_button.click()
    ana.poll()
    assert ana.stage == bo.stage == "playing"
    assert 'data-kind="bot"' in ana._seats.value and 'data-kind="empty"' not in ana._seats.value
    return ana, bo, ana.table


@pytest.mark.parametrize("game", ["twentyfive", "satori"])
def test_two_pages_play_a_table_to_the_end_by_clicks(class_db: Any, game: str) -> None:
    ana, bo, table = two_pages(class_db, game)
    seed = class_db.table_row(table.id).seed
    rng, moves, checks, leaks_caught, forged = random.Random(24), len(table.moves()), 0, 0, 0  # the bots' first moves
    pages = {ana.view.seat: (ana, ANA), bo.view.seat: (bo, BO)}
    for _ in range(3000):
        for page in (ana, bo):
            page.poll()
        assert ana.view.seq == bo.view.seq == len(table.moves())  # every move reached both pages at this poll
        for seat, (page, name) in pages.items():
            other_seat, (other, other_name) = next((s, p) for s, p in pages.items() if s != seat)
            check_page(page, seed, other_name)
            checks += 1
            live = page.stage == "playing" and page.app.pending(page.view.observation) is None
            if live and page.info.name == "twentyfive":
                # the check can fail: the other seat's page shows its own hand, hidden from this seat
                shown = cards_shown(other)
                allowed = Counter({str(c): n for c, n in seen_cards(page).items()})
                leaks_caught += not shown <= allowed and bool(hidden_cards(table, other_seat))
        if ana.stage == bo.stage == "over":
            break
        movers = [(page, name) for page, name in pages.values() if page.stage == "playing" and
                  any(not b.disabled for b in page.app.action_buttons)]
        assert movers, "nobody can click, and the game is not over"
        page, name = rng.choice(movers)
        if page.view.mover == page.view.seat and page.view.legal:  # a forged move for this seat from the other page
            other_name = BO if name == ANA else ANA
            with pytest.raises(NotYourTurn):
                table.play(other_name, page.view.seq, str(page.view.legal[0]))
            forged += 1
        before = len(table.moves())
        button = rng.choice([b for b in page.app.action_buttons if not b.disabled])
        button.click()
        assert page.app.message == "", page.app.message
        moves += len(table.moves()) - before
    assert ana.stage == bo.stage == "over", "the game did not end"
    assert table.status == "over" and moves == len(table.moves()) and forged > 0
    assert [b.description for b in ana.app.action_buttons] == ["Back to the tables"]
    for name in (ANA, BO):  # the rounds went to the class through the table, once
        assert class_db.rounds_played("KATSU", name, game) == len(table.round_records(table.seat_of(name))) > 0
    if game == "twentyfive":
        assert leaks_caught > 0
    print(f"{game}: {moves} moves, {checks} page checks, {forged} forged moves refused")
    ana.app.button("Back to the tables").click()
    assert ana.stage == "lobby"


def test_a_move_too_late_says_the_table_moved_on(class_db: Any) -> None:
    ana, bo, table = two_pages(class_db, "twentyfive")
    rng = random.Random(3)
    for _ in range(200):  # until one of them has buttons on their turn
        mover = next((p for p in (ana, bo)
                      if p.view.mover == p.view.seat and p.app.pending(p.view.observation) is None), None)
        if mover is not None:
            break
        for page in (ana, bo):
            if any(not b.disabled for b in page.app.action_buttons):
                rng.choice([b for b in page.app.action_buttons if not b.disabled]).click()
            page.poll()
    name = ANA if mover is ana else BO
    shown = mover.view
    # the same student's other tab (or a double send) stores the move first: this page has not looked yet
    Table(class_db, table.id).play(name, shown.seq, str(shown.legal[0]))
    stored = len(table.moves())
    mover.app.button(mover.app.action_buttons[0].description).click()
    assert mover.app.message == MOVED_ON and len(table.moves()) == stored  # nothing doubled
    assert mover.view.seq >= stored  # and the page shows the table as it is now
    with pytest.raises(MovedOn):
        table.play(name, shown.seq, str(shown.legal[0]))


def test_a_page_polls_by_itself_on_the_kernels_loop(class_db: Any) -> None:
    """With an event loop running (a kernel's), each page looks at the table every poll_seconds by itself."""
    async def scene() -> tuple[int, int]:
        ana, bo, table = two_pages(class_db, "satori")
        for page in (ana, bo):
            page.poll_seconds = 0.05
            assert page.start_polling()
        mover, other = (ana, bo) if ana.view.mover == ana.view.seat else (bo, ana)
        assert mover.view.mover == mover.view.seat  # Satori: a person is to move (the bot moved at the start)
        mover.app.action_buttons[0].click()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if other.view.seq == mover.view.seq:
                break
        for page in (ana, bo):
            page.close()
        return mover.view.seq, other.view.seq

    ours, theirs = asyncio.run(scene())
    assert ours == theirs > 0


def test_a_full_table_or_one_started_sends_back_to_the_lobby(class_db: Any) -> None:
    ana, bo, table = two_pages(class_db, "twentyfive")
    class_db.join("KATSU", "Chie")
    chie = PeoplePage(class_db, "KATSU", "Chie")
    assert table.id not in chie.sit_buttons  # a table that plays is not open
    chie.sit(table.id)
    assert chie.stage == "lobby" and "started without you" in chie.message
    again = PeoplePage(class_db, "KATSU", BO)  # Bo reloads the page: the same table, the same seat
    assert again.stage == "playing" and again.view.seat == bo.view.seat
    left: list[str] = []  # the live page's way back to its bots: a button in the lobby only when it gives one
    assert chie.leave_button not in chie._body.children[-1].children
    lobby = PeoplePage(class_db, "KATSU", "Chie", on_leave=lambda: left.append("bots"))
    assert lobby.leave_button in lobby._body.children[-1].children
    lobby.leave_button.click()
    assert left == ["bots"]


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_student_away_is_marked_and_their_bot_plays_until_they_are_back(class_db: Any) -> None:
    clock = Clock()
    class_db.open_class("KATSU", game="satori")
    class_db.join("KATSU", ANA), class_db.join("KATSU", BO)
    ana, bo = (PeoplePage(class_db, "KATSU", name, clock=clock, autopoll=False) for name in (ANA, BO))
    ana.size_choice.value = 3
    ana.open_button.click()
    bo.poll()
    bo.sit_buttons[ana.table.id].click()
    bo.start_button.click()
    ana.poll()
    seat = bo.view.seat
    bo.close()  # Bo closes his page: nobody tells the table he is there
    clock.now += ana.table.timeout + 1
    rng = random.Random(2)
    for _ in range(100):
        ana.poll()
        if any(move.by_bot and move.seat == seat for move in ana.table.moves()) or ana.stage == "over":
            break
        enabled = [b for b in ana.app.action_buttons if not b.disabled]
        if enabled:
            rng.choice(enabled).click()
    assert f'data-seat="{seat}" data-kind="away"' in ana._seats.value
    assert any(move.by_bot and move.seat == seat for move in ana.table.moves())  # his bot played his turn
    back = PeoplePage(class_db, "KATSU", BO, clock=clock, autopoll=False)  # back with the same name: his own seat
    assert back.stage in ("playing", "over") and back.view.seat == seat
    ana.poll()
    assert f'data-seat="{seat}" data-kind="person"' in ana._seats.value


CHIE = "Chie"
ANSWERS = ["Katsu!", "No katsu"]  # The Satori's own buttons of its window


def without_countdown(page: PeoplePage) -> list[str]:
    """The page's widget values but the countdown (the one thing a poll may redraw while nothing else changed)."""
    return [value for value in page_values(page) if "cl-countdown" not in value]


def labels(page: PeoplePage) -> list[str]:
    """The enabled buttons of the page's game."""
    return [b.description for b in page.app.action_buttons if not b.disabled]


def test_three_people_answer_each_katsu_window_at_once(class_db: Any) -> None:
    """Three people and a bot at a Satori table: after a play every asked page shows the window's buttons at once
    with a countdown; they answer in an order other than clockwise and the log takes the answers in the digest's
    order; a page that says nothing answers no katsu once the teacher's limit is up (and a late click says so); no
    page ever holds another seat's answer before the log takes it; the game plays to the end."""
    clock = Clock()
    class_db.open_class("KATSU", game="satori")
    for name in (ANA, BO, CHIE):
        class_db.join("KATSU", name)
    ana, bo, chie = (PeoplePage(class_db, "KATSU", name, clock=clock, autopoll=False, window=8.0)
                     for name in (ANA, BO, CHIE))
    ana.size_choice.value = 4
    ana.open_button.click()
    for page in (bo, chie):
        page.poll()
        page.sit_buttons[ana.table.id].click()
    ana.start_button.click()
    table = ana.table
    assert table.window_seconds == 8.0  # the teacher's limit, given to the page, is the table's
    seed = class_db.table_row(table.id).seed
    pages = [ana, bo, chie]
    by_seat = {page.view.seat: page for page in pages}
    rng = random.Random(7)
    at_once = not_clockwise = defaults = too_late = pending = 0
    for _ in range(500):
        clock.now += 0.5
        for page in pages:
            page.poll()
        if all(page.stage == "over" for page in pages):
            break
        for page in pages:
            check_page(page, seed, "")
        window = table.window()
        if window is None:  # a turn: the mover's page alone has buttons
            movers = [page for page in pages if labels(page)]
            assert len(movers) <= 1 and all(page.view.mover == page.view.seat for page in movers)
            if movers:  # (a declaration now and then: long enough games for many windows)
                choices = [label for label in labels(movers[0]) if "Declare" not in label or rng.random() < 0.2]
                movers[0].app.button(rng.choice(choices or labels(movers[0]))).click()
                assert movers[0].app.message == ""
            continue
        opened = len(table.moves()) - window.answered
        asked = [by_seat[seat] for seat in window.waiting if seat in by_seat]
        for page in pages:  # every asked page at once, with its countdown; the others none
            if page in asked:
                assert labels(page) == ANSWERS and page.view.window.opened == opened
                assert re.search(r'data-left="\d+"[^>]*>\d+ s to call<', page.app._countdown.value)
                prompt = page.app._prompt.value
                assert "no answer is no Katsu" in prompt and "take all the time" not in prompt
            else:
                assert labels(page) == []
        at_once += len(asked) >= 2
        order = asked[:]
        rng.shuffle(order)
        if len(order) >= 2 and order == asked:
            order.reverse()  # never clockwise: the log must still take them in the digest's order
        not_clockwise += len(order) >= 2
        silent = order.pop() if order and at_once % 2 else None  # every other window, one of them says nothing
        for page in order:
            if page.view.window is None or page.view.window.opened != opened:
                break  # a katsu before it in the order closed the window
            before = {other.name: without_countdown(other) for other in pages if other is not page}
            logged = len(table.moves())
            answer = "Katsu!" if rng.random() < 0.05 else "No katsu"
            page.app.button(answer).click()
            assert page.app.message == ""
            for other in pages:
                other.poll()
            if len(table.moves()) == logged:  # the answer waits for a seat before it: no other page may know it
                pending += 1
                assert f"You said {answer}; waiting for the others." in page_text(page)
                for other in pages:
                    if other is not page:
                        assert without_countdown(other) == before[other.name]  # not a byte of it
                        assert "You said" not in page_text(other) or other.view.window.answered is not None
        if silent is not None and silent.view.window is not None and silent.view.window.opened == opened:
            clock.now += table.window_seconds  # the teacher's limit passes in silence
            if not too_late:  # a click after the limit (before the page has looked again): nothing stored
                stored = len(table.moves())
                silent.app.button("No katsu").click()
                assert silent.app.message == "Too late: no answer counts as No katsu."
                assert len(table.moves()) == stored and labels(silent) == []
                silent.app.show_message("")
                too_late += 1
            for page in pages:
                page.poll()
            move = next((m for m in table.moves()[opened:opened + len(window.seats)]
                         if m.seat == silent.view.seat and m.notation in ("katsu", "no katsu")), None)
            if move is not None:  # (a katsu before it in the order may have closed the window first)
                assert move.notation == "no katsu" and move.by_default
                defaults += 1
        moves = table.moves()
        if table.window() is None or len(moves) - table.window().answered != opened:  # the window is closed
            taken = [m.seat for m in moves[opened:opened + len(window.seats)]
                     if m.notation in ("katsu", "no katsu")]
            assert taken == list(window.seats[:len(taken)])  # the digest's order, whatever order they clicked
    assert all(page.stage == "over" for page in pages), "the game did not end"
    assert table.status == "over" and at_once > 0 and not_clockwise > 0 and defaults > 0 and too_late == 1
    assert pending > 0
    for name in (ANA, BO, CHIE):
        assert class_db.rounds_played("KATSU", name, "satori") > 0
    print(f"satori, three people and a bot: {at_once} windows asked at once, {not_clockwise} answered out of "
          f"clockwise order, {pending} answers waiting unseen by the other pages, {defaults} silent seats' "
          f"no katsu by default")


def test_a_half_made_choice_ends_when_the_table_moves_even_if_the_turn_comes_back(class_db: Any) -> None:
    """SCOUT's scout is two clicks (the card, then where it goes): begun on one table, never finished on another."""
    ana, bo, table = two_pages(class_db, "scout")
    seat, rng = ana.view.seat, random.Random(4)

    def half_made() -> Any:
        """Ana's page's first click of a two-click choice, if her page offers one now."""
        ana.refresh()
        app, view = ana.app, ana.view
        if view.mover != seat:
            return None
        obs = app._state.observation(seat)
        return next((c for c in app._control_list(obs, None, list(view.legal)) if c.opens is not None), None)

    def play_on(name: str) -> None:
        """One move of ``name``'s seat through the table (another kernel of theirs), then the bot's."""
        view = table.view(name)
        table.play(name, view.seq, str(view.legal[rng.randrange(len(view.legal))]))
        table.advance_bots()

    for _ in range(200):
        if (first := half_made()) is not None:
            break
        mover = table.sync().current_player
        play_on(ANA if mover == seat else BO)
    else:
        raise AssertionError("Ana's page never offered a two-click choice")
    ana.app.choose(first.opens)
    assert ana.app.step is not None
    play_on(ANA)  # Ana's own move from another kernel of hers (a second tab), then the others until her turn again
    while table.sync().current_player not in (seat, None):
        play_on(BO)
    ana.refresh()
    assert ana.app.step is None, "a choice begun before the table moved must not stay half-made"
    if ana.view.mover == seat:
        check_buttons_are_the_legal_actions(ana.app)
    ana.close()
    bo.close()
