"""The deal of the day for any supported date: from the shipped table or the player's cache
(``game.store.daily``), else proved here with the same function the table was made with
(``game.solver.daily_proof``) and cached.

Proving a day takes seconds (Kansas up to a minute on a slow machine), so the game proves the
days ahead in a process of its own (``start_ahead``: today and the next ``AHEAD_DAYS`` days,
while the player plays), never in the frame loop; the command line proves a missing day while
the caller waits. Either way the answer is the same as the table's would be: the function has
no time budget.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

from game.store.daily import NoDailyDeal, NotProvedYet, in_range, known_entry, remember
from game.store.winnable import Entry, encode_line
from game.variants import VARIANTS

AHEAD_DAYS = 7
"""Days after today the game proves ahead (a week of play without the table or this process)."""

POOL_LOW = 12
"""A game's pool of winnable deals (shipped and cached) with fewer unplayed deals than this is
refilled in the background (``start_refill``)."""

POOL_FILL = 30
"""Unplayed deals a refill proves the pool up to."""

__all__ = [
    "AHEAD_DAYS",
    "POOL_FILL",
    "POOL_LOW",
    "NoDailyDeal",
    "NotProvedYet",
    "daily_entry",
    "missing",
    "prove_ahead",
    "refill_pool",
    "start_ahead",
    "start_refill",
]


def daily_entry(variant: str, day: date, cache: Path | None = None) -> Entry:
    """``variant``'s deal of ``day``, proved here (and kept in ``cache``) when neither the
    shipped table nor ``cache`` has it. ``NoDailyDeal`` for a day out of range."""
    entry = known_entry(variant, day, cache)
    if entry is not None:
        return entry
    from game.solver.daily_proof import daily_proof

    proof = daily_proof(variant, day)
    entry = Entry(variant, day, proof.deal, proof.rating, encode_line(proof.raw))
    if cache is not None:
        remember(entry, cache)
    return entry


def missing(first: date, days: int, cache: Path) -> list[tuple[str, date]]:
    """The games and days from ``first`` on (``days`` of them) that are in range but not yet
    proved (neither shipped nor in ``cache``)."""
    wanted = [first + timedelta(days=n) for n in range(days)]
    return [(k, d) for d in wanted if in_range(d) for k in VARIANTS if known_entry(k, d, cache) is None]


def prove_ahead(first: date, days: int, cache: Path) -> None:
    """Prove and cache every missing deal of the day from ``first`` on (``days`` days)."""
    for variant, day in missing(first, days, cache):
        daily_entry(variant, day, cache)


def start_ahead(today: date, cache: Path, days: int = AHEAD_DAYS + 1) -> Any | None:
    """A low-priority process proving the days from ``today`` on that are missing, or
    ``None`` when none is (the usual case while the shipped table lasts)."""
    if not missing(today, days, cache):
        return None
    import multiprocessing

    process = multiprocessing.get_context("spawn").Process(
        target=_ahead, args=(today, days, cache), daemon=True, name="daily-ahead"
    )
    process.start()
    return process


def _ahead(today: date, days: int, cache: Path) -> None:
    _lower_priority()
    prove_ahead(today, days, cache)


def refill_pool(variant: str, cache: Path, played: set[int], want: int = POOL_FILL) -> None:
    """Prove random deals of ``variant`` winnable (``daily_proof.prove``: the same proof as the
    table's) and keep them in ``cache`` until ``want`` deals of the pools are unplayed.

    "Winnable deals only" deals from the pools at once; this runs ahead of it, between deals,
    so that the pools never run dry however many deals are played (Kansas proves about one
    deal in thirty it tries, some 10 s of work a deal)."""
    import random

    from game.engine.deals import MAX_DEAL
    from game.solver.daily_proof import prove
    from game.store.winnable import unplayed

    rng = random.SystemRandom()
    have = unplayed(variant, played, cache)
    while have < want:
        deal = rng.randint(1, MAX_DEAL)
        proof = None if deal in played else prove(variant, deal)
        if proof is not None:
            remember(Entry(variant, None, proof.deal, proof.rating, encode_line(proof.raw)), cache)
            have += 1


def start_refill(variant: str, cache: Path, played: set[int]) -> Any | None:
    """A low-priority process refilling ``variant``'s pool when fewer than ``POOL_LOW`` of its
    deals are unplayed, else ``None``."""
    from game.store.winnable import unplayed

    if unplayed(variant, played, cache) >= POOL_LOW:
        return None
    import multiprocessing

    process = multiprocessing.get_context("spawn").Process(
        target=_refill, args=(variant, cache, played), daemon=True, name="winnable-refill"
    )
    process.start()
    return process


def _refill(variant: str, cache: Path, played: set[int]) -> None:
    _lower_priority()
    refill_pool(variant, cache, played)


def _lower_priority() -> None:
    import contextlib
    import os

    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)  # the player's game comes first
