"""A damaged catalog, a translation that breaks its placeholders, or a catalog folder Babel does
not know: the game falls back to English for that catalog or that message alone, and every
command (``--version`` included) still works."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fake_catalogs import install

from game import i18n
from game.cli import main

GOOD = {
    "Statistics": "Statistik",
    "{prog}: error: {message} (see '{prog} --help')": "{programm}: Fehler: {message} (siehe '{prog} --help')",
    "Deal {deal}": "Spiel {",
    "Won {games}": "{games} gewonnen",
    ("{count} card", "{count} cards"): ("{count} Karte", "{anzahl} Karten"),
}


def damaged(how: str, whole: bytes) -> bytes:
    noise = random.Random(3).randbytes(4000)
    return {"empty": b"", "cut_short": whole[: len(whole) // 2], "random": noise}[how]


@pytest.mark.parametrize("how", ["empty", "cut_short", "random"])
def test_a_damaged_catalog_falls_back_to_english_even_through_the_system_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    install(tmp_path, monkeypatch, {"de": GOOD, "fr": {"Statistics": "Statistiques"}})
    mo = tmp_path / "de" / "LC_MESSAGES" / "solitaire.mo"
    mo.write_bytes(damaged(how, mo.read_bytes()))
    monkeypatch.setenv("LANGUAGE", "de")
    assert i18n.set_language(None) == "en"
    assert i18n._("Statistics") == "Statistics"
    assert i18n.set_language("fr") == "fr" and i18n._("Statistics") == "Statistiques"  # the others still load
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("solitaire ")


def test_a_translation_with_a_renamed_placeholder_or_a_lone_brace_shows_that_message_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, {"de": GOOD})
    assert i18n.set_language("de") == "de"
    assert i18n._("Statistics") == "Statistik"  # the rest of the catalog still in German
    assert i18n._("Won {games}").format(games=3) == "3 gewonnen"
    assert i18n._("Deal {deal}").format(deal=7) == "Deal 7"
    assert i18n.ngettext("{count} card", "{count} cards", 1).format(count=1) == "1 Karte"
    assert i18n.ngettext("{count} card", "{count} cards", 5).format(count=5) == "5 cards"


def test_a_usage_error_whose_translation_renamed_a_placeholder_is_one_english_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install(tmp_path, monkeypatch, {"de": GOOD})
    monkeypatch.setenv("LANGUAGE", "de")
    with pytest.raises(SystemExit) as done:
        main(["--bogus"])
    assert done.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("solitaire: error: ")


@pytest.mark.parametrize("code", ["xx", "tlh"])
def test_a_catalog_folder_babel_does_not_know_is_not_offered_nor_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    install(tmp_path, monkeypatch, {"de": GOOD})
    foreign = tmp_path / code / "LC_MESSAGES"
    foreign.mkdir(parents=True)
    (foreign / "solitaire.mo").write_bytes((tmp_path / "de" / "LC_MESSAGES" / "solitaire.mo").read_bytes())
    assert i18n.available_languages() == ["en", "de"]
    assert i18n.set_language(code) == "en"
    monkeypatch.setenv("LANGUAGE", code)
    assert i18n.set_language(None) == "en"
    assert i18n.format_percent(0.5) == "50%"
    assert i18n.format_number(12345) == "12,345"
