"""SCOUT in the classroom: the public record of each finished round, and the class's rounds pooled.

One row a finished round for the student: their place in the turn order, the hand they played (as
held after the keep/turn choice: their own cards, which they see), whether they turned it, what they
did, and how the round came out. Nothing else of the table is needed: the round's summary (score
cards, chips, cards left, points) is shown to everyone.

The teacher's notebook pools a class's files and calls:

- ``results_by_seat``: mean round points by turn order (1 = the round's start player), per table size;
- ``results_by_hand``: mean round points by a measure of the hand (its fewest groups, ``pieces``, or
  the size of its strongest show), per table size;
- ``hands_beside_exact``: the class's dealt hands beside the lesson's exact expected numbers of
  neighbouring sets and runs (linearity of expectation, ``analysis.expected_adjacent``).

A card is written ``top/bottom`` (the number that counts first), a hand its cards left to right:

>>> hand_text([(3, 7), (4, 1)]), read_hand("3/7 4/1")
('3/7 4/1', [(3, 7), (4, 1)])
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Optional

from cardlib.core.class_files import Number, Place, Seat, Text, Whole
from cardlib.core.classroom import mean_se
from cardlib.core.protocol import places_from_scores
from cardlib.scout.actions import KEEPING, Observation, RoundTally
from cardlib.scout.bots import GreedyBot, PlannerBot, SearchBot, pieces
from cardlib.scout.groups import ALL_CARDS, HAND_SIZES, REMOVED, Card, strongest

COLUMNS: dict[str, type] = {
    "start": int,             # the seat that started the round
    "turn_order": int,        # the student's place in the round's turn order: 1 = the start player
    "hand": str,              # the hand as held after keep/turn, left to right, cards as top/bottom
    "turned": bool,           # the student turned the whole hand around
    "shows": int,             # the student's shows in the round (the show of a Scout & Show counted)
    "scouts": int,            # the student's scouts (the scout of a Scout & Show counted)
    "scout_and_show": bool,   # the student spent the Scout & Show marker
    "score_cards": int,       # cards the student took in the round
    "chips": int,             # chips the student received
    "tokens": int,            # two players: Scout tokens left (scoring +1 each); 0 in the sheet's game
    "held": int,              # cards left in the student's hand when the round ended
    "exempt": bool,           # the student ended the round by (ii): the hand did not count
    "points": int,            # the student's points for the round
    "place": int,             # the student's place among the round's points (1 = best; ties share)
    "margin": float,          # the student's points minus the mean of the others' points
    "reason": str,            # how the round ended: emptied (i), came back (ii), stuck (two players)
    "ender": int,             # the seat that ended the round
}

def hand_problem(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not a dealt hand of the row's table (its size of distinct SCOUT cards ``top/bottom``), or None.

    >>> hand_problem("3/7 4/1", {"players": 5}), hand_problem("99 99 99", {"players": 5})
    ('2 cards: a hand at a table of 5 has 9', "'99' is not a SCOUT card (top/bottom, two numbers 1 to 10)")
    """
    players, cards = row["players"], text.split()
    deck = {card for card in ALL_CARDS if card not in REMOVED[players]}
    seen = set()
    for word in cards:
        top, slash, bottom = word.partition("/")
        if not (slash and top.isdigit() and bottom.isdigit() and len(word) <= 5):
            return f"{word[:20]!r} is not a SCOUT card (top/bottom, two numbers 1 to 10)"
        card = tuple(sorted((int(top), int(bottom))))
        if card not in deck:
            return f"{word!r} is not a card of the deck at a table of {players}"
        if card in seen:
            return f"{word!r} twice in one hand"
        seen.add(card)
    if len(cards) != HAND_SIZES[players]:
        return f"{len(cards)} cards: a hand at a table of {players} has {HAND_SIZES[players]}"
    return None


VALUES: dict[str, Any] = {
    "players": Whole(2, 5),
    "start": Seat(),
    "turn_order": Place(),
    "hand": Text(check=hand_problem, required=True),
    "shows": Whole(0, 100),
    "scouts": Whole(0, 100),
    "score_cards": Whole(0, 45),
    "chips": Whole(0, 100),
    "tokens": Whole(0, 10),
    "held": Whole(0, 45),
    "points": Whole(-100, 100),
    "place": Place(),
    "margin": Number(-100, 100),
    "reason": Text(choices=("emptied", "came back", "stuck")),
    "ender": Seat(),
}

