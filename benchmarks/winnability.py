"""The share of winnable deals of each game, with a 95 % confidence interval, over numbered deals.

Each deal from ``--first`` on is solved (``game.solver.solve``, ``--budget`` seconds and the
game's budget of positions, ``Budget.for_search``, as ``solitaire solve`` gives it) and its
verdict appended to a results file, one JSON line per deal, so the run can be stopped at any
time and started again with the same command: deals already in the file are not solved again.

    python benchmarks/winnability.py [--games seahaven,bakers-game,...] [--first 1]
                                     [--deals 10000] [--budget 10] [--results FILE]
    python benchmarks/winnability.py --report [--results FILE]
    python benchmarks/winnability.py --retry-undecided --budget 60 [--positions N] [--games ...]
                                     [--results FILE]

``--retry-undecided`` solves again, with ``--budget``, the deals the file records as undecided
(their new verdict is appended and read in place of the old one): the undecided deals are
what keeps the interval of the slow games wide. ``--positions`` gives every deal that many
stored positions instead of its game's budget (a Kansas proof that needs more than the 27
million positions of ``Budget.for_search``: some 1 GB more memory per 30 million).

The share is estimated as winnable / decided deals with a Wilson score interval (z = 1.96);
the undecided deals widen it (the bounds count them as all lost and as all won), so the
printed interval is honest about them. A half-width of 1 % needs about 9,600 decided deals at
a share near 50 %, fewer further from it (about 3,700 at 89 %).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

GAMES = ("seahaven", "bakers-game", "aunt-mary", "lady-jane", "kansas")
Z = 1.96
"""The normal quantile of a two-sided 95 % interval."""


def wilson(wins: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n``, as fractions (``(0, 1)`` when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def read_results(path: Path) -> dict[tuple[str, int], str]:
    """Each (game, deal) in the results file, with its verdict (a torn last line is skipped)."""
    done: dict[tuple[str, int], str] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
            done[(str(record["game"]), int(record["deal"]))] = str(record["verdict"])
        except (ValueError, KeyError, TypeError):
            continue
    return done


def summary(game: str, verdicts: Iterable[str]) -> str:
    """One report line: deals, won, lost, undecided, the share and its interval."""
    verdicts = list(verdicts)
    n = len(verdicts)
    won = verdicts.count("winnable")
    lost = verdicts.count("unwinnable")
    open_ = n - won - lost
    if not n:
        return f"{game:<12} no deals yet"
    low, _ = wilson(won, n)  # the undecided counted as lost
    _, high = wilson(won + open_, n)  # and as won
    share = 100 * won / max(1, won + lost)
    return (
        f"{game:<12} {n:6d} deals  won {won:6d}  lost {lost:6d}  undecided {open_:4d}  "
        f"winnable {share:6.2f} %  95 % CI {100 * low:6.2f} - {100 * high:6.2f} %  "
        f"(+-{50 * (high - low):.2f})"
    )


def report(done: dict[tuple[str, int], str], games: Sequence[str]) -> list[str]:
    """The report lines of ``games`` from the results so far."""
    return [summary(g, (v for (k, _), v in sorted(done.items()) if k == g)) for g in games]


def wanted(verdict: str | None, *, retry: bool) -> bool:
    """Whether a deal the file records with ``verdict`` (``None``: not yet) is to be solved:
    one not yet, or with ``retry`` one left undecided (and only those)."""
    return verdict == "unknown" if retry else verdict is None


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--first", type=int, default=1, help="first deal number")
    ap.add_argument("--deals", type=int, default=10_000, help="deals per game from --first")
    ap.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    ap.add_argument(
        "--positions", type=int, default=0, help="positions per deal (default: the game's budget)"
    )
    ap.add_argument("--results", type=Path, default=Path("winnability.jsonl"))
    ap.add_argument("--report", action="store_true", help="only print the figures so far")
    ap.add_argument("--retry-undecided", action="store_true", help="solve the undecided deals again")
    args = ap.parse_args(argv)
    args.game_list = [g for g in args.games.split(",") if g]
    if not args.game_list or any(g not in GAMES for g in args.game_list):
        ap.error(f"--games: not one of {', '.join(GAMES)}: {args.games!r}")
    if args.first < 1 or args.deals < 1 or args.budget <= 0 or args.positions < 0:
        ap.error("--first and --deals must be at least 1, --budget positive, --positions not negative")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the deals not yet in the results file, game after game, then print the figures."""
    args = parse_args(argv)
    done = read_results(args.results)
    if not args.report:
        import game
        from game.solver import Budget, solve

        torn = args.results.exists() and not args.results.read_bytes().endswith(b"\n")
        with args.results.open("a", encoding="utf-8") as out:
            if torn and args.results.stat().st_size:
                out.write("\n")  # a run stopped mid-line: start the next record on its own line
            for key in args.game_list:
                for deal in range(args.first, args.first + args.deals):
                    if not wanted(done.get((key, deal)), retry=args.retry_undecided):
                        continue
                    began = time.perf_counter()
                    # The game's own positions budget, as `solitaire solve --budget` gives it:
                    # Kansas stores ten times as many (cheap) positions as the others.
                    budget = Budget(seconds=args.budget).for_search(key)
                    if args.positions:
                        budget = Budget(seconds=args.budget, positions=args.positions)
                    found = solve(game.new_game(key, deal=deal), budget)
                    record = {"game": key, "deal": deal, "verdict": found.verdict.value}
                    record["seconds"] = round(time.perf_counter() - began, 3)
                    out.write(json.dumps(record) + "\n")
                    out.flush()
                    done[(key, deal)] = found.verdict.value
                print(report(done, [key])[0], flush=True)
    print("\n".join(report(done, args.game_list)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
