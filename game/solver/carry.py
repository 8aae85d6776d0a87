"""What one search leaves for the next inside a ``carry_over`` block: exact answers only, so
later searches of the same deal spare the time to find them again.

* Kansas: the looser game of the last root (``kansas_relaxed.DeadEnds``), taken over by a
  search whose root is a later position of it.
* Lady Jane: the positions her depth-first searches proved lost (``lost_marks.LostMarks``),
  taken by a search of the same deal.

The advisor's worker keeps a block open for its life and opens one per request, saying whether
that request may take what is carried (a rating, which counts positions, may not)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class _Carried:
    """What the last searches inside ``carry_over`` left, one game's at a time: a search of
    Kansas lets Lady Jane's marks go, and one of Lady Jane the looser game (a player who
    changes games is not held to the memory of the last one)."""

    held = False
    """Whether a block is open: what a search finds is kept."""
    take = False
    """Whether a search may start from it (the innermost block's ``on``)."""
    kansas: Any = None
    """The last Kansas search's looser game (``kansas_relaxed.RelaxedKansas``)."""
    lady_jane: Any = None
    """The Lady Jane positions proved lost (``lost_marks.LostMarks``)."""


CARRIED = _Carried()


@contextmanager
def carry_over(on: bool = True) -> Iterator[None]:
    """Inside this block a search may start from what the searches before it in the block
    found, when it is a search of the same deal (Kansas: a later position of the last root;
    Lady Jane: a position whose stock is the deal's). What is carried is exact, so only the
    time to find it again is spared: the advisor's worker checks the positions of a game in
    play one after another, and a loss too big for one quick check is proved over a few
    (Kansas deal 20001 of ``benchmarks/advisor.py``: at its fourth position in play, not its
    twelfth).

    Not for an answer that counts the positions searched (a rating) or must be the same on
    every run (the shipped deals' proofs): those search from nothing, outside any block, or
    in a block inside one with ``on`` false (whose search's findings the next search may still
    start from). What is carried is let go when the outermost block closes, and never taken
    without room for the new search's budget under a cap of memory (each game's own)."""
    was = CARRIED.held, CARRIED.take
    CARRIED.held = CARRIED.held or on
    CARRIED.take = on
    try:
        yield
    finally:
        CARRIED.held, CARRIED.take = was
        if not CARRIED.held:
            CARRIED.kansas = CARRIED.lady_jane = None
