"""Loop for the class: the public record of each finished round, and the class's results beside the exact answers.

One row a finished round for the student: the chair they played (``chair``, and the ``start`` chair), the
round's kind (``normal``, or ``loop``: the same chair's 11 cards played again), the 11 cards the chair was
dealt (the student's own, as the notation writes them) and the 2 set aside, the finishing ``rank``, the
``base`` points for it, the chair's ``bonus`` (its previous rank − the new one, in a loop round), the
round's ``points`` and the ``total`` after it; in a loop round the chair's ``previous`` rank (blank in a
normal round). Every value is what the student's observation showed: their own cards, and the public
ranks and points.

The teacher's notebook pools a class's files and calls the analyses here, each a small table that sets
the class's means (with their standard errors) beside what cardlib computes exactly:

- ``results_by_seat``: mean points by chair (counted from the start chair), table size and round kind,
  beside the mean a player earns if ranks fell by chance (the mean of the points table);
- ``results_by_hand``: mean points by what the dealt hand held (its 8s, or a run), beside the exact
  chance of such a hand (hypergeometric, ``analysis.py``);
- ``by_previous_rank``: in loop rounds, by the chair's previous rank: the class's mean rank and points,
  beside the two extremes — ranks by chance, and the hand deciding everything (the same rank again).

>>> sorted(COLUMNS)[:4]
['aside', 'base', 'bonus', 'chair']
>>> eights_in("3y 8r 8b 12y")
2
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional

from cardlib.core.agents import RandomAgent
from cardlib.core.class_files import Both, Place, Seat, Text, Whole
from cardlib.core.classroom import mean_se
from cardlib.loop.actions import DECK, EIGHT, SetAside, cards_in_order, cards_text, parse_card
from cardlib.loop.bots import ClimberBot, SearchBot
from cardlib.loop.chairs import BASE
from cardlib.loop.seen import Observation

if TYPE_CHECKING:  # the story (words for the page) loads ipywidgets: this module stays stdlib at import
    from cardlib.loop.view_story import RoundOver

COLUMNS: dict[str, type] = {
    "set": int,         # the set (the long game; 1 otherwise)
    "set_round": int,   # the round within the set: 1 is the normal round
    "kind": str,        # "normal" or "loop"
    "chair": int,       # the chair the student played
    "start": int,       # the start chair (turns go from it)
    "hand": str,        # the 11 cards the chair was dealt, in the notation's order
    "aside": str,       # the 2 cards the student set aside
    "previous": float,  # the rank the chair's last occupant finished (a loop round; blank in a normal round)
    "rank": int,        # the student's finishing rank
    "base": int,        # the points table's points for that rank
    "bonus": int,       # previous − rank in a loop round, 0 in a normal round
    "points": int,      # base + bonus: the round's points
    "total": int,       # the student's total after the round (never below 0)
}

KINDS = ("normal", "loop")


def loop_cards(count: int) -> Any:
    """The check of ``count`` distinct Loop cards in the notation ("3y 8r ..."): why not, or None.

    >>> loop_cards(2)("8r 3y", {}), loop_cards(2)("99 99", {})
    (None, "'99' is not a Loop card (a number 1 to 15 and r, b or y, like 7r)")
    """
    deck = set(DECK)

    def check(text: str, row: Any) -> Optional[str]:
        words = text.split()
        cards = []
        for word in words:
            try:
                card = parse_card(word) if len(word) <= 4 else None
            except ValueError:
                card = None
            if card not in deck:
                return f"{word[:20]!r} is not a Loop card (a number 1 to 15 and r, b or y, like 7r)"
            cards.append(card)
        if len(set(cards)) != len(cards):
            return "a card twice"
        return None if len(cards) == count else f"{len(cards)} cards, not {count}"
    return check


VALUES: dict[str, Any] = {
    "players": Whole(2, 4),
    "set": Whole(1, 100),
    "set_round": Whole(1, 10),
    "kind": Text(choices=KINDS),
    "chair": Seat(),
    "start": Seat(),
    "hand": Text(check=loop_cards(11), required=True),
    "aside": Both(Text(check=loop_cards(2), required=True),
                  lambda aside, row: None if set(aside.split()) <= set(row["hand"].split()) else
                  "cards set aside that the hand did not hold"),
    "previous": Place(blank=True),  # blank in a normal round (and in a loop round whose start was not seen)
    "rank": Place(),
    "base": Whole(0, 10),
    "bonus": Whole(-3, 3),
    "points": Whole(-3, 13),
    "total": Whole(0, 1000),
}


# --- the record: from the student's observation only --------------------------------------------------

def decision_row(obs: Observation, action: Any) -> Optional[dict[str, Any]]:
    """Setting 2 cards aside: the 11 cards in hand then, and the 2 chosen; other decisions add nothing."""
    if type(action) is not SetAside:
        return None
    return {"hand": cards_text(obs.hand), "aside": cards_text(action.cards)}


def round_rows(obs: Observation, done: Optional[RoundOver], decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The student's row of a finished round: the chair, the cards, the rank and the points (public after the round)."""
    if done is None:
        return []
    me, n = obs.seat, obs.players
    chair = done.chairs[me]
    dealt = dealt_cards(obs, done, decisions)
    if dealt is None:  # a round whose start this record did not see (a resumed position)
        return []
    hand, aside = dealt
    rank = done.order.index(me) + 1
    base = BASE[n][rank - 1]
    previous = previous_rank(obs, done, chair)
    return [{"set": done.set, "set_round": done.round, "kind": KINDS[done.round > 1], "chair": chair,
             "start": obs.start, "hand": hand, "aside": aside, "previous": "" if previous is None else previous,
             "rank": rank, "base": base, "bonus": done.points[me] - base, "points": done.points[me],
             "total": done.totals[me]}]


