"""A looser Kansas whose losses are proofs that the real game is lost: the dead-end test of the
Kansas search (``game.solver.kansas``).

**The looser game.** The tableau is a set of cards, with no order: any of its cards may go home
when its suit is ready for it, as long as the ranks left could still be laid out in three
descending runs (any suit, a King on an Ace). The fewest runs a set of ranks needs is the sum
over ranks ``r`` of ``max(0, n(r) - n(r + 1))``, ``n`` counting the cards of a rank: each card
of rank ``r`` beyond the number of cards one rank higher must start a run. The waste's or the
reserve's top card may join the set when the set stays within three runs and the card has
somewhere to go: a card one rank higher in the set, or an empty pile, which needs a set of two
runs or fewer and, for a waste card, an empty reserve (KS-5, KS-6). The stock, the waste and
the reserve are as in the real game (one pass, top cards only), and so are the foundations.

Every real position is a position of this game (its piles are three runs), and every real
move is one of its moves, or two of them, or none: a move between piles changes nothing here;
a card home, or onto a pile, from the waste or the reserve is the same move; a pile emptied
and filled from the reserve (KS-5) is a card leaving the set (or none, for a move between
piles) and the reserve's top joining it, a pile then being empty. So a real winning line is a
winning line here, and a position this game loses is lost.

**Its search** is exhaustive, with a table of the positions decided (a position is the set,
the reserve's and the stock's lengths and the four foundation heights; the waste is the dealt
cards found nowhere else). It tries fewer moves than the game has, keeping a win whenever one
exists:

* **Dealing is part of the move that plays the dealt card** (the argument of the Kansas
  search: deals commute with every move that leaves the waste alone).
* **Safe cards go home at once**: a card whose suit is ready for it, when all four cards one
  rank below are home, from the set, the waste's top or the reserve's top. No card can join
  the set on it, and without it the set needs no more runs than with it (it holds no card of
  the rank below), so the position with it home can do all the other can.

Every position is decided once; its answer is shared by all the Kansas positions with the
same set of tableau cards, whatever their order. A budget of new positions per question keeps
each test short: a position it cannot settle in time is not called lost.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_QUALITY = tuple(c % 13 for c in range(52))

_POLL = 4096
"""New positions between two looks at the clock."""


def runs_needed(counts: list[int]) -> int:
    """The fewest descending runs (with wrap) that cards of these rank counts fill (0 when
    every rank has as many cards: the cards then close into cycles, which one run can hold)."""
    total = 0
    above = counts[0]
    for r in range(12, -1, -1):
        extra = counts[r] - above
        if extra > 0:
            total += extra
        above = counts[r]
    return total


def may_join(counts: list[int], card: int, from_reserve: bool, reserve_n: int) -> bool:
    """Whether ``card`` may join a set of these rank counts: the set must stay within three
    runs, and the card needs a card one rank higher to go on, or an empty pile, which the
    set can only have with two runs or fewer, and the waste only when the reserve is empty
    (KS-5, KS-6)."""
    q = _QUALITY[card]
    if not counts[(q + 1) % 13] and not (runs_needed(counts) <= 2 and (from_reserve or not reserve_n)):
        return False
    counts[q] += 1
    fits = runs_needed(counts) <= 3
    counts[q] -= 1
    return fits


class _OutOfBudget(Exception):
    pass


class RelaxedKansas:
    """The looser game over one Kansas deal (see the module docstring), with the answers it
    has found so far."""

    def __init__(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> None:
        self.reserve = reserve
        self.stock = stock
        self.waste = waste
        self.base = base
        self.dealt = stock + waste[::-1]
        """The stock, then the root's waste from the top down: from ``stock_n`` on, the dealt
        cards, the last dealt first."""
        self.decided: dict[int, bool] = {}
        """Whether each position searched to the end wins."""
        self.card_at = [[suit * 13 + (base + h) % 13 for h in range(13)] for suit in range(4)]
        self.height = [(_QUALITY[c] - base) % 13 for c in range(52)]
        self._left = 0
        self._deadline = 0.0
        self._cancelled: Callable[[], bool] = lambda: False

    def same_root(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> bool:
        """Whether this game is the one of a root with this reserve, stock, waste and base."""
        return (reserve, stock, waste, base) == (self.reserve, self.stock, self.waste, self.base)

    def lost(
        self,
        tableau: int,
        reserve_n: int,
        stock_n: int,
        found: tuple[int, ...],
        budget: int,
        deadline: float = float("inf"),
        cancelled: Callable[[], bool] = lambda: False,
    ) -> bool:
        """Whether the looser game proves the position lost: ``tableau`` the set of tableau
        cards (a bit per card), the reserve's and the stock's lengths, and each suit's
        foundation height. ``False`` also when ``budget`` new positions (or the deadline)
        did not settle it."""
        if time.monotonic() > deadline or cancelled():
            return False
        counts = [0] * 13
        for c in range(52):
            if tableau >> c & 1:
                counts[_QUALITY[c]] += 1
        self._left, self._deadline, self._cancelled = budget, deadline, cancelled
        try:
            return not self._wins(tableau, reserve_n, stock_n, list(found), counts)
        except _OutOfBudget:
            return False

    # ------------------------------------------------------------------ the search

    def _waste_top(self, tableau: int, stock_n: int, found: list[int]) -> int:
        """The top card of the waste (-1: empty): the last dealt card found nowhere else."""
        height = self.height
        for c in self.dealt[stock_n:]:
            if not tableau >> c & 1 and height[c] >= found[c // 13]:
                return c
        return -1

    def _settle(
        self, tableau: int, reserve_n: int, stock_n: int, found: list[int], counts: list[int]
    ) -> tuple[int, int]:
        """Safe cards sent home (``found`` and ``counts`` changed in place): the new set and
        the reserve's length."""
        again = True
        while again:
            again = False
            low = min(found)
            for suit in range(4):
                h = found[suit]
                if h in (0, 13) or low < h:
                    continue
                card = self.card_at[suit][h]
                if reserve_n and self.reserve[reserve_n - 1] == card:
                    reserve_n -= 1
                elif tableau >> card & 1:
                    tableau &= ~(1 << card)
                    counts[_QUALITY[card]] -= 1
                elif card != self._waste_top(tableau, stock_n, found):
                    continue
                found[suit] += 1
                again = True
        return tableau, reserve_n

    def _wins(self, tableau: int, reserve_n: int, stock_n: int, found: list[int], counts: list[int]) -> bool:
        """Whether the position wins (``found`` and ``counts`` are the caller's own copies)."""
        tableau, reserve_n = self._settle(tableau, reserve_n, stock_n, found, counts)
        key = tableau | reserve_n << 52 | stock_n << 56
        for h in found:
            key = key << 4 | h
        known = self.decided.get(key)
        if known is not None:
            return known
        if found == [13, 13, 13, 13]:
            self.decided[key] = True
            return True
        self._left -= 1
        if self._left < 0 or (
            self._left % _POLL == 0 and (time.monotonic() > self._deadline or self._cancelled())
        ):
            raise _OutOfBudget
        won = self._moves(tableau, reserve_n, stock_n, found, counts)
        self.decided[key] = won
        return won

    def _moves(self, tableau: int, reserve_n: int, stock_n: int, found: list[int], counts: list[int]) -> bool:
        """Whether some move the search tries wins: a card home (from the waste's or the
        reserve's top, or from the set), the waste's or the reserve's top into the set, or
        cards dealt and the last of them played."""
        nexts = [self.card_at[s][h] if h < 13 else -1 for s, h in enumerate(found)]

        def home(card: int, tableau: int, reserve_n: int, stock_n: int) -> bool:
            f = list(found)
            f[card // 13] += 1
            c = list(counts)
            if tableau >> card & 1:
                tableau &= ~(1 << card)
                c[_QUALITY[card]] -= 1
                if runs_needed(c) > 3:
                    return False
            return self._wins(tableau, reserve_n, stock_n, f, c)

        def join(card: int, reserve_after: int, stock_after: int, from_reserve: bool) -> bool:
            if not may_join(counts, card, from_reserve, reserve_n):
                return False
            c = list(counts)
            c[_QUALITY[card]] += 1
            return self._wins(tableau | 1 << card, reserve_after, stock_after, list(found), c)

        waste_top = self._waste_top(tableau, stock_n, found)
        reserve_top = self.reserve[reserve_n - 1] if reserve_n else -1
        if waste_top >= 0 and waste_top in nexts and home(waste_top, tableau, reserve_n, stock_n):
            return True
        if reserve_top >= 0 and reserve_top in nexts and home(reserve_top, tableau, reserve_n - 1, stock_n):
            return True
        for card in nexts:
            if card >= 0 and tableau >> card & 1 and home(card, tableau, reserve_n, stock_n):
                return True
        if waste_top >= 0 and join(waste_top, reserve_n, stock_n, False):
            return True
        if reserve_top >= 0 and join(reserve_top, reserve_n - 1, stock_n, True):
            return True
        for i in range(stock_n - 1, -1, -1):
            card = self.stock[i]
            if card in nexts and home(card, tableau, reserve_n, i):
                return True
            if join(card, reserve_n, i, False):
                return True
        return False


class DeadEnds:
    """The looser game of the root being searched, shared by the searches that take turns on
    it (so each answer is found once)."""

    def __init__(self) -> None:
        self.game: RelaxedKansas | None = None

    def of(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> RelaxedKansas:
        """The looser game of the root with this reserve, stock, waste and base rank."""
        if self.game is None or not self.game.same_root(reserve, stock, waste, base):
            self.game = RelaxedKansas(reserve, stock, waste, base)
        return self.game
