"""The screenshots the AppStream metainfo shows (build/linux/screenshots/), taken from the game.

    python build/screenshots.py

renders each deal in ``SHOTS`` at 1024x768 with SDL's off-screen video driver (the game's own
frames, pixel for pixel what its window shows) once the solver has judged the deal, and writes
``build/linux/screenshots/<variant>.png``, reduced to 256 colours (ImageMagick's ``convert``, when
installed: about half the bytes, the felt's gradient dithered).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "linux" / "screenshots"
SIZE = (1024, 768)
SHOTS = {"kansas": 3, "seahaven": 7}
"""Variant -> the deal shown (the metainfo's captions name the games)."""


def shoot(variant: str, deal: int, out: Path, settle: float = 3.0) -> Path:
    """Render ``variant``'s deal ``deal`` and save the frame shown after ``settle`` seconds."""
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.app import App

    with tempfile.TemporaryDirectory(prefix="solitaire-shot-") as data:
        args = argparse.Namespace(
            variant=variant,
            deal=deal,
            fullscreen=False,
            window=SIZE,
            autoplay=False,
            exit_when_done=False,
            data_dir=data,
        )
        app = App(args, speed="off")
        end = time.monotonic() + settle
        while time.monotonic() < end:
            app.step()
            time.sleep(0.02)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(out))
        pygame.quit()
    return out


def reduce_colours(png: Path) -> None:
    """``png`` in 256 colours, in place, when ImageMagick is installed."""
    if shutil.which("convert"):
        args = ["-dither", "FloydSteinberg", "-colors", "256", "-strip"]
        subprocess.run(["convert", str(png), *args, f"PNG8:{png}"], check=True)


def main() -> int:
    for variant, deal in SHOTS.items():
        out = shoot(variant, deal, OUT / f"{variant}.png")
        reduce_colours(out)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
