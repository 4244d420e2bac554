"""The app of the kit's example game (Kuhn poker, ``cardlib.core.example``): a game's ``app.py``
and ``view.py`` in one small file, as the template for a new game's app.

A game's app is a ``TableApp`` that sets a few class attributes and writes the hooks; everything
else (seats, seeds, bots moving by themselves, the log, "New game", refused clicks) is the kit's.

>>> app = KuhnApp(seed=1)
>>> [button.description for button in app.action_buttons]
['Check', 'Bet 1']
>>> [button.description for button in KuhnApp(seed=1, lang="ja").action_buttons]
['チェック', 'ベット1']
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from cardlib.core.agents import RandomAgent
from cardlib.core.example import BET, CARDS, Game, Observation
from cardlib.ui.app import TableApp
from cardlib.ui.cards import back_row, card_face, card_row
from cardlib.ui.frame import Control
from cardlib.ui.narration import Names
from cardlib.ui.table import prompt_html, score_table, seat_box, table_html

HELP = """<details class="cl-help"><summary>How to play Kuhn poker</summary>
<p>Three cards, J &lt; Q &lt; K. Each player puts 1 chip in the pot and gets one card. Check or bet 1;
facing a bet, call or fold. At the showdown the higher card takes the pot.</p></details>"""
WORDS = {"check": "Check", "bet": "Bet 1", "call": "Call", "fold": "Fold"}
WORDS_JA = {"Kuhn poker": "クーン・ポーカー", "Check": "チェック", "Bet 1": "ベット1", "Call": "コール",
            "Fold": "フォールド", "Card": "カード", "2 players": "2人"}
COLOURS = {"J": "#2874a6", "Q": "#7d3c98", "K": "#c0392b"}


def kuhn_face(card: str, *, fresh: bool = False) -> str:
    """A Kuhn poker card: its letter in its own colour (a view draws its game's cards)."""
    return card_face(card, style=f"--cl-c: {COLOURS[card]}", fresh=fresh)


def narrate(events: Sequence[tuple], names: Names = Names()) -> list[tuple[int, str]]:
    """The betting in words: (index of the event, sentence).

    >>> narrate([("bet", 0, None), ("fold", 1, None)])
    [(0, 'Player 0 bets 1.'), (1, 'Player 1 folds.')]
    """
    said = {"check": "check", "bet": "bet", "call": "call", "fold": "fold"}
    return [(i, f"{names.does(seat, said[kind])}{' 1' if kind == 'bet' else ''}.")
            for i, (kind, seat, _) in enumerate(events)]


def default_opponents(players: int) -> list[Any]:
    """A random player: enough to show the kit at work."""
    return [RandomAgent()]


class KuhnApp(TableApp):
    """You against a bot at Kuhn poker, one hand a game."""

    TITLE = "Kuhn poker"
    WORDS_JA = WORDS_JA
    HELP = HELP
    SCORES_TITLE = "Chips (won +, lost −)"
    MY_MOVES = tuple(WORDS)
    LAST_PLACE = "You lose the pot."

    def __init__(self, players: int = 2, human: int = 0, opponents: Optional[Sequence[Any]] = None,
                 seed: Optional[int] = None, lang: str = "en") -> None:
        game = Game(players=players)  # RulesError for any other table
        super().__init__(game, human, opponents, seed, default_opponents=default_opponents,
                         tables=[("2 players", game)], lang=lang)

    def facts(self, obs: Observation, done: None) -> str:
        return f"Game {self._games} · Pot <b>{obs.pot}</b> chips"

    def table(self, obs: Observation, done: None) -> str:
        boxes = {}
        for seat in (0, 1):
            shown = obs.showdown[seat] if obs.showdown else obs.card if seat == obs.seat else None
            card = card_row([shown], face=kuhn_face) if shown else back_row(1)
            boxes[seat] = seat_box(seat, self.names(seat), rows=[(self.say("Card"), card, "cl-hand")], you=seat == obs.seat,
                                   turn=obs.current_player == seat)
        return table_html([boxes[1 - obs.seat]], boxes[obs.seat])

    def turn_prompt(self, obs: Observation, legal: list) -> str:
        facing = BET in obs.betting[-1:]
        return prompt_html(f"Your {obs.card}: " + ("call or fold?" if facing else "check or bet?"),
                           f"The cards rank {' < '.join(CARDS)}.")

    def controls(self, obs: Observation, legal: list) -> list[Control]:
        return [self.action(a, self.say(WORDS[str(a)]), style="primary" if i == 0 else "warning")
                for i, a in enumerate(legal)]

    def decision_row(self, obs: Observation, action: Any) -> dict[str, Any]:
        """The class record: the card you held, the betting you faced, and what you chose."""
        return {"card": obs.card, "facing": " ".join(map(str, obs.betting)), "chose": str(action)}

    def round_rows(self, obs: Observation, done: None, decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """How the hand came out (your chips won or lost) beside each of your decisions in it."""
        return [dict(row, chips=obs.result.scores[obs.seat]) for row in decisions]

    def narrate(self, events: Sequence[tuple]) -> list[tuple[int, str]]:
        return narrate(events, self.names)

    def scoreboard(self, obs: Observation) -> str:
        scores = obs.result.scores if obs.result else (0, 0)
        return score_table([self.names(s) for s in (0, 1)], [], scores, signed=True)
