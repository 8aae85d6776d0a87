"""The Linux menu entry speaks the player's language: build.py writes ``Name[de]=…`` and the
like from the catalogs, for the keys game/desktop.py marks; the template's English lines are
those messages, so the extraction and the entry cannot drift apart."""

from __future__ import annotations

import configparser
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest
from catalog_files import write_catalog

from game import desktop, i18n_tools

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_for_desktop", ROOT / "build" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(text)
    return parser["Desktop Entry"]


GERMAN = """
msgctxt "desktop entry"
msgid "Solitaire"
msgstr "Patiencen"

msgctxt "desktop entry"
msgid "Patience card games"
msgstr "Patience-Kartenspiele"

msgctxt "desktop entry"
msgid "Lady Jane, Baker's Game, Kansas, Aunt Mary and Seahaven Towers (version {version})"
msgstr "Lady Jane, Baker's Game, Kansas, Aunt Mary und Seahaven Towers (Version {version})"

#, fuzzy
msgctxt "desktop entry"
msgid "solitaire;patience;cards;freecell;"
msgstr "solitär;"
"""


def test_the_templates_english_lines_are_the_marked_messages(build_script: ModuleType) -> None:
    english = entry(build_script.linux_desktop().DESKTOP_TEMPLATE.read_text(encoding="utf-8"))
    assert {key: english[key] for key in desktop.ENTRY} == desktop.ENTRY


def test_the_marked_messages_are_in_the_template() -> None:
    marked = {(desktop.CONTEXT, text) for text in desktop.ENTRY.values()}
    assert marked <= i18n_tools.keys(i18n_tools.read(i18n_tools.TEMPLATE))


def test_each_catalog_adds_its_translated_lines(build_script: ModuleType, tmp_path: Path) -> None:
    write_catalog(tmp_path, "de", GERMAN)
    french = 'msgctxt "desktop entry"\nmsgid "Solitaire"\nmsgstr "Réussite"\n'
    write_catalog(tmp_path, "fr", french + 'msgid "Patience card games"\nmsgstr "Jeux de cartes"\n')
    text = build_script.desktop_entry(tmp_path)
    values = entry(text)
    assert values["Name"] == "Solitaire"
    assert values["Name[de]"] == "Patiencen" and values["Name[fr]"] == "Réussite"
    assert values["GenericName[de]"] == "Patience-Kartenspiele"
    assert "GenericName[fr]" not in values  # the same words in the game, not the menu entry's
    version = build_script.version()
    assert values["Comment"].endswith(f"(version {version})")
    assert values["Comment[de]"].endswith(f"(Version {version})")
    assert "Keywords[de]" not in values  # fuzzy: left out, the English keywords stay
    assert text.index("Name[de]=") > text.index("Name=") and "{" not in text


def test_without_catalogs_the_entry_is_the_english_one(build_script: ModuleType, tmp_path: Path) -> None:
    values = entry(build_script.desktop_entry(tmp_path))
    assert not [key for key in values if "[" in key]


def _fake_executable(tmp_path: Path, translated: bool) -> Path:
    """A stand-in for the built app whose --help follows LANGUAGE only when ``translated``."""
    exe = tmp_path / "solitaire"
    words = '{"de": "Aufruf: solitaire"}.get(os.environ.get("LANGUAGE"), "usage: solitaire")'
    exe.write_text(
        f"#!{sys.executable}\nimport os\nprint({words if translated else repr('usage: solitaire')})\n",
        encoding="utf-8",
    )
    exe.chmod(0o755)
    return exe


@pytest.mark.skipif(sys.platform == "win32", reason="a script as the stand-in executable")
def test_the_smoke_fails_a_build_that_ignores_a_translated_command_line(
    build_script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build_script, "shipped_languages", lambda: ["de"])
    monkeypatch.setattr(build_script, "translated_help", lambda language: True)
    env = dict(os.environ)
    assert build_script.smoke_languages(_fake_executable(tmp_path, True), tmp_path, env) == []
    failures = build_script.smoke_languages(_fake_executable(tmp_path, False), tmp_path, env)
    assert len(failures) == 1 and "LANGUAGE=de --help is not translated" in failures[0]


def test_a_catalog_translating_the_command_line_is_told_apart(
    build_script: ModuleType, tmp_path: Path
) -> None:
    body = '#: game/cli.py\nmsgid "show the version"\nmsgstr "die Version zeigen"\n'
    root = tmp_path / "locale"
    write_catalog(root, "de", body)
    write_catalog(root, "fr", '#: game/scenes/menu.py\nmsgid "Menu"\nmsgstr "Menu"\n')
    assert build_script.translated_help("de", root)
    assert not build_script.translated_help("fr", root)
