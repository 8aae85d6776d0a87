"""Where no window can be opened (no X server, ``DISPLAY`` unset or pointing nowhere), the game
says so plainly in the player's language, with what to try, and exits with status 3: not
"unexpected error: x11 not available", and not an invisible game running on SDL's offscreen
driver until it is killed."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import app as app_module
from game import i18n
from game.app import EXIT_NO_WINDOW, no_window_line
from game.view.window import NoWindow
from tests.app.conftest import make_args

REPO = Path(__file__).resolve().parents[2]


def launch(tmp_path: Path, language: str, **env: str | None) -> subprocess.CompletedProcess[str]:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    environment.update({k: v for k, v in env.items() if v is not None})
    environment.update(LANGUAGE=language, LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(tmp_path / "data")],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({"SDL_VIDEODRIVER": "x11", "DISPLAY": ":97"}, "x11 not available"),
        ({"SDL_VIDEODRIVER": "x11"}, "x11 not available"),
        ({"DISPLAY": ":97"}, "no display found, only SDL's offscreen driver"),
        ({}, "no display found, only SDL's offscreen driver"),
    ],
    ids=["x11_no_server", "x11_display_unset", "display_nowhere", "nothing_set"],
)
@pytest.mark.parametrize("language", ["en", "de"])
def test_no_usable_display_says_no_window_can_be_opened(
    tmp_path: Path, env: dict[str, str], reason: str, language: str
) -> None:
    child = launch(tmp_path, language, **env)
    assert child.returncode == EXIT_NO_WINDOW, child.stderr
    assert "unexpected error" not in child.stderr and "Traceback" not in child.stderr
    try:
        i18n.set_language(language)
        expected = no_window_line(reason)
    finally:
        i18n.set_language("en")
    assert child.stderr.splitlines()[-1] == expected
    if language != "en":
        assert expected != no_window_line(reason)  # translated


class _FullStream(io.TextIOBase):
    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("failure", [NoWindow("x11 not available"), ValueError("odd")])
def test_the_last_line_of_a_game_that_cannot_go_on_never_fails_on_a_broken_stderr(
    monkeypatch: pytest.MonkeyPatch, failure: Exception
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise failure

    monkeypatch.setattr(app_module, "App", broken)
    monkeypatch.setattr(sys, "stderr", _FullStream())
    assert app_module.run(make_args()) == (EXIT_NO_WINDOW if isinstance(failure, NoWindow) else 1)
