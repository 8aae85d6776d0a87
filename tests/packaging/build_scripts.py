"""The scripts in ``build/``, loaded by path for the packaging tests (``build`` is not a package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


def load(name: str) -> ModuleType:
    """A fresh module of ``build/<name>.py`` (each call runs it anew)."""
    spec = importlib.util.spec_from_file_location(f"_solitaire_build_{name}", BUILD / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
