"""``game``, ``game.engine``, ``game.store`` and ``game.solver`` load their names on first use
(``game.lazy``): the API reads exactly as before, and importing one module of a package loads
only what that module needs (the command line opens its window before the engine is loaded)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import game
from game.names import VARIANT_NAMES

PACKAGES = ("game", "game.engine", "game.store", "game.solver")


@pytest.mark.parametrize("name", PACKAGES)
def test_every_name_of_a_package_is_there_by_attribute_import_and_star(name: str) -> None:
    package = importlib.import_module(name)
    namespace: dict[str, object] = {}
    exec(f"from {name} import *", namespace)
    for attribute in package.__all__:
        value = getattr(package, attribute)
        assert namespace[attribute] is value
        assert attribute in dir(package)


def test_the_api_names_are_the_engine_and_games_own() -> None:
    from game.engine.errors import IllegalMove
    from game.engine.moves import Move
    from game.play import Game
    from game.variants import VARIANTS

    assert (game.Move, game.IllegalMove, game.Game, game.VARIANTS) == (Move, IllegalMove, Game, VARIANTS)


def test_a_name_that_is_not_there_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Moves'"):
        _ = game.Moves  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        exec("from game import Moves", {})


def loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint(' '.join(m for m in sys.modules if m.startswith('game')))"
    return set(run_python(code).split())


def run_python(code: str) -> str:
    command = [sys.executable, "-c", code]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=True).stdout


@pytest.mark.parametrize(
    "statement",
    [
        "import game",
        "import game.cli",
        "import game.i18n",
        "import game.store.first_look",
        "import game.engine.deals",
    ],
)
def test_importing_a_module_does_not_load_the_engine_or_the_games(statement: str) -> None:
    heavy = {"game.engine.moves", "game.engine.state", "game.play", "game.variants", "game.store.store"}
    assert loaded_after(statement) & heavy == set()


def test_a_subpackage_is_an_attribute_after_a_plain_import() -> None:
    loaded = loaded_after("import game\nassert game.engine.errors.GameError and game.store.paths.APP_NAME")
    assert {"game.engine", "game.store.paths"} <= loaded


def test_the_scripting_api_works_after_a_plain_import() -> None:
    code = "import game\ng = game.new_game('kansas', deal=3)\ng.play(g.legal_moves()[0])\nprint(g.moves_made)"
    assert run_python(code).strip() == "1"


def test_the_names_known_without_the_games_are_the_registrys_first_games() -> None:
    shipped = dict(list(game.VARIANTS.items())[: len(VARIANT_NAMES)])
    assert {key: cls.name for key, cls in shipped.items()} == VARIANT_NAMES
    assert list(VARIANT_NAMES) == list(shipped)
