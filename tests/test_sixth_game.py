"""A sixth game is one file and one line: docs/new-game.md, done for real.

In a scratch copy of the project, FreeCell (``tests/sixth_game/free_cell.py``, kept in the tests
and never shipped) becomes ``game/variants/free_cell.py`` and gets its line in
``game.variants.GAMES``; the translators' template is extracted again, as the doc says. Then the
suites that touch every game run there and pass: the engine's invariants over every game, the
variants' checks, the solver's choice of search, the scripting API, the command line, the
store, the chooser, the table, the rules screen and the deal of the day (the new game ships no
table of deals: its days are proved on demand, with no notice). The catalogs then lack only the new game's
messages, which is what the translators do next.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n_tools

ROOT = Path(__file__).resolve().parents[1]
GAME_FILE = Path(__file__).parent / "sixth_game" / "free_cell.py"
LINE = '    "free_cell.FreeCell",\n'
LAST_LINE = '    "seahaven.Seahaven",\n'

SUITES = [
    "tests/engine",
    "tests/variants",
    "tests/solver/test_families.py",
    "tests/test_api_contract.py",
    "tests/test_cli.py",
    "tests/test_doctests.py",
    "tests/i18n/test_template.py",
    "tests/store/test_store_saves.py",
    "tests/store/test_store_stats.py",
    "tests/app/test_new_game.py",
    "tests/app/test_scenes.py",
    "tests/app/test_rules_screen_text.py",
    "tests/test_winnable_table.py",
    "tests/store/test_store_daily.py",
    "tests/test_cli_deals.py",
    "tests/app/test_calendar.py",
]
"""The suites that walk every registered game (the quick part of each), the deal of the day's
among them: the new game has no shipped table, so its days are proved on demand."""

IGNORED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "dist",
    "work",
    "out",
    "wine",
    ".hypothesis",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
)


def add_the_game(root: Path) -> None:
    """What the doc asks of whoever adds the game: its file, and its line in the registry."""
    shutil.copy2(GAME_FILE, root / "game" / "variants" / "free_cell.py")
    registry = root / "game" / "variants" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    assert text.count(LAST_LINE) == 1
    registry.write_text(text.replace(LAST_LINE, LAST_LINE + LINE), encoding="utf-8")


def run(root: Path, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sixth") / "project"
    shutil.copytree(ROOT, root, ignore=IGNORED, symlinks=True)
    add_the_game(root)
    for step in ("extract", "update"):
        done = run(root, "-m", "game.i18n_tools", step, timeout=300)
        assert done.returncode == 0, done.stderr
    return root


def changed_files(root: Path) -> list[str]:
    """The files of ``root`` that differ from the project's, bar the translators' (locale/)."""
    changed = []
    for path in sorted((root / "game").rglob("*.py")):
        rel = path.relative_to(root)
        original = ROOT / rel
        if not original.exists() or original.read_bytes() != path.read_bytes():
            changed.append(rel.as_posix())
    return changed


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_a_sixth_game_is_one_file_and_one_registry_line(scratch: Path) -> None:
    assert changed_files(scratch) == ["game/variants/__init__.py", "game/variants/free_cell.py"]
    probe = (
        "import game; print(list(game.VARIANTS)[-1], game.new_game('free-cell', deal=5).state.card_count())"
    )
    out = run(scratch, "-c", probe, timeout=120)
    assert out.stdout.split() == ["free-cell", "52"], out.stderr


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_suites_that_walk_every_game_pass_with_the_sixth(scratch: Path) -> None:
    done = run(scratch, "-m", "pytest", "-p", "no:cacheprovider", "-m", "not slow", *SUITES, timeout=1700)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_translators_then_have_only_the_new_games_messages_to_translate(scratch: Path) -> None:
    template = i18n_tools.read(scratch / "game" / "locale" / "solitaire.pot")
    new = {m.id for m in i18n_tools.messages(template) if any("free_cell" in f for f, _ in m.locations)}
    assert ("FreeCell" in new) and len(new) == 6  # its name, its summary and its four paragraphs
    for po in i18n_tools.catalog_paths(scratch / "game" / "locale"):
        catalog = i18n_tools.read(po, i18n_tools.language_of(po))
        # Babel offers a close translation of an older message as a fuzzy one: still to do.
        to_translate = {m.id for m in i18n_tools.messages(catalog) if not m.string or m.fuzzy}
        assert to_translate == new, po
