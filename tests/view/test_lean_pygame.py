"""pygame imported without its optional modules (game.view.lean_pygame): what is left out comes back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import resources
from game.view import lean_pygame
from game.view.lean_pygame import DEFERRED, FONT_FILE, FONT_PACKAGE, SWAPPED, default_font, font_file

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
def test_the_games_font_is_sized_like_pygames_default(size: int) -> None:
    """Swapping pygame's default font for Source Sans Pro keeps every label about its size:
    the same cap height within a pixel (or 5 %) and a line at most a fifth wider."""
    pygame.font.init()
    line = "Score 12/52  Moves 7  Time 1:05  ·  Kansas"
    ours, theirs = default_font(size), pygame.font.Font(None, size)
    assert font_file().endswith(FONT_FILE[-1])

    def cap_height(font: pygame.font.Font) -> int:
        return font.render("H", True, (255, 255, 255)).get_bounding_rect().height

    assert abs(cap_height(ours) - cap_height(theirs)) <= max(1, cap_height(theirs) // 20)
    assert ours.size(line)[0] <= theirs.size(line)[0] * 1.2


def test_the_font_is_found_in_its_package_without_importing_it() -> None:
    out = run(
        "import sys\n"
        "from game.view.lean_pygame import FONT_PACKAGE, font_file\n"
        "print(font_file().endswith('SourceSansPro-Bold.ttf'), FONT_PACKAGE in sys.modules)"
    )
    assert out == "True False"


def test_a_frozen_game_reads_the_font_from_the_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bundled = tmp_path / FONT_PACKAGE / Path(*FONT_FILE)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.package_data_path(FONT_PACKAGE, *FONT_FILE) is None  # not in this bundle
    bundled.parent.mkdir(parents=True)
    bundled.write_bytes(b"font")
    assert resources.package_data_path(FONT_PACKAGE, *FONT_FILE) == bundled


def test_without_the_font_package_text_uses_pygames_default_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resources, "package_data_path", lambda *parts: None)
    monkeypatch.setattr(lean_pygame, "_font_file", None)
    assert Path(font_file()) == Path(pygame.__file__).parent / "freesansbold.ttf"
    pygame.font.init()
    assert default_font(22).size("Moves 7") == pygame.font.Font(None, 22).size("Moves 7")


def test_a_swapped_symbol_is_measured_as_it_is_drawn() -> None:
    pygame.font.init()
    font = default_font(30)
    for lacked, drawn in SWAPPED.items():
        line = f"Deal {lacked} 3"
        assert font.size(line) == font.size(f"Deal {drawn} 3")
        assert font.render(line, True, (255, 255, 255)).get_size() == font.size(line)


def test_every_deferred_name_is_a_pygame_module() -> None:
    assert all(name.startswith("pygame.") for name in DEFERRED)


@pytest.mark.parametrize("damage", ["empty", "cut_short", "random_bytes"])
def test_a_damaged_font_file_falls_back_to_pygames_font_like_a_missing_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, damage: str
) -> None:
    whole = (Path(pygame.__file__).parent / "freesansbold.ttf").read_bytes()
    contents = {"empty": b"", "cut_short": whole[:5000], "random_bytes": bytes(range(256)) * 40}[damage]
    damaged = tmp_path / FONT_FILE[-1]
    damaged.write_bytes(contents)
    monkeypatch.setattr(resources, "package_data_path", lambda *parts: damaged)
    monkeypatch.setattr(lean_pygame, "_font_file", None)
    assert Path(font_file()) == Path(pygame.__file__).parent / "freesansbold.ttf"
    assert default_font(22).render("Moves 7", True, (0, 0, 0)).get_width() > 0
