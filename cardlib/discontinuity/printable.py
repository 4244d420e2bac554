"""Discontinuity's printable page: the rules in short, what a run costs, scoring examples with the joker's
best place, and a score sheet.

>>> html = page()
>>> 'id="run-costs"' in html, 'id="score-sheet"' in html
(True, True)
"""
from __future__ import annotations

from cardlib.discontinuity.analysis import best_joker_place, reshuffle_probability
from cardlib.discontinuity.rules import FIRST_HALF
from cardlib.discontinuity.scoring import JOKER, RUN, SAFE_CARD, lay_out, row_penalty, score
from cardlib.ui.printable import bullets, columns, ja, page as frame, score_sheet, section, table

LONGEST = 6     # the run-cost table's longest run
EXAMPLES = ((10, (5, 7, 9)), (8, (1, 2, 5, 6, JOKER, 8)), (0, (JOKER,)), (6, (2, 3, 4, 5, 9)), (4, (8, 9, 10, JOKER)))
JOKER_ROWS = ((3, 4, 8), (1, 2, 5, 6, 8), (2, 4, 6), (1, 2, 3, 7, 8), (6, 10))
GAMES = 8


def row_text(row: tuple) -> str:
    """A row as the sheet writes it: numbers and J, or a dash for an empty row.

    >>> row_text((1, 2, "J", 5)), row_text(())
    ('1 2 J 5', '—')
    """
    return " ".join(str(card) for card in row) or "—"


def redeal_chance() -> str:
    """The chance that 8 fresh cards show one number (``reshuffle_probability``), with thousands separated.

    >>> redeal_chance()
    '1 in 22,137,570'
    """
    chance = reshuffle_probability()
    return f"{chance.p:,} in {chance.q:,}"


def run_costs() -> str:
    """What a run of consecutive numbers costs, by its lowest number and its length (``row_penalty``)."""
    rows = []
    for lowest in range(1, 10):
        rows.append((lowest, *(row_penalty(list(range(lowest, lowest + length))) if lowest + length <= 11 else "—"
                               for length in range(1, LONGEST + 1))))
    header = ["lowest", *(f"{length} card{'s' if length > 1 else ''}" for length in range(1, LONGEST + 1))]
    return table(header, rows, name="run-costs", row_headers=True,
                 caption=f"A run of {RUN} or more consecutive numbers costs only its lowest; "
                         "10 and 1 are not consecutive.")


def scoring_examples() -> str:
    """Whole scores worked out by ``score``: the sheet's three examples and two more."""
    rows = [(safe, row_text(row), row_penalty(row), score(safe, row)) for safe, row in EXAMPLES]
    return table(["safe cards", "row", "row costs", "score"], rows, name="scores", nowrap=True,
                 caption=f"Score = {SAFE_CARD} × safe cards − row cost. The first three are the sheet's examples.")


def joker_places() -> str:
    """For a few rows: the joker's best place (``best_joker_place``) and the row's cost before and after."""
    rows = []
    for numbers in JOKER_ROWS:
        anchor = best_joker_place(numbers)
        laid = lay_out(numbers, joker=True, anchor=anchor)
        rows.append((row_text(numbers), f"right of {anchor}", row_text(laid), row_penalty(numbers), row_penalty(laid)))
    return table(["row", "best place", "laid out", "cost before", "with joker"], rows, name="joker", nowrap=True,
                 caption="The joker counts its left neighbour + 1 (alone: 11). "
                         "Place it at the top of a run, best where it joins two.")


def rules() -> str:
    """The rules in short, in our own words, with the sheet's Japanese terms."""
    return bullets([
        "<b>The Pairs deck</b>: 55 cards, one 1, two 2s, … ten 10s. 2 to 4 players.",
        "<b>The square</b>: 8 cards face up around the face-down deck. Its 8 <b>lines</b>: columns ① ② ③, "
        "rows ④ ⑤ ⑥, diagonals ⑦ ⑧; ② ⑤ ⑦ ⑧ cross the deck and hold 2 cards, the others 3.",
        "<b>Your turn</b>: from one line take <b>two cards of different numbers</b> (never two equal ones). "
        "Or, <b>once per game</b>, take the deck's top card face down, unseen, as your <b>joker</b>. "
        "Then refill every gap from the deck.",
        "Cards you take go into your <b>row</b>. Two of one number go at once, face down, into your "
        f"<b>safe</b> ({ja('金庫')}, <i>kinko</i>), where each card scores <b>+{SAFE_CARD}</b>.",
        "The <b>joker</b> sits right of a number in your row and counts that number + 1 (alone: 11). "
        "Move it during your own turns only.",
        "<b>The end</b>: when the deck runs out. Every row card costs its value, but a run of three or more "
        "costs only its lowest. <b>Highest score wins</b>; a tie goes to the largest value in the row.",
        f"<b>Two players</b> play the deck in two halves ({FIRST_HALF} cards, then {55 - FIRST_HALF}), the "
        "other player starting the second; the two scores add up.",
        "If all 8 cards of the square show one number, shuffle and deal again (the chance of a fresh deal "
        f"doing so is {redeal_chance()}).",
    ])


def page() -> str:
    """The whole printable page of Discontinuity."""
    left = section("The rules in short", rules(), "rules")
    right = (section("What a run costs", run_costs(), "runs") + section("Scoring examples", scoring_examples(), "examples")
             + section("Where the joker goes", joker_places(), "joker-places"))
    sheet = section("Score sheet (one line a game; two players: one line a half)",
                    score_sheet(4, GAMES, [f"safe ×{SAFE_CARD}", "row −", "score"], round_label="Game"), "sheet")
    return frame("Discontinuity", "2–4 players · the Pairs deck · take two different numbers from a line",
                 [columns(left, right), sheet],
                 "cardlib.discontinuity.scoring and .analysis: row_penalty, score, best_joker_place")
