"""Bad input through the real loop: keys from other keyboards in the deal field, absurd window
sizes; the chooser and the table lay out at every size the window may take."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes.chooser import ChooserScene
from game.view import screen
from game.view.screen import HEADLESS_WINDOW, MAX_ASPECT, MIN_WINDOW, clamp_window
from tests.app.conftest import post_key


@pytest.mark.parametrize("typed", ["²", "٣", "¹", "½", "😀"])
def test_deal_field_ignores_keys_that_are_not_ascii_digits(make_app: Callable[..., App], typed: str) -> None:
    app = make_app(variant=None, deal=None)
    post_key(pygame.K_d, unicode="d")
    post_key(pygame.K_4, unicode="4")
    post_key(ord(typed[0]), unicode=typed)  # SDL names such a key by its character
    post_key(pygame.K_2, unicode="2")
    app.step()
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and chooser.deal_text == "42"
    post_key(pygame.K_RETURN)
    app.step()
    assert app.table is not None and app.table.g.deal == 42


def test_window_far_wider_than_tall_opens_clamped_with_one_notice(
    make_app: Callable[..., App], capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app(variant=None, window=(15000, 360))
    assert app.size == (int(360 * MAX_ASPECT), 360)
    assert app.persist.banner is not None and "15000x360" in app.persist.banner
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"solitaire: {app.persist.banner}"]


def test_window_larger_than_the_display_opens_at_the_display_size(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(screen, "largest_window", lambda: (1024, 768))
    app = make_app(variant="kansas", window=(99999, 99999))
    assert app.size == (1024, 768)
    assert app.persist.banner is not None and "opened at 1024x768" in app.persist.banner


@pytest.mark.parametrize("asked", [(99999, 99999), (8192, 8192), (5000, 3000)])
def test_with_no_display_to_measure_a_huge_window_opens_at_most_4k_with_a_notice(
    make_app: Callable[..., App], asked: tuple[int, int]
) -> None:
    """SDL's dummy driver (scripts, CI, --autoplay) has no desktop size: 99999x99999 opened at
    8192x8192 and took 1.8 GiB."""
    app = make_app(variant="kansas", window=asked)
    assert pygame.display.get_driver() == "dummy"
    w, h = app.size
    assert w <= HEADLESS_WINDOW[0] and h <= HEADLESS_WINDOW[1]
    assert app.surface.get_size() == (w, h)
    assert app.persist.banner is not None and f"{asked[0]}x{asked[1]}" in app.persist.banner
    assert f"opened at {w}x{h}" in app.persist.banner


def test_with_no_display_to_measure_a_4k_window_opens_as_asked(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", window=HEADLESS_WINDOW)
    assert app.size == HEADLESS_WINDOW and app.persist.banner is None


def test_a_window_below_the_minimum_opens_at_it_without_a_notice(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, window=(100, 50))
    assert app.size == MIN_WINDOW and app.persist.banner is None


@pytest.mark.parametrize(
    "size", [(99999, 99999), (15000, 360), (360, 15000), (10, 10), (8192, 8192), (1, 99999)]
)
def test_clamped_sizes_stay_within_the_limits(size: tuple[int, int]) -> None:
    w, h = clamp_window(size, (7680, 4320))
    assert MIN_WINDOW[0] <= w <= 7680 and MIN_WINDOW[1] <= h <= 4320
    assert max(w / h, h / w) <= MAX_ASPECT


SIZES = [(320, 200), (480, 360), (2160, 360), (480, 2880), (1366, 768), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES)
def test_chooser_and_table_lay_out_at_every_allowed_size(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app(variant=None, window=(1024, 768))
    app.surface = pygame.display.set_mode(size)  # as a full screen of that size would be
    app.step()
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    window = pygame.Rect((0, 0), size)
    assert all(tile.width > 0 and tile.height > 0 and window.contains(tile) for tile in chooser.tiles)
    for key in ("lady-jane", "seahaven"):
        app.start_game(key)
        app.step()
        table = app.table
        assert table is not None
        laid_out = table.layout.window
        assert laid_out.width >= size[0] and laid_out.height >= size[1]
        assert all(laid_out.contains(box.area) and box.slot.width > 0 for box in table.layout.piles)
