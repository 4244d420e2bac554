"""Discontinuity for the class: the public record of each finished round, and the teacher's tables.

Every decision you make in the app becomes a row of what you saw then (the square, your row, your
safe, whether your joker was still to take, the deck) and what you chose; when the round (a game,
or a half of the two-player game) is over, each row gets how it came out (your points, your total,
your place, your last row). Nothing a player cannot see is written: no joker's face, no deck order.

The teacher's tables pool a class's rows (``cardlib.core.classroom``) and set them beside what
cardlib computes exactly: ``results_by_seat`` (points by seat and table size) and ``joker_choices``
(when the class took the joker, beside what the joker does to the rows they held, exactly).

>>> cards_text((9, 9, 8, 9, 0, 7, 9, 1)), cards_text((1, 2, 5, 6, "J", 8)), cards_text(())
('9 9 8 9 - 7 9 1', '1 2 5 6 J 8', '')
>>> row_numbers("1 2 5 6 J 8")
[1, 2, 5, 6, 8]
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from cardlib.core.agents import RandomAgent
from cardlib.core.class_files import Place, Text, Whole
from cardlib.discontinuity.actions import TakeJoker
from cardlib.discontinuity.bots import GreedyBot, LookaheadBot
from cardlib.discontinuity.seen import HalfResult, Observation, places
from cardlib.discontinuity.scoring import JOKER, largest_value

# The game's columns of a class file, beyond the kit's (game, players, seat, game_no, round).
COLUMNS: dict[str, type] = {
    "turn": int,          # your turn in this round: 1, 2, … (placing the joker is part of its turn)
    "phase": str,         # "take" (two cards of a line, or the joker) or "place" (where your joker sits)
    "decision": str,      # what you chose, in the digest's notation ("take 3 and 7 from line ④")
    "square": str,        # the 8 face-up cards, (0,0) (0,1) (0,2) (1,0) (1,2) (2,0) (2,1) (2,2); "-" empty
    "row": str,           # your row as laid out before deciding ("J" the joker at its place); "" empty
    "safe": int,          # cards in your safe (金庫) before deciding
    "joker_open": bool,   # your joker was still to take
    "deck": int,          # cards left in the deck (山札)
    "halves": bool,       # a two-player game in two halves (前半戦, 後半戦): a round is a half
    "points": int,        # how it came out: your points in this round (the half, or the whole game)
    "total": int,         # your total after this round
    "place": int,         # your place by the totals after this round (1 = best; ties as the rules say)
    "final_row": str,     # your row when the round ended
}

EMPTY_PLACE = "-"
NUMBERS = {str(n) for n in range(1, 11)}  # the Pairs deck's numbers
SQUARE = 8  # the face-up cards around the deck
LONGEST_ROW = 30  # more cards than a row ever holds (the deck has 55, shared by at least two players)


def row_problem(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not a row in the notation (numbers 1 to 10, at most one joker "J"), or None.

    >>> row_problem("1 2 J 8", {}), row_problem("99 99 99", {})
    (None, "'99' is not a card of a row (1 to 10, or J for the joker)")
    """
    cards = text.split()
    for card in cards:
        if card not in NUMBERS and card != JOKER:
            return f"{card[:20]!r} is not a card of a row (1 to 10, or J for the joker)"
    if cards.count(JOKER) > 1:
        return "two jokers in one row"
    return f"{len(cards)} cards: more than a row holds" if len(cards) > LONGEST_ROW else None


