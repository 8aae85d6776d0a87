"""The licences: the game's own (LICENSE) and THIRD-PARTY-LICENSES.txt, which build/licences.py
generates from the installed distributions' metadata and the spec puts into every executable."""

from __future__ import annotations

import importlib.metadata
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.packaging.build_scripts import load

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


@pytest.fixture(scope="module")
def licences() -> ModuleType:
    return load("licences")


@pytest.fixture(scope="module")
def text(licences: ModuleType) -> str:
    return str(licences.render())


def test_run_time_distributions_follow_the_game_requirements(licences: ModuleType) -> None:
    names = {d.metadata["Name"].lower().replace("_", "-") for d in licences.run_time_distributions()}
    assert {"pygame-ce", "pysol-cards", "platformdirs", "babel", "font-source-sans-pro"} <= names
    assert not {"pytest", "mypy", "ruff", "hypothesis", "solitaire-five"} & names  # dev extra, the game


def test_third_party_text_names_each_bundled_package_with_its_licence_texts(text: str) -> None:
    for name in ("pygame-ce", "pysol_cards", "platformdirs", "babel", "font-source-sans-pro", "pyinstaller"):
        version = importlib.metadata.version(name)
        assert f"\n{name} {version}\n" in text.replace("pysol-cards", "pysol_cards"), name
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1" in text  # pygame-ce's LGPL
    assert "SIL OPEN FONT LICENSE Version 1.1" in text  # the font's
    assert "babel/locale-data/LICENSE.unicode" in text  # Babel's CLDR data
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in text  # Python's
    assert "Bootloader Exception" in text or "bootloader" in text.lower()  # PyInstaller's


def test_every_shared_library_pygame_carries_has_a_licence(licences: ModuleType, text: str) -> None:
    libraries = licences.bundled_libraries(importlib.metadata.distribution("pygame-ce"))
    if not libraries:
        pytest.skip("this pygame-ce wheel carries no shared libraries of its own")
    assert any(lib.startswith(("libSDL2-", "SDL2.dll")) for lib in libraries)
    for library in libraries:
        assert f"  {library}: {licences.shared_library_licence(library)}" in text
    assert licences.shared_library_licence("libSDL2-2-50d19f93.0.so.0.3200.10") == "Zlib"
    assert licences.shared_library_licence("libSDL2_ttf-2-e69aa315.0.so") == "Zlib"


def test_an_unknown_shared_library_stops_the_build(
    licences: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(licences, "bundled_libraries", lambda dist: ["libmystery-1.so"])
    with pytest.raises(SystemExit, match="libmystery"):
        licences.render()


def test_the_spec_puts_both_licence_files_into_every_executable() -> None:
    build = load("build")
    calls, _ = build.render_spec("linux")
    analyses = [kw for kind, _, kw in calls if kind == "Analysis"]
    assert len(analyses) == 2  # the one-folder and the one-file executable
    for kw in analyses:
        datas: list[Any] = kw["datas"]
        assert (str(ROOT / "LICENSE"), ".") in datas
        (third,) = [src for src, dest in datas if Path(src).name == "THIRD-PARTY-LICENSES.txt"]
        assert "pygame-ce" in Path(third).read_text(encoding="utf-8")
    # Dropped libraries (portmidi, the ALSA copy) are not claimed to be in the bundle.
    third_text = Path(third).read_text(encoding="utf-8")
    assert "libportmidi" not in third_text and "libasound" not in third_text


def test_the_windows_wheels_dll_names_have_licences(licences: ModuleType) -> None:
    """pygame-ce's Windows wheel (as build/wine.py installs it) names some DLLs without 'lib'."""
    for dll in (
        "SDL2.dll",
        "SDL2_ttf.dll",
        "freetype.dll",
        "portmidi.dll",
        "libpng16-16.dll",
        "libwebpdemux-2.dll",
    ):
        assert licences.shared_library_licence(dll) is not None, dll
    assert licences.shared_library_licence("freetype.dll") == "FTL OR GPL-2.0-or-later"
