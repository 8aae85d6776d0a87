"""The statistics screen adds its figures up once per opening and draws itself at rest once: a
hover redraws the rows it leaves and reaches, with no query and no figure computed again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.stats import StatsScene
from game.store import Store, stats
from tests.app.conftest import post, post_key
from tests.app.test_store_play import seed_history


def open_stats(make_app: Callable[..., App]) -> tuple[App, StatsScene]:
    app = make_app(variant="kansas", deal=5, window=(1024, 768))
    post_key(pygame.K_s, unicode="s")
    app.step()
    assert isinstance(app.top, StatsScene)
    app.step()
    return app, app.top


def test_hovering_the_statistics_runs_no_query_and_redraws_only_the_rows_it_crosses(
    make_app: Callable[..., App], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_history(data_dir)
    app, screen = open_stats(make_app)
    statements: list[str] = []
    app.persist.store.connection.set_trace_callback(statements.append)
    at_rest: list[int] = []
    draw_at_rest = StatsScene._draw_at_rest
    monkeypatch.setattr(
        StatsScene, "_draw_at_rest", lambda self, s: at_rest.append(1) or draw_at_rest(self, s)
    )
    damages = []
    update = StatsScene.update
    monkeypatch.setattr(
        StatsScene, "update", lambda self, now: damages.append(update(self, now)) or damages[-1]
    )
    for row in [*screen.rows, *screen.game_rows[:3], *screen.rows[:2]]:
        post(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 1), buttons=(0, 0, 0))
        app.step()
    assert statements == []  # the old screen read every finished game again for each hover
    assert at_rest == []
    hovers = [d for d in damages if d]
    assert hovers and all(isinstance(d, list) and len(d) <= 2 for d in hovers)


def test_opening_the_statistics_builds_no_record_per_finished_game(
    make_app: Callable[..., App], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_history(data_dir)
    with Store.open(data_dir) as store:
        played = store.summary(None).played
    built: list[object] = []
    read_one = stats._record
    monkeypatch.setattr(stats, "_record", lambda r: built.append(r) or read_one(r))
    _app, screen = open_stats(make_app)
    assert screen._summaries[None].played == played > 10
    assert len(built) <= len(screen.game_rows)  # the list's rows alone; the old code read all, 8 times
