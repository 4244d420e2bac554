"""SCOUT's printable page: the rules in short, the beating order of every group, the cards by player
count, and a score sheet.

>>> html = page()
>>> 'id="beating-order"' in html, 'id="score-sheet"' in html
(True, True)
"""
from __future__ import annotations

from cardlib.scout.analysis import adjacent_chances, beating_order, deck_table
from cardlib.scout.groups import ALL_CARDS
from cardlib.ui.printable import bullets, chances_table, columns, ja, page as frame, score_sheet, section, table

PLAYERS = 5  # the beating order of the full deck: every group any player count allows


def order_reference() -> str:
    """Every type of group from weakest to strongest (``beating_order``), with its weakest and strongest."""
    order = beating_order(PLAYERS)
    rows = [(rank, line["group"], line["how many"], tuple(line["weakest"]), tuple(line["strongest"]))
            for rank, line in order.iterrows()]
    return table(["", "group", "how many", "weakest", "strongest"], rows, name="beating-order", nowrap=True,
                 caption="Each line beats every line above it. Within a line the higher lowest number wins; "
                         "equal groups never beat each other.")


def deck_reference() -> str:
    """The cards by player count (``deck_table``)."""
    deck = deck_table()
    rows = [(players, *(int(value) for value in line)) for players, line in deck.iterrows()]
    return table(["players", "removed", "used", "each", "set aside"],
                 [(players, removed, used, each, aside) for players, removed, used, each, _, aside in rows],
                 name="deck", caption="3 players remove every card with a 10; 4 players and 2 players the 9/10 "
                                      "card. Two players keep the 22 set aside for round 2.")


def neighbour_chances() -> str:
    """The chance that two or three neighbouring cards of a dealt hand form a set or a run (``adjacent_chances``)."""
    return chances_table("neighbours form", adjacent_chances(PLAYERS), name="neighbours",
                         caption=f"{PLAYERS} players. Sets are rarer than runs, so a set beats a run of as many cards.")


def rules() -> str:
    """The rules in short, in our own words, with the sheet's Japanese terms."""
    return bullets([
        f"<b>SCOUT</b> ({ja('スカウト')}), 3 to 5 players. {len(ALL_CARDS)} cards, each with two different "
        "numbers from 1 to 10, one at each end: the number at the top counts.",
        "Cards are dealt either way up. <b>Never reorder your hand.</b> Once, before the first turn, you may "
        "<b>turn the whole hand around</b>: the order reverses and every card shows its other number.",
        f"<b>Show</b> ({ja('プレイ')}): play cards that sit side by side in your hand and form a group: one "
        f"card, a <b>set</b> ({ja('同数')}, one number) or a <b>run</b> ({ja('連番')}, up or down by one; 10 and "
        f"1 are not neighbours). It must beat the active set ({ja('場札')}); you take the beaten cards as points.",
        f"<b>Scout</b> ({ja('スカウト')}): take the card at either end of the active set into your hand, anywhere, "
        f"either way up; the set's owner gets a chip. Once a round, <b>Scout &amp; Show</b> "
        f"({ja('ダブルアクション')}) does both in one turn.",
        "<b>Beating</b>: more cards beat fewer; with as many cards a set beats a run; then the higher lowest "
        "number wins.",
        "<b>Round end</b>: someone empties their hand, or everyone else only scouted since someone's show "
        "(that player then loses nothing for their hand). <b>Points</b>: +1 a card taken, +1 a chip, −1 a card "
        "left in hand. Play as many rounds as players; the highest total wins.",
    ])


def page() -> str:
    """The whole printable page of SCOUT."""
    left = section("The rules in short", rules(), "rules") + section("The cards", deck_reference(), "cards")
    right = (section("The beating order, weakest first", order_reference(), "order")
             + section("Neighbours in a dealt hand", neighbour_chances(), "chances"))
    sheet = section("Score sheet (cards taken, chips, cards left in hand, running total)",
                    score_sheet(5, 5, ["cards", "chips", "hand −", "total"]), "sheet")
    return frame("SCOUT", f"{ja('スカウト')} · 3–5 players · a hand you may never reorder",
                 [columns(left, right, "9fr 11fr"), sheet], "cardlib.scout.analysis: beating_order, deck_table, adjacent_chances")
