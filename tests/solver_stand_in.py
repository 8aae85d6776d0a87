"""A solver worker that searches in the test's own process, when its answers are asked for.

It behaves like ``game.solver.worker.SolverWorker`` (a newer request cancels older ones that
have not been answered) but deterministically, so app and advisor tests need no timing.
"""

from __future__ import annotations

from game.play import Game
from game.solver.search import Budget, solve
from game.solver.worker import Answer


class InlineWorker:
    """Answers the newest request when ``answers()`` is called; older ones are dropped."""

    def __init__(self, *, hold: bool = False, max_seconds: float | None = None) -> None:
        self.requests: list[tuple[int, str, Budget]] = []
        self.automatic: list[bool] = []
        """Each request's automatic-moves setting, in order."""
        self.kept: list[bool] = []
        """Whether each request may start from the last search's answers, in order."""
        self.searched: list[str] = []
        """The position texts searched, in order."""
        self.hold = hold
        """While true, nothing is answered (a search still under way)."""
        self.max_seconds = max_seconds
        """A cap on every search's time budget (to keep app tests quick)."""
        self.closed = False

    def submit(self, game: Game, budget: Budget, *, automatic: bool = True, keep: bool = False) -> int:
        self.requests.append((len(self.requests) + 1, game.text(), budget))
        self.automatic.append(automatic)
        self.kept.append(keep)
        return len(self.requests)

    def answers(self) -> list[Answer]:
        if self.hold or not self.requests or self.requests[-1][0] == getattr(self, "_answered", 0):
            return []
        request, text, budget = self.requests[-1]
        self._answered = request
        self.searched.append(text)
        if self.max_seconds is not None:
            budget = Budget(min(budget.seconds, self.max_seconds), budget.positions)
        result = solve(Game.from_text(text), budget, automatic=self.automatic[request - 1])
        moves = tuple(str(m) for m in result.moves)
        return [Answer(request, text, result.verdict, moves, result.positions, result.seconds)]

    def alive(self) -> bool:
        return not self.closed

    def close(self) -> None:
        self.closed = True
