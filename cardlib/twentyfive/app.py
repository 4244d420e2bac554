"""Play Twenty-five against bots: an ipywidgets app for Jupyter and Voila.

The app keeps the engine's State to itself and draws only from ``state.observation(human)``
and, on the human's turn, ``state.legal_actions()``: the same observation gives the same
widgets whatever the hidden cards are. Bots move by themselves after each click; the app
pauses at the end of every round so the count of pairs can be read before the next deal.

>>> from cardlib.decks.pairs import PAIRS_DECK
>>> app = TwentyFiveApp(opponents=[ThresholdBot(22), ThresholdBot(22)], seed=1)
>>> app.resume(Game(players=3).new(deck=sorted(PAIRS_DECK, reverse=True)))   # a stacked deal
>>> [button.description for button in app.action_buttons]
['Draw', 'Pass']
>>> app.button("Pass").disabled          # nobody may pass on a round's first turn
True
>>> app.button("Draw").click()
>>> app.button("Pass").disabled
False
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any, Optional

from cardlib.core.errors import RulesError
from cardlib.decks.pairs import pairs_of
from cardlib.core.protocol import places_from_scores
from cardlib.twentyfive.bots import CoachBot, ThresholdBot
from cardlib.twentyfive.coach_view import NO_EARLY_PASS, coach_panel
from cardlib.twentyfive.rules import (
    DRAW, FIVE, PASS, TARGET, Game, Observation, Reveal, RoundResult, State, describe_event,
)
from cardlib.ui import (
    Control, LogLine, back_row, card_row, log_html, prompt_html, score_table, seat_box, table_html,
)
from cardlib.ui.app import TableApp, header_html, last_move
from cardlib.ui.app import ordinal as ordinal  # a place's word, as the game-over line shows it

HELP = """<details class="cl-help"><summary>How to play Twenty-five</summary>
<p>The deck has one 1, two 2s, … ten 10s. <b>In play</b> are every hand and every face-up field card
(場札, <i>bafuda</i>). Two cards of the same number make a pair; n cards of one number make n(n−1)/2 pairs.</p>
<p>On your turn, <b>draw</b> a card and then put one card face up: your highest, or a 5 if you hold one.
Or <b>pass</b>: you bet that the pairs in play now exceed 25. Passing ends the round and every hand is shown.</p>
<p>Fewer than 25 pairs: the passer takes 10 points. More than 25: the player who drew last takes
(pairs − 25). Exactly 25: everyone but the passer takes 10. <b>Points are bad</b>: once someone has more
than 25, the game ends and the lowest total wins.</p>
<p>Cards outlined in orange were revealed since your last move; the log's bold lines say the same.</p></details>"""

TABLES = [(f"{n} players", Game(players=n)) for n in (3, 4)]  # the "Players" menu
COACH_TIP = "The coach shows what you can count from the cards you see"
EMPTY_PILE = "The draw pile is empty: the only move left is to pass"


def default_opponents(players: int) -> list[Any]:
    """The bots you meet by default: the exact coach, then players who pass at 22 and at 20 cards in play.

    None of them passes at random, so a round lasts until someone judges the pairs are there
    and your own draws and passes decide the game.

    >>> default_opponents(4)
    [CoachBot(model='informed'), ThresholdBot(threshold=22), ThresholdBot(threshold=20)]
    """
    return [CoachBot(), ThresholdBot(threshold=22), ThresholdBot(threshold=20)][:players - 1]


def bot_label(agent: Any) -> str:
    """What a seat box says about the bot in it: how it decides to pass, in plain words.

    >>> bot_label(ThresholdBot(threshold=22))
    'bot · passes once 22 cards are in play'
    >>> bot_label(CoachBot())
    'bot · the coach: passes when the exact odds favour it'
    """
    if type(agent) is CoachBot:
        odds = "exact odds" if agent.model == "informed" else f"{agent.model} odds"
        return f"bot · the coach: passes when the {odds} favour it"
    if type(agent) is ThresholdBot:
        fives = ", reveals a 5 when it can" if agent.reveal_five else ""
        return f"bot · passes once {agent.threshold} cards are in play{fives}"
    return f"bot · {getattr(agent, 'name', type(agent).__name__)}"


