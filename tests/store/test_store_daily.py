"""The deal of the day and the calendar: each day's deal is the shipped table's; the calendar
gives each game's result per day, the streak and the month's medal, and survives a damaged
database."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from store_helpers import near_won, play_random

import game
from game.store import daily_deal
from game.store.calendar import TRIED, WON, medal_for, month_bounds
from game.store.daily import NoDailyDeal, daily_entry
from game.store.winnable import shipped


def _span() -> tuple[date, date]:
    """The days the shipped table holds for every game."""
    span = shipped().supported(shipped().games)
    assert span is not None, shipped().problems
    return span


def win(store, day: date) -> None:
    g = near_won(2)
    store.start_game(g, daily=day)
    g.play(game.Move("tableau-1", "foundation-4"))
    store.save_game(g, 15.0)
    g.play(game.Move("tableau-2", "foundation-3"))
    store.save_game(g, 30.0)


def lose(store, key: str, day: date) -> None:
    g = game.new_game(key, deal=3)
    store.start_game(g, daily=day)
    play_random(g, random.Random(3), 3)
    store.save_game(g, 12.0)
    store.abandon_game(key)


def test_each_game_and_each_day_has_its_own_deal() -> None:
    first, last = _span()
    days = [first + timedelta(days=d) for d in range((last - first).days + 1)]
    deals = {(k, daily_deal(k, d)) for k in shipped().games for d in days}
    assert len(deals) == len(days) * len(shipped().games)


def test_the_first_candidate_keeps_the_deal_earlier_versions_dealt() -> None:
    """Attempt 0 is the former hash of the date: where it was proved winnable it is kept."""
    from game.solver.daily_proof import candidate

    assert candidate("kansas", date(2025, 3, 14), 0) == 1957183961  # as pinned before
    first, _ = _span()
    for key in shipped().games:
        entry = daily_entry(key, first)
        assert entry.deal in {candidate(key, first, a) for a in range(200)}


def test_the_store_uses_the_players_date(open_store, clock) -> None:
    store = open_store()
    with pytest.raises(NoDailyDeal):  # the store's clock starts in 2025: before the table
        store.daily_deal("kansas")
    first, _ = _span()
    assert store.daily_deal("kansas", first) == daily_deal("kansas", first)


def test_medals_need_a_week_half_a_month_and_nearly_all_of_it() -> None:
    assert [medal_for(n) for n in (0, 6, 7, 14, 15, 24, 25, 31)] == [
        None,
        None,
        "bronze",
        "bronze",
        "silver",
        "silver",
        "gold",
        "gold",
    ]
    assert month_bounds(date(2028, 2, 10)) == (date(2028, 2, 1), date(2028, 2, 29))


def test_the_calendar_gives_each_games_result_the_streak_and_the_medal(open_store, clock) -> None:
    store = open_store()
    today = clock().date()
    for back in range(7):
        win(store, today - timedelta(days=back))
    lose(store, "aunt-mary", today - timedelta(days=1))
    month = store.calendar(today)
    assert month.results[today]["bakers-game"] == WON  # near_won is a Baker's Game position
    assert month.results[today - timedelta(days=1)]["aunt-mary"] == TRIED
    in_month = sum(1 for back in range(7) if (today - timedelta(days=back)).month == today.month)
    assert month.days_won == in_month
    assert (month.current_streak, month.best_streak) == (7, 7)
    assert month.medal == medal_for(in_month)


def test_a_game_in_progress_on_a_day_counts_as_tried(open_store, clock) -> None:
    store = open_store()
    today = clock().date()
    g = game.new_game("seahaven", deal=5)
    store.start_game(g, daily=today)
    play_random(g, random.Random(5), 2)
    store.save_game(g, 5.0)
    assert store.calendar(today).results[today] == {"seahaven": TRIED}


def test_the_calendar_leaves_out_damaged_rows_and_survives_a_damaged_database(open_store, clock) -> None:
    store = open_store()
    today = clock().date()
    win(store, today)
    store._conn.execute("UPDATE games SET daily = 'not a day'")
    assert store.calendar(today).results == {}
    store._conn.execute("DROP TABLE games")
    month = store.calendar(today)
    assert month.results == {} and month.medal is None
    assert store.take_notices()
