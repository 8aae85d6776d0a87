"""The generic search over the engine's own moves (``EngineSearch``): every move comes from
the variant's legal-move generator and is applied by the variant, so it can never use a move
the game forbids. ``game.solver.search.solve`` uses it for every position that no declared
compact search takes (``game.solver.families``).

Pruning that provably keeps every win, for a declared game:

* safe foundation moves (the variant's ``auto``) are made at once after every move (not quite
  harmless in Kansas, where a card may be built on a base-rank card: holding one back can be
  what wins, see ``tests/solver/test_kansas_search.py``; only Kansas positions that
  ``game.solver.kansas`` does not take, those of fewer than 52 cards, come here);
* a foundation card never comes back where building is by suit (nothing could go on it);
* of several empty reserve cells or empty tableau piles only the first is tried, and a
  whole pile is never moved to an empty tableau pile (both only relabel piles);
* positions that differ only by the order of interchangeable piles (the tableau, the
  cells, the foundations) share one key;
* where the stock deals to a waste (Kansas, Aunt Mary), dealing is not a move of its own:
  "deal (and turn over) until card c is on the waste, then play c" is one macro move, since
  every other move commutes with dealing (see ``EngineSearch.deal_and_play``).

For a game declared nowhere only the pruning that follows from the engine's own kinds of
pile and builds is kept (the first of several empty piles, no whole pile to an empty one, no
foundation card back where building is by suit, interchangeable piles sharing a key): safe
cards are not sent home by the search, dealing stays a move of its own, and the stock and the
waste go into the key whole.

With automatic moves on (``solve(..., automatic=True)``, the table's setting) every player move
is followed by the automatic moves, for every game, and dealing is a move of its own: the
search then plays exactly as the table does.

The search ends with a winning line (every move, automatic ones included, which
``Game.play`` replays to a win), a proof that no win exists (every reachable position was
searched), or "unknown" when the budget of time or positions is spent. With a positions-only
budget the result is the same on every run.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable

from game.engine.cards import RANK
from game.engine.moves import Move
from game.engine.state import Pile, State
from game.solver.answer import Budget, Solution, Verdict
from game.solver.families import ONE_CARD_DEALS, Family, family_of
from game.variants.base import Build, Kind, RawMove, Variant

Key = tuple[object, ...]

ENGINE_POSITIONS_CAP = 1_000_000
"""The most positions the engine-level search stores whatever the budget: it keeps about
1.4 KB per position, so this keeps its peak memory near 1.5 GB (the cell-game search keeps
about 150 bytes per position and goes by the budget alone)."""


class EngineSearch:
    """One search over one variant's positions."""

    def __init__(
        self,
        variant: Variant,
        budget: Budget,
        cancelled: Callable[[], bool] | None,
        *,
        macro: bool = True,
        reserve_weight: int = 0,
        family: Family | None = None,
        automatic: bool = False,
    ) -> None:
        family = family or family_of(variant)
        self.v = variant
        self.budget = budget
        self.cancelled = cancelled or (lambda: False)
        self.tableau = variant.tableau
        self.cells = variant.cells
        self.foundations = variant.foundations
        fixed = set(range(len(variant.names))) - {*self.tableau, *self.cells, *self.foundations}
        self.fixed = tuple(sorted(fixed))
        # Fixed piles whose cards follow from their length (see ``key``); the rest go in whole.
        by_length: set[int] = set()
        if variant.stock >= 0 and family is not Family.GENERIC:
            if variant.deals_to_reserves:
                by_length.add(variant.stock)
            elif variant.waste >= 0:
                by_length.update((variant.stock, variant.waste, *variant.reserves))
        self.fixed_whole = tuple(i for i in self.fixed if i not in by_length)
        self.fixed_length = tuple(i for i in self.fixed if i in by_length)
        self.home_by_suit = variant.build is Build.SUIT
        self.any_face_down = variant.stock >= 0 or bool(variant.reserves)
        # Cards under the waste's top are out of reach for good without a redeal.
        self.waste_weight = 1 if variant.redeals else 2
        # Cards under a reserve pile's top (Lady Jane's second search, see ``solve``).
        self.reserve_weight = reserve_weight
        self.parent: dict[Key, tuple[Key, tuple[RawMove, ...]] | None] = {}
        self.exhausted = False
        self.deadline = 0.0
        self.dfs = variant.stock >= 0
        # Deals to the waste become part of the move that plays the card they uncover.
        # Not with automatic moves: a card dealt may go home by itself before the next deal.
        self.macro = macro and family in ONE_CARD_DEALS and not automatic
        # Safe cards go home at once: the table's automatic moves when they are on; without
        # them a shortcut of the free player's search for a game of declared rules (module
        # docstring), never assumed for an undeclared game.
        self.forced_home = automatic or family is not Family.GENERIC
        self.stack: list[tuple[State, Key]] = []
        self.pause_at = ENGINE_POSITIONS_CAP
        """``depth_first`` stops (to be called again) once this many positions are stored."""
        self.began = 0.0
        self.opening: list[RawMove] = []
        self.starters = {base: {s * 13 + base - 1 for s in range(4)} for base in range(1, 14)}

    # ----------------------------------------------------------- positions

    def key(self, st: State) -> Key:
        """A canonical key: equal for positions that differ only by interchangeable piles.

        Only positions reachable from one root share a table, which lets the key leave out
        what follows from the rest:

        * a foundation holds the run of one suit from the base rank up to its top card, so its
          top card (and height) stands for it;
        * a stock that only ever gives up its top card (Lady Jane's, Kansas's) is the root's
          stock cut to its length, and so is a reserve that no card is ever put on (Kansas's);
        * where the stock deals to a waste (Kansas, Aunt Mary), the cards of the stock and the
          waste together keep the root's order (dealing and turning over keep it, playing the
          waste's top card removes one) and are the cards found nowhere else, so the two
          lengths stand for both piles.

        Piles are shared with the positions themselves, so a key costs a few small tuples.
        """
        piles = st.piles
        if self.any_face_down:
            hidden = st.hidden
            return (
                tuple(sorted([(piles[i], hidden[i]) for i in self.tableau])),
                tuple(sorted([(len(p), p[-1]) for p in [piles[i] for i in self.foundations] if p])),
                tuple([piles[i] for i in self.fixed_whole]),
                tuple([len(piles[i]) for i in self.fixed_length]),
                tuple([hidden[i] for i in self.fixed]),
                st.redeals_left,
            )
        return (
            tuple(sorted([piles[i] for i in self.tableau])),
            tuple(sorted([piles[i] for i in self.cells])),
            tuple(sorted([piles[i] for i in self.foundations])),
            tuple(piles[i] for i in self.fixed),
        )

    def settle(self, st: State, kept_out: int | None = None) -> tuple[State, list[RawMove]]:
        """Make the safe foundation moves, one at a time; return the position and the moves.

        ``kept_out``: the card the move just made took off a foundation, which stays out (as
        ``Game.auto_moves`` keeps it out), so the lines meet the table's positions."""
        made: list[RawMove] = []
        if not self.forced_home:
            return st, made
        auto = self.v.auto_after(st, kept_out)
        while auto:
            made.append(auto[0])
            st = self.v.apply(st, auto[0])
            auto = self.v.auto_after(st, kept_out)
        return st, made

    def moves(self, st: State) -> list[RawMove]:
        """The legal moves worth trying, pruned as the module docstring says."""
        v = self.v
        kinds = v.kinds
        out: list[RawMove] = []
        first_empty: dict[Kind, int] = {}
        for move in v.legal(st):
            s, d, k = move
            if d >= 0 and not st.piles[d] and kinds[d] in (Kind.CELL, Kind.TABLEAU):
                if first_empty.setdefault(kinds[d], d) != d:
                    continue
                if kinds[d] is Kind.TABLEAU and kinds[s] is Kind.TABLEAU and k == len(st.piles[s]):
                    continue
            if self.home_by_suit and kinds[s] is Kind.FOUNDATION:
                continue
            out.append(move)
        return out

    def score(self, st: State) -> int:
        """Lower is more promising: cards home, buried cards, disorder, free space."""
        v = self.v
        piles, hidden = st.piles, st.hidden
        home = sum(len(piles[f]) for f in v.foundations)
        acc = v.accepts(st.base_rank)
        disorder = 0
        down = 0
        for t in v.tableau:
            pile = piles[t]
            down += hidden[t]
            for i in range(max(1, hidden[t]), len(pile)):
                if pile[i] not in acc[pile[i - 1]]:
                    disorder += 1
        for r in v.reserves:
            down += hidden[r]
        buried = max(0, len(piles[v.waste]) - 1) if v.waste >= 0 else 0
        if self.reserve_weight:
            buried += self.reserve_weight * (sum(len(piles[r]) for r in v.reserves) - len(v.reserves))
        free = sum(1 for c in v.cells if not piles[c]) + sum(1 for t in v.tableau if not piles[t])
        return -8 * home + 3 * down + 2 * disorder + self.waste_weight * buried - free

    # --------------------------------------------------------------- search

    def run(self, start: State) -> Solution:
        decided = self.begin(start)
        if decided is not None:
            return decided
        if self.dfs:
            return self.result(self.depth_first())
        return self.result(self.best_first(self.root, self.root_key))

    def begin(self, start: State) -> Solution | None:
        """Set the search up at ``start``; a verdict when the root decides it already."""
        self.began = time.monotonic()
        self.deadline = self.began + self.budget.seconds
        self.root, self.opening = self.settle(start)
        self.root_key = self.key(self.root)
        self.parent[self.root_key] = None
        self.stack = [(self.root, self.root_key)]
        if self.v.is_won(self.root):
            return self._won(self.root_key, self.opening, self.began)
        return None

    def result(self, found: Key | None) -> Solution:
        """The verdict once the search has stopped (``found``: the winning position's key)."""
        if found is not None:
            return self._won(found, self.opening, self.began)
        seconds = time.monotonic() - self.began
        verdict = Verdict.UNWINNABLE if self.exhausted else Verdict.UNKNOWN
        return Solution(verdict, positions=len(self.parent), seconds=seconds)

    def out_of_budget(self) -> bool:
        return (
            len(self.parent) >= min(self.budget.positions, ENGINE_POSITIONS_CAP, self.pause_at)
            or time.monotonic() > self.deadline
            or self.cancelled()
        )

    def maybe_settle(self, parent: State, child: State, move: RawMove) -> tuple[State, list[RawMove]]:
        """``settle``, skipped when no safe foundation move can have appeared.

        ``parent`` is settled (but for a card its own move kept out), so a safe move can only
        appear on a pile the move changed, or anywhere once a foundation has grown (safety
        depends on what is home).
        """
        if not self.forced_home:
            return child, []
        if self.v.kinds[move[1]] is Kind.FOUNDATION if move[1] >= 0 else False:
            return self.settle(child)
        kept_out = self.v.taken_home_card(parent, move)
        if kept_out is not None or self.v.auto(parent):  # a card kept out last time goes home now
            return self.settle(child, kept_out)
        piles, hidden, before = child.piles, child.hidden, parent.piles
        needs = self.home_needs(child)
        for s in self.v.play_sources:
            pile = piles[s]
            if pile is not before[s] and len(pile) > hidden[s] and pile[-1] in needs:
                return self.settle(child)
        return child, []

    def home_needs(self, st: State) -> set[int]:
        """Every card that some foundation would take now."""
        v = self.v
        following = v.home_next_table
        needs = set()
        empty = False
        for f in v.foundations:
            pile = st.piles[f]
            if pile:
                needs.add(following[pile[-1]])
            else:
                empty = True
        if empty:
            needs.update(self.starters[st.base_rank])
        return needs

    def children(self, st: State, st_key: Key) -> list[tuple[State, Key]]:
        """New positions one move (plus its safe foundation moves) away, recorded as seen."""
        out: list[tuple[State, Key]] = []
        for move in self.moves(st):
            if self.macro and self.v.is_stock_action(move):
                continue
            child, autos = self.maybe_settle(st, self.v.apply(st, move), move)
            self._record(st_key, child, (move, *autos), out)
        if self.macro:
            for line, dealt in self.deal_and_play(st):
                child, autos = self.settle(dealt)
                self._record(st_key, child, (*line, *autos), out)
        return out

    def _record(
        self, st_key: Key, child: State, line: tuple[RawMove, ...], out: list[tuple[State, Key]]
    ) -> None:
        child_key = self.key(child)
        if child_key not in self.parent:
            self.parent[child_key] = (st_key, line)
            out.append((child, child_key))

    def deal_and_play(self, st: State) -> list[tuple[tuple[RawMove, ...], State]]:
        """Stock actions as macro moves: deal (and turn over) until a card is on the waste, play it.

        Dealing only matters for the card it brings to the top of the waste, and every other
        move commutes with it, so a deal is always made just before its card is played. A card
        that one pass through the stock can reach is never fetched after a turnover, which
        would give the same position with a redeal fewer.
        """
        v = self.v
        stock_i, waste_i = v.stock, v.waste
        stock, waste = st.piles[stock_i], st.piles[waste_i]
        order = waste + stock[::-1]
        p = len(waste)
        targets = self._targets_for_waste(st)
        out: list[tuple[tuple[RawMove, ...], State]] = []
        deal = (stock_i, waste_i, 1)
        for i in range(p, len(order)):
            places = targets(order[i])
            if places:
                line = (deal,) * (i - p + 1)
                self._plays(st, order, i, st.redeals_left, line, places, out)
        if st.redeals_left and v.redeals:
            turn = (*(deal,) * len(stock), (waste_i, stock_i, len(order)))
            for i in range(0, p - 1):
                places = targets(order[i])
                if places:
                    line = (*turn, *(deal,) * (i + 1))
                    self._plays(st, order, i, st.redeals_left - 1, line, places, out)
        return out

    def _plays(
        self,
        st: State,
        order: Pile,
        i: int,
        redeals: int,
        line: tuple[RawMove, ...],
        places: list[int],
        out: list[tuple[tuple[RawMove, ...], State]],
    ) -> None:
        v = self.v
        piles, hidden = list(st.piles), list(st.hidden)
        rest = order[i + 1 :][::-1]
        piles[v.stock] = rest
        hidden[v.stock] = len(rest)
        piles[v.waste] = order[: i + 1]
        hidden[v.waste] = 0
        dealt = State(tuple(piles), tuple(hidden), st.base_rank, redeals)
        for d in places:
            move = (v.waste, d, 1)
            out.append(((*line, move), v.apply(dealt, move)))

    def _targets_for_waste(self, st: State) -> Callable[[int], list[int]]:
        """Where a card on top of the waste could go now (the engine's rules for a waste card)."""
        v = self.v
        base = st.base_rank
        wanted, empty_tableau = v._wanted(st, v.accepts(base))
        homes, empty_homes = v._home_needs(st)
        fill = v._fill_rank[base]
        fills = bool(empty_tableau) and Kind.WASTE in v._fill_kinds

        def targets(card: int) -> list[int]:
            out: list[int] = []
            home = homes.get(card)
            if home is not None:
                out.append(home)
            elif RANK[card] == base and empty_homes:
                out.append(empty_homes[0])
            out += wanted.get(card, ())
            if fills and (not fill or RANK[card] == fill):
                out.append(empty_tableau[0])
            return out

        return targets

    def best_first(self, root: State, root_key: Key) -> Key | None:
        heap: list[tuple[int, int, State, Key]] = [(self.score(root), 0, root, root_key)]
        counter = 0
        while heap:
            if self.out_of_budget():
                return None
            _, _, st, st_key = heapq.heappop(heap)
            for child, child_key in self.children(st, st_key):
                if self.v.is_won(child):
                    return child_key
                counter += 1
                heapq.heappush(heap, (self.score(child), counter, child, child_key))
        self.exhausted = True
        return None

    def depth_first(self) -> Key | None:
        """Search on from where the last call stopped, until a win, the end, or the budget
        (or ``pause_at`` positions) is spent."""
        stack = self.stack
        while stack:
            if self.out_of_budget():
                return None
            st, st_key = stack.pop()
            kids = self.children(st, st_key)
            for child, child_key in kids:
                if self.v.is_won(child):
                    return child_key
            kids.sort(key=lambda kid: self.score(kid[0]), reverse=True)
            stack.extend(kids)
        self.exhausted = True
        return None

    def _won(self, key: Key, opening: list[RawMove], began: float) -> Solution:
        steps: list[tuple[RawMove, ...]] = []
        link = self.parent[key]
        while link is not None:
            key, moves = link
            steps.append(moves)
            link = self.parent[key]
        raw = tuple(opening) + tuple(m for step in reversed(steps) for m in step)
        return Solution(
            Verdict.WINNABLE,
            tuple(to_move(self.v, m) for m in raw),
            positions=len(self.parent),
            seconds=time.monotonic() - began,
            raw=raw,
        )


def to_move(v: Variant, raw: RawMove) -> Move:
    return Move(v.pile_name(raw[0]), v.pile_name(raw[1]), raw[2])
