"""The mouse: button and motion events become gestures (click, double-click, drag)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

DRAG_THRESHOLD = 4
"""Points the pointer must travel with the button down before a press becomes a drag."""
DOUBLE_CLICK_TIME = 0.45
DOUBLE_CLICK_DISTANCE = 8
"""Points two clicks may be apart and still make a double-click."""

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Press:
    """The left button went down (anything running is completed before it is handled)."""

    pos: Point


@dataclass(frozen=True, slots=True)
class DragStart:
    """A press became a drag: ``origin`` is where the button went down."""

    origin: Point
    pos: Point


@dataclass(frozen=True, slots=True)
class DragMove:
    """The pointer moved during a drag."""

    pos: Point


@dataclass(frozen=True, slots=True)
class DragEnd:
    """The button was released after a drag."""

    pos: Point


@dataclass(frozen=True, slots=True)
class Click:
    """A press and release without a drag; ``double`` when it closely follows another click."""

    pos: Point
    double: bool = False


Gesture = Press | DragStart | DragMove | DragEnd | Click


class Pointer:
    """Turns left-button and motion events into gestures. Positions are in the surface's pixels,
    ``scale`` of them per window point (2 on a Retina screen); the distances above are in points."""

    def __init__(
        self, scale: float = 1.0, drag_threshold: int = DRAG_THRESHOLD, near: int = DOUBLE_CLICK_DISTANCE
    ) -> None:
        self.scale = scale
        self.drag_threshold = drag_threshold
        """Points a press must travel to become a drag (a finger wobbles more than a mouse)."""
        self.near = near
        """Points two clicks may be apart and still make a double-click."""
        self._down: Point | None = None
        self._dragging = False
        self._last_click: tuple[Point, float] | None = None

    @property
    def dragging(self) -> bool:
        """Whether a drag is under way."""
        return self._dragging

    def handle(self, event: pygame.event.Event, now: float) -> list[Gesture]:
        """The gestures an event makes (usually none or one)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down, self._dragging = _point(event.pos), False
            return [Press(self._down)]
        if event.type == pygame.MOUSEMOTION and self._down is not None:
            return self._motion(_point(event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._down is not None:
            return [self._release(_point(event.pos), now)]
        return []

    def _motion(self, pos: Point) -> list[Gesture]:
        assert self._down is not None
        if self._dragging:
            return [DragMove(pos)]
        if max(abs(pos[0] - self._down[0]), abs(pos[1] - self._down[1])) >= self.drag_threshold * self.scale:
            self._dragging = True
            return [DragStart(self._down, pos)]
        return []

    def _release(self, pos: Point, now: float) -> Gesture:
        dragging, self._down, self._dragging = self._dragging, None, False
        if dragging:
            self._last_click = None
            return DragEnd(pos)
        last, self._last_click = self._last_click, (pos, now)
        room = self.near * self.scale
        if last is not None and now - last[1] <= DOUBLE_CLICK_TIME and _near(last[0], pos, room):
            self._last_click = None
            return Click(pos, double=True)
        return Click(pos)

    def cancel(self) -> None:
        """Forget a press or drag in progress (the window lost the pointer, a dialog opened)."""
        self._down, self._dragging = None, False


def _point(pos: tuple[float, float]) -> Point:
    return int(pos[0]), int(pos[1])


def _near(a: Point, b: Point, room: float) -> bool:
    return abs(a[0] - b[0]) <= room and abs(a[1] - b[1]) <= room
