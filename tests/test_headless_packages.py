"""The engine, variants, solver, store and speech never import pygame (style.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).parent.parent / "game"
HEADLESS = ["engine", "variants", "solver", "store", "speech"]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", HEADLESS)
def test_headless_package_sources_never_import_pygame(package: str) -> None:
    folder = GAME / package
    if not folder.exists():
        pytest.skip(f"game/{package} does not exist yet")
    offenders = [
        str(f.relative_to(GAME))
        for f in folder.rglob("*.py")
        if any(m == "pygame" or m.startswith("pygame.") for m in imported_modules(f))
    ]
    assert offenders == []


def test_importing_the_api_and_headless_packages_loads_no_pygame() -> None:
    existing = [f"game.{p}" for p in HEADLESS if (GAME / p).exists()]
    code = (
        "import sys, importlib, game\n"
        f"for name in {existing!r}: importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
