"""The Satori's printable page: the rules in short, the cards by player count, the chance that a face-down
play is satori under three models of play, a worked Bayes table, and a score sheet.

>>> html = page()
>>> 'id="models"' in html, 'id="score-sheet"' in html
(True, True)
"""
from __future__ import annotations

from fractions import Fraction

from cardlib.satori.actions import DECK, DECLARE_RUN, SATORI, ZATSUNEN
from cardlib.satori.analysis import MODELS, bayes_table
from cardlib.satori.beliefs import UNIFORM, Story, last_card_satori
from cardlib.satori.rules import OFFICIAL_PLAYERS, Game
from cardlib.ui.printable import bullets, columns, ja, page as frame, percent, score_sheet, section, table

UNSEEN = ("play", None)
# The worked example: a first play nobody called; a second play called, a zatsunen (the caller is out
# and gives back a satori); now a third play waits in the Katsu window.
EXAMPLE = Story((3, 2), (UNSEEN, ("play", ZATSUNEN, True), UNSEEN))
GAMES = 10


def chance(value: Fraction) -> str:
    """A chance as a fraction and a percentage.

    >>> chance(Fraction(3, 5))
    '3/5 (60%)'
    """
    return f"{value} ({percent(value, 0)})"


def deck_reference() -> str:
    """The cards each official player count uses, from ``Game`` and the deck of 25."""
    rows = []
    for players in OFFICIAL_PLAYERS:
        game = Game(players=players)
        satori, zatsunen = game.satori * players, game.zatsunen * players
        rows.append((players, satori, zatsunen, DECK[SATORI] + DECK[ZATSUNEN] - satori - zatsunen))
    return table(["players", "satori used", "zatsunen used", "left out"], rows, name="deck",
                 caption=f"The deck: {DECK[SATORI]} number cards A–10 (satori) and {DECK[ZATSUNEN]} "
                         "face cards J, Q, K (zatsunen).")


def model_reference(plays: int = 5) -> str:
    """P(the card just played is satori) for a player's 1st..5th play, nothing of theirs revealed, by model."""
    rows = []
    for name, model in MODELS.items():
        rows.append((name, *(chance(last_card_satori(Story((3, 2), (UNSEEN,) * number), model))
                             for number in range(1, plays + 1))))
    header = ["how they play", *(f"play {number}" for number in range(1, plays + 1))]
    return table(header, rows, name="models", row_headers=True,
                 caption="No Katsu on this player yet; dealt 3 satori and 2 zatsunen. \"Declares at once\": "
                         f"not declaring shows their pile had no {DECLARE_RUN} satori on top.")


def bayes_reference() -> str:
    """Bayes' rule written out on one story (``bayes_table``, each hidden card equally likely from the hand)."""
    rows = [(row.plays, row.prior, row.likelihood, row.posterior) for row in bayes_table(EXAMPLE, UNIFORM)]
    total = last_card_satori(EXAMPLE, UNIFORM)
    return table(["unseen plays", "prior", "likelihood", "posterior"], rows, name="bayes",
                 caption="Their 1st play unseen; the 2nd called and shown to be zatsunen (they got a satori "
                         "back); the 3rd waits. Likelihood: the chance the 2nd was zatsunen. "
                         f"P(3rd is satori) = {chance(total)}.")


def rules() -> str:
    """The rules in short, in our own words, with the sheet's Japanese terms."""
    return bullets([
        f"{ja('ザ・悟り')}, a bluffing game for 3 to 5 players. Cards of a kind are all alike: "
        f"<b>satori</b> ({ja('悟り')}, enlightenment) and <b>zatsunen</b> ({ja('雑念')}, distraction).",
        "Each player takes <b>3 satori and 2 zatsunen</b>. Turns go clockwise.",
        "<b>Your turn</b>, one of: <b>play</b> a card face down on top of your own pile (you may look at your "
        f"pile); <b>declare Satori</b> ({ja('悟りました')}) at the start of your turn, if the top {DECLARE_RUN} or "
        "more cards of your pile are satori without a break, which ends the game; or <b>pass</b>, only with "
        "an empty hand.",
        f"<b>Katsu</b> ({ja('喝')}): after each play, the others in turn clockwise may call it: \"that card "
        "is satori\". The first call counts; the caller looks at the card. <b>Satori</b>: the caller puts it "
        "on their own pile. <b>Zatsunen</b>: the caller is <b>out</b>, and the player called takes that "
        "zatsunen and one of the caller's satori into hand.",
        "<b>The end</b>: a declaration, every hand empty, or one player left (who wins). Everyone still in "
        "shows the satori unbroken on top of their pile: the <b>longest run wins</b>. A tie goes to the "
        "player farthest clockwise from the declarer (or from the last player who played a card).",
    ])


def page() -> str:
    """The whole printable page of The Satori."""
    left = section("The rules in short", rules(), "rules")
    right = section("The cards", deck_reference(), "cards") + section("Bayes' rule on one story", bayes_reference(), "worked")
    chances = section("Is the card just played satori? It depends on how they play", model_reference(), "chances")
    sheet = section("Score sheet (each player's satori run at the end; W for the winner, out for the eliminated)",
                    score_sheet(5, GAMES, ["run", "W / out"], round_label="Game", last_row="Wins"), "sheet")
    return frame("The Satori", f"{ja('ザ・悟り')} · 3–5 players · play face down, call Katsu!, declare Satori",
                 [columns(left, right), chances, sheet],
                 "cardlib.satori.analysis and .beliefs: MODELS, last_card_satori, bayes_table")
