"""Simulation exercises: the student gives what they counted, the checker works out the estimate.

A hit-or-miss question takes ``(hits, runs, seed)``; a question about a mean takes ``(outcomes, seed)``,
every run's own outcome. The checker computes the estimate and its standard error from them, so the
exact value with a formula's standard error is no simulation, and judges the estimate against the
exact value: within 4 standard errors counts.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Sampled:
    """The truth of a simulation exercise: the exact ``value`` (the mean of one run's outcome; for a
    hit or miss, the chance of a hit), the number of ``runs`` the question asks for, and the exact
    ``spread`` (standard deviation) of one run's outcome, None for a hit or miss.

    >>> Sampled(Fraction(1, 2), 10_000).standard_error
    0.005
    """

    value: Any
    runs: int
    spread: float | None = None

    @property
    def standard_error(self) -> float:
        """The standard error of an estimate from ``runs`` runs."""
        spread = self.spread if self.spread is not None else math.sqrt(float(self.value) * (1 - float(self.value)))
        return spread / math.sqrt(self.runs)

    @property
    def form(self) -> str:
        """The answer this simulation asks for, as a student writes it."""
        return "(hits, runs, seed)" if self.spread is None else "(outcomes, seed)"


@dataclass(frozen=True)
class Run:
    """What a simulation answer says, as the checker computes it: the estimate, its standard error
    (from the student's own outcomes), the number of runs and the seed."""

    estimate: float
    standard_error: float
    runs: int
    seed: int

    def __str__(self) -> str:
        return (f"your estimate {self.estimate:.4f} ± {self.standard_error:.4f} (one standard error, "
                f"{self.runs:,} runs, seed {self.seed})")


def _whole(value: Any) -> int | None:
    """A plain whole number (5 or 5.0) as an int, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, (float, Fraction)) and value == value and abs(value) != float("inf") and value == int(value):
        return int(value)
    return None


def read_run(answer: Any, truth: Sampled) -> Run:
    """The :class:`Run` a plain simulation answer describes, or ValueError saying what is wrong with it.

    A hit-or-miss question takes ``(hits, runs, seed)``; a question about a mean takes ``(outcomes,
    seed)``, every run's own outcome. The checker computes the estimate and its standard error itself.

    >>> str(read_run((5_050, 10_000, 7), Sampled(Fraction(1, 2), 10_000)))
    'your estimate 0.5050 ± 0.0050 (one standard error, 10,000 runs, seed 7)'
    """
    asked = f"Give {truth.form}"
    if not isinstance(answer, (tuple, list)):
        raise ValueError(f"{asked} in a tuple.")
    if truth.spread is None:
        if len(answer) == 2 and all(_whole(number) is not None for number in answer):
            raise ValueError(f"{asked}: give the seed you used too, so that your run can be repeated.")
        if len(answer) == 2:
            raise ValueError(f"{asked}: the count of hits itself, the number of runs and your seed — not an "
                             "estimate and its standard error (the checker works those out from your count).")
        if len(answer) != 3:
            raise ValueError(f"{asked}: three whole numbers in a tuple.")
        hits, runs, seed = answer
        if _whole(hits) is None:
            raise ValueError("The first number is the count of hits, a whole number — not the share of runs that "
                             "hit (the checker divides by the runs itself).")
        hits = _whole(hits)
        outcomes = None
    else:
        if len(answer) != 2 or not isinstance(answer[0], (list, tuple)):
            raise ValueError(f"{asked}: the list of every run's outcome, then your seed — not an estimate and its "
                             "standard error (the checker works those out from your outcomes).")
        outcomes, seed = answer
        if any(isinstance(x, bool) or not isinstance(x, (int, float, Fraction)) for x in outcomes):
            raise ValueError("The outcomes must all be numbers: one run's outcome each.")
        runs = len(outcomes)
    if _whole(runs) != truth.runs:
        raise ValueError(f"The question asks for {truth.runs:,} runs; this answer has {runs:,}." if _whole(runs)
                         is not None else f"The number of runs is a whole number: {truth.runs:,} here.")
    if _whole(seed) is None:
        raise ValueError("Give the seed you used too, a whole number, so that your run can be repeated.")
    if outcomes is None:
        if not 0 <= hits <= truth.runs:
            raise ValueError(f"The count of hits lies between 0 and the {truth.runs:,} runs.")
        estimate = hits / truth.runs
        error = math.sqrt(estimate * (1 - estimate) / truth.runs)
    else:
        numbers = [float(x) for x in outcomes]
        if any(x != x or abs(x) == float("inf") for x in numbers):
            raise ValueError("Some outcomes are nan or inf: each run's outcome is a number.")
        estimate = math.fsum(numbers) / len(numbers)
        spread = math.sqrt(math.fsum((x - estimate) ** 2 for x in numbers) / (len(numbers) - 1))
        if not truth.spread / 2 <= spread <= truth.spread * 2:
            raise ValueError(f"Your outcomes spread {'far less' if spread < truth.spread else 'far more'} than "
                             f"single runs do (standard deviation {spread:.3f}): give each run's own outcome.")
        error = spread / math.sqrt(len(numbers))
    return Run(estimate, error, truth.runs, _whole(seed))


def simulated(answer: Any, truth: Sampled, errors: float = 4) -> bool:
    """A simulation answer counts when it is well formed (:func:`read_run`) and its estimate lies within
    ``errors`` standard errors of the exact value.

    A seeded simulation's result depends on how it draws its cards, so it is judged by what any
    correct simulation of that size does, not by one stream of random numbers.

    >>> truth = Sampled(Fraction(1, 2), 10_000)
    >>> simulated((5_100, 10_000, 1), truth), simulated((5_300, 10_000, 1), truth), simulated((0.5, 0.005), truth)
    (True, False, False)
    """
    try:
        run = read_run(answer, truth)
    except ValueError:
        return False
    return abs(run.estimate - float(truth.value)) <= errors * truth.standard_error


def estimate_near(wrong: Callable[[], Any]) -> Callable[[Any, Sampled], bool]:
    """A simulation's slip: its estimate lies within 4 standard errors of the slip's value ``wrong()``,
    and nearer it than the truth.

    >>> estimate_near(lambda: 0.4)((4_100, 10_000, 3), Sampled(Fraction(1, 2), 10_000))
    True
    """
    def matches(answer: Any, truth: Sampled) -> bool:
        estimate, slip = read_run(answer, truth).estimate, float(wrong())
        return (abs(estimate - slip) <= 4 * truth.standard_error
                and abs(estimate - slip) < abs(estimate - float(truth.value)))
    return matches
