"""Twenty-five for the class: what a student saw and decided, and the class beside the exact answers.

Each draw or pass is a row (``decision_row``): the cards in play, the student's hand and every
field card (場札) in the order revealed, the draw pile, who drew last, and the choice. When the
round ends, ``round_rows`` adds how it came out, from what the rules show everyone then (every
hand, the pairs, the points). A round in which the student never had to draw or pass still gets
one row, with the choice ``none``, so that every round counts in the results.

The teacher's notebook pools a class's files and calls the analyses below. Each recomputes the
exact answer from what was visible: P(> 25 | n cards in play) from the pair distribution
(``analysis.pairs_odds``), and the coach's posterior and choice from the rebuilt observation
(``inference.p_over``, ``CoachBot``). Nothing a file says about the coach is trusted.

>>> cards_text((10, 3, 7)), cards_of("3 7 10"), cards_of("")
('3 7 10', (3, 7, 10), ())
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Optional

from cardlib.core.class_files import Both, Seat, Text, Whole
from cardlib.core.classroom import mean_se, rate_se
from cardlib.decks.pairs import PAIRS_DECK, pair_count
from cardlib.twentyfive.actions import DRAW, PASS, Draw, Pass
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.seen import TARGET, Observation, RoundResult

SEATS = 4  # field columns field_0 .. field_3; a 3-player table leaves field_3 empty

COLUMNS: dict[str, type] = {
    "choice": str,          # draw, pass, or none (a round with no draw or pass of yours)
    "could_pass": bool,     # a pass was allowed (someone had drawn this round)
    "could_draw": bool,     # a draw was allowed (the draw pile was not empty)
    "cards_in_play": int,   # every hand and field card, as the header shows it
    "seen_pairs": int,      # the pairs among the cards you saw (your hand and every field card)
    "hand": str,            # your hand, e.g. "3 7 9"
    **{f"field_{seat}": str for seat in range(SEATS)},  # each seat's field cards, in the order revealed
    "pile": int,            # cards left in the draw pile
    "last_drawer": int,     # the seat that drew last (-1: nobody yet): it takes pairs - 25 on a good pass
    "passer": int,          # how the round came out: who passed,
    "passed": int,          # who had drawn last,
    "round_cards": int,     # the cards in play at the pass,
    "round_pairs": int,     # the pairs among them,
    "outcome": str,         # over, exactly or under 25,
    "points": int,          # and your points for the round
}

REAL = ("draw", "pass")
DECK_SIZE = 55   # the Pairs deck: one 1, two 2s, ..., ten 10s
MOST_PAIRS = 165  # every pair of the whole deck: the sum of C(n, 2) for n = 1..10


def pairs_cards(text: str, row: Any) -> Optional[str]:
    """Why ``text`` is not cards of the Pairs deck (numbers 1 to 10, at most n of each n), or None.

    >>> pairs_cards("3 7 9", {}), pairs_cards("99 99 99", {}), pairs_cards("1 1", {})
    (None, "'99' is not a card of the Pairs deck (1 to 10)", 'more 1s than the deck has (1)')
    """
    cards = text.split()
    for card in cards:
        if card not in {str(n) for n in range(1, 11)}:
            return f"{card[:20]!r} is not a card of the Pairs deck (1 to 10)"
    for number in range(1, 11):
        if cards.count(str(number)) > number:
            return f"more {number}s than the deck has ({number})"
    return None


def seen_cards(column: str) -> Any:
    """The check of a hand or a field: Pairs cards, and with the hand and the fields before it no more
    of a number than the deck has; a field of a seat the table does not have stays empty."""
    def check(text: str, row: Any) -> Optional[str]:
        if column.startswith("field_") and int(column[6:]) >= row["players"] and text.strip():
            return f"a field for seat {column[6:]} at a table of {row['players']}"
        before = [row[name] for name in ("hand", *(f"field_{s}" for s in range(SEATS))) if name in row]
        return pairs_cards(" ".join([*before, text]), row)
    return check


VALUES: dict[str, Any] = {
    "players": Whole(3, 4),
    "choice": Text(choices=("draw", "pass", "none")),
    "cards_in_play": Whole(0, DECK_SIZE),
    "seen_pairs": Whole(0, MOST_PAIRS),
    "hand": Text(check=seen_cards("hand"), required=True),
    **{f"field_{seat}": Text(check=seen_cards(f"field_{seat}")) for seat in range(SEATS)},
    "pile": Both(Whole(0, DECK_SIZE), lambda pile, row: None if pile + row["cards_in_play"] == DECK_SIZE else
                 f"{pile} cards in the pile and {row['cards_in_play']} in play make not the deck's {DECK_SIZE}"),
    "last_drawer": Seat(blank=-1),
    "passer": Seat(),
    "passed": Seat(),
    "round_cards": Whole(0, DECK_SIZE),
    "round_pairs": Whole(0, MOST_PAIRS),
    "outcome": Text(choices=("over", "exactly", "under")),
    "points": Whole(-1000, 1000),
}


def cards_text(cards: Any) -> str:
    """Cards as the digest writes them, sorted, joined by spaces ("" for none)."""
    return " ".join(str(card) for card in sorted(cards))


def cards_of(text: str) -> tuple[int, ...]:
    """The cards of a ``cards_text`` (or of a field, in its order)."""
    return tuple(int(card) for card in str(text).split())


def outcome_of(pairs: int) -> str:
    """over, exactly or under 25: how a pass with ``pairs`` in play comes out.

    >>> [outcome_of(p) for p in (24, 25, 26)]
    ['under', 'exactly', 'over']
    """
    return "over" if pairs > TARGET else "exactly" if pairs == TARGET else "under"


def _table_columns(seat: int, hand: Any, fields: Any, cards: int, pile: int, last_drawer: Optional[int]) -> dict:
    seen = list(hand) + [card for field in fields for card in field]
    row = {"cards_in_play": cards, "seen_pairs": pair_count(seen), "hand": cards_text(hand)}
    row.update({f"field_{s}": " ".join(map(str, fields[s])) if s < len(fields) else "" for s in range(SEATS)})
    row.update({"pile": pile, "last_drawer": -1 if last_drawer is None else last_drawer})
    return row


def decision_row(obs: Observation, action: Any) -> Optional[dict[str, Any]]:
    """A draw or a pass and what ``obs`` showed as it was made (None for a reveal)."""
    if not isinstance(action, (Draw, Pass)):
        return None
    row = {"choice": str(action), "could_pass": obs.draws > 0 or obs.pile_size == 0, "could_draw": obs.pile_size > 0}
    row.update(_table_columns(obs.seat, obs.hand, obs.fields, obs.cards_in_play, obs.pile_size, obs.last_drawer))
    return row


def round_rows(obs: Observation, done: Optional[RoundResult], decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The round's decisions with how it came out (what every player sees at its end); one ``none`` row if none."""
    done = done if done is not None else obs.rounds[-1]
    cards = done.cards_in_play
    came_out = {"passer": done.passer, "passed": done.passed, "round_cards": len(cards), "round_pairs": done.pairs,
                "outcome": outcome_of(done.pairs), "points": done.points[obs.seat]}
    if not decisions:  # you never drew or passed: the table as the round's end shows it
        decisions = [{"choice": "none", "could_pass": False, "could_draw": False,
                      **_table_columns(obs.seat, done.hands[obs.seat], done.fields, len(cards),
                                       len(PAIRS_DECK) - len(cards), done.passed)}]
    return [{**row, **came_out} for row in decisions]


