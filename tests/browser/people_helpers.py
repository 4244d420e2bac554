"""What the browser tests of tables of people share: the hidden-card checks of a page and its frames, and the
watch of when a page shows each move number.

``allowed_cards`` is what a seat may see face up (from the table's full state in the test's process);
``dom_cards`` and ``CARD`` read the face-up cards of a page's HTML widgets and of its websocket frames,
``seat_cards`` those in each seat's box; ``Record`` replays a table's stored log in the test's process;
``WATCH`` (run in a page) records when it first showed each move number (``window.__seqTimes``) and when it was
last clicked (``window.__lastClick``), both on the machine's one clock.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

__all__ = ["CARD", "WATCH", "SEQ_AT_LEAST", "ENABLED", "ANSWERS", "allowed_cards", "dom_cards", "seat_cards",
           "seen_of", "Record"]

CARD = re.compile(r'data-card=\\*"([^"\\]*)')
WATCH = """() => {
  window.__seqTimes = {};
  window.__lastClick = 0;
  const look = () => {
    const el = document.querySelector('.cl-people');
    if (el && !(el.dataset.seq in window.__seqTimes)) window.__seqTimes[el.dataset.seq] = Date.now();
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true});
  document.addEventListener('click', e => {
    if (e.target.closest('.cl-app button')) window.__lastClick = Date.now();
  }, true);
  look();
}"""
SEQ_AT_LEAST = "n => { const el = document.querySelector('.cl-people'); return el !== null && +el.dataset.seq >= n; }"
ENABLED = ".cl-app .cl-controls button:not([disabled])"
ANSWERS = ["Katsu!", "No katsu"]  # The Satori's window, as its app's buttons say it
SEAT_BOX = re.compile(r'class=\\*"cl-seat(?: [^"\\]*)?\\*" data-seat=\\*"(\d+)')


def allowed_cards(state, seat: int, paused: bool) -> Counter:
    """What a seat may see face up now: Twenty-five: its hand and every field, or (paused on a finished round) that
    round's hands; The Satori: its hand and the pile cards it has seen."""
    obs = state.observation(seat)
    if hasattr(obs, "piles"):
        return Counter(str(c) for row in (obs.hand, *obs.piles) for c in row if c is not None)
    if paused and obs.rounds:
        done = obs.rounds[-1]
        return Counter(str(c) for row in (*done.hands, *done.fields) for c in row)
    return Counter(str(c) for row in (obs.hand, *obs.fields) for c in row)


def dom_cards(page) -> Counter:
    """The face-up cards of the HTML widget that shows most of each (each widget checked on its own)."""
    most: Counter = Counter()
    for html in page.eval_on_selector_all(".widget-html-content", "els => els.map(e => e.innerHTML)"):
        most |= Counter(CARD.findall(html))
    return most


def seat_cards(text: str) -> dict[int, Counter]:
    """The face-up cards in each seat's box of an HTML text (a widget's, or a frame's with its quotes escaped): a
    box runs to the next box's start (the page's own seat is drawn last).

    >>> seat_cards('<div class="cl-seat" data-seat="1"><span data-card="S"></span></div>'
    ...            '<div class="cl-seat cl-you" data-seat="0"><span data-card="Z"></span></div>')
    {1: Counter({'S': 1}), 0: Counter({'Z': 1})}
    """
    starts = list(SEAT_BOX.finditer(text))
    found: dict[int, Counter] = {}
    for here, after in zip(starts, starts[1:] + [None]):
        part = text[here.start():after.start() if after is not None else len(text)]
        found[int(here.group(1))] = found.get(int(here.group(1)), Counter()) + Counter(CARD.findall(part))
    return found


def seen_of(state: Any, seat: int) -> dict[int, Counter]:
    """What ``seat`` may see face up in each other seat's box (The Satori): that seat's pile cards it has seen."""
    obs = state.observation(seat)
    return {other: Counter(c for c in obs.piles[other] if c is not None)
            for other in range(obs.players) if other != seat}


class Record:
    """A table's log as stored, replayed in the test's process from its seed with the rules alone (the server's side,
    as the table's own replay; ``game``: the game's registry entry), every state kept."""

    def __init__(self, db: Any, table_id: int, game: Any) -> None:
        row = db.table_row(table_id)
        self.db, self.id, self.seed, self.info = db, table_id, row.seed, game
        options = row.options if "players" in row.options else game.table_options(row.size)
        self.game = game.package.Game(**options)
        self.moves: list[Any] = []
        self.states = [self.game.new(seed=self.seed)]

    def refresh(self) -> int:
        """Read the moves stored since; each is legal, and its seat's, in the state before it. Returns the log's
        length."""
        for move in self.db.moves(self.id, since=len(self.moves)):
            state = self.states[-1].clone()
            action = self.info.parse(move.notation)
            assert move.seq == len(self.moves) and move.seat == state.current_player, move
            assert action in state.legal_actions(), move
            state.apply(action)
            self.moves.append(move)
            self.states.append(state)
        return len(self.moves)

    @property
    def state(self) -> Any:
        """The state after the last move read."""
        return self.states[-1]

    def allowed(self, seat: int, first: int, last: int) -> tuple[Counter, dict[int, Counter]]:
        """What ``seat`` may see face up in some state from move ``first`` to ``last``: in all, and in each other
        seat's box (``seen_of``: The Satori's)."""
        whole, boxes = Counter(), {}
        for state in self.states[max(0, first):last + 1]:
            whole |= allowed_cards(state, seat, state.is_over)
            for other, seen in seen_of(state, seat).items():
                boxes[other] = boxes.get(other, Counter()) | seen
        return whole, boxes
