"""CFR and CFR+ (cardlib.core.cfr) on Kuhn poker and on the small Satori: exploitability by iterations, seconds.

    python bench/cfr.py                # the tables (about a minute and a half)
    python bench/cfr.py --candidates   # also every small Satori deal equilibrium.py chose among (minutes)
    python bench/cfr.py --json         # the same figures as JSON

Seconds are wall-clock on one core and count the CFR iterations only, not the measuring. For
scale: OpenSpiel's CFR reaches 0.094 on Leduc poker (936 information sets) after 100 iterations
and 0.012 after 1,000. Nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from fractions import Fraction
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib.core import cfr, example  # noqa: E402
from cardlib.satori import KATSU, PLAY_ZATSUNEN, Game as SatoriGame  # noqa: E402
from cardlib.satori.equilibrium import SMALL, frequencies, purity_costs, small_value  # noqa: E402

CHECKPOINTS = (10, 100, 1000)
TARGET = 0.001         # the small Satori's goal: keep going until the exploitability is below it
SATORI_LIMIT = 20_000  # iterations at most, for vanilla CFR's slower approach
CANDIDATES = ((1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (2, 3), (3, 2))


def kuhn_tree() -> cfr.Tree:
    """Kuhn poker: the six deals at 1/6, player 0's chips as the utility."""
    deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in permutations(example.CARDS, 2)]
    return cfr.tree(deals, utility=lambda state: state.result().scores[0])


def satori_tree(game) -> cfr.Tree:
    """A two-player Satori from its one root, won (+1) or lost (-1)."""
    return cfr.tree([(1, game.new())], utility=cfr.places_utility)


def timed_tree(build, *args) -> tuple[cfr.Tree, float]:
    """A tree and the seconds it took to build."""
    start = time.perf_counter()
    built = build(*args)
    return built, time.perf_counter() - start


def convergence(game_tree: cfr.Tree, plus: bool, until: float | None) -> list[cfr.Checkpoint]:
    """The checkpoints at 10, 100, 1,000; with ``until``, then every 250 (CFR+) or 1,000 until below it."""
    if until is None:
        return list(cfr.solve(game_tree, CHECKPOINTS[-1], plus=plus, at=CHECKPOINTS).curve)
    step = 250 if plus else 1000
    return list(cfr.solve(game_tree, SATORI_LIMIT, plus=plus, at=CHECKPOINTS, every=step, stop_below=until).curve)


def first_below(curve: list[cfr.Checkpoint], target: float) -> cfr.Checkpoint | None:
    """The first checkpoint under ``target``, if any."""
    return next((point for point in curve if point.exploitability < target), None)


