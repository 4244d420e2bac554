"""The Satori (ザ・悟り): the rules engine (stdlib only).

Specification: shared/rules/the-satori.md. Each player takes 3 satori and 2 zatsunen. On a turn,
play a card face down on one's own pile, declare "Satori" when the top three or more pile cards
are satori, or pass with an empty hand. After every play the Katsu window asks the other players,
clockwise from the player after the one who played, ``katsu`` or ``no katsu``; a Katsu on a
satori takes the card onto the caller's pile, on a zatsunen eliminates the caller. The longest
unbroken run of satori on top of a pile wins; the farthest clockwise from the reference player
wins a tie. What a player may believe about another's face-down cards is in beliefs.py.

>>> state = Game(players=3).new()
>>> [str(action) for action in state.legal_actions()]
['play satori', 'play zatsunen']
>>> state.apply(PLAY_ZATSUNEN)
>>> state.current_player, [str(action) for action in state.legal_actions()]
(1, ['katsu', 'no katsu'])
>>> state.apply(KATSU)                 # player 1 calls on a zatsunen: eliminated
>>> state.observation(2).out, state.observation(2).hand_sizes
((False, True, False), (6, 0, 5))
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from cardlib.core.actions import action_kind
from cardlib.core.engine import Engine
from cardlib.core.errors import IllegalActionError, RulesError, check_players, check_seat, whole_number
from cardlib.core.protocol import Result
from cardlib.satori.actions import (
    CARD_NAMES, DECK, DECLARE, DECLARE_RUN, KATSU, NO_KATSU, OVER, PASS, PLAY_SATORI, PLAY_ZATSUNEN, SATORI, TURN,
    WINDOW, ZATSUNEN,
    Action, Declare, Katsu, NoKatsu, Observation, Pass, Play, check_hands, top_run,
)
from cardlib.satori.beliefs import sample_hidden, story

__all__ = ["Game", "State", "Observation"]

OFFICIAL_PLAYERS = (3, 4, 5)
TITLE = "The Satori"
ACTIONS = "Play('S'), Play('Z'), Declare(), Pass(), Katsu() or NoKatsu()"


# --- the game ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """Rule options: players, the first player ``start``, and the cards each player takes.

    The sheet: 3 to 5 players, 3 satori and 2 zatsunen each. Two players and other counts are
    unofficial teaching versions (``official`` says which), as long as the 25 cards suffice.

    >>> Game(players=2, satori=2, zatsunen=1).official
    False
    >>> Game(players=4, satori=4)
    Traceback (most recent call last):
    ...
    cardlib.core.errors.RulesError: 4 players taking 4 satori each need 16, and the deck has 15
    """

    players: int = 3
    start: int = 0
    satori: int = 3
    zatsunen: int = 2

    def __post_init__(self) -> None:
        check_players(TITLE, self.players, (2, *OFFICIAL_PLAYERS))
        check_seat("start", self.start, self.players)
        for kind in (SATORI, ZATSUNEN):
            name = CARD_NAMES[kind]
            count = getattr(self, name)
            if not whole_number(count) or count < 0:
                raise RulesError(f"{name} is how many {name} cards each player takes, a whole number, not {count!r}")
            if count * self.players > DECK[kind]:
                raise RulesError(f"{self.players} players taking {count} {name} each need {count * self.players}, "
                                 f"and the deck has {DECK[kind]}")
        if self.satori + self.zatsunen == 0:
            raise RulesError("each player must take at least one card")

    @property
    def official(self) -> bool:
        """True for the sheet's game: 3 to 5 players with 3 satori and 2 zatsunen each."""
        return self.players in OFFICIAL_PLAYERS and (self.satori, self.zatsunen) == (3, 2)

    def new(self, seed: Optional[int] = None, hands: Optional[Sequence[Sequence[str]]] = None) -> "State":
        """A new game. Every hand is the same mix, so a deal needs no shuffle; ``hands`` stacks it.

        >>> Game().new(hands=[["S", "S", "S", "Z", "Z"]] * 2)
        Traceback (most recent call last):
        ...
        cardlib.core.errors.RulesError: hands: 3 players need 3 hands, not 2
        >>> Game().new(hands=[["S", "S", "Z", "Z", "Z"], ["S"] * 3 + ["Z"] * 2, ["S"] * 3 + ["Z"] * 2])
        Traceback (most recent call last):
        ...
        cardlib.core.errors.RulesError: hands: player 0's hand has 2 satori and 3 zatsunen; this game deals 3 and 2
        """
        if hands is not None:
            check_hands(hands, self.players, self.satori, self.zatsunen)
        return State(self)  # the deal is fixed and nothing later is random: no random stream to seed


