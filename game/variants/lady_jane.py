"""Lady Jane."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from game.engine.cards import Card
from game.engine.state import State
from game.i18n import N_, NP_
from game.variants.base import Variant
from game.variants.dealer import Dealer
from game.variants.piles import (
    ALL_RESERVES,
    Build,
    EmptyFill,
    Fan,
    Kind,
    PileSpec,
    RawMove,
    column_of,
    row_of,
)


class LadyJane(Variant):
    """Lady Jane (docs/rules.md LJ-1 … LJ-9).

    Seven tableau piles (k−1 face down under one face up), seven reserve piles of one card,
    one card on the first foundation: its rank is the base rank (LJ-1). Foundations build up in
    suit from the base rank, wrapping King to Ace, one card at a time (LJ-2); their top card may
    come back to the tableau (LJ-3). The tableau builds down in alternating colours with wrap,
    and nothing goes on a card of the base rank (LJ-4); valid builds move as groups (LJ-5). An
    empty tableau pile takes only a card one rank below the base, or a build starting with one
    (LJ-6). Reserve tops play to the tableau or home; nothing is placed on a reserve (LJ-7).
    The stock deals one card onto each reserve (16 → 9 → 2); the last two go one to the waste
    and one face up on the stock, both playable; no redeal (LJ-8). Never lost by AisleRiot's
    rules; "no moves left" only when the move generator finds none (LJ-9).

        stock waste   .   fnd-1 fnd-2 fnd-3 fnd-4      reserve-1 ▸▸
        tab-1 tab-2 tab-3 tab-4 tab-5 tab-6 tab-7      reserve-2 ▸▸
          ▾     ▾     ▾     ▾     ▾     ▾     ▾         …  reserve-7
    """

    key = "lady-jane"
    # Translators: a game's name; keep it if players know the game by this name
    name = NP_("game name", "Lady Jane")
    summary = N_("Build down in alternating colours from a dealt base rank, with seven reserve piles.")
    rules = (
        N_(
            "Seven tableau piles are dealt: the first holds one card, each pile after it one card "
            "more, all face down but the top card. Each of the seven reserve piles gets one card, and "
            "one card goes to the first foundation: its rank is the base rank of this deal."
        ),
        N_(
            "The foundations build up in suit from the base rank, turning the corner from King to "
            "Ace, one card at a time. The top card of a foundation may come back to the tableau."
        ),
        N_(
            "The tableau builds down in alternating colours, turning the corner from Ace to King, and "
            "nothing may be placed on a card of the base rank. A valid build moves as one group."
        ),
        N_(
            "An empty tableau pile takes only a card one rank below the base rank, or a build "
            "starting with one."
        ),
        N_(
            "The top card of each reserve pile plays to the tableau or to a foundation; nothing is "
            "ever placed on a reserve pile."
        ),
        N_(
            "The stock deals one card onto each reserve pile (leaving 16, then 9, then 2 cards). Of "
            "the last two cards, one goes to the waste and one lies face up on the stock; both are "
            "playable. There is no redeal."
        ),
    )
    layout: ClassVar[tuple[PileSpec, ...]] = (
        PileSpec("stock", Kind.STOCK, 0, 0),
        PileSpec("waste", Kind.WASTE, 1, 0),
        *row_of(Kind.FOUNDATION, 4, 3, 0),
        *row_of(Kind.TABLEAU, 7, 0, 1, Fan.DOWN),
        *column_of(Kind.RESERVE, 7, 7.4, 0, Fan.RIGHT, 0.62),
    )
    size = (9.4, 5.0)
    build = Build.ALTERNATE
    wrap = True
    dealt_base = True
    base_blocks_build = True
    empty_fill = EmptyFill.BELOW_BASE
    deals_to_reserves = True

    def deal(self, cards: Iterator[Card]) -> State:
        """LJ-1: face-down rows, one face up per tableau pile, one per reserve, the base card."""
        d = Dealer(self, cards)
        tableau = [self.names[i] for i in self.tableau]
        for row in range(1, 7):
            d.down(*tableau[row:])
        d.up(*tableau)
        d.up(*(self.names[i] for i in self.reserves))
        base = d.up("foundation-1").rank
        d.rest_to_stock()
        return d.state(base)

    def stock_moves(self, state: State) -> list[RawMove]:
        """LJ-8: deal to the seven reserves while the stock holds more than seven cards."""
        down = state.hidden[self.stock]
        if down > len(self.reserves):
            return [(self.stock, ALL_RESERVES, len(self.reserves))]
        if down:
            return [(self.stock, self.waste, 1)]
        return []

    def apply_stock(self, state: State, move: RawMove) -> State:
        """One card onto each reserve; or the last cards: one to the waste, the rest face up."""
        piles, hidden = list(state.piles), list(state.hidden)
        stock = list(piles[self.stock])
        if move[1] == ALL_RESERVES:
            for r in self.reserves:
                piles[r] = (*piles[r], stock.pop())
        else:
            piles[self.waste] = (*piles[self.waste], stock.pop())
        piles[self.stock] = tuple(stock)
        hidden[self.stock] = len(stock) if move[1] == ALL_RESERVES else 0
        return State(tuple(piles), tuple(hidden), state.base_rank, state.redeals_left)
