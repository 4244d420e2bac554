"""What the database holds of a tables-of-people bench run (``table_load.py``): each table's moves replayed from its
seed in this process, its stored rows against the replay's, and each move's times from the click that made it to
every other page showing it (what the pages saw, by the machine's one clock)."""
from __future__ import annotations

import json
from typing import Any, Sequence

from cardlib.games import info

LOCAL = {"Next round", "Back to the tables", "Back", "New game"}  # clicks that store no move


def check_table(db: Any, table_id: int, pages: Sequence[dict]) -> dict:
    """One table: its moves replayed from the seed, its stored rows against the replay's, and each move's latency
    to every other page (``pages``: what the table's students saw)."""
    from cardlib.core.classdb_tables import round_rows, rounds
    from cardlib.core.match import replay
    from cardlib.core.tables import Table
    from sqlalchemy import select

    row, moves = db.table_row(table_id), db.moves(table_id)
    game = info(row.game)
    seat_of = {seat.name: seat.seat for seat in db.seats(table_id) if seat.name is not None}
    by_seat = {seat_of[page["name"]]: page for page in pages if page["name"] in seat_of}
    clicks = {seat: [c for c in page["clicks"] if c["label"] not in LOCAL] for seat, page in by_seat.items()}
    used: set[tuple[int, int]] = set()
    state, doubled = game.package.Game(**row.options).new(seed=row.seed), 0
    latencies, to_store, from_store = [], [], []
    for before, move in zip([None, *moves], moves):
        in_window = game.answer_window(state) is not None
        state.apply(game.parse(move.notation))
        if move.by_bot or move.by_default or move.seat not in clicks:
            continue
        stored = move.clock * 1000 + 5  # ms; a click comes before its move is stored
        mine = [(c["t"], i) for i, c in enumerate(clicks[move.seat]) if c["t"] <= stored and (move.seat, i) not in used]
        if not mine:
            doubled += 1
            continue
        used.add((move.seat, max(mine)[1]))
        cause = max(mine)[0]
        if in_window:  # the answer that completed the window, or the time up that stored a default before it
            cause = max(c["t"] for one in clicks.values() for c in one if c["t"] <= stored)
            if before is not None and before.by_default:
                cause = max(cause, before.clock * 1000)
        clicker = next((s for s, one in clicks.items() if any(c["t"] == cause for c in one)), None)
        to_store.append(move.clock * 1000 - cause)
        for seat, page in by_seat.items():
            shown = [t for s, t in page["seq"].items() if s >= move.seq + 1]
            if seat != clicker and shown:
                latencies.append(min(shown) - cause)
                from_store.append(min(shown) - move.clock * 1000)
    unmatched = {seat: [i for i in range(len(one)) if (seat, i) not in used] for seat, one in clicks.items()}
    outcomes = {seat: [o for o in by_seat[seat]["outcomes"] if o[0] not in LOCAL] for seat in by_seat}
    lost = sum(1 for seat, ids in unmatched.items() for i in ids
               if i < len(outcomes[seat]) and outcomes[seat][i][1] == "nothing")
    replayed = replay(game.package.Game(**row.options), row.seed, [game.parse(m.notation) for m in moves])
    same = replayed.history == state.history
    if replayed.is_over:
        table = Table(db, table_id)
        query = (select(rounds.c.student, round_rows.c.data)
                 .select_from(rounds.join(round_rows, round_rows.c.round_id == rounds.c.id))
                 .where(rounds.c.table_name == f"table {table_id}").order_by(rounds.c.number, round_rows.c.line))
        with db.engine.connect() as connection:
            stored_rows: dict[tuple[str, int], list[dict]] = {(name, seat_of[name]): [] for name in seat_of}
            for name, data in connection.execute(query):
                stored_rows[(name, seat_of[name])].append({k: v for k, v in json.loads(data).items() if k != "game_no"})
        for (name, seat), got in stored_rows.items():
            want = [{k: v for k, v in r.items() if k != "game_no"} for part in table.round_records(seat) for r in part]
            same = same and json.loads(json.dumps(want)) == got
    return {"table": table_id, "moves": len(moves), "people_moves": sum(not (m.by_bot or m.by_default) for m in moves),
            "bot_moves": sum(m.by_bot for m in moves), "default_moves": sum(m.by_default for m in moves),
            "over": replayed.is_over, "identical": same, "latencies": latencies, "to_store": to_store,
            "from_store": from_store, "lost": lost,
            "doubled": doubled,
            "refused": sum(o[1] == "refused" for one in outcomes.values() for o in one),
            "shown_last": all(max(page["seq"], default=-1) == len(moves) for page in by_seat.values())}
