"""Lays out a new deal pile by pile, for a variant's ``deal`` hook."""

from __future__ import annotations

from collections.abc import Iterator

from game.engine.cards import ACE, DECK, Card
from game.engine.state import State
from game.variants.spec import VariantSpec


class Dealer:
    """Lays out a deal: cards are taken from the dealing order and placed pile by pile."""

    def __init__(self, variant: VariantSpec, cards: Iterator[Card]) -> None:
        self._variant = variant
        self._cards = cards
        self.piles: list[list[Card]] = [[] for _ in variant.names]
        self.hidden: list[int] = [0] * len(variant.names)

    def down(self, *names: str) -> None:
        """One card face down onto each named pile, in order."""
        for name in names:
            i = self._variant.index[name]
            self.piles[i].append(next(self._cards))
            self.hidden[i] += 1

    def up(self, *names: str) -> Card:
        """One card face up onto each named pile, in order; returns the last card dealt."""
        card = DECK[0]
        for name in names:
            card = next(self._cards)
            self.piles[self._variant.index[name]].append(card)
        return card

    def rest_to_stock(self) -> None:
        """The undealt cards, face down, onto the stock: the next card to deal on top."""
        i = self._variant.stock
        self.piles[i] = list(reversed(list(self._cards)))
        self.hidden[i] = len(self.piles[i])

    def state(self, base_rank: int = ACE) -> State:
        """The finished layout."""
        piles = tuple(tuple(p) for p in self.piles)
        return State(piles, tuple(self.hidden), base_rank, self._variant.redeals)
