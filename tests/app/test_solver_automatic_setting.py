"""The table asks the solver with its automatic-moves setting: "winnable" is winnable as the
table plays, and a switch of the setting is searched again rather than answered from the other
setting's verdicts."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from solver_stand_in import InlineWorker

from game.app import App
from tests.app.conftest import FakeClock


def answered(app: App, clock: FakeClock, frames: int = 50) -> None:
    """Step until the solver has nothing under way."""
    for _ in range(frames):
        clock.t += 0.02
        app.step()
        if not app.advisor.busy():
            app.step()
            return
    raise AssertionError("the solver never answered")


@pytest.fixture
def solving(solver: InlineWorker) -> InlineWorker:
    solver.hold = False
    return solver


def test_the_solver_searches_with_the_tables_automatic_moves_setting(
    make_app: Callable[..., App], clock: FakeClock, solving: InlineWorker
) -> None:
    app = make_app(variant="seahaven", deal=2)
    answered(app, clock)
    assert app.settings.auto_moves and solving.automatic and all(solving.automatic)
    asked = len(solving.automatic)
    app.settings.auto_moves = False
    answered(app, clock)
    assert solving.automatic[asked:] and not any(solving.automatic[asked:])
    assert app.advisor.automatic is False
