"""Searching over the engine's moves: hints now, winnability later. No pygame here."""

from game.solver.heuristic import best_move, rank_moves

__all__ = ["best_move", "rank_moves"]
