"""Play Discontinuity against bots: an ipywidgets app for Jupyter and Voila.

The app keeps the engine's State to itself and draws only from ``state.observation(human)``
and, on the human's turn, ``state.legal_actions()``: the same observation gives the same
widgets whatever is hidden (the deck order, every joker's face). Bots move by themselves after
each click; with two players the app pauses between the halves so the first half can be read.

>>> app = DiscontinuityApp(seed=1)
>>> app.resume(Game(players=3).new(seed=4))          # the square 9 9 8 / 9 · 7 / 7 9 1
>>> app.button("nothing to take from ②").tooltip
'both show 9: two equal numbers can never be taken together'
>>> app.button("take 7 and 8 from ③").click()
>>> app.state.observation(0).rows[0]
(7, 8)
>>> app.button("Take the joker (once per game)").disabled
False
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Optional

from cardlib.core.errors import RulesError
from cardlib.discontinuity.actions import JOKER, LINES, MARKS, PlaceJoker, Take, TakeJoker
from cardlib.discontinuity.bots import GreedyBot, LookaheadBot
from cardlib.discontinuity.rules import FIRST_HALF, Game, HalfResult, Observation, State, describe_event, places
from cardlib.discontinuity.scoring import JOKER as J
from cardlib.discontinuity.scoring import SAFE_CARD, largest_value, row_penalty
from cardlib.discontinuity.view import (
    joker_costs, line_heading, line_values, place_label, refill_note, result_rows, row_cost, row_html, safe_html,
    signed, square_html, take_label, why_no_take,
)
from cardlib.ui import (
    Control, LogLine, log_html, number, points_text, prompt_html, score_table, seat_box, table_html,
)
from cardlib.ui.app import TableApp, header_html, last_move, ordinal

HELP = """<details class="cl-help"><summary>How to play Discontinuity</summary>
<p>The deck has one 1, two 2s, … ten 10s. Eight cards lie face up in a 3×3 square around the deck.
Its eight <b>lines</b> are marked ①–⑧: columns ① ② ③, rows ④ ⑤ ⑥, diagonals ⑦ ⑧
(② ⑤ ⑦ ⑧ cross the deck, so they hold two cards).</p>
<p>On your turn take <b>two cards of different numbers from one line</b> (two equal numbers can never
be taken together), or, <b>once per game</b>, the deck's top card face down as your <b>joker</b>.
The square is refilled from the deck; the game ends when the deck runs out.</p>
<p>Cards you take go into your <b>row</b>. Two of one number go at once into your <b>safe</b> (金庫,
<i>kinko</i>): <b>+2 a card</b>. Every card left in your row costs its value, but in a run of three or more
consecutive values only the <b>lowest</b> counts (framed: "counts only …"). <b>Highest total wins</b>; a tie
goes to the largest value in the row.</p>
<p>The <b>joker</b> (gold) sits right of a number card in your row and counts that number + 1 (alone: 11);
you choose its place at the end of each of your turns. Nobody ever sees the card under it.</p>
<p>Two players play two halves of the deck (28 then 27 cards), the other player starting the second;
the halves add up. "2 players (one full game)" in the Players menu plays the whole deck as one game instead
(not on the rule sheet).</p></details>"""

# The "Players" menu; two players may also play the whole deck as one game (not on the sheet).
TABLES = [("2 players (two halves)", Game(players=2, halves=True)),
          ("2 players (one full game)", Game(players=2, halves=False)),
          ("3 players", Game(players=3)), ("4 players", Game(players=4))]
JOKER_LABEL = "Take the joker (once per game)"
JOKER_USED = "You took your joker already: once per game"
NEXT_HALF = "Play the second half"


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: a lookahead player, a greedy one, another lookahead player."""
    return [LookaheadBot(), GreedyBot(), LookaheadBot()][:players - 1]


