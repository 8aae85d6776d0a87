"""A solver for all five games, over the engine's own rules.

Each game's search is declared in ``game.solver.families``, never guessed from its attributes:
Baker's Game and Seahaven Towers go to the fast cell-game search of ``game.solver.cells``
(compact positions, its own move generator, its first phase in C where it is built,
``game.solver.cells_native``; every winning line replayed through the engine before it is
returned), Aunt Mary and Lady Jane to ``game.solver.alternate`` (Lady Jane's searches in C where
they are built, ``game.solver.alternate_native``) and Kansas to
``game.solver.kansas`` (the same kind of search). Every other position, and every position of
a game declared nowhere, goes to the generic search of ``game.solver.engine_search``: every
move comes from the variant's legal-move generator and is applied by the variant, so it can
never use a move the game forbids. What a search is given and gives back
(``Budget``, ``Verdict``, ``Solution``) is ``game.solver.answer``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from game.engine.errors import GameError
from game.engine.moves import Move
from game.engine.state import State
from game.play import Game
from game.solver.answer import Budget, Solution, Verdict
from game.solver.engine_search import ENGINE_POSITIONS_CAP, EngineSearch, to_move
from game.solver.families import ONE_CARD_DEALS, Family, family_of
from game.variants.base import RawMove, Variant

if TYPE_CHECKING:
    from game.solver.alternate import AlternateSearch
    from game.solver.cells import CellSearch
    from game.solver.cells_native import NativeFirst
    from game.solver.compact import Turns

# The compact searches (compiled modules, when built) are imported when a search first runs
# (``_fast``): the game's window imports this module for ``Budget`` and ``Verdict`` and leaves
# the searching to its worker process, so its start-up never loads them.

__all__ = ["Budget", "Solution", "Verdict", "plays_at_table", "replays_to_win", "solve"]


def replays_to_win(v: Variant, state: State, raw: Sequence[RawMove]) -> bool:
    """Whether every move of ``raw`` is legal in turn from ``state`` and the last one wins."""
    for move in raw:
        if move not in v.legal(state):
            return False
        state = v.apply(state, move)
    return v.is_won(state)


_Fast = Callable[
    [Variant, int, float, Callable[[], bool]], "CellSearch | AlternateSearch | Turns | NativeFirst"
]


def _solve_cells(
    v: Variant,
    state: State,
    budget: Budget,
    cancelled: Callable[[], bool],
    make: _Fast,
    *,
    automatic: bool = False,
) -> Solution | None:
    """A fast compact search (``make``), or ``None`` when its line
    does not replay to a win (a bug) or, with ``automatic``, cannot be played at the table.

    The compact searches play for a player free of automatic moves. Their line is given as the
    table plays it where it can be (``compact.at_table``, as ``compact.as_played`` gives it);
    with ``automatic`` it must be, or the generic search takes over. Their proofs hold either way: a
    game played with automatic moves is one of the free player's games."""
    from game.solver.compact import at_table

    began = time.monotonic()
    search = make(v, budget.positions, began + budget.seconds, cancelled)
    line = search.run(state)
    seconds = time.monotonic() - began
    positions = len(search.seen)
    if line is not None:
        # at_table's line was made move by move through the engine (each of the player's
        # moves checked against the variant's legal moves, each automatic one the variant's
        # own, the last position won), which is the replay; the search's own line, given
        # where the table cannot play it, is replayed here.
        played = at_table(v, state, line, opening=automatic)
        if played is None:
            if automatic or not replays_to_win(v, state, line):
                return None
            played = list(line)
        if automatic and not plays_at_table(v, state, played):
            return None
        raw = tuple(played)
        return Solution(Verdict.WINNABLE, tuple(to_move(v, m) for m in raw), positions, seconds, raw)
    verdict = Verdict.UNWINNABLE if search.exhausted else Verdict.UNKNOWN
    return Solution(verdict, positions=positions, seconds=seconds)


def plays_at_table(v: Variant, state: State, raw: Sequence[RawMove]) -> bool:
    """Whether ``raw`` is a winning line as the table plays it with automatic moves on: the
    automatic moves due at ``state`` first, then each player move followed by every automatic
    move ``Game.auto_moves`` then lists, one at a time until none is left, to a win."""
    g = Game(v, state)
    moves = [to_move(v, m) for m in raw]
    i = _automatic_moves(g, moves, 0)
    while i is not None and i < len(moves):
        try:
            g.play(moves[i])
        except GameError:
            return False
        i = _automatic_moves(g, moves, i + 1)
    return i is not None and g.is_won()


def _automatic_moves(g: Game, moves: Sequence[Move], i: int) -> int | None:
    """Play the automatic moves due in ``g``, each of which must be ``moves``' next one from
    ``i``: the index after them, or ``None`` where the line leaves them out."""
    while autos := g.auto_moves():
        if i >= len(moves) or moves[i] != autos[0]:
            return None
        g.play(autos[0], automatic=True)
        i += 1
    return i


