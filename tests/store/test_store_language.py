"""The language setting: ``system`` by default, any language with a catalog kept, anything
else read back as ``system``; the store's counted notices in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_catalogs import install

from game import i18n
from game.store import Settings
from game.store.salvage import summary

RUSSIAN = {
    ("{count} finished game", "{count} finished games"): (
        "{count} законченная игра",
        "{count} законченные игры",
        "{count} законченных игр",
    ),
    ("{count} game in progress", "{count} games in progress"): (
        "{count} начатая игра",
        "{count} начатые игры",
        "{count} начатых игр",
    ),
    ("{count} setting", "{count} settings"): ("{count} настройка", "{count} настройки", "{count} настроек"),
}


@pytest.fixture(autouse=True)
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(tmp_path / "locale", monkeypatch, {"de": {}, "ru": RUSSIAN})


def test_the_language_is_the_system_s_at_first(open_store):
    assert open_store().load_settings().language == "system"


@pytest.mark.parametrize("code", ["system", "en", "de", "ru"])
def test_a_language_with_a_catalog_is_saved_and_restored(open_store, code):
    store = open_store()
    assert store.save_settings(Settings(language=code))
    store.close()
    assert open_store().load_settings().language == code


@pytest.mark.parametrize("stored", ['"xx"', '"../../etc"', '""', "42", "null", '["de"]', "{not json"])
def test_a_bad_saved_language_falls_back_to_the_system(open_store, stored):
    store = open_store()
    store.connection.execute(
        "INSERT OR REPLACE INTO settings (name, value) VALUES ('language', ?)", (stored,)
    )
    assert store.load_settings().language == "system"


def test_the_salvage_summary_counts_in_the_language_s_plural_forms() -> None:
    i18n.set_language("ru")
    try:
        said = summary({"games": 21, "saved_games": 3, "settings": 14})
    finally:
        i18n.set_language("en")
    assert said == "21 законченная игра, 3 начатые игры и 14 настроек"


def test_the_salvage_summary_in_english_counts_one_and_many() -> None:
    assert summary({"games": 1, "saved_games": 2, "settings": 0}) == (
        "1 finished game, 2 games in progress, and 0 settings"
    )
