"""Seahaven Towers."""

from __future__ import annotations

from typing import ClassVar

from game.i18n import N_, NP_
from game.variants.piles import Fan, Kind, PileSpec, row_of
from game.variants.suit_cells import CELL_RULES, SuitCellGame


class Seahaven(SuitCellGame):
    """Seahaven Towers (docs/rules.md SH-1 … SH-10).

    Fifty cards face up on ten tableau piles of five, dealt across; the last two go into the
    two middle reserve cells; deal N is PySolFC's deal N (SH-1). Foundations build up in suit
    from Ace to King (SH-2); the tableau builds down in suit, no wrap (SH-3). A valid build
    moves if it is no longer than the empty cells plus one; empty tableau piles do not count
    (SH-4). An empty tableau pile takes only a King or a build starting with one (SH-5). Four
    reserve cells hold one card each, from a tableau or foundation top; never cell to cell
    (SH-6). A same-suit run whose top card fits a foundation goes home as one action, any
    length (SH-7). A foundation's top card may come back to the tableau or an empty cell (SH-8).
    Every card that can go home is safe to send there automatically (SH-9). Lost when no legal
    move is left (SH-10). Double-click sends a card home only (rules.md: as AisleRiot does).

        fnd-1 fnd-2   res-1 res-2 res-3 res-4   fnd-3 fnd-4
        tab-1 tab-2 tab-3 tab-4 tab-5 tab-6 tab-7 tab-8 tab-9 tab-10
          ▾     ▾     ▾     ▾     ▾     ▾     ▾     ▾     ▾     ▾
    """

    key = "seahaven"
    # Translators: a game's name; keep it if players know the game by this name
    name = NP_("game name", "Seahaven Towers")
    summary = N_("Ten piles and four cells: build down in suit, Kings alone fill a space.")
    rules = (
        N_(
            "Fifty cards are dealt face up across ten tableau piles of five; the last two go into the "
            "two middle reserve cells."
        ),
        *CELL_RULES,
        N_("A run of one suit whose top card fits a foundation goes home as one action, however long it is."),
        N_(
            "Every card that can go to a foundation is safe to send there automatically. Double-click "
            "a card to send it home. The game is lost when no move is left."
        ),
    )
    layout: ClassVar[tuple[PileSpec, ...]] = (
        *row_of(Kind.FOUNDATION, 2, 0, 0),
        *row_of(Kind.CELL, 4, 3, 0, name="reserve"),
        *row_of(Kind.FOUNDATION, 2, 8, 0, first=3),
        *row_of(Kind.TABLEAU, 10, 0, 1, Fan.DOWN),
    )
    size = (10.0, 5.0)
    sequences_to_foundation = True
    cells_dealt = ("reserve-2", "reserve-3")  # SH-1: the last two cards, after five rounds
