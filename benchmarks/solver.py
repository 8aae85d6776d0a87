"""Solver figures per variant: share solved, proved unwinnable, unknown; times; peak memory.

Each deal is solved in a fresh process (``solitaire solve --json``) so its peak memory can be
read. For Baker's Game and Seahaven Towers, Freecell Solver runs on the same deals side by
side when ``fc-solve`` is installed (Debian package freecell-solver-bin), with its kings-only
presets so the rules match ours.

Measure on deals the solver was never tuned on (its tuning used deals below 1,000): say
``--first 20001``; ``--deals 1000`` for the full figures (hours), 100 (the default) in minutes.

    python benchmarks/solver.py [--deals 100] [--first 1] [--budget 10] [--jobs 1]
                                [--variants bakers-game,seahaven] [--only 10,25,36]
                                [--verdicts verdicts.jsonl]

``--only`` takes a list of deals instead of a range (say, the undecided deals of a run, which
``--verdicts`` records per deal).

``--jobs`` solves that many deals at once (each in its own process); on a busy machine the
times grow with it, the verdicts do not (beyond deals that finish close to the budget).

The budget is wall-clock time, as in the game; the processor time each deal's process used is
printed beside it (its median, and what the deals left unknown got within their budget), since
on a shared machine a 10 s budget can buy a deal a fifth of that.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import game
from game.solver.native import describe

FCS_PRESET = {"bakers-game": "ko_bakers_game", "seahaven": "seahaven"}


def solve_one(key: str, deal: int, budget: float) -> tuple[str, float, float, float]:
    """Verdict, seconds, peak memory (MiB) and processor seconds of one deal, solved in its own
    process (the processor time is the whole process's: start-up and imports, about 0.1-0.2 s
    here, included)."""
    cmd = [sys.executable, "-m", "game", "solve", "--variant", key, "--deal", str(deal)]
    cmd += ["--budget", str(budget), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, _, usage = os.wait4(proc.pid, 0)
    record = json.loads(out)
    return record["verdict"], record["seconds"], usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def fcs_one(key: str, deal: int, max_iters: int) -> tuple[str, float]:
    """Freecell Solver's verdict and time on the same deal."""
    board = game.new_game(key, deal=deal)
    from game.fcs import fcs_board

    started = time.perf_counter()
    result = subprocess.run(
        ["fc-solve", "-g", FCS_PRESET[key], "-mi", str(max_iters)],
        input=fcs_board(board),
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    if "This game is solveable" in result.stdout:
        return "winnable", seconds
    if f"states checked is {max_iters}." in result.stdout:
        return "unknown", seconds  # it says "could not solve" when it reaches the limit too
    if "could not solve" in result.stdout:
        return "unwinnable", seconds
    return "unknown", seconds


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def share(verdicts: list[str], which: str) -> str:
    return f"{100 * verdicts.count(which) / len(verdicts):5.1f} %"


def main() -> None:
    """Print one line per variant, and the Freecell Solver comparison where it applies."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=1, help="first deal number")
    ap.add_argument("--jobs", type=int, default=1, help="deals solved at once")
    ap.add_argument("--budget", type=float, default=10.0)
    ap.add_argument("--variants", default=",".join(game.VARIANTS))
    ap.add_argument("--fcs-iters", type=int, default=1_000_000)
    ap.add_argument("--only", help="comma-separated deal numbers, instead of --first/--deals")
    ap.add_argument(
        "--verdicts",
        metavar="FILE",
        help="also write each deal's verdict, seconds and peak MiB to FILE, one JSON line each",
    )
    args = ap.parse_args()
    has_fcs = shutil.which("fc-solve") is not None
    deals = list(range(args.first, args.first + args.deals))
    if args.only:
        try:
            deals = [int(d) for d in args.only.split(",")]
        except ValueError:
            ap.error(f"--only: not a list of deal numbers: {args.only!r}")
        print(f"deals {args.only}, budget {args.budget} s per deal, {args.jobs} at once")
    else:
        print(f"deals {deals[0]}..{deals[-1]}, budget {args.budget} s per deal, {args.jobs} at once")
    load = os.getloadavg()
    print(f"solver: {describe()}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    header = "variant       solved   unwinnable  unknown   decided   median s   p95 s   peak MiB"
    header += "  cpu median s"
    print(header)
    for key in args.variants.split(","):
        verdicts, times, peaks, cpus = [], [], [], []
        unknown_cpu: list[float] = []
        ours: dict[int, str] = {}
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = pool.map(solve_one, [key] * len(deals), deals, [args.budget] * len(deals))
            for deal, (verdict, seconds, peak, cpu) in zip(deals, results, strict=True):
                verdicts.append(verdict)
                times.append(seconds)
                peaks.append(peak)
                cpus.append(cpu)
                if verdict == "unknown":
                    unknown_cpu.append(cpu)
                ours[deal] = verdict
                if args.verdicts:
                    with open(args.verdicts, "a", encoding="utf-8") as out:
                        record = {"variant": key, "deal": deal, "verdict": verdict}
                        extra = {"seconds": seconds, "peak_mib": peak, "cpu": cpu}
                        out.write(json.dumps(record | extra) + "\n")
        unknown = [d for d, v in ours.items() if v == "unknown"]
        print(
            f"{key:<12} {share(verdicts, 'winnable')}  {share(verdicts, 'unwinnable')}  "
            f"{share(verdicts, 'unknown')}  {100 - 100 * verdicts.count('unknown') / len(verdicts):5.1f} %"
            f"  {statistics.median(times):8.3f}  {pct(times, 0.95):7.3f}"
            f"  {max(peaks):8.0f}  {statistics.median(cpus):12.3f}",
            flush=True,
        )
        if unknown:
            print(f"  unknown ({len(unknown)}): {unknown}", flush=True)
            # On a busy machine the budget (wall-clock) buys less processor time: say how much.
            print(
                f"  processor time the unknown deals got within their {args.budget} s: "
                f"median {statistics.median(unknown_cpu):.2f} s, least {min(unknown_cpu):.2f} s",
                flush=True,
            )
        if has_fcs and key in FCS_PRESET:
            compare_with_fcs(key, ours, times, args)


def compare_with_fcs(key: str, ours: dict[int, str], times: list[float], args: argparse.Namespace) -> None:
    """Freecell Solver on the same deals: its shares, its median time, and disagreements."""
    theirs = {deal: fcs_one(key, deal, args.fcs_iters) for deal in ours}
    verdicts = [v for v, _ in theirs.values()]
    fcs_times = [t for _, t in theirs.values()]
    ratio = statistics.median(times) / max(statistics.median(fcs_times), 1e-9)
    print(
        f"  fc-solve   {share(verdicts, 'winnable')}  {share(verdicts, 'unwinnable')}  "
        f"{share(verdicts, 'unknown')}  {statistics.median(fcs_times):8.3f}  {pct(fcs_times, 0.95):7.3f}"
        f"   ours/fc-solve median time: {ratio:.1f}x"
    )
    missed = [d for d, (v, _) in theirs.items() if v == "winnable" and ours[d] != "winnable"]
    print(f"  deals fc-solve solves and we do not: {missed or 'none'}")
    # Our winning lines are replayed through the engine before they are reported, so a deal we
    # win that fc-solve "could not solve" is one its pruning (or iteration limit) gave up on.
    gave_up = [d for d, (v, _) in theirs.items() if v == "unwinnable" and ours[d] == "winnable"]
    if gave_up:
        print(f"  deals fc-solve could not solve that we win (our line replayed to a win): {gave_up}")


if __name__ == "__main__":
    main()
