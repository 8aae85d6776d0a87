"""The window, put on screen before the rest of the game is loaded.

``open_first`` is called by the command line as soon as the arguments are read: it opens the
window at the size it will keep, paints the felt and sets the title, and presents that frame;
only then are the scenes, the card art, the solver, sound and gamepads imported and set up
(``game.app``), and the first complete table frame follows. ``App`` takes the window over
(``take``) instead of opening another.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Collection, Iterator
from typing import Protocol

from game.view.lean_pygame import pygame

# isort: split
from game.names import variant_name
from game.view.display import Display, current_window
from game.view.screen import MIN_WINDOW, clamp_window, fit_window
from game.view.themes import first_felt, starting_theme

MAX_DEFAULT_WINDOW = (1680, 1050)
FIRST_FELT = (30, 100, 60)
"""The felt's colour on the first frame, before the table's own felt (lighter in the middle) and
the high-contrast table's (``game.view.renderer.CONTRAST_TABLE``)."""
FIRST_FELT_HIGH_CONTRAST = (14, 16, 20)
TITLE = "Solitaire"
_opened: tuple[Display, tuple[int, int], bool] | None = None
"""The display ``open_first`` opened, at which size and whether full screen, until ``take``."""


class NoWindow(pygame.error):
    """No window can be opened here: no display to show it on (no X server or Wayland
    compositor, ``DISPLAY`` unset or pointing nowhere, ``SDL_VIDEODRIVER`` naming a driver
    that cannot start). Its text is SDL's reason."""


def init_display() -> None:
    """Start SDL's video (once); ``NoWindow`` if it cannot start."""
    # Without a GPU, SDL's OpenGL-backed window surface made full frames about 8x slower
    # under X (9.8 ms against 1.2 ms at 1280x720, benchmarks/startup.py) and cost ~95 MiB.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoWindow(str(exc) or "no video device") from None
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower().replace(" ", "").split(",")
    if driver in HEADLESS_DRIVERS and driver not in asked:
        # No display to be found, SDL falls back to drawing in memory: a game nobody can see,
        # running until it is killed.
        pygame.display.quit()
        raise NoWindow(f"no display found, only SDL's {driver} driver")


HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL's video drivers that draw in memory only: used when asked for (``SDL_VIDEODRIVER``, as
the tests and benchmarks do), never as a fallback."""


class _Stored(Protocol):
    window_size: tuple[int, int] | None
    fullscreen: bool


def window_size_for(args: object, stored: _Stored) -> tuple[tuple[int, int], bool, str | None]:
    """The window's size, whether it is full screen, and the line telling the player when the
    size was made smaller to fit (``game.view.screen.fit_window``): from the command line
    (``--window``, ``--fullscreen``), else as the player left it (``stored``), else 80 % of the
    desktop."""
    window = getattr(args, "window", None)
    fullscreen = bool(getattr(args, "fullscreen", False)) or (window is None and stored.fullscreen)
    saved = stored.window_size and fit_desktop(stored.window_size)
    size, too_large = fit_window(window or saved or default_window_size())
    return size, fullscreen, too_large


def caption(variant: str | None) -> str:
    """The window title for a table of ``variant`` ("Solitaire — Kansas"), or "Solitaire"."""
    name = None if variant is None else variant_name(variant)
    return TITLE if name is None else f"{TITLE} — {name}"


def opening_variant(args: object, last_variant: str | None, saved: Collection[str]) -> str | None:
    """The game the window opens on: the one asked for, else the game in progress last played
    (``last_variant``, if it is among the ``saved`` games: reopened where it was); ``None`` for
    the chooser."""
    variant: str | None = getattr(args, "variant", None)
    if variant or getattr(args, "autoplay", False):
        return variant or "lady-jane"
    if getattr(args, "deal", None) is None and last_variant and last_variant in saved:
        return last_variant
    return None


def default_window_size() -> tuple[int, int]:
    """80% of the desktop, capped, never below the minimum."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = (1280, 800)
    w = min(int(desktop[0] * 0.8), MAX_DEFAULT_WINDOW[0])
    h = min(int(desktop[1] * 0.8), MAX_DEFAULT_WINDOW[1])
    return clamp_window((w, h))


def fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made no larger than the desktop (a saved size from a bigger screen)."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    return min(size[0], desktop[0]), min(size[1], desktop[1])


