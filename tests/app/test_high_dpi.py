"""High-DPI screens (a Retina Mac: two drawable pixels per window point), simulated on the dummy
driver: a window of W x H points at scale 2 lays out, draws, sizes its text and takes its drops
exactly as a window of 2W x 2H at scale 1, while the pointer speaks in points."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App
from game.controls.pointer import DRAG_THRESHOLD, Click, DragStart, Pointer
from game.scenes.table import TableScene
from game.view.display import ModeDisplay, WindowDisplay, convert_ready, current_window, default_display
from game.view.layout import MIN_WINDOW, compute_layout
from game.view.widgets import ui_size
from tests.app.conftest import FakeClock, make_args, post, post_drag, settle
from tests.app.test_table_input import card_center, find_deal, tableau_move, target_center

POINTS = (640, 400)
PIXELS = (1280, 800)


@pytest.fixture
def open_app(clock: FakeClock) -> Iterator[Callable[..., App]]:
    """An app on a window of ``window`` points at ``scale`` (simulated), stepped once."""

    def make(window: tuple[int, int], scale: float, **given: object) -> App:
        given.setdefault("variant", "kansas")
        given.setdefault("deal", 1)
        pygame.quit()  # one window at a time: the dummy driver has one display
        app = App(make_args(window=window, **given), clock=clock, speed="off", display=ModeDisplay(scale))
        pygame.event.clear()
        app.step()
        return app

    yield make
    pygame.quit()


def _table(app: App) -> TableScene:
    assert app.table is not None
    return app.table


def _frame(app: App) -> bytes:
    app._full_redraw = True
    app.step()
    return pygame.image.tobytes(app.surface, "RGB")


def _layout(app: App) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    return [(box.name, tuple(box.slot), tuple(box.area)) for box in _table(app).layout.piles]


def _in_points(pos: tuple[int, int]) -> tuple[int, int]:
    return pos[0] // 2, pos[1] // 2


def test_the_surface_has_the_drawables_pixels_and_the_window_keeps_its_points(
    open_app: Callable[..., App],
) -> None:
    app = open_app(POINTS, 2.0)
    assert app.size == PIXELS
    assert app.display.window_size() == POINTS
    assert app.window_size == POINTS  # what is saved, and clamped to the minimum, is in points


def test_layout_matches_a_window_twice_the_size(open_app: Callable[..., App]) -> None:
    scaled = _layout(open_app(POINTS, 2.0))
    assert scaled == _layout(open_app(PIXELS, 1.0))


def test_text_sizes_match_a_window_twice_the_size(open_app: Callable[..., App]) -> None:
    app = open_app(POINTS, 2.0)
    scaled_text, scaled_buttons = (
        ui_size(app.size),
        [(b.label, b.rect, b.text_size) for b in _table(app).buttons],
    )
    twice = open_app(PIXELS, 1.0)
    assert scaled_text == ui_size(twice.size) > ui_size(POINTS)
    assert scaled_buttons == [(b.label, b.rect, b.text_size) for b in _table(twice).buttons]


def test_the_whole_frame_matches_a_window_twice_the_size(open_app: Callable[..., App]) -> None:
    scaled = _frame(open_app(POINTS, 2.0))
    assert scaled == _frame(open_app(PIXELS, 1.0))


@pytest.mark.parametrize("variant", ["bakers-game", "aunt-mary"])
def test_a_drag_in_points_drops_on_the_target_of_a_window_twice_the_size(
    open_app: Callable[..., App], variant: str
) -> None:
    deal, move = find_deal(variant, tableau_move)
    app = open_app(POINTS, 2.0, variant=variant, deal=deal)
    start, end = card_center(app, move.source), target_center(app, move.target)
    post_drag(_in_points(start), _in_points(end))
    app.step()
    assert _table(app).g.history[-1][0] == move


def test_a_drag_in_points_off_target_changes_nothing(open_app: Callable[..., App], clock: FakeClock) -> None:
    deal, move = find_deal("bakers-game", tableau_move)
    app = open_app(POINTS, 2.0, variant="bakers-game", deal=deal)
    before = _table(app).g.text()
    # The target's centre in pixels, read as points, lands far off it at scale 2.
    post_drag(_in_points(card_center(app, move.source)), target_center(app, move.target))
    app.step()
    settle(app, clock)
    assert _table(app).g.text() == before


def test_toolbar_buttons_are_hit_in_points(open_app: Callable[..., App]) -> None:
    app = open_app(POINTS, 2.0, variant="kansas", deal=4)
    t = _table(app)
    post(pygame.MOUSEBUTTONDOWN, pos=_in_points(card_center(app, "stock")), button=1)
    post(pygame.MOUSEBUTTONUP, pos=_in_points(card_center(app, "stock")), button=1)
    app.step()
    assert t.g.moves_made == 1
    undo = next(b for b in t.buttons if b.label == "Undo")
    post(pygame.MOUSEBUTTONDOWN, pos=_in_points(undo.rect.center), button=1)
    post(pygame.MOUSEBUTTONUP, pos=_in_points(undo.rect.center), button=1)
    app.step()
    assert t.g.moves_made == 0


def test_a_resize_in_points_lays_out_twice_as_many_pixels(open_app: Callable[..., App]) -> None:
    app = open_app(POINTS, 2.0)
    post(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500)
    app.step()
    assert app.size == (1600, 1000) and app.window_size == (800, 500)
    assert _table(app).layout == compute_layout(_table(app).g.variant, (1600, 1000))


def test_a_window_moved_to_a_screen_of_another_scale_is_laid_out_again(open_app: Callable[..., App]) -> None:
    app = open_app(POINTS, 2.0)
    app.display.scale = 1.0  # as a Retina window dragged onto an ordinary screen finds
    post(pygame.WINDOWDISPLAYCHANGED, display_index=1)
    app.step()
    assert app.size == POINTS == app.window_size
    assert _table(app).layout == compute_layout(_table(app).g.variant, POINTS)
    assert _table(app).input.pointer.scale == 1.0


def test_a_window_smaller_than_the_minimum_is_clamped_in_points(open_app: Callable[..., App]) -> None:
    app = open_app(POINTS, 2.0)
    post(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200)
    app.step()
    assert app.window_size == MIN_WINDOW
    assert app.size == (MIN_WINDOW[0] * 2, MIN_WINDOW[1] * 2)


def _press_and_move(pointer: Pointer, by: int) -> list[object]:
    pointer.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1), 0.0)
    return list(pointer.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + by, 100)), 0.0))


def test_the_drag_threshold_is_in_points() -> None:
    pixels = DRAG_THRESHOLD * 2
    assert _press_and_move(Pointer(scale=2.0), pixels - 1) == []
    assert isinstance(_press_and_move(Pointer(scale=2.0), pixels)[0], DragStart)
    assert isinstance(_press_and_move(Pointer(scale=1.0), DRAG_THRESHOLD)[0], DragStart)


def test_a_double_click_may_be_as_far_apart_in_points() -> None:
    pointer = Pointer(scale=2.0)
    for x, now in ((100, 0.0), (114, 0.1)):  # 14 pixels: 7 points apart
        pointer.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, 100), button=1), now)
        click = pointer.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, 100), button=1), now)
    assert click == [Click((114, 100), double=True)]


def test_macos_gets_the_high_dpi_window_and_others_set_mode() -> None:
    assert isinstance(default_display("darwin"), WindowDisplay)
    assert type(default_display("linux")) is ModeDisplay
    assert type(default_display("win32")) is ModeDisplay


def test_the_high_dpi_window_plays_on_the_dummy_driver(clock: FakeClock) -> None:
    pygame.quit()
    display = WindowDisplay()
    app = App(
        make_args(window=POINTS, variant="bakers-game", deal=5), clock=clock, speed="off", display=display
    )
    try:
        app.step()
        assert display.window is not None and app.size == POINTS and display.scale == 1.0
        assert convert_ready()  # the card art is converted to the window's format, as with set_mode
        assert current_window() is display.window  # its position is saved and restored
        assert tuple(display.window.minimum_size) == MIN_WINDOW
        assert pygame.display.get_caption()[0] == display.window.title == "Solitaire — Baker's Game"
        post(pygame.VIDEORESIZE, size=(700, 500), w=700, h=500)
        app.step()
        assert app.size == (700, 500) == app.window_size
        assert _frame(app) == pygame.image.tobytes(display.window.get_surface(), "RGB")
    finally:
        app.close()
        pygame.quit()
    assert display.window is None and not convert_ready()
