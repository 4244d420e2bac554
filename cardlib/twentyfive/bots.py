"""Twenty-five agents (stdlib only): the random agent lives in core; here, a rule of thumb and
the exact coach."""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from cardlib.twentyfive.beliefs import draw_outlook, hidden_worlds, most_pairs, pass_cost
from cardlib.twentyfive.rules import DRAW, EXACT_HIT, FIVE, PASS, TARGET, Observation, Reveal


class ThresholdBot:
    """Passes once the cards in play reach a threshold; reveals its highest card, never a 5.

    >>> ThresholdBot(threshold=19).name
    'threshold 19'
    """

    def __init__(self, threshold: int = 20, reveal_five: bool = False) -> None:
        self.threshold = threshold
        self.reveal_five = reveal_five
        self.name = f"threshold {threshold}"

    def act(self, observation: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pass at or above the threshold of cards in play; otherwise draw."""
        if isinstance(legal[0], Reveal):
            values = [action.value for action in legal]
            want = FIVE if self.reveal_five and FIVE in values else max(values)
            return legal[values.index(want)]
        if PASS in legal and observation.cards_in_play >= self.threshold:
            return PASS
        return DRAW if DRAW in legal else PASS

    def __repr__(self) -> str:
        return f"ThresholdBot(threshold={self.threshold})"


class CoachBot:
    """Decides with the exact informed coach: passes when that costs less than drawing.

    The cost of a choice is its expected points to this seat minus the others' average
    (points are bad, and the highest total loses). Passing now is priced exactly by
    ``pass_cost``. Drawing is priced one card ahead: after the draw, the next player is taken to
    pass exactly when the pairs reach 25 (a careful opponent); otherwise the round goes on and
    the cost is shared alike. A reveal choice takes the card that leaves the most worlds
    consistent with the field, so that the table learns least.

    >>> from cardlib.twentyfive.rules import Game
    >>> state = Game(players=3).new(seed=2)
    >>> state.apply(DRAW)
    >>> bot = CoachBot()
    >>> bot.act(state.observation(state.current_player), state.legal_actions(), random.Random(0))
    Draw()
    """

    def __init__(self, model: str = "informed") -> None:
        self.model = model
        self.name = "coach" if model == "informed" else f"coach ({model})"

    def act(self, observation: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        """Reveal what hides most; otherwise pass or draw, whichever costs less in expectation."""
        if isinstance(legal[0], Reveal):
            return max(legal, key=lambda action: hidden_worlds(observation, action.value))
        if PASS not in legal:
            return legal[0]
        if DRAW not in legal:
            return PASS
        if most_pairs(observation, extra=1) < TARGET:
            return DRAW  # even the next card cannot bring 25 pairs: passing costs 10 for sure
        if _relative(pass_cost(observation, self.model), observation.seat) \
                <= _relative(self.draw_cost(observation), observation.seat):
            return PASS
        return DRAW

    def draw_cost(self, observation: Observation) -> tuple[Fraction, ...]:
        """Expected points to each seat if this seat draws and the next passes at 25 or more."""
        outlook = draw_outlook(observation, self.model)
        seat, players = observation.seat, observation.players
        following = (seat + 1) % players
        exactly = outlook.get(TARGET, Fraction(0))
        over = sum((p * (pairs - TARGET) for pairs, p in outlook.items() if pairs > TARGET), Fraction(0))
        costs = [EXACT_HIT * exactly] * players
        costs[following] = Fraction(0)
        costs[seat] += over
        return tuple(costs)

    def __repr__(self) -> str:
        return f"CoachBot(model={self.model!r})"


def _relative(costs: Sequence[Fraction], seat: int) -> Fraction:
    """A seat's expected points less the others' average: what decides who loses."""
    others = [cost for other, cost in enumerate(costs) if other != seat]
    return costs[seat] - sum(others, Fraction(0)) / len(others)
