"""Searching over the engine's moves: the solver, its worker process, and hint heuristics.

No pygame here.
"""

from game.solver.heuristic import best_move, rank_moves
from game.solver.search import Budget, Solution, Verdict, solve

__all__ = ["Budget", "Solution", "Verdict", "best_move", "rank_moves", "solve"]