def sample_students(players: int) -> list[Any]:
    """Students for the sample class files: the exact coach, and counters passing early to late.

    >>> [student.name for student in sample_students(3)]
    ['coach', 'threshold 17', 'threshold 20', 'threshold 22', 'threshold 24']
    """
    return [CoachBot(), ThresholdBot(threshold=17), ThresholdBot(threshold=20), ThresholdBot(threshold=22),
            ThresholdBot(threshold=24)]


# --- the class beside the exact answers ----------------------------------------------------------

def observation_of(row: Any) -> Observation:
    """The student's observation at a draw or pass, rebuilt from its row (what the coach needs).

    At a draw or pass every hand holds one card fewer than was dealt (each draw is followed by a
    reveal), so the hand sizes follow from the table's size.
    """
    players, seat = int(row["players"]), int(row["seat"])
    fields = tuple(cards_of(row[f"field_{s}"]) for s in range(players))
    size = (4 if players == 3 else 3) - 1
    last = int(row["last_drawer"])
    return Observation(seat=seat, players=players, hand=cards_of(row["hand"]), fields=fields,
                       hand_sizes=(size,) * players, pile_size=int(row["pile"]), scores=(0,) * players,
                       current_player=seat, phase="turn", round_number=int(row["round"]), start_player=seat,
                       draws=int(last >= 0), last_drawer=None if last < 0 else last, rounds=(), log=(), result=None)


