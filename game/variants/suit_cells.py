"""What the two reserve-cell games share: Baker's Game and Seahaven Towers.

Both deal every card face up across the tableau, build down in suit without wrap, limit a
group move to the empty reserve cells plus one, fill an empty tableau pile with a King only,
and let a foundation's top card come back to the tableau or to an empty cell
(docs/rules.md BG-2 … BG-8 and SH-2 … SH-6, SH-8, SH-9). Each game's own file adds its
layout and what is its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from game.engine.cards import Card
from game.engine.state import State
from game.i18n import N_
from game.variants.base import Variant
from game.variants.dealer import Dealer
from game.variants.piles import Build, Kind

CELL_RULES = (
    N_(
        "The foundations build up in suit from Ace to King. The tableau builds down in suit; a "
        "King never goes on an Ace."
    ),
    N_(
        "A valid build moves as one action if it is no longer than the number of empty reserve "
        "cells plus one; empty tableau piles do not count."
    ),
    N_("An empty tableau pile takes only a King, or a build starting with one."),
    N_(
        "The four reserve cells hold one card each, taken from the top of a tableau pile or a "
        "foundation; a card never moves from one cell to another. The top card of a foundation "
        "may come back to the tableau or to an empty cell."
    ),
)
"""The rule paragraphs both games share, in the order their rules screens show them."""


class SuitCellGame(Variant):
    """A reserve-cell game that builds in suit, Baker's Game's family (registered by no key).

    Four one-card reserve cells; the tableau builds down in suit; only a King fills an empty
    pile; a group moves if no longer than the empty cells plus one; a foundation's top card may
    come back. Not FreeCell's base: FreeCell builds in alternating colours, fills a space with
    any card and keeps its foundations.
    """

    build = Build.SUIT
    group_limit_by_cells = True
    foundation_to = frozenset({Kind.TABLEAU, Kind.CELL})
    cells_dealt: ClassVar[tuple[str, ...]] = ()
    """The cells that take the cards left over after the rounds across the tableau, in order."""

    def deal(self, cards: Iterator[Card]) -> State:
        """BG-1, SH-1: one card face up per tableau pile, left to right, round after round."""
        d = Dealer(self, cards)
        across = 52 - len(self.cells_dealt)
        for i in range(across):
            d.up(self.names[self.tableau[i % len(self.tableau)]])
        d.up(*self.cells_dealt)
        return d.state()
