"""Twenty-five's printable page: the rules in short, the pair table C(n, 2), the chance that random cards
make more than 25 pairs, and a score sheet.

>>> html = page()
>>> "C(n, 2)" in html, 'id="score-sheet"' in html
(True, True)
"""
from __future__ import annotations

from cardlib.twentyfive.analysis import card_bounds, pair_table, pairs_odds
from cardlib.twentyfive.rules import TARGET
from cardlib.ui.printable import bullets, columns, ja, page as frame, percent, score_sheet, section, table

ODDS_FROM, ODDS_TO = 12, 28  # a round has at least 12 cards in play; 28 or more always exceed 25
ROUNDS = 12


def pairs_reference() -> str:
    """C(n, 2) for n copies of one number in play, with what one more copy adds (from ``pair_table``)."""
    pairs = pair_table()
    rows = [("pairs C(n, 2)", *(int(value) for value in pairs["pairs"])),
            ("one more adds", *(int(value) for value in pairs["one more adds"]))]
    header = ["copies n", *(str(n) for n in pairs.index)]
    return table(header, rows, name="pairs", row_headers=True,
                 caption="Number k has k copies in the deck, so at most k of them can be in play.")


def odds_reference() -> str:
    """For n random cards in play: the exact chance of more than, and of exactly, 25 pairs (``pairs_odds``)."""
    rows = []
    for n in range(ODDS_FROM, ODDS_TO + 1):
        odds = pairs_odds(n)
        rows.append((n, percent(odds.over), percent(odds.exactly)))
    low, high = card_bounds(TARGET)
    return table(["cards in play", f"more than {TARGET}", f"exactly {TARGET}"], rows, name="odds",
                 caption=f"Exact, for cards dealt at random from the 55. Exactly {TARGET} pairs needs "
                         f"{low} to {high} cards (the sheet says 12). The reveals tell you more: "
                         "the app's Coach uses them.")


def rules() -> str:
    """The rules in short, in our own words, with the sheet's Japanese terms."""
    return bullets([
        "<b>The Pairs deck</b>: 55 cards, one 1, two 2s, … ten 10s. 3 or 4 players. <b>Points are bad.</b>",
        "<b>Deal</b> 4 cards each (3 players) or 3 each (4 players); the rest is the draw pile. Everyone "
        f"puts one card face up in front of them as a field card ({ja('場札')}, <i>bafuda</i>): their "
        "<b>highest</b> number, or a <b>5</b> if they hold one.",
        "<b>In play</b> are all hands and all field cards. A number with n copies in play makes "
        "C(n, 2) = n(n−1)/2 pairs.",
        "<b>Your turn</b>: <b>draw</b> the top card, then put one more card face up by the same rule "
        "(highest, or a 5). Or <b>pass</b>: you claim the pairs in play now exceed 25. Nobody passes on a "
        "round's first turn, and you cannot draw and then pass. An empty draw pile leaves only the pass.",
        "<b>A pass ends the round</b>: every hand is shown and the pairs P counted. "
        "P &lt; 25: the passer scores 10. P &gt; 25: the player who drew last scores P − 25. "
        "P = 25: everyone except the passer scores 10.",
        "The passer starts the next round, with all 55 cards shuffled again.",
        "<b>The end</b>: after a round in which someone's total goes <b>over 25</b>. The lowest total wins; "
        "the highest total loses (ties lose together).",
    ])


def page() -> str:
    """The whole printable page of Twenty-five."""
    left = section("The rules in short", rules(), "rules")
    right = (section("Pairs: C(n, 2)", pairs_reference(), "pairs-table")
             + section(f"Random cards: more than {TARGET} pairs?", odds_reference(), "odds-table"))
    sheet = section("Score sheet (points after each round, and the running total)",
                    score_sheet(4, ROUNDS, ["points", "total"]), "sheet")
    return frame("Twenty-five", f"3–4 players · the Pairs deck · pass when the pairs exceed {TARGET}",
                 [columns(left, right), sheet], "cardlib.twentyfive.analysis: pair_table, pairs_odds, card_bounds")
