"""Searching over the engine's moves: the solver, its worker process, and hint heuristics.

No pygame here.
"""

from game.solver.native import use_source_if_needed

use_source_if_needed()  # before any search module is imported (``game.solver.native``)

from game.solver.heuristic import best_move, rank_moves  # noqa: E402
from game.solver.search import Budget, Solution, Verdict, solve  # noqa: E402

__all__ = ["Budget", "Solution", "Verdict", "best_move", "rank_moves", "solve"]
