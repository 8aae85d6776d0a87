"""A touch screen at the table: SDL's finger events made into the mouse's, one finger at a time.

SDL reports a finger with coordinates from 0 to 1 across the window (``FINGERDOWN``,
``FINGERMOTION``, ``FINGERUP``); ``Fingers`` turns the first finger down into left-button
events in the surface's pixels, which a ``Pointer`` with a finger's tolerances turns into
taps, drags and double-taps. Other fingers meanwhile are ignored (a palm, a second hand).
SDL also makes mouse events of its own from each touch, marked ``touch``; the table ignores
those (``synthesised``), or every tap would be played twice. Other screens, which take no
finger events, get those: a tap on a menu works as a click.
"""

from __future__ import annotations

import pygame

from game.controls.pointer import Pointer

FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
TOUCH_DRAG_THRESHOLD = 10
"""Points a finger must travel before a press becomes a drag: a finger wobbles as it taps."""
TOUCH_NEAR = 30
"""Points two taps may be apart and still make a double-tap."""
FINGER_WIDTH = 28
"""Points a tap may land beside a pile and still hit it: about a fingertip's width (7 mm at
96 points to the inch)."""


def synthesised(event: pygame.event.Event) -> bool:
    """Whether ``event`` is a mouse event SDL made from a touch (its finger events are handled)."""
    return bool(getattr(event, "touch", False))


def touch_pointer(scale: float) -> Pointer:
    """A pointer with a finger's tolerances (``scale`` pixels to the point)."""
    return Pointer(scale, drag_threshold=TOUCH_DRAG_THRESHOLD, near=TOUCH_NEAR)


class Fingers:
    """The finger that is down, as a mouse's left button (see the module doc)."""

    def __init__(self) -> None:
        self._finger: tuple[int, int] | None = None
        """(touch device, finger) of the finger being followed."""
        self._last: tuple[int, int] = (0, 0)

    def to_mouse(self, event: pygame.event.Event, size: tuple[int, int]) -> pygame.event.Event | None:
        """The mouse event a finger event stands for at a surface of ``size`` pixels, or None
        (a second finger, or a finger lifted that was never followed)."""
        finger = (int(getattr(event, "touch_id", 0)), int(getattr(event, "finger_id", 0)))
        pos = _pixels(getattr(event, "x", 0.0), getattr(event, "y", 0.0), size)
        if event.type == pygame.FINGERDOWN:
            if self._finger is not None:
                return None
            self._finger, self._last = finger, pos
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        if finger != self._finger:
            return None
        if event.type == pygame.FINGERMOTION:
            rel = (pos[0] - self._last[0], pos[1] - self._last[1])
            self._last = pos
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
        self._finger = None
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def cancel(self) -> None:
        """Forget the finger (the table was covered: its lifting is not a tap)."""
        self._finger = None


def _pixels(x: float, y: float, size: tuple[int, int]) -> tuple[int, int]:
    """A finger's place from 0 to 1 across the window, in the surface's pixels (kept inside)."""
    return (
        min(size[0] - 1, max(0, int(float(x) * size[0]))),
        min(size[1] - 1, max(0, int(float(y) * size[1]))),
    )