def _fast(family: Family) -> tuple[Callable[[Variant, State], bool], _Fast] | None:
    """The declared family's compact search (``game.solver.families``) and the test of the
    positions it takes (all 52 cards, laid out as play can leave them); ``None`` for the generic
    family."""
    from game.solver.alternate_native import make_search as alternate_search
    from game.solver.alternate_rules import supported as alternate_supported
    from game.solver.cells import supported as cells_supported
    from game.solver.cells_native import make_search as cells_search
    from game.solver.kansas import kansas_turns
    from game.solver.kansas_position import supported as kansas_supported

    table: dict[Family, tuple[Callable[[Variant, State], bool], _Fast]] = {
        Family.CELLS: (cells_supported, cells_search),
        Family.LADY_JANE: (
            partial(alternate_supported, lady_jane=True),
            partial(alternate_search, lady_jane=True),
        ),
        Family.AUNT_MARY: (
            partial(alternate_supported, lady_jane=False),
            partial(alternate_search, lady_jane=False),
        ),
        Family.KANSAS: (kansas_supported, kansas_turns),
    }
    return table.get(family)


def solve(
    game: Game,
    budget: Budget | None = None,
    *,
    cancelled: Callable[[], bool] | None = None,
    automatic: bool = False,
    generic: bool = True,
) -> Solution:
    """Solve ``game`` from its current position with perfect information (face-down and
    stock cards included). ``cancelled`` is polled during the search to stop it early.

    ``automatic``: the player plays with automatic moves on (the table's setting), so every
    player move is followed by the automatic moves of ``Game.auto_moves`` until none is left,
    as the table plays them; "winnable" then means winnable that way, and the winning line
    is one the table can follow move by move (``plays_at_table``). Without, the player is
    free to make or leave every foundation move.

    The search is the one declared for the game (``game.solver.families``); a game declared
    nowhere gets the generic search over the engine's moves. ``generic=False`` never falls
    back on that (slow) search: where the game's own search finds no line the table can play,
    the answer is ``UNKNOWN`` (the deal-of-the-day generator, which needs a proof cheaply and
    the same on every machine, skips such a deal)."""
    budget = budget or Budget()
    poll = cancelled or _never
    v, state = game.variant, game.state
    family = family_of(v)
    fast = _fast(family)
    began = time.monotonic()
    if fast is not None and fast[0](v, state):
        found = _solve_cells(v, state, budget, poll, fast[1], automatic=automatic)
        if found is not None:
            return found
        if not generic:
            return Solution(Verdict.UNKNOWN, seconds=time.monotonic() - began)
        if automatic:  # the rest of the time for the search as the table plays
            budget = Budget(max(0.0, budget.seconds - (time.monotonic() - began)), budget.positions)
    found = _generic(v, state, budget, cancelled, family, automatic)
    if automatic and found.verdict is Verdict.WINNABLE and not plays_at_table(v, state, found.raw):
        return Solution(Verdict.UNKNOWN, positions=found.positions, seconds=found.seconds)  # a bug
    return found


def _generic(
    v: Variant,
    state: State,
    budget: Budget,
    cancelled: Callable[[], bool] | None,
    family: Family,
    automatic: bool,
) -> Solution:
    """The search over the engine's moves (``EngineSearch``), as the game and the setting allow."""

    def search(*, macro: bool = True, reserve_weight: int = 0) -> EngineSearch:
        return EngineSearch(
            v,
            budget,
            cancelled,
            macro=macro,
            reserve_weight=reserve_weight,
            family=family,
            automatic=automatic,
        )

    if family in ONE_CARD_DEALS and not automatic:
        turns = (TURN - int(TURN * PLAIN_SHARE), int(TURN * PLAIN_SHARE))
        return _portfolio((search(), search(macro=False)), turns, state, budget)
    if family is Family.LADY_JANE:
        half = TURN // 2
        return _portfolio((search(), search(reserve_weight=1)), (half, half), state, budget)
    return search().run(state)


PLAIN_SHARE = 0.3
"""Where dealing is a macro move (Kansas, Aunt Mary), two searches take turns: the macro search,
which proves positions unwinnable in far fewer positions (Aunt Mary deal 9: 63 against
1,806), and, with this share of every turn, a search with dealing as a move of its own, whose
different order finds some wins quickly that the macro search takes long to reach (Kansas
deal 65: 294 positions against over 400,000). Each gets the same share of the whole budget as
when they ran one after the other, but the macro search no longer waits for the other's share
to be spent. Taking turns by positions keeps the result the same on every run for a
positions-only budget."""

TURN = 1000
"""New positions stored per turn by the two searches together."""

# Lady Jane also runs two searches by turns, with equal shares: the plain one and one that
# also counts the cards buried under the reserves' tops as a cost. Each finds wins the other
# misses within a budget (deals 1..30 at 20,000 positions: 18 and 19 wins, 22 together).


def _portfolio(
    searches: Sequence[EngineSearch], turns: Sequence[int], state: State, budget: Budget
) -> Solution:
    """Depth-first searches that take turns, ``turns[i]`` new positions for ``searches[i]``,
    until one decides or the budget (shared: positions stored by all of them) is spent."""
    began = time.monotonic()
    total = min(budget.positions, ENGINE_POSITIONS_CAP)
    for search in searches:
        decided = search.begin(state)
        if decided is not None:
            return decided
    while True:
        for search, turn in zip(searches, turns, strict=True):
            used = sum(len(s.parent) for s in searches)
            search.pause_at = len(search.parent) + min(turn, total - used)
            if used >= total or search.out_of_budget():
                return Solution(Verdict.UNKNOWN, positions=used, seconds=time.monotonic() - began)
            found = search.depth_first()
            if found is not None or search.exhausted:
                result = search.result(found)
                positions = sum(len(s.parent) for s in searches)
                return Solution(result.verdict, result.moves, positions, time.monotonic() - began, result.raw)


def _never() -> bool:
    return False
