"""The engine is the bottom layer: none of its modules imports anything of the game above it."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).parents[2] / "game" / "engine"


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, inside functions or under TYPE_CHECKING."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engine_modules_import_only_the_engine_from_the_game() -> None:
    offenders = {
        f"{path.name}: {module}"
        for path in ENGINE.glob("*.py")
        for module in imports_of(path)
        if module.startswith("game") and not module.startswith("game.engine")
    }
    assert offenders == set()


def test_engine_sources_never_name_the_variants() -> None:
    assert [p.name for p in ENGINE.glob("*.py") if "game.variants" in p.read_text()] == []
