"""Where the deal ratings' bands fall: the solver's effort on deals 1..N of each game.

Solves each deal's opening with the rating budget (``game.solver.rating.RATING_BUDGET``) and
prints, per game, the positions searched for the winnable deals at a few quantiles, and the
share of deals in each rating with the bands in ``game.solver.rating.BANDS``. The bands are
meant to put roughly the easier half of the winnable deals in "easy", the next third in
"medium" and the rest in "hard".

    python benchmarks/ratings.py [--deals 200] [--variants kansas,seahaven]
"""

from __future__ import annotations

import argparse
from collections import Counter

import game
from game.solver.rating import BANDS, RATING_BUDGET, Difficulty, rate
from game.solver.search import Verdict, solve


def quantile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variants", default=",".join(game.VARIANTS))
    args = parser.parse_args()
    print(f"budget: {RATING_BUDGET.positions} positions, {RATING_BUDGET.seconds} s")
    for key in args.variants.split(","):
        ratings: Counter[Difficulty] = Counter()
        won: list[int] = []
        for deal in range(1, args.deals + 1):
            result = solve(game.new_game(key, deal), RATING_BUDGET.for_game(key))
            ratings[rate(key, result)] += 1
            if result.verdict is Verdict.WINNABLE:
                won.append(result.positions)
        marks = " ".join(f"p{int(q * 100)}={quantile(won, q)}" for q in (0.25, 0.5, 0.83, 0.95))
        shares = " ".join(f"{d.value}={ratings[d] / args.deals:.0%}" for d in Difficulty)
        print(f"{key:<12} bands={BANDS[key]} winnable={len(won)} {marks}")
        print(f"{'':<12} {shares}")


if __name__ == "__main__":
    main()
