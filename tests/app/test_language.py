"""The Language entry of the menu: System first, then each language with a catalog; the
choice is saved, applied at once to every screen (no restart), and applied at the next start."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from fake_catalogs import install

from game import i18n
from game.app import App
from game.scenes.menu import MenuScene
from game.store import Store
from tests.app.conftest import post_click, post_key

GERMAN = {
    "Menu": "Menü",
    "Undo": "Rückgängig",
    "Resume": "Weiterspielen",
    "Language: {language}": "Sprache: {language}",
    "System ({language})": "System ({language})",
}
FRENCH = {"Menu": "Menu", "Undo": "Annuler", "Language: {language}": "Langue : {language}"}


@pytest.fixture(autouse=True)
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(tmp_path / "locale", monkeypatch, {"de": GERMAN, "fr": FRENCH})


def _open_menu(app: App) -> MenuScene:
    post_key(pygame.K_ESCAPE)
    app.step()
    assert isinstance(app.top, MenuScene)
    return app.top


def _label(buttons: list, action: object) -> str:  # type: ignore[type-arg]
    return next(b.label for b in buttons if b.action == action)


def _choose_language(app: App, menu: MenuScene) -> None:
    post_click(next(b for b in menu.buttons if b.action == "language").rect.center)
    app.step()


def test_the_language_entry_starts_with_the_system_and_names_its_language(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "fr_FR")
    app = make_app()
    menu = _open_menu(app)
    assert _label(menu.buttons, "language") == "Langue : System (Français)"


def test_choosing_a_language_switches_the_table_and_menu_at_once(make_app: Callable[..., App]) -> None:
    from game.controls.intents import Intent

    app = make_app()
    table = app.table
    assert table is not None and _label(table.buttons, Intent.UNDO) == "Undo"
    menu = _open_menu(app)
    _choose_language(app, menu)  # System (English) -> de, the first language after English
    _choose_language(app, menu)
    assert app.persist.stored.language == "de" and i18n.current_language() == "de"
    assert app.top is menu
    assert _label(menu.buttons, Intent.CLOSE) == "Weiterspielen"
    assert _label(menu.buttons, "language") == "Sprache: Deutsch"
    assert _label(table.buttons, Intent.UNDO) == "Rückgängig"  # under the menu, without a restart
    post_key(pygame.K_ESCAPE)
    app.step()
    assert app.top is table and _label(table.buttons, Intent.UNDO) == "Rückgängig"


def test_the_last_language_goes_back_to_the_system(make_app: Callable[..., App]) -> None:
    app = make_app()
    menu = _open_menu(app)
    seen = []
    for _ in range(4):
        _choose_language(app, menu)
        seen.append(app.persist.stored.language)
    assert seen == ["en", "de", "fr", "system"]


def test_the_chosen_language_is_applied_at_the_next_start(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.set_language("fr")
    app.quit()
    app.close()
    i18n.set_language("en")
    again = make_app()
    assert again.persist.stored.language == "fr" and i18n.current_language() == "fr"
    assert again.table is not None
    from game.controls.intents import Intent

    assert _label(again.table.buttons, Intent.UNDO) == "Annuler"


def test_a_saved_language_without_a_catalog_falls_back_to_the_system(
    make_app: Callable[..., App], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(str(data_dir))
    store.connection.execute("INSERT OR REPLACE INTO settings VALUES ('language', '\"xx\"')")
    store.close()
    monkeypatch.setenv("LANGUAGE", "de")
    app = make_app()
    assert app.persist.stored.language == "system" and i18n.current_language() == "de"


def test_statistics_write_percentages_and_numbers_as_the_language_does() -> None:
    from game.scenes.stats import percent, summary_cells
    from game.store import Summary

    i18n.set_language("de")
    cells = summary_cells(
        "Kansas",
        Summary(
            variant="kansas",
            played=1234,
            won=308,
            lost=926,
            win_rate=0.25,
            current_streak=0,
            best_streak=3,
            best_time=None,
            fewest_moves=None,
            best_score=None,
            daily_played=0,
            daily_won=0,
            daily_current_streak=0,
            daily_best_streak=0,
        ),
    )
    assert percent(0.25) == "25\xa0%"
    assert cells[1:4] == ["1.234", "308", "25\xa0%"]


def test_the_autoplay_note_takes_the_language_s_plural_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes.table_drawing import autoplay_note

    forms = ("Автоигра: {count} ход", "Автоигра: {count} хода", "Автоигра: {count} ходов")
    install(
        tmp_path / "ru-locale",
        monkeypatch,
        {"ru": {("Autoplay: {count} action", "Autoplay: {count} actions"): forms}},
    )
    i18n.set_language("ru")
    assert [autoplay_note(n) for n in (1, 3, 5, 21)] == [
        "Автоигра: 1 ход",
        "Автоигра: 3 хода",
        "Автоигра: 5 ходов",
        "Автоигра: 21 ход",
    ]
    i18n.set_language("en")
    assert [autoplay_note(n) for n in (1, 2)] == ["Autoplay: 1 action", "Autoplay: 2 actions"]
