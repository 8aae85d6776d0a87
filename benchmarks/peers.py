"""This solver against Freecell Solver on the same Baker's Game and Seahaven Towers deals.

Each deal is given to Freecell Solver (``fc-solve``, Debian package freecell-solver-bin) with
the preset whose rules are ours (Kings-only empty piles: ``ko_bakers_game`` and ``seahaven``)
and to this game's solver, with the same time limit. It prints, per game, the share of deals
each decided (a win or a proof that none exists), the median and 90th percentile of the time
per deal, and the ratios ours / fc-solve; then the deals where the two disagree.

    python benchmarks/peers.py [--games bakers-game,seahaven] [--first 1] [--deals 100]
                               [--budget 10] [--only 10,25,36]

Times are given twice: wall-clock, and the processor time each solver used (on a busy shared
machine the wall-clock time is mostly waiting for a core; the processor time is not). For
fc-solve that is its whole process (start-up, reading the board, solving), for ours the
``solve`` call in this process (the deal's layout is built before the clock starts). fc-solve
runs with no iteration limit and is stopped at the time limit, wall-clock ("unknown"), as
ours is. The ratios are measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

PRESETS = {"bakers-game": "ko_bakers_game", "seahaven": "seahaven"}
"""Freecell Solver's preset for each game, with our rules: empty piles take Kings only."""

SOLVED = "This game is solveable."
UNSOLVED = "I could not solve this game."


@dataclass(frozen=True)
class Outcome:
    """One solver's answer on one deal."""

    verdict: str  # "winnable", "unwinnable" or "unknown"
    seconds: float
    cpu: float = 0.0
    """Processor seconds (user and system)."""


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line, checked: known games, a positive budget, deal numbers."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", default=",".join(PRESETS), help="comma-separated: bakers-game,seahaven")
    ap.add_argument("--first", type=int, default=1, help="first deal number")
    ap.add_argument("--deals", type=int, default=100, help="how many deals from --first")
    ap.add_argument("--budget", type=float, default=10.0, help="seconds per deal, for each solver")
    ap.add_argument("--only", help="comma-separated deal numbers, instead of --first/--deals")
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in PRESETS]
    if unknown or not games:
        ap.error(f"--games: not one of {', '.join(PRESETS)}: {args.games!r}")
    if args.budget <= 0:
        ap.error(f"--budget must be positive: {args.budget}")
    if args.only:
        try:
            args.deal_list = [int(d) for d in args.only.split(",") if d.strip()]
        except ValueError:
            ap.error(f"--only: not a list of deal numbers: {args.only!r}")
    else:
        if args.deals < 1 or args.first < 1:
            ap.error("--first and --deals must be at least 1")
        args.deal_list = list(range(args.first, args.first + args.deals))
    if not args.deal_list or min(args.deal_list) < 1:
        ap.error("deal numbers start at 1")
    args.game_list = games
    return args


def fcs_verdict(stdout: str) -> str:
    """Freecell Solver's verdict from its output."""
    if SOLVED in stdout:
        return "winnable"
    if UNSOLVED in stdout and "Iterations count exceeded" not in stdout:
        return "unwinnable"
    return "unknown"


def run_fcs(board: str, preset: str, budget: float) -> Outcome:
    """``fc-solve`` on ``board`` with ``preset``, stopped after ``budget`` seconds."""
    before = _children_cpu()
    began = time.perf_counter()
    try:
        done = subprocess.run(
            ["fc-solve", "-g", preset], input=board, capture_output=True, text=True, timeout=budget
        )
    except subprocess.TimeoutExpired:  # run() has killed and reaped it: its time is counted
        return Outcome("unknown", time.perf_counter() - began, _children_cpu() - before)
    return Outcome(fcs_verdict(done.stdout), time.perf_counter() - began, _children_cpu() - before)


def _children_cpu() -> float:
    """Processor seconds used by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_ours(key: str, deal: int, budget: float) -> Outcome:
    """This game's solver on ``deal`` of ``key`` with ``budget`` seconds."""
    import game
    from game.solver import Budget, solve

    board = game.new_game(key, deal=deal)
    began, cpu = time.perf_counter(), time.process_time()
    found = solve(board, Budget(seconds=budget))
    return Outcome(found.verdict.value, time.perf_counter() - began, time.process_time() - cpu)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def decided(outcomes: Sequence[Outcome]) -> float:
    """The percentage of ``outcomes`` that decided the deal."""
    return 100 * sum(o.verdict != "unknown" for o in outcomes) / len(outcomes)


def ratio(a: float, b: float) -> str:
    """``a / b`` as a figure, or "-" when ``b`` is 0."""
    return f"{a / b:.2f}x" if b > 0 else "-"


def summary(name: str, outcomes: Sequence[Outcome]) -> tuple[str, list[float]]:
    """One line of figures for a solver's outcomes, and their median and p90 times, wall-clock
    then processor."""
    figures: list[float] = []
    for times in ([o.seconds for o in outcomes], [o.cpu for o in outcomes]):
        figures += [statistics.median(times), percentile(times, 0.9)]
    wins = sum(o.verdict == "winnable" for o in outcomes)
    lost = sum(o.verdict == "unwinnable" for o in outcomes)
    line = f"  {name:<9} decided {decided(outcomes):6.1f} %  (won {wins}, lost {lost})  "
    line += "wall median {:7.3f} s  p90 {:7.3f} s;  cpu median {:7.3f} s  p90 {:7.3f} s".format(*figures)
    return line, figures


def compare(key: str, ours: dict[int, Outcome], theirs: dict[int, Outcome]) -> list[str]:
    """The report lines of one game."""
    lines = [f"{key}: {len(ours)} deals"]
    ours_line, a = summary("ours", list(ours.values()))
    fcs_line, b = summary("fc-solve", list(theirs.values()))
    lines += [ours_line, fcs_line]
    lines.append(
        f"  ours / fc-solve: wall median {ratio(a[0], b[0])}, p90 {ratio(a[1], b[1])}; "
        f"cpu median {ratio(a[2], b[2])}, p90 {ratio(a[3], b[3])}"
    )
    undecided = [d for d, o in ours.items() if o.verdict == "unknown"]
    lines.append(f"  undecided by ours: {undecided or 'none'}")
    clash = [d for d in ours if {ours[d].verdict, theirs[d].verdict} == {"winnable", "unwinnable"}]
    lines.append(f"  verdicts that disagree: {clash or 'none'}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run both solvers on every deal of every game and print the comparison."""
    args = parse_args(argv)
    if shutil.which("fc-solve") is None:
        print("peers: fc-solve not found (apt-get install freecell-solver-bin)", file=sys.stderr)
        return 2
    import game
    from game.fcs import fcs_board
    from game.solver.native import describe

    load = os.getloadavg()
    print(f"{len(args.deal_list)} deals from {args.deal_list[0]}, {args.budget} s per deal per solver")
    print(f"solver: {describe()}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for key in args.game_list:
        ours: dict[int, Outcome] = {}
        theirs: dict[int, Outcome] = {}
        for deal in args.deal_list:
            theirs[deal] = run_fcs(fcs_board(game.new_game(key, deal=deal)), PRESETS[key], args.budget)
            ours[deal] = run_ours(key, deal, args.budget)
        print("\n".join(compare(key, ours, theirs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
