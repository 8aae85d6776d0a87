"""The template (game/locale/solitaire.pot) is what the extraction finds in the code now, and the
extraction finds every kind of marked message with its translator comment."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n_tools

SOURCE = """
from game.i18n import N_, NP_, _, ngettext, npgettext, pgettext

# Translators: the pile cards are dealt from
STOCK = N_("Stock")
NAME = NP_("game name", "Kansas")
plain = _("New game")
counted = ngettext("{count} card", "{count} cards", 2)
button = pgettext("button", "Deal")
both = npgettext("toast", "{count} move undone", "{count} moves undone", 3)
not_marked = print("A developer's line")
"""


@pytest.fixture(scope="module")
def extracted() -> object:
    return i18n_tools.extract()


def test_the_template_holds_every_message_the_code_marks(extracted: object) -> None:
    in_code = i18n_tools.keys(extracted)  # type: ignore[arg-type]
    in_template = i18n_tools.keys(i18n_tools.read(i18n_tools.TEMPLATE))
    assert sorted(in_code - in_template, key=repr) == [], "run `python -m game.i18n_tools extract`"
    assert sorted(in_template - in_code, key=repr) == [], "run `python -m game.i18n_tools extract`"


def test_the_template_is_written_as_the_extraction_writes_it(extracted: object, tmp_path: Path) -> None:
    """Comments and files included: extracting again would change nothing."""
    copy = tmp_path / "solitaire.pot"
    copy.write_bytes(i18n_tools.TEMPLATE.read_bytes())
    assert not i18n_tools.write_template(extracted, copy), "run `python -m game.i18n_tools extract`"  # type: ignore[arg-type]


def test_a_newly_marked_message_makes_the_template_out_of_date(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    module = tmp_path / "game" / "screen.py"
    module.write_text('from game.i18n import _\n\nTITLE = _("Statistics")\n', encoding="utf-8")
    template = tmp_path / "solitaire.pot"
    assert i18n_tools.write_template(i18n_tools.extract(tmp_path / "game"), template)
    assert not i18n_tools.write_template(i18n_tools.extract(tmp_path / "game"), template)
    module.write_text(module.read_text() + 'HELP = _("Press F1 for the rules")\n', encoding="utf-8")
    fresh = i18n_tools.keys(i18n_tools.extract(tmp_path / "game"))
    assert fresh - i18n_tools.keys(i18n_tools.read(template)) == {(None, "Press F1 for the rules")}
    assert i18n_tools.write_template(i18n_tools.extract(tmp_path / "game"), template)


def test_the_extraction_finds_every_kind_of_marked_message(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "marks.py").write_text(SOURCE, encoding="utf-8")
    catalog = i18n_tools.extract(tmp_path / "game")
    assert i18n_tools.keys(catalog) == {
        (None, "Stock"),
        ("game name", "Kansas"),
        (None, "New game"),
        (None, ("{count} card", "{count} cards")),
        ("button", "Deal"),
        ("toast", ("{count} move undone", "{count} moves undone")),
    }
    stock = catalog.get("Stock")
    assert stock is not None and stock.auto_comments == ["Translators: the pile cards are dealt from"]
    assert stock.locations == [("game/marks.py", 5)]


def test_the_template_keeps_no_line_numbers(tmp_path: Path) -> None:
    """A line moved in the code changes no template."""
    text = i18n_tools.TEMPLATE.read_text(encoding="utf-8")
    locations = [line for line in text.splitlines() if line.startswith("#: ")]
    assert locations and not any(":" in name for line in locations for name in line[3:].split())


def test_every_message_uses_named_placeholders_only() -> None:
    """``{moves}``, never ``{}``/``{0}`` nor ``%s``: a translation may have to reorder them."""
    bad = []
    for message in i18n_tools.messages(i18n_tools.read(i18n_tools.TEMPLATE)):
        for text in [message.id] if isinstance(message.id, str) else message.id:
            fields = i18n_tools.placeholders(text)
            if (
                fields is None
                or any(not name.isidentifier() for name in fields)
                or "%s" in text
                or "%d" in text
            ):
                bad.append(text)
    assert bad == []
