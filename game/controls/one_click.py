"""One-click move: a click on a card plays it, and a second click on it tries the next place.

The card goes with the cards above it (the group the game lets the player pick up there):
home if it can go, else to the tableau pile the hint would choose (the solver's next move
when it knows a winning line through this card, else the best by the heuristic hint's
score), then the other tableau piles in the hint's order, then a free cell or any other
place the rules allow. A click on the same card once it has moved (nothing else played meanwhile)
takes it on to the next of those places, skipping any it cannot go to from where it lies,
and back to the pile it came from when the rules let it; a click on any other card starts
again. What the places are is the engine's and the hint's: nothing here knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.controls.moves import group_moves, move_to
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.solver.heuristic import score_move
from game.variants.base import Kind

_KIND_ORDER = {Kind.FOUNDATION: 0, Kind.TABLEAU: 1}
"""Home first, then the tableau; any other kind (cells) after."""


def ranked_moves(game: Game, pile: str, index: int, solver_move: Move | None = None) -> list[Move]:
    """The places the group from card ``index`` of ``pile`` up may go, in one-click order;
    ``solver_move``, the next move of a known winning line, first among its kind of pile."""
    v = game.variant
    moves = group_moves(game, pile, index)

    def rank(item: tuple[int, Move]) -> tuple[int, bool, float, int]:
        at, move = item
        kind = v.kinds[v.index[move.target]]
        return _KIND_ORDER.get(kind, 2), move != solver_move, -score_move(game, move), at

    return [move for _, move in sorted(enumerate(moves), key=rank)]


@dataclass(frozen=True, slots=True)
class _Cycle:
    """The card a one-click moved: its group, the places in order, where it lies now."""

    cards: tuple[int, ...]
    places: tuple[str, ...]
    at: int
    """The place (an index into ``places``) the group lies on."""
    after: State
    """The position the move left (automatic moves included): anything else played ends it."""


class OneClick:
    """The one-click moves of a table (see the module doc): which move a click makes."""

    def __init__(self) -> None:
        self._cycle: _Cycle | None = None

    def move_for(
        self, game: Game, pile: str, index: int, *, again_only: bool = False, solver_move: Move | None = None
    ) -> Move | None:
        """The move a click on card ``index`` of ``pile`` makes (None: no place for it);
        ``again_only``: only the next place of the card a one-click just moved (a click too
        soon after another, which a mouse would make a double-click); ``solver_move``: the
        next move of a winning line the solver knows (``ranked_moves``)."""
        cycle, state = self._cycle, game.state
        group = tuple(state.piles[game.variant.index[pile]][index:])
        if cycle is not None and (cycle.after, cycle.cards, cycle.places[cycle.at]) == (state, group, pile):
            return self._next(game, cycle)
        self._cycle = None
        if again_only:
            return None
        moves = ranked_moves(game, pile, index, solver_move)
        if not moves:
            return None
        places = (*(m.target for m in moves), pile)
        self._cycle = _Cycle(group, places, 0, game.state)
        return moves[0]

    def _next(self, game: Game, cycle: _Cycle) -> Move | None:
        """The move to the first place after the current one the group can go to now."""
        here = cycle.places[cycle.at]
        count = len(cycle.cards)
        for step in range(1, len(cycle.places)):
            at = (cycle.at + step) % len(cycle.places)
            move = move_to(game, here, count, cycle.places[at]) if cycle.places[at] != here else None
            if move is not None:
                self._cycle = _Cycle(cycle.cards, cycle.places, at, cycle.after)
                return move
        return None

    def played(self, game: Game) -> None:
        """The move ``move_for`` gave was played: remember the position it left."""
        cycle = self._cycle
        if cycle is not None:
            self._cycle = _Cycle(cycle.cards, cycle.places, cycle.at, game.state)
