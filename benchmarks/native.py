"""The compiled solver against the plain-Python one (``game.solver.native``), in the same run.

Each search runs in a fresh process, ``--runs`` times per mode, alternating the modes; the
figures are the median times and the ratio plain / compiled. Positions searched are printed
too: they must be equal in both modes (the compiled modules are the same code).

    python benchmarks/native.py [--runs 3]

``--against DIR`` compares this checkout's compiled solver with the one built in another
checkout ``DIR`` instead (say, an earlier commit built with ``python setup.py build_ext
--inplace``): both compiled, alternating, same cases; a change to how the solver is built
must leave positions and times as they were.

    python benchmarks/native.py --against /tmp/solitaire-587ba57 [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from game.solver.native import PURE_ENV

CASES = (("aunt-mary", 184), ("aunt-mary", 81), ("lady-jane", 15), ("kansas", 13), ("seahaven", 246))
"""Searches of a few seconds each: Aunt Mary and Kansas proofs, Lady Jane and Seahaven wins."""

CODE = """
import json, sys, time, game
from game.solver import Budget, solve
from game.solver.native import compiled
g = game.new_game(sys.argv[1], deal=int(sys.argv[2]))
began = time.perf_counter()
r = solve(g, Budget(seconds=120))
print(json.dumps({"seconds": time.perf_counter() - began, "nodes": r.positions,
                  "verdict": r.verdict.value, "compiled": compiled()}))
"""


ROOT = Path(__file__).resolve().parent.parent


def run(variant: str, deal: int, pure: bool, tree: Path = ROOT) -> dict[str, object]:
    """One solve in a fresh process, with the ``game`` package of checkout ``tree``."""
    env = {**os.environ, PURE_ENV: "1" if pure else "0", "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", CODE, variant, str(deal)],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    """Print a line per case: verdict, positions, median times and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", type=Path, help="another checkout whose compiled solver to compare")
    args = ap.parse_args()
    if args.against is not None:
        against(args.against.resolve(), args.runs)
        return
    print(f"{'case':<22} {'verdict':<12} {'positions':>10} {'plain s':>8} {'compiled s':>10} {'ratio':>6}")
    for variant, deal in CASES:
        times: dict[bool, list[float]] = {True: [], False: []}
        nodes: dict[bool, set[object]] = {True: set(), False: set()}
        verdict = ""
        for _ in range(args.runs):
            for pure in (True, False):
                r = run(variant, deal, pure)
                if not pure and not r["compiled"]:
                    raise SystemExit(
                        "native.py: the solver is not compiled here (pip install -e . with a C compiler)"
                    )
                times[pure].append(float(str(r["seconds"])))
                nodes[pure].add(r["nodes"])
                verdict = str(r["verdict"])
        same = nodes[True] == nodes[False] and len(nodes[True]) == 1
        plain, fast = statistics.median(times[True]), statistics.median(times[False])
        count = next(iter(nodes[False])) if same else "differ!"
        case = f"{variant} {deal}"
        print(f"{case:<22} {verdict:<12} {count!s:>10} {plain:>8.2f} {fast:>10.2f} {plain / fast:>6.2f}")


def against(other: Path, runs: int) -> None:
    """Print a line per case: positions and median times here and in ``other``, and the ratio."""
    print(f"compiled solver here ({ROOT}) against {other}, {runs} runs each, alternating")
    print(f"{'case':<22} {'verdict':<12} {'positions':>10} {'here s':>8} {'other s':>8} {'other/here':>10}")
    for variant, deal in CASES:
        times: dict[Path, list[float]] = {ROOT: [], other: []}
        nodes: dict[Path, set[object]] = {ROOT: set(), other: set()}
        verdict = ""
        for _ in range(runs):
            for tree in (ROOT, other):
                r = run(variant, deal, False, tree)
                if not r["compiled"]:
                    raise SystemExit(f"native.py: the solver in {tree} is not compiled")
                times[tree].append(float(str(r["seconds"])))
                nodes[tree].add(r["nodes"])
                verdict = str(r["verdict"])
        same = nodes[ROOT] == nodes[other] and len(nodes[ROOT]) == 1
        here, there = statistics.median(times[ROOT]), statistics.median(times[other])
        count = next(iter(nodes[ROOT])) if same else "differ!"
        case = f"{variant} {deal}"
        print(f"{case:<22} {verdict:<12} {count!s:>10} {here:>8.2f} {there:>8.2f} {there / here:>10.2f}")


if __name__ == "__main__":
    main()
