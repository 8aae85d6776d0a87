"""Where the bundled files (card art and the like) live, from source, installed and when frozen.

Everything the game reads at run time lies inside the ``game`` package (``game/assets/``,
``game/locale/``), so a wheel carries it as package data and an installed game finds it beside
its modules, whatever the working folder. Kept free of pygame so any part of the game may use it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
"""The ``game`` package's folder (from source, an editable install or site-packages)."""


def base_dir() -> Path:
    """The folder that holds the ``game`` package's data folder.

    From source or installed that is the folder above the package (the repository root, or
    site-packages). In a PyInstaller build it is the bundle's data folder (``sys._MEIPASS``),
    or the folder of the executable when that attribute is missing; the spec puts the data
    there under ``game/`` (``build/solitaire.spec``).
    """
    if getattr(sys, "frozen", False):
        bundle = getattr(sys, "_MEIPASS", None)
        if bundle:
            return Path(bundle)
        return Path(sys.executable).resolve().parent
    return PACKAGE_DIR.parent


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("cards", "classic", "AS.svg")``: under
    ``game/assets/`` (package data; ``assets/make_cards.py`` writes the card art there)."""
    return base_dir().joinpath("game", "assets", *parts)


def package_data_path(package: str, *parts: str) -> Path | None:
    """The path of a data file shipped inside an installed package (``package_data_path(
    "font_source_sans_pro", "files", "SourceSansPro-Bold.ttf")``), or ``None`` when it is missing.

    From source the package's folder is found without importing the package; a PyInstaller build
    carries the file in a folder of the package's name in the bundle (``build/solitaire.spec``).
    """
    if getattr(sys, "frozen", False):
        folder: Path | None = base_dir() / package
    else:
        spec = importlib.util.find_spec(package)
        locations = list(spec.submodule_search_locations or []) if spec else []
        folder = Path(locations[0]) if locations else None
    path = folder.joinpath(*parts) if folder else None
    return path if path and path.is_file() else None
