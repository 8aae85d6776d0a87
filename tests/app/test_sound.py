"""Sound: the mixer opens on the first effect, never at start-up; no device means silence, not errors."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from tests.app.conftest import FakeClock, post, post_key, settle


def deal_and_quit(app: App, clock: FakeClock) -> None:
    post_key(pygame.K_d, unicode="d")
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    settle(app, clock)
    app.quit()
    app.step()


def test_the_mixer_is_not_opened_at_start_up(make_app: Callable[..., App]) -> None:
    pygame.mixer.quit()
    app = make_app(variant="kansas", deal=65)
    assert not pygame.mixer.get_init()
    assert app.sound.available is None


def test_the_first_effect_opens_the_mixer_and_plays(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=65)
    deal_and_quit(app, clock)
    assert app.sound.available is True
    assert pygame.mixer.get_init()


def test_a_failing_mixer_leaves_the_game_silent_with_one_quiet_log_line(
    make_app: Callable[..., App],
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    caplog.set_level(logging.DEBUG, logger="game.view.sound")
    app = make_app(variant="kansas", deal=65)
    deal_and_quit(app, clock)
    deal_and_quit(make_app(variant="kansas", deal=65), clock)
    assert app.sound.available is False
    records = [r for r in caplog.records if r.name == "game.view.sound"]
    assert len(records) <= 2 and all(r.levelno <= logging.INFO for r in records)


def test_m_mutes_and_unmutes(make_app: Callable[..., App], clock: FakeClock) -> None:
    app = make_app(variant="kansas", deal=65)
    assert app.settings.sound
    post_key(pygame.K_m, unicode="m")
    settle(app, clock)
    assert not app.settings.sound
    post(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)
    settle(app, clock)
    assert app.settings.sound


def test_muted_sound_never_opens_the_mixer(make_app: Callable[..., App], clock: FakeClock) -> None:
    pygame.mixer.quit()
    app = make_app(variant="kansas", deal=65)
    app.settings.sound = False
    deal_and_quit(app, clock)
    assert app.sound.available is None


def test_idle_time_synthesizes_every_effect_once_the_mixer_is_open(make_app: Callable[..., App]) -> None:
    from game.view.sound import EFFECTS

    app = make_app()
    assert app.sound.warm_one() is False  # nothing before the mixer is opened by a real sound
    app.sound.play("pick")
    if not app.sound.available:
        pytest.skip("no mixer on this machine")
    made = 0
    while app.sound.warm_one():
        made += 1
        assert made <= len(EFFECTS)
    assert app.sound._sounds is not None and set(app.sound._sounds) == set(EFFECTS)


def test_no_sound_device_is_told_on_the_first_launch_only_and_again_after_a_device_came_back(
    make_app: Callable[..., App], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    notice = "Sound is off: no sound device was found."

    def launch(device: bool) -> list[str]:
        """One launch: a move played (its sound tries the mixer); the table's notices meanwhile."""
        pygame.mixer.quit()
        with monkeypatch.context() as patch:
            if not device:
                patch.setattr(pygame.mixer, "init", no_device)
            app = make_app(variant="kansas", deal=65)
            told: list[str] = []
            post_key(pygame.K_d, unicode="d")
            for _frame in range(30):
                clock.t += 0.05
                app.step()
                table = app.table
                if table is not None and table.toast is not None and table.toast[0] not in told:
                    told.append(table.toast[0])
            app.quit()
            app.step()
        return told

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("ALSA: Couldn't open audio device")

    assert notice in launch(device=False)
    assert notice not in launch(device=False)  # the next launch, the same machine: not again
    assert notice not in launch(device=True)
    assert notice in launch(device=False)  # the device went away again: news again
