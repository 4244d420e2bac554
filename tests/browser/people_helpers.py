"""What the browser tests of tables of people share: the hidden-card checks of a page and its frames, and the
watch of when a page shows each move number.

``allowed_cards`` is what a seat may see face up (from the table's full state in the test's process);
``dom_cards`` and ``CARD`` read the face-up cards of a page's HTML widgets and of its websocket frames,
``seat_cards`` those in each seat's box;
``WATCH`` (run in a page) records when it first showed each move number (``window.__seqTimes``) and when it was
last clicked (``window.__lastClick``), both on the machine's one clock.
"""
from __future__ import annotations

import re
from collections import Counter

__all__ = ["CARD", "WATCH", "SEQ_AT_LEAST", "ENABLED", "ANSWERS", "allowed_cards", "dom_cards", "seat_cards"]

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
