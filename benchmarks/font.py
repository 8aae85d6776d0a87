"""What the game's font (Source Sans Pro, from the font-source-sans-pro package) costs the first
window: finding it, opening it and drawing the first line of text, in a fresh process each time,
against pygame's own default font measured in the same run.

    python benchmarks/font.py [runs]

Prints the median milliseconds of each and their ratio.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.resources import package_data_path  # noqa: E402
from game.view.lean_pygame import FONT_FILE, FONT_PACKAGE  # noqa: E402  (pygame, not the font)

PROBE = """
import os, sys, time
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from game.view.lean_pygame import default_font, font_file, pygame
pygame.font.init()
start = time.perf_counter()
if sys.argv[1] == "ours":
    font_file()
    font = default_font(22)
else:
    font = pygame.font.Font(None, 22)
font.render("New game  Statistics  Пасьянс", True, (255, 255, 255))
print((time.perf_counter() - start) * 1000)
"""


def first_text_ms(which: str) -> float:
    """Milliseconds to open ``which`` font and draw a line, in a new process."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE, which], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Alternate the two fonts ``runs`` times each and print the medians."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    times: dict[str, list[float]] = {"pygame default": [], "Source Sans Pro": []}
    for _ in range(runs):
        times["pygame default"].append(first_text_ms("pygame"))
        times["Source Sans Pro"].append(first_text_ms("ours"))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:>15}: open + first line {value:.2f} ms (median of {runs})")
    print(f"{'ratio':>15}: {medians['Source Sans Pro'] / medians['pygame default']:.2f}")
    path = package_data_path(FONT_PACKAGE, *FONT_FILE)
    if path is None:
        raise SystemExit(f"{FONT_PACKAGE} is not installed")
    size = os.path.getsize(path)
    print(f"{'file size':>15}: {size} bytes")


if __name__ == "__main__":
    main()
