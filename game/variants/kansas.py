"""Kansas."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from game.engine.cards import Card
from game.engine.state import Pile, State
from game.i18n import N_, NP_
from game.variants.base import Variant
from game.variants.dealer import Dealer
from game.variants.piles import Build, EmptyFill, Fan, Kind, PileSpec, RawMove, row_of


class Kansas(Variant):
    """Kansas (docs/rules.md KS-1 … KS-9).

    A reserve of twelve cards (eleven face down, the top face up), one card on the first
    foundation giving the base rank, one card on each of three tableau piles; 36 in the stock
    (KS-1). Foundations build up in suit from the base rank, wrapping King to Ace, one card at
    a time (KS-2), and their cards are out of play (KS-3). The tableau builds down regardless
    of suit, with wrap; groups of any size move onto a non-empty pile (KS-4). A tableau pile
    left empty is filled at once from the reserve (KS-5); once the reserve is empty, only the
    waste's top card may fill it (KS-6). The reserve's top card plays to the tableau or home,
    and the next one turns up (KS-7). The stock turns one card onto the waste; no redeal
    (KS-8). Lost when no legal move is left and the stock is empty (KS-9).

        stock   waste    .    fnd-1 fnd-2 fnd-3 fnd-4
        reserve-1    tab-1  tab-2  tab-3
                       ▾      ▾      ▾
    """

    key = "kansas"
    # Translators: a game's name; keep it if players know the game by this name
    name = NP_("game name", "Kansas")
    summary = N_("Build down regardless of suit from a dealt base rank; a reserve refills the tableau.")
    rules = (
        N_(
            "The reserve gets twelve cards, eleven face down and the top one face up. One card goes "
            "to the first foundation: its rank is the base rank of this deal. Each of the three "
            "tableau piles gets one card, and the other 36 cards form the stock."
        ),
        N_(
            "The foundations build up in suit from the base rank, turning the corner from King to "
            "Ace, one card at a time. Cards on the foundations stay there."
        ),
        N_(
            "The tableau builds down regardless of suit, turning the corner from Ace to King; groups "
            "of any size move onto a pile that is not empty."
        ),
        N_(
            "A tableau pile left empty is filled at once from the reserve. Once the reserve is empty, "
            "only the top card of the waste may fill it."
        ),
        N_(
            "The top card of the reserve plays to the tableau or to a foundation, and the next one "
            "turns face up."
        ),
        N_(
            "The stock turns one card onto the waste; there is no redeal. The game is lost when the "
            "stock is empty and no move is left."
        ),
    )
    layout: ClassVar[tuple[PileSpec, ...]] = (
        PileSpec("stock", Kind.STOCK, 0, 0),
        PileSpec("waste", Kind.WASTE, 1, 0),
        *row_of(Kind.FOUNDATION, 4, 3, 0),
        PileSpec("reserve-1", Kind.RESERVE, 0, 1, Fan.DOWN),
        *row_of(Kind.TABLEAU, 3, 2, 1, Fan.DOWN),
    )
    size = (7.0, 5.0)
    build = Build.ANY
    wrap = True
    dealt_base = True
    empty_fill = EmptyFill.ANY
    empty_fill_sources = frozenset({Kind.WASTE})
    foundation_to = frozenset()

    def deal(self, cards: Iterator[Card]) -> State:
        """KS-1: eleven down and one up on the reserve, the base card, one up per tableau pile."""
        d = Dealer(self, cards)
        d.down(*["reserve-1"] * 11)
        d.up("reserve-1")
        base = d.up("foundation-1").rank
        d.up(*(self.names[i] for i in self.tableau))
        d.rest_to_stock()
        return d.state(base)

    def stock_moves(self, state: State) -> list[RawMove]:
        """KS-8: one card from the stock to the waste."""
        return [(self.stock, self.waste, 1)] if state.piles[self.stock] else []

    def apply_stock(self, state: State, move: RawMove) -> State:
        """Turn the stock's top card face up onto the waste."""
        piles, hidden = list(state.piles), list(state.hidden)
        *rest, card = piles[self.stock]
        piles[self.stock] = tuple(rest)
        hidden[self.stock] = len(rest)
        piles[self.waste] = (*piles[self.waste], card)
        return State(tuple(piles), tuple(hidden), state.base_rank, state.redeals_left)

    def settle(self, piles: list[Pile], hidden: list[int], source: int) -> None:
        """KS-5 and KS-7: reveal, then refill empty tableau piles from the reserve."""
        super().settle(piles, hidden, source)
        reserve = self.reserves[0]
        for t in self.tableau:
            if not piles[t] and piles[reserve]:
                piles[t] = piles[reserve][-1:]
                piles[reserve] = piles[reserve][:-1]
                super().settle(piles, hidden, reserve)
