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

The same search is also written in C (``game.solver._loose``, built by ``setup.py``), position
for position; ``RelaxedKansas`` uses it when it is built, and this plain code otherwise.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sized
from typing import Final, Protocol

from game.solver import native
from game.solver.carry import CARRIED
from game.solver.carry import carry_over as carry_over  # at home in ``carry``; named here too

_QUALITY: Final = tuple(c % 13 for c in range(52))

_POLL: Final = 4096
"""New positions between two looks at the clock."""

PILES: Final = 3

WON: Final = 1
LOST: Final = 0
UNKNOWN: Final = -1
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


_SHIFT: Final = tuple(4 * q for q in range(13))
"""Where a rank's count lies in a packed count (four bits per rank)."""

_BELOW: Final = tuple(4 * ((q - 1) % 13) for q in range(13))
"""Where the count of the rank one lower lies."""

_ONE: Final = tuple(1 << 4 * (c % 13) for c in range(52))
"""Each card's one in a packed count."""

_LOW_BITS: Final = sum(1 << 4 * q for q in range(13))
_HIGH_BITS: Final = _LOW_BITS << 3
"""The lowest and the highest bit of every rank's four in a packed count."""

_FREE_BIT: Final = tuple(4 * (c % 13) + 3 for c in range(52))
"""Each card's bit in ``free`` (``RelaxedKansas._moves``)."""


def _packed_counts(cards: int) -> int:
    """The number of cards of each rank in a set (a bit per card), four bits per rank."""
    counts = 0
    while cards:
        low = cards & -cards
        counts += _ONE[low.bit_length() - 1]
        cards ^= low
    return counts


def _at(packed: int, shift: int) -> int:
    return packed >> shift & 15


def _heights(found: tuple[int, ...] | list[int]) -> int:
    """Foundation heights packed four bits per suit."""
    return found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12


_FULL: Final = 13 | 13 << 4 | 13 << 8 | 13 << 12
"""The heights of four full foundations."""


Key = int
"""A position of the looser game in one number: the set, the bottoms, and the reserve's and
the stock's lengths with the foundation heights (one number takes half the memory of a tuple
of three)."""


def _key(tableau: int, bottoms: int, reserve_n: int, stock_n: int, heights: int) -> Key:
    # The bottoms as their cards' numbers (plus one), six bits each: three piles, 18 bits, so
    # that all but the set fits a machine word and only the last step makes a long number.
    code = 0
    while bottoms:
        low = bottoms & -bottoms
        bottoms ^= low
        code = code << 6 | low.bit_length()
    return (code | (reserve_n | stock_n << 4 | heights << 10) << 18) << 52 | tableau


class _OutOfBudget(Exception):
    pass


class _Table(Protocol):
    """The looser game searched in C (``game.solver._loose.Table(reserve, stock, waste,
    base)``): ``verdict`` answers 1 (won), 0 (lost) or -1 (unknown: budget, deadline,
    cancelled or out of memory), ``known`` the answer found so far, and its length is the
    positions decided."""

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
    ) -> int: ...
    def known(self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, heights: int, /) -> int: ...
    def __len__(self) -> int: ...


def in_c() -> bool:
    """Whether the looser game is searched in C here: its module is built and usable
    (``game.solver.native.c_wanted``)."""
    return native.c_built("_loose")


def c_table(reserve: bytes, stock: bytes, waste: bytes, base: int) -> _Table | None:
    """The looser game of this root searched in C, when it can be (``in_c``); ``None``
    otherwise."""
    if not in_c():
        return None
    from game.solver._loose import Table

    table: _Table = Table(reserve, stock, waste, base)
    return table


