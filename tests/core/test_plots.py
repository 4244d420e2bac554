"""The shared tournament plot draws what summary() says."""
import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from cardlib.core import RandomAgent  # noqa: E402
from cardlib.core.plots import rate_plot  # noqa: E402
from cardlib.core.tournament import summary, tournament  # noqa: E402
from cardlib.twentyfive import Game, ThresholdBot  # noqa: E402


def test_rate_plot_bars_and_intervals_are_the_summary():
    table = summary(tournament(Game(players=3), [ThresholdBot(22), RandomAgent(), RandomAgent()], games=30, seed=3))
    ax = rate_plot(table, rate="loss", fair=1 / 3)
    widths = [bar.get_width() for bar in ax.patches]
    assert widths == pytest.approx(list(table["loss rate"]))
    assert [label.get_text() for label in ax.get_yticklabels()] == list(table.index)
    assert "lost" in ax.get_xlabel()


def test_rate_plot_rejects_an_unknown_rate():
    with pytest.raises(ValueError, match="rate"):
        rate_plot(summary(tournament(Game(), [RandomAgent()] * 3, games=3)), rate="draw")
