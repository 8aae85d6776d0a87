"""What the compact searches share (``cells``, ``alternate``, ``kansas``): the depth-first
driver, searches that take turns, and winning lines given as the table plays them."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence, Sized
from typing import Any, Final, Generic, Protocol, TypeVar

from game.engine.state import State
from game.variants.base import RawMove, Variant

POLL: Final = 64
"""Positions expanded between two looks at the clock and at ``cancelled``."""

N = TypeVar("N")

Kid = tuple[N, list[RawMove], list[int]]
"""A position one move away: the position, the engine moves that reach it, and the engine
foundation pile of each suit (-1: none yet)."""


class DepthFirst(Generic[N]):
    """The depth-first driver of a compact search, most promising child first.

    A subclass gives the positions (``roots``, ``children``, ``won``), their order (``score``)
    and the table of positions seen (``seen`` and ``admit``). Every position is expanded at
    most once, so a search that ends without a win has seen every position its pruning keeps:
    a proof that none wins. The search can stop after a number of positions and go on later
    (``resume``), which lets several searches take turns (``Turns``).
    """

    def __init__(self, positions: int, deadline: float, cancelled: Callable[[], bool]) -> None:
        self.seen: dict[bytes, int] = {}
        """The key of each position stored so far, with a number a subclass may keep there (how
        well placed the position was when seen; 0 where nothing is kept)."""
        self.positions = positions
        self.deadline = deadline
        self.cancelled = cancelled
        self.exhausted = False
        """Whether the search ended without a win: a proof that none exists."""
        self.stopped = False
        """Whether the budget of time or positions (or a cancel) stopped the search."""
        # The path of the search: per depth, the children still to try (best last), and the
        # moves that led there.
        self.todo: list[list[tuple[int, N, list[RawMove], list[int]]]] = []
        self.taken: list[list[RawMove]] = []
        self.expanded = 0
        self.marking = False
        """Whether the search marks the positions it proves lost as it goes (``opened`` and
        ``closed``: see ``lost_marks``)."""

    # ---------------------------------------------------------- what a subclass gives

    def roots(self, state: State) -> list[Kid[N]]:
        """The positions the search starts from (``state`` settled), with their moves."""
        raise NotImplementedError

    def children(self, node: N, homes: list[int]) -> list[Kid[N]]:
        """Every move from ``node`` the pruning keeps."""
        raise NotImplementedError

    def won(self, node: N) -> bool:
        """Whether every card of ``node`` is home."""
        raise NotImplementedError

    def admit(self, node: N) -> bool:
        """Record ``node`` as seen; whether it is worth searching (new, and not lost)."""
        raise NotImplementedError

    def fresh(self, node: N, homes: list[int]) -> list[Kid[N]]:
        """The children of ``node`` that ``admit`` takes (each now recorded): a subclass may
        make this cheaper than making every child first."""
        return [kid for kid in self.children(node, homes) if self.admit(kid[0])]

    def score(self, node: N) -> int:
        """Lower is more promising."""
        raise NotImplementedError

    def worth(self, node: N) -> bool:
        """Whether ``node``, about to be expanded, is still worth it: a subclass may put a
        dearer test here than in ``admit``, paid only by the positions the search reaches."""
        return True

    def opened(self, node: N) -> None:
        """With ``marking``: ``node`` is about to be expanded."""

    def closed(self) -> None:
        """With ``marking``: every child of the last position expanded and still on the path has
        been searched, without a win."""

    # ------------------------------------------------------------------- the search

    def run(self, state: State) -> list[RawMove] | None:
        """A winning line of engine moves, or ``None`` (see ``exhausted`` and ``stopped``)."""
        line = self.begin(state)
        if line is None and not self.exhausted:
            line = self.resume(self.positions)
        return line

    def begin(self, state: State) -> list[RawMove] | None:
        """Set the search up at ``state``; a winning line if it is won already."""
        roots = self.roots(state)
        for node, line, _ in roots:
            if self.won(node):
                return line
        self.todo = [self._ranked(roots)]
        self.taken = [[]]
        return None

    def resume(self, pause_at: int) -> list[RawMove] | None:
        """Search on from where the last call stopped until a win (its line), the end
        (``exhausted``), the budget (``stopped``), or ``pause_at`` positions seen."""
        todo, taken, seen = self.todo, self.taken, self.seen
        while todo:
            kids = todo[-1]
            if not kids:
                if self.marking:
                    self.closed()
                todo.pop()
                taken.pop()
                continue
            if len(seen) >= pause_at:
                return None
            _, child, moves, homes = kids.pop()
            if self.won(child):
                return [m for step in taken for m in step] + moves
            if not self.worth(child):
                continue
            self.expanded += 1
            if self.expanded % POLL == 0 and self._out_of_budget():
                self.stopped = True
                return None
            if self.marking:
                self.opened(child)
            todo.append(self._ordered(self.fresh(child, homes)))
            taken.append(moves)
        self.exhausted = True
        return None

    def _ranked(self, kids: list[Kid[N]]) -> list[tuple[int, N, list[RawMove], list[int]]]:
        """The positions of ``kids`` worth searching, marked seen, the most promising last."""
        return self._ordered([kid for kid in kids if self.admit(kid[0])])

    def _ordered(self, kids: list[Kid[N]]) -> list[tuple[int, N, list[RawMove], list[int]]]:
        """``kids`` with their scores, the most promising last (a lone child needs no score)."""
        if len(kids) == 1:
            node, line, homes = kids[0]
            return [(0, node, line, homes)]
        ranked = [(self.score(node), node, line, homes) for node, line, homes in kids]
        if len(ranked) > 1:
            ranked.sort(key=_score_of, reverse=True)  # stable: equal scores keep their order
        return ranked

    def _out_of_budget(self) -> bool:
        return len(self.seen) >= self.positions or time.monotonic() > self.deadline or self.cancelled()


def _score_of(kid: tuple[int, Any, list[RawMove], list[int]]) -> int:
    return kid[0]


LOST: Final = -1
"""A stored position's mark (``Closures.mark``): proved lost."""


