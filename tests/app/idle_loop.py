"""The real ``App.run`` loop at rest, with the kernel's sleep stood in for by a script.

``Script`` replaces ``game.app.wait_event``: each wait moves the fake clock on by its timeout
(a wait for an event alone, to the next step), so the loop sleeps, wakes for the clock's next
second and parks the table's layer as it does on a real idle table. After ``rest`` seconds the
steps come, one a wait: ``delay`` seconds into the wait, its input arrives (an event ends a real
wait early), so the last frame is ``delay`` seconds old; a wait shorter than that passes whole
first. Once the steps are done, the next wait ends the run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from tests.app.conftest import FakeClock, post

Step = tuple[float, Callable[[], None]]
"""Seconds into a wait (after the last frame) and what arrives then (posts events)."""


@dataclass
class Script:
    """See the module doc."""

    clock: FakeClock
    rest_until: float
    steps: list[Step]
    waits: list[int | None] = field(default_factory=list)
    """Each wait's timeout (ms; None: until an event)."""
    done: bool = False
    """Whether every step has come."""

    def __call__(self, timeout_ms: int | None) -> None:
        self.waits.append(timeout_ms)
        limit = None if timeout_ms is None else timeout_ms / 1000
        if self.clock.t < self.rest_until:
            rest = self.rest_until - self.clock.t
            if limit is not None:
                self.clock.t += min(rest, limit)
                return
            self.clock.t = self.rest_until  # asleep until an event: the rest ends with the first step's
        if not self.steps:
            self.done = True
            post(pygame.QUIT)
            return
        delay, action = self.steps[0]
        if limit is not None and limit < delay:  # the loop wakes first (the clock's next second)
            self.clock.t += limit
            return
        self.clock.t += delay
        self.steps.pop(0)
        action()


def black_share(surface: pygame.Surface) -> float:
    """The share of the surface's pixels that are pure black."""
    mask = pygame.mask.from_threshold(surface, (0, 0, 0, 255), (1, 1, 1, 255))
    w, h = surface.get_size()
    return mask.count() / (w * h)
