"""How fast the winnable indicator and hints answer for positions met in play.

For each game, a few deals (from ``--first``: by default deals the solver was never tuned
on) are played by the heuristic, now and then (``--wander``, seeded) by a random legal
move instead, as a player tries things (the moves a player might make, not the solver's own
line), and after every action the position is handed to the advisor with its real
worker process, exactly as the table does; the time until the advisor has an answer for it
(winnable / unwinnable / unknown) is recorded. Answers the advisor already has (along a known
winning line, after a lost position) count as instant, as they are at the table. The opening
position of each deal is searched with the longer rating budget and is reported apart.

"yes/no <=0.5 s" is the share of positions whose first answer is "yes" or "no" and comes
within half a second (the goal: 95 %), and the line under it counts them and names the deals of
the others (they come in runs: a slip into a lost position, then the positions after it);
"unknown" the share first answered "unknown". With ``--pause S``
the player then thinks S seconds before the next action, while the advisor searches an
unknown position deeper (``DEEP_CHECK_BUDGET``) or quick-checks the positions one action ahead, and
"after pause" is the share still unknown when the player moves on ("-" without a pause: the
next action comes at once).

    python benchmarks/advisor.py [--first 20001] [--deals 3] [--actions 60] [--wander 0.2]
                                 [--variants kansas,seahaven] [--pause 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import game
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.solver.advisor import Advisor, Outlook
from game.solver.heuristic import best_move
from game.solver.native import describe
from game.solver.worker import SolverWorker

SURE = (Outlook.WINNABLE, Outlook.UNWINNABLE)


def wait_answer(advisor: Advisor, g: Game, limit: float = 30.0) -> tuple[float, Outlook]:
    """Seconds until the advisor answers for ``g``'s position, and the answer."""
    started = time.perf_counter()
    advisor.follow(g)
    while advisor.outlook(g) is Outlook.CHECKING and time.perf_counter() - started < limit:
        advisor.poll()
        time.sleep(0.002)
    return time.perf_counter() - started, advisor.outlook(g)


def linger(advisor: Advisor, g: Game, pause: float) -> Outlook:
    """The answer for ``g``'s position after the player has thought for ``pause`` seconds (the
    advisor meanwhile searches deeper, or looks ahead to the positions after the next action)."""
    started = time.perf_counter()
    while time.perf_counter() - started < pause:
        advisor.poll()
        time.sleep(0.002)
    return advisor.outlook(g)


def player_move(g: Game, seen: set[State], rng: random.Random, wander: float) -> Move | None:
    """The heuristic's move, or with chance ``wander`` a random legal one (not back to a
    position seen before when another is left)."""
    if rng.random() < wander:
        fresh = [m for m in g.legal_moves() if _after(g, m) not in seen]
        if fresh:
            return rng.choice(fresh)
    return best_move(g, seen)


def _after(g: Game, move: Move) -> State:
    scratch = Game(g.variant, g.state, g.deal)
    scratch.play(move)
    return scratch.state


def play_deal(
    advisor: Advisor, key: str, deal: int, actions: int, pause: float = 0.0, wander: float = 0.0
) -> tuple[float, list[float], list[Outlook], list[Outlook]]:
    """The opening's answer time, then each later position's answer time, first answer and
    answer after the pause."""
    rng = random.Random(deal)
    g = game.new_game(key, deal)
    g.play_auto_moves()
    opening, _ = wait_answer(advisor, g)
    linger(advisor, g, pause)
    times, answers, settled = [], [], []
    seen = {g.state}
    for _ in range(actions):
        move = player_move(g, seen, rng, wander)
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


def on_time(seconds: float, outlook: Outlook) -> bool:
    """Whether a first answer meets the goal: "yes" or "no", within half a second."""
    return seconds <= 0.5 and outlook in SURE


def by_deal(missed: dict[int, int]) -> str:
    """The positions each deal left without a timely answer, as ``deal: count`` (positions in
    one deal hang together: a slip into a lost position is often followed by a run of them)."""
    return ", ".join(f"{deal}: {count}" for deal, count in sorted(missed.items())) or "none"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=20001, help="first deal (never tuned on)")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--wander", type=float, default=0.2, help="chance of a random move")
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--variants", default=",".join(game.VARIANTS))
    parser.add_argument("--pause", type=float, default=0.0, help="seconds a player waits per action")
    parser.add_argument(
        "--no-reuse",
        action="store_true",
        help="no nearby lines, no look ahead, no carried-over answers (baseline)",
    )
    args = parser.parse_args()
    reuse = "off" if args.no_reuse else "on"
    print(f"solver: {describe()}; nearby lines, look ahead and carried-over answers: {reuse}")
    head = ("positions", "yes/no<=.5s", "<=0.5 s", "median", "p90", "p95", "unknown", "after pause")
    widths = (9, 11, 9, 9, 9, 9, 9, 11)
    columns = " ".join(f"{h:>{w}}" for h, w in zip(head, widths, strict=True))
    print(f"{'game':<12} {columns} {'opening med':>12}")
    for key in args.variants.split(","):
        advisor = Advisor(SolverWorker, reuse=not args.no_reuse)
        openings: list[float] = []
        times: list[float] = []
        answers: list[Outlook] = []
        settled: list[Outlook] = []
        slow: dict[int, int] = {}  # deal: its positions not answered "yes"/"no" within 0.5 s
        try:
            for deal in range(args.first, args.first + args.deals):
                opening, t, a, s = play_deal(advisor, key, deal, args.actions, args.pause, args.wander)
                openings.append(opening)
                times += t
                answers += a
                settled += s
                missed = sum(1 for pair in zip(t, a, strict=True) if not on_time(*pair))
                if missed:
                    slow[deal] = missed
        finally:
            advisor.close()
        fast = sum(1 for t in times if t <= 0.5) / max(1, len(times))
        quick = sum(1 for t, a in zip(times, answers, strict=True) if on_time(t, a))
        sure = quick / max(1, len(times))
        unknown = sum(1 for a in answers if a is Outlook.UNKNOWN) / max(1, len(answers))
        still = sum(1 for a in settled if a is Outlook.UNKNOWN) / max(1, len(settled))
        after = f"{still:.0%}" if args.pause > 0 else "-"
        print(
            f"{key:<12} {len(times):>9} {sure:>11.0%} {fast:>9.0%} {pct(times, 0.5):>8.3f}s "
            f"{pct(times, 0.9):>8.3f}s {pct(times, 0.95):>8.3f}s {unknown:>9.0%} {after:>11} "
            f"{statistics.median(openings):>11.3f}s"
        )
        print(f"{'':<12} {quick} of {len(times)} answered in time; the others, by deal: {by_deal(slow)}")


if __name__ == "__main__":
    main()
