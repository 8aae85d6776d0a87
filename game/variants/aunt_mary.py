"""Aunt Mary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from game.engine.cards import Card
from game.engine.state import State
from game.i18n import N_, NP_
from game.variants.base import Variant
from game.variants.dealer import Dealer
from game.variants.piles import Build, Fan, Kind, PileSpec, RawMove, row_of


class AuntMary(Variant):
    """Aunt Mary (docs/rules.md AM-1 … AM-7).

    Six tableau piles of six cards, pile k with k−1 face down under 7−k face up; 16 cards in
    the stock (AM-1). Foundations build up in suit from Ace to King; their top card may come
    back to the tableau (AM-2). The tableau builds down in alternating colours, no wrap, and
    only valid builds can be picked up (AM-3). An empty tableau pile takes only a King or a
    build starting with one (AM-4). The stock turns one card onto the waste (AM-5); when it is
    empty, the waste turns back over into the stock in its original order, twice: three passes
    in all (AM-6). Never lost by AisleRiot's rules; "no moves left" only when no move and no
    redeal is left (AM-7).

    Deal order (AM-1, as AisleRiot): the face-down cards row by row (piles 2–6, then 3–6, …),
    then the face-up cards row by row as they lie on the table (pile 1; piles 1–2; …; 1–6).

        stock waste   .   fnd-1 fnd-2 fnd-3 fnd-4
        tab-1 tab-2 tab-3 tab-4 tab-5 tab-6
          ▾     ▾     ▾     ▾     ▾     ▾
    """

    key = "aunt-mary"
    # Translators: a game's name; keep it if players know the game by this name
    name = NP_("game name", "Aunt Mary")
    summary = N_("A Klondike cousin: six piles with their cards mostly face up, three passes of the stock.")
    rules = (
        N_(
            "Six tableau piles of six cards are dealt: the first all face up, the second with one "
            "card face down under five face up, and so on to the sixth, with five face down under one "
            "face up. The other 16 cards form the stock."
        ),
        N_(
            "The foundations build up in suit from Ace to King. The top card of a foundation may come "
            "back to the tableau."
        ),
        N_(
            "The tableau builds down in alternating colours, and a King never goes on an Ace. Only a "
            "valid build can be picked up."
        ),
        N_("An empty tableau pile takes only a King, or a build starting with one."),
        N_(
            "The stock turns one card onto the waste. When the stock is empty, the waste turns back "
            "over into the stock in its original order, twice: three passes in all."
        ),
    )
    layout: ClassVar[tuple[PileSpec, ...]] = (
        PileSpec("stock", Kind.STOCK, 0, 0),
        PileSpec("waste", Kind.WASTE, 1, 0),
        *row_of(Kind.FOUNDATION, 4, 2, 0),
        *row_of(Kind.TABLEAU, 6, 0, 1, Fan.DOWN),
    )
    size = (6.0, 5.0)
    build = Build.ALTERNATE
    redeals = 2

    def deal(self, cards: Iterator[Card]) -> State:
        """AM-1: fifteen face-down cards, then twenty-one face-up cards, row by row."""
        d = Dealer(self, cards)
        tableau = [self.names[i] for i in self.tableau]
        for row in range(1, 6):
            d.down(*tableau[row:])
        for row in range(1, 7):
            d.up(*tableau[:row])
        d.rest_to_stock()
        return d.state()

    def stock_moves(self, state: State) -> list[RawMove]:
        """AM-5 and AM-6: deal one card, or turn the waste over while redeals are left."""
        if state.piles[self.stock]:
            return [(self.stock, self.waste, 1)]
        waste = len(state.piles[self.waste])
        if waste and state.redeals_left:
            return [(self.waste, self.stock, waste)]
        return []

    def apply_stock(self, state: State, move: RawMove) -> State:
        """Deal the stock's top card to the waste, or turn the whole waste back over."""
        piles, hidden = list(state.piles), list(state.hidden)
        redeals = state.redeals_left
        if move[1] == self.waste:
            *rest, card = piles[self.stock]
            piles[self.stock] = tuple(rest)
            piles[self.waste] = (*piles[self.waste], card)
        else:
            piles[self.stock] = piles[self.waste][::-1]
            piles[self.waste] = ()
            redeals -= 1
        hidden[self.stock] = len(piles[self.stock])
        return State(tuple(piles), tuple(hidden), state.base_rank, redeals)
