"""Lady Jane's searches in C (``game.solver._alternate``, built by ``setup.py``).

``_alternate`` is ``alternate_stock.LadyJaneStock``'s search (``dead_test`` and ``twins`` on,
as ``make_search`` runs it) written in C, position for position, under both drivers that take
turns in ``make_search``: the depth-first one (``compact.DepthFirst``: ``NativeLadyJane``) and
the beam (``compact.Beam``: ``NativeBeam``): the same children in the same order, the same
positions stored and expanded, the same budget polling (the tests compare them). They take
the Python searches' places in ``compact.Turns``, which shares by positions stored, so
``solve`` gives the same answers, positions and lines as before, seven to eight times sooner
per position (``benchmarks/lady_jane_c.py``). The C searches name a win by the index of each
child taken in the Python search's ``children``; the line is those children's moves, replayed
here through the Python search, so its moves and foundation piles are the Python search's own.

Without the C module (not built, stale, or ``SOLITAIRE_PURE_PYTHON``), with the pruning off,
and for Aunt Mary, ``make_search`` gives ``alternate_stock.make_search``'s searches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.engine.state import State
from game.solver import native
from game.solver.alternate import Kid
from game.solver.alternate_rules import OPPOSITE, Rules
from game.solver.alternate_stock import BEAM_WIDTHS, EVEN_UNTIL, LATER_TURNS, TURN, LadyJaneStock
from game.solver.alternate_stock import make_search as python_search
from game.solver.compact import Turns
from game.solver.lost_marks import carried
from game.variants.base import RawMove, Variant

NONE = 255
"""No card (``_alternate``'s tables take bytes)."""


class _Module(Protocol):
    """``game.solver._alternate`` (its functions' documentation has the arguments)."""

    def new(
        self,
        fits: bytes,
        place: bytes,
        parents: bytes,
        mate: bytes,
        fills: bytes,
        next_home: bytes,
        opposite: bytes,
        tableau: tuple[bytes, ...],
        found: bytes,
        side: tuple[bytes, ...],
        down: int,
        redeals: int,
        reserve_weight: int,
        marks: object | None = None,
        /,
    ) -> object: ...

    def marks(self) -> object: ...

    def marks_count(self, marks: object, /) -> int: ...

    def resume(
        self,
        search: object,
        pause_at: int,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        /,
    ) -> tuple[str, list[int] | None]: ...

    def counts(self, search: object, /) -> tuple[int, int]: ...

    def beam(
        self,
        fits: bytes,
        place: bytes,
        parents: bytes,
        mate: bytes,
        fills: bytes,
        next_home: bytes,
        opposite: bytes,
        tableau: tuple[bytes, ...],
        found: bytes,
        side: tuple[bytes, ...],
        down: int,
        redeals: int,
        reserve_weight: int,
        widths: tuple[int, ...],
        /,
    ) -> object: ...

    def beam_resume(
        self,
        beam: object,
        pause_at: int,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        /,
    ) -> tuple[str, list[int] | None]: ...

    def beam_counts(self, beam: object, /) -> tuple[int, int]: ...


def in_c() -> bool:
    """Whether Lady Jane's depth-first search runs in C here (``game.solver.native.c_built``)."""
    return native.c_built("_alternate")


def c_module() -> _Module | None:
    """``_alternate``, when it can be used (``in_c``); ``None`` otherwise."""
    if not in_c():
        return None
    import game.solver._alternate as written_in_c

    found: _Module = written_in_c
    return found


Tables = tuple[bytes, bytes, bytes, bytes, bytes, bytes, bytes]


def tables(rules: Rules) -> Tables:
    """``rules`` as ``_alternate.new`` takes them: fits, place, parents, mate, fills, next_home,
    opposite."""
    parents = bytes(p for ps in rules.parents for p in (*ps, NONE, NONE)[:2])
    next_home = bytes(NONE if c < 0 else c for suit in rules.next_home for c in suit)
    opposite = bytes(t for pair in OPPOSITE for t in pair)
    fills = bytes(map(bool, rules.fills))
    return rules.fits, rules.place, parents, rules.mate, fills, next_home, opposite


class _Stored:
    """The positions a search in C stored, as ``len`` gives them."""

    def __init__(self, search: NativeLadyJane) -> None:
        self.search = search

    def __len__(self) -> int:
        return self.search.counts()[0]


class NativeLadyJane:
    """``LadyJaneStock``'s depth-first search run in C (a ``compact.Resumable``), the same
    positions in the same order; ``python`` is the Python search it mirrors, which gives the
    root and replays a win's line."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        module: _Module,
        *,
        carry: bool = False,
    ) -> None:
        self.python = LadyJaneStock(variant, positions, deadline, cancelled)
        self.carry = carry
        """Whether the search marks what it proves lost and starts from the marks carried in,
        inside ``carry.carry_over`` (``LadyJaneStock.carry``)."""
        self.positions = positions
        self.deadline = deadline
        self.cancelled = cancelled
        self.module = module
        self.handle: Any = None
        self.root: Kid | None = None
        self.seen = _Stored(self)
        self.exhausted = False
        """Whether the search ended without a win: a proof that none exists."""
        self.stopped = False
        """Whether the budget of time or positions (or a cancel) stopped the search."""

    def counts(self) -> tuple[int, int]:
        """The positions stored and expanded so far."""
        return (0, 0) if self.handle is None else self.module.counts(self.handle)

    @property
    def expanded(self) -> int:
        """The positions expanded so far (``compact.DepthFirst.expanded``)."""
        return self.counts()[1]

    def begin(self, state: State) -> list[RawMove] | None:
        """Set the search up at ``state``; a winning line if it is won already."""
        ((node, line, homes),) = self.python.roots(state)
        self.root = (node, line, homes)
        if self.python.won(node):
            return line
        tab, found, side, down, redeals = node
        weight = self.python.reserve_weight
        rules = tables(self.python.rules)
        marks = carried(state.base_rank, side[0], self.positions) if self.carry else None
        table = None if marks is None else marks.table(self.module)
        self.handle = self.module.new(*rules, tab, bytes(found), side, down, redeals, weight, table)
        return None

    def resume(self, pause_at: int) -> list[RawMove] | None:
        """Search on until a win (its line), the end (``exhausted``), the budget (``stopped``),
        or ``pause_at`` positions stored (``compact.DepthFirst.resume``)."""
        if self.handle is None:
            raise RuntimeError("resume before begin, or after a won root")
        budget = (self.positions, self.deadline, self.cancelled)
        outcome, path = self.module.resume(self.handle, pause_at, *budget)
        self.exhausted = self.exhausted or outcome == "exhausted"  # once set, as DepthFirst keeps them
        self.stopped = self.stopped or outcome == "stopped"
        return None if path is None else self.line(path)

    def run(self, state: State) -> list[RawMove] | None:
        """A winning line of engine moves, or ``None`` (see ``exhausted`` and ``stopped``)."""
        line = self.begin(state)
        if line is None and not self.exhausted:
            line = self.resume(self.positions)
        return line

    def line(self, path: list[int]) -> list[RawMove]:
        """The moves from the root through the child of each index of ``path`` in turn."""
        assert self.root is not None
        node, line, homes = self.root
        out = list(line)
        for index in path:
            node, moves, homes = self.python.children(node, homes)[index]
            out += moves
        return out


class NativeBeam(NativeLadyJane):
    """``compact.Beam`` over ``LadyJaneStock``'s search, run in C: the same widths, passes,
    positions and order (a ``compact.Resumable``; ``exhausted`` stays false: a beam proves
    nothing)."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        module: _Module,
        widths: tuple[int, ...],
    ) -> None:
        super().__init__(variant, positions, deadline, cancelled, module)
        self.widths = widths

    def counts(self) -> tuple[int, int]:
        """The positions stored by every pass so far, and expanded by this pass."""
        return (0, 0) if self.handle is None else self.module.beam_counts(self.handle)

    def begin(self, state: State) -> list[RawMove] | None:
        """Set the first pass up at ``state``; a winning line if it is won already."""
        ((node, line, homes),) = self.python.roots(state)
        self.root = (node, line, homes)
        if self.python.won(node):
            return line
        tab, found, side, down, redeals = node
        rules = tables(self.python.rules)
        weight = self.python.reserve_weight
        self.handle = self.module.beam(*rules, tab, bytes(found), side, down, redeals, weight, self.widths)
        return None

    def resume(self, pause_at: int) -> list[RawMove] | None:
        """Search on until a win (its line), the budget (``stopped``), the last pass's end, or
        ``pause_at`` positions stored (``compact.Beam.resume``)."""
        if self.handle is None:
            raise RuntimeError("resume before begin, or after a won root")
        budget = (self.positions, self.deadline, self.cancelled)
        outcome, path = self.module.beam_resume(self.handle, pause_at, *budget)
        self.stopped = self.stopped or outcome == "stopped"
        return None if path is None else self.line(path)


def make_search(
    variant: Variant,
    positions: int,
    deadline: float,
    cancelled: Callable[[], bool],
    *,
    lady_jane: bool,
    dead_test: bool = True,
    twins: bool = True,
) -> Turns:
    """``alternate_stock.make_search``'s searches, Lady Jane's depth-first one in C when it can
    be (``in_c``; only with the pruning on, as the game runs it)."""
    module = c_module()
    if module is None or not (lady_jane and dead_test and twins):
        return python_search(
            variant, positions, deadline, cancelled, lady_jane=lady_jane, dead_test=dead_test, twins=twins
        )

    first = NativeLadyJane(variant, positions, deadline, cancelled, module, carry=True)
    beam = NativeBeam(variant, positions, deadline, cancelled, module, BEAM_WIDTHS)
    # The same turns as alternate_stock.make_search gives Lady Jane.
    return Turns([first, beam], [TURN, TURN], positions, (EVEN_UNTIL, LATER_TURNS))
