"""Why an action of Loop is refused (stdlib only): ``refuse(state, action)`` raises IllegalActionError
saying what and why, and changes nothing. The engine (rules.py) calls it before every action.

>>> from cardlib.loop.rules import Game
>>> from cardlib.loop.actions import PASS
>>> state = Game(players=3).new(seed=1)
>>> refuse(state, PASS)
Traceback (most recent call last):
...
cardlib.core.errors.IllegalActionError: pass: player 0 must set 2 cards aside now
"""
from __future__ import annotations

from typing import Any

from cardlib.core.actions import action_kind
from cardlib.core.errors import IllegalActionError
from cardlib.loop.actions import PLAYING, SETTING, SITTING, Donden, Pass, Play, SetAside, Sit, shared
from cardlib.loop.combos import combo, follows, refusal

ASIDE = 2
ACTIONS = "SetAside(cards), DONDEN, Play(cards), PASS or Sit(chair)"
PHASE_ACTIONS = {SETTING: (SetAside,), SITTING: (Sit,), PLAYING: (Donden, Play, Pass)}
PHASE_WORDS = {SETTING: "set 2 cards aside", SITTING: "choose a chair", PLAYING: "play, pass or donden"}


def refuse(state: Any, action: object) -> None:
    """IllegalActionError saying what and why, unless ``action`` is legal for the player to act now."""
    kind, player = action_kind(action, (SetAside, Donden, Play, Pass, Sit), "Loop", ACTIONS), state._current
    if kind not in PHASE_ACTIONS[state._phase]:
        raise IllegalActionError(f"{_named(action)}: player {player} must {PHASE_WORDS[state._phase]} now")
    if kind is SetAside:
        cards, hand = action.cards, state._hands[player]  # type: ignore[attr-defined]
        if action is shared(SetAside, cards) and cards[0] in hand and cards[1] in hand:
            return  # a legal action as listed: the usual case, quickly
        _check_cards(state, cards, player, "set aside")
        if len(cards) != ASIDE:
            raise IllegalActionError(f"{action}: set aside exactly {ASIDE} cards")
    elif kind is Sit:
        chair = action.chair  # type: ignore[attr-defined]
        if type(chair) is not int or chair not in state._chairs_for(player):  # not 1.0 nor True
            raise IllegalActionError(f"{action}: player {player} may take chairs {state._chairs_for(player)} "
                                     "(free ones; not the chair just had, with 3 or 4 players; leaving one "
                                     "for everyone after)")
    elif kind is Donden:
        if state._dondened:
            raise IllegalActionError(f"{action}: one donden a turn; now play or pass")
        if not state._can_donden(player):
            raise IllegalActionError(f"{action}: player {player} has no set-aside 8 left to reveal")
    elif kind is Pass:
        if state._trick is None:
            raise IllegalActionError(f"{action}: player {player} leads and must play (a lead never passes)")
    else:
        _check_play(state, action, player)  # type: ignore[arg-type]


def _check_cards(state: Any, cards: object, player: int, verb: str) -> None:
    reason = refusal(cards, state._hands[player], verb)
    if reason:
        raise IllegalActionError(f"{reason} (player {player})")


def _check_play(state: Any, action: Play, player: int) -> None:
    hand, cards = state._hands[player], action.cards
    if action is shared(Play, cards) and all(card in hand for card in cards):  # as listed: the usual case, quickly
        found = combo(cards)
        if found is not None and (state._trick is None or follows(found, state._trick, state._reversed)):
            return
    _check_cards(state, cards, player, "play")
    reason = refusal(cards, hand, "play", state._trick, state._reversed)
    if reason:
        raise IllegalActionError(reason)


def _named(action: object) -> str:
    """The action in the notation, or as Python writes it when its cards are not cards."""
    try:
        return str(action)
    except (TypeError, IndexError, ValueError, KeyError):
        return repr(action)
