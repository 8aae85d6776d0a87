"""Gamepads: SDL game-controller events become the keys the scenes already understand.

The d-pad (or the left stick) is the arrows, A is Enter (pick up, put down, choose), B
cancels (Esc in menus; on the table it only puts a held group back), X is a hint, Y deals,
the shoulders undo and redo, Start opens the menu and Back the shortcut list. So the table's
focus model and every menu work the same from the keyboard and from a pad. Controllers
plugged in or pulled out while the game runs are opened and closed as their
``CONTROLLERDEVICEADDED``/``REMOVED`` events arrive.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    import logging

sdl_controller: ModuleType | None = None
"""pygame's game-controller module, once ``Gamepads.start`` has imported it (after the first frame:
with the rest of ``pygame._sdl2`` it is ~2 ms of start-up)."""


def _controller_module() -> ModuleType | None:
    global sdl_controller
    if sdl_controller is None:
        try:
            from pygame._sdl2 import controller

            sdl_controller = controller
        except ImportError:  # pragma: no cover - pygame-ce always has it
            return None
    return sdl_controller


def _log() -> logging.Logger:
    """This module's logger (``logging`` loads on first use: ~2 ms of start-up otherwise)."""
    import logging

    return logging.getLogger(__name__)


EVENTS = frozenset(
    {
        pygame.CONTROLLERDEVICEADDED,
        pygame.CONTROLLERDEVICEREMOVED,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERAXISMOTION,
    }
)
"""The events ``Gamepads.handle`` takes."""

BUTTON_KEYS: dict[int, tuple[int, int, str]] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0, ""),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0, ""),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0, ""),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0, ""),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0, "\r"),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0, "\x1b"),
    pygame.CONTROLLER_BUTTON_X: (pygame.K_h, 0, "h"),
    pygame.CONTROLLER_BUTTON_Y: (pygame.K_d, 0, "d"),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_z, pygame.KMOD_CTRL, ""),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_y, pygame.KMOD_CTRL, ""),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_ESCAPE, 0, "\x1b"),
    pygame.CONTROLLER_BUTTON_BACK: (pygame.K_QUESTION, 0, "?"),
}
"""What each button means, as the key press it stands for."""

STICK_ON = 0.6
STICK_OFF = 0.3
"""The left stick counts as an arrow past ``STICK_ON`` of its travel, released under ``STICK_OFF``."""
AXIS_MAX = 32767


XINPUT_LIBRARIES = ("XInput1_4.dll", "XInput1_3.dll", "XInput9_1_0.dll")
"""The XInput libraries SDL loads on Windows for its game-controller support (the first it finds)."""

GET_MODULE_HANDLE_EX_FLAG_PIN = 0x1
"""GetModuleHandleExW's flag: the library stays loaded until the process ends, however many
FreeLibrary calls follow."""


def pin_xinput(platform: str = sys.platform, pin: Callable[[str], bool] | None = None) -> list[str]:
    """On Windows, keep the XInput library SDL's controller support loaded in memory until the
    process ends; returns the libraries pinned. ``pin`` stands in for kernel32's
    GetModuleHandleExW with the PIN flag, which is False for a library not loaded (tests).

    SDL unloads XInput when its controller support stops (``pygame.quit``, at exit). Wine 8's
    XInput, unloaded so, stops its device thread from its DllMain and is unmapped while that
    thread is still returning from the SetEvent that let the unload go on: 4 exits in 40 faulted
    there ("Unhandled page fault on execute access to 0000000259D937EA", the instruction after
    that call in xinput1_4.dll), a crash after a game played right; none in 40 with the pin. A
    pinned library goes only with the process, whose end stops no thread from DllMain.
    """
    if platform != "win32":
        return []
    try:
        pin = pin or _kernel32_pin
        return [name for name in XINPUT_LIBRARIES if pin(name)]
    except (OSError, AttributeError):  # no kernel32 or no such function: nothing to pin with
        return []


