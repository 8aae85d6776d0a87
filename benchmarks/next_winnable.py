"""Time to the next winnable deal per game, as "winnable deals only" and ``solitaire
winnable`` get it: from the shipped pool (``game.winnable_table.next_winnable``: a deal not yet
played whose line replays to a win), and once the pool is used up, the fallback search
(random deals searched with the rating budget as the table plays, until one is proved
winnable or ``game.cli_deals.SEARCH_SECONDS`` pass). Prints, per game, the median, p95 and
max seconds over N requests, and how many came from the pool.

    python benchmarks/next_winnable.py [--requests 50] [--variants kansas,seahaven]
"""

from __future__ import annotations

import argparse
import statistics
import time

import game
from game.cli_deals import SEARCH_SECONDS
from game.solver.answer import Verdict
from game.solver.rating import RATING_BUDGET
from game.solver.search import solve
from game.store.winnable import next_winnable, shipped


def search_one(variant: str) -> float:
    """Seconds the fallback search takes to prove a random deal winnable (or give up)."""
    began = time.monotonic()
    deadline = began + SEARCH_SECONDS
    while time.monotonic() < deadline:
        found = solve(
            game.new_game(variant),
            RATING_BUDGET.for_game(variant),
            automatic=True,
            cancelled=lambda: time.monotonic() > deadline,
        )
        if found.verdict is Verdict.WINNABLE:
            break
    return time.monotonic() - began


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--variants", default=",".join(game.VARIANTS))
    args = parser.parse_args()
    shipped()  # read once, as the game does at its first request
    for key in args.variants.split(","):
        played: list[int] = []
        times: list[float] = []
        from_pool = 0
        for _ in range(args.requests):
            began = time.monotonic()
            entry = next_winnable(key, played)
            if entry is not None:
                played.append(entry.deal)
                from_pool += 1
                times.append(time.monotonic() - began)
            else:
                times.append(search_one(key))
        print(
            f"{key:<12} median {statistics.median(times):.3f} s  p95 {quantile(times, 0.95):.3f} s  "
            f"max {max(times):.3f} s  ({from_pool}/{args.requests} from the pool of "
            f"{len(shipped().pool.get(key, []))})"
        )


if __name__ == "__main__":
    main()
