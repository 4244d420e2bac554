"""SCOUT: what the search bot's rollouts would gain over the planner if it saw every hand (issue 25's ceiling for reading hands).

    .venv/bin/python tools/scout_ceiling.py [--players 3] [--deals 200] [--seed 2026] [--workers 2]
    .venv/bin/python tools/scout_ceiling.py --player planner-ss ...   # rollouts that play as the planners do

The same duplicate deals as ``tools/scout_duplicate.py`` (seed 2026: the same cards), but the search bot's
imagined worlds are the true game: every hand as it is, so its rollouts differ only in their own random draws.
No imagined world can be truer, so no way of reading the others' hands from their play lifts the search bot
above this with the same rollouts. The rollouts decide alone (``value=0.0``: no learned advantage, which was
trained on what the mover sees and has no use for the true hands). The rows go to
``notebooks/data/scout_ceiling.csv`` (``_4p``, ``_5p`` before ``.csv`` for 4 and 5 players); notebook 04 sets
them beside the search bot's own.

The bot is an oracle only in the processes that play it: there ``State.observation`` is wrapped to keep the state
it was asked about, and the bots module's ``world`` and ``determinize`` (which imagine a world) return that state
instead (``tell_every_hand``, called when a ``SeesAll`` is made or unpickled; importing this module changes
nothing). The app's SearchBot never sees a hidden card.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib.scout import Game  # noqa: E402
from cardlib.scout import bots  # noqa: E402
from cardlib.scout.bots import PlannerBot, SearchBot  # noqa: E402
from cardlib.scout.rules import State  # noqa: E402
from duplicate_deals import run  # noqa: E402

ASKED: dict[str, State] = {}  # the state whose observation was asked for last: the one the bot is acting in
_observation = State.observation


def _observation_kept(state: State, seat: int):
    ASKED["state"] = state
    return _observation(state, seat)


def tell_every_hand() -> None:
    """From now on, in this process, every SearchBot's imagined world is the true game (importing does not do it)."""
    State.observation = _observation_kept  # type: ignore[method-assign]
    bots.world = lambda obs, rng: ASKED["state"]  # the true game, not one imagined from the observation
    bots.determinize = lambda state, seat, rng: state  # (each rollout plays on a copy of it)


class SeesAll(SearchBot):
    """SearchBot whose every imagined world is the true game. Making one (or unpickling one in a worker process)
    calls ``tell_every_hand``: every search bot in that process is then an oracle."""

    def __init__(self, **options) -> None:
        super().__init__(**options)
        tell_every_hand()

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        tell_every_hand()

    def __repr__(self) -> str:
        return super().__repr__().replace("SearchBot", "SeesAll", 1)


if __name__ == "__main__":
    app = SearchBot()
    defaults = {"rollouts": app.rollouts, "width": app.width, "player": app.player, "value": 0.0}
    run(__doc__.splitlines()[0], Game(players=3, rounds=1), SeesAll, PlannerBot(), "scout_ceiling.csv",
        player_counts=(3, 4, 5), options=defaults, deals=200)
