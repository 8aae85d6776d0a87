"""The command line speaks the player's language: its help and error lines, argparse's own
words ("usage:", "options", "the following arguments are required") included, while what
``deal`` and ``solve`` print for programs stays as it is."""

from __future__ import annotations

import argparse
import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo

import game
from game import cli, i18n
from game.cli import main

GAME = Path(game.__file__).parent

GERMAN = {
    "usage: ": "Aufruf: ",
    "options": "Optionen",
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "start fullscreen": "im Vollbild starten",
    "argument {argument}: {message}": "Argument {argument}: {message}",
    "the following arguments are required: {arguments}": "es fehlt: {arguments} (100 %)",
    "{prog}: error: {message} (see '{prog} --help')": "{prog}: Fehler: {message} (siehe '{prog} --help')",
    "window size must look like 1280x720, got {text}": "Fenstergröße wie 1280x720 angeben, nicht {text}",
}
"""A few messages of a test catalog (the real catalogs are the translators')."""


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``LANGUAGE=de`` with a German test catalog; English again afterwards."""
    catalog = Catalog(locale="de", domain=i18n.DOMAIN)
    for english, german in GERMAN.items():
        catalog.add(english, german)
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{i18n.DOMAIN}.mo", "wb") as mo:
        write_mo(mo, catalog)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setenv("LANGUAGE", "de")
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_help_is_in_the_system_language_with_argparse_words(
    german: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: solitaire ")
    assert "\nOptionen:\n" in out
    assert "diese Hilfe zeigen und beenden" in out and "im Vollbild starten" in out
    assert "usage:" not in out and "options:" not in out


def test_an_error_is_one_line_in_the_system_language_with_status_2(
    german: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--window", "huge"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err == (
        "solitaire: Fehler: Argument --window: Fenstergröße wie 1280x720 angeben, nicht 'huge' "
        "(siehe 'solitaire --help')\n"
    )


def test_argparse_own_error_is_in_the_system_language(
    german: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["deal", "--deal", "3"])
    assert "solitaire deal: Fehler: es fehlt: --variant (100 %)" in capsys.readouterr().err


def test_deal_prints_the_same_position_in_any_language(
    german: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "--variant", "kansas", "--deal", "1234"]) == 0
    assert capsys.readouterr().out == game.new_game("kansas", deal=1234).text() + "\n"


def test_argparse_is_given_back_its_own_lookups(german: None) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
    assert argparse.ngettext is gettext.ngettext  # type: ignore[attr-defined]


class Recording(gettext.NullTranslations):
    """Every message looked up, answered in brackets (so an unmarked one shows)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


def extracted(path: Path) -> set[str]:
    found = set()
    for _, message, _, _ in extract_from_file("python", path):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("make", [cli.play_parser, cli.deal_parser, cli.solve_parser])
def test_every_help_line_is_marked_and_extracted_for_translation(
    make: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    recording = Recording()
    monkeypatch.setattr(i18n, "_translations", recording)
    with cli._argparse_in_our_language():
        parser = make()  # type: ignore[operator]
        parser.format_help()
    assert parser.description and parser.description.startswith("⟦")
    for action in parser._actions:
        assert action.help and action.help.startswith("⟦"), f"{action.option_strings}: not marked"
    marked = extracted(GAME / "cli.py") | extracted(GAME / "store" / "paths.py")
    assert recording.asked - marked == set(), "looked up but not extractable (built at run time?)"


@pytest.mark.parametrize(
    "args",
    [
        ["--variant", "no-such-game"],
        ["--deal", "x"],
        ["--window", "huge"],
        ["--data-dir", "~no-such-user-here/x"],
        ["--bogus"],
        ["solve", "--variant", "kansas", "--deal", "1", "--budget", "-1"],
        ["deal", "--variant", "kansas"],
        ["--v", "kansas"],
    ],
)
def test_every_error_line_is_marked(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    recording = Recording()
    monkeypatch.setattr(i18n, "set_language", lambda code: "en")  # keep the recording catalog
    monkeypatch.setattr(i18n, "_translations", recording)
    monkeypatch.setattr(cli, "set_language", lambda code: "en")
    with pytest.raises(SystemExit):
        main(args)
    err = capsys.readouterr().err
    assert err.startswith("⟦") and err.count("\n") == 1
    marked = extracted(GAME / "cli.py") | extracted(GAME / "store" / "paths.py")
    engine_messages = extracted(GAME / "engine" / "deals.py")  # the deal number's (game.engine's own)
    assert recording.asked - marked - engine_messages == set()


def test_the_language_is_chosen_before_the_parsers_are_built(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(cli, "set_language", lambda code: calls.append(f"language {code}") or "en")
    real = cli.play_parser

    def play_parser() -> argparse.ArgumentParser:
        calls.append("parser")
        return real()

    monkeypatch.setattr(cli, "play_parser", play_parser)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert calls[:2] == ["language None", "parser"]
