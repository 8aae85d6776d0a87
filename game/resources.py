"""Where the bundled files (card art and the like) live, from source and when frozen.

Kept free of pygame so any part of the game may use it.
"""

from __future__ import annotations

import sys
from pathlib import Path


def base_dir() -> Path:
    """The folder that holds ``assets/``.

    From source that is the repository root (the parent of the ``game`` package). In a
    PyInstaller build it is the bundle's data folder (``sys._MEIPASS``), or the folder of the
    executable when that attribute is missing.
    """
    if getattr(sys, "frozen", False):
        bundle = getattr(sys, "_MEIPASS", None)
        if bundle:
            return Path(bundle)
        return Path(sys.executable).resolve().parent
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("cards", "classic", "AS.svg")``."""
    return base_dir().joinpath("assets", *parts)
