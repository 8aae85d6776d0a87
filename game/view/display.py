"""The window and the surface the game draws on, in the drawable's own pixels.

On a Retina Mac the window is measured in points and its drawable has two (or more) pixels per
point. Everything is drawn, laid out and hit-tested in drawable pixels, so cards and text are
sharp; only the window's size (which the player and the saved settings speak of) is in points,
and the pointer's positions, which SDL reports in points, are turned into pixels here (``scale``).

* ``ModeDisplay``: ``pygame.display.set_mode``, whose window has a pixel per point on Linux and on
  Windows (SDL_WINDOWS_DPI_AWARENESS makes Windows' points real pixels). Given a ``scale``, it
  simulates a high-DPI screen (a drawable ``scale`` times the window's size): the tests do, on
  the dummy driver.
* ``WindowDisplay``: pygame-ce's ``Window`` with ``allow_high_dpi``, which ``set_mode`` cannot ask
  for; used on macOS, where the app bundle declares NSHighResolutionCapable.
"""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import Callable

import pygame
from pygame import Rect, Surface

Size = tuple[int, int]
POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_high_dpi_window: pygame.Window | None = None
"""The open ``WindowDisplay``'s window, once it has given out its surface (which sets pygame's
pixel format for ``convert_alpha``, as ``set_mode`` does)."""


def convert_ready() -> bool:
    """Whether surfaces can be converted to the window's pixel format (drawn ten times faster)."""
    return pygame.display.get_init() and (
        _high_dpi_window is not None or pygame.display.get_surface() is not None
    )


def current_window() -> pygame.Window:
    """The game's window, whichever way it was opened (raises pygame.error if none is)."""
    return _high_dpi_window or pygame.Window.from_display_module()


class Display:
    """What the app needs of its window: open it, draw on ``surface``, show frames, and the
    pointer's events in the surface's pixels."""

    surface: Surface
    scale: float = 1.0
    """Drawable pixels per window point."""

    def open(self, size: Size, fullscreen: bool) -> Surface:
        """Open (or reopen) the window at ``size`` points, or fullscreen; returns the surface."""
        raise NotImplementedError

    def resized(self, size: Size) -> Surface:
        """The window is now ``size`` points (the system or the player resized it); returns the
        surface to draw on, at least ``size`` points."""
        raise NotImplementedError

    def window_size(self) -> Size:
        """The window's size in points."""
        raise NotImplementedError

    def flip(self) -> None:
        """Show the whole frame."""
        pygame.display.flip()

    def update(self, areas: list[Rect]) -> None:
        """Show these parts of the frame."""
        pygame.display.update(areas)

    def set_icon(self, icon: Surface) -> None:
        """The window's icon."""
        pygame.display.set_icon(icon)

    def set_caption(self, title: str) -> None:
        """The window's title."""
        pygame.display.set_caption(title)

    def close(self) -> None:
        """Close the window (before ``pygame.quit``)."""

    def to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """A pointer event with its position (and motion) in the surface's pixels; other events
        as they are."""
        if self.scale == 1.0 or event.type not in POINTER_EVENTS:
            return event
        attrs = dict(event.dict, pos=scaled(event.pos, self.scale))
        if event.type == pygame.MOUSEMOTION:
            attrs["rel"] = scaled(event.rel, self.scale)
        return pygame.event.Event(event.type, attrs)


