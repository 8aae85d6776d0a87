"""Input is timed when it arrives, not when the last frame was drawn: an idle table draws a frame
a second (or, with the clock stopped, never), so the last frame's time can be far older than a
click. The real ``App.run`` loop runs here at rest (``tests.app.idle_loop``), and real pygame
events are posted into it the way a player's arrive: in the middle of a wait."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from solver_stand_in import InlineWorker

from game.app import App
from game.scenes.table_session import TOAST_TIME
from tests.app.conftest import FakeClock, post_click, post_key, settle
from tests.app.idle_loop import Script, Step


@pytest.fixture(autouse=True)
def answered(solver: InlineWorker) -> None:
    """Every winnable check answered at once: nothing awaited at rest (the loop would poll)."""
    solver.hold = False


def run(
    app: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, rest: float, steps: list[Step]
) -> Script:
    """Let ``app`` rest ``rest`` seconds in its real loop, then take ``steps``."""
    script = Script(clock, clock.t + rest, steps)
    monkeypatch.setattr("game.app.wait_event", script)
    app.run()
    assert script.done
    return script


def top_card_centre(app: App, pile: str) -> tuple[int, int]:
    table = app.table
    assert table is not None
    rect = table.layout.state_rects(table.g.state, table.g.variant.index[pile])[-1]
    return rect.centerx, rect.top + rect.height // 5


@pytest.mark.parametrize("rested", [0.3, 0.6, 0.9])
def test_a_double_click_after_the_pointer_rested_on_the_card_sends_it_on(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch, rested: float
) -> None:
    """The clock runs, so the idle loop draws once a second; the first click comes ``rested``
    seconds after that frame, the second 0.2 s after the first: a double-click."""
    app = make_app(variant="bakers-game", deal=1)
    table = app.table
    assert table is not None
    assert table.play(table.g.legal_moves()[0])  # the clock runs
    settle(app, clock)
    pile = next(
        p
        for p in table.g.variant.names
        if p.startswith("tableau") and table.g.state.piles[table.g.variant.index[p]]
    )
    card = table.g.state.piles[table.g.variant.index[pile]][-1]
    assert table.g.double_click_move(pile) is not None
    where = top_card_centre(app, pile)
    moves = table.g.moves_made
    script = run(
        app, clock, monkeypatch, 3.0, [(rested, lambda: post_click(where)), (0.2, lambda: post_click(where))]
    )
    assert all(w is not None and w <= 1001 for w in script.waits)  # the clock's seconds woke the loop
    assert table.g.moves_made == moves + 1
    assert card not in table.g.state.piles[table.g.variant.index[pile]]


def test_the_game_clock_starts_at_the_first_action_not_at_the_last_frame(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the first action nothing changes on the table: the loop sleeps until an event,
    here a double-click 30 s after the last frame."""
    app = make_app(variant="bakers-game", deal=1)
    table = app.table
    assert table is not None and not table.clock_running()
    where = top_card_centre(app, "tableau-1")
    steps: list[Step] = [(0.0, lambda: post_click(where)), (0.2, lambda: post_click(where))]
    script = run(app, clock, monkeypatch, 30.0, steps)
    assert None in script.waits  # it slept until the click came
    assert table.g.moves_made == 1 and table.clock_running()
    assert table.elapsed() == pytest.approx(0.0, abs=0.01)  # it started with the move, just now


def test_a_notice_after_an_idle_table_stays_up_its_full_time(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(variant="bakers-game", deal=1)
    table = app.table
    assert table is not None
    run(app, clock, monkeypatch, 30.0, [(0.0, lambda: post_key(pygame.K_z, pygame.KMOD_CTRL))])
    assert table.toast is not None and table.toast[0] == "Nothing to undo."
    assert table.toast[1] == pytest.approx(clock.t + TOAST_TIME)
