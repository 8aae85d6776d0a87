"""The statistics screen of the real app over finished games dated at the ends of the calendar."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.app import App
from game.scenes.stats import StatsScene
from game.store import Store
from tests.app.conftest import post_key


def test_a_finished_daily_game_dated_year_1_opens_the_statistics(
    make_app: Callable[..., App], data_dir: Path
) -> None:
    with Store.open(data_dir) as store:
        store.connection.execute(
            "INSERT INTO games (uid, variant, deal, result, seconds, moves, score, winnable_only, daily, "
            "started_at, finished_at) VALUES ('old', 'kansas', 1, 'won', 30.0, 40, 52, 0, '0001-01-01', "
            "'0001-01-01T00:00:00+00:00', '0001-01-01T00:05:00+00:00')"
        )
    app = make_app(variant="kansas", deal=5, window=(800, 600))
    post_key(pygame.K_s, unicode="s")
    assert app.step()
    stats = app.top
    assert isinstance(stats, StatsScene)
    assert stats._summaries["kansas"].daily_won == 1
    assert [row.record.daily.year for row in stats.game_rows if row.record] == [1]
    assert app.step()