class Closures:
    """The positions a depth-first search has proved lost so far, found as it goes (Tarjan's
    strongly connected components, over a search that stores children before it expands
    them): the search tells it each key it stores (``stored``) or meets again (``met``), each
    position it expands (``opened``), and the end of each position's children (``closed``).

    Every position expanded gets a number and is open until closed. A position stored and not
    yet expanded leans on its parent's number (it will be searched while its parent is on the
    path); one expanded leans on its own. A position whose children are all searched, without
    a win, is closed: if its search met nothing older still open, it and every position
    expanded after it still open lead only to positions searched to the end, none won, so
    they are lost, marked, and added to ``marks``; otherwise they stay open and its parent
    leans on the oldest it met. (A position met again may also have been proved lost: then
    nothing leans on it.)"""

    def __init__(self, marks: set[bytes]) -> None:
        self.marks = marks
        """The keys proved lost: carried in, and added to."""
        self.mark: dict[bytes, int] = {}
        """Per key stored: ``LOST``, or the number of the position it leans on."""
        self.open: list[bytes] = []
        """The keys of the positions expanded and not yet closed."""
        self.levels: list[list[int]] = [[0, 0, 0]]
        """Per position on the path (after the roots' level): its number, the lowest number its
        search met still open, and where its run of ``open`` begins."""
        self.numbered = 0

    def stored(self, key: bytes, searched: bool) -> None:
        """``key`` stored: to be searched from the position expanding now, or lost (dead, or
        among the marks carried in)."""
        self.mark[key] = self.levels[-1][0] if searched else LOST

    def met(self, key: bytes) -> None:
        """``key`` met again: unless lost, the position expanding now leans on it."""
        leans = self.mark[key]
        level = self.levels[-1]
        if leans != LOST and leans < level[1]:
            level[1] = leans

    def opened(self, key: bytes) -> None:
        """``key``'s position is about to be expanded: it gets the next number, and is open."""
        self.numbered += 1
        self.mark[key] = self.numbered
        self.open.append(key)
        self.levels.append([self.numbered, self.numbered, len(self.open) - 1])

    def closed(self) -> None:
        """The last position expanded on the path has had all its children searched, without a
        win."""
        if len(self.levels) < 2:
            return
        number, low, start = self.levels.pop()
        if low < number:
            above = self.levels[-1]
            above[1] = min(above[1], low)
            return
        for key in self.open[start:]:
            self.mark[key] = LOST
            self.marks.add(key)
        del self.open[start:]


