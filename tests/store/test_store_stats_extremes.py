"""Statistics over stored dates at the ends of the calendar: a forged or odd finished game is one
more row, never an error."""

from __future__ import annotations

from datetime import date

import pytest

from game.store.stats import day_streaks


def forge_game(
    store, *, daily: str | None, finished_at: str, result: str = "won", variant: str = "kansas"
) -> None:
    """A finished game written straight into the file, as another program could."""
    store.connection.execute(
        "INSERT INTO games (uid, variant, deal, result, seconds, moves, score, winnable_only, daily, "
        "started_at, finished_at) VALUES (?, ?, 1, ?, 30.0, 40, 52, 0, ?, ?, ?)",
        (f"forged-{daily}-{finished_at}", variant, result, daily, finished_at, finished_at),
    )


@pytest.mark.parametrize(
    ("days", "today", "expected"),
    [
        ({date(1, 1, 1)}, date(2025, 3, 1), (0, 1)),
        ({date(1, 1, 1), date(1, 1, 2)}, date(1, 1, 2), (2, 2)),
        ({date(9999, 12, 31)}, date(9999, 12, 31), (1, 1)),
        ({date(9999, 12, 30), date(9999, 12, 31)}, date(1, 1, 1), (0, 2)),
    ],
)
def test_daily_streaks_at_year_1_and_9999_count_instead_of_overflowing(days, today, expected) -> None:
    assert day_streaks(days, today) == expected


@pytest.mark.parametrize("daily", ["0001-01-01", "9999-12-31", "0000-00-00", "2025-02-30", "junk"])
def test_a_finished_daily_game_dated_year_1_or_garbage_leaves_the_statistics_readable(
    open_store, daily
) -> None:
    store = open_store()
    forge_game(store, daily=daily, finished_at="2025-03-01T10:00:00+01:00")
    forge_game(store, daily=None, finished_at="0001-01-01T00:00:00+14:00", result="lost")
    forge_game(store, daily=None, finished_at="9999-12-31T23:59:59-12:00")
    summary = store.summary("kansas")
    assert (summary.played, summary.won) == (3, 2)
    valid = daily in ("0001-01-01", "9999-12-31")
    assert summary.daily_played == (1 if valid else 0)
    assert [d.day for d in store.by_day("kansas")] == [date(1, 1, 1), date(2025, 3, 1), date(9999, 12, 31)]
    assert len(store.chart("kansas")) == 3
