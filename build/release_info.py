"""What the executables say about themselves on Windows and macOS: the product's name, version and
description in a Windows version resource (PyInstaller's version file), and the macOS bundle's
identifier and Info.plist. ``build/solitaire.spec`` uses it; so does ``build.py --dry-run``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

PRODUCT = "Solitaire"
DESCRIPTION = "Solitaire: Lady Jane, Baker's Game, Kansas, Aunt Mary and Seahaven Towers"
COMPANY = "The Solitaire Five project"
COPYRIGHT = "Free software under the GNU GPL, version 3 or later"
BUNDLE_ID = "io.github.solitaire-five.solitaire"
"""game.desktop.APP_ID with the dash Apple allows (and no underscore, which it does not)."""
APP_NAME = "Solitaire.app"
MACOS_CATEGORY = "public.app-category.card-games"


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """``"1.2.3"`` as Windows' four numbers ``(1, 2, 3, 0)``; a pre-release tail (``rc1``) is dropped."""
    release = re.match(r"\d+(\.\d+)*", version)
    numbers = [int(n) for n in release[0].split(".")] if release else []
    a, b, c, d, *_ = [*numbers, 0, 0, 0, 0]
    return a, b, c, d


def windows_version_text(version: str, exe_name: str) -> str:
    """PyInstaller's version file (a ``VSVersionInfo`` expression) for ``exe_name`` (with .exe)."""
    numbers = version_numbers(version)
    strings = [
        ("CompanyName", COMPANY),
        ("FileDescription", DESCRIPTION),
        ("FileVersion", version),
        ("InternalName", Path(exe_name).stem),
        ("LegalCopyright", COPYRIGHT),
        ("OriginalFilename", exe_name),
        ("ProductName", PRODUCT),
        ("ProductVersion", version),
    ]
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings)
    # 0x40004: VOS_NT_WINDOWS32; file type 1: an application; 040904B0: US English, Unicode.
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3F, flags=0x0,\n"
        "                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        "    StringFileInfo([\n"
        "      StringTable('040904B0', [\n"
        f"{table}\n"
        "      ])\n"
        "    ]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])])\n"
        "  ]\n"
        ")\n"
    )


def write_windows_version_file(folder: Path, version: str, exe_name: str) -> Path:
    """Write the version file for ``exe_name`` into ``folder``; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{Path(exe_name).stem}-version.txt"
    path.write_text(windows_version_text(version, exe_name), encoding="utf-8")
    return path


def macos_info_plist(version: str) -> dict[str, Any]:
    """The Info.plist entries PyInstaller's BUNDLE adds: names, versions, Retina drawing."""
    return {
        "CFBundleName": PRODUCT,
        "CFBundleDisplayName": PRODUCT,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": COPYRIGHT,
        "LSApplicationCategoryType": MACOS_CATEGORY,
    }
