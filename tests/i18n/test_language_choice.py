"""Which catalog the game reads: the system's choice from LANGUAGE, LC_ALL, LC_MESSAGES, LANG
(in that order), a country's catalog or its language's, English when nothing matches; the
languages offered are the catalogs found."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from catalog_files import write_catalog

from game import i18n, i18n_tools

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Compile a one-message catalog per language given (``New game`` -> ``<code>: New game``)
    into a temporary locale folder the game reads; no language variable set; English again after."""
    monkeypatch.setattr(i18n, "_translations", i18n._translations)
    monkeypatch.setattr(i18n, "_language", i18n._language)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n, "_platform_languages", lambda: [])

    def make(*languages: str) -> None:
        for code in languages:
            body = f'msgid "New game"\nmsgstr "{code}: New game"\n'
            i18n_tools.compile_catalog(
                write_catalog(tmp_path, code, body, plural="nplurals=2; plural=(n != 1);")
            )

    return make


def test_language_variable_picks_the_catalog(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("de", "fr")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert i18n.set_language(None) == "fr"
    assert i18n._("New game") == "fr: New game"


def test_language_lists_several_and_the_first_available_wins(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("de")
    monkeypatch.setenv("LANGUAGE", "sv:de_AT:fr")
    assert i18n.set_language(None) == "de"


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        (
            {"LANGUAGE": "fr", "LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "ru_RU.UTF-8"},
            "fr",
        ),
        ({"LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"}, "de"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE@euro"}, "de"),
        ({"LANGUAGE": "", "LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_is_read_in_gettexts_order(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch, settings: dict[str, str], expected: str
) -> None:
    catalogs("de", "fr")
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    assert i18n.set_language(None) == expected


def test_a_brazilian_player_gets_the_brazilian_catalog_not_the_portuguese(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("pt", "pt_BR")
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert i18n.set_language(None) == "pt_BR"
    assert i18n._("New game") == "pt_BR: New game"
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")
    assert i18n.set_language(None) == "pt"


def test_portuguese_without_its_own_catalog_gets_the_brazilian_one(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("pt_BR", "fr")
    monkeypatch.setenv("LANGUAGE", "pt_PT:fr")
    assert i18n.set_language(None) == "pt_BR"
    assert i18n.set_language("pt") == "pt_BR"


def test_an_unknown_language_gets_english(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("de")
    monkeypatch.setenv("LANGUAGE", "tlh")
    assert i18n.set_language(None) == "en"
    assert i18n._("New game") == "New game"
    assert i18n.set_language("xx_YY") == "en"


def test_english_first_in_the_list_wins_over_a_later_catalog(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("de")
    monkeypatch.setenv("LANGUAGE", "en_GB:de")
    assert i18n.set_language(None) == "en"


def test_the_settings_choice_overrides_the_system_and_system_goes_back(
    catalogs: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs("de", "fr")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.set_language("fr") == "fr" and i18n._("New game") == "fr: New game"
    assert i18n.set_language("system") == "de" and i18n._("New game") == "de: New game"


def test_a_new_catalog_is_a_new_language_offered(catalogs: Callable[..., None]) -> None:
    """Adding a language is one .po file: compiled (as the install does), it is offered."""
    assert i18n.available_languages() == ["en"]
    catalogs("it")
    assert i18n.available_languages() == ["en", "it"]


def test_the_frozen_game_reads_the_catalogs_inside_the_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundled = tmp_path / "game" / "locale"
    bundled.mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert i18n.locale_dir() == bundled


def test_from_source_the_catalogs_are_the_packages() -> None:
    assert i18n.locale_dir() == i18n_tools.LOCALE
