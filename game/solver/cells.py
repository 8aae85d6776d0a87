"""A fast exhaustive solver for the games with reserve cells built by suit (Baker's Game, Seahaven).

Positions are held compactly (each tableau pile a ``bytes`` of cards, the cells a tuple, the
foundations one rank per suit) and moves are generated here from the same rules as the
variant's (rules.md BG-3…BG-7, SH-3…SH-8): a group moves if it is a same-suit build no longer
than the empty cells plus one; an empty tableau pile takes a King or a build starting with
one; a tableau top goes to an empty cell; a cell's card goes onto the tableau. The caller
replays every winning line through the engine, so a slip here could only cost a win, never
produce an illegal line.

Pruning that provably keeps every win:

* every card that can go home goes at once (building is by suit, so nothing could ever need
  to be placed on it), and a foundation card never comes back;
* of several empty cells or empty tableau piles only one is tried, and a whole pile starting
  with a King never moves to an empty pile (both only relabel piles);
* once every King still out lies at the bottom of a tableau pile, no empty pile can ever be
  of use (``kings_placed``), and then a *settled* pile (a King with the cards of its suit
  below it in order on top) only ever gives up cards to the foundations: each of its cards
  has one possible parent, the card it lies on, so a cell could only hold it for nothing;
  and a card that can join a settled pile (with the cards on it) does so as the only move
  tried, since there it keeps every use it had (``_onto_settled`` gives the argument);
* a cell's card goes onto its parent (same suit, one rank up) as soon as that is a pile's top
  (``_gather``): it can always go back to a cell, and with it there every move of the position
  before is matched (its parent moving with it needs one cell more, the very one it left);
  so a natural run on top of a pile (each card on its parent) goes to the cells whole or not
  at all (``_run_to_cells``): part of it would come straight back. Proofs and wins alike take
  far fewer positions (Seahaven deal 34 lost in 11,222 against 145,832);
* positions that differ only by the order of the tableau piles or the cells share one key
  (the foundations follow from the cards still on the table).

The search is depth-first with the children of each position tried most promising first; a
position is expanded at most once, so when the search ends without a win every reachable
position was seen: a proof that none wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from game.engine.cards import KING, RANK, SUIT
from game.engine.state import State
from game.solver.compact import Beam, DepthFirst, Kid, Turns
from game.variants.base import Build, Kind, RawMove, Variant

_RANK: Final = RANK
_SUIT: Final = SUIT
"""Each card's rank and suit, as constants of this compiled module (read without a look-up in
its globals)."""


# Each card's place in the tableau: the card it may be placed on (same suit, one rank up).
_PARENT: Final = tuple(c + 1 if _RANK[c] < KING else -1 for c in range(52))
_IS_KING: Final = tuple(_RANK[c] == KING for c in range(52))

Tab = tuple[bytes, ...]
Cells = tuple[int, ...]
Found = tuple[int, ...]
Node = tuple[Tab, Cells, Found]
Seen = dict[bytes, int] | None
"""The search's table of positions seen, where only new children are wanted (``fresh``)."""

EMPTY: Final = 255
"""An empty cell (cards are 0…51)."""


def _key(tab: list[bytes], cell_key: bytes) -> bytes:
    """The key of a position with tableau ``tab`` and sorted cells ``cell_key``: the piles that
    are not empty, separated by 255 (no card), those with a King at the bottom sorted after the
    others, which keep their places; then the cells.

    Equal keys mean the same piles and cells up to order (the cells are last and as many in
    every position), so one key per position is sound whatever the piles' order. It is also
    the same for every order of the piles that play gives one position: only a King can enter
    an empty pile, so a pile with another card at the bottom never changes place. Sorting
    only the few piles that can is cheaper than sorting them all."""
    parts: list[bytes] = []
    loose: list[bytes] = []
    for pile in tab:
        if len(pile):
            if _IS_KING[pile[0]]:
                loose.append(pile)
            else:
                parts.append(pile)
    if len(loose) > 1:
        loose.sort()
    parts.extend(loose)
    parts.append(cell_key)
    return b"\xff".join(parts)


