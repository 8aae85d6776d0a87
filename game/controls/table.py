"""What the table's controls drive: the ``PlayTable`` protocol, the ``Drag`` in progress and
the ``Selection`` a pick-up holds.

``game.controls`` never imports the scenes: the table scene satisfies ``PlayTable``
structurally, and the focus (``game.controls.focus``) asks only what is listed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pygame import Rect

from game.engine.moves import Move
from game.play import Game
from game.view.layout import TableLayout


@dataclass
class Drag:
    """Cards being dragged: where they came from, the moves they may make, where they are."""

    pile: str
    index: int
    cards: tuple[int, ...]
    offsets: tuple[tuple[int, int], ...]
    """Each card's offset from the pointer."""
    moves: list[Move]
    pos: tuple[int, int]
    best: Move | None = None

    def rects(self, size: tuple[int, int]) -> list[Rect]:
        """The dragged cards' rectangles, bottom card first."""
        return [Rect(self.pos[0] + dx, self.pos[1] + dy, *size) for dx, dy in self.offsets]


@dataclass
class Selection:
    """Click-to-move: a group picked by a click, waiting for a click on its target."""

    pile: str
    index: int
    moves: list[Move]


class PlayTable(Protocol):
    """A table in play, as its controls see it: the game, its layout, what is held, and the
    actions a key may take."""

    selection: Selection | None

    @property
    def g(self) -> Game:
        """The game on the table."""

    @property
    def layout(self) -> TableLayout:
        """Where its piles are drawn."""

    @property
    def autoplay(self) -> object | None:
        """Not None while the computer is playing the deal (the player's keys then wait)."""

    def invalidate(self) -> None:
        """Ask for a full redraw."""

    def finish_animations(self) -> None:
        """Complete every running animation at once."""

    def sound(self, name: str) -> None:
        """Play sound effect ``name``."""

    def show_toast(self, message: str, duration: float | None = ...) -> None:
        """A short message above the status line."""

    def refuse(self, reason: str) -> None:
        """A move the rules refuse: a thud and the engine's ``reason``."""

    def refuse_home(self, pile: str) -> None:
        """Say why ``pile``'s top card cannot go home."""

    def hold(self, pile: str, index: int, moves: list[Move]) -> None:
        """Pick up the group from card ``index`` of ``pile``, its ``moves`` outlined."""

    def play(self, move: Move) -> bool:
        """Play ``move``, animated; False if it is illegal."""
