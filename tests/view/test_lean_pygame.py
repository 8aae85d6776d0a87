"""pygame imported without its optional modules (game.view.lean_pygame): what is left out comes back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.view.lean_pygame import DEFERRED, FONT_FILE, default_font, font_file

ROOT = Path(__file__).resolve().parents[2]


def run(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


def test_the_game_imports_pygame_without_the_deferred_modules() -> None:
    loaded = run(
        "import sys, game.app\n"
        "from game.view.lean_pygame import DEFERRED\n"
        "print(sorted(set(sys.modules) & set(DEFERRED)))"
    )
    assert loaded == "[]"


def test_the_mixer_imports_and_plays_once_a_sound_is_wanted() -> None:
    out = run(
        "import game.app\n"
        "from game.view.settings import Settings\n"
        "from game.view.sound import Sound\n"
        "sound = Sound(Settings)\n"
        "sound.play('click')\n"
        "print(sound.available)"
    )
    assert out == "True"


@pytest.mark.parametrize("size", [8, 11, 14, 17, 22, 31, 45, 64, 90, 133])
def test_the_bundled_font_is_sized_like_pygames_default(size: int) -> None:
    """Swapping pygame's default font for the bundled one keeps every label about its size:
    the same cap height within a pixel (or 5 %) and a line at most a fifth wider."""
    pygame.font.init()
    line = "Score 12/52  Moves 7  Time 1:05  ·  Kansas"
    ours, theirs = default_font(size), pygame.font.Font(None, size)
    assert font_file().endswith(FONT_FILE[-1])

    def cap_height(font: pygame.font.Font) -> int:
        return font.render("H", True, (255, 255, 255)).get_bounding_rect().height

    assert abs(cap_height(ours) - cap_height(theirs)) <= max(1, cap_height(theirs) // 20)
    assert ours.size(line)[0] <= theirs.size(line)[0] * 1.2


def test_every_deferred_name_is_a_pygame_module() -> None:
    assert all(name.startswith("pygame.") for name in DEFERRED)
