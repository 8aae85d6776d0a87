"""Every shipped catalog is complete and usable: nothing untranslated or fuzzy, each message's
placeholders kept, the language's plural forms; and each of those checks does catch a broken
catalog (written here into a temporary folder, never into game/locale)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from catalog_files import GERMAN, TEMPLATE, write_catalog, write_template

from game import i18n, i18n_tools

SHIPPED = i18n_tools.catalog_paths()


@pytest.mark.parametrize("po", SHIPPED, ids=[i18n_tools.language_of(po) for po in SHIPPED])
def test_every_shipped_catalog_is_complete_and_usable(po: Path) -> None:
    assert i18n_tools.problems(po) == []


@pytest.mark.parametrize("po", SHIPPED, ids=[i18n_tools.language_of(po) for po in SHIPPED])
def test_every_shipped_catalog_is_compiled_and_current(po: Path) -> None:
    assert i18n_tools.is_current(po), (
        f"{po} is newer than its .mo: run `python -m game.i18n_tools compile` (or pip install -e . again)"
    )


def test_the_checks_take_a_complete_catalog(tmp_path: Path) -> None:
    template = write_template(tmp_path)
    assert i18n_tools.problems(write_catalog(tmp_path, "de", GERMAN), template) == []


def _german_with(tmp_path: Path, old: str, new: str) -> list[str]:
    assert old in GERMAN
    po = write_catalog(tmp_path, "de", GERMAN.replace(old, new, 1))
    return i18n_tools.problems(po, write_template(tmp_path))


def test_an_untranslated_message_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, 'msgstr "Neues Spiel"', 'msgstr ""')
    assert found == ["de: untranslated: 'New game'"]


def test_an_untranslated_plural_form_is_reported(tmp_path: Path) -> None:
    assert _german_with(tmp_path, 'msgstr[1] "{moves} Züge"', 'msgstr[1] ""') == [
        "de: untranslated: '{moves} move'"
    ]


def test_a_fuzzy_message_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, 'msgctxt "button"', '#, fuzzy\nmsgctxt "button"')
    assert found == ["de: fuzzy (check the translation, then remove the fuzzy flag): button | 'Deal'"]


def test_a_dropped_placeholder_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, '"{game}, Spiel {deal}"', '"{game}, ein Spiel"')
    assert found == ["de: placeholder ['deal'] left out of '{game}, ein Spiel': 'Deal {deal} of {game}'"]


def test_a_placeholder_dropped_from_one_plural_form_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, 'msgstr[1] "{moves} Züge"', 'msgstr[1] "viele Züge"')
    assert found == ["de: placeholder ['moves'] left out of 'viele Züge': '{moves} move'"]


def test_a_translated_placeholder_name_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, '"{game}, Spiel {deal}"', '"{spiel}, Spiel {deal}"')
    assert found[0].startswith(
        "de: unknown placeholder ['spiel'] in '{spiel}, Spiel {deal}' (the game would crash)"
    )


def test_unbalanced_braces_are_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, '"{game}, Spiel {deal}"', '"{game}, Spiel {deal"')
    assert found == ["de: unbalanced braces in '{game}, Spiel {deal': 'Deal {deal} of {game}'"]


def test_a_singular_without_the_count_lets_each_form_leave_it_out(tmp_path: Path) -> None:
    template = write_template(
        tmp_path, 'msgid "one card"\nmsgid_plural "{count} cards"\nmsgstr[0] ""\nmsgstr[1] ""\n'
    )
    body = (
        'msgid "one card"\nmsgid_plural "{count} cards"\nmsgstr[0] "eine Karte"\nmsgstr[1] "{count} Karten"\n'
    )
    assert i18n_tools.problems(write_catalog(tmp_path, "de", body), template) == []


def test_a_message_missing_from_the_catalog_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, 'msgid "New game"\nmsgstr "Neues Spiel"\n', "")
    assert found == ["de: missing (run update): 'New game'"]


def test_a_message_no_longer_in_the_template_is_reported(tmp_path: Path) -> None:
    found = _german_with(tmp_path, 'msgid "New game"', 'msgid "New game!"')
    assert "de: no longer in the template (run update): 'New game!'" in found


def test_a_plural_form_the_language_has_left_out_is_reported(tmp_path: Path) -> None:
    """Russian has three forms (1 ход, 2 хода, 5 ходов): a catalog giving two is incomplete."""
    body = GERMAN.replace('"{moves} Zug"', '"{moves} ход"').replace('"{moves} Züge"', '"{moves} хода"')
    body = body.replace("Neues Spiel", "Новая игра").replace('"Geben"', '"Сдать"').replace("Spiel", "игра")
    found = i18n_tools.problems(write_catalog(tmp_path, "ru", body), write_template(tmp_path))
    assert found == ["ru: untranslated: '{moves} move'"]


def test_a_plural_forms_header_that_is_not_the_languages_is_reported(tmp_path: Path) -> None:
    po = write_catalog(tmp_path, "ru", "", plural="nplurals=2; plural=(n != 1);")
    found = i18n_tools.problems(po, write_template(tmp_path, ""))
    assert found == ["ru: nplurals=2, the language has 3"]


def test_a_plural_expression_picking_a_missing_form_is_reported(tmp_path: Path) -> None:
    po = write_catalog(tmp_path, "de", "", plural="nplurals=2; plural=(n > 1 ? 2 : 0);")
    found = i18n_tools.problems(po, write_template(tmp_path, ""))
    assert found == ["de: Plural-Forms picks a form it does not have for n = [2, 3, 4, 5, 6]"]


def test_a_catalog_in_the_wrong_folder_is_reported(tmp_path: Path) -> None:
    po = write_catalog(tmp_path, "de", GERMAN)
    moved = tmp_path / "fr" / "LC_MESSAGES" / "solitaire.po"
    moved.parent.mkdir(parents=True)
    po.rename(moved)
    assert "fr: its Language header says de" in i18n_tools.problems(moved, write_template(tmp_path))


def test_the_check_command_fails_on_a_broken_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(i18n_tools, "LOCALE", tmp_path)
    monkeypatch.setattr(i18n_tools, "TEMPLATE", write_template(tmp_path))
    write_catalog(tmp_path, "de", GERMAN)
    assert i18n_tools.main(["check"]) == 0
    write_catalog(tmp_path, "fr", "")
    assert i18n_tools.main(["check"]) == 1
    assert "fr: missing (run update): 'New game'" in capsys.readouterr().out


def test_the_compiled_catalog_is_what_gettext_reads(tmp_path: Path) -> None:
    """Compiled into a temporary folder: the translation, the plural forms, the context; a fuzzy
    message stays English."""
    import gettext

    po = write_catalog(tmp_path, "de", GERMAN.replace('msgid "New game"', '#, fuzzy\nmsgid "New game"'))
    with i18n_tools.compile_catalog(po).open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    assert catalog.ngettext("{moves} move", "{moves} moves", 1) == "{moves} Zug"
    assert catalog.ngettext("{moves} move", "{moves} moves", 2) == "{moves} Züge"
    assert catalog.pgettext("button", "Deal") == "Geben"
    assert catalog.gettext("New game") == "New game"


def test_compiling_skips_a_current_catalog_and_redoes_an_edited_one(tmp_path: Path) -> None:
    import os

    po = write_catalog(tmp_path, "de", GERMAN)
    assert i18n_tools.compile_all(tmp_path) == [po.with_suffix(".mo")]
    assert i18n_tools.compile_all(tmp_path) == []
    later = po.with_suffix(".mo").stat().st_mtime + 5
    os.utime(po, (later, later))
    assert not i18n_tools.is_current(po)
    assert i18n_tools.compile_all(tmp_path) == [po.with_suffix(".mo")]


def test_the_tools_and_the_game_name_one_domain() -> None:
    assert i18n_tools.DOMAIN == i18n.DOMAIN


def test_a_new_language_starts_with_every_message_to_translate(tmp_path: Path) -> None:
    template = write_template(tmp_path)
    po = i18n_tools.init("it", tmp_path, template)
    assert i18n_tools.keys(i18n_tools.read(po, "it")) == i18n_tools.keys(i18n_tools.read(template))
    found = i18n_tools.problems(po, template)
    assert len(found) == 4 and all(": untranslated: " in line for line in found)
    with pytest.raises(SystemExit, match="exists already"):
        i18n_tools.init("it", tmp_path, template)


def test_update_adds_new_messages_and_marks_changed_ones_fuzzy(tmp_path: Path) -> None:
    po = write_catalog(tmp_path, "de", GERMAN)
    template = write_template(
        tmp_path, TEMPLATE.replace('"New game"', '"New game!"') + 'msgid "Hint"\nmsgstr ""\n'
    )
    assert i18n_tools.update(tmp_path, template) == [po]
    catalog = i18n_tools.read(po, "de")
    assert catalog.get("Hint") is not None and not catalog.get("Hint").string  # type: ignore[union-attr]
    changed = catalog.get("New game!")
    assert changed is not None and changed.fuzzy and changed.string == "Neues Spiel"
    assert sorted(i18n_tools.problems(po, template)) == [
        "de: fuzzy (check the translation, then remove the fuzzy flag): 'New game!'",
        "de: untranslated: 'Hint'",
    ]


def test_readmes_translating_commands_are_the_tools() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    commands = set(re.findall(r"-m game\.i18n_tools (\w+)", readme))
    assert commands == {"extract", "init", "update", "compile", "check"}
    for command in commands:
        with pytest.raises(SystemExit) as done:
            i18n_tools.main([command, "--help"])
        assert done.value.code == 0


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("po", SHIPPED, ids=[i18n_tools.language_of(po) for po in SHIPPED])
def test_a_game_plays_to_the_end_in_every_language(po: Path, tmp_path: Path) -> None:
    """``LANGUAGE=<code> solitaire --variant kansas --deal 3 --autoplay --exit-when-done``."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_SPEED="off")
    env.update(LANGUAGE=i18n_tools.language_of(po), SOLITAIRE_DATA_DIR=str(tmp_path / "data"))
    args = [
        sys.executable,
        "-m",
        "game",
        "--variant",
        "kansas",
        "--deal",
        "3",
        "--autoplay",
        "--exit-when-done",
    ]
    proc = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr
    assert "kansas" in proc.stdout and "Traceback" not in proc.stderr


@pytest.mark.parametrize("po", SHIPPED, ids=[i18n_tools.language_of(po) for po in SHIPPED])
def test_update_on_a_current_catalog_changes_no_byte(po: Path, tmp_path: Path) -> None:
    """The tools write catalogs exactly as shipped, so a new message changes a few lines, not the
    whole file's wrapping."""
    language = i18n_tools.language_of(po)
    copy = tmp_path / language / "LC_MESSAGES" / po.name
    copy.parent.mkdir(parents=True)
    copy.write_bytes(po.read_bytes())
    assert i18n_tools.update(tmp_path) == [], "run `python -m game.i18n_tools update`"


def test_the_template_is_wrapped_as_the_catalogs_are(tmp_path: Path) -> None:
    copy = tmp_path / "solitaire.pot"
    i18n_tools.write(copy, i18n_tools.read(i18n_tools.TEMPLATE))
    assert copy.read_bytes() == i18n_tools.TEMPLATE.read_bytes()
