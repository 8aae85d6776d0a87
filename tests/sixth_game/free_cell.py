"""FreeCell: a sixth game, kept in the tests (never shipped) to show what adding a game takes.

tests/test_sixth_game.py copies it into a scratch copy of the package as
``game/variants/free_cell.py`` and adds its one line to ``game.variants.GAMES``.
"""

from __future__ import annotations

from typing import ClassVar

from game.i18n import N_, NP_
from game.variants.piles import Build, EmptyFill, Fan, Kind, PileSpec, row_of
from game.variants.suit_cells import SuitCellGame


class FreeCell(SuitCellGame):
    """FreeCell: all 52 cards face up on eight piles, four reserve cells; the tableau builds down
    in alternating colours, any card or build fills an empty pile, and foundations keep their
    cards.

        res-1 res-2 res-3 res-4   fnd-1 fnd-2 fnd-3 fnd-4
        tab-1 tab-2 tab-3 tab-4 tab-5 tab-6 tab-7 tab-8
          ▾     ▾     ▾     ▾     ▾     ▾     ▾     ▾
    """

    key = "free-cell"
    # Translators: a game's name; keep it if players know the game by this name
    name = NP_("game name", "FreeCell")
    summary = N_("Build down in alternating colours, with four reserve cells.")
    rules = (
        N_("All 52 cards are dealt face up across eight tableau piles: four of seven cards and four of six."),
        N_(
            "The foundations build up in suit from Ace to King. "
            "The tableau builds down in alternating colours."
        ),
        N_("Any card, or a build, fills an empty tableau pile."),
        N_("The four reserve cells hold one card each. Cards on the foundations stay there."),
    )
    build = Build.ALTERNATE
    empty_fill = EmptyFill.ANY
    foundation_to: ClassVar[frozenset[Kind]] = frozenset()
    layout: ClassVar[tuple[PileSpec, ...]] = (
        *row_of(Kind.CELL, 4, 0, 0, name="reserve"),
        *row_of(Kind.FOUNDATION, 4, 4, 0),
        *row_of(Kind.TABLEAU, 8, 0, 1, Fan.DOWN),
    )
    size = (8.0, 5.0)
    double_click_to_cell = True
