"""The menu's Speech entry: Off, Brief, Full, saved with the settings."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.speech import backends
from tests.app.conftest import FakeClock, post_key, settle
from tests.app.test_speech_app import no_voice


def test_the_menus_speech_setting_turns_it_on_for_good(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "system_voice", no_voice)
    app = make_app(variant="kansas", deal=65)
    assert app.speech.narrator is None
    post_key(pygame.K_ESCAPE)
    settle(app, clock)
    menu = app.top
    labels = [b.label for b in menu.buttons]  # type: ignore[attr-defined]
    assert "Speech: Off" in labels
    menu.choose("speech")  # type: ignore[attr-defined]
    settle(app, clock)
    assert app.persist.stored.speech == "brief"
    assert app.speech.narrator is not None and app.speech.narrator.verbosity == "brief"
    assert app.persist.store.load_settings().speech == "brief"
    menu.choose("speech")  # type: ignore[attr-defined]
    menu.choose("speech")  # type: ignore[attr-defined]
    settle(app, clock)
    assert app.persist.stored.speech == "off" and app.speech.narrator is None


def test_the_speech_flag_is_full_for_the_run_and_never_saved_by_another_setting(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "system_voice", no_voice)
    app = make_app(variant="kansas", deal=65, speech=True)
    assert app.speech.narrator is not None and app.speech.narrator.verbosity == "full"
    post_key(pygame.K_ESCAPE)
    settle(app, clock)
    menu = app.top
    assert "Speech: Full" in [b.label for b in menu.buttons]  # type: ignore[attr-defined]
    menu.choose("look")  # type: ignore[attr-defined]
    app.top.choose("contrast")  # type: ignore[attr-defined]
    assert app.persist.store.load_settings().high_contrast
    app.top.close()  # type: ignore[attr-defined]
    menu = app.top
    assert app.persist.store.load_settings().speech == "off"
    menu.choose("speech")  # type: ignore[attr-defined]
    settle(app, clock)
    assert app.speech.narrator is None
    assert app.persist.store.load_settings().speech == "off"
    menu.choose("speech")  # type: ignore[attr-defined]
    assert app.persist.store.load_settings().speech == "brief"
