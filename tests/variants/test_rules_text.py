"""What players read about each game comes from translatable resources: the rule paragraphs
(the rules screen, F1), the game's name and the chooser's line. The class docstrings stay the
developers' statement of the rules, with rule ids, and are not shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from tiny_catalog import install

from game import VARIANTS, i18n
from game.variants.kansas import Kansas

KEYWORDS = {
    "_": None,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
"""The extraction keywords, as ``pybabel extract -k N_ -k NP_:1c,2 -k pgettext:1c,2 ...``."""
GAME = Path(__file__).resolve().parents[2] / "game"


@pytest.fixture(scope="module")
def extracted() -> set[tuple[str | None, str]]:
    """Every (context, message) ``pybabel extract`` finds in the variants."""
    found = extract_from_dir(str(GAME / "variants"), method_map=[("**.py", "python")], keywords=KEYWORDS)
    return {(context, msg if isinstance(msg, str) else msg[0]) for _, _, msg, _, context in found}


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_game_declares_its_rules_as_whole_paragraphs_for_players(key: str) -> None:
    rules = VARIANTS[key].rules
    assert len(rules) >= 4  # the deal, the foundations, the tableau, the rest: one message each
    for paragraph in rules:
        assert paragraph.endswith(".") and paragraph[0].isupper()
        assert not re.search(r"\b[A-Z]{2}-\d|rules\.md|fnd-|tab-|AisleRiot|PySolFC|▾", paragraph)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_rules_names_and_summaries_are_found_by_the_extraction(
    key: str, extracted: set[tuple[str | None, str]]
) -> None:
    cls = VARIANTS[key]
    assert {(None, paragraph) for paragraph in cls.rules} <= extracted
    assert (None, cls.summary) in extracted
    assert ("game name", cls.name) in extracted


def test_the_rule_paragraphs_come_from_the_resources_not_the_docstring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kansas = Kansas.instance()
    before = kansas.rule_paragraphs()
    monkeypatch.setattr(Kansas, "__doc__", "Kansas.\n\nA docstring a developer rewrote (KS-1).")
    assert kansas.rule_paragraphs() == before
    monkeypatch.setattr(Kansas, "rules", ("The one rule.",))
    assert kansas.rule_paragraphs() == ["The one rule."]


def test_rules_name_and_summary_show_in_the_language_switched_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kansas = Kansas.instance()
    install(
        tmp_path,
        monkeypatch,
        "de",
        {
            (None, Kansas.rules[0]): "Die Reserve bekommt zwölf Karten.",
            ("game name", "Kansas"): "Kansas (de)",
            (None, Kansas.summary): "Abwärts ohne Rücksicht auf die Farbe.",
        },
    )
    assert kansas.rule_paragraphs()[0] == "Die Reserve bekommt zwölf Karten."
    assert kansas.rule_paragraphs()[1] == Kansas.rules[1]  # untranslated: English, never blank
    assert kansas.display_name() == "Kansas (de)" and kansas.name == "Kansas"  # scripts keep the key name
    assert kansas.display_summary() == "Abwärts ohne Rücksicht auf die Farbe."
    i18n.set_language("en")  # switched back live: nothing was kept from the other language
    assert kansas.rule_paragraphs()[0] == Kansas.rules[0] and kansas.display_name() == "Kansas"


def test_a_game_name_is_translated_only_as_a_game_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "fr", {(None, "Kansas"): "l'État du Kansas"})
    assert Kansas.instance().display_name() == "Kansas"