class ModeDisplay(Display):
    """``pygame.display.set_mode``; ``scale`` other than 1 simulates a high-DPI screen."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._points: Size = (0, 0)

    def open(self, size: Size, fullscreen: bool) -> Surface:
        global _high_dpi_window
        _high_dpi_window = None
        if fullscreen:
            self.surface = _full_screen()
            self._points = to_points(self.surface.get_size(), self.scale)
        else:
            pixels = to_pixels(size, self.scale)
            self.surface = set_mode(pixels, pygame.RESIZABLE)
            if self.surface.get_size() != pixels and self.scale == 1.0:
                # Back from full screen SDL keeps the screen's size (with no window manager, and
                # with some): the window is given its size again.
                _on_window(lambda w: setattr(w, "size", pixels))
                self.surface = pygame.display.get_surface() or self.surface
            self._points = size
        return self.surface

    def resized(self, size: Size) -> Surface:
        if self._points != size or self.surface.get_size() != to_pixels(size, self.scale):
            self.open(size, False)
        return self.surface

    def window_size(self) -> Size:
        return self._points


class WindowDisplay(Display):
    """A high-DPI ``pygame.Window``: its surface has the drawable's pixels."""

    def __init__(self, title: str = "Solitaire") -> None:
        self.window: pygame.Window | None = None
        self._title = title

    def open(self, size: Size, fullscreen: bool) -> Surface:
        if self.window is None:
            self.window = pygame.Window(self._title, size, resizable=True, allow_high_dpi=True)
        if fullscreen:
            self.window.set_fullscreen(True)
        else:
            self.window.set_windowed()
            self.window.size = size
        return self._refresh()

    def resized(self, size: Size) -> Surface:
        assert self.window is not None
        if tuple(self.window.size) != size:
            self.window.size = size
        return self._refresh()

    def _refresh(self) -> Surface:
        global _high_dpi_window
        assert self.window is not None
        self.surface = self.window.get_surface()
        _high_dpi_window = self.window
        points = self.window.size[0]
        self.scale = self.surface.get_width() / points if points else 1.0
        return self.surface

    def window_size(self) -> Size:
        assert self.window is not None
        return int(self.window.size[0]), int(self.window.size[1])

    def flip(self) -> None:
        assert self.window is not None
        self.window.flip()

    def update(self, areas: list[Rect]) -> None:
        self.flip()  # a Window shows whole frames only

    def set_icon(self, icon: Surface) -> None:
        assert self.window is not None
        self.window.set_icon(icon)

    def set_caption(self, title: str) -> None:
        pygame.display.set_caption(title)  # kept there too: pygame.display.get_caption() reads it
        self._title = title  # a window not yet open is made with it
        if self.window is not None:
            self.window.title = title

    def close(self) -> None:
        # Destroyed while SDL still runs: a Window left to the garbage collector after
        # pygame.quit() would destroy itself with SDL gone.
        global _high_dpi_window
        if self.window is not None:
            self.window.destroy()
            self.window = _high_dpi_window = None


def set_mode(size: Size, flags: int) -> Surface:
    """``pygame.display.set_mode``, without its warning when the system sizes the window
    otherwise: the window is laid out at its real size, and the player starting the game from a
    terminal need not read about it."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Requested window was forcibly resized", RuntimeWarning)
        return pygame.display.set_mode(size, flags)


def _full_screen() -> Surface:
    """The whole screen: SDL's full screen, or where no window manager would grant it (X11), a
    borderless window of the desktop's size at its top-left corner (``game.view.x11``)."""
    if pygame.display.get_driver() == "x11":
        from game.view.x11 import window_manager_running

        if window_manager_running() is False:
            surface = set_mode(pygame.display.get_desktop_sizes()[0], pygame.NOFRAME)
            _on_window(lambda w: setattr(w, "position", (0, 0)))
            return surface
    return set_mode((0, 0), pygame.FULLSCREEN)


def _on_window(action: Callable[[pygame.Window], None]) -> None:
    """Do ``action`` on the display module's window, if the platform lets it."""
    with contextlib.suppress(pygame.error, AttributeError, TypeError, ValueError), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        action(pygame.Window.from_display_module())


def default_display(platform: str = sys.platform) -> Display:
    """A high-DPI window on macOS, ``set_mode`` elsewhere."""
    return WindowDisplay() if platform == "darwin" else ModeDisplay()


def scaled(pos: tuple[float, float], scale: float) -> tuple[int, int]:
    """A point in window points as surface pixels."""
    return int(pos[0] * scale), int(pos[1] * scale)


def to_pixels(size: Size, scale: float) -> Size:
    """A size in points as pixels."""
    return round(size[0] * scale), round(size[1] * scale)


def to_points(size: Size, scale: float) -> Size:
    """A size in pixels as points."""
    return round(size[0] / scale), round(size[1] / scale)
