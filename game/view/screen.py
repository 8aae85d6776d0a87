"""The desktop the window lives on: how large a window may be, and saying so when asked for more.

A window is never larger than the largest display (the player could not see all of it, and its
surfaces would cost memory for nothing), nor longer than ``MAX_ASPECT`` to 1 (see
``game.view.layout.clamp_window``). With no real display (SDL's ``dummy`` and ``offscreen``
drivers, as in tests and benchmarks) only the fixed limits apply.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.view.layout import MAX_ASPECT, MAX_SIDE, clamp_window

_NO_DESKTOP = ("dummy", "offscreen")


def largest_window() -> tuple[int, int]:
    """The largest window worth opening: the largest display's size (or the fixed limit)."""
    try:
        if pygame.display.get_driver() in _NO_DESKTOP:
            return MAX_SIDE, MAX_SIDE
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return MAX_SIDE, MAX_SIDE
    if not sizes:
        return MAX_SIDE, MAX_SIDE
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def fit_window(size: tuple[int, int]) -> tuple[tuple[int, int], str | None]:
    """``size`` clamped for this desktop, and the line telling the player when it was made
    smaller (a window below the minimum size simply opens at the minimum)."""
    fitted = clamp_window(size, largest_window())
    if fitted[0] >= size[0] and fitted[1] >= size[1]:
        return fitted, None
    # Translators: {asked} and {opened} are window sizes ("3000x2000"); {ratio} a number ("2.5")
    line = _(
        "A {asked} window does not fit this screen (at most {ratio} to 1, no larger than the "
        "display): opened at {opened}."
    )
    return fitted, line.format(
        asked=f"{size[0]}x{size[1]}", ratio=f"{MAX_ASPECT:g}", opened=f"{fitted[0]}x{fitted[1]}"
    )