Trail = tuple[list[RawMove], Any] | None  # Any: the trail before (mypyc takes no recursive alias)
"""The moves from the root to a position: its last step's moves and the trail before them
(positions on one path share their trails' beginnings)."""


def line_of(trail: Trail) -> list[RawMove]:
    """The engine moves of ``trail``, from the root."""
    steps: list[list[RawMove]] = []
    while trail is not None:
        steps.append(trail[0])
        trail = trail[1]
    return [m for step in reversed(steps) for m in step]


class _Tally:
    """The positions a beam search stored, over all its passes."""

    def __init__(self, beam: Beam[Any]) -> None:
        self.beam = beam

    def __len__(self) -> int:
        return self.beam.earlier + len(self.beam.search.seen)


class Beam(Generic[N]):
    """A beam search for a win: wins only, never a proof (``exhausted`` stays false).

    It keeps the ``width`` most promising positions of each depth (by the search's ``score``)
    and expands them all before going deeper, with the moves, pruning and table of positions
    seen of a fresh ``DepthFirst`` from ``make``. Where a depth-first search can spend its
    whole budget under one early wrong move, the beam weighs every branch at every depth:
    it wins many deals the depth-first searches cannot within their budget (see
    ``alternate_stock``). When a pass dies out (every position it kept was seen before or has
    no move) it starts again with the next of ``widths``, and after the last it stops.
    """

    def __init__(self, make: Callable[[], DepthFirst[N]], widths: Sequence[int]) -> None:
        self.make = make
        self.widths = list(widths)
        self.search = make()
        self.seen = _Tally(self)
        self.earlier = 0
        """Positions stored by the passes before this one."""
        self.exhausted = False
        self.stopped = False
        self.state: State | None = None
        self.frontier: list[tuple[int, N, Trail, list[int]]] = []
        self.deeper: list[tuple[int, N, Trail, list[int]]] = []
        self.at = 0

    def begin(self, state: State) -> list[RawMove] | None:
        """Set the first pass up at ``state``; a winning line if it is won already."""
        self.state = state
        return self._pass()

    def _pass(self) -> list[RawMove] | None:
        search = self.search
        assert self.state is not None
        roots = search.roots(self.state)
        for node, line, _ in roots:
            if search.won(node):
                return line
        self.frontier = [(search.score(n), n, (line, None), h) for n, line, h in roots if search.admit(n)]
        self.deeper = []
        self.at = 0
        return None

    def resume(self, pause_at: int) -> list[RawMove] | None:
        """Search on until a win (its line), the budget (``stopped``), the last pass's end, or
        ``pause_at`` positions stored."""
        while True:
            if self.at == len(self.frontier) and not self._next_depth():
                return None
            if len(self.seen) >= pause_at:
                return None
            search = self.search
            _, node, trail, homes = self.frontier[self.at]
            self.at += 1
            search.expanded += 1
            if search.expanded % POLL == 0 and search._out_of_budget():
                self.stopped = True
                return None
            for child, moves, child_homes in search.children(node, homes):
                if search.won(child):
                    return line_of((moves, trail))
                if search.admit(child):
                    self.deeper.append((search.score(child), child, (moves, trail), child_homes))

    def _next_depth(self) -> bool:
        """Go one depth deeper, or start the next pass; whether there is anything to expand."""
        while not self.deeper:
            if not self.widths[1:]:
                return False
            self.widths.pop(0)
            self.earlier += len(self.search.seen)
            self.search = self.make()
            self._pass()  # never won at the root: the first pass's ``begin`` would have said so
            if self.frontier:
                return True
        self.deeper.sort(key=lambda kid: kid[0])
        self.frontier = self.deeper[: self.widths[0]]
        self.deeper = []
        self.at = 0
        return True


class Resumable(Protocol):
    """A search that can stop after a number of positions and go on later (a ``DepthFirst``
    search, or a ``Beam``)."""

    @property
    def seen(self) -> Sized:
        """The positions stored so far."""

    @property
    def exhausted(self) -> bool:
        """Whether the search ended without a win: a proof that none exists."""

    @property
    def stopped(self) -> bool:
        """Whether the budget of time (or a cancel) stopped the search."""

    def begin(self, state: State) -> list[RawMove] | None: ...

    def resume(self, pause_at: int) -> list[RawMove] | None: ...


