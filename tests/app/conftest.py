"""Headless app tests: the real main loop, stepped a frame at a time, fed posted pygame events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse
import io
from collections import OrderedDict
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest
from solver_stand_in import InlineWorker

from game.app import App
from game.scenes.look import LookScene
from game.scenes.menu import MenuScene
from game.scenes.menu_page import MenuPage
from game.scenes.table import TableScene
from game.store import Store
from game.view import themes


class FakeClock:
    """The app's clock, moved on by the test."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def make_args(**given: object) -> argparse.Namespace:
    """The namespace ``game.cli.play_parser()`` would give, with ``given`` filled in."""
    args: dict[str, object] = {
        "variant": None,
        "deal": None,
        "fullscreen": False,
        "window": (1024, 768),
        "autoplay": False,
        "exit_when_done": False,
        "data_dir": None,
    }
    args.update(given)
    return argparse.Namespace(**args)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every app test saves into its own folder, never the player's."""
    folder = tmp_path / "solitaire-data"
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def a_day_with_a_deal_of_the_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps' calendar date is one the shipped table has deals of the day for: on a date past
    its last day (the table is extended release by release) the tests still find the deal of
    the day they play. Today's date where it has one (``SOLITAIRE_TEST_PIN_DAY=1`` pins always)."""
    from game.store.winnable import shipped

    span = shipped().supported(shipped().games)
    if span is None or (span[0] <= date.today() <= span[1] and not os.environ.get("SOLITAIRE_TEST_PIN_DAY")):
        return
    day = min(span[0] + timedelta(days=8), span[1])
    monkeypatch.setattr(Store, "today", lambda self: day)


@pytest.fixture(autouse=True)
def no_proving_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps start no background process proving days or refilling pools ahead (each
    would search for seconds beside the test); ``game.dailies`` is tested directly."""
    import game.dailies

    monkeypatch.setattr(game.dailies, "start_ahead", lambda *args, **kwargs: None)
    monkeypatch.setattr(game.dailies, "start_refill", lambda *args, **kwargs: None)


@pytest.fixture(autouse=True)
def solver(monkeypatch: pytest.MonkeyPatch) -> InlineWorker:
    """The apps' solver worker: searches in this process, and only once a test says so
    (``solver.hold = False``); until then every search is "still under way"."""
    worker = InlineWorker(hold=True, max_seconds=2.0)
    monkeypatch.setattr(App, "solver_worker", lambda: worker)
    return worker


_SVG_IMAGES: OrderedDict[tuple[str | bytes, tuple[int, int]], pygame.Surface] = OrderedDict()
_SVG_BYTES = 256 * 2**20
"""The most the remembered images may hold: the tests that resize the window draw the cards at
hundreds of sizes. (Without a bound tests/app peaked at 0.70 GiB, against 0.71 with it: the 20 GiB
once blamed on this cache was the garbage collector left stopped, see tests/conftest.py.)"""
_load_sized_svg = pygame.image.load_sized_svg


def _remembered_svg(path: str | io.BytesIO, size: tuple[int, int]) -> pygame.Surface:
    """pygame's SVG rasteriser, each file and size rendered once while it is among the most
    recently drawn (``_SVG_BYTES``): every app test draws the same card files at the same few
    sizes, which cost half of a small test's time (a fuzz example: 0.75 of 1.5 s). The image
    is a pure function of the file and the size, so a copy of the first one is what the
    rasteriser would give again."""
    source = path.getvalue() if isinstance(path, io.BytesIO) else str(path)  # a back drawn in code
    key = (source, (int(size[0]), int(size[1])))
    image = _SVG_IMAGES.get(key)
    if image is None:
        image = _SVG_IMAGES[key] = _load_sized_svg(
            io.BytesIO(source) if isinstance(source, bytes) else path, size
        )
        held = sum(i.get_width() * i.get_height() * 4 for i in _SVG_IMAGES.values())
        while held > _SVG_BYTES and len(_SVG_IMAGES) > 1:
            _, dropped = _SVG_IMAGES.popitem(last=False)
            held -= dropped.get_width() * dropped.get_height() * 4
    else:
        _SVG_IMAGES.move_to_end(key)
    return image.copy()


@pytest.fixture(autouse=True)
def remembered_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app test draws its cards with ``_remembered_svg``."""
    monkeypatch.setattr(pygame.image, "load_sized_svg", _remembered_svg)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_app(clock: FakeClock) -> Iterator[Callable[..., App]]:
    """Build an app (default: Kansas deal 1, 1024x768, no animation) and step it once."""

    def make(speed: str = "off", **given: object) -> App:
        given.setdefault("variant", "kansas")
        given.setdefault("deal", 1)
        app = App(make_args(**given), clock=clock, speed=speed)
        pygame.event.clear()
        app.step()
        return app

    yield make
    pygame.quit()


def table(app: App) -> TableScene:
    """The app's table scene (there is always one once the app has started)."""
    scene = app.table
    assert scene is not None
    return scene


def toast(t: TableScene) -> str:
    """The message shown above the status line, or ''."""
    return t.toast[0] if t.toast is not None else ""


def settle(app: App, clock: FakeClock, frames: int = 4000, dt: float = 0.02) -> None:
    """Step the app until nothing is animating (or it has quit). A win screen is settled once
    shown: its card cascade is decoration that no test waits for, and it costs seconds (at 4K
    it was four fifths of the text-fits test)."""
    from game.scenes.win import WinScene

    for _ in range(frames):
        clock.t += dt
        if not app.step() or not app.top.busy() or isinstance(app.top, WinScene):
            app.step()
            return
    raise AssertionError("the app never settled")


def post(kind: int, **attrs: Any) -> None:
    """Post one pygame event."""
    pygame.event.post(pygame.event.Event(kind, **attrs))


def post_drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    """A left-button drag from ``start`` to ``end`` in a few motion events."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for k in range(1, 5):
        x = start[0] + (end[0] - start[0]) * k // 4
        y = start[1] + (end[1] - start[1]) * k // 4
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)


def post_click(pos: tuple[int, int]) -> None:
    """A left click at ``pos``."""
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def post_key(key: int, mod: int = 0, unicode: str = "") -> None:
    """A key press."""
    post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every app test starts in English whatever the machine's language, and leaves the
    language in use as it found it (the app switches it at start and from the menu)."""
    from game import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def classic_theme(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every app test starts in the classic theme whatever the desktop prefers, and leaves it as
    it found it (the theme is the drawing's, one for the process: a dark app would leave later
    tests dark)."""
    monkeypatch.delenv("GTK_THEME", raising=False)
    yield
    themes.set_theme("classic")


def open_look_page(app: App) -> LookScene:
    """Esc for the menu, then a click on "Table and cards…": the page the look settings are on."""
    post_key(pygame.K_ESCAPE)
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScene)
    post_click(next(b for b in menu.buttons if b.action == "look").rect.center)
    app.step()
    page = app.top
    assert isinstance(page, LookScene)
    return page


def click_entry(app: App, page: MenuPage, action: str) -> None:
    """A click on the page's entry ``action``."""
    post_click(next(b for b in page.buttons if b.action == action).rect.center)
    app.step()


def back_to_table(app: App) -> None:
    """Esc from the page (to the menu), Esc from the menu (to the table)."""
    post_key(pygame.K_ESCAPE)
    app.step()
    post_key(pygame.K_ESCAPE)
    app.step()
    assert app.top is app.table
