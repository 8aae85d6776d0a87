"""Where the first window opens, in a real X server (Xvfb) under a window manager (openbox):
wholly on the screen, in the middle with no saved place, and a saved place off the screen
brought back onto it. Skipped where Xvfb, xdotool, xwininfo or openbox is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app.test_x11_window import geometry, pytestmark, quit_game, start, x

__all__ = ["pytestmark"]

SCREENS = [(1920, 1080), (800, 600)]


@pytest.fixture(params=SCREENS, ids=["full-hd", "800x600"])
def screen(request: pytest.FixtureRequest) -> Iterator[tuple[str, tuple[int, int]]]:
    """A private Xvfb display of the given size with openbox running on it."""
    if shutil.which("openbox") is None:
        pytest.skip("needs openbox")
    size: tuple[int, int] = request.param
    number = next(n for n in range(400, 700) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wm: subprocess.Popen[bytes] | None = None
    try:
        deadline = time.monotonic() + 20
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if time.monotonic() > deadline or server.poll() is not None:
                pytest.skip("Xvfb did not start")
            time.sleep(0.1)
        display = f":{number}"
        env = {**os.environ, "DISPLAY": display}
        wm = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)  # let it take the screen over
        yield display, size
    finally:
        if wm is not None:
            wm.terminate()
            wm.wait(10)
        server.terminate()
        server.wait(10)


def settled(display: str, window: str) -> tuple[int, ...]:
    """The window's geometry once it has stopped moving (the window manager places it)."""
    last = geometry(display, window)
    for _look in range(20):
        time.sleep(0.3)
        now = geometry(display, window)
        if now == last:
            return now
        last = now
    return last


def on_screen(where: tuple[int, ...], size: tuple[int, int]) -> bool:
    left, top, width, height = where
    return left >= 0 and top >= 0 and left + width <= size[0] and top + height <= size[1]


@pytest.mark.slow
def test_the_first_window_opens_wholly_on_the_screen_in_its_middle(
    screen: tuple[str, tuple[int, int]], tmp_path: Path
) -> None:
    display, size = screen
    proc, window = start(display, tmp_path, "--variant", "kansas", "--deal", "700")
    where = settled(display, window)
    quit_game(proc)
    assert on_screen(where, size), where
    left, _, width, _ = where
    assert abs(left - (size[0] - left - width)) <= 2  # as far from the left edge as from the right


@pytest.mark.slow
def test_a_saved_place_off_the_screen_is_brought_back_onto_it(
    screen: tuple[str, tuple[int, int]], tmp_path: Path
) -> None:
    display, size = screen
    proc, window = start(display, tmp_path, "--variant", "kansas")
    x(display, "xdotool", "windowmove", window, str(size[0] - 200), str(size[1] - 100))
    time.sleep(1.0)
    assert not on_screen(settled(display, window), size)
    quit_game(proc)  # the place is saved
    proc, window = start(display, tmp_path)
    where = settled(display, window)
    quit_game(proc)
    assert on_screen(where, size), where