def dealt_cards(obs: Observation, done: RoundOver, decisions: list[dict[str, Any]]) -> Optional[tuple[str, str]]:
    """The chair's 11 cards and the 2 set aside: as the set-aside decision saw them, or, while the table still
    shows the round just over, the cards played at the chair, set aside and left in hand (None if neither)."""
    for row in reversed(decisions):
        if "hand" in row:
            return row["hand"], row["aside"]
    if (obs.set, obs.round) == (done.set, done.round) and obs.phase in ("sit", "over") and obs.aside:
        held = obs.piles[done.chairs[obs.seat]] + obs.aside + obs.hand
        return cards_text(cards_in_order(held)), cards_text(obs.aside)
    return None


def previous_rank(obs: Observation, done: RoundOver, chair: int) -> Optional[int]:
    """The rank the player before you in ``chair`` finished in the set's previous round (None in a normal round)."""
    from cardlib.loop.view_story import rounds_over

    if done.round == 1:
        return None
    for before in rounds_over(obs):
        if (before.set, before.round) == (done.set, done.round - 1):
            return before.order.index(before.chairs.index(chair)) + 1
    return None


def sample_students(players: int) -> list[Any]:
    """Bots to play the student's seat for the sample class files: random, a climber, a quick searcher."""
    return [RandomAgent(), ClimberBot(), SearchBot(rollouts=4, width=4)]


# --- what a hand held, and the exact chance of it ------------------------------------------------------

def cards_of(text: str) -> list:
    """The cards a row's text names ('3y 8r' -> [(3, 'y'), (8, 'r')])."""
    return [parse_card(part) for part in text.split()]


def eights_in(hand: str) -> int:
    """How many 8s a hand (as a row writes it) holds."""
    return sum(card[0] == EIGHT for card in cards_of(hand))