def square_problem(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not the square's 8 places (a number 1 to 10, or "-" for an empty place), or None.

    >>> square_problem("9 9 8 9 - 7 9 1", {}), square_problem("garbage", {})
    (None, '1 places: the square has 8 (a number or - each)')
    """
    places = text.split()
    if len(places) != SQUARE:
        return f"{len(places)} places: the square has {SQUARE} (a number or - each)"
    wrong = [place for place in places if place not in NUMBERS and place != EMPTY_PLACE]
    return f"{wrong[0][:20]!r} is not a card of the square (1 to 10, or - empty)" if wrong else None


VALUES: dict[str, Any] = {
    "players": Whole(2, 4),
    "turn": Whole(0, 60),
    "phase": Text(choices=("take", "place", "")),
    "square": Text(check=square_problem),
    "row": Text(check=row_problem),
    "safe": Whole(0, 55),
    "deck": Whole(0, 55),
    "points": Whole(-1000, 1000),
    "total": Whole(-1000, 1000),
    "place": Place(),
    "final_row": Text(check=row_problem),
}


def cards_text(cards: Sequence[Any]) -> str:
    """Cards as the digest writes them, joined by spaces (an empty place of the square as "-")."""
    return " ".join(str(card) if card else EMPTY_PLACE for card in cards)


def row_numbers(row: str) -> list[int]:
    """The number cards of a row written by ``cards_text`` (the joker left out)."""
    return [int(card) for card in row.split() if card != JOKER]


def turn_of(obs: Observation) -> int:
    """Your turn in this round, counted from the public log: takes since the round's deal (a joker's
    place belongs to the turn whose take it follows)."""
    taken = 0
    for kind, seat, _ in obs.log:
        if kind == "deal":
            taken = 0
        elif kind in ("take", "joker") and seat == obs.seat:
            taken += 1
    return taken + (obs.phase == "take")


def decision_row(obs: Observation, action: Any) -> dict[str, Any]:
    """What ``obs`` showed you as you chose ``action``, and the choice.

    >>> from cardlib.discontinuity.rules import Game
    >>> state = Game(players=3).new(seed=4)
    >>> row = decision_row(state.observation(0), state.legal_actions()[2])
    >>> row["turn"], row["decision"], row["square"], row["row"], row["joker_open"], row["deck"]
    (1, 'take 7 and 8 from line ③', '9 9 8 9 7 7 9 1', '', True, 47)
    """
    seat = obs.seat
    return {"turn": turn_of(obs), "phase": obs.phase, "decision": str(action), "square": cards_text(obs.square),
            "row": cards_text(obs.row), "safe": obs.safe_sizes[seat], "joker_open": not obs.jokers_used[seat],
            "deck": obs.deck_size}


NO_DECISION = {"turn": 0, "phase": "", "decision": "", "square": "", "row": "", "safe": 0, "joker_open": False,
               "deck": 0}  # a round in which you had no turn (the rules make it rare): its outcome still counts


def round_rows(obs: Observation, done: Optional[HalfResult], decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions of a finished round, each with how the round came out for you.

    ``done`` is the finished first half of a two-player game; None is the game's end (the whole
    game, or its second half). Only what everyone sees is used: the points, the rows laid out.
    """
    seat = obs.seat
    if done is not None:
        finished = obs.halves[:obs.halves.index(done) + 1]
        totals = [sum(half.scores[s] for half in finished) for s in range(obs.players)]
        points, rows = done.scores[seat], done.rows
    else:
        totals = list(obs.result.scores if obs.result is not None else obs.scores)
        points, rows = totals[seat] - sum(half.scores[seat] for half in obs.halves), obs.rows
    place = places(tuple(totals), [largest_value(row) for row in rows])[seat]
    outcome = {"halves": obs.half != 0, "points": points, "total": totals[seat], "place": place,
               "final_row": cards_text(rows[seat])}
    return [{**decision, **outcome} for decision in (decisions or [NO_DECISION])]


def sample_students(players: int) -> list[Any]:
    """Bots to play the student's seat for the sample class files: a newcomer, a greedy and a patient player.

    >>> [bot.name for bot in sample_students(3)]
    ['random', 'greedy', 'lookahead']
    """
    return [RandomAgent(), GreedyBot(), LookaheadBot()]


# --- the teacher's tables -------------------------------------------------------------------------

ROUND = ["file", "game_no", "round"]  # one round of one student's file


def results_by_seat(table: Any) -> Any:
    """Mean points of a round and its standard error, by table size and seat, with the rounds counted.

    A round is a whole game, or a half of the two-player game in halves (``halves``): the two are
    told apart, since a half deals only half the deck. Seat 0 starts every game and the first half.

    >>> import pandas as pd
    >>> rounds = pd.DataFrame({"file": ["a", "a", "b"], "players": 3, "halves": False, "seat": [0, 0, 1],
    ...                        "game_no": [1, 1, 1], "round": 1, "points": [4, 4, -6]})
    >>> print(results_by_seat(rounds)[["players", "seat", "rounds", "mean points"]].to_string(index=False))
     players  seat  rounds  mean points
           3     0       1          4.0
           3     1       1         -6.0
    """
    import pandas as pd

    one = table.drop_duplicates(ROUND)  # every row of a round carries its outcome
    grouped = one.groupby(["players", "halves", "seat"])["points"]
    out = pd.DataFrame({"rounds": grouped.size(), "mean points": grouped.mean().astype(float),
                        "standard error": grouped.sem()}).reset_index()
    return out


