"""The base of every game: ``Variant``, the class each game's short file subclasses.

A variant declares its piles (with their logical layout), how its tableau builds, what fills
an empty tableau pile, where foundation cards may go back to, and which hooks it redefines
(``deal``, ``stock_moves``, ``apply_stock``, ``settle``). The shared rules it inherits live
once each, one layer per module, each importing only the ones below it:

* ``piles``: the vocabulary (pile kinds, fans, builds, pile specs, raw moves);
* ``spec``: the declarations and the tables derived from them (what goes on what, group limit);
* ``legal_moves``: the hooks, legal-move generation, making a move, won and stuck;
* ``automatic``: safe automatic moves, the finish line, double-click;
* ``reasons``: why a move is illegal, in one line;
* ``dealer``: the helper a ``deal`` hook lays the cards out with.

The rules themselves, with their ids, are written out in docs/rules.md.
"""

from __future__ import annotations

from game.engine.moves import Move
from game.engine.state import State
from game.variants.automatic import AutomaticMoves
from game.variants.dealer import Dealer
from game.variants.piles import (
    ALL_RESERVES,
    ALL_RESERVES_NAME,
    Build,
    EmptyFill,
    Fan,
    Kind,
    PileSpec,
    RawMove,
    column_of,
    row_of,
)
from game.variants.reasons import explain, explain_home, explain_lift


class Variant(AutomaticMoves):
    """A game of patience: its piles, rules and hooks. Subclasses are mostly declarations."""

    def explain(self, state: State, move: Move) -> str:
        """A one-line reason why ``move`` is not legal in ``state`` (``"legal"`` if it is)."""
        return explain(self, state, move)

    def explain_lift(self, state: State, source: int, count: int) -> str:
        """Why the top ``count`` cards of pile ``source`` cannot move anywhere (``"legal"`` if
        some move takes them)."""
        return explain_lift(self, state, source, count)

    def explain_home(self, state: State, source: int) -> str:
        """Why the top card of pile ``source`` cannot go home (``"legal"`` if it can)."""
        return explain_home(self, state, source)


__all__ = [
    "ALL_RESERVES",
    "ALL_RESERVES_NAME",
    "Build",
    "Dealer",
    "EmptyFill",
    "Fan",
    "Kind",
    "PileSpec",
    "RawMove",
    "Variant",
    "column_of",
    "row_of",
]
