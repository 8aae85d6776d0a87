"""On Windows the XInput library SDL loads for gamepads stays loaded until the process ends:
Wine 8's XInput, unloaded by ``pygame.quit`` at exit, faulted in one exit in a few (the
Windows executables' smoke runs under build/wine.py). Windows' own calls are stood in for here."""

from __future__ import annotations

import ctypes
from types import SimpleNamespace
from typing import Any

import pytest

from game.controls import gamepad


def test_each_loaded_xinput_library_is_pinned_on_windows() -> None:
    asked: list[str] = []

    def pin(name: str) -> bool:
        asked.append(name)
        return name == "XInput1_4.dll"  # the one SDL loaded

    assert gamepad.pin_xinput("win32", pin) == ["XInput1_4.dll"]
    assert asked == list(gamepad.XINPUT_LIBRARIES)


def test_nothing_is_pinned_elsewhere_or_without_kernel32() -> None:
    def pin(name: str) -> bool:
        raise AssertionError("called off Windows")

    assert gamepad.pin_xinput("linux", pin) == []
    assert gamepad.pin_xinput("darwin", pin) == []

    def broken(name: str) -> bool:
        raise OSError("no kernel32")

    assert gamepad.pin_xinput("win32", broken) == []


def test_kernel32_is_asked_to_pin_the_library_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, str]] = []

    def get_module_handle_ex(flags: int, name: str, handle: Any) -> int:
        calls.append((flags, name))
        return 1 if name == "XInput1_3.dll" else 0

    def win_dll(name: str, use_last_error: bool = False) -> Any:
        assert name == "kernel32"
        return SimpleNamespace(GetModuleHandleExW=get_module_handle_ex)

    monkeypatch.setattr(ctypes, "WinDLL", win_dll, raising=False)
    assert gamepad.pin_xinput("win32") == ["XInput1_3.dll"]
    assert calls == [(1, name) for name in gamepad.XINPUT_LIBRARIES]  # 1: GET_MODULE_HANDLE_EX_FLAG_PIN


def test_starting_gamepads_pins_xinput_after_sdl_loaded_it(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    controller = SimpleNamespace(init=lambda: order.append("SDL controller support started"))
    monkeypatch.setattr(gamepad, "sdl_controller", controller)
    monkeypatch.setattr(gamepad, "pin_xinput", lambda: order.append("XInput pinned") or [])
    pads = gamepad.Gamepads()
    pads.start()
    pads.start()  # started once
    assert order == ["SDL controller support started", "XInput pinned"]
    assert pads.started


def test_no_pin_when_sdl_has_no_controller_support(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def fail() -> None:
        raise pygame.error("no joystick subsystem")

    pinned: list[bool] = []
    monkeypatch.setattr(gamepad, "sdl_controller", SimpleNamespace(init=fail))
    monkeypatch.setattr(gamepad, "pin_xinput", lambda: pinned.append(True) or [])
    pads = gamepad.Gamepads()
    pads.start()
    assert not pads.started and not pinned
