"""Small gettext catalogs written for a test: compiled ``.mo`` files in a temporary locale
folder that ``game.i18n`` is pointed at, so a test can switch languages without the shipped
catalogs (and whatever their translators wrote)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import i18n

Messages = dict[str | tuple[str, str], str | tuple[str, ...]]
"""msgid (or ``(singular, plural)``) -> the translation (or its plural forms)."""


def install(folder: Path, monkeypatch: pytest.MonkeyPatch, catalogs: dict[str, Messages]) -> None:
    """Compile ``catalogs`` (language code -> messages) into ``folder`` and make it the locale
    folder; the language in use is English again when the test ends (``monkeypatch``)."""
    for code, messages in catalogs.items():
        entries = []
        for msgid, text in messages.items():
            context = None
            if isinstance(msgid, tuple) and len(msgid) == 3:
                context, *ids = msgid
                msgid = tuple(ids) if len(ids) == 2 else ids[0]
            entries.append((context, msgid, text))
        write(folder, code, entries)
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    monkeypatch.setattr(i18n, "_translations", i18n._translations)
    monkeypatch.setattr(i18n, "_language", i18n._language)


Entry = tuple[str | None, str | tuple[str, str], str | tuple[str, ...]]
"""``(context, msgid or (singular, plural), translation or its plural forms)``."""


def write(folder: Path, code: str, entries: Iterable[Entry]) -> None:
    """Compile ``entries`` into ``folder/<code>/LC_MESSAGES/solitaire.mo``."""
    catalog = Catalog(locale=code, domain=i18n.DOMAIN)
    for context, msgid, text in entries:
        catalog.add(msgid, text, context=context)
    target = folder / code / "LC_MESSAGES"
    target.mkdir(parents=True)
    with (target / f"{i18n.DOMAIN}.mo").open("wb") as f:
        write_mo(f, catalog)
