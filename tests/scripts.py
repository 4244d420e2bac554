"""Scenario scripts in a digest's notation, for any game: split a script into decisions, and apply
each as the one legal action whose ``str()`` it is (the rules tests of every game write their
positions this way)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional


def moves(script: Any) -> list[str]:
    """The decisions of a script: a string (split on "/" and lines, "#" comments dropped) or a list of them.

    >>> moves("keep / turn  # both hands\\nshow 1-2")
    ['keep', 'turn', 'show 1-2']
    """
    found: list[str] = []
    for part in [script] if isinstance(script, str) else script:
        for line in part.splitlines():
            found += [word.strip() for word in line.split("#")[0].split("/") if word.strip()]
    return found


def legal(state: Any) -> set[str]:
    """The notation of the legal actions now, as a set."""
    return {str(action) for action in state.legal_actions()}


def say(state: Any, text: str, describe: Optional[Callable[[Any], str]] = None) -> None:
    """Apply the one legal action whose str() is ``text``; AssertionError saying what was legal otherwise.

    ``describe(state)`` adds what the game's reader needs to see in the message (a hand, say).
    """
    matching = [action for action in state.legal_actions() if str(action) == text]
    if len(matching) != 1:
        more = f", {describe(state)}" if describe is not None else ""
        raise AssertionError(f"{text!r} is not one legal action now (player {state.current_player} to decide, "
                             f"phase {state.phase!r}{more}); legal: {sorted(legal(state))[:40]}; "
                             f"after {len(state.history)} decisions")
    state.apply(matching[0])


def play_script(state: Any, script: Any, describe: Optional[Callable[[Any], str]] = None) -> Any:
    """Apply a script's decisions in order, each the one legal action of that notation; no card lost or made."""
    from collections import Counter
    everything = Counter(state.all_cards())
    for number, text in enumerate(moves(script), start=1):
        try:
            say(state, text, describe)
        except AssertionError as error:
            raise AssertionError(f"decision {number} of the script ({text!r}): {error}") from None
        assert Counter(state.all_cards()) == everything, f"cards lost or made by decision {number}, {text!r}"
    return state
