"""The rules screen (F1) shows the game's rule paragraphs from their translatable resources, in
the language in use, under a translated title."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from tiny_catalog import install

from game.app import App
from game.scenes import rules
from game.scenes.rules import RulesScene
from game.variants.kansas import Kansas
from tests.app.conftest import post_key


def shown_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the rules screen wraps or draws from now on."""
    shown: list[str] = []
    wrap, blit_text = rules.wrap, rules.blit_text

    def wrapping(text: str, *args: Any) -> list[str]:
        shown.append(text)
        return wrap(text, *args)

    def drawing(surface: pygame.Surface, text: str, *args: Any) -> Any:
        shown.append(text)
        return blit_text(surface, text, *args)

    monkeypatch.setattr(rules, "wrap", wrapping)
    monkeypatch.setattr(rules, "blit_text", drawing)
    return shown


def test_the_rules_screen_shows_the_rules_in_the_language_in_use(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(variant="kansas")
    install(
        tmp_path,
        monkeypatch,
        "de",
        {
            (None, Kansas.rules[0]): "Die Reserve bekommt zwölf Karten.",
            (None, "How to play {game}"): "So spielt man {game}",
            ("game name", "Kansas"): "Kansas (de)",
        },
    )
    shown = shown_texts(monkeypatch)
    post_key(pygame.K_F1)
    app.step()
    app.step()
    assert isinstance(app.top, RulesScene)
    assert "Die Reserve bekommt zwölf Karten." in shown and "So spielt man Kansas (de)" in shown
    assert Kansas.rules[1] in shown  # a paragraph not yet translated shows in English
    assert not any("KS-" in text or "rules.md" in text for text in shown)


def test_the_rules_screen_shows_the_paragraphs_the_game_declares_not_its_docstring(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(variant="kansas")
    monkeypatch.setattr(Kansas, "__doc__", "Kansas.\n\nA sentence only developers read (KS-1).")
    monkeypatch.setattr(Kansas, "rules", ("The rule players read.",), raising=False)
    shown = shown_texts(monkeypatch)
    post_key(pygame.K_F1)
    app.step()
    app.step()
    assert "The rule players read." in shown
    assert not any("only developers read" in text for text in shown)
