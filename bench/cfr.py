"""CFR and CFR+ (cardlib.core.cfr) on Kuhn poker, Leduc poker and the small Satori: exploitability by iterations.

    python bench/cfr.py                # the tables (about two minutes)
    python bench/cfr.py --candidates   # also every small Satori deal equilibrium.py chose among (minutes)
    python bench/cfr.py --lp           # also Leduc's exact value by the sequence-form LP (about 100 s of CPU)
    python bench/cfr.py --json         # the same figures as JSON

Seconds are wall-clock on one core and count the CFR iterations only, not the measuring; CPU
seconds beside them say how much of the wall-clock was the machine's load. Leduc poker
(core/leduc.py) is dealt with its board card by chance inside the tree; OpenSpiel's CFR reaches
0.88858, 0.09572 and 0.01182 on it after 10, 100 and 1,000 iterations (its 936 information sets
tell the suits apart; here 288, by rank: the same game for CFR). Nothing here passes or fails.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from fractions import Fraction
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardlib.core import cfr, example, leduc  # noqa: E402
from cardlib.satori import KATSU, PLAY_ZATSUNEN, Game as SatoriGame  # noqa: E402
from cardlib.satori.equilibrium import SMALL, frequencies, purity_costs, small_value  # noqa: E402

CHECKPOINTS = (10, 100, 1000)
OPENSPIEL_LEDUC = {10: 0.88858, 100: 0.09572, 1000: 0.01182}  # OpenSpiel's CFR on leduc_poker, NashConv / 2
LEDUC_VALUE = -0.0856  # published: the first player's value of Leduc poker
BRACKET = 3000         # CFR+ iterations whose best responses bracket Leduc's value
TARGET = 0.001         # the small Satori's goal: keep going until the exploitability is below it
SATORI_LIMIT = 20_000  # iterations at most, for vanilla CFR's slower approach
CANDIDATES = ((1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (2, 3), (3, 2))


def kuhn_tree() -> cfr.Tree:
    """Kuhn poker: the six deals at 1/6, player 0's chips as the utility."""
    deals = [(Fraction(1, 6), example.Game().new(deck=deal)) for deal in permutations(example.CARDS, 2)]
    return cfr.tree(deals, utility=cfr.scores_utility)


def leduc_tree() -> cfr.Tree:
    """Leduc poker: the nine private deals by rank, the board dealt by chance inside the tree, chips as the utility."""
    return cfr.tree(leduc.deals(), utility=cfr.scores_utility)


def leduc_value(lp_too: bool) -> dict:
    """Leduc's value bracketed by CFR+'s two best responses after BRACKET iterations; with ``lp_too``, exactly."""
    game_tree = leduc_tree()
    start, clock = time.perf_counter(), time.process_time()
    policy = cfr.solve(game_tree, BRACKET).policy
    found = {"iterations": BRACKET, "low": -cfr.best_response(game_tree, policy, 1)[0],
             "high": cfr.best_response(game_tree, policy, 0)[0], "value": float(cfr.value(game_tree, policy)),
             "seconds": time.perf_counter() - start, "cpu_s": time.process_time() - clock}
    if lp_too:
        from cardlib.satori import lp  # the exact solver: Fractions throughout
        start, clock = time.perf_counter(), time.process_time()
        exact = lp.guarantee(game_tree, 0).value
        found.update(exact=str(exact), exact_float=float(exact), lp_s=time.perf_counter() - start,
                     lp_cpu_s=time.process_time() - clock)
    return found


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


