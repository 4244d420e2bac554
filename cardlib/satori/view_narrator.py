"""The narrator of The Satori: the public log in words, in English or in the sheet's Japanese.

>>> narrate([("play", 2, None), ("katsu", 0, 2), ("reveal", 0, "S")], Names(me=0))
[(0, 'Player 2 plays a card face down.'), (1, "You call Katsu! on Player 2's card…"), (2, '…it is satori: onto your pile.')]
>>> narrate([("play", 2, None), ("katsu", 0, 2)], Names(me=0, lang="ja"), Words("ja"))[1]
(1, 'あなたがプレイヤー2のカードに「喝!」…')
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from cardlib.satori.actions import SATORI
from cardlib.satori.words import NARRATION_JA
from cardlib.ui.narration import Names
from cardlib.ui.words import Words

ENGLISH = Words()
# The events told as "<who> <does> <the rest>": the verb, and the rest of the sentence ({value}: the event's value).
DOES = {"play": ("play", "a card face down."), "no katsu": ("say", "no katsu."), "pass": ("pass", "(empty hand)."),
        "declare": ("declare", "Satori! with a run of {value}.")}


def narrate(events: Sequence[tuple], names: Names = Names(), say: Words = ENGLISH) -> list[tuple[int, str]]:
    """The public log in words: (index of the event, sentence), one sentence an event."""
    told = []
    out = None  # the player eliminated last: the one a "receives" takes from
    for i, (kind, seat, value) in enumerate(events):
        if kind == "out":
            out = seat
        told.append((i, describe(kind, seat, value, names, out, say)))
    return told


def _whose(names: Names, seat: Optional[int]) -> str:
    return "your" if seat == names.me else f"{names(seat)}'s"


def describe(kind: str, seat: Optional[int], value: Any, names: Names = Names(), out: Optional[int] = None,
             say: Words = ENGLISH) -> str:
    """One public event in words; ``out`` is the player eliminated last (a "receives" takes from them)."""
    if say.lang == "ja":
        return describe_ja(kind, seat, value, names, out)
    who = names(seat)
    if kind == "deal":
        s, z = value
        return f"Each player takes {s} satori and {z} zatsunen. {names.does(seat, 'start')}."
    if kind in DOES:
        verb, rest = DOES[kind]
        return f"{names.does(seat, verb)} {rest.format(value=value)}"
    if kind == "katsu":
        return f"{names.does(seat, 'call')} Katsu! on {_whose(names, value)} card…"
    if kind == "reveal":
        if value == SATORI:
            return f"…it is satori: onto {_whose(names, seat)} pile."
        return f"…it is zatsunen: {names.does(seat, 'fail', inside=True)}."
    if kind == "out":
        return f"{who} {'are' if seat == names.me else 'is'} out of the game."
    if kind == "receives":
        source = {"hand": f"a satori from {_whose(names, out)} hand",
                  "pile": f"a satori from {_whose(names, out)} pile (the nearest the top)"}.get(value)
        if source is None:
            return f"{names.does(seat, 'take')} the zatsunen back; {names(out, inside=True)} had no satori to give."
        return f"{names.does(seat, 'take')} the zatsunen back and {source}."
    if kind == "end":
        why = {"declare": f"{names(seat, inside=True)} declared", "empty": "every hand is empty",
               "last": "only one player is left"}.get(value, value)
        return f"The game ends: {why}."
    if kind == "shows":
        return f"{names.does(seat, 'show')} a run of {value} satori." if value else \
            f"{names.does(seat, 'show')} no satori on top."
    return f"{kind} {seat} {value}"


def describe_ja(kind: str, seat: Optional[int], value: Any, names: Names, out: Optional[int] = None) -> str:
    """One public event in Japanese, in the sheet's words (``describe`` in English)."""
    who = names(seat)
    if kind == "deal":
        return NARRATION_JA["deal"].format(s=value[0], z=value[1], who=who)
    if kind == "katsu":
        return NARRATION_JA["katsu"].format(who=who, whose=names(value))
    if kind in ("reveal", "end", "shows"):
        case = f"{kind} {value}" if kind != "shows" else "shows" if value else "shows 0"
        return NARRATION_JA.get(case, NARRATION_JA.get(kind, "{who} {value}")).format(who=who, value=value)
    if kind == "receives":
        return NARRATION_JA[f"receives {value}"].format(who=who, out=names(out))
    if kind in NARRATION_JA:
        return NARRATION_JA[kind].format(who=who, value=value)
    return f"{kind} {seat} {value}"