def open_first(
    display: Display,
    size: tuple[int, int],
    fullscreen: bool,
    *,
    title: str = TITLE,
    dark: bool = False,
    look: tuple[str, str] = ("green", "system"),
) -> None:
    """Open ``display``'s window and show its first frame: the felt (the high-contrast table's dark:
    ``dark``; else the felt and theme of ``look``) under ``title``. ``App`` takes the window over
    (``take``)."""
    global _opened
    init_display()
    felt = FIRST_FELT_HIGH_CONTRAST if dark else _first_felt(look[0], starting_theme(look[1]))
    _first_icon(felt)
    with centred():
        surface = display.open(size, fullscreen)
    display.set_caption(title)
    if not fullscreen:
        set_minimum_size()
    surface.fill(felt)
    with contextlib.suppress(pygame.error):
        display.flip()
    _opened = (display, size, fullscreen)


def _first_felt(felt: str, theme: str) -> tuple[int, int, int]:
    """The first frame's plain colour for ``felt`` under ``theme`` (the usual one: ``FIRST_FELT``)."""
    return FIRST_FELT if (felt, theme) == ("green", "classic") else first_felt(felt, theme)


def _first_icon(colour: tuple[int, int, int]) -> None:
    """A plain icon until the app sets the card (``App._set_icon``, after the first frame):
    without one, opening the window loads pygame's own icon through its data-file helper
    (``importlib.resources``, ``zipfile``, ``threading``: ~2 ms before the window)."""
    with contextlib.suppress(pygame.error):
        icon = pygame.Surface((32, 32))
        icon.fill(colour)
        pygame.display.set_icon(icon)


def set_minimum_size() -> None:
    """Tell the window system the smallest size the layout takes (in points, as the window's size)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            current_window().minimum_size = MIN_WINDOW
    except (pygame.error, AttributeError):
        pass


def window_position() -> tuple[int, int] | None:
    """The window's top-left corner on the desktop, if the system says."""
    with contextlib.suppress(pygame.error, AttributeError, TypeError, ValueError):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            x, y = current_window().position
        return int(x), int(y)
    return None


@contextlib.contextmanager
def centred() -> Iterator[None]:
    """Windows opened meanwhile are put in the middle of the display they open on.

    Only around opening a new window: with ``SDL_VIDEO_CENTERED`` set, every ``set_mode`` centres
    the window again, so a window the player resizes would jump. Without it, a window that had
    to be opened again at another size kept the corner the window manager gave the first one:
    under openbox a 1536x864 window opened at (449, 240) on a 1920x1080 screen, 65 pixels off
    its right edge and 24 off the bottom. A player's own setting of the variable is kept.
    """
    if "SDL_VIDEO_CENTERED" in os.environ:
        yield
        return
    os.environ["SDL_VIDEO_CENTERED"] = "1"
    try:
        yield
    finally:
        os.environ.pop("SDL_VIDEO_CENTERED", None)


def place_window(position: tuple[int, int] | None) -> None:
    """Move the window to ``position`` (a saved one), as little as it takes to be all on the
    desktop (a screen since unplugged, a smaller one, a larger window)."""
    if position is None:
        return
    with contextlib.suppress(pygame.error, AttributeError, TypeError, ValueError, IndexError):
        desktops = pygame.display.get_desktop_sizes()
        width, height = sum(w for w, _ in desktops), max(h for _, h in desktops)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = current_window()
            size = window.size
            window.position = on_desktop(position, size, (width, height))


def on_desktop(position: tuple[int, int], size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """``position`` moved as little as it takes for a window of ``size`` to lie on a ``desktop``
    of that size (its top-left corner at least; a window larger than the desktop at 0, 0)."""
    x = max(0, min(position[0], desktop[0] - size[0]))
    y = max(0, min(position[1], desktop[1] - size[1]))
    return x, y


def take(display: Display, size: tuple[int, int], fullscreen: bool) -> pygame.Surface | None:
    """The surface of the window ``open_first`` opened, if that was ``display``'s, as asked
    (``size``, ``fullscreen``), and it is still open; None otherwise."""
    global _opened
    opened, _opened = _opened, None
    if opened != (display, size, fullscreen):
        return None
    return getattr(display, "surface", None)
