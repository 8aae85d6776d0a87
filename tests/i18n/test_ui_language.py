"""Windows and macOS keep the player's language out of the environment: the game asks the system
(stand-ins for Windows' kernel32 and macOS's CoreFoundation here, which these machines lack)."""

from __future__ import annotations

import ctypes
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from game import i18n

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def no_language_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


class Kernel32:
    """Windows' GetUserPreferredUILanguages / GetUserDefaultUILanguage, as ctypes calls them."""

    def __init__(self, preferred: str | None, default_id: int) -> None:
        self.preferred, self.default_id = preferred, default_id

    def GetUserPreferredUILanguages(self, flags: int, count: Any, buffer: Any, size: Any) -> bool:
        assert flags == i18n.MUI_LANGUAGE_NAME
        if self.preferred is None:
            return False
        names = self.preferred.replace(",", "\0") + "\0\0"
        if buffer is not None:
            ctypes.memmove(
                buffer,
                ctypes.create_unicode_buffer(names, len(names)),
                len(names) * ctypes.sizeof(ctypes.c_wchar),
            )
        count._obj.value = self.preferred.count(",") + 1
        size._obj.value = len(names)
        return True

    def GetUserDefaultUILanguage(self) -> int:
        return self.default_id


def on_windows(monkeypatch: pytest.MonkeyPatch, kernel32: Kernel32) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(i18n, "_kernel32", lambda: kernel32)


def test_windows_display_languages_in_the_players_order(monkeypatch: pytest.MonkeyPatch) -> None:
    on_windows(monkeypatch, Kernel32("pt-BR,en-US", 0x0409))
    assert i18n.system_languages() == ["pt_BR", "en_US"]


def test_windows_single_display_language_by_its_number(monkeypatch: pytest.MonkeyPatch) -> None:
    on_windows(monkeypatch, Kernel32(None, 0x0407))  # LANGID 0x0407: German (Germany)
    assert i18n.system_languages() == ["de_DE"]


def test_windows_language_variable_still_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    on_windows(monkeypatch, Kernel32("de-DE", 0x0407))
    monkeypatch.setenv("LANGUAGE", "fr")
    assert i18n.system_languages() == ["fr"]


def test_windows_without_kernel32_falls_back_to_the_locale_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")  # the real ctypes has no windll here
    monkeypatch.setattr("locale.getlocale", lambda: ("it_IT", "UTF-8"))
    assert i18n.system_languages() == ["it_IT"]


class Function:
    """A C function as ctypes gives it: called with its arguments, ``argtypes``/``restype`` set."""

    def __init__(self, body: Any) -> None:
        self.body = body

    def __call__(self, *args: Any) -> Any:
        return self.body(*args)


def core_foundation(languages: list[str], released: list[int]) -> SimpleNamespace:
    """CFLocaleCopyPreferredLanguages giving ``languages`` (array 1234, strings 5000 + index)."""

    def copy_string(string: int, buffer: Any, size: int, encoding: int) -> bool:
        assert encoding == i18n.UTF8 and size == len(buffer)
        buffer.value = languages[string - 5000].encode()
        return True

    return SimpleNamespace(
        CFLocaleCopyPreferredLanguages=Function(lambda: 1234),
        CFArrayGetCount=Function(lambda array: len(languages) if array == 1234 else 0),
        CFArrayGetValueAtIndex=Function(lambda array, index: 5000 + index),
        CFStringGetCString=Function(copy_string),
        CFRelease=Function(released.append),
    )


def test_macos_preferred_languages_in_the_players_order(monkeypatch: pytest.MonkeyPatch) -> None:
    released: list[int] = []
    cf = core_foundation(["de-CH", "fr-FR", "zh-Hans-CN"], released)
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(i18n, "_core_foundation", lambda: cf)
    assert i18n.system_languages() == ["de_CH", "fr_FR", "zh_Hans_CN"]
    assert released == [1234]  # the copied array is given back


def test_macos_without_core_foundation_reads_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise OSError("no CoreFoundation")

    def defaults(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        assert args == ["defaults", "read", "-g", "AppleLanguages"]
        return subprocess.CompletedProcess(args, 0, '(\n    "pt-BR",\n    en\n)\n', "")

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(i18n, "_core_foundation", missing)
    monkeypatch.setattr(subprocess, "run", defaults)
    assert i18n.system_languages() == ["pt_BR", "en"]


def test_linux_without_variables_asks_the_locale_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr("locale.getlocale", lambda: ("ru_RU", "UTF-8"))
    assert i18n.system_languages() == ["ru_RU"]
