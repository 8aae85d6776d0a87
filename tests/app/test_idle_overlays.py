"""Screens shown over an idle table: their first frame shows the dimmed table, never black.

The real ``App.run`` loop runs here (``tests.app.idle_loop``). The table first sits idle (the
loop sleeps, the table's layer is parked), then one input comes without the pointer moving, and
every frame presented from then on is looked at as the window would show it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pygame
import pytest

from game.app import App
from game.scenes.base import Overlay
from game.scenes.stuck import StuckScene
from game.scenes.win import WinScene
from tests.app.conftest import FakeClock, post_click, post_key, settle
from tests.app.idle_loop import Script, black_share
from tests.app.test_scenes import _nearly_won

IDLE = 3.0
"""Seconds the table sits idle before the input (the table's layer is parked after 2)."""


@dataclass
class Frame:
    """One frame presented: the scene in front and how much of the window was pure black."""

    front: str
    black: float


Watch = Callable[[App, Callable[[], None]], list[Frame]]
"""Runs an app idle, then an input; the frames presented after it."""


@pytest.fixture
def watch(clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Run ``app`` idle, then ``act``; the frames presented after the input."""

    def run(app: App, act: Callable[[], None]) -> list[Frame]:
        parked: list[bool] = []

        def act_at_rest() -> None:
            parked.append(app.renderer.parked)
            act()

        script = Script(clock, clock.t + IDLE, [(0.0, act_at_rest)])
        monkeypatch.setattr("game.app.wait_event", script)
        frames: list[Frame] = []

        def presented() -> None:
            if parked:
                frames.append(Frame(type(app.top).__name__, black_share(app.surface)))
                if isinstance(app.top, WinScene) and len(frames) > 5:
                    app.running = False  # the cascade runs on: a few frames are enough

        flip, update = app.display.flip, app.display.update
        monkeypatch.setattr(app.display, "flip", lambda: (presented(), flip()))
        monkeypatch.setattr(app.display, "update", lambda areas: (presented(), update(areas)))
        app.run()
        assert parked == [True], "the table was idle, its layer parked, when the input came"
        return frames

    yield run


def stuck_but_one(app: App, clock: FakeClock) -> tuple[int, int]:
    """Kansas deal 700 with its stock clicked 35 times (as the report did): one more click
    leaves no legal move. The stock's centre."""
    table = app.table
    assert table is not None
    stock = table.layout.piles[table.g.variant.stock].slot.center
    for _click in range(35):
        post_click(stock)
        settle(app, clock)
    assert not table.g.is_stuck()
    return stock


def test_the_no_moves_screen_after_an_idle_table_shows_the_dimmed_table_not_black(
    make_app: Callable[..., App], clock: FakeClock, watch: Watch
) -> None:
    app = make_app(variant="kansas", deal=700)
    stock = stuck_but_one(app, clock)
    frames = watch(app, lambda: post_click(stock))
    assert isinstance(app.top, StuckScene)
    shown = [f for f in frames if f.front == "StuckScene"]
    assert shown, "the no-moves screen was presented"
    assert all(f.black < 0.01 for f in shown), [f.black for f in shown]


def test_the_win_screen_after_an_idle_table_shows_the_dimmed_table_from_its_first_frame(
    make_app: Callable[..., App], clock: FakeClock, watch: Watch
) -> None:
    app = make_app(variant="kansas", deal=1)
    app.settings.auto_moves = False  # the last card waits on the waste for the player's F
    table = app.table
    assert table is not None
    table.session.start(_nearly_won())
    settle(app, clock)
    assert not table.g.is_won()
    frames = watch(app, lambda: post_key(pygame.K_f, unicode="f"))
    assert isinstance(app.top, WinScene)
    shown = [f for f in frames if f.front == "WinScene"]
    assert shown
    assert all(f.black < 0.01 for f in shown), [f.black for f in shown]


@pytest.mark.parametrize(
    ("key", "unicode", "mod", "front"),
    [
        (pygame.K_ESCAPE, "", 0, "MenuScene"),
        (pygame.K_F1, "", 0, "RulesScene"),
        (pygame.K_s, "s", 0, "StatsScene"),
        (pygame.K_SLASH, "?", pygame.KMOD_SHIFT, "ShortcutsScene"),
        (pygame.K_n, "", pygame.KMOD_CTRL, "Dialog"),
    ],
    ids=["menu", "rules", "statistics", "shortcuts", "abandon-dialog"],
)
def test_every_screen_opened_over_an_idle_table_shows_the_table_behind_it(
    make_app: Callable[..., App],
    clock: FakeClock,
    watch: Watch,
    key: int,
    unicode: str,
    mod: int,
    front: str,
) -> None:
    app = make_app(variant="bakers-game", deal=3)
    table = app.table
    assert table is not None
    assert table.play(table.g.legal_moves()[0])  # Ctrl+N then asks first
    settle(app, clock)
    frames = watch(app, lambda: post_key(key, mod, unicode))
    assert isinstance(app.top, Overlay) and type(app.top).__name__ == front
    shown = [f for f in frames if f.front == front]
    assert shown
    assert all(f.black < 0.01 for f in shown), [f.black for f in shown]
