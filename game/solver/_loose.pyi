"""The looser Kansas searched in C (``_loose.c``): the same game and search as
``kansas_relaxed.RelaxedKansas``'s plain one, position for position."""

from collections.abc import Callable

class Table:
    """The looser game of one root and the answers found so far."""

    def __init__(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> None: ...
    def verdict(
        self,
        tableau: int,
        bottoms: int,
        reserve_n: int,
        stock_n: int,
        heights: int,
        budget: int,
        deadline: float,
        cancelled: Callable[[], bool],
        /,
    ) -> int:
        """1 won, 0 lost, -1 unknown (budget, deadline, cancelled or out of memory)."""
    def known(self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, heights: int, /) -> int:
        """The answer found so far (-1: none)."""
    def __len__(self) -> int: ...