def pair_lines(cards: Sequence[int]) -> list[str]:
    """The pairs among ``cards``, counted number by number, highest first.

    >>> pair_lines([10, 10, 10, 10, 10, 3, 3, 1])
    ['10 ×5 → 10 pairs', '3 ×2 → 1 pair']
    """
    counts = Counter(cards)
    lines = []
    for number in sorted(counts, reverse=True):
        pairs = pairs_of(counts[number])
        if pairs:
            lines.append(f"{number} ×{counts[number]} → {pairs} pair{'' if pairs == 1 else 's'}")
    return lines


class TwentyFiveApp(TableApp):
    """You against two or three bots at Twenty-five; a seeded app plays the same deals and bot moves.

    The "Players" menu beside "New game" chooses the table of the next game; the game in
    progress goes on. The constructor's ``players`` preselects it; its ``opponents`` and
    ``human`` seat play whenever the table has that size, other sizes get the default bots
    (and seat 0 if your seat is not at the smaller table).

    >>> app = TwentyFiveApp(seed=3)
    >>> app.players_choice.label = "4 players"
    >>> app.state.game.players, app.table_hint
    (3, 'for the next game: press')
    >>> app.button("New game").click()
    >>> app.state.game.players, sorted(app.opponents), app.table_hint
    (4, [1, 2, 3], '')
    """

    def __init__(self, players: int = 3, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None) -> None:
        game = Game(players=players)  # RulesError for a player count the rules do not allow
        super().__init__(game, human, opponents, seed, default_opponents=default_opponents, tables=TABLES,
                         help_html=HELP, coach_tooltip=COACH_TIP)

    def resume(self, state: State, *, rounds_read: Optional[int] = None) -> None:
        """Continue from a given position (a lesson's stacked deal, say) and show it.

        ``rounds_read`` is how many finished rounds count as already read (default: all); with
        fewer, the table stops on the count of the first unread round.
        """
        if state.game.players != self._game.players:
            raise RulesError(f"this app seats {self._game.players} players, the state has {state.game.players}")
        self._resume(state, rounds_read)

    def _finished(self, obs: Observation) -> Sequence[RoundResult]:
        return obs.rounds

    def _pending(self, obs: Observation) -> Optional[RoundResult]:
        """The finished round the human has not yet read (the last round once the game is over)."""
        return obs.rounds[-1] if obs.phase == "over" else super()._pending(obs)

    # -- drawing: from the human's observation only --

    def render(self) -> None:
        """Draw the whole app from what the human may see."""
        obs = self._state.observation(self._human)
        done = self._pending(obs)
        legal = self._state.legal_actions() if done is None and obs.current_player == self._human else []
        self.show(header=self._header_html(obs, done), table=self._seats_html(obs, done),
                  result=self._result_html(done) if done else "", prompt=self._prompt_text(obs, done, legal),
                  controls=self._controls_for(obs, done, legal), log=log_html(self._log_lines(obs, done)),
                  scores=self._scoreboard(obs), coach=self._coach_html(obs, done))

    def _header_html(self, obs: Observation, done: Optional[RoundResult]) -> str:
        moment = f"{self._games}.{obs.round_number}.{len(obs.log)}.{self._parts_read}"
        if done is not None:
            facts = f"Game {self._games} · Round {done.number} is over"
        else:
            facts = (f"Game {self._games} · Round {obs.round_number} · Draw pile <b>{obs.pile_size}</b> cards"
                     f" · Cards in play <b>{obs.cards_in_play}</b>")
        return header_html("Twenty-five", moment, facts)

    def _fresh_reveals(self, obs: Observation) -> Counter:
        """How many field cards each seat revealed since your last move (they get a highlight)."""
        fresh: Counter = Counter()
        for kind, seat, _ in reversed(obs.log):
            if kind == "round" or (seat == self._human and kind in ("draw", "pass", "reveal")):
                break
            if kind == "reveal":
                fresh[seat] += 1
        return fresh

    def _seats_html(self, obs: Observation, done: Optional[RoundResult]) -> str:
        fresh = self._fresh_reveals(obs) if done is None else Counter()
        boxes = {}
        for seat in range(obs.players):
            badges = []
            if done is None:
                if obs.current_player == seat:
                    badges.append(("to play", True))
                if obs.start_player == seat:
                    badges.append(("started", False))
                if obs.last_drawer == seat:
                    badges.append(("drew last", False))
                hand = (card_row(obs.hand, empty="no cards") if seat == self._human
                        else back_row(obs.hand_sizes[seat], empty="no cards"))
                field = card_row(obs.fields[seat], empty="no field cards yet", fresh=fresh[seat])
            else:  # the round is over: every hand is shown
                badges += [("passed", True)] if seat == done.passer else []
                badges += [("drew last", False)] if seat == done.passed else []
                hand = card_row(done.hands[seat], empty="no cards")
                field = card_row(done.fields[seat], empty="no field cards")
            agent = self._agents.get(seat)
            bot = bot_label(agent) if agent is not None else ""
            boxes[seat] = seat_box(
                seat, self._names[seat], subtitle=bot,
                points=obs.scores[seat], badges=badges, you=seat == self._human,
                turn=done is None and obs.current_player == seat,
                rows=[(f"Hand ({obs.hand_sizes[seat] if done is None else len(done.hands[seat])})", hand, "cl-hand"),
                      ("Field", field, "cl-field")])
        others = [boxes[seat] for seat in self._agents]
        return table_html(others, boxes[self._human])

    def _result_html(self, done: RoundResult) -> str:
        cards = done.cards_in_play
        lines = "".join(f"<tr><td>{escape(line)}</td></tr>" for line in pair_lines(cards))
        singles = sorted(n for n, c in Counter(cards).items() if c == 1)
        single_note = (f"<div>One card only, no pair: {', '.join(map(str, singles))}.</div>" if singles else "")
        sums = " + ".join(str(pairs_of(c)) for n, c in sorted(Counter(cards).items(), reverse=True) if c > 1)
        passer, passed, pairs = self._name(done.passer, inside=True), self._name(done.passed, inside=True), done.pairs
        if pairs < TARGET:
            verdict = (f"{pairs} is fewer than 25: {passer} passed too early and "
                       f"{'take' if done.passer == self._human else 'takes'} 10 points.")
        elif pairs > TARGET:
            verdict = (f"{pairs} is more than 25: {passer} passed in time, so {passed}, the last to draw, "
                       f"{'take' if done.passed == self._human else 'takes'} {pairs} − 25 = {pairs - TARGET} points.")
        else:
            verdict = f"Exactly 25: everyone except {passer} takes 10 points."
        return (f'<div class="cl-panel cl-result"><h4>Round {done.number}: {escape(self._name(done.passer))} passed.'
                f" Every card in play, counted number by number:</h4>"
                f'<table class="cl-count">{lines}</table>{single_note}'
                f"<div>Total: {sums or '0'} = <b>{pairs} pairs</b> among {len(cards)} cards in play.</div>"
                f'<div class="cl-verdict">{escape(verdict)}</div></div>')

    def _prompt_text(self, obs: Observation, done: Optional[RoundResult], legal: list) -> str:
        if obs.phase == "over":
            places = places_from_scores(obs.scores, lower_is_better=True)
            headline, standing = self._final_words(places, [str(p) for p in obs.scores],
                                                   "You lose: the highest total loses.")
            return prompt_html(f"Game over after {len(obs.rounds)} rounds. {headline}",
                               f"Places (lowest total wins): {standing}. Press New game to play again.")
        if done is not None:
            return prompt_html(f"Round {done.number} is over. Read the count above, then deal the next round.",
                               f"{self._does(done.passer, 'start')} the next round (the passer always does).",
                               waiting=True)
        if obs.current_player != self._human:
            return prompt_html(f"Waiting for {self._name(obs.current_player)}.", waiting=True)
        if obs.phase == "reveal":
            high = max(obs.hand)
            when = "You drew a card. Now put" if obs.draws else "Opening reveal — put"
            return prompt_html(f"{when} one card face up: your highest ({high}) or your 5.",
                               "Revealing a 5 hides how high your hand is; any other reveal tells everyone "
                               "it was your highest card.")
        if PASS not in legal:
            return prompt_html("Your turn: the round's first turn, so you must draw.", NO_EARLY_PASS + ".")
        if DRAW not in legal:
            return prompt_html("Your turn: " + EMPTY_PILE + ".")
        return prompt_html(
            "Your turn: draw a card, or pass if you think the pairs in play now exceed 25.",
            f"If you pass: fewer than 25 pairs, you take 10; more than 25, {self._name(obs.last_drawer)} "
            f"(who drew last) takes the excess over 25; exactly 25, everyone else takes 10.")

    def _controls_for(self, obs: Observation, done: Optional[RoundResult], legal: list) -> list[Control]:
        if obs.phase == "over":
            return [self._play_again()]
        if done is not None:
            return [Control("Next round", self._play_on, "Deal the next round", style="primary")]
        if not legal:
            return []
        if isinstance(legal[0], Reveal):
            high = max(obs.hand)
            return [Control(f"Reveal {a.value}" + (" (highest)" if a.value == high else ""),
                            lambda a=a: self._act(a),
                            "Your highest card" if a.value == high else f"Your {FIVE}: allowed instead of the highest",
                            style="primary")
                    for a in legal]
        return [Control("Draw", lambda: self._act(DRAW), EMPTY_PILE if DRAW not in legal else
                        "Take the top card of the draw pile, then reveal a card", DRAW not in legal, "primary"),
                Control("Pass", lambda: self._act(PASS), NO_EARLY_PASS if PASS not in legal else
                        "Bet that the pairs in play now exceed 25 (ends the round)", PASS not in legal, "warning")]

    def _log_lines(self, obs: Observation, done: Optional[RoundResult]) -> list[LogLine]:
        events = obs.log
        if done is not None:  # stop at the finished round: the next deal shows after "Next round"
            end = next(i for i, event in enumerate(events) if event[0] == "scored" and event[2] == done)
            events = events[:end + 1 + (end + 1 < len(events) and events[end + 1][0] == "over")]
        last_mine = last_move(events, self._human, ("draw", "pass", "reveal"))
        lines, i = [], 0
        while i < len(events):
            kind, seat, value = events[i]
            step = 1
            if kind == "round":
                text = f"Round {value} — cards dealt, {self._does(seat, 'start', inside=True)}."
            elif kind == "draw" and i + 1 < len(events) and events[i + 1][:2] == ("reveal", seat):
                text = f"{self._does(seat, 'draw')} and reveal{'' if seat == self._human else 's'} {events[i + 1][2]}."
                step = 2
            elif kind == "draw":
                text = f"{self._does(seat, 'draw')}."
            elif kind == "reveal":
                text = f"{self._does(seat, 'reveal')} {value}."
            elif kind == "pass":
                text = f"{self._does(seat, 'pass')}: betting the pairs exceed 25."
            elif kind == "scored":
                points = ", ".join(f"{self._names[s]} +{p}" for s, p in enumerate(value.points) if p)
                text = f"Round {value.number} over: {value.pairs} pairs in play; {points or 'no points'}."
            elif kind == "over":
                text = "Game over."
            else:
                text = describe_event(events[i])
            lines.append(LogLine(text, "head" if kind == "round" else "new" if i > last_mine else ""))
            i += step
        return lines

    def _scoreboard(self, obs: Observation) -> str:
        rounds = [(str(r.number), (self._names[r.passer], r.pairs), r.points) for r in obs.rounds]
        return score_table([self._names[s] for s in range(obs.players)], rounds, obs.scores, ("Passer", "Pairs"))

    def _coach_html(self, obs: Observation, done: Optional[RoundResult]) -> str:
        """The coach's panel, from ``obs`` alone: empty while closed (nothing is computed then)."""
        if not self.coach_open:
            return ""
        if done is not None:
            return ('<div class="cl-panel"><h4>Coach</h4><div>The round is over: every card is on the table. '
                    "Check the count above.</div></div>")
        return coach_panel(obs, self._names)

    def _on_coach_toggle(self, change: dict) -> None:
        """The toggle opened or closed the coach: draw its panel for the table as it is now."""
        super()._on_coach_toggle(change)
        obs = self._state.observation(self._human)
        try:  # not through _run: opening the coach must not wipe the message about the last click
            self._coach.value = self._coach_html(obs, self._pending(obs))
        except Exception as error:  # an app never shows a traceback
            self.show_message(f"The coach could not count this position ({type(error).__name__}: {error}).")
