"""Two windows on one data folder: the second to open a variant says it is open in the other
and plays a new deal unsaved, so neither window ever overwrites the other's game."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.app import App
from game.store import Store
from tests.app.conftest import FakeClock, make_args

FIRST_WINDOW = """
import sys
from game.app_store import Persistence
from game.store import Store
persist = Persistence(Store.open(sys.argv[1]))
g, *_ = persist.game_for("kansas", 5)
persist.started(g)
g.play(g.legal_moves()[0])
persist.saved(g, 3.0)
print("playing", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def first_window(data_dir: Path) -> Iterator[subprocess.Popen[str]]:
    """Another copy of the game on the same folder (its own process), playing Kansas deal 5 with
    one move made, until its input is closed."""
    process = subprocess.Popen(
        [sys.executable, "-c", FIRST_WINDOW, str(data_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert process.stdout is not None and process.stdout.readline() == "playing\n"
    yield process
    quit_window(process)


def quit_window(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=30)


def saved_position(data_dir: Path, variant: str) -> str | None:
    with Store.open(data_dir) as store:
        saved = store.load_game(variant)
        return None if saved is None else saved.game.text()


def test_second_window_on_the_same_variant_says_so_and_plays_unsaved(
    first_window: subprocess.Popen[str], data_dir: Path, clock: FakeClock
) -> None:
    before = saved_position(data_dir, "kansas")
    app = App(make_args(variant="kansas", deal=None), clock=clock, speed="off")
    try:
        app.step()
        assert app.persist.banner is not None and "Kansas is open in another window" in app.persist.banner
        table = app.table
        assert table is not None and table.g.moves_made == 0
        table.g.play(table.g.legal_moves()[0])
        app.persist.saved(table.g, 1.0)
        table.new_deal()
        app.step()
    finally:
        app.close()
    assert saved_position(data_dir, "kansas") == before


def test_another_variant_in_the_second_window_is_saved_as_usual(
    first_window: subprocess.Popen[str], data_dir: Path, make_app: Callable[..., App]
) -> None:
    app = make_app(variant="seahaven", deal=3)
    assert app.persist.banner is None
    table = app.table
    assert table is not None
    table.g.play(table.g.legal_moves()[0])
    app.persist.saved(table.g, 1.0)
    assert saved_position(data_dir, "seahaven") == table.g.text()


def test_the_variant_is_free_again_once_the_first_window_quits(
    first_window: subprocess.Popen[str], data_dir: Path, clock: FakeClock
) -> None:
    quit_window(first_window)
    app = App(make_args(variant="kansas", deal=None), clock=clock, speed="off")
    try:
        app.step()
        assert app.persist.banner is None
        assert app.table is not None and app.table.g.deal == 5 and app.table.g.moves_made == 1
    finally:
        app.close()


def test_the_window_takes_its_events_while_the_store_opens(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    import threading

    import pygame

    from game import app_store

    opened = threading.Event()
    real_open = Store.open

    def slow_open(*args: object, **kwargs: object) -> Store:
        opened.wait(5)  # released by the pump below: a salvage that takes a while
        return real_open(*args, **kwargs)

    pumps: list[float] = []

    def pump() -> None:
        pumps.append(0.0)
        if len(pumps) >= 3:
            opened.set()

    monkeypatch.setattr(Store, "open", slow_open)
    monkeypatch.setattr(pygame.event, "pump", pump)
    pygame.display.init()

    persist = app_store.Persistence.open(str(data_dir))

    persist.store.close()
    assert len(pumps) >= 3
    assert opened.is_set()


def finished_games(data_dir: Path) -> int:
    with Store.open(data_dir) as store:
        return store.summary().played


def test_restart_in_the_second_window_leaves_the_first_window_s_game_alone(
    first_window: subprocess.Popen[str], data_dir: Path, clock: FakeClock
) -> None:
    before = saved_position(data_dir, "kansas")
    app = App(make_args(variant="kansas", deal=None), clock=clock, speed="off")
    try:
        app.step()
        table = app.table
        assert table is not None and "kansas" in app.persist.guest
        table.g.play(table.g.legal_moves()[0])
        app.persist.saved(table.g, 1.0)
        table.session.restart()
        app.step()
    finally:
        app.close()
    assert saved_position(data_dir, "kansas") == before
    assert finished_games(data_dir) == 0