def has_run(hand: str, length: int) -> bool:
    """Whether a hand holds ``length`` consecutive numbers of one colour (a run).

    >>> has_run("3b 4b 5b 9r", 3), has_run("3b 4r 5b", 2)
    (True, False)
    """
    held = set(cards_of(hand))
    return any(all((number + step, colour) in held for step in range(length)) for number, colour in held)


def chance_points(players: int) -> Fraction:
    """A player's mean round points if ranks fell by chance: the mean of the points table (loop rounds too,
    since the chairs' bonuses, previous − new rank, add up to 0 over a table).

    >>> chance_points(4), chance_points(3), chance_points(2)
    (Fraction(7, 4), Fraction(4, 3), Fraction(1, 1))
    """
    return Fraction(sum(BASE[players]), players)


def chance_points_after(players: int, previous: int) -> Fraction:
    """The mean points at a chair whose last occupant finished ``previous``, if the new rank fell by chance:
    chance_points + previous − (players + 1)/2.

    >>> chance_points_after(4, 1), chance_points_after(4, 4)
    (Fraction(1, 4), Fraction(13, 4))
    """
    return chance_points(players) + previous - Fraction(players + 1, 2)


def _exact(value: Any) -> tuple[str, float]:
    """An exact value for display: the fraction as text, and as a float."""
    return str(value), float(value)


def _mean_and_error(values: Any) -> tuple[float, float]:
    """A mean and its standard error (NaN with fewer than 2 values)."""
    return mean_se(values)


def _position(table: Any) -> Any:
    """Each row's chair counted from the start chair (0: the start player's chair)."""
    return (table["chair"] - table["start"]) % table["players"]


def results_by_seat(table: Any) -> Any:
    """Mean round points by chair (from the start chair), table size and round kind, with standard errors,
    beside the mean if ranks fell by chance (exact). A chair that pays more than chance is a better seat."""
    import pandas as pd

    rows = []
    data = table.assign(position=_position(table))
    for (players, kind, position), group in data.groupby(["players", "kind", "position"], sort=True):
        mean, error = _mean_and_error(group["points"])
        text, value = _exact(chance_points(int(players)))
        rows.append({"players": int(players), "kind": kind, "chair from start": int(position),
                     "rounds": len(group), "mean points": mean, "standard error": error,
                     "by chance (exact)": text, "by chance": value,
                     "difference in standard errors": (mean - value) / error if error else float("nan")})
    return _framed(pd.DataFrame(rows), ["players", "kind", "chair from start"])


HAND_MEASURES = ("eights", "run of 2", "run of 3", "run of 4", "run of 5")


def hand_measure(table: Any, measure: str) -> Any:
    """Each row's dealt hand measured: its number of 8s, or whether it holds a run of the length named."""
    if measure == "eights":
        return table["hand"].map(eights_in)
    if measure in HAND_MEASURES:
        length = int(measure.rsplit(" ", 1)[1])
        return table["hand"].map(lambda hand: has_run(hand, length))
    raise ValueError(f"no measure {measure!r} of a hand: one of {', '.join(HAND_MEASURES)}")


def hand_chances(measure: str) -> dict[Any, Any]:
    """The exact chance of each value of ``measure`` in a dealt hand of 11 from the 45.

    >>> hand_chances("eights")[3]
    1/86
    """
    from cardlib.loop.analysis import eights_distribution, p_run_in_hand

    if measure == "eights":
        return eights_distribution()
    if measure in HAND_MEASURES:
        chance = p_run_in_hand(int(measure.rsplit(" ", 1)[1]))
        return {True: chance, False: 1 - chance}
    raise ValueError(f"no measure {measure!r} of a hand: one of {', '.join(HAND_MEASURES)}")


