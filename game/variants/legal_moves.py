"""Legal moves: the hooks a variant may redefine, move generation, and making a move.

``MoveRules.legal`` lists every legal move of a position from the variant's declarations
(``VariantSpec``) and its stock hooks; ``apply`` makes one, with what follows it by itself
(``settle``: a face-down card turned up, Kansas's refill from the reserve).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from game.engine.cards import RANK, Card
from game.engine.state import Pile, State
from game.variants.piles import ALL_RESERVES, Kind, RawMove
from game.variants.spec import VariantSpec

_REVEALING: Final = (Kind.TABLEAU, Kind.RESERVE)


class MoveRules(VariantSpec):
    """The legal moves of a variant and how a move changes the position."""

    # ----------------------------------------------------------------- hooks

    def deal(self, cards: Iterator[Card]) -> State:
        """Lay out a new game from ``cards`` in dealing order."""
        raise NotImplementedError

    def stock_moves(self, state: State) -> list[RawMove]:
        """The stock actions possible now (none by default)."""
        return []

    def apply_stock(self, state: State, move: RawMove) -> State:
        """Carry out one of ``stock_moves``."""
        raise NotImplementedError

    def settle(self, piles: list[Pile], hidden: list[int], source: int) -> None:
        """What follows a move by itself: turn up a face-down card it uncovered."""
        if self.kinds[source] in _REVEALING and piles[source] and hidden[source] == len(piles[source]):
            hidden[source] -= 1

    # ------------------------------------------------------------- legal moves

    def legal(self, state: State) -> list[RawMove]:
        """Every legal move, stock actions first, cached on the state."""
        cached = state.legal_cache
        if cached is None:
            cached = state.legal_cache = self._generate(state)
        return cached

    def _generate(self, state: State) -> list[RawMove]:
        # The hot path of every search: written for speed, with the rule tables precomputed.
        piles, hidden, base = state.piles, state.hidden, state.base_rank
        moves = self.stock_moves(state) if self.stock >= 0 else []
        add = moves.append
        acc = self._accepts.get(base) or self.accepts(base)
        wanted, empty_tableau = self._wanted(state, acc)
        homes, empty_homes = self._home_needs(state)
        empty_cells = [c for c in self.cells if not piles[c]] if self.cells else []
        limit = self.group_limit_for(len(empty_cells))
        fill = self._fill_rank[base]
        fill_tableau = self._fills_from_tableau and bool(empty_tableau)
        for s in self.tableau:
            pile = piles[s]
            n, h = len(pile), hidden[s]
            if n <= h:
                continue
            top = pile[-1]
            home = homes.get(top)
            if home is not None:
                add((s, home, 1))
            elif RANK[top] == base:
                for d in empty_homes:
                    add((s, d, 1))
            i, k = n - 1, 1
            while True:
                card = pile[i]
                targets = wanted.get(card)
                if targets is not None:
                    for d in targets:
                        if d != s:
                            add((s, d, k))
                if fill_tableau and (not fill or RANK[card] == fill):
                    for d in empty_tableau:
                        add((s, d, k))
                if k >= limit or i <= h or card not in acc[pile[i - 1]]:
                    break
                i, k = i - 1, k + 1
            for c in empty_cells:
                add((s, c, 1))
            if self.sequences_to_foundation and (home is not None or RANK[top] == base):
                moves.extend(self._sequences_home(state, s, [home] if home is not None else empty_homes))
        for s in self.single_sources:
            pile = piles[s]
            if len(pile) <= hidden[s]:
                continue
            top = pile[-1]
            home = homes.get(top)
            if home is not None:
                add((s, home, 1))
            elif RANK[top] == base:
                for d in empty_homes:
                    add((s, d, 1))
            targets = wanted.get(top)
            if targets is not None:
                for d in targets:
                    add((s, d, 1))
            if empty_tableau and self.kinds[s] in self._fill_kinds and (not fill or RANK[top] == fill):
                for d in empty_tableau:
                    add((s, d, 1))
        if self.foundations_out:
            self._foundation_moves(state, moves, wanted, empty_tableau, empty_cells, fill)
        return moves

    def _foundation_moves(
        self,
        state: State,
        moves: list[RawMove],
        wanted: dict[int, tuple[int, ...]],
        empty_tableau: list[int],
        empty_cells: list[int],
        fill: int,
    ) -> None:
        """Moves of a foundation's top card back into play (LJ-3, AM-2, BG-7, SH-8)."""
        for s in self.foundations_out:
            pile = state.piles[s]
            if not pile:
                continue
            top = pile[-1]
            moves += [(s, d, 1) for d in wanted.get(top, ())]
            if empty_tableau and (not fill or RANK[top] == fill):
                moves += [(s, d, 1) for d in empty_tableau]
            if self.foundation_to_cells:
                moves += [(s, c, 1) for c in empty_cells]

    def _wanted(
        self, state: State, acc: tuple[tuple[int, ...], ...]
    ) -> tuple[dict[int, tuple[int, ...]], list[int]]:
        """Card -> the tableau piles whose face-up top card takes it; and the empty piles."""
        piles, hidden = state.piles, state.hidden
        wanted: dict[int, tuple[int, ...]] = {}
        empty: list[int] = []
        for t in self.tableau:
            pile = piles[t]
            if not pile:
                empty.append(t)
            elif hidden[t] < len(pile):
                for c in acc[pile[-1]]:
                    wanted[c] = (*wanted[c], t) if c in wanted else (t,)
        return wanted, empty

    def _home_needs(self, state: State) -> tuple[dict[int, int], list[int]]:
        """The card each started foundation takes next -> that foundation; the empty ones."""
        piles, following = state.piles, self._home_next
        needs: dict[int, int] = {}
        empty: list[int] = []
        for f in self.foundations:
            pile = piles[f]
            if pile:
                needs[following[pile[-1]]] = f
            else:
                empty.append(f)
        return needs, empty

    def _sequences_home(self, state: State, s: int, targets: list[int]) -> Iterator[RawMove]:
        """SH-7: every run of two or more cards from the top of ``s`` to each fitting foundation."""
        run = self.run_length(state, s)
        for d in targets:
            for k in range(2, run + 1):
                yield (s, d, k)

    # ------------------------------------------------------------------ moves

    def is_stock_action(self, move: RawMove) -> bool:
        """Whether ``move`` is a stock action (deal, redeal) rather than a card move."""
        s, d, _ = move
        return (s == self.stock and d in (self.waste, ALL_RESERVES)) or (s == self.waste and d == self.stock)

    def apply(self, state: State, move: RawMove) -> State:
        """The state after a legal ``move``, with its reveals and refills."""
        if self.is_stock_action(move):
            return self.apply_stock(state, move)
        s, d, k = move
        piles = list(state.piles)
        hidden = list(state.hidden)
        moving = piles[s][-k:]
        piles[s] = piles[s][:-k]
        if k > 1 and self.kinds[d] is Kind.FOUNDATION:
            moving = moving[::-1]
        piles[d] = piles[d] + moving
        self.settle(piles, hidden, s)
        return State(tuple(piles), tuple(hidden), state.base_rank, state.redeals_left)

    # ------------------------------------------------------------ end of game

    def is_won(self, state: State) -> bool:
        """All 52 cards are on the foundations."""
        piles = state.piles
        return sum(len(piles[f]) for f in self.foundations) == 52

    def is_stuck(self, state: State) -> bool:
        """Not won, and no legal move (stock actions included) is left."""
        return not self.legal(state) and not self.is_won(state)
