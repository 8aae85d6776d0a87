"""The real program in a real X server (Xvfb, SDL's X11 driver): the window's title when it maps,
the game reopened by a second start, and full screen and back with and without a window manager.

Skipped where Xvfb, xdotool or xwininfo is missing; the window-manager case also where openbox is.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xdotool", "xwininfo")
pytestmark = pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS) or not Path(sys.executable).with_name("solitaire").exists(),
    reason="needs Xvfb, xdotool, xwininfo and the installed solitaire command",
)
SCREEN = (1280, 800)
PROGRAM = Path(sys.executable).with_name("solitaire")
"""The installed command (its name is the window's class)."""
WAIT = 90.0
"""Seconds allowed for the program to map its window (a loaded machine is slow to start it)."""


@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb display, stopped after the test."""
    number = next(n for n in range(140, 400) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if time.monotonic() > deadline or server.poll() is not None:
                pytest.skip("Xvfb did not start")
            time.sleep(0.1)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture
def window_manager(display: str) -> Iterator[None]:
    """openbox on the display (the test is skipped where it is not installed)."""
    if shutil.which("openbox") is None:
        pytest.skip("needs openbox")
    wm = subprocess.Popen(
        ["openbox"],
        env={**os.environ, "DISPLAY": display},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.0)  # let it take the screen over
        yield
    finally:
        wm.terminate()
        wm.wait(10)


def x(display: str, *command: str) -> str:
    """Run an X tool on ``display``; its output."""
    done = subprocess.run(
        command, env={**os.environ, "DISPLAY": display}, capture_output=True, text=True, timeout=30
    )
    return done.stdout.strip()


def start(display: str, data: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """The game, started with ``args`` on ``display``; and its window once mapped."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SOLITAIRE_DATA_DIR", None)
    command = [str(PROGRAM), "--data-dir", str(data), *args]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline and proc.poll() is None:
        found = x(display, "xdotool", "search", "--onlyvisible", "--class", "solitaire").split()
        if found:
            return proc, found[0]
        time.sleep(0.3)
    proc.kill()
    raise AssertionError(f"no window mapped: {proc.communicate()[1][-2000:]}")


def quit_game(proc: subprocess.Popen[str]) -> str:
    """Quit as the window's close button does (SDL turns SIGTERM into the same quit event);
    the program's stderr once it has exited."""
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 0, err
    return err


def geometry(display: str, window: str) -> tuple[int, int, int, int]:
    """The window's x, y, width and height on the screen."""
    info = dict(
        line.strip().split(":", 1)
        for line in x(display, "xwininfo", "-id", window).splitlines()
        if ":" in line
    )
    keys = ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height")
    return tuple(int(info[k]) for k in keys)  # type: ignore[return-value]


def settled_geometry(display: str, window: str, wanted: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The window's geometry once it is ``wanted`` (or after a few seconds, whatever it is)."""
    deadline = time.monotonic() + 10
    while (now := geometry(display, window)) != wanted and time.monotonic() < deadline:
        time.sleep(0.2)
    return now


def title(display: str, window: str) -> str:
    return x(display, "xdotool", "getwindowname", window)


def test_with_no_options_the_window_maps_titled_solitaire(display: str, tmp_path: Path) -> None:
    proc, window = start(display, tmp_path)
    assert title(display, window) == "Solitaire"
    quit_game(proc)


def test_a_second_start_reopens_the_seahaven_game_left(display: str, tmp_path: Path) -> None:
    proc, window = start(display, tmp_path, "--variant", "seahaven")
    quit_game(proc)
    proc, window = start(display, tmp_path)
    assert "Seahaven" in title(display, window)
    quit_game(proc)


def full_screen_and_back(display: str, tmp_path: Path) -> None:
    proc, window = start(display, tmp_path, "--window", "1024x640")
    before = geometry(display, window)
    assert before[2:] == (1024, 640)
    x(display, "xdotool", "key", "--window", window, "F11")
    assert settled_geometry(display, window, (0, 0, *SCREEN)) == (0, 0, *SCREEN)
    x(display, "xdotool", "key", "--window", window, "F11")
    assert settled_geometry(display, window, before) == before
    err = quit_game(proc)
    assert "forcibly resized" not in err


def test_full_screen_and_back_without_a_window_manager(display: str, tmp_path: Path) -> None:
    full_screen_and_back(display, tmp_path)


@pytest.mark.usefixtures("window_manager")
def test_full_screen_and_back_with_a_window_manager(display: str, tmp_path: Path) -> None:
    full_screen_and_back(display, tmp_path)
