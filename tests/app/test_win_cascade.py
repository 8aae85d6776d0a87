"""The win screen's cascade: the cards bounce and leave trails on the table, never over the
toolbar or the status line (they stayed drawn there)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.scenes.win import WinScene
from tests.app.conftest import FakeClock
from tests.app.test_scenes import _nearly_won


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels in which two surfaces of one size agree."""
    same = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b).count()
    return same / (a.get_width() * a.get_height())


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_cascade_stays_off_the_toolbar_and_the_status_line(
    make_app: Callable[..., App], clock: FakeClock, size: tuple[int, int]
) -> None:
    app = make_app(variant="kansas", deal=1, window=size)
    table = app.table
    assert table is not None
    table.session.start(_nearly_won())
    for _ in range(100):
        clock.t += 0.02
        app.step()
        if isinstance(app.top, WinScene):
            break
    win = app.top
    assert isinstance(win, WinScene)
    layout = table.layout
    bars = [layout.toolbar, layout.status]
    before = [app.surface.subsurface(bar).copy() for bar in bars]
    middle = app.surface.subsurface(layout.table).copy()
    for _ in range(150):
        clock.t += 0.02
        app.step()
    after = [app.surface.subsurface(bar) for bar in bars]
    for was, now in zip(before, after, strict=True):
        assert same_pixels(now, was) == 1.0, "a card was drawn over a bar"
    assert same_pixels(app.surface.subsurface(layout.table), middle) < 0.9  # the cascade ran
