"""The window: resizing (down to a clamped minimum), fullscreen and back, quitting."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from solver_stand_in import InlineWorker

from game.app import App
from game.view.layout import MIN_WINDOW
from tests.app.conftest import FakeClock, post, post_click, post_key, settle


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (100, 80), (2000, 400), (500, 1400), (1920, 1080)])
def test_resize_lays_the_table_out_again(
    make_app: Callable[..., App], clock: FakeClock, size: tuple[int, int]
) -> None:
    app = make_app(variant="lady-jane", speed="normal")
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    settle(app, clock)
    expected = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
    assert app.size == expected
    table = app.table
    assert table is not None
    window = pygame.Rect((0, 0), expected)
    assert table.layout.window == window
    for box in table.layout.piles:
        assert window.contains(box.area)


def test_resize_during_a_drag_cancels_it(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=4)
    table = app.table
    assert table is not None
    pos = table.layout.piles[table.g.variant.index["tableau-1"]].slot.center
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEMOTION, pos=(pos[0] + 30, pos[1] + 30), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.VIDEORESIZE, size=(900, 700), w=900, h=700)
    post(pygame.MOUSEBUTTONUP, pos=(pos[0] + 30, pos[1] + 30), button=1)
    app.step()
    assert table.drag is None and table.g.moves_made == 0


def test_f11_and_alt_enter_toggle_fullscreen(make_app: Callable[..., App]) -> None:
    app = make_app(window=(900, 650))
    post_key(pygame.K_F11)
    app.step()
    assert app.fullscreen
    post_key(pygame.K_F11)
    app.step()
    assert not app.fullscreen and app.size == (900, 650)
    post_key(pygame.K_RETURN, pygame.KMOD_ALT)
    app.step()
    assert app.fullscreen
    post_key(pygame.K_ESCAPE)
    app.step()
    assert not app.fullscreen and app.size == (900, 650)


def test_the_toolbar_button_leaves_fullscreen(make_app: Callable[..., App]) -> None:
    app = make_app(fullscreen=True)
    assert app.fullscreen
    table = app.table
    assert table is not None
    button = next(b for b in table.buttons if b.label == "Window")
    post_click(button.rect.center)
    app.step()
    assert not app.fullscreen


def test_escape_opens_the_menu_when_windowed(make_app: Callable[..., App]) -> None:
    app = make_app()
    post_key(pygame.K_ESCAPE)
    app.step()
    assert type(app.top).__name__ == "MenuScene"
    post_key(pygame.K_ESCAPE)
    app.step()
    assert type(app.top).__name__ == "TableScene"


def test_closing_the_window_mid_game_asks_first_when_nothing_is_saved(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "a-file" / "data"))  # cannot be made
    app = make_app(variant="kansas", deal=4)
    assert not app.persist.store.persistent
    table = app.table
    assert table is not None
    post_click(table.layout.piles[table.g.variant.stock].slot.center)
    post(pygame.QUIT)
    app.step()
    assert app.running and type(app.top).__name__ == "Dialog"
    post_key(pygame.K_ESCAPE)  # keep playing
    app.step()
    assert app.running and app.top is table
    post(pygame.QUIT)
    app.step()
    post_key(pygame.K_RETURN)  # the first button: quit
    app.step()
    assert not app.running and app.exit_code == 0


def test_closing_the_window_before_any_move_quits_at_once(make_app: Callable[..., App]) -> None:
    app = make_app()
    post(pygame.QUIT)
    app.step()
    assert not app.running


def test_an_idle_table_asks_for_no_redraw(
    make_app: Callable[..., App], clock: FakeClock, solver: InlineWorker
) -> None:
    solver.hold = False
    app = make_app(variant="seahaven", deal=2)
    settle(app, clock)
    app.step()  # the winnable check's answer comes in
    table = app.table
    assert table is not None
    assert not app.advisor.busy()
    table.update(clock())
    assert table.update(clock()) is False
    assert table.wakeup(clock()) is None  # no clock running before the first move


def test_a_table_waiting_for_the_solver_polls_without_redrawing(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app()
    settle(app, clock)
    app.step()
    table = app.table
    assert table is not None
    assert app.advisor.busy()
    table.update(clock())
    assert table.update(clock()) is False
    assert table.wakeup(clock()) == pytest.approx(0.05)
