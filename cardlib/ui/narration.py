"""Who is who at a table, in sentences, and a game's narration turned into the log's lines.

A game's ``view.py`` writes one narrator, ``narrate(events, names)``: the public log of an
Observation in words, as (index of the event told, sentence) pairs. The app shows it with
``log_lines``; a notebook prints it with the default names.

>>> names = Names(me=1)
>>> names(0), names(1), names(1, inside=True)
('Player 0', 'You', 'you')
>>> names.does(0, "pass"), names.does(1, "draw"), names.does(2, "take", inside=True)
('Player 0 passes', 'You draw', 'Player 2 takes')
>>> ja = Names(me=1, lang="ja")
>>> ja(0), ja(1)
('プレイヤー0', 'あなた')
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Optional

from cardlib.ui.log import LogLine
from cardlib.ui.words import Words


class Names:
    """The names of the seats: "You" for ``me`` (if any), "Player n" for every other seat (in ``lang``)."""

    def __init__(self, me: Optional[int] = None, lang: str = "en") -> None:
        self.me = me
        self.words = Words(lang)
        self.lang = lang

    def __call__(self, seat: Optional[int], *, inside: bool = False) -> str:
        """A seat's name; ``inside`` a sentence, "you" is lower case (None is nobody)."""
        if seat is None:
            return self.words("nobody")
        if seat == self.me:
            return self.words("you" if inside else "You")
        return self.words("Player {seat}", seat=seat)

    def __getitem__(self, seat: int) -> str:
        """``names[seat]``: the same as ``names(seat)``."""
        return self(seat)

    def does(self, seat: int, verb: str, *, inside: bool = False) -> str:
        """'You take' or 'Player 2 takes' ('passes' for a verb ending in ss)."""
        return f"{self(seat, inside=inside)} {self.verb(seat, verb)}"

    def verb(self, seat: int, verb: str) -> str:
        """A verb agreeing with the seat: 'take' for you, 'takes' for anyone else (Japanese verbs do not agree)."""
        return verb if seat == self.me or self.lang != "en" else f"{verb}{'es' if verb.endswith('ss') else 's'}"


def log_lines(events: Sequence[tuple], told: Sequence[tuple[int, str]], me: int, *,
              mine: Collection[str], heads: Collection[str]) -> list[LogLine]:
    """The log's lines: ``heads`` kinds stand out, and what came after ``me``'s last move (a kind in ``mine``) is new.

    >>> events = [("deal", 0, None), ("take", 0, 7), ("take", 1, 3)]
    >>> told = [(0, "Dealt."), (1, "You take 7."), (2, "Player 1 takes 3.")]
    >>> [line.kind for line in log_lines(events, told, 0, mine={"take"}, heads={"deal"})]
    ['head', '', 'new']
    """
    last = max((i for i, (kind, who, _) in enumerate(events) if who == me and kind in mine), default=-1)
    return [LogLine(text, "head" if events[i][0] in heads else "new" if i > last else "") for i, text in told]
