"""The Satori: the learner against BayesianBot(3/5) and the best fixed-threshold bot, three players, seeded.

    python tools/satori_learner.py                 # the sweep, then 2,000 games; writes notebooks/data/satori_learner_tournament.csv
    python tools/satori_learner.py --games 200     # a quick look (no CSV unless --write)
    python tools/satori_learner.py --ablation 600  # what learning adds: against rivals bluffing 0, 1/4, 1/2

First the sweep finds the best fixed threshold: each threshold bot (Bayesian and counting, thresholds
1/2 to 1) plays ``--sweep`` seeded games against two BayesianBot(3/5); a threshold whose games are
move for move those of BayesianBot(3/5) is that bot again and is left out; a tie goes to the first
(the Bayesian bot, the lower threshold). Then the tournament: the
learner, BayesianBot(3/5) and the best threshold bot, the seats rotating, 95% intervals. Every game
is seeded, so any row of the CSV can be checked by replaying its game.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardlib.core.tournament import standings, tournament  # noqa: E402
from cardlib.satori import Game  # noqa: E402
from cardlib.satori.bots import BayesianBot, CountingBot  # noqa: E402
from cardlib.satori.bots_learner import TOURNAMENT, LearnerBot, tournament_agents  # noqa: E402

CSV = ROOT / "notebooks" / "data" / "satori_learner_tournament.csv"
SWEEP_SEED = 42
THRESHOLDS = tuple(Fraction(n, d) for n, d in ((1, 2), (3, 5), (2, 3), (3, 4), (4, 5), (5, 6), (9, 10), (1, 1)))


def best_threshold(games: int, seed: int = SWEEP_SEED) -> tuple[object, list[tuple[str, float]]]:
    """The threshold bot that wins most against two BayesianBot(3/5), and every threshold's win rate."""
    game, found = Game(players=3), []
    plain = tournament(game, [BayesianBot()] * 3, games=games, seed=seed)["score"].tolist()
    for kind in (BayesianBot, CountingBot):
        for threshold in THRESHOLDS:
            bot = kind(threshold=threshold)
            table = tournament(game, {"x": bot, "b1": BayesianBot(), "b2": BayesianBot()}, games=games, seed=seed)
            if kind is BayesianBot and table["score"].tolist() == plain:
                continue  # the very games of BayesianBot(3/5): the same bot in practice
            found.append((bot, float(table.loc[table["agent"] == "x", "won"].mean())))
    best = max(found, key=lambda pair: pair[1])[0]
    return best, [(f"{type(bot).__name__}({bot.threshold})", rate) for bot, rate in found]


def seconds_a_move(games: int = 20, seed: int = 7) -> tuple[int, float, float, float]:
    """The learner's Katsu decisions (its costly ones) in seeded games against the two bots: how many, and
    their seconds: median, p90 and max (a turn is a dictionary look-up)."""
    from cardlib.satori import analysis  # loaded once before timing: the first call would pay for sympy
    assert analysis.katsu_stakes
    bot = LearnerBot()
    timed: list[float] = []

    class Timed:
        name = "learner"

        def act(self, obs, legal, rng):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            action = bot.act(obs, legal, rng)
            if obs.phase == "katsu":
                timed.append(time.perf_counter() - start)
            return action

    tournament(Game(players=3), [Timed(), BayesianBot(), BayesianBot(threshold=Fraction(3, 4))], games=games, seed=seed)
    timed.sort()
    return len(timed), timed[len(timed) // 2], timed[int(0.9 * (len(timed) - 1))], timed[-1]


def ablation(games: int, workers: int, seed: int = SWEEP_SEED) -> None:
    """What learning adds: the learner, and the same bot held to a bluff rate of 1/4 (a Beta(250, 750) prior),
    each against BayesianBot(3/5) and BayesianBot(3/4) whose own bluff rate is 0, 1/4 or 1/2."""
    with ProcessPoolExecutor(workers) as pool:
        for bluff in (Fraction(0), Fraction(1, 4), Fraction(1, 2)):
            for name, bot in (("learner, Beta(1, 3)", LearnerBot()), ("held to 1/4, Beta(250, 750)",
                                                                     LearnerBot(prior=(250, 750)))):
                rivals = {"bayesian 3/5": BayesianBot(bluff=bluff), "bayesian 3/4": BayesianBot(Fraction(3, 4), bluff)}
                _, by_agent = standings(Game(players=3), {"learner": bot, **rivals}, games=games, seed=seed,
                                        executor=pool)
                row = by_agent.loc["learner"]
                print(f"rivals bluff {bluff}: {name} wins {row['win rate']:.3f} ({row['win low']:.3f}-"
                      f"{row['win high']:.3f}); " + ", ".join(f"{rival} {by_agent.loc[rival, 'win rate']:.3f}"
                                                             for rival in rivals), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TOURNAMENT["games"])
    parser.add_argument("--sweep", type=int, default=600, help="games a threshold in the sweep")
    parser.add_argument("--seed", type=int, default=TOURNAMENT["seed"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the CSV even for a short run")
    parser.add_argument("--ablation", type=int, default=0, metavar="GAMES",
                        help="instead: the learner against the same bot held to 1/4, rivals bluffing 0, 1/4, 1/2")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} cores")
    if args.ablation:
        ablation(args.ablation, args.workers)
        return
    best, rates = best_threshold(args.sweep)
    print(f"sweep, {args.sweep} games each against two BayesianBot(3/5), seed {SWEEP_SEED}: " +
          ", ".join(f"{name} {rate:.3f}" for name, rate in rates))
    print(f"best fixed threshold: {best!r}")
    agents = tournament_agents(best)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        table, summary = standings(Game(players=3), agents, games=args.games, seed=args.seed, executor=pool)
    print(f"{args.games} games, seed {args.seed}, {time.perf_counter() - start:.0f} s on {args.workers} workers; "
          f"95% intervals (a fair share is 1/3)")
    print(summary[["seats played", "win rate", "win low", "win high"]].to_string(float_format=lambda v: f"{v:.3f}"))
    count, median, p90, most = seconds_a_move()
    print(f"the learner's seconds a Katsu decision ({count} in 20 games): median {median:.3f}, p90 {p90:.3f}, "
          f"max {most:.3f}; load {os.getloadavg()[0]:.1f}")
    if (args.games, args.seed) == (TOURNAMENT["games"], TOURNAMENT["seed"]) or args.write:
        CSV.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(CSV, index=False)
        print(f"wrote {CSV.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
