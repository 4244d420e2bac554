"""Loop's printable page: the rules in short, points by rank, points by chair in a loop round, the chance
of 8s in a hand, and a score sheet.

>>> html = page()
>>> 'id="points-by-rank"' in html, 'id="score-sheet"' in html
(True, True)
"""
from __future__ import annotations

from cardlib.loop.analysis import HAND, eights_distribution
from cardlib.loop.chairs import BASE, START_POINTS, TARGETS, round_points
from cardlib.ui.printable import bullets, chances_table, columns, ja, page as frame, score_sheet, section, table

ROUNDS = 10
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def rank_reference() -> str:
    """The normal round's points by finishing rank, the start and the target, by player count (``round_points``)."""
    most = max(BASE)
    rows = []
    for players in sorted(BASE, reverse=True):
        points = [round_points(players, rank) if rank <= players else "—" for rank in range(1, most + 1)]
        rows.append((players, *points, START_POINTS, f"{TARGETS[players]}+"))
    header = ["players", *(ORDINAL[rank] for rank in range(1, most + 1)), "start with", "game ends at"]
    return table(header, rows, name="points-by-rank", row_headers=True,
                 caption="The first round pays these points. A total never drops below 0.")


def chair_reference(players: int) -> str:
    """A loop round's points at a chair: its last occupant's rank (rows) against your rank (columns)."""
    ranks = range(1, players + 1)
    rows = [(f"chair was {ORDINAL[previous]}", *(round_points(players, rank, previous) for rank in ranks))
            for previous in ranks]
    return table([f"{players} players", *(f"you {ORDINAL[rank]}" for rank in ranks)], rows,
                 name=f"points-by-chair-{players}", row_headers=True)


def eights_reference() -> str:
    """The chance of 0, 1, 2 or 3 eights among a hand's cards (``eights_distribution``)."""
    return chances_table("8s in hand", eights_distribution(), name="eights",
                         caption=f"A hand of {HAND} from the 45. Set an 8 aside to keep a donden in reserve.")


def rules() -> str:
    """The rules in short, in our own words, with the sheet's Japanese terms."""
    return bullets([
        f"<b>Loop</b> ({ja('ループ')}), 2 to 4 players. 45 cards: 1 to 15 in red, blue and yellow. Deal {HAND} to "
        "each chair; everyone sets <b>2 aside</b> face down. Everyone starts with 2 points.",
        "<b>Lead</b> a single card, a pair, three of a kind, or a <b>run</b> (two or more consecutive numbers of "
        "one colour). The next players play <b>the same form and size, stronger</b> (higher; runs by their "
        "lowest number), or pass. Passing never locks you out. When all others have passed, the last player "
        "to play leads again.",
        "<b>An 8 stops the trick</b>: any play holding an 8 ends it at once, and its player leads.",
        f"<b>Donden</b> ({ja('どんでん')}): if you set an 8 aside, you may show it on your turn: the order "
        "reverses (1 is strongest) until the round ends or someone declares donden again.",
        "Empty your hand to go out; the finishing order gives the <b>points by rank</b>. Cards you play stay "
        f"<b>in front of your chair</b> ({ja('席')}).",
        "<b>Loop rounds</b>: nothing is dealt. From last place up, each player picks a chair (3–4 players: not "
        f"the one just had) and plays the {HAND} cards lying there. A chair pays the normal points plus "
        "(its last occupant's rank − your rank).",
        "<b>The end</b>: after a round in which someone has reached the target; the highest total wins.",
    ])


def page() -> str:
    """The whole printable page of Loop."""
    left = section("The rules in short", rules(), "rules")
    right = (section("Points by rank", rank_reference(), "ranks")
             + section("Loop rounds: points by chair", "".join(chair_reference(n) for n in sorted(BASE, reverse=True)),
                       "chairs")
             + section("8s in a dealt hand", eights_reference(), "eights-table"))
    sheet = section("Score sheet (the chair you took, your rank, the round's points, the running total)",
                    score_sheet(4, ROUNDS, ["chair", "rank", "points", "total"]), "sheet")
    return frame("Loop", f"{ja('ループ')} · 2–4 players · a climbing game whose hands come round again",
                 [columns(left, right), sheet], "cardlib.loop.chairs and .analysis: round_points, eights_distribution")
