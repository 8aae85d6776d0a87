"""Peek: see a covered card whole while a button, a press or a key is held.

The right mouse button held on a covered face-up card, a long press of the left one (or a
finger: SDL turns touches into mouse events) that does not move, or the peek key (P: the
card under the keyboard focus, else under the pointer) shows that card whole above its
pile until released. Nothing is played: the engine never hears of it. A face-down card is
never shown, and a long press that moves on becomes the drag it was going to be.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine.state import State
from game.variants.base import Fan
from game.view.layout import TableLayout

LONG_PRESS = 0.5
"""Seconds a press must be held still to peek."""
PEEK_KEY = pygame.K_p
STILL = 6
"""Points a long press may wander and still peek (a finger is never quite still)."""

Point = tuple[int, int]
Card = tuple[int, int]
"""A pile and a card of it (0: the bottom)."""


class Peeking(Protocol):
    """What peeking reads of the table."""

    @property
    def layout(self) -> TableLayout: ...
    @property
    def display_state(self) -> State: ...


def peekable(layout: TableLayout, state: State, pile: int, index: int | None) -> bool:
    """Whether card ``index`` of ``pile`` is face up and partly covered in a fan."""
    if index is None or layout.piles[pile].fan is Fan.NONE:
        return False
    return state.hidden[pile] <= index < len(state.piles[pile]) - 1


def card_at(layout: TableLayout, state: State, point: Point) -> Card | None:
    """The covered face-up card under ``point``, if there is one."""
    pile = layout.pile_at(point, state)
    if pile is None:
        return None
    index = layout.card_index_at(pile, point, state)
    return (pile, index) if index is not None and peekable(layout, state, pile, index) else None


class Peek:
    """The card peeked at, and a left press that may become a long one (see the module doc)."""

    def __init__(self, table: Peeking, scale: float = 1.0) -> None:
        self.table = table
        self.scale = scale
        self.shown: Card | None = None
        """The card shown whole, if any."""
        self.by_long_press = False
        """Whether ``shown`` came from a long press (its release is then no click)."""
        self._press: tuple[Point, float] | None = None
        self._origin: Point | None = None
        """Where the left button went down (while it is down on a covered card)."""

    def show(self, card: Card | None) -> bool:
        """Show ``card`` (None: stop peeking); True when that changes what is drawn."""
        if card is None:
            self.by_long_press = False
        if card == self.shown:
            return False
        self.shown = card
        return True

    def show_at(self, point: Point) -> bool:
        """Peek at the card under ``point`` (right button, the key): True if the table changes."""
        table = self.table
        return self.show(card_at(table.layout, table.display_state, point))

    def press(self, point: Point, now: float) -> None:
        """The left button went down at ``point``: a peek if it stays there ``LONG_PRESS``."""
        table = self.table
        on_card = card_at(table.layout, table.display_state, point) is not None
        self._press = (point, now) if on_card else None
        self._origin = point if on_card else None

    def moved(self, point: Point) -> bool:
        """The pointer moved with the button down: far enough, and the press is no longer a
        peek (True if a long press's peek went: the drag takes over)."""
        origin = self._origin
        if origin is None or max(abs(point[0] - origin[0]), abs(point[1] - origin[1])) < STILL * self.scale:
            return False
        self._press = self._origin = None
        return self.by_long_press and self.show(None)

    def release(self) -> bool:
        """The left button went up: True if a long press's peek ends (the release is no click)."""
        self._press = self._origin = None
        if not self.by_long_press:
            return False
        self.show(None)
        return True

    def deadline(self) -> float | None:
        """When a press held still becomes a peek."""
        return self._press[1] + LONG_PRESS if self._press is not None else None

    def tick(self, now: float) -> bool:
        """A press held still long enough peeks: True if the table changes."""
        if self._press is None or now < self._press[1] + LONG_PRESS:
            return False
        point, self._press = self._press[0], None
        changed = self.show_at(point)
        self.by_long_press = self.shown is not None
        return changed

    def cancel(self) -> bool:
        """Forget the press and the peek (a drag began, the table was covered, a new deal
        came): True if a peek goes."""
        self._press = self._origin = None
        return self.show(None)
