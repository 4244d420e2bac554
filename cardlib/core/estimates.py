"""``Estimate``: a simulated chance or mean with its standard error, how many samples made it, and the seed
(every game's seeded simulations return these, so a lesson always prints the seed and the error).

>>> share(30, 100, seed=7)
Estimate(value=0.3, standard_error=0.0458257569495584, samples=100, seed=7)
>>> mean_of(total=10, squares=30, samples=5, seed=1).value
2.0
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Estimate:
    """A simulated value: the estimate, its standard error, how many samples made it, and the seed."""

    value: float
    standard_error: float
    samples: int
    seed: int

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The normal-approximation interval: value ± z standard errors."""
        return (self.value - z * self.standard_error, self.value + z * self.standard_error)


def share(hits: int, samples: int, seed: int) -> Estimate:
    """A share of ``samples`` with its standard error sqrt(p(1 − p)/n) (NaN with no samples)."""
    if not samples:
        return Estimate(math.nan, math.nan, 0, seed)
    p = hits / samples
    return Estimate(p, math.sqrt(p * (1 - p) / samples), samples, seed)


def mean_of(total: float, squares: float, samples: int, seed: int) -> Estimate:
    """The mean of ``samples`` values from their sum and sum of squares, with its standard error."""
    mean = total / samples
    variance = max(squares / samples - mean * mean, 0.0) * samples / max(samples - 1, 1)
    return Estimate(mean, math.sqrt(variance / samples), samples, seed)
