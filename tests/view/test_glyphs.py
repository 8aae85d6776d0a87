"""The game's font has a glyph for every character it is asked to draw, in every language:
each catalog's translations, the English messages, Babel's numbers, percentages and dates
(French and Russian group digits with no-break spaces), and every literal in the code, each as
the font draws it (``lean_pygame.plain`` swaps the few symbols the font lacks)."""

from __future__ import annotations

import datetime
import importlib.util
import io
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.view.lean_pygame import FONT_FILE, FONT_PACKAGE, SWAPPED, default_font, font_file, plain
from tests.view.font_cmap import covered

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
SHIPPED = ("de", "fr", "es", "it", "pt_BR", "ru")
"""The languages the game ships (issue 26); any other catalog present is checked too."""

CATALOGS = sorted(LOCALE.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))
LANGUAGES = sorted(set(SHIPPED) | {po.parent.parent.name for po in CATALOGS})
ALPHABETS = {
    "de": "ÄÖÜäöüßẞ„“‚‘»«",
    "fr": "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ«»\u00a0\u202f",
    "es": "ÁÉÍÑÓÚÜáéíñóúü¿¡«»",
    "it": "ÀÈÉÌÍÎÒÓÙÚàèéìíîòóùú«»",
    "pt_BR": "ÀÁÂÃÇÉÊÍÓÔÕÚàáâãçéêíóôõú“”",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя«»„“№\u00a0",
    "common": "’‘“”–—…·×→←↑↓▸▾\u2009✓€",
}
"""Letters and typography of each shipped language (facts of their orthographies). Card suits are
not text: cards are written ``9H`` or in words."""

CHECKED_WITHOUT_GLYPH = frozenset("\n\t")
"""Control characters a line never draws (wrapping splits on them)."""


def missing(strings: Iterable[str]) -> dict[str, str]:
    """Each character of ``strings``, as drawn, the game's font has no glyph for, with a string
    using it."""
    have = _coverage()
    out: dict[str, str] = {}
    for string in strings:
        for char in plain(string):
            if ord(char) not in have and char not in CHECKED_WITHOUT_GLYPH:
                out.setdefault(char, string)
    return out


def _coverage(cache: dict[str, frozenset[int]] = {}) -> frozenset[int]:  # noqa: B006  # a cache
    path = font_file()
    if path not in cache:
        cache[path] = covered(path)
    return cache[path]


def _describe(gaps: dict[str, str]) -> str:
    return "; ".join(f"U+{ord(c):04X} in {s!r}" for c, s in gaps.items())


def _catalog_strings(po: Path) -> Iterator[str]:
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        for value in (message.id, message.string):
            yield from [value] if isinstance(value, str) else value


def _english_messages() -> list[str]:
    """The messages the code marks for translation (the template's msgids, extracted afresh so
    the check does not wait for the template to be regenerated)."""
    from babel.messages.extract import extract_from_dir

    from game.i18n_tools import KEYWORDS as keywords

    found: list[str] = []
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "game"), method_map=[("**.py", "python")], keywords=keywords
    ):
        found.extend([message] if isinstance(message, str) else [m for m in message if m])
    return found


def _literals() -> list[str]:
    """Every string literal in the game's code (symbols such as → and ▸ are drawn too)."""
    out: list[str] = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        out.extend(tok.string for tok in tokens if tok.type == tokenize.STRING)
    return out


def _formatted(language: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Numbers, percentages and a date in each month as the statistics show them in ``language``."""
    monkeypatch.setattr(i18n, "_language", language)
    dates = [datetime.date(2026, month, 25) for month in range(1, 13)]
    return [
        i18n.format_number(1234567),
        i18n.format_percent(0.257),
        i18n.format_percent(1.0),
        i18n.language_name(language),
        *(i18n.format_date(day) for day in dates),
    ]


def test_the_font_drawn_is_source_sans_pro_from_its_package() -> None:
    spec = importlib.util.find_spec(FONT_PACKAGE)
    assert spec and spec.submodule_search_locations
    folder = Path(spec.submodule_search_locations[0])
    assert Path(font_file()) == folder.joinpath(*FONT_FILE)
    assert "SIL Open Font License" in (folder / "files" / "LICENSE.txt").read_text(encoding="utf-8")


def test_the_check_finds_a_character_the_font_lacks() -> None:
    assert missing(["Solitaire 中", "Пасьянс", "9♥"]) == {"中": "Solitaire 中", "♥": "9♥"}


def test_only_characters_the_font_lacks_are_swapped_each_for_one_it_has() -> None:
    have = _coverage()
    assert all(ord(lacked) not in have and ord(drawn) in have for lacked, drawn in SWAPPED.items())


def test_pygames_own_default_font_lacked_what_french_numbers_need() -> None:
    """Why the font is bundled: pygame's freesansbold.ttf has no no-break spaces or suits."""
    old = covered(Path(pygame.__file__).parent / "freesansbold.ttf")
    assert {0x00A0, 0x202F, 0x2665} - old == {0x00A0, 0x202F, 0x2665}
    assert ord("Ж") in old and ord("A") in old  # the reader does read its table


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_and_dates_have_glyphs(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gaps = missing(_formatted(language, monkeypatch))
    assert not gaps, _describe(gaps)


def test_shipped_languages_alphabets_have_glyphs() -> None:
    """Every letter of each shipped language, its month and day names, and the quotes, dashes
    and spaces its typography uses, whether or not a catalog has used them yet."""
    from babel import Locale

    letters = list(ALPHABETS.values())
    for language in SHIPPED:
        locale = Locale.parse(language)
        for names in (locale.months, locale.days):
            letters.extend(names["format"]["wide"].values())
    gaps = missing(letters)
    assert not gaps, _describe(gaps)


@pytest.mark.parametrize("po", CATALOGS, ids=[po.parent.parent.name for po in CATALOGS])
def test_every_translation_has_glyphs(po: Path) -> None:
    gaps = missing(_catalog_strings(po))
    assert not gaps, _describe(gaps)


def test_every_english_message_has_glyphs() -> None:
    messages = _english_messages()
    assert len(messages) > 50
    gaps = missing(messages)
    assert not gaps, _describe(gaps)


def test_every_literal_in_the_code_has_glyphs() -> None:
    gaps = missing(_literals())
    assert not gaps, _describe(gaps)


def test_cyrillic_and_accents_draw_as_letters_not_boxes() -> None:
    """Rendered, a letter the font has differs from the missing-glyph box (same size, so a box
    would come out pixel-identical for each); so does a swapped symbol (▸)."""
    pygame.font.init()
    f = default_font(40)  # not the widgets' cache: an earlier test may have quit pygame.font
    box = pygame.image.tobytes(f.render("\U0010fffd", True, (255, 255, 255)), "RGBA")
    for char in "ЖжЯяÄßçñãœ«»→✓№€\u2026\u25b8":
        assert pygame.image.tobytes(f.render(char, True, (255, 255, 255)), "RGBA") != box, char
