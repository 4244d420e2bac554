"""Regret matching by hand, on rock–paper–scissors: the step CFR takes at every information set.

The lesson shows one step before it runs the solver (``core/cfr.py``) on The Satori. A player
has a mix (a chance for each action). Against the other player's mix, each action has a payoff;
its **regret** is how much better that action would have done than the mix itself. Regret
matching plays next each action in proportion to its positive regret (the mix unchanged, uniform,
when no regret is positive). CFR does exactly this at every information set, with counterfactual
payoffs, and averages the mixes over many steps.

>>> regret_matching({"rock": Fraction(1, 10), "paper": Fraction(1, 5), "scissors": Fraction(-3, 10)})
{'rock': Fraction(1, 3), 'paper': Fraction(2, 3), 'scissors': Fraction(0, 1)}
"""
from __future__ import annotations

from fractions import Fraction

__all__ = ["ROCK_PAPER_SCISSORS", "BEATS", "payoff", "regret_matching", "regrets"]

ROCK_PAPER_SCISSORS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}  # each action and the one it beats

Mix = dict[str, Fraction]


def payoff(action: str, their_mix: Mix) -> Fraction:
    """The expected payoff of ``action`` (a win +1, a loss -1, a tie 0) against the other player's mix.

    >>> payoff("paper", {"rock": Fraction(1, 2), "paper": Fraction(1, 5), "scissors": Fraction(3, 10)})
    Fraction(1, 5)
    """
    return sum((chance * ((BEATS[action] == theirs) - (BEATS[theirs] == action))
                for theirs, chance in their_mix.items()), Fraction(0))


def regrets(my_mix: Mix, their_mix: Mix) -> Mix:
    """Each action's regret: its payoff against their mix, minus what my mix earns against it."""
    earned = sum((my_mix[action] * payoff(action, their_mix) for action in my_mix), Fraction(0))
    return {action: payoff(action, their_mix) - earned for action in my_mix}


def regret_matching(regret: Mix) -> Mix:
    """The next mix: each action in proportion to its positive regret (uniform when none is positive)."""
    positive = {action: max(Fraction(value), Fraction(0)) for action, value in regret.items()}
    total = sum(positive.values(), Fraction(0))
    if not total:
        return {action: Fraction(1, len(regret)) for action in regret}
    return {action: value / total for action, value in positive.items()}
