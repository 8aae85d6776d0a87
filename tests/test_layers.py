"""The layers import one way, read from the source (every import statement, those under
``if TYPE_CHECKING:`` and inside functions too, and ``importlib.import_module("…")`` calls):

- the engine knows no game's rules: nothing under game/engine imports game.variants;
- scenes, view and controls never reach up into the application: none imports game.app;
- controls and view do not import the scenes they serve;
- no module in game/ is over 600 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
MAX_LINES = 600


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package(path: Path, root: Path) -> str:
    name = _module_name(path, root)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _resolve(path: Path, root: Path, module: str | None, level: int) -> str:
    """The absolute name of ``from <level dots><module> import …`` written in ``path``."""
    if not level:
        return module or ""
    base = _package(path, root).split(".")
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imported_names(path: Path, root: Path = ROOT) -> set[str]:
    """Every module name ``path`` (a file under the repository ``root``) may import: for
    ``from a.b import c`` both ``a.b`` and ``a.b.c`` (c may be a submodule); relative imports
    made absolute."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(path, root, node.module, node.level)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def _reaches(names: set[str], forbidden: str) -> list[str]:
    return sorted(n for n in names if n == forbidden or n.startswith(forbidden + "."))


def _modules(*packages: str) -> list[Path]:
    return sorted(p for package in packages for p in (GAME / package).rglob("*.py"))


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


RULES = [
    (path, forbidden)
    for packages, forbidden in (
        (("engine",), "game.variants"),
        (("scenes", "view", "controls"), "game.app"),
        (("controls", "view"), "game.scenes"),
    )
    for path in _modules(*packages)
]


@pytest.mark.parametrize(
    ("path", "forbidden"), RULES, ids=[f"{_id(p)}-not-{forbidden}" for p, forbidden in RULES]
)
def test_layer_does_not_import_upwards(path: Path, forbidden: str) -> None:
    reached = _reaches(imported_names(path), forbidden)
    assert not reached, f"{_id(path)} imports {', '.join(reached)}"


MODULES = sorted(GAME.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=[_id(p) for p in MODULES])
def test_module_is_at_most_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{_id(path)} has {lines} lines"


# The checker itself: each way of writing an import is seen.


@pytest.mark.parametrize(
    "source",
    [
        "import game.variants.base\n",
        "from game.variants import kansas\n",
        "from game import variants\n",
        "from ..variants.base import Variant\n",
        "from .. import variants\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.variants.base import Variant\n",
        "def f():\n    from game.variants import VARIANTS\n    return VARIANTS\n",
        "import importlib\nV = importlib.import_module('game.variants')\n",
    ],
)
def test_checker_sees_every_way_of_importing(source: str, tmp_path: Path) -> None:
    module = tmp_path / "game" / "engine" / "probe.py"
    module.parent.mkdir(parents=True)
    module.write_text(source, encoding="utf-8")
    assert _reaches(imported_names(module, tmp_path), "game.variants")


def test_checker_leaves_look_alike_names_alone(tmp_path: Path) -> None:
    module = tmp_path / "game" / "scenes" / "probe.py"
    module.parent.mkdir(parents=True)
    module.write_text("import game.app_store\nfrom game.engine import apply\nfrom . import appearance\n")
    assert not _reaches(imported_names(module, tmp_path), "game.app")
