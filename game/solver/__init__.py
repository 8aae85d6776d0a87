"""Searching over the engine's moves: the solver, its worker process, and hint heuristics.

No pygame here. The names below load on first use (``game.lazy``): the table's hints need the
heuristics long before (if ever) a search runs in this process (the searches run in the
solver's worker process).
"""

from typing import TYPE_CHECKING

from game.lazy import loader
from game.solver.native import use_source_if_needed

use_source_if_needed()  # before any search module is imported (``game.solver.native``)

if TYPE_CHECKING:
    from game.solver.heuristic import best_move, rank_moves
    from game.solver.search import Budget, Solution, Verdict, solve

_LAZY = {
    "best_move": "game.solver.heuristic",
    "rank_moves": "game.solver.heuristic",
    "Budget": "game.solver.search",
    "Solution": "game.solver.search",
    "Verdict": "game.solver.search",
    "solve": "game.solver.search",
}
"""Name -> the module it is taken from."""

if not TYPE_CHECKING:
    __getattr__, __dir__ = loader(__name__, globals(), _LAZY)

__all__ = ["Budget", "Solution", "Verdict", "best_move", "rank_moves", "solve"]
