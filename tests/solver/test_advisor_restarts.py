"""A solver worker that keeps dying: restarts back off, then the solver is called unavailable
(hints fall back to the heuristic), and a later request may try once more."""

from __future__ import annotations

import itertools

import game
from game.play import Game
from game.solver.advisor import MAX_FAILURES, RESTART_DELAY, Advisor, Outlook
from game.solver.search import Budget
from game.solver.worker import Answer


class DyingWorker:
    """Every process it starts dies before answering (``starts`` counts them)."""

    def __init__(self) -> None:
        self.starts = 0

    def submit(self, game: Game, budget: Budget, *, automatic: bool = True, keep: bool = False) -> int:
        self.starts += 1
        return self.starts

    def answers(self) -> list[Answer]:
        return []

    def alive(self) -> bool:
        return False

    def close(self) -> None:
        pass


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def run_for(advisor: Advisor, clock: Clock, seconds: float, fps: int = 60) -> None:
    for _ in range(int(seconds * fps)):
        clock.t += 1 / fps
        advisor.poll()


def test_a_worker_that_keeps_dying_is_restarted_a_few_times_then_given_up() -> None:
    worker, clock = DyingWorker(), Clock()
    advisor = Advisor(lambda: worker, clock=clock)
    g = game.new_game("kansas", deal=1)
    advisor.follow(g)
    run_for(advisor, clock, 20.0)
    assert worker.starts == MAX_FAILURES
    assert advisor.unavailable and not advisor.busy()
    assert advisor.outlook(g) is Outlook.UNAVAILABLE


def test_restarts_wait_longer_each_time() -> None:
    worker, clock = DyingWorker(), Clock()
    advisor = Advisor(lambda: worker, clock=clock)
    advisor.follow(game.new_game("kansas", deal=1))
    started_at = [clock.t]
    for _ in range(2000):
        clock.t += 0.01
        before = worker.starts
        advisor.poll()
        if worker.starts > before:
            started_at.append(clock.t)
    gaps = [b - a for a, b in itertools.pairwise(started_at)]
    assert len(gaps) == MAX_FAILURES - 1
    for k, gap in enumerate(gaps):
        assert RESTART_DELAY * 2**k <= gap < RESTART_DELAY * 2**k + 0.05


def test_while_a_restart_waits_the_position_still_shows_checking() -> None:
    worker, clock = DyingWorker(), Clock()
    advisor = Advisor(lambda: worker, clock=clock)
    g = game.new_game("kansas", deal=1)
    advisor.follow(g)
    clock.t += 0.01
    advisor.poll()
    assert worker.starts == 1 and advisor.busy()
    assert advisor.outlook(g) is Outlook.CHECKING


def test_a_later_request_tries_once_more_after_giving_up() -> None:
    worker, clock = DyingWorker(), Clock()
    advisor = Advisor(lambda: worker, clock=clock)
    g = game.new_game("kansas", deal=1)
    advisor.follow(g)
    run_for(advisor, clock, 20.0)
    advisor.want(g)  # a hint asked for
    run_for(advisor, clock, 5.0)
    assert worker.starts == MAX_FAILURES + 1
    assert advisor.unavailable
