"""A looser Kansas whose losses are proofs that the real game is lost: the dead-end test and
the proof from the root of the Kansas search (``game.solver.kansas``).

**The looser game.** The tableau is a set of cards and, among them, the cards at the bottom of
a pile, with no other order. Every other card must lie on a card one rank higher (any suit, a
King on an Ace), a card holding at most one: the set is *laid out* when, for every rank ``r``,
the cards of rank ``r`` that are not at a bottom are no more than the cards of rank ``r + 1``.
Which card lies on which is free. So:

* a card of the set goes home when its suit is ready for it and the rest stays laid out (if it
  was at a bottom, its pile is empty and the reserve's top fills it, KS-5);
* the waste's or the reserve's top, or a dealt card, joins the set when the set stays laid out
  with it not at a bottom (on a card one rank higher with nothing on it), or, from the waste
  when the reserve is empty, as the bottom of an empty pile (KS-6);
* a card at a bottom stops being one (its pile moved onto another pile's top) when the set
  stays laid out and another pile holds cards; the reserve's top then fills the empty pile.

The stock, the waste and the reserve are as in the real game (one pass, top cards only), and
so are the foundations.

Every real position is a position of this game (each card but a pile's bottom lies on its own
card one rank higher), and every real move is one of its moves or none: a move of a top part
of a pile that leaves cards below it changes nothing here; a move of a whole pile is a bottom
that stops being one; a card home, or onto a pile, from anywhere is the same move here. So a
real winning line is a winning line here, and a position this game loses is lost. (In the real
game any card not at a bottom may be moved, with the cards above it, onto any top one rank
higher in another pile, so the looser game mostly forgets only which card lies on which.)

**Its search** is exhaustive, with a table of the positions decided (a position is the set, its
bottoms, the reserve's and the stock's lengths and the four foundation heights; the waste is
the dealt cards found nowhere else). It tries fewer moves than the game has, keeping a win
whenever one exists:

* **Dealing is part of the move that plays the dealt card** (the argument of the Kansas
  search: deals commute with every move that leaves the waste alone).
* **Safe cards go home at once**: a card whose suit is ready for it, when all four cards one
  rank below are home, from the set (unless it is at a bottom while the reserve holds cards),
  the waste's top or the reserve's top. Nothing can go on it, so the position with it home can
  do all the other can.
* **Once the reserve is empty, a bottom stops being one only to let a waste card into the pile
  it empties**: that is all an empty pile is good for then, and until it is used the bottom
  only loosens the layout.

Every position is decided once; its answer is shared by all the Kansas positions with the
same cards and bottoms, whatever their order. A budget of new positions per question keeps
each test short: a position it cannot settle in time is not called lost.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sized

_QUALITY = tuple(c % 13 for c in range(52))

_POLL = 4096
"""New positions between two looks at the clock."""

PILES = 3

WON, LOST, UNKNOWN = 1, 0, -1
"""The answers of ``RelaxedKansas.verdict``."""


def laid_out(counts: list[int], bottoms: list[int]) -> bool:
    """Whether a set with these rank counts and these counts of bottom cards per rank can lie in
    piles: for every rank, the cards not at a bottom are no more than the cards one rank
    higher."""
    above = counts[0]
    for r in range(12, -1, -1):
        if counts[r] - bottoms[r] > above:
            return False
        above = counts[r]
    return True


def _rank_counts(cards: int) -> list[int]:
    """The number of cards of each rank in a set (a bit per card)."""
    counts = [0] * 13
    while cards:
        low = cards & -cards
        counts[_QUALITY[low.bit_length() - 1]] += 1
        cards ^= low
    return counts


Key = tuple[int, int, int]
"""A position of the looser game: the set, the bottoms, and the reserve's and the stock's
lengths with the foundation heights in one number (small numbers hash and compare fast)."""


def _key(tableau: int, bottoms: int, reserve_n: int, stock_n: int, found: list[int]) -> Key:
    return (
        tableau,
        bottoms,
        reserve_n | stock_n << 4 | found[0] << 10 | found[1] << 14 | found[2] << 18 | found[3] << 22,
    )


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
        self.decided: dict[Key, bool] = {}
        """Whether each position searched to the end wins."""
        self.card_at = [[suit * 13 + (base + h) % 13 for h in range(13)] for suit in range(4)]
        self.height = [(_QUALITY[c] - base) % 13 for c in range(52)]
        self._left = 0
        self._deadline = 0.0
        self._cancelled: Callable[[], bool] = lambda: False

    def same_root(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> bool:
        """Whether this game is the one of a root with this reserve, stock, waste and base."""
        return (reserve, stock, waste, base) == (self.reserve, self.stock, self.waste, self.base)

    def verdict(
        self,
        tableau: int,
        bottoms: int,
        reserve_n: int,
        stock_n: int,
        found: tuple[int, ...],
        budget: int,
        deadline: float = float("inf"),
        cancelled: Callable[[], bool] = lambda: False,
    ) -> int:
        """``WON`` or ``LOST`` in the looser game, or ``UNKNOWN`` when ``budget`` new positions
        (or the deadline) did not settle it: ``tableau`` the set of tableau cards and
        ``bottoms`` the cards at the bottom of a pile (a bit per card), the reserve's and the
        stock's lengths, and each suit's foundation height."""
        if time.monotonic() > deadline or cancelled():
            return self.known(tableau, bottoms, reserve_n, stock_n, found)
        counts, bots = _rank_counts(tableau), _rank_counts(bottoms)
        self._left, self._deadline, self._cancelled = budget, deadline, cancelled
        # The search makes no reference cycles, and the collector would walk the whole table.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return (
                WON if self._wins(tableau, bottoms, reserve_n, stock_n, list(found), counts, bots) else LOST
            )
        except _OutOfBudget:
            return UNKNOWN
        finally:
            if collecting:
                gc.enable()

    def known(self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, found: tuple[int, ...]) -> int:
        """The verdict found so far (``UNKNOWN`` if none), without searching."""
        heights = list(found)
        tableau, bottoms, reserve_n = self._settle(
            tableau, bottoms, reserve_n, stock_n, heights, _rank_counts(tableau), _rank_counts(bottoms)
        )
        won = self.decided.get(_key(tableau, bottoms, reserve_n, stock_n, heights))
        return UNKNOWN if won is None else WON if won else LOST

    # ------------------------------------------------------------------ the search

    def _waste_top(self, tableau: int, stock_n: int, found: list[int]) -> int:
        """The top card of the waste (-1: empty): the last dealt card found nowhere else."""
        height = self.height
        for c in self.dealt[stock_n:]:
            if not tableau >> c & 1 and height[c] >= found[c // 13]:
                return c
        return -1

    def _settle(
        self,
        tableau: int,
        bottoms: int,
        reserve_n: int,
        stock_n: int,
        found: list[int],
        counts: list[int],
        bots: list[int],
    ) -> tuple[int, int, int]:
        """Safe cards sent home (``found``, ``counts`` and ``bots`` changed in place): the new
        set, bottoms and reserve length."""
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
                    if bottoms >> card & 1:
                        if reserve_n:
                            continue
                        bottoms &= ~(1 << card)
                        bots[_QUALITY[card]] -= 1
                    tableau &= ~(1 << card)
                    counts[_QUALITY[card]] -= 1
                elif card != self._waste_top(tableau, stock_n, found):
                    continue
                found[suit] += 1
                again = True
        return tableau, bottoms, reserve_n

    def _wins(
        self,
        tableau: int,
        bottoms: int,
        reserve_n: int,
        stock_n: int,
        found: list[int],
        counts: list[int],
        bots: list[int],
    ) -> bool:
        """Whether the position wins (``found``, ``counts`` and ``bots`` are the caller's own
        copies)."""
        tableau, bottoms, reserve_n = self._settle(tableau, bottoms, reserve_n, stock_n, found, counts, bots)
        key = _key(tableau, bottoms, reserve_n, stock_n, found)
        known = self.decided.get(key)
        if known is not None:
            return known
        if found[0] + found[1] + found[2] + found[3] == 52:
            self.decided[key] = True
            return True
        self._left -= 1
        if self._left < 0 or (
            self._left % _POLL == 0 and (time.monotonic() > self._deadline or self._cancelled())
        ):
            raise _OutOfBudget
        won = self._moves(tableau, bottoms, reserve_n, stock_n, found, counts, bots)
        self.decided[key] = won
        return won

    def _refill(
        self, tableau: int, bottoms: int, reserve_n: int, counts: list[int], bots: list[int]
    ) -> tuple[int, int, int]:
        """A pile just emptied: the reserve's top, if any, fills it (``counts`` and ``bots``
        changed in place)."""
        if reserve_n:
            card = self.reserve[reserve_n - 1]
            tableau |= 1 << card
            bottoms |= 1 << card
            counts[_QUALITY[card]] += 1
            bots[_QUALITY[card]] += 1
            reserve_n -= 1
        return tableau, bottoms, reserve_n

    def _moves(
        self,
        tableau: int,
        bottoms: int,
        reserve_n: int,
        stock_n: int,
        found: list[int],
        counts: list[int],
        bots: list[int],
    ) -> bool:
        """Whether some move the search tries wins: a card home (from the waste's or the
        reserve's top, or from the set), the waste's or the reserve's top into the set, a
        bottom onto another pile, or cards dealt and the last of them played."""
        nexts = [self.card_at[s][h] if h < 13 else -1 for s, h in enumerate(found)]
        # free[q]: a card of rank q may join on a card one rank higher with nothing on it.
        free = [counts[(q + 1) % 13] > counts[q] - bots[q] for q in range(13)]
        piles = 0
        movable: list[int] = []
        rest = bottoms
        while rest:
            low = rest & -rest
            rest ^= low
            piles += 1
            card = low.bit_length() - 1
            if free[_QUALITY[card]]:
                movable.append(card)
        if piles < 2:
            movable = []  # a pile cannot go onto itself
        # A waste card may also go into an empty pile once the reserve is empty: one already
        # empty, or one a bottom leaves.
        to_empty = not reserve_n and (piles < PILES or bool(movable))

        def home(card: int, tableau: int, reserve_n: int, stock_n: int) -> bool:
            in_set = tableau >> card & 1
            q = _QUALITY[card]
            if in_set and counts[(q - 1) % 13] - bots[(q - 1) % 13] > counts[q] - 1:
                return False  # the cards one rank lower would not all have a card to lie on
            f = list(found)
            f[card // 13] += 1
            c = list(counts)
            b = list(bots)
            bottom = bottoms
            if in_set:
                tableau &= ~(1 << card)
                c[q] -= 1
                if bottom >> card & 1:
                    bottom &= ~(1 << card)
                    b[q] -= 1
                    tableau, bottom, reserve_n = self._refill(tableau, bottom, reserve_n, c, b)
            return self._wins(tableau, bottom, reserve_n, stock_n, f, c, b)

        def join(card: int, reserve_after: int, stock_after: int, from_reserve: bool) -> bool:
            q = _QUALITY[card]
            c = list(counts)
            c[q] += 1
            if free[q] and self._wins(
                tableau | 1 << card, bottoms, reserve_after, stock_after, list(found), c, list(bots)
            ):
                return True
            if from_reserve or not to_empty:
                return False
            b = list(bots)
            b[q] += 1
            if piles < PILES:
                return self._wins(
                    tableau | 1 << card, bottoms | 1 << card, reserve_after, stock_after, list(found), c, b
                )
            for moved in movable:
                b2 = list(b)
                b2[_QUALITY[moved]] -= 1
                bottom = (bottoms & ~(1 << moved)) | 1 << card
                if self._wins(
                    tableau | 1 << card, bottom, reserve_after, stock_after, list(found), list(c), b2
                ):
                    return True
            return False

        waste_top = self._waste_top(tableau, stock_n, found)
        reserve_top = self.reserve[reserve_n - 1] if reserve_n else -1
        if (
            waste_top >= 0
            and nexts[waste_top // 13] == waste_top
            and home(waste_top, tableau, reserve_n, stock_n)
        ):
            return True
        if (
            reserve_top >= 0
            and nexts[reserve_top // 13] == reserve_top
            and home(reserve_top, tableau, reserve_n - 1, stock_n)
        ):
            return True
        for card in nexts:
            if card >= 0 and tableau >> card & 1 and home(card, tableau, reserve_n, stock_n):
                return True
        if (
            waste_top >= 0
            and (free[_QUALITY[waste_top]] or to_empty)
            and join(waste_top, reserve_n, stock_n, False)
        ):
            return True
        if (
            reserve_top >= 0
            and free[_QUALITY[reserve_top]]
            and join(reserve_top, reserve_n - 1, stock_n, True)
        ):
            return True
        if reserve_n:
            for moved in movable:
                c = list(counts)
                b = list(bots)
                b[_QUALITY[moved]] -= 1
                t, bottom, r = self._refill(tableau, bottoms & ~(1 << moved), reserve_n, c, b)
                if self._wins(t, bottom, r, stock_n, list(found), c, b):
                    return True
        stock = self.stock
        for i in range(stock_n - 1, -1, -1):
            card = stock[i]
            if nexts[card // 13] == card and home(card, tableau, reserve_n, i):
                return True
            if (free[_QUALITY[card]] or to_empty) and join(card, reserve_n, i, False):
                return True
        return False


class DeadEnds:
    """The looser game of the root being searched, shared by the searches that take turns on
    it (so each answer is found once). Its length is the positions the looser game stored;
    ``stored`` is what counts against the searches' budget, when they share one (``None``:
    each search counts its own positions and these)."""

    def __init__(self) -> None:
        self.game: RelaxedKansas | None = None
        self.stored: Sized | None = None

    def __len__(self) -> int:
        return len(self.game.decided) if self.game is not None else 0

    def of(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> RelaxedKansas:
        """The looser game of the root with this reserve, stock, waste and base rank."""
        if self.game is None or not self.game.same_root(reserve, stock, waste, base):
            self.game = RelaxedKansas(reserve, stock, waste, base)
        return self.game