def _kernel32_pin(name: str) -> bool:
    """GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_PIN, ``name``): whether it was loaded."""
    import ctypes

    windll: Any = getattr(ctypes, "WinDLL")  # noqa: B009  (Windows only; typeshed has it there alone)
    function = windll("kernel32", use_last_error=True).GetModuleHandleExW
    function.argtypes = (ctypes.c_uint32, ctypes.c_wchar_p, ctypes.POINTER(ctypes.c_void_p))
    function.restype = ctypes.c_int
    handle = ctypes.c_void_p()
    return bool(function(GET_MODULE_HANDLE_EX_FLAG_PIN, name, ctypes.byref(handle)))


class Target(Protocol):
    """What the pad drives: the front scene, and on the table its focus."""

    def handle_event(self, event: pygame.event.Event) -> None: ...


def key_event(button: int) -> pygame.event.Event | None:
    """The KEYDOWN event a controller button stands for (None: the button means nothing)."""
    entry = BUTTON_KEYS.get(button)
    if entry is None:
        return None
    key, mod, char = entry
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0, gamepad=True)


class Gamepads:
    """The controllers plugged in, and the translation of their events."""

    def __init__(self) -> None:
        self.pads: list[object] = []
        self._stick: dict[int, int] = {}
        """Per stick axis: the direction (-1, 0, 1) it is held in now."""
        self.started = False

    def start(self) -> None:
        """Start SDL's game-controller support (cheap; pads arrive as DEVICEADDED events)."""
        controller = _controller_module()
        if controller is None or self.started:
            return
        try:
            controller.init()
            self.started = True
        except pygame.error as exc:
            _log().info("no gamepad support: %s", exc)
            return
        pin_xinput()  # SDL has loaded XInput now; its unload at exit crashes Wine 8 (pin_xinput)

    def handle(self, event: pygame.event.Event, front: Target | None) -> None:
        """Take one controller event; buttons and stick go to ``front`` as key presses."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._close_detached()
        elif front is None:
            return
        elif event.type == pygame.CONTROLLERBUTTONDOWN:
            self._button(event.button, front)
        elif event.type == pygame.CONTROLLERAXISMOTION:
            self._axis(event.axis, event.value, front)

    def _button(self, button: int, front: Target) -> None:
        keyboard = getattr(front, "keyboard", None)
        if button == pygame.CONTROLLER_BUTTON_B and keyboard is not None:
            keyboard.cancel()  # B on the table only puts a held group back; Start is the menu
            return
        key = key_event(button)
        if key is not None:
            front.handle_event(key)

    def _axis(self, axis: int, value: int, front: Target) -> None:
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return
        amount = value / AXIS_MAX
        held = self._stick.get(axis, 0)
        if held and abs(amount) < STICK_OFF:
            self._stick[axis] = 0
        elif not held and abs(amount) > STICK_ON:
            direction = 1 if amount > 0 else -1
            self._stick[axis] = direction
            if axis == pygame.CONTROLLER_AXIS_LEFTX:
                button = (
                    pygame.CONTROLLER_BUTTON_DPAD_RIGHT
                    if direction > 0
                    else pygame.CONTROLLER_BUTTON_DPAD_LEFT
                )
            else:
                button = (
                    pygame.CONTROLLER_BUTTON_DPAD_DOWN if direction > 0 else pygame.CONTROLLER_BUTTON_DPAD_UP
                )
            self._button(button, front)

    def _open(self, index: int) -> None:
        if sdl_controller is None:
            return
        try:
            pad = sdl_controller.Controller(index)
        except (pygame.error, IndexError, TypeError) as exc:
            _log().info("gamepad %s could not be opened: %s", index, exc)
            return
        self.pads.append(pad)
        _log().info("gamepad connected: %s", getattr(pad, "name", "?"))

    def _close_detached(self) -> None:
        for pad in list(self.pads):
            attached = True
            with contextlib.suppress(pygame.error):
                attached = bool(pad.attached())  # type: ignore[attr-defined]
            if not attached:
                self.pads.remove(pad)
                with contextlib.suppress(pygame.error):
                    pad.quit()  # type: ignore[attr-defined]
