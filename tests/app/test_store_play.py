"""The app with the store, through the real loop: saving, resuming, settings, statistics, the daily deal."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pygame
import pytest

import game
from game.app import App
from game.controls.intents import Intent
from game.scenes.chooser import ChooserScene
from game.scenes.look import LookScene
from game.scenes.menu import MenuScene
from game.scenes.stats import StatsScene
from game.scenes.table import TableScene
from game.store import Store
from tests.app.conftest import FakeClock, post, post_click, post_key, settle


class DayClock:
    """A store clock that moves on a few hours per game."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 9, 0, tzinfo=timezone(timedelta(hours=1)))

    def __call__(self) -> datetime:
        return self.now


def seed_history(folder: Path, days: int = 8) -> None:
    """Finished games over ``days`` days: some won (near-won Baker's Game), some lost (Kansas)."""
    clock = DayClock()
    rng = random.Random(7)
    with Store.open(folder, clock=clock) as store:
        for day in range(days):
            for k in range(rng.randint(1, 4)):
                if rng.random() < 0.45:
                    full = {s: "".join(r + s for r in "A23456789TJQK") for s in "CDHS"}
                    homes = [full["C"], full["D"], full["H"][:-2], full["S"][:-2]]
                    fields = " ".join(f"foundation-{i}={c}" for i, c in enumerate(homes, 1))
                    g = game.from_text(f"bakers-game {fields} tableau-1=KS tableau-2=KH")
                    store.start_game(g)
                    g.play(game.Move("tableau-1", "foundation-4"))
                    store.save_game(g, 20.0 + k)
                    g.play(game.Move("tableau-2", "foundation-3"))
                    store.save_game(g, 40.0 + 7 * day + k)
                else:
                    g = game.new_game("kansas", deal=100 + day * 10 + k)
                    store.start_game(g)
                    for _ in range(3):
                        moves = g.legal_moves()
                        if moves:
                            g.play(rng.choice(moves))
                    store.save_game(g, 60.0 + k)
                    store.abandon_game("kansas")
                clock.now += timedelta(hours=2)
            clock.now += timedelta(days=1)


def click_stock(app: App) -> None:
    table = app.table
    assert table is not None
    post_click(table.layout.piles[table.g.variant.stock].slot.center)
    app.step()


def test_a_move_is_saved_and_a_new_app_resumes_the_position_with_its_history(
    make_app: Callable[..., App], clock: FakeClock, data_dir: Path
) -> None:
    app = make_app(variant="kansas", deal=7)
    click_stock(app)
    clock.t += 4.0
    click_stock(app)
    clock.t += 3.0
    click_stock(app)
    post_key(pygame.K_BACKSPACE)  # undo: the third action goes to the redo history
    app.step()
    settle(app, clock)
    g = app.table.g if app.table else None
    assert g is not None and g.can_redo()
    assert (data_dir / "solitaire.sqlite3").exists()

    again = make_app(variant="kansas", deal=None)
    h = again.table.g if again.table else None
    assert h is not None
    assert h.deal == 7 and h.state == g.state
    assert h.history == g.history and h.redo_history == g.redo_history
    assert again.table is not None and again.table.elapsed() == pytest.approx(7.0)
    post_key(pygame.K_y, mod=pygame.KMOD_CTRL)  # redo works on the resumed game
    again.step()
    assert h.moves_made == g.moves_made + 1
    clock.t += 5.0
    again.step()
    assert again.table.elapsed() == pytest.approx(12.0)  # the resumed game's clock runs on


def test_switching_variants_keeps_each_game(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=3)
    click_stock(app)
    settle(app, clock)
    kansas = app.table.g.state if app.table else None
    app.perform(Intent.CHANGE_GAME)
    app.step()
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and "kansas" in chooser.in_progress
    keys = list(game.VARIANTS)
    post_click(chooser.tiles[keys.index("seahaven")].center)
    app.step()
    table = app.table
    assert table is not None and table.g.key == "seahaven"
    table.play(table.g.legal_moves()[0])
    settle(app, clock)
    seahaven = table.g.state

    app.perform(Intent.CHANGE_GAME)
    app.step()
    post_click(app.top.tiles[keys.index("kansas")].center)  # type: ignore[attr-defined]
    app.step()
    assert app.table is not None and app.table.g.key == "kansas" and app.table.g.state == kansas
    assert sorted(app.persist.store.saved_variants()) == ["kansas", "seahaven"]
    fresh = make_app(variant="seahaven", deal=None)
    assert fresh.table is not None and fresh.table.g.state == seahaven


