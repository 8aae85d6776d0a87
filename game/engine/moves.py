"""Moves: small immutable values naming a source pile, a target pile and a card count."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.engine.errors import GameError, shown

_MOVE_TEXT = re.compile(r"^\s*([a-z]+(?:-\d+)?)\s*->\s*([a-z]+(?:-\d+)?)(?:\s+x(\d{1,3}))?\s*$", re.ASCII)


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``count`` cards from the pile named ``source`` to the pile named ``target``.

    A stock action is a move too: its source is ``stock`` and its target is where the
    cards go (``waste``, or ``reserve`` for Lady Jane's deal onto all seven reserve piles);
    Aunt Mary's turnover is ``waste -> stock``. The text form is ``tableau-1 -> tableau-4 x3``
    (the ``x`` count is left out when it is 1), and ``Move.parse`` reads it back.
    """

    source: str
    target: str
    count: int = 1

    def __str__(self) -> str:
        tail = f" x{self.count}" if self.count != 1 else ""
        return f"{self.source} -> {self.target}{tail}"

    @staticmethod
    def parse(text: str) -> Move:
        """The move written ``text`` in the form ``str(move)`` gives.

        >>> Move.parse("tableau-1 -> tableau-4 x3")
        Move(source='tableau-1', target='tableau-4', count=3)
        >>> str(Move.parse("stock->waste"))
        'stock -> waste'
        >>> Move.parse("tableau-1 to tableau-4")
        Traceback (most recent call last):
        ...
        game.engine.errors.GameError: not a move: 'tableau-1 to tableau-4' (write it like ...)
        """
        if not isinstance(text, str):
            raise TypeError(
                f"a move's text is a string such as 'tableau-1 -> foundation-2', got {shown(text)}"
            )
        m = _MOVE_TEXT.match(text)
        if not m:
            raise GameError(f"not a move: {shown(text)} (write it like 'tableau-1 -> foundation-2 x1')")
        return Move(m[1], m[2], int(m[3]) if m[3] else 1)
