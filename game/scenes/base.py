"""The scene protocol and the overlay base: a dimmed picture of the scene below, and a panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect, Surface

from game.view.widgets import dim

if TYPE_CHECKING:
    from game.scenes.services import Services

Damage = bool | list[Rect]
"""What ``update`` asks to redraw: nothing (False), everything (True), or some rectangles."""


class Scene:
    """One screen on the app's stack.

    The app calls ``handle_event`` for each event, ``update`` once a frame (it may change
    state and says what needs redrawing), then ``draw`` if something does. ``draw`` never
    changes state.
    """

    def __init__(self, app: Services) -> None:
        self.app = app
        self._dirty = True

    def enter(self) -> None:
        """Called when the scene is pushed."""

    def exit(self) -> None:
        """Called when the scene is popped."""

    def cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def uncover(self) -> None:
        """The scene on top of this one was popped."""
        self._dirty = True

    def resize(self) -> None:
        """The window changed size: lay out again."""
        self._dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event."""

    def update(self, now: float) -> Damage:
        """Advance to ``now``; returns what needs redrawing."""
        dirty, self._dirty = self._dirty, False
        return dirty

    def draw(self, surface: Surface) -> None:
        """Draw the scene (never changes state)."""

    def busy(self) -> bool:
        """Whether the scene is animating and wants frames at full rate."""
        return False

    def wakeup(self, now: float) -> float | None:
        """When idle: seconds until the scene next needs an update (``None``: only on events)."""
        return None

    def invalidate(self) -> None:
        """Ask for a full redraw."""
        self._dirty = True


class Overlay(Scene):
    """A scene shown over the one below it, which stays visible, dimmed and still."""

    def __init__(self, app: Services, dimming: int = 150) -> None:
        super().__init__(app)
        self._dimming = dimming
        self._backdrop: Surface | None = None
        self.below: Scene | None = None

    def enter(self) -> None:
        self.below = self.app.scene_below(self)
        self.resize()

    def resize(self) -> None:
        super().resize()
        self._backdrop = None
        self.layout()

    def layout(self) -> None:
        """Place the overlay's parts for the window size."""

    def update(self, now: float) -> Damage:
        size = self.app.size
        if self._backdrop is None or self._backdrop.get_size() != size:
            self._backdrop = Surface(size)
            if self.below is not None:
                self.below.draw(self._backdrop)
            dim(self._backdrop, self._dimming)
            self._dirty = True
        return super().update(now)

    def draw(self, surface: Surface) -> None:
        if self._backdrop is not None:
            surface.blit(self._backdrop, (0, 0))
        else:
            surface.fill((0, 0, 0))