class _Stored:
    """The positions stored by several searches, counted together."""

    def __init__(self, searches: Sequence[Resumable]) -> None:
        self.searches = searches

    def __len__(self) -> int:
        return sum(len(s.seen) for s in self.searches)


class Turns:
    """Searches of one position that take turns, ``turns[i]`` new positions for the i-th, until
    one decides: a win (its line), or the end of a depth-first search without one (a proof:
    each keeps every win; a beam's end is none). The budget of positions is shared, and taking
    turns by positions keeps the answer the same on every run for a positions-only budget.

    With ``later``, the turns become ``later[1]`` once ``later[0]`` positions are stored: a
    search that finds most of its wins early can hand most of the rest to another. ``schedule``
    gives more such changes, each ``(stored, turns)`` in the order of ``stored`` (a turn of 0
    leaves a search out until the next change); ``later`` is one more at its place."""

    def __init__(
        self,
        searches: Sequence[Resumable],
        turns: Sequence[int],
        positions: int,
        later: tuple[int, Sequence[int]] | None = None,
        schedule: Sequence[tuple[int, Sequence[int]]] = (),
    ) -> None:
        self.searches = tuple(searches)
        self.turns = tuple(turns)
        self.positions = positions
        changes = list(schedule) + ([later] if later is not None else [])
        self.schedule = sorted(((at, tuple(t)) for at, t in changes), key=lambda change: change[0])
        self.seen = _Stored(self.searches)
        self.exhausted = False

    def _turns_now(self) -> tuple[int, ...]:
        """Each search's turn at the positions stored so far."""
        turns = self.turns
        stored = len(self.seen)
        for at, later in self.schedule:
            if stored < at:
                break
            turns = later
        return turns

    def run(self, state: State) -> list[RawMove] | None:
        """A winning line of engine moves, or ``None`` (``exhausted``: no win exists)."""
        for search in self.searches:
            line = search.begin(state)
            if line is not None or search.exhausted:
                self.exhausted = search.exhausted
                return line
        while True:
            turns = self._turns_now()
            for search, turn in zip(self.searches, turns, strict=True):
                if not turn:
                    continue
                stored = len(self.seen)
                if stored >= self.positions:
                    return None
                line = search.resume(len(search.seen) + min(turn, self.positions - stored))
                if line is not None or search.exhausted or search.stopped:
                    self.exhausted = search.exhausted
                    return line


def as_played(variant: Variant, state: State, line: Sequence[RawMove]) -> list[RawMove]:
    """``line`` as the table plays it (``at_table``), or ``line`` itself when that does not
    win, so a player who follows the hints meets the positions of the line whenever it can be
    done."""
    played = at_table(variant, state, line, opening=False)
    return list(line) if played is None else played


def at_table(
    variant: Variant, state: State, line: Sequence[RawMove], *, opening: bool = True
) -> list[RawMove] | None:
    """``line`` as the table plays it with automatic moves on: each move followed by the
    automatic moves of rules.md (which send home some cards a search may keep out where they
    could still be needed), the line's own later moves of those cards home left out; ``None``
    when that does not win. ``opening``: the automatic moves already due at ``state`` come
    first (the table makes them as it deals).

    The line it gives is its own replay through the engine: each of ``line``'s moves is checked
    against ``variant.legal`` where it is played, the automatic moves are ``variant.auto``'s,
    every move is made by ``variant.apply``, and the last position is won."""
    out: list[RawMove] = []
    played, ref = state, state
    early: set[int] = set()
    while opening and (autos := variant.auto(played)):
        early.add(played.piles[autos[0][0]][-1])
        played = variant.apply(played, autos[0])
        out.append(autos[0])
    for move in line:
        moving = ref.piles[move[0]][-move[2] :] if move[0] >= 0 else ()
        ref = variant.apply(ref, move)
        if move[2] == 1 and moving and moving[0] in early and move[1] in variant.foundations:
            early.discard(moving[0])
            continue
        if move not in variant.legal(played) or played.piles[move[0]][-move[2] :] != moving:
            return None
        kept_out = variant.taken_home_card(played, move)
        played = variant.apply(played, move)
        out.append(move)
        while autos := variant.auto_after(played, kept_out):
            early.add(played.piles[autos[0][0]][-1])
            played = variant.apply(played, autos[0])
            out.append(autos[0])
    return out if variant.is_won(played) and not early else None
