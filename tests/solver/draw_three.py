"""A test-only game: Aunt Mary's piles and builds with a Klondike draw-three stock.

It looks like Aunt Mary to anything that reads a variant's attributes (same piles, builds,
redeals), but its stock deals three cards at a time: a search written for Aunt Mary's
one-card stock answers for it from the wrong rules. It is registered nowhere, so the solver
must give it the generic search (``game.solver.families``).
"""

from __future__ import annotations

import random

from game.engine.cards import DECK
from game.engine.state import State
from game.variants.aunt_mary import AuntMary
from game.variants.base import RawMove, Variant

DRAW = 3


class DrawThree(AuntMary):
    """Aunt Mary with a stock that turns up to three cards onto the waste per deal.

    Six tableau piles dealt as in Aunt Mary, built down in alternating colours; only a King
    fills an empty pile. Clicking the stock turns three cards onto the waste, the last of them
    playable; two redeals turn the waste back over.
    """

    key = "test-draw-three"
    name = "Draw Three (test)"
    rules = (
        "Six tableau piles dealt as in Aunt Mary, built down in alternating colours; only a King "
        "fills an empty pile.",
        "Clicking the stock turns three cards onto the waste, the last of them playable; two redeals "
        "turn the waste back over.",
    )

    def stock_moves(self, state: State) -> list[RawMove]:
        """Deal up to three cards, or turn the waste over while redeals are left."""
        stock = len(state.piles[self.stock])
        if stock:
            return [(self.stock, self.waste, min(DRAW, stock))]
        waste = len(state.piles[self.waste])
        if waste and state.redeals_left:
            return [(self.waste, self.stock, waste)]
        return []

    def apply_stock(self, state: State, move: RawMove) -> State:
        """Deal the stock's top cards to the waste one by one, or turn the waste back over."""
        if move[1] != self.waste:
            return super().apply_stock(state, move)
        for _ in range(move[2]):
            state = super().apply_stock(state, (self.stock, self.waste, 1))
        return state


class LookAlike(AuntMary):
    """Aunt Mary under her own key, but not the class registered for it."""


def small_position(variant: Variant, rng: random.Random, loose: int) -> State:
    """A position of ``variant`` (Aunt Mary's piles) with ``loose`` (at least 4) cards out of
    the foundations, at least one of each suit (no King home: it could come back to every empty
    pile, too many positions): each suit home up to some height, the rest face up on the
    tableau, face down in the stock, or on the waste, at random."""
    heights = [12] * 4
    for _ in range(loose - 4):
        heights[rng.choice([s for s in range(4) if heights[s] > 0])] -= 1
    piles: list[tuple[int, ...]] = [() for _ in variant.names]
    for suit, f in zip(range(4), variant.foundations, strict=True):
        piles[f] = tuple(suit * 13 + r for r in range(heights[suit]))
    out = [suit * 13 + r for suit in range(4) for r in range(heights[suit], 13)]
    rng.shuffle(out)
    places = [*variant.tableau, variant.stock, variant.waste]
    for card in out:
        i = rng.choice(places)
        piles[i] = (*piles[i], card)
    hidden = [0] * len(piles)
    hidden[variant.stock] = len(piles[variant.stock])
    return State(tuple(piles), tuple(hidden), 1, rng.randint(0, variant.redeals))


def brute_force_winnable(variant: Variant, state: State, *, automatic: bool, limit: int = 200_000) -> bool:
    """Whether some sequence of the engine's legal moves wins from ``state``: every reachable
    position is visited. With ``automatic``, each move is followed by the automatic moves one at
    a time until none is left, as the table plays (``Game.auto_moves``: a card the move itself
    took off a foundation stays out). Fails if more than ``limit`` positions are reachable."""

    def settle(st: State, kept: int | None) -> State:
        while automatic and (autos := variant.auto_after(st, kept)):
            st = variant.apply(st, autos[0])
        return st

    start = settle(state, None)
    seen = {start}
    todo = [start]
    while todo:
        st = todo.pop()
        if variant.is_won(st):
            return True
        for move in variant.legal(st):
            nxt = settle(variant.apply(st, move), variant.taken_home_card(st, move))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
        assert len(seen) <= limit, "position too big for brute force"
    return False


def describe(state: State) -> str:
    """The cards of ``state``'s piles, for a failing test's message."""
    return " | ".join("".join(DECK[c].text(True) for c in pile) for pile in state.piles)
