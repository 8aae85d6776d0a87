"""The deal of the day: one proven-winnable, rated deal per game per calendar date, the same
for every player on every machine, from ``FIRST_DAY`` to ``LAST_DAY``.

Each day's deal is a function of the date alone (``game.solver.daily_proof``: the first of the
day's candidates that a search with a budget of positions, never of time, proves winnable). The
table shipped with the game (``game.store.winnable``) is a verified cache of that function for
a run of dates; a day beyond it is proved on the player's machine (ahead of time, by
``game.dailies``) and kept in the player's data folder (``deals/<variant>.txt``, the table's
format), each line replayed to a win before it is used. The store reads both; it never
searches (the solver is a layer apart): a day in range that neither holds is ``NotProvedYet``.
The date is the player's local calendar date.

A day outside the range gives ``NoDailyDeal``: callers say so (the command line with exit
status 2, the calendar with the day greyed out) and deal no unproved deal as a deal of the day.
"""

from __future__ import annotations

import contextlib
from datetime import date
from pathlib import Path

from game.i18n import _
from game.store.winnable import Entry, Table, format_entry, read_into, shipped, table_path, wins

FIRST_DAY = date(2026, 11, 15)
"""The first day of the daily challenge (the first day of the first table shipped)."""

LAST_DAY = date(2099, 12, 31)
"""The last day supported: a bound, not a table's end (any day up to it can be proved)."""


class NoDailyDeal(ValueError):
    """The day lies outside the supported range: it has no deal of the day."""


class NotProvedYet(LookupError):
    """The day is in range, but neither the shipped table nor the player's cache holds its
    deal: ``game.dailies`` proves it."""


def supported() -> tuple[date, date]:
    """The first and last date with a deal of the day."""
    return FIRST_DAY, LAST_DAY


def in_range(day: date) -> bool:
    """Whether ``day`` has a deal of the day (past, present or future)."""
    return FIRST_DAY <= day <= LAST_DAY


def cache_folder(data_folder: Path) -> Path:
    """Where the deals of the day proved on this machine are kept, in the data folder."""
    return data_folder / "deals"


def known_entry(variant: str, day: date, cache: Path | None = None) -> Entry | None:
    """``variant``'s deal of ``day`` from the shipped table, else from the files in ``cache``
    (a line there is used only if it replays to a win); ``None`` when neither has it.
    ``NoDailyDeal`` for a day out of range."""
    if not in_range(day):
        raise NoDailyDeal(range_text(day))
    entry = shipped().daily.get(variant, {}).get(day)
    if entry is not None or cache is None:
        return entry
    table = Table()
    read_into(table, variant, table_path(variant, cache))
    entry = table.daily.get(variant, {}).get(day)
    return entry if entry is not None and wins(entry) else None


def remember(entry: Entry, cache: Path) -> None:
    """Keep ``entry`` (a deal of the day proved here) in ``cache``; a folder that cannot be
    written to only costs proving it again."""
    path = table_path(entry.variant, cache)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(format_entry(entry) + "\n")


def daily_entry(variant: str, day: date, cache: Path | None = None) -> Entry:
    """``variant``'s deal of the day on ``day``: its number, rating and winning line
    (``NoDailyDeal`` out of range, ``NotProvedYet`` when it must be proved first)."""
    entry = known_entry(variant, day, cache)
    if entry is None:
        raise NotProvedYet(f"{variant} {day.isoformat()}")
    return entry


def daily_deal(variant: str, day: date, cache: Path | None = None) -> int:
    """The deal number of ``variant``'s deal of the day on ``day`` (see ``daily_entry``)."""
    return daily_entry(variant, day, cache).deal


def range_text(day: date) -> str:
    """Why ``day`` has no deal of the day (one line, in the player's language)."""
    # Translators: {day}, {first} and {last} are dates written 2026-01-31
    return _("no deal of the day for {day}: the days with one are {first} to {last}").format(
        day=day.isoformat(), first=FIRST_DAY.isoformat(), last=LAST_DAY.isoformat()
    )
