"""Tables of people (cardlib.core.tables), whole games: their logs and records, on a real SQLite file and a
real PostgreSQL for every game.

Every test of a table runs on both databases (the ``class_db`` fixture). Students' moves are seeded random
legal choices sent through ``play`` in the notation, as a page would send them (tests/core/table_helpers.py).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from typing import Any

import pytest

from cardlib.core.classdb import ClassDB, ClassDBError
from cardlib.core.match import replay
from cardlib.core.tables import Table, View, seated_at
from cardlib.games import info
from tests.core.table_helpers import (BOT_SIZE, GAMES, at_once, NAMES, PEOPLE_SIZE, WHOLE_SIZE, assert_log_replays,
                                      assert_view_is_the_seats_own, name_at, play_random, seated, seed_of, stored_rows)


# --- the registry's part ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_action_a_game_offers_reads_back_from_its_notation_through_the_registry(game: str) -> None:
    line = info(game)
    assert line.sizes and line.bot and line.table_game(line.sizes[0]).players == line.sizes[0]
    for size in line.sizes:
        state, rng = line.table_game(size).new(seed=size), random.Random(size)
        while not state.is_over:
            legal = state.legal_actions()
            assert all(line.parse(str(action)) == action for action in legal)
            state.apply(legal[rng.randrange(len(legal))])


def test_a_bots_moves_are_the_same_in_every_process_whatever_its_hash_seed() -> None:
    """Two kernels compute a bot's move alike (str hashes are salted a process: no set order may decide)."""
    script = (
        "import random, sys\n"
        "from cardlib.games import REGISTRY\n"
        "for line in REGISTRY:\n"
        "    state = line.table_game(min(line.sizes)).new(seed=5)\n"
        "    for seq in range(20):\n"
        "        if state.is_over: break\n"
        "        rng = random.Random(f'table-bot:5:{seq}')\n"
        "        action = line.new_bot().act(state.observation(state.current_player), state.legal_actions(), rng)\n"
        "        print(line.name, seq, action)\n"
        "        state.apply(action)\n")
    kernels = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env={**os.environ, "PYTHONHASHSEED": str(salt)}) for salt in (1, 2)]
    (one, why), (two, _) = [kernel.communicate(timeout=300) for kernel in kernels]
    assert [kernel.returncode for kernel in kernels] == [0, 0], why[-2000:]
    assert one == two and len(one.splitlines()) > 40


# --- whole tables ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_people_plays_to_the_end_and_its_log_replays(class_db: ClassDB, game: str) -> None:
    size = WHOLE_SIZE[game]
    table = seated(class_db, game, size, people=size)
    assert table.status == "playing"  # full: it started by itself
    checked, seed = [], seed_of(class_db, table)

    def check(view: View, state: Any) -> None:
        assert_view_is_the_seats_own(seed, view, state)
        if view.seq % 3 == 0:  # another seat's page, at the same moment
            assert_view_is_the_seats_own(seed, table.view(name_at(table, (view.seat + 1) % size)), state)
        checked.append(view.seq)

    play_random(table, random.Random(24), check)
    assert table.status == "over" and len(checked) == len(class_db.moves(table.id)) > 5
    assert seated_at(class_db, "KATSU", NAMES[0]) is None  # a table over is no table to come back to
    assert_log_replays(class_db, table)
    assert not any(move.by_bot for move in class_db.moves(table.id))
    rows = stored_rows(class_db, game)
    assert {row["people"] for row in rows} == {" ".join(map(str, range(size)))}
    assert {row["by"] for row in rows} == {"person"}
    assert len(class_db.class_data("KATSU", game)[game]) == len(rows)  # every row passes the class files' checks
    for name in NAMES[:size]:
        assert class_db.rounds_played("KATSU", name, game) >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_table_with_bots_plays_to_the_end_and_marks_them(class_db: ClassDB, game: str) -> None:
    table = seated(class_db, game, BOT_SIZE[game], people=1)
    assert table.status == "open" and table.view("Ana").observation is None  # nothing dealt to a page yet
    with pytest.raises(ClassDBError, match="has no seat"):
        table.start("Bo")
    assert table.start("Ana") is True and table.start() is False
    assert [(seat.name, seat.bot) for seat in table.seats()] == \
        [("Ana", False)] + [(None, True)] * (BOT_SIZE[game] - 1)
    seed = seed_of(class_db, table)
    play_random(table, random.Random(7), lambda view, state: assert_view_is_the_seats_own(seed, view, state))
    assert table.status == "over"
    assert_log_replays(class_db, table)
    stored = class_db.moves(table.id)
    assert all(move.by_bot == (move.seat != 0) for move in stored)
    assert {move.seat for move in stored} == set(range(BOT_SIZE[game]))
    rows = stored_rows(class_db, game)
    assert {(row["people"], row["seat"], row["by"]) for row in rows} == {("0", "0", "person")}
    assert table.finish() == class_db.rounds_played("KATSU", "Ana", game)  # again: stored once
    assert len(stored_rows(class_db, game)) == len(rows)


