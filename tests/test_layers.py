"""The layers import one way, read from the source (every import statement, those under
``if TYPE_CHECKING:`` and inside functions too, and ``importlib.import_module("…")`` calls).

``LAYERS`` is README's "Layout of the code" as a table: for each layer, the parts of ``game`` it
may import. Anything else of ``game`` is forbidden to it, so the table states each rule once:

- the engine imports nothing else of the game;
- the variants nothing above them (the engine, and the language's words);
- the solver and the store nothing of the view, controls, scenes or the app;
- speech nothing above the play layer (no solver, store, view, pygame: the app hands it what it says);
- the view and the controls nothing of the scenes or the app;
- the scenes nothing of the app's modules but ``app_store``.

Each rule is also shown to catch a forbidden import planted in a scratch copy of the package.
No module in game/ is over 600 lines.
"""

from __future__ import annotations

import ast
import shutil
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


BASE = ("game.desktop", "game.i18n", "game.lazy", "game.names", "game.resources")
"""What every layer above the engine and the variants may use: words, lazy names, the games' keys and
app ID, bundled files (none of them imports a layer above the variants)."""

LAYERS: dict[str, tuple[str, ...]] = {
    "engine": ("game.engine",),
    "variants": ("game.engine", "game.variants", "game.i18n"),
    "play.py": ("game.engine", "game.variants"),
    "solver": ("game.engine", "game.variants", "game.play", "game.solver", *BASE),
    "store": ("game.engine", "game.variants", "game.play", "game.store", *BASE),
    "speech": ("game.engine", "game.variants", "game.play", "game.speech", *BASE),
    "view": ("game.engine", "game.variants", "game.view", *BASE),
    "controls": (
        "game.engine",
        "game.variants",
        "game.play",
        "game.solver",
        "game.view",
        "game.controls",
        *BASE,
    ),
    "scenes": (
        "game",
        "game.engine",
        "game.variants",
        "game.play",
        "game.solver",
        "game.store",
        "game.view",
        "game.controls",
        "game.scenes",
        "game.app_store",
        *BASE,
    ),
}
"""Layer (a package of game/, or a module) -> the names it may import (each with what is under it)."""


def _allowed(name: str, allowed: tuple[str, ...]) -> bool:
    # "game" itself is allowed only by name: "import game" loads the scripting API, every layer.
    return any(name == a or (a != "game" and name.startswith(a + ".")) for a in allowed)


def layer_modules(layer: str, root: Path = ROOT) -> list[Path]:
    """The source files of ``layer`` in the tree at ``root``."""
    where = root / "game" / layer
    return [where] if where.suffix == ".py" else sorted(where.rglob("*.py"))


def violations(root: Path = ROOT) -> list[str]:
    """Every import of game/ under ``root`` that its layer's row of ``LAYERS`` forbids."""
    found = []
    for layer, allowed in LAYERS.items():
        for path in layer_modules(layer, root):
            for name in sorted(imported_names(path, root)):
                if (name == "game" or name.startswith("game.")) and not _allowed(name, allowed):
                    found.append(f"{path.relative_to(root).as_posix()} imports {name}")
    return found


def test_every_layer_imports_only_what_readme_allows() -> None:
    assert violations() == []


def test_the_table_covers_every_package_of_game() -> None:
    packages = {p.name for p in GAME.iterdir() if (p / "__init__.py").exists()}
    assert packages <= set(LAYERS), f"no layer rule for {sorted(packages - set(LAYERS))}"


PLANTED = [
    # (layer, a module of it, an import its rule forbids)
    ("engine", "engine/state.py", "from game import store"),
    ("engine", "engine/cards.py", "from game.variants import base"),
    ("engine", "engine/moves.py", "import game.i18n"),
    ("variants", "variants/kansas.py", "from game import solver"),
    ("variants", "variants/base.py", "from game.play import Game"),
    ("play.py", "play.py", "import game.store"),
    ("solver", "solver/search.py", "from game.scenes import table"),
    ("solver", "solver/advisor.py", "import game.view.layout"),
    ("solver", "solver/worker.py", "from game import store"),
    ("store", "store/stats.py", "from game.view import renderer"),
    ("store", "store/db.py", "from game.controls import keys"),
    ("store", "store/saves.py", "import game.app"),
    ("speech", "speech/narrator.py", "from game.view import layout"),
    ("speech", "speech/sentences.py", "import game.store"),
    ("speech", "speech/speaker.py", "from game import app_speech"),
    ("view", "view/layout.py", "from game import app_window"),
    ("view", "view/renderer.py", "from game.scenes import table"),
    ("view", "view/animation.py", "from game.store import stats"),
    ("controls", "controls/keys.py", "from game.scenes import base"),
    ("controls", "controls/pointer.py", "import game.app_intents"),
    ("controls", "controls/focus.py", "from game import app_store"),
    ("scenes", "scenes/menu.py", "from game import app_intents"),
    ("scenes", "scenes/table.py", "from game.app_window import Window"),
    ("scenes", "scenes/stats.py", "import game.app"),
    ("scenes", "scenes/chooser.py", "from game import cli"),
]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the game package's source, to plant imports in."""
    root = tmp_path_factory.mktemp("scratch")
    shutil.copytree(
        GAME, root / "game", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.mo", "locale")
    )
    return root


@pytest.mark.parametrize(("layer", "module", "line"), PLANTED, ids=[f"{m}:{line}" for _, m, line in PLANTED])
def test_a_planted_forbidden_import_fails_the_layer_check(
    layer: str, module: str, line: str, scratch: Path
) -> None:
    path = scratch / "game" / module
    original = path.read_text(encoding="utf-8")
    assert layer_modules(layer, scratch) and path in layer_modules(layer, scratch)
    try:
        path.write_text(original + "\n\ndef _planted() -> None:\n    " + line + "\n", encoding="utf-8")
        assert any(v.startswith(f"game/{module} imports ") for v in violations(scratch))
    finally:
        path.write_text(original, encoding="utf-8")
    assert violations(scratch) == []


def test_every_layer_has_a_planted_import() -> None:
    assert {layer for layer, _, _ in PLANTED} == set(LAYERS)


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
