"""The deal of the day: from the date and the variant alone, the same for everyone."""

from __future__ import annotations

from datetime import date, timedelta

import game
from game.store import daily_deal
from game.store.daily import DAILY_RANGE


def test_the_deal_of_the_day_is_fixed_by_date_and_variant():
    # Pinned: changing the formula would change every player's deal of the day.
    assert daily_deal("kansas", date(2025, 3, 14)) == 1957183961
    assert daily_deal("seahaven", date(2025, 1, 1)) == 479223869


def test_each_variant_and_each_day_has_its_own_deal():
    day = date(2025, 6, 1)
    deals = {daily_deal(v, day + timedelta(days=d)) for v in game.VARIANTS for d in range(30)}
    assert len(deals) == 30 * len(game.VARIANTS)


def test_the_deal_of_the_day_is_a_valid_deal_number():
    for d in range(400):
        number = daily_deal("lady-jane", date(2024, 1, 1) + timedelta(days=d))
        assert 1 <= number <= DAILY_RANGE
        game.new_game("lady-jane", deal=number)


def test_the_store_uses_the_players_date(open_store, clock):
    store = open_store()
    assert store.daily_deal("kansas") == daily_deal("kansas", date(2025, 3, 14))
    clock.advance(days=1)
    assert store.daily_deal("kansas") == daily_deal("kansas", date(2025, 3, 15))