@lru_cache(maxsize=4096)
def _coach(players: int, seat: int, hand: str, fields: tuple[str, ...], pile: int, last: int) -> tuple[Fraction, str]:
    import random

    from cardlib.twentyfive.beliefs import p_over

    row = {"players": players, "seat": seat, "hand": hand, "pile": pile, "last_drawer": last, "round": 1,
           **{f"field_{s}": cards for s, cards in enumerate(fields)}}
    obs = observation_of(row)
    choice = CoachBot().act(obs, [DRAW, PASS], random.Random(0))  # the coach decides without chance
    return p_over(obs).over, str(choice)


def coach_view(row: Any) -> tuple[Fraction, str]:
    """The coach at a row's draw or pass: its exact P(pairs > 25) from what the student saw, and its choice."""
    fields = tuple(str(row[f"field_{s}"]) for s in range(int(row["players"])))
    return _coach(int(row["players"]), int(row["seat"]), str(row["hand"]), fields, int(row["pile"]),
                  int(row["last_drawer"]))


def real_choices(table: Any) -> Any:
    """The rows where the student could both draw and pass: the decisions worth comparing."""
    keep = table["choice"].isin(REAL) & table["could_pass"].astype(bool) & table["could_draw"].astype(bool)
    return table[keep]


def passes_against_exact(table: Any) -> Any:
    """By cards in play: the class's pass rate (± its SE) beside the exact P(> 25 | cards in play)."""
    import pandas as pd

    from cardlib.twentyfive.analysis import pairs_odds

    rows = []
    for cards, group in real_choices(table).groupby("cards_in_play"):
        passes = int((group["choice"] == "pass").sum())
        rate = passes / len(group)
        exact = pairs_odds(int(cards)).over
        rows.append({"cards_in_play": int(cards), "decisions": len(group), "passes": passes, "pass_rate": rate,
                     "pass_rate_se": rate_se(rate, len(group)), "p_over": exact, "p_over_float": float(exact)})
    columns = ["cards_in_play", "decisions", "passes", "pass_rate", "pass_rate_se", "p_over", "p_over_float"]
    return pd.DataFrame(rows, columns=columns).set_index("cards_in_play")


def coach_decisions(table: Any) -> Any:
    """Each draw or pass the student chose freely, beside the coach's exact P(> 25) and its choice there."""
    choices = real_choices(table)
    keys = ["file", "game_no", "round", "cards_in_play", "seen_pairs", "hand", "choice"]
    out = choices[[key for key in keys if key in choices.columns]].copy()
    views = [coach_view(row) for _, row in choices.iterrows()]
    out["coach_p_over"] = [p for p, _ in views]
    out["coach_p_over_float"] = [float(p) for p, _ in views]
    out["coach_choice"] = [choice for _, choice in views]
    out["agree"] = out["choice"] == out["coach_choice"]
    return out


