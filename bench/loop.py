"""Benchmarks of Loop beyond the engine loop (bench/engines.py has that): the bots' time a move,
and the mathematics the lesson runs.

    .venv/bin/python bench/loop.py                      # tables
    .venv/bin/python bench/loop.py --json               # the same figures as JSON
    .venv/bin/python bench/loop.py --profile            # where the app's bot spends its time (cProfile)
    .venv/bin/python bench/loop.py --strength 1000      # the app's bot against its rules-engine twin

Positions are every decision of player 0 with a choice, in seeded four-player games between
climbers (the app's default table: its search bot decides while you wait for the table to update, so
every decision should take milliseconds); each bot answers each position once, with its own seeded
stream. "search, rollouts by the rules engine" is the same bot with every rollout played by rules.py
(the bot before playout.py): the same moves, for comparison.

``--strength N`` plays N seeded duplicate deals at the app's table (one search bot, three climbers):
each deal is played with the search bot in each seat in turn, once as the app's bot and once as its
rules-engine twin, and prints the mean points the app's bot gains a deal, with its 95% interval.
One core; nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import os
import random
import cProfile
import json
import pstats
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlib.core.match import play  # noqa: E402
from cardlib.core.tournament import schedule  # noqa: E402
from cardlib.loop import Game  # noqa: E402
from cardlib.loop import analysis  # noqa: E402
from cardlib.loop.app import default_opponents  # noqa: E402
from cardlib.loop.bots import ClimberBot, RandomAgent, SearchBot  # noqa: E402
from timing import per_move, print_tables, timed  # noqa: E402


def positions(games: int, seed: int, players: int = 4) -> list:
    """(observation, legal actions) of player 0 at each decision with a choice, in seeded games between climbers."""
    found = []
    climber = ClimberBot()
    for index in range(games):
        state = Game(players=players).new(seed=seed * 1_000 + index)
        while not state.is_over:
            player, legal = state.current_player, state.legal_actions()
            obs = state.observation(player)
            if player == 0 and len(legal) > 1:
                found.append((obs, legal))
            state.apply(climber.act(obs, legal, None))
    return found


def app_bot() -> SearchBot:
    """The bot the app seats first at a four-player table (app.default_opponents)."""
    bot = default_opponents(4)[0]
    assert isinstance(bot, SearchBot), bot
    return bot


def profile(found: list) -> None:
    """cProfile over the app's bot answering every position: the functions that take the most time."""
    bot, rng = app_bot(), random.Random(1)
    profiler = cProfile.Profile()
    profiler.enable()
    for obs, legal in found:
        bot.act(obs, legal, rng)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def strength(deals: int, seed: int) -> dict:
    """Duplicate deals at the app's table: the app's bot, then its rules-engine twin, in each seat with three
    climbers on the same cards; the points gained a deal (mean over the seats), with a 95% interval."""
    game, fast = Game(players=4, rounds=2), app_bot()
    slow = SearchBot(fast.rollouts, fast.width, by_rules=True)
    gains, differing = [], 0
    for index, deal_seed, _ in schedule(deals, seed, game.players):
        gained = 0.0
        for seat in range(game.players):
            records = []
            for bot in (fast, slow):
                agents: list = [ClimberBot() for _ in range(game.players)]
                agents[seat] = bot
                records.append(play(game, agents, seed=deal_seed))
            gained += (records[0].result.scores[seat] - records[1].result.scores[seat]) / game.players
            differing += records[0].actions != records[1].actions
        gains.append(gained)
        if (index + 1) % 50 == 0:  # a long match can be stopped and still say something
            print(f"{index + 1} deals: mean gain {statistics.fmean(gains):+.3f}, {differing} games differed",
                  file=sys.stderr, flush=True)
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
    return {"deals": deals, "seed": seed, "game": repr(game), "points gained a deal": mean,
            "95% interval": [mean - half, mean + half], "games whose moves differed": differing,
            "games": deals * game.players}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--profile", action="store_true", help="cProfile the app's bot over the positions")
    parser.add_argument("--strength", type=int, metavar="DEALS", help="a duplicate match against the twin")
    parser.add_argument("--seed", type=int, default=22, help="the duplicate match's seed")
    args = parser.parse_args()
    if args.strength:
        print(json.dumps(strength(args.strength, args.seed), indent=2))
        return
    found = positions(args.games, seed=5)
    if args.profile:
        profile(found)
        return
    bots = {"climber": per_move(ClimberBot(), found), "search, the app's (16 rollouts x 6)": per_move(app_bot(), found),
            "search, rollouts by the rules engine": per_move(SearchBot(by_rules=True), found)}
    three = {"random": RandomAgent(), "climber": ClimberBot(), "climber 2": ClimberBot()}
    maths = {
        "eights_table + three_eights_rule (exact)": timed(lambda: (analysis.eights_table(),
                                                                   [analysis.three_eights_rule(n) for n in (2, 3, 4)])),
        "expected_combinations (exact)": timed(analysis.expected_combinations),
        "p_eight_by_simulation, 20,000 hands": timed(lambda: analysis.p_eight_by_simulation(20_000, 11)),
        "simulate_combinations, 4,000 hands": timed(lambda: analysis.simulate_combinations(4_000, 3)),
        "replay_deals, 12 deals x 6 orders x 2 rounds": timed(lambda: analysis.replay_deals(12, 8, three)),
    }
    if args.json:
        print(json.dumps({"bots": bots, "mathematics": maths}, indent=2))
        return
    print_tables(f"Loop bots, milliseconds a move over {len(found)} positions of player 0 ({args.games} four-player "
                 f"climber games, seed 5; load {os.getloadavg()[0]:.1f})", bots, "Loop mathematics, seconds", maths)


if __name__ == "__main__":
    main()
