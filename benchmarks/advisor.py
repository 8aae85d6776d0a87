"""How fast the winnable indicator and hints answer for positions met in play.

For each game, a few deals are played by the heuristic (the moves a player might make, not the
solver's own line), and after every action the position is handed to the advisor with its real
worker process, exactly as the table does; the time until the advisor has an answer for it
(winnable / unwinnable / unknown) is recorded. Answers the advisor already has (along a known
winning line, after a lost position) count as instant, as they are at the table. The opening
position of each deal is searched with the longer rating budget and is reported apart.

"unknown" is the share of positions the indicator first answers "unknown". With ``--pause S``
the player then waits up to S seconds before the next action, while the advisor searches an
unknown position deeper (``DEEP_CHECK_BUDGET``), and "after pause" is the share still unknown
when the player moves on ("-" without a pause: the next action comes at once).

    python benchmarks/advisor.py [--deals 3] [--actions 60] [--variants kansas,seahaven] [--pause 10]
"""

from __future__ import annotations

import argparse
import statistics
import time

import game
from game.play import Game
from game.solver.advisor import Advisor, Outlook
from game.solver.heuristic import best_move
from game.solver.native import describe
from game.solver.worker import SolverWorker


def wait_answer(advisor: Advisor, g: Game, limit: float = 30.0) -> tuple[float, Outlook]:
    """Seconds until the advisor answers for ``g``'s position, and the answer."""
    started = time.perf_counter()
    advisor.follow(g)
    while advisor.outlook(g) is Outlook.CHECKING and time.perf_counter() - started < limit:
        advisor.poll()
        time.sleep(0.002)
    return time.perf_counter() - started, advisor.outlook(g)


def linger(advisor: Advisor, g: Game, pause: float) -> Outlook:
    """The answer for ``g``'s position after the player has waited up to ``pause`` seconds
    (less once no search is under way)."""
    started = time.perf_counter()
    while advisor.busy() and time.perf_counter() - started < pause:
        advisor.poll()
        time.sleep(0.002)
    return advisor.outlook(g)


def play_deal(
    advisor: Advisor, key: str, deal: int, actions: int, pause: float = 0.0
) -> tuple[float, list[float], list[Outlook], list[Outlook]]:
    """The opening's answer time, then each later position's answer time, first answer and
    answer after the pause."""
    g = game.new_game(key, deal)
    g.play_auto_moves()
    opening, _ = wait_answer(advisor, g)
    linger(advisor, g, pause)
    times, answers, settled = [], [], []
    seen = {g.state}
    for _ in range(actions):
        move = best_move(g, seen)
        if move is None or g.is_won():
            break
        g.play(move)
        g.play_auto_moves()
        seen.add(g.state)
        seconds, outlook = wait_answer(advisor, g)
        times.append(seconds)
        answers.append(outlook)
        settled.append(linger(advisor, g, pause))
    return opening, times, answers, settled


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--variants", default=",".join(game.VARIANTS))
    parser.add_argument("--pause", type=float, default=0.0, help="seconds a player waits per action")
    args = parser.parse_args()
    print(f"solver: {describe()}")
    head = ("positions", "<=0.5 s", "median", "p95", "unknown", "after pause")
    print(f"{'game':<12} " + " ".join(f"{h:>9}" for h in head) + f" {'opening med':>12}")
    for key in args.variants.split(","):
        advisor = Advisor(SolverWorker)
        openings: list[float] = []
        times: list[float] = []
        answers: list[Outlook] = []
        settled: list[Outlook] = []
        try:
            for deal in range(1, args.deals + 1):
                opening, t, a, s = play_deal(advisor, key, deal, args.actions, args.pause)
                openings.append(opening)
                times += t
                answers += a
                settled += s
        finally:
            advisor.close()
        fast = sum(1 for t in times if t <= 0.5) / max(1, len(times))
        unknown = sum(1 for a in answers if a is Outlook.UNKNOWN) / max(1, len(answers))
        still = sum(1 for a in settled if a is Outlook.UNKNOWN) / max(1, len(settled))
        after = f"{still:.0%}" if args.pause > 0 else "-"
        print(
            f"{key:<12} {len(times):>9} {fast:>9.0%} {statistics.median(times) if times else 0:>8.3f}s "
            f"{pct(times, 0.95):>8.3f}s {unknown:>9.0%} {after:>9} {statistics.median(openings):>11.3f}s"
        )


if __name__ == "__main__":
    main()
