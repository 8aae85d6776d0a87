"""No import circle inside ``game/scenes`` or ``game/store``, read from the source.

Every import counts: at the top, under ``if TYPE_CHECKING:`` and inside functions
(``tests/test_layers.py``'s ``imported_names``), so a circle cannot hide behind a lazy import.
``from package import module`` is an edge to that module only: Python loads the package's
``__init__`` first whatever it holds, so that is no edge of a circle.
"""

from __future__ import annotations

import shutil
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from tests.test_layers import ROOT, _module_name, imported_names

PACKAGES = ("scenes", "store")


def import_graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``game.<package>`` under ``root`` -> the modules of the package it imports."""
    paths = sorted((root / "game" / package).rglob("*.py"))
    modules = {_module_name(p, root): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported = imported_names(path, root)
        # ``from pkg import mod`` names both pkg and pkg.mod: keep the module, not the package.
        graph[name] = {
            n
            for n in imported
            if n in modules and n != name and not any(m.startswith(n + ".") for m in imported if m in modules)
        }
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``graph`` (its modules in order), or None."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        return list(exc.args[1])
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_inside_the_package(package: str) -> None:
    assert cycle_in(import_graph(package)) is None


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A copy of the two packages' source, to plant imports in."""
    for package in PACKAGES:
        shutil.copytree(
            ROOT / "game" / package, tmp_path / "game" / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    return tmp_path


@pytest.mark.parametrize(
    ("package", "module", "line", "imported"),
    [
        ("scenes", "base.py", "if TYPE_CHECKING:\n    from game.scenes.table import TableScene", "table"),
        ("scenes", "coach.py", "def _planted() -> None:\n    from game.scenes import table", "table"),
        ("store", "db.py", "def _planted() -> None:\n    from game.store.salvage import summary", "salvage"),
        ("store", "saves.py", "from game.store import store", "store"),
    ],
)
def test_a_planted_circle_is_found(
    package: str, module: str, line: str, imported: str, scratch: Path
) -> None:
    path = scratch / "game" / package / module
    assert cycle_in(import_graph(package, scratch)) is None
    text = path.read_text(encoding="utf-8")
    if "TYPE_CHECKING" in line and "import TYPE_CHECKING" not in text:
        line = "from typing import TYPE_CHECKING\n" + line
    path.write_text(text + "\n\n" + line + "\n", encoding="utf-8")
    cycle = cycle_in(import_graph(package, scratch))
    assert cycle is not None
    assert f"game.{package}.{imported}" in cycle and f"game.{package}.{module[:-3]}" in cycle