def test_a_damaged_database_is_kept_aside_and_the_app_says_so_once(
    make_app: Callable[..., App], data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "solitaire.sqlite3").write_bytes(b"this is not a database" * 100)
    app = make_app(variant="kansas", deal=2)
    banner = app.persist.banner
    assert banner is not None and "\n" not in banner and "could not be read" in banner
    assert list(data_dir.glob("solitaire.sqlite3.corrupt-*"))
    assert "could not be read" in capsys.readouterr().err
    assert app.persist.store.persistent  # a fresh file was started
    click_stock(app)
    assert app.persist.store.saved_variants() == ["kansas"]


def test_settings_changed_in_the_menu_persist(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=1)
    post_key(pygame.K_ESCAPE)
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScene)
    for action in ("auto", "click", "look"):
        button = next(b for b in menu.buttons if b.action == action)
        post_click(button.rect.center)
        app.step()
    page = app.top  # the card style is on the Table and cards page
    assert isinstance(page, LookScene)
    post_click(next(b for b in page.buttons if b.action == "cards").rect.center)
    app.step()
    assert not app.settings.auto_moves and app.settings.click_to_move
    app.settings.sound, app.settings.high_contrast = False, True  # as the M key and the menu do
    app.step()
    again = make_app(variant=None, deal=None, speed="normal")
    assert not again.settings.auto_moves and again.settings.click_to_move
    assert again.settings.card_style == "fourcolour"
    assert not again.settings.sound and again.settings.high_contrast
    assert again.settings.speed == "normal"  # the test's "off" was never the player's choice
    reopened = again.top
    assert isinstance(reopened, TableScene)
    assert reopened.g.key == "kansas"  # the last game played, reopened


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_the_statistics_screen_draws_and_a_game_row_deals_again(
    make_app: Callable[..., App], data_dir: Path, size: tuple[int, int]
) -> None:
    seed_history(data_dir)
    app = make_app(variant="kansas", deal=5, window=size)
    post_key(pygame.K_s, unicode="s")
    app.step()
    stats = app.top
    assert isinstance(stats, StatsScene)
    assert stats.rect.width <= size[0] and stats.rect.height <= size[1]
    assert stats.game_rows and all(stats.rect.contains(r.rect) for r in stats.game_rows)
    record = stats.game_rows[0].record
    assert record is not None and record.variant == "kansas" and record.deal is not None
    post_click(stats.game_rows[0].rect.center)
    app.step()
    assert app.table is not None and app.top is app.table
    assert (app.table.g.key, app.table.g.deal) == ("kansas", record.deal)


def test_the_statistics_screen_from_the_menu_and_an_empty_history(make_app: Callable[..., App]) -> None:
    app = make_app(variant="lady-jane", deal=5, window=(800, 600))
    post_key(pygame.K_ESCAPE)
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScene)
    post_click(next(b for b in menu.buttons if b.action == "stats").rect.center)
    app.step()
    assert isinstance(app.top, StatsScene) and not app.top.game_rows
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_ESCAPE)
    app.step()
    assert app.top is app.table


def test_the_deal_of_the_day_starts_from_the_chooser_and_counts(make_app: Callable[..., App]) -> None:
    app = make_app(variant=None, deal=None)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    chooser.focus = list(game.VARIANTS).index("aunt-mary")
    post_click(next(b for b in chooser.extras if b.action == "daily").rect.center)
    app.step()
    table = app.table
    assert table is not None and table.session.daily
    assert table.g.deal == app.persist.store.daily_deal("aunt-mary")
    assert "Deal of the day" in table.title()
    click_stock(app)
    moved = table.g.state
    again = make_app(variant=None, deal=None)
    post_key(pygame.K_t, unicode="t")  # the chooser's focus is on the last game: Aunt Mary
    again.step()
    assert again.table is not None and again.table.session.daily and again.table.g.state == moved


def test_quitting_mid_game_with_a_saving_store_does_not_ask(make_app: Callable[..., App]) -> None:
    app = make_app(variant="kansas", deal=4)
    click_stock(app)
    post(pygame.QUIT)
    app.step()
    assert not app.running
    assert app.persist.stored.window_size == (1024, 768)
