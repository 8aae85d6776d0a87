"""How the variants package is built: layers without cycles, short modules, each rule once."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

from move_checks import assert_illegal

import game
from game import Move
from game.play import Game
from game.variants.bakers_game import BakersGame
from game.variants.seahaven import Seahaven
from game.variants.suit_cells import SuitCellGame

VARIANTS_DIR = Path(__file__).parents[2] / "game" / "variants"


def variant_imports(path: Path) -> tuple[set[str], list[int]]:
    """The ``game.variants`` modules ``path`` imports, and the lines of imports inside functions."""
    tree = ast.parse(path.read_text(), filename=str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.variants"):
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(a.name for a in node.names if a.name.startswith("game.variants"))
    lazy = [
        inner.lineno
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for inner in ast.walk(func)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    ]
    return modules, lazy


def module_name(path: Path) -> str:
    return "game.variants" if path.stem == "__init__" else f"game.variants.{path.stem}"


def test_variant_modules_import_each_other_without_a_cycle() -> None:
    graph = {module_name(p): variant_imports(p)[0] for p in VARIANTS_DIR.glob("*.py")}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        raise AssertionError(f"import cycle: {exc.args[1]}") from None
    assert order.index("game.variants.piles") < order.index("game.variants.base")


def test_variant_modules_import_nothing_lazily() -> None:
    lazy = {p.name: lines for p in VARIANTS_DIR.glob("*.py") if (lines := variant_imports(p)[1])}
    assert lazy == {}


def test_variant_modules_stay_under_400_lines() -> None:
    long = {p.name: n for p in VARIANTS_DIR.glob("*.py") if (n := len(p.read_text().splitlines())) >= 400}
    assert long == {}


def test_suit_cell_games_declare_what_they_share_once() -> None:
    shared = {"build", "group_limit_by_cells", "foundation_to", "deal"}
    assert issubclass(BakersGame, SuitCellGame) and issubclass(Seahaven, SuitCellGame)
    assert shared <= set(vars(SuitCellGame))
    assert shared & set(vars(BakersGame)) == set()
    assert shared & set(vars(Seahaven)) == set()


class TwoCardGroups(BakersGame):
    """Baker's Game with groups of two at most, whatever the cells (a test-only variant)."""

    def group_limit_for(self, empty_cells: int) -> int:
        return 2


def two_card_groups(text: str) -> Game:
    return Game(TwoCardGroups.instance(), game.from_text(text).state)


def test_group_limit_written_once_rules_moves_and_reasons_alike() -> None:
    g = two_card_groups("bakers-game tableau-1=QHJHTH tableau-2=KH tableau-3=JS tableau-4=TS9S")
    assert Move("tableau-4", "tableau-3", 2) in g.legal_moves()
    assert max(m.count for m in g.legal_moves()) == 2
    assert_illegal(g, Move("tableau-1", "tableau-2", 3), "at most 2 cards move as a group")


def test_group_limit_written_once_also_lifts_the_limit() -> None:
    g = two_card_groups(
        "bakers-game tableau-1=JHTH tableau-2=QH reserve-1=2C reserve-2=3C reserve-3=4C reserve-4=5C"
    )
    assert Move("tableau-1", "tableau-2", 2) in g.legal_moves()
