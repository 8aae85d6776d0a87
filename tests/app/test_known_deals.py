"""A deal of the shipped table of proven-winnable deals (a deal of the day, one of the pool)
is answered from its proven line, with no search: the real App, headless, its solver stand-in
holding every answer."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from solver_stand_in import InlineWorker

from game.app import App
from tests.app.conftest import FakeClock, table


@pytest.mark.parametrize(("key", "deal"), [("lady-jane", 5908648215), ("kansas", 6255796388)])
def test_a_deal_of_the_shipped_table_is_winnable_at_once_from_its_proven_line(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker, key: str, deal: int
) -> None:
    app = make_app(variant=key, deal=deal)  # the solver stand-in holds every answer
    for _ in range(3):
        clock.t += 0.05
        app.step()
    mine = table(app)
    assert dict(mine.status_items())["Winnable"] == "yes"
    line = app.advisor.line(mine.g)
    assert line
    mine.g.play(line[0])  # the next position along the line is known too
    assert app.advisor.line(mine.g) == line[1:]
