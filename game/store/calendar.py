"""The daily challenge's calendar: each day's result per game, streaks and the month's medal.

Read from the finished games (``games.daily``: the date whose deal of the day a game was)
and the games in progress (``saved_games.daily``), so nothing new is stored. A row whose
values cannot be read is left out, as the statistics do; a database that cannot be read at
all gives an empty calendar (``Store.calendar``).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import date, timedelta

from game.store.saves import parse_day
from game.store.stats import day_streaks

WON = "won"
TRIED = "tried"
"""A game's result on a day (a day and game missing from ``Month.results``: not played)."""

MEDALS = (("gold", 25), ("silver", 15), ("bronze", 7))
"""A month's medal and the days won it takes (a day is won when any game's deal of that day
is): gold for nearly every day, silver for half of them, bronze for a week's worth."""


@dataclass(frozen=True)
class Month:
    """One month of the calendar."""

    first: date
    results: dict[date, dict[str, str]] = field(default_factory=dict)
    """Per day, per game played: ``WON`` or ``TRIED``."""
    current_streak: int = 0
    best_streak: int = 0

    @property
    def days_won(self) -> int:
        """Days of the month with a deal of the day won."""
        return sum(WON in games.values() for games in self.results.values())

    @property
    def medal(self) -> str | None:
        """``gold``, ``silver``, ``bronze`` or ``None`` (``MEDALS``)."""
        return medal_for(self.days_won)


def medal_for(days_won: int) -> str | None:
    """The medal ``days_won`` days earn in a month."""
    return next((name for name, needed in MEDALS if days_won >= needed), None)


def month_bounds(day: date) -> tuple[date, date]:
    """The first and last day of ``day``'s month."""
    first = day.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return first, following - timedelta(days=1)


def month(conn: sqlite3.Connection, day: date, today: date) -> Month:
    """``day``'s month as the database has it, with the streaks as of ``today``."""
    first, last = month_bounds(day)
    results: dict[date, dict[str, str]] = {}
    won_days: set[date] = set()
    rows = conn.execute("SELECT daily, variant, result FROM games WHERE daily IS NOT NULL").fetchall()
    saved = conn.execute(
        "SELECT daily, variant, 'tried' FROM saved_games WHERE daily IS NOT NULL AND actions_made > 0"
    ).fetchall()
    for raw_day, variant, result in [*rows, *saved]:
        played = parse_day(raw_day) if isinstance(raw_day, str) else None
        if played is None or not isinstance(variant, str):
            continue
        if result == WON:
            won_days.add(played)
        if first <= played <= last:
            games = results.setdefault(played, {})
            if games.get(variant) != WON:
                games[variant] = WON if result == WON else TRIED
    current, best = day_streaks(won_days, today)
    return Month(first, results, current, best)


def played_deals(conn: sqlite3.Connection, variant: str) -> set[int]:
    """The deal numbers of ``variant`` ever finished or in progress ("winnable deals only"
    deals another)."""
    rows = conn.execute(
        "SELECT deal FROM games WHERE variant = ? UNION SELECT deal FROM saved_games WHERE variant = ?",
        (variant, variant),
    ).fetchall()
    return {r[0] for r in rows if isinstance(r[0], int)}
