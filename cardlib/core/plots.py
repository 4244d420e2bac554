"""Plots every game's notebook shares: tournament rates with their 95% intervals (matplotlib)."""
from __future__ import annotations

from typing import Any, Optional

import pandas as pd


def rate_plot(standings: pd.DataFrame, rate: str = "win", title: str = "",
              fair: Optional[float] = None, ax: Any = None) -> Any:
    """Bars of each agent's win (or loss) rate with its 95% interval, from ``tournament.summary``.

    ``fair`` draws a dashed line where equal players would be (a third for three players).
    Returns the matplotlib Axes.
    """
    import matplotlib.pyplot as plt

    if rate not in ("win", "loss"):
        raise ValueError(f"rate must be 'win' or 'loss', not {rate!r}")
    column = f"{rate} rate"
    values = standings[column]
    errors = [values - standings[f"{rate} low"], standings[f"{rate} high"] - values]
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.6 + 0.5 * len(standings)))
    ax.barh(standings.index, values, xerr=errors, capsize=6, color="tab:blue")
    if fair is not None:
        ax.axvline(fair, color="grey", linestyle="--", label="equal players")
        ax.legend(loc="lower right")
    ax.set_xlabel(f"share of games {'won' if rate == 'win' else 'lost'}, with its 95% interval")
    ax.set_title(title)
    return ax
