"""pygame imported without its optional modules (game.view.lean_pygame): what is left out comes back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.view.lean_pygame import DEFERRED, default_font

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
def test_the_default_font_from_its_file_draws_as_pygames_default(size: int) -> None:
    pygame.font.init()
    line = "Score 12/52  Moves 7  Time 1:05  ·  Kansas"
    ours, theirs = default_font(size), pygame.font.Font(None, size)
    assert ours.get_linesize() == theirs.get_linesize()
    mine, pygames = ours.render(line, True, (255, 255, 255)), theirs.render(line, True, (255, 255, 255))
    assert mine.get_size() == pygames.get_size()
    assert pygame.image.tobytes(mine, "RGBA") == pygame.image.tobytes(pygames, "RGBA")


def test_every_deferred_name_is_a_pygame_module() -> None:
    assert all(name.startswith("pygame.") for name in DEFERRED)
