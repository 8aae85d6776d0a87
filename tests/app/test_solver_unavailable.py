"""A solver worker that dies every time it starts: the table stops restarting it after a few
tries, its status line says the solver is unavailable, and a hint falls back to the heuristic."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.solver.advisor import MAX_FAILURES
from tests.app.conftest import FakeClock, post_key
from tests.solver.test_advisor_restarts import DyingWorker


@pytest.fixture
def dying(monkeypatch: pytest.MonkeyPatch) -> DyingWorker:
    worker = DyingWorker()
    monkeypatch.setattr(App, "solver_worker", lambda: worker)
    return worker


def run_for(app: App, clock: FakeClock, seconds: float) -> None:
    for _ in range(int(seconds / 0.05)):
        clock.t += 0.05
        app.step()


def test_status_line_says_solver_unavailable_after_a_few_restarts(
    make_app: Callable[..., App], clock: FakeClock, dying: DyingWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    run_for(app, clock, 10.0)
    assert dying.starts == MAX_FAILURES
    table = app.table
    assert table is not None
    assert dict(table.status_items())["Winnable"] == "solver unavailable"


def test_a_hint_without_the_solver_is_the_heuristics_best_guess(
    make_app: Callable[..., App], clock: FakeClock, dying: DyingWorker
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    run_for(app, clock, 10.0)
    post_key(pygame.K_h, unicode="h")
    run_for(app, clock, 0.3)
    table = app.table
    assert table is not None and table.hint is not None and table.g.is_legal(table.hint[0])
    assert table.toast is not None and "best guess (the solver is unavailable)" in table.toast[0]
    assert dying.starts == MAX_FAILURES + 1  # the hint gave the solver one more try
