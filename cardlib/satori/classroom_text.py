"""The Satori's class rows as plain text: the public log and a player's public story written in a short notation
a CSV cell holds, and read back (``cardlib.satori.classroom`` writes its rows with them).

>>> log_text((("deal", 0, (3, 2)), ("play", 0, None), ("katsu", 1, 0), ("reveal", 1, "Z"), ("receives", 0, None)))
'D0:3/2 P0 K1:0 R1:Z G0'
>>> log_of('D0:3/2 P0 K1:0 R1:Z G0')[2:]
(('katsu', 1, 0), ('reveal', 1, 'Z'), ('receives', 0, None))
"""
from __future__ import annotations

from collections.abc import Sequence

from cardlib.satori.actions import SATORI, ZATSUNEN
from cardlib.satori.beliefs import Story

CODES = {"deal": "D", "play": "P", "no katsu": "N", "katsu": "K", "reveal": "R", "out": "O", "receives": "G",
         "pass": "X", "declare": "C", "end": "E", "shows": "W"}
KINDS = {code: kind for kind, code in CODES.items()}
NUMBERS = ("katsu", "declare", "shows")  # the events whose value is a seat or a run


def log_text(log: Sequence[tuple]) -> str:
    """The public log in a short notation: a token an event, kind letter, seat, then ``:value`` if any."""
    tokens = []
    for kind, seat, value in log:
        token = CODES[kind] + ("-" if seat is None else str(seat))
        if value is not None:
            token += ":" + ("/".join(map(str, value)) if isinstance(value, tuple) else str(value))
        tokens.append(token)
    return " ".join(tokens)


def log_of(text: str) -> tuple[tuple, ...]:
    """The public log a ``log_text`` wrote."""
    events = []
    for token in str(text).split():
        head, _, value = token.partition(":")
        kind, seat = KINDS[head[0]], None if head[1:] == "-" else int(head[1:])
        if not value:
            events.append((kind, seat, None))
        elif kind == "deal":
            events.append((kind, seat, tuple(int(n) for n in value.split("/"))))
        else:
            events.append((kind, seat, int(value) if kind in NUMBERS else value))
    return tuple(events)


STEP_WORDS = {("play", None): "play", ("play", SATORI): "play:S", ("play", ZATSUNEN, True): "play:Z+",
              ("play", ZATSUNEN, False): "play:Z", ("won",): "won", ("pass",): "pass"}
STEPS = {word: step for step, word in STEP_WORDS.items()}


def story_text(told: Story) -> str:
    """A player's public story in words: the deal, then each step (a Katsu's finding after a colon).

    >>> told = Story((3, 2), (("play", None), ("play", "Z", True), ("won",), ("play", "S")))
    >>> story_text(told)
    '3/2: play play:Z+ won play:S'
    >>> story_of('3/2: play play:Z+ won play:S') == told
    True
    """
    return f"{told.dealt[0]}/{told.dealt[1]}: " + " ".join(STEP_WORDS[tuple(step)] for step in told.steps)


def story_of(text: str) -> Story:
    """The Story a ``story_text`` wrote."""
    dealt, _, steps = str(text).partition(":")
    satori, zatsunen = (int(n) for n in dealt.split("/"))
    return Story((satori, zatsunen), tuple(STEPS[word] for word in steps.split()))


def cards_text(cards: Sequence[str]) -> str:
    """Cards as the digest writes them, joined by spaces: "S S Z"."""
    return " ".join(cards)
