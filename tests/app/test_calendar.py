"""The daily challenge's calendar in the real app, headless: opened with C, a past day chosen
with the keyboard and played, won by the shipped winning line, and the month's medal and the
streak changed; the mouse works it too; winnable deals only deals from the shipped table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pygame
import pytest

import game
from game.app import App
from game.engine.moves import Move
from game.scenes.calendar import OUTSIDE, CalendarScene
from game.scenes.table import TableScene
from game.scenes.win import WinScene
from game.solver.daily_proof import daily_proof
from game.store.calendar import WON
from game.store.daily import FIRST_DAY, daily_entry, supported
from game.store.winnable import Entry, shipped, wins
from tests.app.conftest import FakeClock, post_click, post_key, settle
from tests.store.store_helpers import near_won


def _win_daily(app: App, day: date) -> None:
    """A won deal of the day on ``day`` in the player's statistics."""
    store = app.persist.store
    g = near_won(1)
    store.start_game(g, daily=day)
    g.play(Move("tableau-1", "foundation-4"))
    store.save_game(g, 20.0)


def _player_moves(entry: Entry, automatic: bool) -> list[Move]:
    """The moves of ``entry``'s line the player makes (the table makes the automatic ones)."""
    g = game.new_game(entry.variant, entry.deal)
    v = g.variant
    line = [Move(v.pile_name(s), v.pile_name(t), n) for s, t, n in entry.raw_moves()]
    mine: list[Move] = []
    for move in line:
        if automatic and g.auto_moves() and g.auto_moves()[0] == move:
            g.play(move, automatic=True)
            continue
        mine.append(move)
        g.play(move)
    assert g.is_won()
    return mine


def _past_day(today: date) -> date:
    span = supported()
    assert span is not None and span[0] < today, (span, today)
    return span[0]


@pytest.mark.slow
def test_a_past_day_is_played_from_the_calendar_and_won(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="kansas", deal=1)
    today = app.persist.store.today()
    day = _past_day(today)
    first, _ = (day.replace(day=1), None)
    others = [d for d in (day + timedelta(days=k) for k in range(1, 31)) if d.month == day.month][:6]
    others += [d for d in (day - timedelta(days=k) for k in range(1, 31)) if d >= first][: 6 - len(others)]
    for other in others:
        _win_daily(app, other)
    post_key(pygame.K_c, unicode="c")
    app.step()
    calendar = app.top
    assert isinstance(calendar, CalendarScene) and calendar.focus == today
    before = (calendar.month.medal, calendar.month.best_streak)
    for _ in range((today - day).days):
        post_key(pygame.K_LEFT)
    variant = "seahaven"
    post_key(pygame.K_1 + list(game.VARIANTS).index(variant))
    app.step()
    assert calendar.focus == day and calendar.variant == variant
    assert calendar.month.first == day.replace(day=1)
    assert calendar.month.medal is None and calendar.month.days_won == 6
    post_key(pygame.K_RETURN)
    app.step()
    table = app.top
    assert isinstance(table, TableScene) and table.session.daily == day
    entry = daily_entry(variant, day)
    assert table.g.deal == entry.deal and table.g.key == variant
    settle(app, clock)
    for move in _player_moves(entry, app.settings.auto_moves):
        table.play(move)
        settle(app, clock)
    assert table.g.is_won() and isinstance(app.top, WinScene)
    app.show_calendar()
    app.step()
    calendar = app.top
    assert isinstance(calendar, CalendarScene)
    calendar.move_focus((day - calendar.focus).days)
    assert calendar.month.results[day][variant] == WON
    assert (calendar.month.medal, calendar.month.best_streak) != before
    assert calendar.month.medal == "bronze" and calendar.month.days_won == 7
    assert app.persist.store.summary().daily_won == 7


def test_the_calendar_works_with_the_mouse(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=1)
    app.show_calendar()
    app.step()
    calendar = app.top
    assert isinstance(calendar, CalendarScene)
    month = calendar.month.first
    post_click(next(b for b in calendar.buttons if b.action == "previous").rect.center)
    app.step()
    assert calendar.month.first == (month - timedelta(days=1)).replace(day=1)
    target = calendar.month.first + timedelta(days=9)
    post_click(calendar.cells[target].center)
    post_click(next(b for b in calendar.buttons if b.action == "aunt-mary").rect.center)
    app.step()
    assert (calendar.focus, calendar.variant) == (target, "aunt-mary")
    post_click(next(b for b in calendar.buttons if b.action == "close").rect.center)
    app.step()
    assert isinstance(app.top, TableScene)


def test_a_future_day_or_one_without_a_deal_cannot_be_played(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=1)
    app.show_calendar()
    app.step()
    calendar = app.top
    assert isinstance(calendar, CalendarScene)
    calendar.move_focus(1)
    post_key(pygame.K_RETURN)
    app.step()
    assert app.top is calendar  # tomorrow: not yet, or not in the table yet
    assert any(words in calendar._detail_text() for words in ("not yet", "no deal of the day"))
    calendar.move_focus(-4000)
    assert "no deal of the day" in calendar._detail_text()


def test_winnable_deals_only_deals_a_proven_deal_at_once(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    app = make_app(variant="seahaven", deal=1)
    app.persist.remember(winnable_only={"seahaven": True})
    table = app.table
    assert table is not None
    table.new_deal()
    app.step()
    assert table.session.coach.search is None  # no search: the deal came from the shipped table
    proven = {e.deal: e for e in [*shipped().pool["seahaven"], *shipped().daily["seahaven"].values()]}
    assert table.g.deal in proven and wins(proven[table.g.deal])


def test_days_outside_the_supported_range_look_disabled_and_say_why(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=1)
    app.show_calendar()
    app.step()
    calendar = app.top
    assert isinstance(calendar, CalendarScene)
    calendar.move_focus((FIRST_DAY - calendar.focus).days)
    before = FIRST_DAY - timedelta(days=1)
    assert not calendar.playable(before) and calendar.playable(FIRST_DAY)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=calendar.cells[before].center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.step()
    assert calendar.hover_day == before
    assert "the daily challenge runs from" in calendar._detail_text()
    fills = {}
    for day in (before, FIRST_DAY):
        cell = calendar.cells[day]
        fills[day] = tuple(app.surface.get_at((cell.centerx, cell.top + cell.height // 4)))[:3]
    assert fills[before] == OUTSIDE and fills[FIRST_DAY] != OUTSIDE
    post_click(calendar.cells[before].center)
    post_key(pygame.K_RETURN)
    app.step()
    assert app.top is calendar and "the daily challenge runs from" in calendar._detail_text()


def test_a_past_day_after_the_shipped_table_is_proved_and_played(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the shipped table has run out, the calendar still plays every day in range: the
    day's deal is proved with the table's own function and kept in the data folder."""
    day = max(max(days) for days in shipped().daily.values()) + timedelta(days=5)
    app = make_app(variant="kansas", deal=1)
    store = app.persist.store
    monkeypatch.setattr(store, "today", lambda: day + timedelta(days=2))
    app.show_calendar()
    app.step()
    calendar = app.top
    assert isinstance(calendar, CalendarScene)
    calendar.move_focus((day - calendar.focus).days)
    calendar.choose("seahaven")
    assert calendar.playable(day)
    post_key(pygame.K_RETURN)
    app.step()
    table = app.top
    assert isinstance(table, TableScene) and table.session.daily == day
    assert table.g.deal == daily_proof("seahaven", day).deal
    assert store.daily_deal("seahaven", day) == table.g.deal  # kept: no search the next time