MEASURES = {  # a measure of the hand as held: (the column's name, the measure of the top numbers)
    "pieces": ("fewest groups", pieces),
    "best group": ("cards in the strongest show", lambda tops: strongest(tops)[0] // 32),  # 32 × size + < 27
}


def hand_text(hand: Sequence[Card]) -> str:
    """A hand as the class files write it: ``top/bottom`` for each card, left to right."""
    return " ".join(f"{top}/{bottom}" for top, bottom in hand)


def read_hand(text: str) -> list[Card]:
    """A hand written by ``hand_text`` as (top, bottom) cards."""
    return [(int(top), int(bottom)) for top, bottom in (word.split("/") for word in text.split())]


def turned_around(hand: Sequence[Card]) -> list[Card]:
    """The hand turned around: the order reversed and every card the other way up (its own inverse).

    >>> turned_around([(3, 7), (5, 1)])
    [(1, 5), (7, 3)]
    """
    return [(bottom, top) for top, bottom in reversed(hand)]


# --- the rows (what the student saw, what they did, how it came out) ----------------------------

def decision_row(obs: Observation, action: Any) -> Optional[dict[str, Any]]:
    """One decision of the student: the phase, the action in the digest's notation, and the hand as seen.

    >>> from cardlib.scout import Game
    >>> from cardlib.scout.actions import TURN
    >>> obs = Game(players=3).new(seed=1).observation(0)
    >>> row = decision_row(obs, TURN)
    >>> row["phase"], row["action"], read_hand(row["hand"]) == list(obs.hand)
    ('keep', 'turn', True)
    """
    return {"phase": obs.phase, "action": str(action), "hand": hand_text(obs.hand)}


def round_rows(obs: Observation, done: Optional[RoundTally], decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The student's row of a finished round, from the round's public summary and their own decisions.

    No row for a round whose keep/turn choice the record did not see (a game resumed in mid-round):
    its hand is not known.
    """
    choice = next((row for row in decisions if row["phase"] == KEEPING), None)
    if done is None or choice is None:
        return []
    me, n = obs.seat, obs.players
    dealt = read_hand(choice["hand"])
    turned = choice["action"] == "turn"
    actions = [row["action"] for row in decisions if row["phase"] != KEEPING]
    others = [score for seat, score in enumerate(done.scores) if seat != me]
    return [{
        "start": done.start,
        "turn_order": (me - done.start) % n + 1,
        "hand": hand_text(turned_around(dealt) if turned else dealt),
        "turned": turned,
        "shows": sum(action.startswith("show") for action in actions),
        "scouts": sum(action.startswith("scout") for action in actions),
        "scout_and_show": any(action.startswith("scout & show") for action in actions),
        "score_cards": done.score_cards[me],
        "chips": done.chips[me],
        "tokens": done.tokens[me] if done.tokens is not None else 0,
        "held": done.held[me],
        "exempt": done.exempt == me,
        "points": done.scores[me],
        "place": places_from_scores(done.scores, lower_is_better=False)[me],
        "margin": round(done.scores[me] - sum(others) / len(others), 6),
        "reason": done.reason,
        "ender": done.ender,
    }]


def sample_students(players: int) -> list[Any]:
    """Bots to play the student's seat in the sample class files: weak to strong (the search one quick).

    >>> [bot.name for bot in sample_students(3)]
    ['greedy', 'planner', 'planner', 'search']
    """
    return [GreedyBot(), PlannerBot(turns=False), PlannerBot(), SearchBot(rollouts=3, width=3)]


# --- the class's rounds --------------------------------------------------------------------------

def _mean_se(values: Any) -> tuple[int, float, float]:
    """How many values, their mean, and its standard error (NaN with fewer than two)."""
    return (len(values), *mean_se(values))


def results_by_seat(table: Any) -> Any:
    """Mean round points by turn order (1 = the start player) per table size, with standard errors.

    ``vs game mean``: points minus the mean of the student's rounds in the same game. A game has as
    many rounds as players and the start moves one seat each round, so a finished game puts the
    student in every place of the turn order once: comparing within a game takes the student's
    skill and the opponents out of it, as duplicate deals take out the deal. With no advantage in
    any place, every place's expected ``vs game mean`` is exactly 0 (the ``z`` column tests that).
    """
    import pandas as pd

    data = table.assign(_vs=table["points"] - table.groupby(["file", "game_no"])["points"].transform("mean"))
    rows = []
    for (players, order), rounds in data.groupby(["players", "turn_order"]):
        count, mean, se = _mean_se(rounds["points"])
        _, vs, vs_se = _mean_se(rounds["_vs"])
        rows.append({"players": players, "turn order": order, "rounds": count, "mean points": mean,
                     "SE": se, "vs game mean": vs, "vs SE": vs_se, "z": vs / vs_se if vs_se else math.nan,
                     "ended the round": float(((rounds["ender"] == rounds["seat"])).mean())})
    columns = ["players", "turn order", "rounds", "mean points", "SE", "vs game mean", "vs SE", "z", "ended the round"]
    return pd.DataFrame(rows, columns=columns).set_index(["players", "turn order"])


def hand_measure(hand: str, measure: str = "pieces") -> int:
    """A measure of a hand as the class files write it: ``pieces`` (the fewest groups it splits into,
    the planner's plan) or ``best group`` (how many cards its strongest show has).

    >>> hand_measure("3/1 4/2 5/1 9/2 9/4 1/5"), hand_measure("3/1 4/2 5/1 9/2 9/4 1/5", "best group")
    (3, 3)
    """
    if measure not in MEASURES:
        raise ValueError(f"no measure {measure!r}; the measures are {', '.join(map(repr, MEASURES))}")
    return MEASURES[measure][1]([top for top, _ in read_hand(hand)])


def results_by_hand(table: Any, measure: str = "pieces") -> Any:
    """Mean round points by a measure of the hand as played (``hand_measure``), per table size.

    Each row: how many rounds, their share of the table size's rounds (with its standard error),
    the mean points and their standard error. The exact side of the hands is ``hands_beside_exact``.
    """
    import pandas as pd

    hand_measure("", measure)  # ValueError naming the measures, for one that is none
    name = MEASURES[measure][0]
    data = table.assign(_measure=[hand_measure(hand, measure) for hand in table["hand"]])
    rows = []
    for players, at_table in data.groupby("players"):
        for value, rounds in at_table.groupby("_measure"):
            count, mean, se = _mean_se(rounds["points"])
            share = count / len(at_table)
            rows.append({"players": players, name: value, "rounds": count, "share": share,
                         "share SE": math.sqrt(share * (1 - share) / len(at_table)), "mean points": mean, "SE": se})
    columns = ["players", name, "rounds", "share", "share SE", "mean points", "SE"]
    return pd.DataFrame(rows, columns=columns).set_index(["players", name])


def neighbours(tops: Sequence[int]) -> dict[str, int]:
    """How many neighbouring cards form a set or a run of 2, and neighbouring triples a set or a run of 3.

    >>> neighbours([3, 4, 5, 5, 5])
    {'set of 2': 2, 'run of 2': 2, 'set of 3': 1, 'run of 3': 1}
    """
    steps = [b - a for a, b in zip(tops, tops[1:])]
    twice = [s for s, t in zip(steps, steps[1:]) if s == t]
    return {"set of 2": steps.count(0), "run of 2": steps.count(1) + steps.count(-1),
            "set of 3": twice.count(0), "run of 3": twice.count(1) + twice.count(-1)}


def hands_beside_exact(table: Any) -> Any:
    """The class's hands beside the lesson's exact answer: neighbouring sets and runs, per table size.

    ``dealt``: the mean count in the hands as dealt (the hand as held, turned back if the student
    turned it), with its standard error, beside ``exact``, the expected count by linearity of
    expectation (``analysis.expected_adjacent``, a Fraction), and ``z``. ``played``: the mean in
    the hands as held after the keep/turn choice, where choosing the better way raises it.
    """
    import pandas as pd

    from cardlib.scout.analysis import expected_adjacent

    rows = []
    for players, rounds in table.groupby("players"):
        hands = [read_hand(hand) for hand in rounds["hand"]]
        dealt = [turned_around(hand) if turned else hand for hand, turned in zip(hands, rounds["turned"])]
        counted = {way: pd.DataFrame([neighbours([top for top, _ in hand]) for hand in kept])
                   for way, kept in (("dealt", dealt), ("played", hands))}
        for kind, exact in expected_adjacent(int(players)).items():
            count, mean, se = _mean_se(counted["dealt"][kind])
            rows.append({"players": players, "kind": kind, "hands": count, "dealt": mean, "SE": se,
                         "exact": exact, "exact value": float(exact),
                         "z": (mean - float(exact)) / se if se else math.nan,
                         "played": float(counted["played"][kind].mean())})
    columns = ["players", "kind", "hands", "dealt", "SE", "exact", "exact value", "z", "played"]
    return pd.DataFrame(rows, columns=columns).set_index(["players", "kind"])


def headline(table: Any) -> tuple[Any, Any]:
    """The live dashboard's headline: the hands dealt beside the exact expected sets and runs, and a plot of
    that and of the points by turn order against the game mean (a ``Figure``; None without data)."""
    from matplotlib.figure import Figure

    exact = hands_beside_exact(table)
    if not len(exact):
        return exact, None
    shown = exact[["hands", "dealt", "SE", "exact value", "z"]]
    figure = Figure(figsize=(9, 3.4), layout="constrained")
    hands, seats = figure.subplots(1, 2)
    for players, part in exact.groupby(level="players"):
        kinds = part.index.get_level_values("kind")
        line = hands.errorbar(kinds, part["dealt"], yerr=1.96 * part["SE"], fmt="o", capsize=3,
                              label=f"{players} players: dealt")
        hands.plot(kinds, part["exact value"], "_", markersize=18, color=line[0].get_color())
    hands.set_ylabel("per hand (— exact)"); hands.set_title("neighbouring sets and runs"); hands.legend(fontsize=7)
    by_seat = results_by_seat(table)
    for players, part in by_seat.groupby(level="players"):
        orders = part.index.get_level_values("turn order")
        seats.errorbar(orders, part["vs game mean"], yerr=1.96 * part["vs SE"].fillna(0), fmt="o-", capsize=3,
                       label=f"{players} players")
    seats.axhline(0, color="grey", linestyle=":")
    seats.set_xlabel("turn order (1 = start)"); seats.set_ylabel("points vs game mean")
    seats.set_title("by seat (0 = no advantage)"); seats.legend(fontsize=7)
    seats.set_xticks(sorted(set(by_seat.index.get_level_values("turn order"))))
    return shown, figure
