"""The deal of the day: one proven-winnable, rated deal per game per calendar date, the same
for every player on every machine.

Each day's deal is read from the table shipped with the game (``game.store.winnable``), where
it was proved winnable once, at build time, with a budget of positions only: no search on the
player's machine decides it, so neither the machine's speed nor a faster solver can change
it. The supported dates are exactly those the table holds for every game (``supported``).
The date is the player's local calendar date.

A day outside them, or a table that is damaged or missing, gives ``NoDailyDeal``: callers
say so (the command line with exit status 2, the game with a notice) and deal no unproved
deal as the deal of the day.
"""

from __future__ import annotations

from datetime import date

from game.i18n import _
from game.store.winnable import Entry, shipped
from game.variants import VARIANTS


class NoDailyDeal(ValueError):
    """There is no proven deal of the day for that game and date."""


def supported() -> tuple[date, date] | None:
    """The first and last date with a deal of the day for every game, or ``None``."""
    return shipped().supported(VARIANTS)


def daily_entry(variant: str, day: date) -> Entry:
    """``variant``'s deal of the day on ``day``: its number, rating and winning line."""
    span = supported()
    entry = shipped().daily.get(variant, {}).get(day)
    if span is None or entry is None or not span[0] <= day <= span[1]:
        raise NoDailyDeal(_range_text(day, span))
    return entry


def daily_deal(variant: str, day: date) -> int:
    """The deal number of ``variant``'s deal of the day on ``day`` (``NoDailyDeal`` if none)."""
    return daily_entry(variant, day).deal


def _range_text(day: date, span: tuple[date, date] | None) -> str:
    if span is None:
        # Translators: {day} is a date written 2026-01-31
        return _("no deal of the day for {day}: the table of deals is missing or damaged").format(
            day=day.isoformat()
        )
    first, last = (d.isoformat() for d in span)
    # Translators: {day}, {first} and {last} are dates written 2026-01-31
    return _("no deal of the day for {day}: the days with one are {first} to {last}").format(
        day=day.isoformat(), first=first, last=last
    )
