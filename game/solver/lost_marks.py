"""Lady Jane positions proved lost, carried from one search of a deal to the next.

Lady Jane's depth-first search (``alternate.AlternateSearch`` with ``marking``, and its C twin)
marks the positions it proves lost as it goes, not only at its end: a position whose search
is over, without a win, and met nothing older still open (a position on its path, or one a
position on its path has yet to search) leads only to positions searched to the end, none won.
Those are Tarjan's strongly connected components, closed as the search leaves them; the
search stores children before it expands them, so a child still waiting counts as open at its
parent's level. What one check leaves unknown in play is mostly lost regions already closed,
and the next check, of the position after the player's move, meets them again: with the marks
it prunes them at once (deal 20001 of ``benchmarks/advisor.py`` from its 17th position).

A key names a position given the deal: the stock's cards are left out of it (its length and
face-down count stand for it), so marks hold for a search whose root has the same base rank
and a stock that one of the roots before had, or had cards dealt from (``LostMarks.covers``).
"""

from __future__ import annotations

from typing import Any, Final

from game.solver.carry import CARRIED

MARKS_ROOM: Final = 12_000_000
"""The most marks and positions of the new search together: a mark costs about what a stored
position does in C (some 75-80 bytes), so a search's 8 million (``answer.SEARCH_SCALE``) leave
room for 4 million marks, some 950 MB in all at most."""


class LostMarks:
    """The keys of the Lady Jane positions proved lost, over searches of one deal: a set for
    the Python search, a table for the C one (``game.solver._alternate.marks``)."""

    def __init__(self, base: int, stock: bytes) -> None:
        self.base = base
        self.stock = stock
        """The longest stock of the roots so far (bottom card first)."""
        self.keys: set[bytes] = set()
        self._table: Any = None
        self._module: Any = None

    def covers(self, base: int, stock: bytes) -> bool:
        """Whether a root with this base rank and stock is of the same deal as the roots so far:
        one stock is the other with cards dealt from its top."""
        short, long = sorted((stock, self.stock), key=len)
        return base == self.base and long[: len(short)] == short

    def take(self, stock: bytes) -> None:
        """A root with this stock (``covers``) searches with these marks."""
        if len(stock) > len(self.stock):
            self.stock = stock

    def table(self, module: Any) -> object:
        """The C search's table (made on first use by ``module``, ``_alternate``)."""
        if self._table is None:
            self._table, self._module = module.marks(), module
        return self._table

    def __len__(self) -> int:
        in_c = self._module.marks_count(self._table) if self._table is not None else 0
        return len(self.keys) + int(in_c)


def carried(base: int, stock: bytes, room: int) -> LostMarks | None:
    """The marks a Lady Jane search of a root with this base rank and stock starts from and
    adds to, inside ``carry.carry_over`` (``None`` outside: nothing is marked). Those of the
    searches before when they are of the same deal, the block lets it take them, and they
    leave ``room`` for the search's own positions under ``MARKS_ROOM``; otherwise new ones,
    kept for the next search."""
    if not CARRIED.held:
        return None
    CARRIED.kansas = None  # one game's findings at a time (``carry``)
    marks = CARRIED.lady_jane
    if (
        isinstance(marks, LostMarks)
        and CARRIED.take
        and marks.covers(base, stock)
        and len(marks) + room <= MARKS_ROOM
    ):
        marks.take(stock)
        return marks
    marks = LostMarks(base, stock)
    CARRIED.lady_jane = marks
    return marks
