"""Deal difficulty from the solver's effort: easy, medium, hard, unknown (or unwinnable).

The rating is the number of positions the solver stored before it found a win from the
opening position, with a budget of positions only (a time limit is a safety net), so a deal
gets the same rating on every machine. The bands per game were set from the solver's effort
(``benchmarks/ratings.py``): roughly the easier half of the winnable deals is "easy", the
next third "medium", the rest "hard".
"""

from __future__ import annotations

from enum import Enum

from game.solver.answer import Budget, Solution, Verdict

RATING_BUDGET = Budget(seconds=6.0, positions=150_000)
"""The search a rating comes from (and the first check of every new deal), as
``RATING_BUDGET.for_game(key)``."""

BANDS: dict[str, tuple[int, int]] = {
    "lady-jane": (1_000, 22_000),
    "bakers-game": (740, 1_500),
    "kansas": (219_000, 864_000),
    "aunt-mary": (38_000, 102_000),
    "seahaven": (360, 1_300),
}
"""Per game: the most positions for "easy", and for "medium" (the 50th and 83rd percentiles
of the winnable deals among 1..60, ``benchmarks/ratings.py``; Baker's Game and Seahaven among
1..200, set again when their search began gathering cells' cards (about a third of the
positions); Aunt Mary among 1..200, where
24 are won; Kansas among the 39 deals of 1..200 won within its rating budget, the looser
game's positions counted: 218,932 and 863,641)."""


class Difficulty(Enum):
    """How hard a deal is to win, as the solver found it."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    UNKNOWN = "unknown"
    UNWINNABLE = "unwinnable"

    def __str__(self) -> str:
        return self.value


def rate(variant: str, solution: Solution) -> Difficulty:
    """The difficulty of a deal of ``variant`` from the solver's answer on its opening position.

    Only an answer found within ``RATING_BUDGET`` rates a deal; a bigger search says nothing
    about the positions it would have needed under that budget.
    """
    if solution.verdict is Verdict.UNWINNABLE:
        return Difficulty.UNWINNABLE
    if solution.verdict is Verdict.UNKNOWN or solution.positions > RATING_BUDGET.for_game(variant).positions:
        return Difficulty.UNKNOWN
    easy, medium = BANDS.get(variant, (2_000, 20_000))
    if solution.positions <= easy:
        return Difficulty.EASY
    if solution.positions <= medium:
        return Difficulty.MEDIUM
    return Difficulty.HARD
