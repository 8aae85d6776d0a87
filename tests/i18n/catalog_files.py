"""Small ``.pot`` / ``.po`` files written by a test, to show each catalog check can fail."""

from __future__ import annotations

from pathlib import Path

HEADER = """msgid ""
msgstr ""
"Language: {language}\\n"
"Plural-Forms: {plural}\\n"
"Content-Type: text/plain; charset=utf-8\\n"

"""

PLURALS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)"
    " ? 1 : 2);",
}

TEMPLATE = """
msgid "New game"
msgstr ""

#. Translators: a count of moves
msgid "{moves} move"
msgid_plural "{moves} moves"
msgstr[0] ""
msgstr[1] ""

msgctxt "button"
msgid "Deal"
msgstr ""

msgid "Deal {deal} of {game}"
msgstr ""
"""
"""Four messages: plain, counted, with a context, with two placeholders."""

GERMAN = """
msgid "New game"
msgstr "Neues Spiel"

msgid "{moves} move"
msgid_plural "{moves} moves"
msgstr[0] "{moves} Zug"
msgstr[1] "{moves} Züge"

msgctxt "button"
msgid "Deal"
msgstr "Geben"

msgid "Deal {deal} of {game}"
msgstr "{game}, Spiel {deal}"
"""
"""A complete German catalog of TEMPLATE (the placeholders reordered, as a translation may)."""


def write_template(folder: Path, body: str = TEMPLATE) -> Path:
    path = folder / "solitaire.pot"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n' + body, "utf-8")
    return path


def write_catalog(folder: Path, language: str, body: str, plural: str | None = None) -> Path:
    """``folder/<language>/LC_MESSAGES/solitaire.po`` with a header and ``body``."""
    path = folder / language / "LC_MESSAGES" / "solitaire.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    header = HEADER.format(language=language, plural=plural or PLURALS[language])
    path.write_text(header + body, encoding="utf-8")
    return path
