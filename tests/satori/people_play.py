"""Tables of people of The Satori played through the class database (``Table``), each person by a rule the test
sets: who bluffs, who calls, who stays away (their bot plays) and who lets the Katsu window's time run out."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping

from cardlib.core.classdb import ClassDB
from cardlib.core.tables import Table
from tests.core.table_helpers import Clock, looked_at

NAMES = ("Ana", "Bo", "Chie")  # seats 0-2; a bot at seat 3


def people_table(db: ClassDB, code: str, seed: int, clock: Clock) -> Table:
    """Ana, Bo and Chie and a bot at a Satori table of four (the bot first), started."""
    if db.class_info(code) is None:
        db.open_class(code, game="satori")
    for name in NAMES:
        db.join(code, name)
    table = Table(db, db.new_table(code, "satori", seed, 4, options={"players": 4, "start": 3}), clock=clock)
    for name in NAMES:
        table.sit(name)
    assert table.start("Ana")
    return table


def play_people(table: Table, clock: Clock, rng: random.Random, bluffs: Mapping[str, bool], calls: float = 0.5,
                away: Collection[str] = (), silent: float = 0.0) -> None:
    """To the end: a person holding both kinds plays a zatsunen if ``bluffs[name]`` else a satori, declares when
    they may; in a window each calls Katsu with chance ``calls``, or with chance ``silent`` gives no answer (the
    time runs out: the default); the students ``away`` never come, so their bot plays their seat."""
    present = [name for name in NAMES if name not in away]
    clock.now += table.timeout + 1  # everyone's last sight is old: only the present come back
    while True:
        state, window = looked_at(table, present)
        if state.is_over:
            return
        if window is None:
            name = NAMES[state.current_player]
            view = table.view(name)
            texts = [str(action) for action in view.legal]
            if "declare" in texts:
                pick = "declare"
            elif "play satori" in texts and "play zatsunen" in texts:
                pick = "play zatsunen" if bluffs[name] else "play satori"
            else:
                pick = texts[0]
            table.play(name, view.seq, pick)
            continue
        answered = False
        for seat in window.waiting:
            if seat >= len(NAMES) or NAMES[seat] not in present:
                continue
            asked = table.view(NAMES[seat]).window
            if asked is not None and asked.answers and rng.random() >= silent:
                table.answer(NAMES[seat], asked.opened, "katsu" if rng.random() < calls else "no katsu")
                answered = True
        if not answered:
            clock.now += table.window_seconds  # nobody else answers: the time runs out


def answers_in_log(db: ClassDB, table: Table) -> tuple[Counter, Counter, Counter]:
    """From the stored log alone: people's answers by (who answered, whose card) — windows, then calls — and the
    cards (by whose) in whose window a person answered."""
    people, active, plays = set(range(len(NAMES))), None, 0
    windows, calls, cards, counted = Counter(), Counter(), Counter(), set()
    for move in db.moves(table.id):
        if move.notation.startswith("play"):
            active, plays = move.seat, plays + 1
        if move.notation in ("katsu", "no katsu") and move.seat in people:
            key = ("bot" if move.by_bot else "default" if move.by_default else "person",
                   "person" if active in people else "bot")
            windows[key] += 1
            calls[key] += move.notation == "katsu"
            if plays not in counted:  # the card played last: counted once
                counted.add(plays)
                cards[key[1]] += 1
    return windows, calls, cards
