"""Time to the next winnable deal per game, as "winnable deals only" and ``solitaire
winnable`` get it: from the shipped pool (``game.winnable_table.next_winnable``: a deal not yet
played whose line replays to a win), and once the pool is used up, the fallback search
(random deals proved the way the table's were, ``find_winnable``, until one is proved
winnable or ``game.cli_deals.SEARCH_SECONDS`` pass). Prints, per game, the median, p95 and
max seconds over N requests, and how many came from the pool.

    python benchmarks/next_winnable.py [--requests 50] [--variants kansas,seahaven] [--folder DIR]

``--folder``: read the table from DIR instead of the shipped one (e.g. an older table, for a
before-and-after figure in one run).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import game
from game.cli_deals import SEARCH_SECONDS
from game.solver.daily_proof import find_winnable
from game.store import winnable
from game.store.winnable import load, next_winnable


def search_one(variant: str) -> float:
    """Seconds the fallback search (``find_winnable``, as ``solitaire winnable`` runs it) takes
    to prove a random deal winnable (or give up)."""
    began = time.monotonic()
    find_winnable(variant, SEARCH_SECONDS)
    return time.monotonic() - began


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--variants", default=",".join(game.VARIANTS))
    parser.add_argument("--folder", default=None)
    args = parser.parse_args()
    table = load(game.VARIANTS, Path(args.folder)) if args.folder else winnable.shipped()  # read once
    for key in args.variants.split(","):
        played: list[int] = []
        times: list[float] = []
        from_pool = 0
        for _ in range(args.requests):
            began = time.monotonic()
            entry = next_winnable(key, played, table=table)
            if entry is not None:
                played.append(entry.deal)
                from_pool += 1
                times.append(time.monotonic() - began)
            else:
                times.append(search_one(key))
        print(
            f"{key:<12} median {statistics.median(times):.3f} s  p95 {quantile(times, 0.95):.3f} s  "
            f"max {max(times):.3f} s  ({from_pool}/{args.requests} from the pool of "
            f"{len(table.pool.get(key, []))}, and {len(table.daily.get(key, {}))} days' deals)"
        )


if __name__ == "__main__":
    main()