class RelaxedKansas:
    """The looser game over one Kansas deal (see the module docstring), with the answers it
    has found so far.

    Inside the search a position is plain numbers, so that a move copies nothing: the set and
    the bottoms (a bit per card), the reserve's and the stock's lengths, the foundation heights
    (four bits per suit), and per rank (four bits each) the count of the set's cards,
    ``counts``, and of those not at a bottom, ``loose``.

    The same search is written in C (``game.solver._loose``, built by ``setup.py``), position for
    position, and is used when it is built (``in_c``): 4–7 times as fast, with an answer
    in 16 bytes instead of some 86."""

    def __init__(self, reserve: bytes, stock: bytes, waste: bytes, base: int, *, in_c: bool = True) -> None:
        self.table = c_table(reserve, stock, waste, base) if in_c else None
        """The search in C, when built: it then holds the answers, not ``decided``."""
        self.reserve = reserve
        self.stock = stock
        self.waste = waste
        self.base = base
        self.dealt = stock + waste[::-1]
        """The stock, then the root's waste from the top down: from ``stock_n`` on, the dealt
        cards, the last dealt first."""
        self.decided: dict[Key, bool] = {}
        """Whether each position searched to the end wins."""
        self.card_at = [[suit * 13 + (base + h) % 13 for h in range(14)] for suit in range(4)]
        """Each suit's cards from the base rank up, and a fourteenth, its base card again, as
        a full suit's next card (home already, so it never matches a card in play)."""
        self.height = [(_QUALITY[c] - base) % 13 for c in range(52)]
        self._left = 0
        self._deadline = 0.0
        self._cancelled: Callable[[], bool] = lambda: False

    def __len__(self) -> int:
        """The positions decided so far."""
        return len(self.table) if self.table is not None else len(self.decided)

    @property
    def in_c(self) -> bool:
        """Whether the search runs in C."""
        return self.table is not None

    def covers(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> bool:
        """Whether every position of a root with this reserve, stock, waste and base rank is one
        of this game, with the same key: the root's reserve and stock are what is left of this
        one's (cards leave them from the top only, and the stock is dealt once), and its waste,
        from the top down, is made of cards this game deals after them, in that order. A
        position's waste is the dealt cards found nowhere else, so a later position of the
        same deal is one of the game of an earlier root."""
        if base != self.base or reserve != self.reserve[: len(reserve)] or stock != self.stock[: len(stock)]:
            return False
        later = iter(self.dealt[len(stock) :])
        return all(card in later for card in waste[::-1])  # in order: ``in`` consumes ``later``

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
        if self.table is not None:
            position = (tableau, bottoms, reserve_n, stock_n, _heights(found))
            return self.table.verdict(*position, budget, deadline, cancelled)
        if time.monotonic() > deadline or cancelled():
            return self.known(tableau, bottoms, reserve_n, stock_n, found)
        counts = _packed_counts(tableau)
        loose = counts - _packed_counts(bottoms)
        self._left, self._deadline, self._cancelled = budget, deadline, cancelled
        # The search makes no reference cycles, and the collector would walk the whole table.
        collecting = gc.isenabled()
        gc.disable()
        try:
            won = self._wins(tableau, bottoms, reserve_n, stock_n, _heights(found), counts, loose)
            return WON if won else LOST
        except _OutOfBudget:
            return UNKNOWN
        finally:
            if collecting:
                gc.enable()

    def known(self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, found: tuple[int, ...]) -> int:
        """The verdict found so far (``UNKNOWN`` if none), without searching."""
        if self.table is not None:
            return self.table.known(tableau, bottoms, reserve_n, stock_n, _heights(found))
        counts = _packed_counts(tableau)
        loose = counts - _packed_counts(bottoms)
        key = self._settled(tableau, bottoms, reserve_n, stock_n, _heights(found), counts, loose)[0]
        won = self.decided.get(key)
        return UNKNOWN if won is None else WON if won else LOST

    # ------------------------------------------------------------------ the search

    def _waste_top(self, tableau: int, stock_n: int, heights: int) -> int:
        """The top card of the waste (-1: empty): the last dealt card found nowhere else."""
        height = self.height
        for c in self.dealt[stock_n:]:
            if not tableau >> c & 1 and height[c] >= heights >> 4 * (c // 13) & 15:
                return c
        return -1

    def _settled(
        self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, heights: int, counts: int, loose: int
    ) -> tuple[Key, int, int, int, int, int, int]:
        """The position with its safe cards sent home, and its key: the key, the set, the
        bottoms, the reserve's length, the heights, ``counts`` and ``loose``."""
        again = True
        while again:
            again = False
            low = 13
            for suit in range(4):
                low = min(low, heights >> 4 * suit & 15)
            for suit in range(4):
                h = heights >> 4 * suit & 15
                if h == 0 or h == 13 or low < h:
                    continue
                card = self.card_at[suit][h]
                one = _ONE[card]
                if reserve_n and self.reserve[reserve_n - 1] == card:
                    reserve_n -= 1
                elif tableau >> card & 1:
                    if bottoms >> card & 1:
                        if reserve_n:
                            continue
                        bottoms &= ~(1 << card)
                    else:
                        loose -= one
                    tableau &= ~(1 << card)
                    counts -= one
                elif card != self._waste_top(tableau, stock_n, heights):
                    continue
                heights += 1 << 4 * suit
                again = True
        key = _key(tableau, bottoms, reserve_n, stock_n, heights)
        return key, tableau, bottoms, reserve_n, heights, counts, loose

    def _wins(
        self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, heights: int, counts: int, loose: int
    ) -> bool:
        """Whether the position wins."""
        key, tableau, bottoms, reserve_n, heights, counts, loose = self._settled(
            tableau, bottoms, reserve_n, stock_n, heights, counts, loose
        )
        known = self.decided.get(key)
        if known is not None:
            return known
        if heights == _FULL:
            self.decided[key] = True
            return True
        self._left -= 1
        if self._left < 0 or (
            self._left % _POLL == 0 and (time.monotonic() > self._deadline or self._cancelled())
        ):
            raise _OutOfBudget
        won = self._moves(tableau, bottoms, reserve_n, stock_n, heights, counts, loose)
        self.decided[key] = won
        return won

    def _moves(
        self, tableau: int, bottoms: int, reserve_n: int, stock_n: int, heights: int, counts: int, loose: int
    ) -> bool:
        """Whether some move the search tries wins: a card home (from the waste's or the
        reserve's top, or from the set), the waste's or the reserve's top into the set, a
        bottom onto another pile, or cards dealt and the last of them played."""
        card_at = self.card_at
        nexts = (
            card_at[0][heights & 15],
            card_at[1][heights >> 4 & 15],
            card_at[2][heights >> 8 & 15],
            card_at[3][heights >> 12],
        )
        # Bit 4q + 3 of free: a card of rank q may join on a card one rank higher with nothing
        # on it, that is, the count of rank q + 1 is above the count of rank q not at a bottom.
        # All ranks are compared at once, four bits each: the counts are at most 4, so each
        # rank's high bit is clear and no borrow crosses ranks. (Inline: a call costs 5 %.)
        above = counts >> 4 | (counts & 15) << 48
        free = ((above | _HIGH_BITS) - (loose + _LOW_BITS)) & _HIGH_BITS
        piles = 0
        movable = 0  # the bottoms that may go onto another pile
        rest = bottoms
        while rest:
            low = rest & -rest
            rest ^= low
            piles += 1
            if free >> _FREE_BIT[low.bit_length() - 1] & 1:
                movable |= low
        if piles < 2:
            movable = 0  # a pile cannot go onto itself
        # A waste card may also go into an empty pile once the reserve is empty: one already
        # empty, or one a bottom leaves.
        to_empty = not reserve_n and (piles < PILES or movable != 0)
        position = (tableau, bottoms, reserve_n, stock_n, heights, counts, loose)

        waste_top = self._waste_top(tableau, stock_n, heights)
        reserve_top = self.reserve[reserve_n - 1] if reserve_n else -1
        if (
            waste_top >= 0
            and nexts[waste_top // 13] == waste_top
            and self._home(waste_top, position, reserve_n, stock_n)
        ):
            return True
        if (
            reserve_top >= 0
            and nexts[reserve_top // 13] == reserve_top
            and self._home(reserve_top, position, reserve_n - 1, stock_n)
        ):
            return True
        for card in nexts:
            if tableau >> card & 1 and self._home(card, position, reserve_n, stock_n):
                return True
        if (
            waste_top >= 0
            and (free >> _FREE_BIT[waste_top] & 1 or to_empty)
            and self._join(waste_top, position, reserve_n, stock_n, free, to_empty, piles, movable)
        ):
            return True
        if (
            reserve_top >= 0
            and free >> _FREE_BIT[reserve_top] & 1
            and self._join(reserve_top, position, reserve_n - 1, stock_n, free, False, piles, movable)
        ):
            return True
        if reserve_n:
            rest = movable
            while rest:
                low = rest & -rest
                rest ^= low
                t, b, r, c = self._refill(tableau, bottoms & ~low, reserve_n, counts)
                if self._wins(t, b, r, stock_n, heights, c, loose + _ONE[low.bit_length() - 1]):
                    return True
        stock = self.stock
        for i in range(stock_n - 1, -1, -1):
            card = stock[i]
            if nexts[card // 13] == card and self._home(card, position, reserve_n, i):
                return True
            if (free >> _FREE_BIT[card] & 1 or to_empty) and self._join(
                card, position, reserve_n, i, free, to_empty, piles, movable
            ):
                return True
        return False

    def _home(
        self, card: int, position: tuple[int, int, int, int, int, int, int], reserve_n: int, stock_n: int
    ) -> bool:
        """Whether sending ``card`` home from ``position`` wins (``reserve_n`` and ``stock_n``
        as they are once it has left)."""
        tableau, bottoms, _, _, heights, counts, loose = position
        q = _QUALITY[card]
        shift = _SHIFT[q]
        if tableau >> card & 1:
            if _at(loose, _BELOW[q]) > _at(counts, shift) - 1:
                return False  # the cards one rank lower would not all have a card to lie on
            tableau &= ~(1 << card)
            counts -= 1 << shift
            if bottoms >> card & 1:
                tableau, bottoms, reserve_n, counts = self._refill(
                    tableau, bottoms & ~(1 << card), reserve_n, counts
                )
            else:
                loose -= 1 << shift
        return self._wins(
            tableau, bottoms, reserve_n, stock_n, heights + (1 << 4 * (card // 13)), counts, loose
        )

    def _join(
        self,
        card: int,
        position: tuple[int, int, int, int, int, int, int],
        reserve_n: int,
        stock_n: int,
        free: int,
        to_empty: bool,
        piles: int,
        movable: int,
    ) -> bool:
        """Whether ``card`` joining the set wins: on a card one rank higher, or (``to_empty``)
        at the bottom of an empty pile, or of one a bottom leaves (``reserve_n`` and
        ``stock_n`` as they are once it has left)."""
        tableau, bottoms, _, _, heights, counts, loose = position
        one = _ONE[card]
        tableau |= 1 << card
        counts += one
        if free >> _FREE_BIT[card] & 1 and self._wins(
            tableau, bottoms, reserve_n, stock_n, heights, counts, loose + one
        ):
            return True
        if not to_empty:
            return False
        if piles < PILES:
            return self._wins(tableau, bottoms | 1 << card, reserve_n, stock_n, heights, counts, loose)
        rest = movable
        while rest:
            low = rest & -rest
            rest ^= low
            moved = _ONE[low.bit_length() - 1]
            bottom = (bottoms & ~low) | 1 << card
            if self._wins(tableau, bottom, reserve_n, stock_n, heights, counts, loose + moved):
                return True
        return False

    def _refill(self, tableau: int, bottoms: int, reserve_n: int, counts: int) -> tuple[int, int, int, int]:
        """A pile just emptied: the reserve's top, if any, fills it (the set, the bottoms, the
        reserve's length and ``counts`` after)."""
        if reserve_n:
            card = self.reserve[reserve_n - 1]
            tableau |= 1 << card
            bottoms |= 1 << card
            counts += _ONE[card]
            reserve_n -= 1
        return tableau, bottoms, reserve_n, counts


class DeadEnds:
    """The looser game of the root being searched, shared by the searches that take turns on
    it (so each answer is found once). Its length is the positions the looser game stored
    for this search; ``stored`` is what counts against the searches' budget, when they share
    one (``None``: each search counts its own positions and these). ``room``: the positions
    the search may store, which a game carried over from the last search (``carry_over``)
    must leave room for under ``answer.scaled_cap``."""

    def __init__(self, room: int = 0) -> None:
        self.game: RelaxedKansas | None = None
        self.root: tuple[bytes, bytes, bytes, int] | None = None
        self.stored: Sized | None = None
        self.room = room
        self.earlier = 0
        """The answers the game already held when this search took it over (``carry_over``):
        not this search's, so not counted against its budget."""

    def __len__(self) -> int:
        return len(self.game) - self.earlier if self.game is not None else 0

    def of(self, reserve: bytes, stock: bytes, waste: bytes, base: int) -> RelaxedKansas:
        """The looser game of the root with this reserve, stock, waste and base rank: with
        ``carry_over`` on, the last search's when it covers this root."""
        root = (reserve, stock, waste, base)
        if self.game is None or root != self.root:
            self.root = root
            carried = CARRIED.kansas
            if CARRIED.take and carried is not None and carried.covers(*root) and self._fits(carried):
                self.game, self.earlier = carried, len(carried)
            else:
                self.game, self.earlier = RelaxedKansas(*root), 0
                CARRIED.kansas = self.game if CARRIED.held else None
            CARRIED.lady_jane = None  # one game's findings at a time (``carry``)
        return self.game

    def _fits(self, carried: RelaxedKansas) -> bool:
        from game.solver.answer import scaled_cap  # which imports this module on first use

        return len(carried) + self.room <= scaled_cap()