def results_by_hand(table: Any, measure: str = "eights") -> Any:
    """Mean round points by what the dealt hand held (``measure``: 'eights', or 'run of 3' and the like),
    by table size and round kind, with standard errors; beside them the share of the class's hands with
    that value and the exact chance of such a dealt hand. A loop round's hand is the chair's dealt 11
    cards too, but chosen by its chair: its share may stray from the chance."""
    import pandas as pd

    chances = hand_chances(measure)
    data = table.assign(value=hand_measure(table, measure))
    rows = []
    for (players, kind), part in data.groupby(["players", "kind"], sort=True):
        for value, chance in chances.items():
            group = part[part["value"] == value]
            share = len(group) / len(part)
            mean, error = _mean_and_error(group["points"])
            text, exact = _exact(chance)
            rows.append({"players": int(players), "kind": kind, measure: value, "rounds": len(group),
                         "share of hands": share, "share standard error": (share * (1 - share) / len(part)) ** 0.5,
                         "chance (exact)": text, "chance": exact, "mean points": mean, "standard error": error})
    return _framed(pd.DataFrame(rows), ["players", "kind", measure])


def by_previous_rank(table: Any) -> Any:
    """Loop rounds by the chair's previous rank: the class's mean rank and points (standard errors), beside
    the exact extremes: ranks by chance (mean rank (n + 1)/2) and the hand deciding all (the same rank again)."""
    import pandas as pd

    loops = table[table["kind"] == "loop"].dropna(subset=["previous"])
    rows = []
    for (players, previous), group in loops.groupby(["players", "previous"], sort=True):
        n, p = int(players), int(previous)
        rank, rank_error = _mean_and_error(group["rank"])
        points, points_error = _mean_and_error(group["points"])
        text, value = _exact(chance_points_after(n, p))
        rows.append({"players": n, "previous": p, "rounds": len(group), "mean rank": rank,
                     "rank standard error": rank_error, "rank by chance (exact)": str(Fraction(n + 1, 2)),
                     "mean points": points, "standard error": points_error, "points by chance (exact)": text,
                     "points by chance": value, "points if the same rank again": BASE[n][p - 1]})
    return _framed(pd.DataFrame(rows), ["players", "previous"])


def _framed(frame: Any, index: Sequence[str]) -> Any:
    """The rows indexed by ``index`` (an empty class gives an empty table)."""
    return frame.set_index(list(index)) if len(frame) else frame


def headline(table: Any) -> tuple[Any, Any]:
    """The live dashboard's headline: points by the 8s in the dealt hand beside the exact chance of such a hand,
    and a plot of that share and of the points by chair against chance (a ``Figure``; None without data)."""
    from matplotlib.figure import Figure

    by_hand = results_by_hand(table, measure="eights")
    if not len(by_hand):
        return by_hand, None
    by_hand = by_hand[by_hand["rounds"] > 0]
    shown = by_hand[["rounds", "share of hands", "chance (exact)", "mean points", "standard error"]]
    figure = Figure(figsize=(9, 3.4), layout="constrained")
    hands, seats = figure.subplots(1, 2)
    eights = hand_measure(table, "eights")
    values = sorted(hand_chances("eights"))
    hands.bar(values, [float((eights == value).mean()) for value in values], alpha=0.6, label="the class's hands")
    hands.plot(values, [float(hand_chances("eights")[value]) for value in values], "s-", label="exact chance")
    hands.set_xlabel("8s in the dealt hand"); hands.set_ylabel("share of hands"); hands.legend(fontsize=7)
    by_seat = results_by_seat(table)
    for (players, kind), part in by_seat.groupby(level=["players", "kind"]):
        chairs = part.index.get_level_values("chair from start")
        line = seats.errorbar(chairs, part["mean points"], yerr=1.96 * part["standard error"].fillna(0), fmt="o-",
                              capsize=3, label=f"{players} players, {kind}")
        seats.axhline(part["by chance"].iloc[0], color=line[0].get_color(), linestyle=":")
    hands.set_xticks(values); seats.set_xticks(sorted(set(by_seat.index.get_level_values("chair from start"))))
    seats.set_xlabel("chair from the start"); seats.set_ylabel("mean points (… by chance)"); seats.legend(fontsize=7)
    return shown, figure
