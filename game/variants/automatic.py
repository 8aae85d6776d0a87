"""Moves the table makes or offers by itself: safe automatic moves, the finish line, double-click.

An automatic move only ever sends one card to a foundation, and only when no card left in
play could still need to be placed on it (rules: see docs/rules.md, "Common ground").
"""

from __future__ import annotations

from game.engine.cards import IS_RED, RANK
from game.engine.state import State
from game.variants.legal_moves import MoveRules
from game.variants.piles import Build, Kind, RawMove


class AutomaticMoves(MoveRules):
    """The moves a variant makes for the player, or offers on a double-click."""

    # ---------------------------------------------------------- automatic moves

    def auto(self, state: State) -> list[RawMove]:
        """The safe moves to the foundations now, one card each (see rules.md)."""
        cached = state.auto_cache
        if cached is None:
            cached = state.auto_cache = self._safe_moves(state)
        return cached

    def auto_after(self, state: State, kept_out: int | None) -> list[RawMove]:
        """``auto(state)`` without card ``kept_out``: the card the player's action took off a
        foundation is not sent straight back by the same step (docs/rules.md, "Automatic moves
        never undo the player's own action")."""
        moves = self.auto(state)
        if kept_out is None:
            return moves
        return [m for m in moves if state.piles[m[0]][-1] != kept_out]

    def taken_home_card(self, state: State, move: RawMove) -> int | None:
        """The card ``move`` takes off a foundation in ``state`` (before it), if it does."""
        source = move[0]
        if source < 0 or self.kinds[source] is not Kind.FOUNDATION or not state.piles[source]:
            return None
        return state.piles[source][-1]

    def _safe_moves(self, state: State) -> list[RawMove]:
        piles, hidden, base = state.piles, state.hidden, state.base_rank
        needs, empty_homes = self._home_needs(state)
        outside: set[int] | None = None
        moves: list[RawMove] = []
        for s in self.play_sources:
            pile = piles[s]
            if len(pile) <= hidden[s]:
                continue
            card = pile[-1]
            d = needs.get(card)
            if d is None:
                if RANK[card] != base or not empty_homes:
                    continue
                d = empty_homes[0]
            elif self.build is not Build.SUIT:
                if outside is None:
                    outside = self._outside(state)
                if not self.is_safe(card, base, outside):
                    continue
            moves.append((s, d, 1))
        return moves

    def _outside(self, state: State) -> set[int]:
        return {c for i, p in enumerate(state.piles) if self.kinds[i] is not Kind.FOUNDATION for c in p}

    def is_safe(self, card: int, base: int, outside: set[int]) -> bool:
        """Whether no card outside the foundations could ever need to be placed on ``card``."""
        rank = RANK[card]
        if rank == base or self.build is Build.SUIT:
            return True
        lower = self.below(rank)
        if self.build is Build.ALTERNATE:
            needers = [s * 13 + lower - 1 for s in range(4) if IS_RED[s * 13] != IS_RED[card]]
        else:
            needers = [s * 13 + lower - 1 for s in range(4)]
        return not any(c in outside for c in needers)

    # ------------------------------------------------------ finish line, double-click

    def finish_line(self, state: State) -> list[RawMove] | None:
        """Foundation moves that win from here when no choice is left (see ``Game.finish_line``)."""
        if self.is_won(state) or any(state.hidden) or (self.stock >= 0 and state.piles[self.stock]):
            return None
        line: list[RawMove] = []
        while not self.is_won(state):
            move = next((m for m in self.legal(state) if self._is_single_home(m)), None)
            if move is None:
                return None
            line.append(move)
            state = self.apply(state, move)
        return line

    def _is_single_home(self, move: RawMove) -> bool:
        return move[2] == 1 and move[1] >= 0 and self.kinds[move[1]] is Kind.FOUNDATION

    def double_click(self, state: State, pile: int) -> RawMove | None:
        """Where a double-click on the top card of ``pile`` sends it, if anywhere."""
        if self.kinds[pile] is Kind.FOUNDATION:
            return None
        legal = self.legal(state)
        for move in legal:
            if move[0] == pile and move[2] == 1 and self.kinds[move[1]] is Kind.FOUNDATION:
                return move
        if self.double_click_to_cell:
            for move in legal:
                if move[0] == pile and self.kinds[move[1]] is Kind.CELL:
                    return move
        return None
