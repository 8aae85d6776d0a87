"""The app's window: opening it, its size and full screen, laying the scenes out again.

``game.app.App`` is built on this (with ``game.app_scenes`` and ``game.app_intents``); the
attributes declared here are set by ``App.__init__``.
"""

from __future__ import annotations

import contextlib
import warnings

from game.view.lean_pygame import pygame

# isort: split

from game.app_store import Persistence, place_window, window_position
from game.scenes.base import Scene
from game.view.display import Display, current_window
from game.view.renderer import Renderer
from game.view.screen import MIN_WINDOW, clamp_window


class AppWindow:
    """The window the scenes are drawn in (in its drawable's pixels)."""

    display: Display
    surface: pygame.Surface
    window_size: tuple[int, int]
    fullscreen: bool
    persist: Persistence
    renderer: Renderer
    scenes: list[Scene]
    _windowed_at: tuple[int, int] | None
    _laid_out: tuple[int, int]
    _full_redraw: bool

    def _open_window(self) -> pygame.Surface:
        surface = self.display.open(self.window_size, self.fullscreen)
        if not self.fullscreen:
            self._set_minimum_size()
        return surface

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                current_window().minimum_size = MIN_WINDOW  # in points, as the window's size
        except (pygame.error, AttributeError):
            pass

    def _set_icon(self) -> None:
        with contextlib.suppress(pygame.error, OSError, ValueError):
            self.display.set_icon(self.renderer.preview_art.face("AS", 64))

    @property
    def size(self) -> tuple[int, int]:
        """The surface's size in pixels (the drawable's: ``display.scale`` per window point)."""
        return self.surface.get_size()

    def toggle_fullscreen(self) -> None:
        """Fullscreen at the desktop's resolution, or back to the window it came from: its size
        and its place on the desktop."""
        if not self.fullscreen:
            self.window_size = self.display.window_size()
            self._windowed_at = window_position() or self._windowed_at
        self.fullscreen = not self.fullscreen
        self.surface = self._open_window()
        if not self.fullscreen:
            self._restore_window()
        self._relayout()
        self.persist.window_changed(self.window_size, self.fullscreen)

    def _restore_window(self) -> None:
        """Back from full screen, at the place the window had (its size is the display's to
        restore): without a window manager, or with some, nothing else puts it back."""
        place_window(self._windowed_at)

    def _resized(self, size: tuple[int, int]) -> None:
        """The window was resized (by the player or the system): clamp and lay out again."""
        if not self.fullscreen:
            wanted = clamp_window(size)
            self.surface = self.display.resized(wanted)
            self.window_size = wanted
            self.persist.window_changed(self.window_size, self.fullscreen)
        self._relayout()

    def _relayout(self) -> None:
        self.renderer.discard_parked_layer()  # the window's pixels may be gone
        self._laid_out = self.surface.get_size()
        for scene in self.scenes:
            scene.resize()
        self._full_redraw = True