@lru_cache(maxsize=None)
def clockwise(players: int) -> tuple[tuple[int, ...], ...]:
    """Each seat's others in the order its Katsu window asks them (the eliminated are skipped when asked).

    >>> clockwise(3)
    ((1, 2), (2, 0), (0, 1))
    """
    return tuple(tuple((seat + step) % players for step in range(1, players)) for seat in range(players))


# --- the state ---------------------------------------------------------------------------------

class State(Engine):
    """A position in a game of The Satori (the bookkeeping is Engine's; the rules are here)."""

    __slots__ = ("_hand_s", "_hand_z", "_piles", "_known", "_out", "_box", "_phase", "_active", "_asking",
                 "_declarer", "_last_player", "_held", "_clockwise")

    def __init__(self, game: Game, rng: Optional[random.Random] = None) -> None:
        super().__init__(game, rng)
        n = game.players
        self._held = n * (game.satori + game.zatsunen)  # cards in the hands of the players still in
        self._clockwise = clockwise(n)
        self._hand_s = [game.satori] * n
        self._hand_z = [game.zatsunen] * n
        self._piles: list[list[str]] = [[] for _ in range(n)]     # bottom first: the top card last
        self._known: list[list[bool]] = [[] for _ in range(n)]    # True where everyone saw the card go
        self._out = [False] * n
        # the cards out of the game: those the deal left over, then an eliminated player's
        self._box = [DECK[SATORI] - n * game.satori, DECK[ZATSUNEN] - n * game.zatsunen]
        self._phase = TURN
        self._active = game.start
        self._asking: list[int] = []  # during a window, the players still to be asked, in order
        self._declarer: Optional[int] = None
        self._last_player: Optional[int] = None
        self._current = game.start
        self._log.append(("deal", game.start, (game.satori, game.zatsunen)))

    # -- the table --

    @property
    def phase(self) -> str:
        """'turn', 'katsu' (the window after a play) or 'over'."""
        return OVER if self._current is None else self._phase

    @property
    def active(self) -> int:
        """Whose turn it is; during a window, the player whose card is waiting."""
        return self._active

    def hand(self, seat: int) -> tuple[str, ...]:
        """A seat's hand, satori first (the whole truth: for tests, never for agents)."""
        return (SATORI,) * self._hand_s[seat] + (ZATSUNEN,) * self._hand_z[seat]

    def pile(self, seat: int) -> tuple[str, ...]:
        """A seat's pile, bottom first (the whole truth: for tests, never for agents)."""
        return tuple(self._piles[seat])

    def run(self, seat: int) -> int:
        """The unbroken run of satori on top of a seat's pile (0 once eliminated)."""
        return 0 if self._out[seat] else top_run(self._piles[seat])

    def all_cards(self) -> tuple[str, ...]:
        """Every card, wherever it is: hands, piles, then the cards out of the game."""
        cards: list[str] = []
        for seat in range(self.game.players):
            cards += self.hand(seat)
            cards += self._piles[seat]
        return tuple(cards + [SATORI] * self._box[0] + [ZATSUNEN] * self._box[1])

    # -- the decisions --

    def _legal_actions(self, seat: int) -> list[Action]:
        """A turn: play a card of a kind in hand, declare, or pass with an empty hand; a window: katsu or not."""
        if self._phase == WINDOW:
            return [KATSU, NO_KATSU]
        legal: list[Action] = []
        if self._hand_s[seat]:
            legal.append(PLAY_SATORI)
        if self._hand_z[seat]:
            legal.append(PLAY_ZATSUNEN)
        pile = self._piles[seat]
        if len(pile) >= DECLARE_RUN and pile[-1] == SATORI and top_run(pile) >= DECLARE_RUN:
            legal.append(DECLARE)
        if not legal or legal[0] is DECLARE:  # an empty hand
            legal.append(PASS)
        return legal

    def _check(self, action: object) -> None:
        """IllegalActionError saying what and why; nothing changes."""
        kind, seat = action_kind(action, (Play, Declare, Pass, Katsu, NoKatsu), "The Satori", ACTIONS), self._current
        if self._phase == WINDOW:
            if kind in (Katsu, NoKatsu):
                return
            raise IllegalActionError(f"{action!r}: player {self._active} has just played a card; "
                                     f"player {seat} must answer the Katsu window first (katsu or no katsu)")
        if kind in (Katsu, NoKatsu):
            raise IllegalActionError(f"{action!r}: no card is waiting for a Katsu; it is player {seat}'s turn "
                                     "(Katsu is called in the window after a play)")
        if kind is Play:
            card = action.card  # type: ignore[attr-defined]
            if card not in (SATORI, ZATSUNEN):
                raise IllegalActionError(f"{action!r}: a card is 'S' (satori) or 'Z' (zatsunen), not {card!r}")
            if not (self._hand_s if card == SATORI else self._hand_z)[seat]:
                raise IllegalActionError(f"{action!r}: player {seat} has no {CARD_NAMES[card]} in hand")
        elif kind is Declare:
            run = top_run(self._piles[seat])
            if run < DECLARE_RUN:
                raise IllegalActionError(f"{action!r}: the top of player {seat}'s pile shows {run} satori unbroken; "
                                         f"declaring needs {DECLARE_RUN} or more")
        elif self._hand_s[seat] + self._hand_z[seat]:
            raise IllegalActionError(f"{action!r}: player {seat} still has {self._hand_s[seat] + self._hand_z[seat]} "
                                     "cards in hand; pass only with an empty hand")

    def _change(self, action: Action, plan: None) -> None:
        """The checked action happens; a Katsu resolves at once, and the end is checked after each window."""
        seat = self._current
        kind = type(action)
        if kind is Play:
            self._play(seat, action.card)  # type: ignore[union-attr]
        elif kind is NoKatsu:
            self._log.append(("no katsu", seat, None))
            self._asking.pop(0)
            if self._asking:
                self._current = self._asking[0]
            else:
                self._close_window()
        elif kind is Katsu:
            self._katsu(seat)
        elif kind is Pass:
            self._log.append(("pass", seat, None))
            self._next_turn()
        else:
            self._declarer = seat
            self._log.append(("declare", seat, top_run(self._piles[seat])))
            self._end("declare")

    def _play(self, seat: int, card: str) -> None:
        """(a): the card goes face down on top of the pile, and the window opens."""
        if card == SATORI:
            self._hand_s[seat] -= 1
        else:
            self._hand_z[seat] -= 1
        self._held -= 1
        self._piles[seat].append(card)
        self._known[seat].append(False)
        self._last_player = seat
        self._log.append(("play", seat, None))
        out = self._out
        self._asking = [other for other in self._clockwise[seat] if not out[other]]
        self._phase = WINDOW
        self._current = self._asking[0]

    def _katsu(self, caller: int) -> None:
        """The card just played is handed to the caller and revealed; success or failure follows."""
        played_by = self._active
        card = self._piles[played_by].pop()
        self._known[played_by].pop()
        self._log.append(("katsu", caller, played_by))
        self._log.append(("reveal", caller, card))
        if card == SATORI:  # success: onto the caller's own pile, face down, and everyone saw it go
            self._piles[caller].append(SATORI)
            self._known[caller].append(True)
        else:  # failure: the caller is out; the called player takes that zatsunen and one satori
            self._out[caller] = True
            self._log.append(("out", caller, None))
            self._hand_z[played_by] += 1
            self._held += 1 - self._hand_s[caller] - self._hand_z[caller]  # the zatsunen in; the caller's hand out
            source = self._give_satori(caller)
            if source is not None:
                self._hand_s[played_by] += 1
                self._held += 1
            self._log.append(("receives", played_by, source))
            self._box[0] += self._hand_s[caller] + self._piles[caller].count(SATORI)
            self._box[1] += self._hand_z[caller] + self._piles[caller].count(ZATSUNEN)
            self._hand_s[caller] = self._hand_z[caller] = 0
            self._piles[caller], self._known[caller] = [], []
        self._close_window()

    def _give_satori(self, caller: int) -> Optional[str]:
        """Decision: the satori comes from the hand if any, else nearest the top of the pile: 'hand', 'pile' or None."""
        if self._hand_s[caller]:
            self._hand_s[caller] -= 1
            return "hand"
        pile = self._piles[caller]
        for depth in range(len(pile) - 1, -1, -1):
            if pile[depth] == SATORI:
                del pile[depth]
                del self._known[caller][depth]
                return "pile"
        return None

    def _close_window(self) -> None:
        """The window is over: the end is checked (one player left, or every hand empty), else the next turn."""
        self._asking = []
        self._phase = TURN
        if self._out.count(False) == 1:
            self._end("last")
        elif not self._held:  # every player still in has an empty hand
            self._end("empty")
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        """The next player clockwise who is not eliminated takes a turn (Katsu never changes the order)."""
        n = self.game.players
        seat = self._active
        for _ in range(n):
            seat = (seat + 1) % n
            if not self._out[seat]:
                break
        self._active = self._current = seat

    def _end(self, reason: str) -> None:
        """The game ends: every player still in shows the run on top of their pile (unless one is left)."""
        self._log.append(("end", self.reference, reason))
        if reason != "last":
            for seat in range(self.game.players):
                if not self._out[seat] and seat != self._declarer:
                    self._log.append(("shows", seat, top_run(self._piles[seat])))
        self._phase = OVER
        self._current = None

    # -- the end --

    @property
    def reference(self) -> Optional[int]:
        """The tie-break's reference: the declarer, or else the last player who played a card."""
        return self._declarer if self._declarer is not None else self._last_player

    def result(self) -> Result:
        """Scores are the final runs (0 for the eliminated); places by run, ties to the farthest clockwise."""
        n = self.game.players
        scores = tuple(self.run(seat) for seat in range(n))
        still_in = [seat for seat in range(n) if not self._out[seat]]
        reference = self.reference if self.reference is not None else self.game.start
        order = sorted(still_in, key=lambda seat: (-scores[seat], -((seat - reference) % n)))
        places = [len(still_in) + 1] * n
        for place, seat in enumerate(order, start=1):
            places[seat] = place
        return Result(scores=scores, places=tuple(places))

    # -- what a seat may see --

    def _observe(self, seat: int) -> Observation:
        """Own hand and pile; for everyone the sizes, the public totals and the cards a Katsu showed."""
        hand_s, hand_z, piles, over = self._hand_s, self._hand_z, self._piles, self._current is None
        seen, sizes, satori, zatsunen = [], [], [], []
        for other, pile in enumerate(piles):
            in_pile = pile.count(SATORI)
            seen.append(tuple(pile) if other == seat else self._public_pile(other))
            sizes.append(hand_s[other] + hand_z[other])
            satori.append(hand_s[other] + in_pile)
            zatsunen.append(hand_z[other] + len(pile) - in_pile)
        return Observation(
            **self._seat_fields(seat), phase=OVER if over else self._phase, active=self._active,
            hand=(SATORI,) * hand_s[seat] + (ZATSUNEN,) * hand_z[seat], piles=tuple(seen), hand_sizes=tuple(sizes),
            satori=tuple(satori), zatsunen=tuple(zatsunen), out=tuple(self._out), declarer=self._declarer)

    def _public_pile(self, seat: int) -> tuple[Optional[str], ...]:
        """A pile as everyone sees it: the satori a Katsu put there; at the end, the run shown and the card that breaks it."""
        known = self._known[seat]
        if True not in known and self._current is not None:  # the usual case: nothing of it seen
            return (None,) * len(known)
        seen: list[Optional[str]] = [SATORI if flag else None for flag in known]
        if self._current is None and not self._out[seat] and self._out.count(False) > 1:  # one left shows nothing
            pile = self._piles[seat]
            shown = top_run(pile) + 1  # the run, and the card under it that ends it (if any)
            seen[len(pile) - min(shown, len(pile)):] = pile[len(pile) - min(shown, len(pile)):]
        return tuple(seen)

    def _determinize(self, seat: int, rng: random.Random) -> "State":
        """A game ``seat`` cannot tell from this one: every other player's unseen cards drawn again.

        Each other player's face-down plays are drawn from a history consistent with everything
        public (beliefs.py), each card played uniformly from the hand as it then was.
        """
        other = self.clone()
        if self._current is None:  # the end showed every run: nothing hidden is left to matter
            return other
        log = tuple(self._log)
        for player in range(self.game.players):
            if player == seat or self._out[player]:
                continue
            s, z, pile = sample_hidden(story(log, player), rng)
            other._hand_s[player], other._hand_z[player], other._piles[player] = s, z, list(pile)
        return other

    def __repr__(self) -> str:
        piles = " | ".join("".join(pile) or "-" for pile in self._piles)
        return f"<The Satori: {self.phase}, player {self._current}; piles {piles}; history {len(self._history)}>"