def supported(variant: Variant, state: State) -> bool:
    """Whether this solver handles ``state``: a suit-built cell game, all cards face up, 52 cards."""
    if variant.build is not Build.SUIT or not variant.cells or variant.stock >= 0 or variant.reserves:
        return False
    if variant.wrap or variant.dealt_base or not variant.group_limit_by_cells:
        return False
    if any(state.hidden) or state.card_count() != 52:
        return False
    if any(len(state.piles[c]) > 1 for c in variant.cells):
        return False
    for f in variant.foundations:
        pile = state.piles[f]
        if pile and any(pile[i] != pile[0] + i or _RANK[pile[0]] != 1 for i in range(len(pile))):
            return False
    tableau = variant.tableau
    if (
        tableau != tuple(range(tableau[0], tableau[0] + len(tableau)))
        or tableau[-1] != len(variant.kinds) - 1
    ):
        return False
    return all(k in (Kind.TABLEAU, Kind.CELL, Kind.FOUNDATION) for k in variant.kinds)


class CellSearch(DepthFirst[Node]):
    """One depth-first search over one position of a cell game."""

    def __init__(
        self,
        variant: Variant,
        positions: int,
        deadline: float,
        cancelled: Callable[[], bool],
        buried_weight: int = 0,
        gather: bool = True,
    ) -> None:
        super().__init__(positions, deadline, cancelled)
        self.gather = gather
        """Whether a cell's card goes onto its parent as soon as that is a pile's top
        (``settle``), and a natural run leaves for the cells whole (``children``)."""
        self.buried_weight = buried_weight
        """Weight in ``score`` of the cards lying on the next card of each suit to go home."""
        self.tab_index = variant.tableau
        self.cell_index = variant.cells
        self.found_index = variant.foundations
        self.info: dict[bytes, int] = {}
        """Each pile met so far: its disorder (``_disorder``) times 4, plus 2 if a King lies
        above its bottom card, plus 1 if it is settled (``settled``); one look-up for all three."""
        # The tableau's engine indices are consecutive (checked by ``supported``).
        self.tab_base = variant.tableau[0]

    # ---------------------------------------------------------------- positions

    def start(self, state: State) -> tuple[Node, list[int]]:
        """The compact form of ``state`` and each suit's foundation pile (-1: none yet)."""
        piles = state.piles
        tab = tuple(bytes(piles[t]) for t in self.tab_index)
        cells = tuple(piles[c][0] if piles[c] else EMPTY for c in self.cell_index)
        found = [0, 0, 0, 0]
        home_pile = [-1, -1, -1, -1]
        for f in self.found_index:
            pile = piles[f]
            if pile:
                found[_SUIT[pile[0]]] = len(pile)
                home_pile[_SUIT[pile[0]]] = f
        return (tab, cells, tuple(found)), home_pile

    @staticmethod
    def key(tab: Tab, cells: Cells) -> bytes:
        """The same for every position that differs from ``node`` only by the order of its cells
        or of its tableau piles (``_key``)."""
        return _key(list(tab), bytes(sorted(cells)))

    def settle(self, tab: Tab, cells: Cells, found: Found, line: list[RawMove], homes: list[int]) -> Node:
        """Send home every card that can go, one at a time, adding the moves to ``line``."""
        t = list(tab)
        c = list(cells)
        f = list(found)
        moved = True
        while moved:
            moved = False
            for i in range(len(t)):
                pile = t[i]
                n = m = len(pile)
                while m:
                    card = pile[m - 1]
                    suit = _SUIT[card]
                    if f[suit] != _RANK[card] - 1:
                        break
                    line.append((self.tab_index[i], self._home(suit, homes), 1))
                    f[suit] += 1
                    m -= 1
                if m != n:
                    t[i] = pile[:m]
                    moved = True
            held = 0
            for j in range(len(c)):
                card = c[j]
                if card == EMPTY:
                    continue
                if f[_SUIT[card]] == _RANK[card] - 1:
                    line.append((self.cell_index[j], self._home(_SUIT[card], homes), 1))
                    f[_SUIT[card]] += 1
                    c[j] = EMPTY
                    moved = True
                else:
                    held += 1
            if held and self.gather and self._gather(t, c, line):
                moved = True
        return tuple(t), tuple(c), tuple(f)

    def _gather(self, t: list[bytes], c: list[int], line: list[RawMove]) -> bool:
        """Put each cell's card whose parent is a pile's top onto it (in ``t`` and ``c``, the
        moves added to ``line``); whether any moved.

        This keeps every win: the card can always go back to a cell in one move, and from
        the position with it on its parent, every move of the position before is matched (the
        parent moving with it needs one cell more, which the card leaves free; the parent
        going to a cell is the whole run going to the cells, see ``children``)."""
        moved = False
        for j in range(len(c)):
            card = c[j]
            if card == EMPTY:
                continue
            parent = _PARENT[card]
            if parent < 0:
                continue
            for i in range(len(t)):
                pile = t[i]
                if pile and pile[-1] == parent:
                    line.append((self.cell_index[j], self.tab_index[i], 1))
                    t[i] = pile + bytes((card,))
                    c[j] = EMPTY
                    moved = True
                    break
        return moved

    def _home(self, suit: int, homes: list[int]) -> int:
        if homes[suit] < 0:
            used = set(homes)
            homes[suit] = next(f for f in self.found_index if f not in used)
        return homes[suit]

    # -------------------------------------------------------------------- moves

    def children(self, node: Node, homes: list[int]) -> list[Kid[Node]]:
        """Every pruned move from ``node``: (child, engine moves, foundation piles)."""
        return self._moves(node, homes, None)

    def fresh(self, node: Node, homes: list[int]) -> list[Kid[Node]]:
        """The children of ``node`` not seen before, each now recorded as seen: as ``children``
        filtered by ``admit``, but the key of a child is made before the child itself, which
        then is made only when it is new (most children were seen before)."""
        return self._moves(node, homes, self.seen)

    def _moves(self, node: Node, homes: list[int], seen: Seen) -> list[Kid[Node]]:
        """``children``, or with ``seen`` only those whose keys it lacks, added to it."""
        tab, cells, found = node
        tops = [-1] * 53  # each top card's pile; the last place answers for "no parent" (-1)
        empty_pile = -1
        kings_placed = not any(c != EMPTY and _IS_KING[c] for c in cells)
        settled = [False] * len(tab)
        for i, pile in enumerate(tab):
            if len(pile):
                tops[pile[-1]] = i
                if kings_placed:
                    info = self._info(pile)
                    if info & 2:
                        kings_placed = False
                    settled[i] = bool(info & 1)
            elif empty_pile < 0:
                empty_pile = i
        free = cells.count(EMPTY)
        empty_cell = cells.index(EMPTY) if free else -1
        limit = free + 1
        tix, cix = self.tab_index, self.cell_index
        cell_key = bytes(sorted(cells))
        out: list[Kid[Node]] = []
        if kings_placed and self._onto_settled(node, limit, homes, cell_key, seen, out):
            return out
        for i, pile in enumerate(tab):
            n = len(pile)
            if not n:
                continue
            j, k = n - 1, 1
            while True:
                card = pile[j]
                parent = _PARENT[card]
                if parent >= 0:
                    d = tops[parent]
                    if d >= 0:
                        t = list(tab)
                        t[d] = tab[d] + pile[j:]
                        t[i] = pile[:j]
                        self._child(t, cells, cell_key, found, (tix[i], tix[d], k), homes, seen, out)
                elif empty_pile >= 0 and j > 0:
                    t = list(tab)
                    t[empty_pile] = pile[j:]
                    t[i] = pile[:j]
                    self._child(t, cells, cell_key, found, (tix[i], tix[empty_pile], k), homes, seen, out)
                if k >= limit or j == 0 or pile[j - 1] != parent:
                    break
                j -= 1
                k += 1
            if free and not (kings_placed and settled[i]):
                if self.gather:
                    self._run_to_cells(tab, cells, found, i, homes, tops, free, seen, out)
                else:
                    t = list(tab)
                    t[i] = pile[:-1]
                    c = list(cells)
                    c[empty_cell] = pile[-1]
                    cc = tuple(c)
                    self._child(
                        t, cc, bytes(sorted(cc)), found, (tix[i], cix[empty_cell], 1), homes, seen, out
                    )
        for j, card in enumerate(cells):
            if card == EMPTY:
                continue
            parent = _PARENT[card]
            d = tops[parent] if parent >= 0 else (empty_pile if _IS_KING[card] else -1)
            if d >= 0:
                t = list(tab)
                t[d] = tab[d] + bytes((card,))
                c = list(cells)
                c[j] = EMPTY
                cc = tuple(c)
                self._child(t, cc, bytes(sorted(cc)), found, (cix[j], tix[d], 1), homes, seen, out)
        return out

    def _run_to_cells(
        self,
        tab: Tab,
        cells: Cells,
        found: Found,
        i: int,
        homes: list[int],
        tops: list[int],
        free: int,
        seen: Seen,
        out: list[Kid[Node]],
    ) -> None:
        """Pile ``i``'s natural run on top (each card on its parent) moved to the cells, one
        card at a time from the top, if the ``free`` cells are enough; then ``settle`` where a
        card can go home or onto a top (``tops``: each pile's top card and its pile). The
        child goes to ``out`` (with ``seen``: if new, see ``_add``).

        With ``gather``, moving only part of the run is no move at all: the top card left
        would be the parent of the cell card above it, which goes straight back."""
        pile = tab[i]
        n = len(pile)
        j = n - 1
        while j > 0 and pile[j - 1] == _PARENT[pile[j]]:
            j -= 1
        if n - j > free or tops[_PARENT[pile[j]]] >= 0:
            # With its parent on top of a pile, the run would come straight back onto it
            # (``settle``): the very position of the move of the run onto that parent, which
            # ``_moves`` makes (the run is no longer than the free cells plus one).
            return
        c = list(cells)
        line: list[RawMove] = []
        at = n - 1
        source = self.tab_index[i]
        for k in range(len(c)):
            if at < j:
                break
            if c[k] == EMPTY:
                c[k] = pile[at]
                line.append((source, self.cell_index[k], 1))
                at -= 1
        t = list(tab)
        t[i] = rest = pile[:j]
        top = rest[-1] if rest else -1
        cc = tuple(c)
        if top >= 0 and (found[_SUIT[top]] == _RANK[top] - 1 or (_RANK[top] > 1 and top - 1 in c)):
            homes = list(homes)
            self._add(self.settle(tuple(t), cc, found, line, homes), line, homes, seen, out)
        else:
            self._add_plain(t, cc, bytes(sorted(cc)), found, line, homes, seen, out)

    def _child(
        self,
        t: list[bytes],
        cells: Cells,
        cell_key: bytes,
        found: Found,
        move: RawMove,
        homes: list[int],
        seen: Seen,
        out: list[Kid[Node]],
    ) -> None:
        """The position after ``move`` (its tableau ``t``, its ``cells`` with their part of the
        key, ``cell_key``: sorted, so the empty cells last), settled where it needs to be, added
        to ``out`` (see ``_add``)."""
        line = [move]
        pile = t[move[0] - self.tab_base] if move[0] >= self.tab_base else b""
        if (len(pile) and found[_SUIT[pile[-1]]] == _RANK[pile[-1]] - 1) or (
            self.gather and cell_key[0] != EMPTY and self._takes_from_cells(t, cells, move)
        ):
            # Only a card the move uncovered can have become playable home (the parent is
            # settled), and only a top the move made can take a cell's card (``gather``).
            homes = list(homes)
            self._add(self.settle(tuple(t), cells, found, line, homes), line, homes, seen, out)
        else:
            self._add_plain(t, cells, cell_key, found, line, homes, seen, out)

    def _add(
        self, node: Node, line: list[RawMove], homes: list[int], seen: Seen, out: list[Kid[Node]]
    ) -> None:
        """Add the child ``node`` to ``out``; with ``seen``, only if new (its key then added)."""
        if seen is not None:
            k = self.key(node[0], node[1])
            if k in seen:
                return
            seen[k] = 0
        out.append((node, line, homes))

    def _add_plain(
        self,
        t: list[bytes],
        cells: Cells,
        cell_key: bytes,
        found: Found,
        line: list[RawMove],
        homes: list[int],
        seen: Seen,
        out: list[Kid[Node]],
    ) -> None:
        """``_add`` for a child not yet made: its key (as ``key`` makes it) first."""
        if seen is not None:
            k = _key(t, cell_key)
            if k in seen:
                return
            seen[k] = 0
        out.append(((tuple(t), cells, found), line, homes))

    def _takes_from_cells(self, tab: list[bytes], cells: Cells, move: RawMove) -> bool:
        """Whether a top that ``move`` made (of its source pile, or of its target pile) is the
        parent of a cell's card. Every other top was one before, and no cell held its child."""
        for index in (move[0], move[1]):
            if index < self.tab_base or index - self.tab_base >= len(tab):
                continue
            pile = tab[index - self.tab_base]
            if pile and _RANK[pile[-1]] > 1 and pile[-1] - 1 in cells:
                return True
        return False

    def _onto_settled(
        self,
        node: Node,
        limit: int,
        homes: list[int],
        cell_key: bytes,
        seen: Seen,
        out: list[Kid[Node]],
    ) -> bool:
        """The move of a card (with the cards on it) onto the card of its suit one rank up on
        top of a settled pile (``settled``), if one is legal: then it is the only move tried.
        Whether there is one (its child goes to ``out`` as ``_child`` adds it).

        The card's one parent is that top, so on the settled pile it can still do everything
        it could do elsewhere (take the one card that fits on it, go home in turn), and the
        cell or cards it leaves are only freer. Any winning line from the position before the
        move is followed from the position after it by leaving out the moves of the cards that
        now lie settled, except their moves home. Only tried once every King lies at the bottom
        of a pile (``kings_placed``): before that, emptying a pile through the cells can be
        what wins, and a longer settled pile takes more cells to empty.
        """
        tab, cells, found = node
        for d, target in enumerate(tab):
            if not target or not self.settled(target) or _RANK[target[-1]] == 1:
                continue
            card = target[-1] - 1
            if card in cells:
                j = cells.index(card)
                t = list(tab)
                t[d] = target + bytes((card,))
                c = list(cells)
                c[j] = EMPTY
                move = (self.cell_index[j], self.tab_index[d], 1)
                cc = tuple(c)
                self._child(t, cc, bytes(sorted(cc)), found, move, homes, seen, out)
                return True
            for i, pile in enumerate(tab):
                at = pile.find(card)
                if at < 0:
                    continue
                moving = pile[at:]
                if len(moving) > limit or any(moving[k + 1] != moving[k] - 1 for k in range(len(moving) - 1)):
                    break
                t = list(tab)
                t[d] = target + moving
                t[i] = pile[:at]
                move = (self.tab_index[i], self.tab_index[d], len(moving))
                self._child(t, cells, cell_key, found, move, homes, seen, out)
                return True
        return False

    def kings_placed(self, tab: Tab, cells: Cells) -> bool:
        """Whether every King still out lies at the bottom of a tableau pile. Then an empty pile
        is of no use (only a King or a build on one may enter it, and each is where it would
        go), so no King ever needs to move until it goes home, and a cell never needs to hold a
        card of a settled pile, for emptying its pile or for anything else."""
        if any(c != EMPTY and _IS_KING[c] for c in cells):
            return False
        return all(not self._info(pile) & 2 for pile in tab)

    def settled(self, pile: bytes) -> bool:
        """Whether ``pile`` is a King with the cards of its suit below it in order on top: each
        of those cards can only ever take the one card of its suit below it, which it holds,
        and move home, so none of them need ever go to a cell."""
        return bool(self._info(pile) & 1)

    def _disorder(self, pile: bytes) -> int:
        """The places in ``pile`` where a card is not the next lower card of its suit."""
        return self._info(pile) >> 2

    def _info(self, pile: bytes) -> int:
        """What ``info`` holds of ``pile``, worked out the first time it is met."""
        memo = self.info
        value = memo.get(pile, -1)
        if value < 0:
            d = 0
            above = False
            for a in range(len(pile) - 1):
                card = pile[a + 1]
                if _IS_KING[card]:
                    above = True
                    d += 1
                elif card != pile[a] - 1:
                    d += 1
            value = 4 * d + (2 if above else 0) + (1 if pile and _IS_KING[pile[0]] and d == 0 else 0)
            memo[pile] = value
        return value

    def score(self, node: Node) -> int:
        """Lower is more promising: cards home, free cells and piles, cards out of order."""
        tab, cells, found = node
        home = found[0] + found[1] + found[2] + found[3]
        disorder = 0
        empty = 0
        for pile in tab:
            if not pile:
                empty += 1
                continue
            disorder += self._disorder(pile)
        used = len(cells) - cells.count(EMPTY)
        value = -10 * home + 3 * disorder + 2 * used - 4 * empty
        if self.buried_weight:
            value += self.buried_weight * self._buried(tab, found)
        return value

    @staticmethod
    def _buried(tab: Tab, found: Found) -> int:
        """The cards lying on the next card of each suit to go home, over all suits."""
        buried = 0
        for pile in tab:
            n = len(pile)
            for at in range(n):
                card = pile[at]
                if _RANK[card] == found[_SUIT[card]] + 1:
                    buried += n - 1 - at
        return buried

    # ------------------------------------------------------------------- search

    def roots(self, state: State) -> list[Kid[Node]]:
        """``state`` with every card that can go home sent there."""
        node, homes = self.start(state)
        line: list[RawMove] = []
        return [(self.settle(*node, line, homes), line, homes)]

    def won(self, node: Node) -> bool:
        """Whether every card is home."""
        return sum(node[2]) == 52

    def admit(self, node: Node) -> bool:
        """Record ``node`` as seen; whether it is new."""
        k = self.key(node[0], node[1])
        if k in self.seen:
            return False
        self.seen[k] = 0
        return True


