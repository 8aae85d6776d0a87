"""The cell games' search with its first phase in C (``game.solver._cells``, built by ``setup.py``).

For its first ``PHASE`` stored positions the search of ``cells.make_search`` runs the plain
depth-first ``CellSearch`` alone, and most deals are decided there. ``_cells`` is that search
written in C, position for position: the same children in the same order, the same positions
stored, the same line (the tests compare the two). So ``NativeFirst`` runs it first; when it
decides within the phase, its answer is the one the Python searches would have given, about
five times sooner (Baker's Game deals 50001-50100: median 1.4 ms a solve against 7.1 ms; some
1 µs a stored position against 3.4-4.7 compiled). Otherwise the Python searches
(``cells.make_search``) run as they always did, from the start: the positions the C phase
stored are not handed over, only its time is spent (some 20 ms for the 20,000 positions).

Without the C module (not built, stale, or ``SOLITAIRE_PURE_PYTHON``), ``make_search`` gives
the Python searches alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Sized
from typing import Protocol

from game.engine.state import State
from game.solver import native
from game.solver.cells import TURNS, CellSearch
from game.solver.cells import make_search as python_search
from game.solver.compact import Resumable, Turns
from game.variants.base import RawMove, Variant

PHASE = TURNS[1][0]
"""The stored positions (of all the searches that take turns) within which the plain search
runs alone (``cells.TURNS``)."""


class _Search(Protocol):
    """``game.solver._cells.search``: the plain depth-first search from a settled position,
    until a win, the end, ``pause_at`` positions stored, or the budget (``positions``, the
    deadline, ``cancelled``: looked at every ``compact.POLL`` positions expanded)."""

    def __call__(
        self,
        tableau: tuple[bytes, ...],
        cells: bytes,
        found: bytes,
        tableau_index: tuple[int, ...],
        cell_index: tuple[int, ...],
        found_index: tuple[int, ...],
        homes: Sequence[int],
        pause_at: int,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        /,
    ) -> tuple[str, list[RawMove] | None, int]: ...


def in_c() -> bool:
    """Whether the first phase runs in C here (``game.solver.native.c_built``)."""
    return native.c_built("_cells")


def c_search() -> _Search | None:
    """The search in C, when it can be used (``in_c``); ``None`` otherwise."""
    if not in_c():
        return None
    from game.solver._cells import search

    found: _Search = search
    return found


class _Count:
    """A number of stored positions, as ``len`` gives it."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __len__(self) -> int:
        return self.count


class NativeFirst:
    """``cells.make_search``'s searches, the plain one's first phase run in C (``_cells``).

    Its answer, stored positions (``seen``) and ``exhausted`` are those of the Python
    searches: the C search decides only where the plain search runs alone, and counts as
    they do (the other searches each store their root as they begin). When the C search
    reaches the end of the phase undecided, the Python searches start over from ``state``
    with the time left."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        search: _Search,
    ) -> None:
        self.variant = variant
        self.positions = positions
        self.deadline = deadline
        self.cancelled = cancelled
        self.search = search
        self.turns = python_search(variant, positions, deadline, cancelled)
        self.seen: Sized = _Count(0)
        self.exhausted = False

    @property
    def searches(self) -> tuple[Resumable, ...]:
        """The Python searches that take turns (``Turns.searches``), the plain one first: the
        one the C search is the twin of."""
        return self.turns.searches

    def run(self, state: State) -> list[RawMove] | None:
        """A winning line of engine moves, or ``None`` (``exhausted``: no win exists)."""
        plain = CellSearch(self.variant, self.positions, self.deadline, self.cancelled)
        ((node, line, homes),) = plain.roots(state)
        if plain.won(node):
            return self._in_python(state)
        others = len(self.turns.searches) - 1  # each stores its root as it begins (Turns.run)
        pause_at = max(0, min(PHASE, self.positions) - others)
        tab, cells, found = node
        outcome, more, stored = self.search(
            tab,
            bytes(cells),
            bytes(found),
            tuple(plain.tab_index),
            tuple(plain.cell_index),
            tuple(plain.found_index),
            homes,
            pause_at,
            self.positions,
            self.deadline,
            self.cancelled,
        )
        if outcome == "paused":
            return self._in_python(state)
        self.seen = _Count(stored + others)
        self.exhausted = outcome == "exhausted"
        return line + more if more is not None else None

    def _in_python(self, state: State) -> list[RawMove] | None:
        self.seen = self.turns.seen
        line = self.turns.run(state)
        self.exhausted = self.turns.exhausted
        return line


def make_search(
    variant: Variant, positions: int, deadline: float, cancelled: Callable[[], bool]
) -> NativeFirst | Turns:
    """The search of a cell game (``cells.make_search``), its first phase in C when it can be
    (``NativeFirst``)."""
    search = c_search()
    if search is None:
        return python_search(variant, positions, deadline, cancelled)
    return NativeFirst(variant, positions, deadline, cancelled, search)