def candidate_row(satori: int, zatsunen: int) -> dict:
    """One deal tried for the small Satori: sizes, CFR+ to the target (checked every 25), and what it plays."""
    game_tree, built = timed_tree(satori_tree, SatoriGame(players=2, satori=satori, zatsunen=zatsunen))
    solved = cfr.solve(game_tree, SATORI_LIMIT, every=25, stop_below=TARGET)
    root = game_tree.roots[0][1]
    move = game_tree.keys[game_tree.infoset[root]]
    window = game_tree.keys[game_tree.infoset[game_tree.children[root][0]]]  # player 1 on the first card
    last = solved.curve[-1]
    return {"deal": f"{satori} S + {zatsunen} Z", "infosets": game_tree.size.infosets,
            "histories": game_tree.size.histories, "build_s": built, "iterations": last.iteration,
            "exploitability": last.exploitability, "seconds": last.seconds,
            "first_bluff": float(solved.policy[move].get(PLAY_ZATSUNEN, 0)),
            "first_katsu": float(solved.policy[window][KATSU]),
            "value": float(cfr.value(game_tree, solved.policy))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--candidates", action="store_true", help="also every small Satori deal tried")
    args = parser.parse_args()
    games = {"Kuhn poker": (kuhn_tree, (), None),
             f"Satori {SMALL.satori} S + {SMALL.zatsunen} Z": (satori_tree, (SMALL,), TARGET)}
    sizes, runs = [], []
    for name, (build, build_args, until) in games.items():
        game_tree, built = timed_tree(build, *build_args)
        size = game_tree.size
        sizes.append({"game": name, "infosets": size.infosets, "decisions": size.decisions,
                      "terminals": size.terminals, "histories": size.histories, "build_s": built})
        for plus in (False, True):
            curve = convergence(game_tree, plus, until)
            runs.append({"game": name, "solver": "CFR+" if plus else "CFR", "target": until,
                         "curve": [point._asdict() for point in curve]})
    rows = frequencies()
    found = {"value": small_value(), "first_bluff": rows[0].probability, "first_katsu": rows[1].probability,
             "purity": [row._asdict() for row in purity_costs()]}
    candidates = [candidate_row(*deal) for deal in CANDIDATES] if args.candidates else []
    if args.json:
        print(json.dumps({"python": platform.python_version(), "sizes": sizes, "runs": runs, "found": found,
                          "candidates": candidates}, indent=2))
        return
    print(f"CFR and CFR+ (alternating updates), Python {platform.python_version()}, one core\n")
    print(f"| {'game':<18} | {'infosets P0 + P1':>16} | {'decisions':>9} | {'ends':>6} | {'histories':>9} | "
          f"{'build s':>7} |")
    print(f"|{'-' * 20}|{'-' * 18}|{'-' * 11}|{'-' * 8}|{'-' * 11}|{'-' * 9}|")
    for row in sizes:
        infosets = f"{row['infosets'][0]} + {row['infosets'][1]}"
        print(f"| {row['game']:<18} | {infosets:>16} | {row['decisions']:>9,} | {row['terminals']:>6,} | "
              f"{row['histories']:>9,} | {row['build_s']:>7.2f} |")
    print("\nExploitability of the average policy ((BR0 + BR1) / 2), and the CFR seconds to get there\n")
    print(f"| {'game':<18} | {'solver':<6} | {'iterations':>10} | {'exploitability':>14} | {'seconds':>7} |")
    print(f"|{'-' * 20}|{'-' * 8}|{'-' * 12}|{'-' * 16}|{'-' * 9}|")
    for run in runs:
        for point in run["curve"]:
            if point["iteration"] in CHECKPOINTS or point is run["curve"][-1]:
                print(f"| {run['game']:<18} | {run['solver']:<6} | {point['iteration']:>10,} | "
                      f"{point['exploitability']:>14.6f} | {point['seconds']:>7.2f} |")
    for run in runs:
        last = run["curve"][-1]
        if run["target"] is not None and last["exploitability"] >= run["target"]:
            print(f"\n{run['solver']} on the {run['game']}: still {last['exploitability']:.6f} after "
                  f"{last['iteration']:,} iterations (the limit), not below {run['target']}.")
    print("\n(OpenSpiel's CFR on Leduc poker: 0.094 after 100 iterations, 0.012 after 1,000.)")
    print(f"\nThe small Satori's equilibrium (CFR+, {SMALL.satori} S + {SMALL.zatsunen} Z): player 0 is worth "
          f"{found['value']:+.4f}; it bluffs on move 1 with {found['first_bluff']:.3f}, and player 1 calls Katsu on "
          f"that card with {found['first_katsu']:.3f}.")
    print("Player 0's value with one choice forced (CFR+ bounds, 1,000 iterations each):\n")
    print(f"| {'forced':<14} | {'where':<60} | {'value':>18} |")
    print(f"|{'-' * 16}|{'-' * 62}|{'-' * 20}|")
    for row in purity_costs():
        where = row.situation.split(";")[0]  # the seat, its cards and the piles; the story is the first move
        print(f"| {row.forced:<14} | {where:<60} | {row.low:+.4f} .. {row.high:+.4f} |")
    if candidates:
        print(f"\nEvery deal tried: CFR+ until exploitability < {TARGET} (checked every 25 iterations)\n")
        print(f"| {'deal':<9} | {'infosets':>13} | {'histories':>9} | {'iterations':>10} | {'seconds':>7} | "
              f"{'bluff 1':>7} | {'Katsu 1':>7} | {'value P0':>8} |")
        print(f"|{'-' * 11}|{'-' * 15}|{'-' * 11}|{'-' * 12}|{'-' * 9}|{'-' * 9}|{'-' * 9}|{'-' * 10}|")
        for row in candidates:
            infosets = f"{row['infosets'][0]:,} + {row['infosets'][1]:,}"
            print(f"| {row['deal']:<9} | {infosets:>13} | {row['histories']:>9,} | {row['iterations']:>10,} | "
                  f"{row['seconds']:>7.1f} | {row['first_bluff']:>7.3f} | {row['first_katsu']:>7.3f} | "
                  f"{row['value']:>+8.4f} |")


if __name__ == "__main__":
    main()