TURNS: Final = ((0, (1_000, 0, 0)), (20_000, (1_000, 250, 500)), (160_000, (1_000, 0, 250)))
"""The shares of the searches that take turns (``make_search``): the plain depth-first search
alone for its first 20,000 positions (most deals are decided by then, and a lost deal's proof
needs every position of one search), then with the search that also counts buried cards and
the beam, then with the beam alone beside it."""

BEAM_WIDTHS: Final = (100, 1_000, 10_000)
"""The beam's width on each pass (``compact.Beam``)."""


def make_search(variant: Variant, positions: int, deadline: float, cancelled: Callable[[], bool]) -> Turns:
    """The search of a cell game: the depth-first search, whose end without a win is a proof,
    taking turns (``TURNS``) with two searches that reach many wins it takes long to find: a
    depth-first search that also weighs the cards lying on the next card of each suit to go
    home (Seahaven deals 117, 149, 279 and 298: 659-1,887 positions against 200,612, over
    226,385, 374,639 and 198,029), and a beam search (deals 246, 273 and 285: 56,376, 7,164
    and 19,805 positions against 471,233, 67,370 and 128,427)."""

    def plain() -> CellSearch:
        return CellSearch(variant, positions, deadline, cancelled)

    buried = CellSearch(variant, positions, deadline, cancelled, buried_weight=1)
    (_, first), *later = TURNS
    return Turns([plain(), buried, Beam(plain, BEAM_WIDTHS)], first, positions, schedule=later)