def clustered_error(hits: Any, sizes: Any) -> float:
    """The standard error of a rate pooled over clusters (the turns of one round hang together).

    ``hits`` and ``sizes`` hold each cluster's successes and trials; NaN with fewer than two clusters.

    >>> round(clustered_error([1, 0, 1, 0], [1, 1, 1, 1]), 4)     # four single trials: sqrt(p(1-p)/(n-1))
    0.2887
    """
    hits, sizes = list(hits), list(sizes)
    clusters, total = len(sizes), sum(sizes)
    if clusters < 2:
        return float("nan")
    rate = sum(hits) / total
    spread = sum((h - rate * n) ** 2 for h, n in zip(hits, sizes))
    return (clusters / (clusters - 1) * spread) ** 0.5 / total


def joker_choices(table: Any) -> Any:
    """When the class took the joker, beside what the joker does to the rows they held, exactly.

    The joker is the game's one real timing decision: taken onto an empty row it stands alone and
    costs 11; once the row has cards for it to join it often saves a lot (the lesson, 3.2). Each
    turn a student could still take the joker, cardlib computes the exact change in their row's
    penalty with a joker at its best place (``analysis.joker_change``, every place tried). By the
    number of cards in the row then: the turns, how often the class took the joker (with its
    standard error, turns of one round pooled as one cluster), the share of those rows where the
    joker lowers the penalty, and its mean change (exact, shown as a decimal; negative = a saving).
    A class that takes the joker most where it saves most has understood the lesson.

    >>> import pandas as pd
    >>> turns = pd.DataFrame({"file": "a", "game_no": 1, "round": 1, "phase": "take", "joker_open": True,
    ...                       "row": ["", "3 4", "3 4 7"], "decision": ["take 3 and 4 from line ④",
    ...                       "take 7 and 9 from line ⑤", "take the joker (the deck's top card, face down)"]})
    >>> print(joker_choices(turns)[["cards in row", "took joker", "joker lowers", "mean joker change"]]
    ...       .to_string(index=False))
     cards in row  took joker  joker lowers  mean joker change
                0           0           0.0               11.0
                2           0           1.0               -4.0
                3           1           1.0               -4.0
    """
    from fractions import Fraction

    import pandas as pd

    from cardlib.discontinuity.analysis import joker_change

    columns = ["cards in row", "turns", "took joker", "take rate", "take rate SE", "joker lowers", "mean joker change"]
    open_turns = table[(table["phase"] == "take") & table["joker_open"].astype(bool)]
    if open_turns.empty:  # no turn with the joker still to take: an empty table
        return pd.DataFrame(columns=columns)
    numbers = open_turns["row"].map(row_numbers)
    turns = pd.DataFrame({
        "cards in row": numbers.map(len), "took": open_turns["decision"] == str(TakeJoker()),
        "change": numbers.map(joker_change),  # exact: every place of the joker tried on this row
        "cluster": open_turns[ROUND].astype(str).agg("/".join, axis=1),
    })
    rows = []
    for cards, group in turns.groupby("cards in row"):
        per_round = group.groupby("cluster")["took"].agg(["sum", "size"])
        mean_change = Fraction(int(group["change"].sum()), len(group))
        rows.append({"cards in row": cards, "turns": len(group), "took joker": int(group["took"].sum()),
                     "take rate": float(group["took"].mean()),
                     "take rate SE": clustered_error(per_round["sum"], per_round["size"]),
                     "joker lowers": float((group["change"] < 0).mean()), "mean joker change": float(mean_change)})
    return pd.DataFrame(rows, columns=columns)


def headline(table: Any) -> tuple[Any, Any]:
    """The live dashboard's headline: when the class took the joker beside what it does to the row, exactly,
    and its plot (a ``Figure``; None without data)."""
    from matplotlib.figure import Figure

    joker = joker_choices(table)
    if not len(joker):
        return joker, None
    joker = joker.set_index("cards in row")
    figure = Figure(figsize=(9, 3.4), layout="constrained")
    taken, change = figure.subplots(1, 2)
    taken.errorbar(joker.index, joker["take rate"], yerr=1.96 * joker["take rate SE"], fmt="o", capsize=3,
                   label="the class took the joker")
    taken.plot(joker.index, joker["joker lowers"], "s-", label="rows the joker lowers (exact)")
    taken.set_xlabel("cards in the row"); taken.set_ylabel("share of turns"); taken.set_ylim(-0.05, 1.05)
    taken.legend(fontsize=7)
    change.bar(joker.index, joker["mean joker change"])
    change.axhline(0, color="grey", linestyle=":")
    change.set_xlabel("cards in the row"); change.set_ylabel("mean change in penalty (exact; < 0 saves)")
    for ax in (taken, change):
        ax.set_xticks(list(joker.index))
    return joker, figure
