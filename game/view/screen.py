"""The desktop the window lives on: how large a window may be, and saying so when asked for more.

A window is never larger than the largest display (the player could not see all of it, and its
surfaces would cost memory for nothing), nor longer than ``MAX_ASPECT`` to 1 (see
``clamp_window``). With no real display to measure (SDL's ``dummy`` and ``offscreen`` drivers:
scripts, CI, ``--autoplay``), the window is at most ``HEADLESS_WINDOW``, as on a 4K screen.
"""

from __future__ import annotations

import pygame

from game.i18n import _

_NO_DESKTOP = ("dummy", "offscreen")

MIN_WINDOW = (480, 360)
"""The smallest window the table is laid out for; smaller requests are clamped to it."""
MAX_SIDE = 8192
"""No window side beyond this (an 8K display is 7680x4320): a window's surfaces grow with its
area, and 16384x16384 (what SDL gives for 99999x99999) took 5.6 GiB."""
HEADLESS_WINDOW = (3840, 2160)
"""The largest window with no display to measure: a 4K screen's. On SDL's dummy driver
``--window 99999x99999 --autoplay`` peaked at 979 MiB at the fixed limit (8192x8192), 144 MiB
at this size (Kansas deal 3). Tests and benchmarks draw at up to 3840x2160 headless."""
MAX_ASPECT = 6.0
"""No window wider than six times its height, or taller than six times its width: three 16:9
screens side by side are 5.3:1, and beyond about 40:1 the chooser's tiles had no height left."""


def clamp_window(size: tuple[int, int], largest: tuple[int, int] = (MAX_SIDE, MAX_SIDE)) -> tuple[int, int]:
    """The window size the table uses for a requested ``size``: never below ``MIN_WINDOW``, never
    beyond ``largest`` (the desktop, at most ``MAX_SIDE``), no longer than ``MAX_ASPECT`` to 1."""
    high_w = max(MIN_WINDOW[0], min(largest[0], MAX_SIDE))
    high_h = max(MIN_WINDOW[1], min(largest[1], MAX_SIDE))
    w = min(max(size[0], MIN_WINDOW[0]), high_w)
    h = min(max(size[1], MIN_WINDOW[1]), high_h)
    if w > h * MAX_ASPECT:
        w = int(h * MAX_ASPECT)
    if h > w * MAX_ASPECT:
        h = int(w * MAX_ASPECT)
    return w, h


def largest_window() -> tuple[int, int]:
    """The largest window worth opening: the largest display's size (``HEADLESS_WINDOW`` with
    no display to measure)."""
    try:
        if pygame.display.get_driver() in _NO_DESKTOP:
            return HEADLESS_WINDOW
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return HEADLESS_WINDOW
    if not sizes:
        return HEADLESS_WINDOW
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