def print_header(*columns: tuple[str, str]) -> None:
    """A Markdown table's header and rule; each column a title and its format ("<18": 18 wide, to the left).

    >>> print_header(("game", "<6"), ("seconds", ">8"))
    | game   |  seconds |
    |--------|----------|
    """
    print("| " + " | ".join(f"{title:{spec}}" for title, spec in columns) + " |")
    print("|" + "|".join("-" * (int(spec[1:]) + 2) for _, spec in columns) + "|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--candidates", action="store_true", help="also every small Satori deal tried")
    parser.add_argument("--lp", action="store_true", help="also Leduc's exact value by the LP (about 100 s of CPU)")
    args = parser.parse_args()
    games = {"Kuhn poker": (kuhn_tree, (), None), "Leduc poker": (leduc_tree, (), None),
             f"Satori {SMALL.satori} S + {SMALL.zatsunen} Z": (satori_tree, (SMALL,), TARGET)}
    sizes, runs = [], []
    for name, (build, build_args, until) in games.items():
        game_tree, built = timed_tree(build, *build_args)
        size = game_tree.size
        sizes.append({"game": name, "infosets": size.infosets, "decisions": size.decisions,
                      "terminals": size.terminals, "chance": size.chance, "histories": size.histories,
                      "build_s": built})
        for plus in (False, True):
            clock = time.process_time()
            curve = convergence(game_tree, plus, until)
            runs.append({"game": name, "solver": "CFR+" if plus else "CFR", "target": until,
                         "curve": [point._asdict() for point in curve], "cpu_s": time.process_time() - clock})
    value = leduc_value(args.lp)
    rows = frequencies()
    found = {"value": small_value(), "first_bluff": rows[0].probability, "first_katsu": rows[1].probability,
             "purity": [row._asdict() for row in purity_costs()]}
    candidates = [candidate_row(*deal) for deal in CANDIDATES] if args.candidates else []
    if args.json:
        print(json.dumps({"python": platform.python_version(), "load": os.getloadavg(), "sizes": sizes,
                          "runs": runs, "leduc_value": value, "found": found, "candidates": candidates}, indent=2))
        return
    print(f"CFR and CFR+ (alternating updates), Python {platform.python_version()}, one core; "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print_header(("game", "<18"), ("infosets P0 + P1", ">16"), ("decisions", ">9"), ("ends", ">6"), ("chance", ">6"),
                 ("histories", ">9"), ("build s", ">7"))
    for row in sizes:
        infosets = f"{row['infosets'][0]} + {row['infosets'][1]}"
        print(f"| {row['game']:<18} | {infosets:>16} | {row['decisions']:>9,} | {row['terminals']:>6,} | "
              f"{row['chance']:>6,} | {row['histories']:>9,} | {row['build_s']:>7.2f} |")
    print("\nExploitability of the average policy ((BR0 + BR1) / 2), and the CFR seconds to get there\n")
    print_header(("game", "<18"), ("solver", "<6"), ("iterations", ">10"), ("exploitability", ">14"),
                 ("seconds", ">7"), ("OpenSpiel", ">9"))
    for run in runs:
        for point in run["curve"]:
            if point["iteration"] in CHECKPOINTS or point is run["curve"][-1]:
                theirs = OPENSPIEL_LEDUC.get(point["iteration"]) if run["game"] == "Leduc poker" and \
                    run["solver"] == "CFR" else None
                print(f"| {run['game']:<18} | {run['solver']:<6} | {point['iteration']:>10,} | "
                      f"{point['exploitability']:>14.6f} | {point['seconds']:>7.2f} | "
                      f"{'' if theirs is None else f'{theirs:.5f}':>9} |")
    print("\nCPU seconds of each whole run (the checkpoints' measuring included): "
          + ", ".join(f"{run['game']} {run['solver']} {run['cpu_s']:.2f}" for run in runs))
    for run in runs:
        last = run["curve"][-1]
        if run["target"] is not None and last["exploitability"] >= run["target"]:
            print(f"\n{run['solver']} on the {run['game']}: still {last['exploitability']:.6f} after "
                  f"{last['iteration']:,} iterations (the limit), not below {run['target']}.")
    print(f"\nLeduc poker's value for player 0 (published {LEDUC_VALUE}): CFR+ after {value['iterations']:,} "
          f"iterations plays {value['value']:+.6f}; its best responses bracket the value in "
          f"[{value['low']:+.6f}, {value['high']:+.6f}] ({value['seconds']:.1f} s, {value['cpu_s']:.1f} s CPU).")
    if "exact" in value:
        print(f"Exactly, by the sequence-form LP: {value['exact']} = {value['exact_float']:+.7f} "
              f"({value['lp_s']:.0f} s, {value['lp_cpu_s']:.0f} s CPU).")
    print(f"\nThe small Satori's equilibrium (CFR+, {SMALL.satori} S + {SMALL.zatsunen} Z): player 0 is worth "
          f"{found['value']:+.4f}; it bluffs on move 1 with {found['first_bluff']:.3f}, and player 1 calls Katsu on "
          f"that card with {found['first_katsu']:.3f}.")
    print("Player 0's value with one choice forced (CFR+ bounds, 1,000 iterations each):\n")
    print_header(("forced", "<14"), ("where", "<60"), ("value", ">18"))
    for row in purity_costs():
        where = row.situation.split(";")[0]  # the seat, its cards and the piles; the story is the first move
        print(f"| {row.forced:<14} | {where:<60} | {row.low:+.4f} .. {row.high:+.4f} |")
    if candidates:
        print(f"\nEvery deal tried: CFR+ until exploitability < {TARGET} (checked every 25 iterations)\n")
        print_header(("deal", "<9"), ("infosets", ">13"), ("histories", ">9"), ("iterations", ">10"),
                     ("seconds", ">7"), ("bluff 1", ">7"), ("Katsu 1", ">7"), ("value P0", ">8"))
        for row in candidates:
            infosets = f"{row['infosets'][0]:,} + {row['infosets'][1]:,}"
            print(f"| {row['deal']:<9} | {infosets:>13} | {row['histories']:>9,} | {row['iterations']:>10,} | "
                  f"{row['seconds']:>7.1f} | {row['first_bluff']:>7.3f} | {row['first_katsu']:>7.3f} | "
                  f"{row['value']:>+8.4f} |")


if __name__ == "__main__":
    main()