def passes_against_coach(table: Any) -> Any:
    """By cards in play and overall ("all"): how often the class did what the exact coach would have done."""
    import pandas as pd

    decided = coach_decisions(table)
    rows = []
    groups = [(int(cards), group) for cards, group in decided.groupby("cards_in_play")] + [("all", decided)]
    for cards, group in groups:
        count = len(group)
        agree = int(group["agree"].sum())
        rate = agree / count if count else float("nan")
        rows.append({"cards_in_play": cards, "decisions": count, "agree": agree, "agreement": rate,
                     "agreement_se": rate_se(rate, count),
                     "class_pass_rate": float((group["choice"] == "pass").mean()) if count else float("nan"),
                     "coach_pass_rate": float((group["coach_choice"] == "pass").mean()) if count else float("nan"),
                     "mean_coach_p_over": float(group["coach_p_over_float"].mean()) if count else float("nan")})
    columns = ["cards_in_play", "decisions", "agree", "agreement", "agreement_se", "class_pass_rate",
               "coach_pass_rate", "mean_coach_p_over"]
    return pd.DataFrame(rows, columns=columns).set_index("cards_in_play")


def round_table(table: Any) -> Any:
    """One row a finished round (a file's game and round), with how it came out for the student."""
    keys = ["file", "game_no", "round"]
    rounds = table.drop_duplicates(keys)[keys + ["seat", "passer", "passed", "round_cards", "round_pairs",
                                                 "outcome", "points"]].copy()
    rounds["ended_by"] = [("you passed" if passer == seat else "you drew last" if passed == seat else "others")
                          for seat, passer, passed in zip(rounds["seat"], rounds["passer"], rounds["passed"])]
    return rounds.reset_index(drop=True)


def rounds_came_out(table: Any) -> Any:
    """Rounds by how they ended for the student: pairs at the pass, over/exactly/under shares, points ± SE."""
    import pandas as pd

    rounds = round_table(table)
    rows = []
    for ended, group in [*rounds.groupby("ended_by"), ("all", rounds)]:
        count = len(group)
        row = {"ended_by": ended, "rounds": count, "mean_pairs": float(group["round_pairs"].mean()),
               "mean_cards": float(group["round_cards"].mean())}
        for outcome in ("over", "exactly", "under"):
            row[outcome] = float((group["outcome"] == outcome).mean())
        row.update({"mean_points": float(group["points"].mean()), "mean_points_se": mean_se(group["points"])[1]})
        rows.append(row)
    return pd.DataFrame(rows).set_index("ended_by")


def passes_came_out(table: Any) -> Any:
    """The student's free passes: how often the pairs really were over 25 (± SE), beside the exact
    chance before the pass from the cards in play alone and from the coach's reading of the table."""
    import pandas as pd

    from cardlib.twentyfive.analysis import pairs_odds

    passes = real_choices(table)
    passes = passes[passes["choice"] == "pass"]
    count = len(passes)
    over = int((passes["outcome"] == "over").sum())
    rate = over / count if count else float("nan")
    prior = sum((pairs_odds(int(n)).over for n in passes["cards_in_play"]), Fraction(0))
    coach = sum((coach_view(row)[0] for _, row in passes.iterrows()), Fraction(0))
    row = {"passes": count, "over": over, "over_rate": rate, "over_rate_se": rate_se(rate, count),
           "expected_from_cards_in_play": float(prior / count) if count else float("nan"),
           "expected_from_coach": float(coach / count) if count else float("nan")}
    return pd.DataFrame([row])


def headline(table: Any) -> tuple[Any, Any]:
    """The live dashboard's headline: the pass rate by cards in play beside the exact P(> 25 | cards in play),
    and its plot (a ``matplotlib.figure.Figure``, never pyplot's; None without data)."""
    from matplotlib.figure import Figure

    exact = passes_against_exact(table)
    if not len(exact):
        return exact, None
    figure = Figure(figsize=(7, 3.4), layout="constrained")
    ax = figure.subplots()
    ax.errorbar(exact.index, exact["pass_rate"], yerr=1.96 * exact["pass_rate_se"], fmt="o", capsize=3,
                label="the class's pass rate (95% interval)")
    ax.plot(exact.index, exact["p_over_float"], "s-", label="exact P(> 25 | cards in play)")
    ax.set_xlabel("cards in play"); ax.set_ylabel("probability"); ax.set_ylim(-0.05, 1.05); ax.legend()
    return exact[["decisions", "passes", "pass_rate", "pass_rate_se", "p_over_float"]], figure
