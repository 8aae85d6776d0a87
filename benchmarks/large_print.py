"""What a large-print face costs to draw (pygame shapes and the game's font, game/view/large_print.py)
against the SVG face of the same card and width (card_art.py), measured in the same run.

    python benchmarks/large_print.py [rounds]

Prints, per card width (800x600's 83 px, 4K's 301 and 477 px), the median milliseconds to draw
all 52 faces with each art, and their ratio.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.view.card_art import CARD_TEXTS, CardArt  # noqa: E402
from game.view.large_print import LargePrintArt  # noqa: E402

WIDTHS = (83, 301, 477)


def deck_ms(art: CardArt, width: int) -> float:
    """Milliseconds to draw all 52 faces at ``width`` (the cache emptied first)."""
    art.clear()
    start = time.perf_counter()
    for text in CARD_TEXTS:
        art.face(text, width)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    """Alternate the two arts ``rounds`` times per width and print the medians."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    pygame.display.init()
    pygame.font.init()
    svg, large = CardArt("classic"), LargePrintArt("classic")
    for width in WIDTHS:
        times: dict[str, list[float]] = {"svg": [], "large": []}
        for _ in range(rounds):
            times["svg"].append(deck_ms(svg, width))
            times["large"].append(deck_ms(large, width))
        a, b = statistics.median(times["svg"]), statistics.median(times["large"])
        print(f"{width:4d} px: 52 SVG faces {a:7.1f} ms, 52 large-print faces {b:7.1f} ms, ratio {b / a:.2f}")


if __name__ == "__main__":
    main()
