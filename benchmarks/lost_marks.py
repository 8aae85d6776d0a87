"""What Lady Jane's lost marks (``game.solver.lost_marks``) cost and what they save, in one run.

* **Cost**: each deal's depth-first search in C to ``--positions``, marking (inside
  ``carry_over``, with new marks each run) and not, alternating, ``--runs`` times: the median
  microseconds per stored position of each, and their ratio.
* **Saving**: the positions of plausible play (``advisor.py``'s player: the heuristic, a random
  move one time in ``1 / --wander``) on deals from ``--first``, each checked in turn with a
  budget of ``--check`` positions (positions only: the same on every run), from nothing and
  with the marks of the checks before carried over: how many each decides (and none may be
  won one way and proved lost the other: the script fails if one is).

    python benchmarks/lost_marks.py [--first 20001] [--deals 10] [--check 200000] [--positions 1000000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from advisor import player_move

import game
from game.engine.state import State
from game.play import Game
from game.solver import alternate_native
from game.solver.carry import carry_over
from game.solver.native import describe
from game.solver.search import Budget, Verdict, solve


def _never() -> bool:
    return False


def per_position(state: State, deal: int, positions: int, marking: bool) -> float:
    """Microseconds per stored position of one depth-first search in C from ``state``."""
    module = alternate_native.c_module()
    if module is None:
        raise SystemExit("lost_marks.py: the C module is not built here (pip install -e . with a compiler)")
    variant = game.new_game("lady-jane", deal).variant
    with carry_over(marking):
        search = alternate_native.NativeLadyJane(variant, positions, 1e18, _never, module, carry=marking)
        began = time.perf_counter()
        if search.begin(state) is None:
            search.resume(positions)
        seconds = time.perf_counter() - began
    return 1e6 * seconds / max(1, len(search.seen))


def played(deal: int, actions: int, wander: float) -> list[Game]:
    """The positions after each action of ``advisor.py``'s player."""
    rng = random.Random(deal)
    g = game.new_game("lady-jane", deal)
    g.play_auto_moves()
    seen = {g.state}
    out = []
    for _ in range(actions):
        move = player_move(g, seen, rng, wander)
        if move is None or g.is_won():
            break
        g.play(move)
        g.play_auto_moves()
        seen.add(g.state)
        out.append(Game(g.variant, g.state, g.deal))
    return out


def main() -> None:
    """Print the cost per position, then the positions decided by checks with and without."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=20001)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--actions", type=int, default=50)
    ap.add_argument("--wander", type=float, default=0.2)
    ap.add_argument("--check", type=int, default=200_000, help="positions per check")
    ap.add_argument("--positions", type=int, default=1_000_000, help="positions of each timed search")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"solver: {describe()}")
    deals = range(args.first, args.first + args.deals)
    times: dict[bool, list[float]] = {False: [], True: []}
    per_position(game.new_game("lady-jane", args.first).state, args.first, args.positions, True)  # warm up
    for deal in deals:
        state = game.new_game("lady-jane", deal).state
        runs: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(args.runs):
            for marking in (False, True):
                runs[marking].append(per_position(state, deal, args.positions, marking))
        for marking in (False, True):
            times[marking].append(statistics.median(runs[marking]))
    plain, marked = (statistics.median(times[m]) for m in (False, True))
    print(f"cost: {plain:.2f} µs a position plain, {marked:.2f} marking, ratio {marked / plain:.2f}")
    print(f"{'deal':>6} {'positions':>9} {'decided from nothing':>21} {'with the marks':>15}")
    total = [0, 0, 0]
    budget = Budget(seconds=1e9, positions=args.check)
    clashes = 0
    for deal in deals:
        positions = played(deal, args.actions, args.wander)
        alone = [solve(g, budget).verdict for g in positions]
        with carry_over():
            carried = [solve(g, budget).verdict for g in positions]
        # The marks are sound only if no position is won one way and proved lost the other.
        clashes += sum(
            {a, c} == {Verdict.WINNABLE, Verdict.UNWINNABLE} for a, c in zip(alone, carried, strict=True)
        )
        counts = (len(positions), *(sum(v is not Verdict.UNKNOWN for v in vs) for vs in (alone, carried)))
        print(f"{deal:>6} {counts[0]:>9} {counts[1]:>21} {counts[2]:>15}")
        total = [t + n for t, n in zip(total, counts, strict=True)]
    print(f"{'all':>6} {total[0]:>9} {total[1]:>21} {total[2]:>15}")
    if clashes:
        raise SystemExit(f"lost_marks.py: {clashes} positions won one way and proved lost the other")


if __name__ == "__main__":
    main()
