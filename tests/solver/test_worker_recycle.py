"""The solver's worker process gives a big search's memory back once the player pauses, not
between two answers of a game in play (a new process costs about half a second), and carries
Kansas's looser game over from one answer to the next only when asked."""

from __future__ import annotations

import time

import pytest

import game
from game.solver.search import Budget, Verdict
from game.solver.worker import RECYCLE_GRACE, SolverWorker


def test_a_worker_over_its_memory_mark_serves_the_next_request_without_restarting() -> None:
    worker = SolverWorker(recycle_mib=0)  # every answer leaves it "holding too much"
    try:
        g = game.new_game("seahaven", 2)
        first = worker.wait(worker.submit(g, Budget(10)), timeout=60)
        assert first is not None and first.verdict is Verdict.WINNABLE
        process = worker._process
        again = worker.wait(worker.submit(g, Budget(10)), timeout=60)  # at once, as play goes on
        assert again is not None and again.verdict is Verdict.WINNABLE
        assert worker._process is process and worker.alive()
    finally:
        worker.close()


def test_a_worker_over_its_memory_mark_exits_once_requests_pause() -> None:
    worker = SolverWorker(recycle_mib=0)
    try:
        answer = worker.wait(worker.submit(game.new_game("seahaven", 2), Budget(10)), timeout=60)
        assert answer is not None
        deadline = time.monotonic() + RECYCLE_GRACE + 20
        while worker.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not worker.alive()
    finally:
        worker.close()


@pytest.mark.slow
def test_the_worker_carries_the_looser_game_over_only_when_asked() -> None:
    from test_kansas_carry_over import LOST_DEAL, played

    check = Budget(seconds=120, positions=1_000_000)
    positions = played(LOST_DEAL, 6)
    for keep, last in ((False, Verdict.UNKNOWN), (True, Verdict.UNWINNABLE)):
        worker = SolverWorker()
        try:
            answers = [worker.wait(worker.submit(p, check, keep=keep), timeout=120) for p in positions]
            assert all(a is not None for a in answers)
            assert answers[-1] is not None and answers[-1].verdict is last
        finally:
            worker.close()


def test_the_worker_carries_lady_janes_lost_marks_over_only_when_asked() -> None:
    from test_lost_marks import LOST_DEAL, played

    first_check, check = (Budget(seconds=120, positions=n) for n in (60_000, 30_000))  # positions only
    positions = played(LOST_DEAL, 13)[11:]
    for keep, last in ((False, Verdict.UNKNOWN), (True, Verdict.UNWINNABLE)):
        worker = SolverWorker()
        try:
            first = worker.wait(worker.submit(positions[0], first_check, keep=keep), timeout=120)
            answer = worker.wait(worker.submit(positions[1], check, keep=keep), timeout=120)
            assert first is not None and first.verdict is Verdict.UNKNOWN
            assert answer is not None and answer.verdict is last
        finally:
            worker.close()
