"""The player's look (issue 36): the dark theme, the felt colours and the card backs, chosen on
the Table and cards page with real clicks and checked in the drawn pixels, and kept after a
restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.scenes.menu import MenuScene
from game.store.first_look import first_look
from game.view.backs import BACK_ORDER
from game.view.felt import CONTRAST_TABLE
from game.view.layout import TableLayout
from game.view.themes import CLASSIC, DARK, FELT_ORDER
from tests.app.conftest import (
    FakeClock,
    back_to_table,
    click_entry,
    open_look_page,
    post_key,
    settle,
    table,
)

Pixel = tuple[int, int, int]


def pixel(app: App, at: tuple[int, int]) -> Pixel:
    r, g, b, _ = app.surface.get_at(at)
    return r, g, b


def bare_felt(layout: TableLayout) -> tuple[int, int]:
    """A point of the table no pile, card or bar covers: just above the status line's left end."""
    return (layout.window.left + 3, layout.status.top - 3)


def menu_panel_point(app: App) -> tuple[int, int]:
    """A point of the menu's panel left of its buttons (the panel's own colour)."""
    menu = app.top
    assert isinstance(menu, MenuScene)
    left = min(b.rect.left for b in menu.buttons)
    return ((menu.rect.left + left) // 2, menu.buttons[0].rect.centery)


def test_the_dark_theme_draws_the_menu_and_the_bars_near_black_and_neutral(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    layout = table(app).layout
    bar_before = pixel(app, (layout.status.right - 2, layout.status.centery))
    page = open_look_page(app)
    click_entry(app, page, "theme")
    assert app.settings.theme == "dark"
    post_key(pygame.K_ESCAPE)  # back to the menu, drawn in the dark theme
    app.step()
    r, g, b = pixel(app, menu_panel_point(app))
    assert max(r, g, b) <= 24 and abs(g - r) <= 3 and abs(g - b) <= 4, (r, g, b)  # not green-tinted
    post_key(pygame.K_ESCAPE)
    app.step()
    bar_after = pixel(app, (layout.status.right - 2, layout.status.centery))
    assert bar_before == CLASSIC.bar and bar_after == DARK.bar


def test_the_classic_menu_panel_is_green_tinted(make_app: Callable[..., App]) -> None:
    """The other side of the test above: the panel point measured is the panel's own colour."""
    app = make_app()
    post_key(pygame.K_ESCAPE)
    app.step()
    r, g, b = pixel(app, menu_panel_point(app))
    assert g - r >= 8, (r, g, b)


def test_each_felt_paints_the_table_its_own_colour_and_high_contrast_wins(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    layout = table(app).layout
    seen = {app.settings.felt: pixel(app, bare_felt(layout))}
    page = open_look_page(app)
    for _ in FELT_ORDER[1:]:
        click_entry(app, page, "felt")
        back_to_table(app)
        seen[app.settings.felt] = pixel(app, bare_felt(layout))
        page = open_look_page(app)
    assert set(seen) == set(FELT_ORDER) and len(set(seen.values())) == len(FELT_ORDER), seen
    click_entry(app, page, "contrast")
    back_to_table(app)
    assert pixel(app, bare_felt(layout)) == CONTRAST_TABLE


def test_the_dark_theme_dims_the_felt(make_app: Callable[..., App]) -> None:
    app = make_app()
    layout = table(app).layout
    classic = pixel(app, bare_felt(layout))
    click_entry(app, open_look_page(app), "theme")
    back_to_table(app)
    dark = pixel(app, bare_felt(layout))
    assert sum(dark) < sum(classic) * 0.75, (classic, dark)


def test_each_card_back_draws_the_stock_differently(make_app: Callable[..., App]) -> None:
    app = make_app()  # Kansas: the stock lies face down
    t = table(app)
    stock = t.layout.state_rects(t.g.state, t.g.variant.index["stock"])[-1]
    drawn = {app.settings.card_back: pygame.image.tobytes(app.surface.subsurface(stock), "RGB")}
    page = open_look_page(app)
    for _ in BACK_ORDER[1:]:
        click_entry(app, page, "card_back")
        back_to_table(app)
        drawn[app.settings.card_back] = pygame.image.tobytes(app.surface.subsurface(stock), "RGB")
        page = open_look_page(app)
    assert set(drawn) == set(BACK_ORDER) and len(set(drawn.values())) == len(BACK_ORDER)


def test_the_look_comes_back_after_a_restart(make_app: Callable[..., App], data_dir: Path) -> None:
    first = make_app()
    page = open_look_page(first)
    for action in ("theme", "felt", "card_back", "card_back", "card_back"):
        click_entry(first, page, action)
    back_to_table(first)
    layout = table(first).layout
    felt = pixel(first, bare_felt(layout))
    first.quit()
    first.close()
    again = make_app()
    s = again.settings
    assert (s.theme, s.felt, s.card_back) == ("dark", "blue", "stars")
    assert again.art.back_design == "stars"
    assert pixel(again, bare_felt(table(again).layout)) == felt
    look = first_look(str(data_dir))  # the first frame's colour is read before the store
    assert (look.theme, look.felt) == ("dark", "blue")


def test_a_damaged_look_setting_falls_back_to_its_default(
    make_app: Callable[..., App], clock: FakeClock
) -> None:
    first = make_app()
    store = first.persist.store
    store._conn.execute(
        "UPDATE settings SET value = '\"plaid\"' WHERE name IN ('felt', 'card_back', 'theme')"
    )
    store._conn.commit()
    first.quit()
    first.close()
    again = make_app()
    s = again.settings
    assert (s.theme, s.felt, s.card_back) == ("classic", "green", "standard")
    settle(again, clock)


def test_until_a_theme_is_chosen_the_desktop_s_dark_preference_is_followed(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GTK_THEME", "Adwaita:dark")
    first = make_app()
    assert first.settings.theme == "dark"
    status = table(first).layout.status
    r, g, b = pixel(first, (status.right - 2, status.centery))
    assert (r, g, b) == DARK.bar
    first.quit()
    first.close()
    monkeypatch.setenv("GTK_THEME", "Adwaita")
    assert make_app().settings.theme == "classic"  # not chosen yet: the desktop's again


def test_a_theme_chosen_in_the_menu_wins_over_the_desktop_s(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GTK_THEME", "Adwaita:dark")
    first = make_app()
    click_entry(first, open_look_page(first), "theme")  # dark -> classic, chosen
    assert first.settings.theme == "classic"
    first.quit()
    first.close()
    assert make_app().settings.theme == "classic"