@pytest.mark.parametrize("game", GAMES)
def test_every_kernel_computes_the_same_bot_move_and_racing_bots_store_one(class_db: ClassDB, class_db_url: str,
                                                                          game: str) -> None:
    table = seated(class_db, game, BOT_SIZE[game], people=1)
    table.start("Ana")
    while table.sync().current_player == 0:  # Ana moves first: let her, so that a bot is to move
        view = table.view("Ana")
        table.play("Ana", view.seq, str(view.legal[0]))
    kernels = [ClassDB(class_db_url), ClassDB(class_db_url)]
    twins = [Table(db, table.id) for db in kernels]
    assert str(twins[0].bot_move()) == str(twins[1].bot_move()) == str(table.bot_move())
    start, made, errors = threading.Barrier(2), [], []

    def kernel(twin: Table) -> None:
        try:
            start.wait(timeout=60)
            made.append(twin.advance_bots())
        except Exception as error:
            errors.append(repr(error))

    at_once(kernel, ((twin,) for twin in twins))
    for db in kernels:
        db.close()
    assert errors == [] and sum(made) >= 1
    stored = class_db.moves(table.id)
    assert [move.seq for move in stored] == list(range(len(stored)))  # nothing doubled, nothing skipped
    state = replay(table.game, seed_of(class_db, table), [info(game).parse(move.notation) for move in stored])
    assert state.is_over or state.current_player == 0  # the bots played on until Ana's turn (or the end)
    assert sum(made) == sum(move.by_bot for move in stored)


class Scripted:
    """A bot of the app that plays the table's stored moves (the app's record is then the table's game)."""

    def __init__(self, state_of: Any, actions: list) -> None:
        self.state_of, self.actions = state_of, actions

    def act(self, observation: Any, legal: Any, rng: Any) -> Any:
        return self.actions[len(self.state_of().history)]


@pytest.mark.parametrize("game", GAMES)
def test_a_students_rows_are_the_rows_their_app_writes_of_the_same_game(tmp_path: Any, game: str) -> None:
    """The record of a table is the game's app's own record of the same moves, plus people and by."""
    with ClassDB(f"sqlite:///{tmp_path / 'class.db'}") as db:
        table = seated(db, game, BOT_SIZE[game], people=1)
        table.start("Ana")
        play_random(table, random.Random(9))
        line = info(game)
        actions = [line.parse(move.notation) for move in db.moves(table.id)]
        ours = [row for part in table.round_records(0) for row in part]
        seed = seed_of(db, table)
    app_holder: list = []
    bots = [Scripted(lambda: app_holder[0].state, actions) for _ in range(BOT_SIZE[game] - 1)]
    app = line.app_class()(players=BOT_SIZE[game], human=0, opponents=bots, seed=1)
    app_holder.append(app)
    app.resume(table.game.new(seed=seed))
    while not app.state.is_over:
        if app.pending(app.state.observation(0)) is not None:
            app.read_on()
        else:
            app.take(actions[len(app.state.history)])
    assert app.state.history == table.sync().history
    assert [{key: value for key, value in row.items() if key not in ("people", "by")} for row in ours] == \
        app.records.rows
    assert ours and {(row["people"], row["by"]) for row in ours} == {("0", "person")}


@pytest.mark.parametrize("game", GAMES)
def test_a_view_is_the_same_whatever_the_cards_its_seat_cannot_see(class_db: ClassDB, game: str) -> None:
    """A seat's view depends on nothing hidden from it: drawn from a world where every card that seat cannot see
    is dealt otherwise (``determinize``: other hands, the deck's order), it is the same view."""
    size = PEOPLE_SIZE[game]
    table = seated(class_db, game, size, people=size)
    play_random(table, random.Random(4), until=lambda state: len(state.history) >= 4)
    real, rng, changed = table.sync(), random.Random(8), 0
    for seat in range(size):
        name = name_at(table, seat)
        seen = table.view(name)
        for _ in range(3):
            table._state = real.determinize(seat, rng)  # a real state: the world as this seat may imagine it
            assert table.view(name) == seen
            changed += table._state.all_cards() != real.all_cards() or any(
                table._state.observation(other) != real.observation(other) for other in range(size) if other != seat)
        table._state = real
    assert changed > 0  # the imagined worlds really differ where the seat cannot see
