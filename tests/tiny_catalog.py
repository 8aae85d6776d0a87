"""A tiny compiled catalog for tests: a language whose messages a test chooses, switched on
through ``game.i18n`` as the app switches it; the test's ``monkeypatch`` brings English back."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from fake_catalogs import write

from game import i18n

Message = str | tuple[str, str]
"""A message id: one string, or ``(singular, plural)``."""


def install(
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    messages: Mapping[tuple[str | None, Message], str | tuple[str, ...]],
) -> None:
    """Compile ``messages`` (``(context, id) -> translation``) as ``language``'s catalog under
    ``folder``, point ``game.i18n`` at it and switch to it. When the test ends, ``monkeypatch``
    puts back the catalog folder and the language in use before (English)."""
    monkeypatch.setattr(i18n, "_translations", i18n._translations)
    monkeypatch.setattr(i18n, "_language", i18n._language)
    write(folder, language, [(context, msgid, text) for (context, msgid), text in messages.items()])
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    assert i18n.set_language(language) == language
