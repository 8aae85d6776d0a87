"""Lady Jane's searches in C (``game.solver._alternate``) against the compiled Python ones, on the
same searches, in the same run: microseconds per stored position.

Each deal's depth-first search (``LadyJaneStock``) and beam (``compact.Beam``, the widths of
``alternate_stock.BEAM_WIDTHS``) run to a budget of positions, ``--runs`` times each, the C
and the Python search alternating; the figures are each deal's median time per stored
position, then the medians over the deals and their ratio. The positions stored must be equal
(the searches are position for position the same): a line says ``differ!`` otherwise.

    python benchmarks/lady_jane_c.py [--first 1] [--deals 20] [--positions 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import game
from game.engine.state import State
from game.solver import alternate_native
from game.solver.alternate_stock import BEAM_WIDTHS, LadyJaneStock
from game.solver.compact import Beam, Resumable
from game.solver.native import describe
from game.variants.base import Variant


def _never() -> bool:
    return False


def timed(make: Callable[[], Resumable], state: State, budget: int) -> tuple[float, int]:
    """Seconds and positions stored by one search from ``state`` to a win, its end or ``budget``."""
    search = make()
    began = time.perf_counter()
    if search.begin(state) is None:
        search.resume(budget)
    return time.perf_counter() - began, len(search.seen)


def makers(variant: Variant, budget: int) -> dict[str, Callable[[], Resumable]]:
    """The four searches: depth-first and beam, in C and in Python."""
    module = alternate_native.c_module()
    if module is None:
        raise SystemExit("lady_jane_c.py: the C module is not built here (pip install -e . with a compiler)")

    def python() -> LadyJaneStock:
        return LadyJaneStock(variant, budget, 1e18, _never)

    return {
        "dfs C": lambda: alternate_native.NativeLadyJane(variant, budget, 1e18, _never, module),
        "dfs Python": python,
        "beam C": lambda: alternate_native.NativeBeam(variant, budget, 1e18, _never, module, BEAM_WIDTHS),
        "beam Python": lambda: Beam(python, BEAM_WIDTHS),
    }


def main() -> None:
    """Print a line per deal and search kind, then the medians and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"solver: {describe()}; budget {args.positions:,} positions; {args.runs} runs each")
    print(f"{'deal':>6} {'search':<6} {'positions':>10} {'C µs/pos':>9} {'Python µs/pos':>14} {'ratio':>6}")
    per: dict[str, list[float]] = {}
    for deal in range(args.first, args.first + args.deals):
        g = game.new_game("lady-jane", deal=deal)
        make = makers(g.variant, args.positions)
        for kind in ("dfs", "beam"):
            times: dict[str, list[float]] = {"C": [], "Python": []}
            stored: dict[str, set[int]] = {"C": set(), "Python": set()}
            for _ in range(args.runs):
                for side in ("C", "Python"):
                    seconds, count = timed(make[f"{kind} {side}"], g.state, args.positions)
                    times[side].append(seconds)
                    stored[side].add(count)
            count = next(iter(stored["C"]))
            if stored["C"] != stored["Python"] or len(stored["C"]) != 1 or count < 1000:
                note = "differ!" if stored["C"] != stored["Python"] else "too few to time"
                print(f"{deal:>6} {kind:<6} {note:>10}")
                continue
            c, p = (1e6 * statistics.median(times[side]) / count for side in ("C", "Python"))
            per.setdefault(f"{kind} C", []).append(c)
            per.setdefault(f"{kind} Python", []).append(p)
            print(f"{deal:>6} {kind:<6} {count:>10,} {c:>9.2f} {p:>14.2f} {p / c:>6.2f}")
    for kind in ("dfs", "beam"):
        if f"{kind} C" in per:
            c, p = statistics.median(per[f"{kind} C"]), statistics.median(per[f"{kind} Python"])
            deals = len(per[f"{kind} C"])
            print(f"median over {deals} deals, {kind}: C {c:.2f} µs/pos, Python {p:.2f} µs/pos", end="")
            print(f", ratio {p / c:.2f}")


if __name__ == "__main__":
    main()