class DiscontinuityApp(TableApp):
    """You against one to three bots at Discontinuity; a seeded app plays the same deals and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game (two players: two
    halves, or one full game); the game in progress goes on. The constructor's ``players`` and
    ``halves`` preselect it; its ``opponents`` and ``human`` seat play whenever the table has
    that many players, other sizes get the default bots (and seat 0 if your seat is not there).

    >>> app = DiscontinuityApp(players=2, halves=False, seed=3)
    >>> app.players_choice.label
    '2 players (one full game)'
    >>> app.players_choice.label = "4 players"
    >>> app.button("New game").click()
    >>> app.state.game, sorted(app.opponents)
    (Game(players=4, start_player=0, halves=False), [1, 2, 3])
    """

    def __init__(self, players: int = 3, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, halves: Optional[bool] = None) -> None:
        game = Game(players=players, halves=halves)  # RulesError for options the rules do not allow
        super().__init__(game, human, opponents, seed, default_opponents=default_opponents, tables=TABLES,
                         help_html=HELP, scores_title="Scoreboard (highest total wins)")

    def resume(self, state: State, *, halves_read: Optional[int] = None) -> None:
        """Continue from a given position (a lesson's stacked deal, say) and show it.

        ``halves_read`` is how many finished halves count as already read (default: all).
        """
        if state.game != self._game:
            raise RulesError(f"this app plays {self._game}, the state is of {state.game}")
        self._resume(state, halves_read)

    def _finished(self, obs: Observation) -> Sequence[HalfResult]:
        return obs.halves

    # -- drawing: from the human's observation only --

    def render(self) -> None:
        """Draw the whole app from what the human may see."""
        obs = self._state.observation(self._human)
        done = self._pending(obs)
        mine = done is None and obs.current_player == self._human
        legal = self._state.legal_actions() if mine else []
        self.show(header=self._header_html(obs, done), table=self._table_html(obs),
                  result=self._result_html(obs, done), prompt=self._prompt_html(obs, done, legal),
                  controls=self._controls_for(obs, done, legal), log=log_html(self._log_lines(obs)),
                  scores=self._scoreboard(obs))

    def _header_html(self, obs: Observation, done: Optional[HalfResult]) -> str:
        moment = f"{self._games}.{len(obs.log)}.{obs.phase}.{self._parts_read}"
        half = ""
        if obs.half:
            cards = FIRST_HALF if obs.half == 1 else 55 - FIRST_HALF
            half = f" · Half <b>{obs.half}</b> of 2 ({cards} cards)"
        facts = f"Game {self._games}{half} · Deck <b>{obs.deck_size}</b> cards"
        if done is not None:
            facts = f"Game {self._games} · The first half is over"
        elif obs.phase == "over":
            facts = f"Game {self._games} is over"
        return header_html("Discontinuity", moment, facts)

    def _seat_html(self, obs: Observation, seat: int) -> str:
        row, safe = obs.rows[seat], obs.safe_sizes[seat]
        to_place = obs.joker_to_place == seat  # off the row: it counts nothing until it is placed
        badges = [("to play", True)] if obs.current_player == seat else []
        if to_place:
            badges.append(("joker in hand: to place", True))
        else:
            unused = "no joker taken" if obs.phase == "over" else "joker not taken yet"
            badges.append(("joker taken" if obs.jokers_used[seat] else unused, False))
        agent = self._agents.get(seat)
        subtitle = f"bot · {getattr(agent, 'name', type(agent).__name__)}" if agent is not None else ""
        note = "from the worst to the best place of the joker, still to be placed" if to_place else ""
        return seat_box(
            seat, self._names[seat], subtitle=subtitle, points=obs.score_range(seat), points_note=note,
            badges=badges, you=seat == self._human, turn=obs.current_player == seat,
            rows=[("Row", row_html(row, joker_to_place=to_place) + row_cost(row, joker_to_place=to_place),
                   "cl-row-cards"),
                  ("Safe", safe_html(safe), "cl-safe")])

    def _table_html(self, obs: Observation) -> str:
        boxes = {seat: self._seat_html(obs, seat) for seat in range(obs.players)}
        # Decision: the joker is placed at the end of the turn, after taking; the refill comes after it
        return table_html([boxes[seat] for seat in self._agents], boxes[self._human],
                          centre=square_html(obs.square, obs.deck_size, refill_pending=obs.phase == "place"))

    def _result_html(self, obs: Observation, done: Optional[HalfResult]) -> str:
        names = [self._names[s] for s in range(obs.players)]
        if done is not None:
            return ('<div class="cl-panel cl-result"><h4>The first half is over. Each row and safe:</h4>'
                    f"{result_rows(names, done.rows, done.scores)}"
                    "<div>The second half starts from 0 with the other 27 cards; both may take a joker again. "
                    "The halves add up.</div></div>")
        if obs.phase != "over":
            return ""
        largest = [largest_value(row) for row in obs.rows]
        final = places(obs.scores, largest)
        heads = ["Largest", "Place"]
        extra = [[str(largest[s]), f"<b>{ordinal(final[s])}</b>"] for s in range(obs.players)]
        points = [obs.scores[s] - sum(h.scores[s] for h in obs.halves) for s in range(obs.players)]
        if obs.halves:
            heads = ["Half 1", "Total", *heads]
            extra = [[signed(obs.halves[0].scores[s]), f"<b>{number(obs.scores[s])}</b>", *extra[s]]
                     for s in range(obs.players)]
        title = "Game over. The second half's rows and safes:" if obs.halves else "Game over. Each row and safe:"
        return (f'<div class="cl-panel cl-result"><h4>{title}</h4>{result_rows(names, obs.rows, points, extra, heads)}'
                f'<div class="cl-verdict">{escape(self._tie_words(obs, largest, final))}</div></div>')

    def _tie_words(self, obs: Observation, largest: Sequence[int], final: Sequence[int]) -> str:
        """What decided the places: the totals, and the largest value in the row where they tie."""
        words = "Highest total wins."
        for total in sorted(set(obs.scores), reverse=True):
            tied = [s for s in range(obs.players) if obs.scores[s] == total]
            if len(tied) > 1:
                who = ", ".join(f"{self._names[s]} {largest[s]}" for s in tied)
                shared = len({final[s] for s in tied}) < len(tied)
                names = " and ".join(self._names[s] for s in tied)
                words += (f" {names} tie on {number(total)}: the largest value in the "
                          f"{'last ' if obs.halves else ''}row decides ({who})"
                          + ("; still tied, they share the place." if shared else "."))
        return words

    def _prompt_html(self, obs: Observation, done: Optional[HalfResult], legal: list) -> str:
        if done is not None:
            return prompt_html("The first half is over. Read the rows above, then play the second half.",
                               f"{self._does(obs.start_player, 'start')} the second half.", waiting=True)
        if obs.phase == "over":
            largest = [largest_value(row) for row in obs.rows]
            final = places(obs.scores, largest)
            headline, standing = self._final_words(final, [number(p) for p in obs.scores], "You come last.")
            return prompt_html(f"Game over. {headline}", f"Places: {standing}. Press New game to play again.")
        if obs.current_player != self._human:
            return prompt_html(f"Waiting for {self._names[obs.current_player]}.", waiting=True)
        if obs.phase == "place":
            return self._place_prompt(obs)
        joker = (", or once per game the joker." if JOKER in legal else " (your joker is used).")
        return prompt_html(f"Your turn: take two different numbers from one line{joker}",
                           "Pairs go to your safe: +2 a card. Cards left in your row cost their value; "
                           "a run of three or more costs only its lowest card.")

    def _place_prompt(self, obs: Observation) -> str:
        """The prompt of the joker's place: where it is now, what it counts until then, what comes after."""
        row, seat = obs.row, self._human
        if obs.joker_to_place == seat:
            low, high = obs.score_range(seat)
            now = (f"Until it is placed your joker counts nothing, so your points read {points_text((low, high))}: "
                   "the worst and the best place. " if low != high else "")
        else:
            anchor = row[row.index(J) - 1]
            now = f"It stands right of {anchor} now: keep it there or move it. "
        refill = refill_note(obs.square, obs.deck_size)
        return prompt_html("Place your joker: right of one of your number cards, where it counts that number + 1.",
                           f"{now}Each button shows what your row would then cost and your points. "
                           + (f"{refill} " if refill else "")
                           + "You choose again at the end of each of your turns.")

    def _controls_for(self, obs: Observation, done: Optional[HalfResult], legal: list) -> list[Control]:
        if done is not None:
            return [Control(NEXT_HALF, self._play_on, "Deal the second half", style="primary")]
        if obs.phase == "over":
            return [self._play_again()]
        if not legal:
            return []
        if isinstance(legal[0], PlaceJoker):
            heading = "<b>Your joker</b>: put it right of"
            banked = sum(half.scores[self._human] for half in obs.halves)  # the seats show totals: so do the buttons
            return [Control(place_label(a, obs.row, obs.safe_sizes[self._human], banked), lambda a=a: self._act(a),
                            f"The joker counts {a.anchor + 1}", style="primary", group=heading) for a in legal]
        controls = []
        for line in LINES:
            values = line_values(obs.square, line)
            takes = [a for a in legal if isinstance(a, Take) and a.line == line]
            if takes:
                controls += [Control(take_label(a, obs.square), lambda a=a: self._act(a), str(a), style="info",
                                     group=line_heading(line, values)) for a in takes]
            else:
                reason = why_no_take(values)
                refused = Take(line, values[0], values[-1])  # a click gets the engine's own refusal
                controls.append(Control(f"nothing to take from {MARKS[line]}", lambda a=refused: self._act(a),
                                        reason, disabled=True, group=line_heading(line, values, reason)))
        used = JOKER not in legal
        controls.append(Control(JOKER_LABEL, lambda: self._act(TakeJoker()),
                                JOKER_USED if used else "The deck's top card, face down: nobody sees it. "
                                "It counts your two cards for this turn.",
                                disabled=used, style="warning",
                                group="<b>Or the joker</b>" + (": used" if used else ": the deck's top card")))
        return controls

    def _log_lines(self, obs: Observation) -> list[LogLine]:
        last_mine = last_move(obs.log, self._human, ("take", "joker", "place"))
        lines = []
        for i, (kind, seat, value) in enumerate(obs.log):
            if kind == "deal":
                half = f" for half {value}" if value else ""
                text = f"Cards dealt{half}: {self._does(seat, 'start', inside=True)}."
            elif kind == "take":
                text = f"{self._does(seat, 'take')} {value.a} and {value.b} from line {MARKS[value.line]}."
            elif kind == "joker":
                text = f"{self._does(seat, 'take')} the joker (the deck's top card, face down)."
            elif kind == "safe":
                text = f"{self._does(seat, 'put')} a pair of {value}s in the safe (+{2 * SAFE_CARD})."
            elif kind == "place":
                where = f"right of {value} (= {value + 1})" if value else "alone (= 11)"
                text = f"{self._does(seat, 'put')} the joker {where}."
            elif kind == "half":
                text = "First half over: " + ", ".join(f"{self._names[s]} {signed(p)}" for s, p in enumerate(value)) + "."
            elif kind == "over":
                totals = ", ".join(f"{self._names[s]} {number(p)}" for s, p in enumerate(value.scores))
                text = f"Game over: {totals}."
            else:
                text = describe_event((kind, seat, value))
            lines.append(LogLine(text, "head" if kind in ("deal", "half", "over") else "new" if i > last_mine else ""))
        return lines

    def _scoreboard(self, obs: Observation) -> str:
        names = [self._names[s] for s in range(obs.players)]
        now = f"Half {obs.half}: " if obs.half else ""
        lines = [(f"Half {n}", (), h.scores) for n, h in enumerate(obs.halves, start=1)]
        rows: list = [-row_penalty(row) for row in obs.rows]
        waiting = obs.joker_to_place
        if waiting is not None:  # what the row gives depends on where its joker goes
            low, high = joker_costs(obs.rows[waiting])
            rows[waiting] = (-high, -low)
        lines += [(f"{now}safe", (), [SAFE_CARD * n for n in obs.safe_sizes]), (f"{now}row", (), rows)]
        totals = [obs.score_range(seat) for seat in range(obs.players)]
        return score_table(names, lines, totals, signed=True, first="")
