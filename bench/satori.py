"""Benchmarks of The Satori's mathematics: the coach's queries, and the Bayesian bot's tournament.

    .venv/bin/python bench/satori.py            # tables
    .venv/bin/python bench/satori.py --json     # the same figures as JSON

Positions are the Katsu windows met in seeded games between counting bots. A posterior query
is ``p_satori`` under each of the lesson's three models, from a cold cache (``worlds`` cleared),
as the coach asks them; the stakes are ``katsu_stakes`` with the coach's 100 rollouts a branch; the
coach panel is the app's whole panel (both, drawn to HTML); the learner's decision is its whole
``act`` in those windows (the Beta posterior and 40 rollouts a branch of the stakes, its cache warm
as in a game: the posterior cache of the game so far kept). One core; nothing here passes or fails.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.core.match import play  # noqa: E402
from cardlib.core.tournament import standings  # noqa: E402
from cardlib.satori import KATSU, NO_KATSU, Game  # noqa: E402
from cardlib.satori.analysis import MODELS, katsu_stakes, p_satori  # noqa: E402
from cardlib.satori.beliefs import worlds  # noqa: E402
from cardlib.satori.bots import BayesianBot, CountingBot  # noqa: E402
from cardlib.satori.bots_learner import LearnerBot  # noqa: E402
from maths import latency, options  # noqa: E402


def windows(players: int, games: int, seed: int) -> list:
    """The observation of the seat asked, at every Katsu window of seeded counting-bot games."""
    found = []
    game = Game(players=players)
    for index in range(games):
        record = play(game, [CountingBot()] * players, seed=seed * 1_000 + index)
        state = game.new()
        for action in record.actions:
            if state.phase == "katsu":
                found.append(state.observation(state.current_player))
            state.apply(action)
    return found


def timed(call, observations) -> list[float]:
    """Milliseconds of ``call(observation)`` for each observation, the posterior cache cleared before each."""
    times = []
    for observation in observations:
        worlds.cache_clear()
        start = time.perf_counter()
        call(observation)
        times.append(1000 * (time.perf_counter() - start))
    return times


def posteriors(observation) -> list:
    """What the coach asks first: the posterior under each model (or that the model cannot explain the play)."""
    found = []
    for model in MODELS.values():
        try:
            found.append(p_satori(observation, model))
        except ValueError:
            found.append(None)
    return found


def decision_times(bot, observations) -> list[float]:
    """Seconds of ``bot.act`` in each window (the caches warm, as they are within a game)."""
    times = []
    for observation in observations:
        start = time.perf_counter()
        bot.act(observation, [KATSU, NO_KATSU], random.Random(0))
        times.append(time.perf_counter() - start)
    return times


def coach_panel(observation) -> str:
    """The app's whole coach panel in a window: the posteriors, the stakes (100 rollouts a branch), the verdict."""
    from cardlib.satori import coach
    from cardlib.ui.narration import Names
    coach._katsu_coach_cached.cache_clear()  # the app keeps a panel per observation: measure it drawn anew
    return coach.coach_html(observation, Names(me=observation.seat))


def main() -> None:
    args = options(__doc__, games=30, tournament=2000, tournament_help="Bayesian vs counting games (0: none)").parse_args()
    rows = []
    for players in (3, 4, 5):
        found = windows(players, args.games, args.seed)
        rows.append(latency(f"posterior, 3 models, {players} players", timed(posteriors, found)))
    found = windows(3, max(5, args.games // 3), args.seed)
    rows.append(latency("stakes, 100 rollouts x 3, 3 players", timed(
        lambda obs: katsu_stakes(obs, rollouts=100, seed=len(obs.log)), found)))
    rows.append(latency("whole coach panel, 3 players", timed(coach_panel, found)))
    learner = LearnerBot()
    for players in (3, 5):
        seen = windows(players, max(5, args.games // 3), args.seed)
        rows.append(latency(f"learner's Katsu decision, {players} players", [
            1000 * seconds for seconds in decision_times(learner, seen)]))
    report: dict = {"seed": args.seed, "load": os.getloadavg()[0], "rows": rows}
    if args.tournament:
        start = time.perf_counter()
        _, table = standings(Game(players=3), {"bayesian": BayesianBot(), "counting A": CountingBot(),
                                               "counting B": CountingBot()}, games=args.tournament, seed=2026)
        report["tournament"] = {"games": args.tournament, "seed": 2026, "seconds": round(time.perf_counter() - start, 1),
                                "summary": json.loads(table.to_json(orient="index"))}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"The Satori: Katsu windows of seeded counting-bot games, seed {args.seed}; "
          f"load {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores\n")
    columns = ["what", "n", "median ms", "p90 ms", "max ms"]
    print("| " + " | ".join(f"{c:<34}" if c == "what" else f"{c:>9}" for c in columns) + " |")
    print("|" + "|".join("-" * (36 if c == "what" else 11) for c in columns) + "|")
    for row in rows:
        print("| " + " | ".join(f"{str(row[c]):<34}" if c == "what" else f"{str(row[c]):>9}" for c in columns) + " |")
    if args.tournament:
        info = report["tournament"]
        print(f"\nBayesianBot vs 2 x CountingBot, 3 players: {info['games']} games, seed {info['seed']}, "
              f"{info['seconds']} s; 95% intervals")
        print(table[["seats played", "win rate", "win low", "win high"]].to_string(float_format=lambda v: f"{v:.3f}"))


if __name__ == "__main__":
    main()
