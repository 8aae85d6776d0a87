"""A lost game's clock stops: with no move left (until an undo), and while the next winnable
deal is looked for. Kansas deal 700, its stock clicked until nothing is left to play."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes.stuck import StuckScene
from game.scenes.table import TableScene
from tests.app.conftest import FakeClock, post_click, post_key, settle
from tests.app.test_idle_overlays import stuck_but_one


def stuck(make_app: Callable[..., App], clock: FakeClock) -> tuple[App, TableScene]:
    """Kansas deal 700 played until no move is left: the no-moves screen in front."""
    app = make_app(variant="kansas", deal=700)
    table = app.table
    assert table is not None
    post_click(stuck_but_one(app, clock))
    settle(app, clock)
    assert isinstance(app.top, StuckScene) and table.g.is_stuck()
    return app, table


def wait(app: App, clock: FakeClock, seconds: int) -> None:
    for _second in range(seconds):
        clock.t += 1.0
        app.step()


def test_the_clock_stays_stopped_while_the_next_winnable_deal_is_looked_for(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report: 0:34 when the game was lost, 1:05 when the next deal came (with no shipped
    table of proven deals to take one from at once, the game searches)."""
    from game.store import winnable as winnable_table

    monkeypatch.setattr(winnable_table, "shipped", lambda: winnable_table.Table())
    app, table = stuck(make_app, clock)
    app.persist.remember(winnable_only={"kansas": True})
    lost_at = table.elapsed()
    new_deal = next(b for b in app.top.buttons if b.label == "New deal")  # type: ignore[attr-defined]
    post_click(new_deal.rect.center)
    app.step()
    assert app.top is table and table.session.coach.search is not None  # the solver is held: it looks on
    wait(app, clock, 31)
    assert table.session.coach.search is not None
    assert table.elapsed() == pytest.approx(lost_at)


def test_with_no_move_left_the_clock_stops_and_an_undo_lets_it_run_on(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app, table = stuck(make_app, clock)
    lost_at = table.elapsed()
    post_key(pygame.K_ESCAPE)  # the no-moves screen closed: the lost table in front
    app.step()
    assert app.top is table
    wait(app, clock, 20)
    assert table.elapsed() == pytest.approx(lost_at)
    assert not table.clock_running()
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    settle(app, clock)
    assert not table.g.is_stuck() and table.clock_running()
    wait(app, clock, 5)
    assert table.elapsed() == pytest.approx(lost_at + 5, abs=0.5)
