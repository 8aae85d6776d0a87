"""Baker's Game."""

from __future__ import annotations

from typing import ClassVar

from game.i18n import N_, NP_
from game.variants.piles import Fan, Kind, PileSpec, row_of
from game.variants.suit_cells import CELL_RULES, SuitCellGame


class BakersGame(SuitCellGame):
    """Baker's Game (docs/rules.md BG-1 … BG-9).

    All 52 cards face up on eight tableau piles, 7-7-7-7-6-6-6-6, dealt across; deal N is
    PySolFC's deal N (BG-1). Foundations build up in suit from Ace to King (BG-2); the
    tableau builds down in suit, no wrap (BG-3). A valid build moves as one action if it is
    no longer than the empty reserve cells plus one; empty tableau piles do not count (BG-4).
    An empty tableau pile takes only a King or a build starting with one (BG-5). Four reserve
    cells hold one card each, from a tableau or foundation top; never cell to cell (BG-6).
    A foundation's top card may come back to the tableau or an empty cell (BG-7). Every card
    that can go home is safe to send there automatically (BG-8). Double-click sends a card
    home, or else to the leftmost empty cell (BG-9).

        res-1 res-2 res-3 res-4   fnd-1 fnd-2 fnd-3 fnd-4
        tab-1 tab-2 tab-3 tab-4 tab-5 tab-6 tab-7 tab-8
          ▾     ▾     ▾     ▾     ▾     ▾     ▾     ▾
    """

    key = "bakers-game"
    # Translators: a game's name; keep it if players know the game by this name
    name = NP_("game name", "Baker's Game")
    summary = N_("FreeCell's ancestor: build down in suit, with four reserve cells.")
    rules = (
        N_(
            "All 52 cards are dealt face up across eight tableau piles: four piles of seven cards and "
            "four of six."
        ),
        *CELL_RULES,
        N_(
            "Every card that can go to a foundation is safe to send there automatically. Double-click "
            "a card to send it home, or else to the leftmost empty cell."
        ),
    )
    layout: ClassVar[tuple[PileSpec, ...]] = (
        *row_of(Kind.CELL, 4, 0, 0, name="reserve"),
        *row_of(Kind.FOUNDATION, 4, 4, 0),
        *row_of(Kind.TABLEAU, 8, 0, 1, Fan.DOWN),
    )
    size = (8.0, 5.0)
    double_click_to_cell = True
