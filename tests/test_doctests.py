"""The examples a reader is shown run as written: README's "Scripting API" block and the
``>>>`` examples in the docstrings of game/.

The docstrings are read from the source, not from the imported objects, so the examples of the
modules mypyc compiles (whose functions carry no docstring a doctest finder can see) run too; each
module's examples run in a copy of that module's namespace, as ``python -m doctest`` would.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GAME = ROOT / "game"
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Importing these runs the program (or opens a window): no examples there.
NOT_IMPORTED = {"game.__main__"}


def readme_api_example() -> tuple[str, int]:
    """The first ```python block under README's "## Scripting API" heading, and the line (from 0)
    in README.md where it starts."""
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Scripting API\n")
    section = text[start:].split("\n## ", 2)[1]
    match = re.search(r"^```python\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert match, 'README.md: no ```python block under "## Scripting API"'
    line = text.count("\n", 0, start + len("\n## ") + section.index(match.group(1)))
    return match.group(1), line


def _run(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_readme_scripting_api_example_runs_as_shown() -> None:
    example, line = readme_api_example()
    test = doctest.DocTestParser().get_doctest(example, {}, "README.md Scripting API", str(README), line)
    shown = [e for e in test.examples if e.want]
    assert len(test.examples) >= 10 and len(shown) >= 8, "the example shows what its calls return"
    _run(test)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _docstrings(path: Path) -> list[tuple[str, str, int]]:
    """``(qualified name, docstring, line)`` for the module and each class and function in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}.{child.name}"
                doc = ast.get_docstring(child, clean=True)
                if doc:
                    found.append((name, doc, child.body[0].lineno))
                visit(child, name)

    module = _module_name(path)
    doc = ast.get_docstring(tree, clean=True)
    if doc:
        found.append((module, doc, 1))
    visit(tree, module)
    return found


def _modules_with_examples() -> list[Path]:
    return sorted(
        path
        for path in GAME.rglob("*.py")
        if _module_name(path) not in NOT_IMPORTED and any(">>>" in doc for _, doc, _ in _docstrings(path))
    )


MODULES = _modules_with_examples()


@pytest.mark.parametrize("path", MODULES, ids=[_module_name(p) for p in MODULES])
def test_docstring_examples_run_as_shown(path: Path) -> None:
    namespace = vars(importlib.import_module(_module_name(path)))
    parser = doctest.DocTestParser()
    for name, doc, line in _docstrings(path):
        test = parser.get_doctest(doc, dict(namespace), name, str(path), line)
        if test.examples:
            _run(test)


@pytest.mark.parametrize(
    ("module", "function"),
    [
        ("game.engine.moves", "Move.parse"),
        ("game.engine.cards", "Card.parse"),
        ("game.engine.cards", "Card.text"),
        ("game", "from_text"),
        ("game", "new_game"),
    ],
)
def test_key_public_functions_show_an_example(module: str, function: str) -> None:
    path = GAME.joinpath(*module.split(".")[1:])
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    docs = {name: doc for name, doc, _ in _docstrings(path)}
    assert ">>>" in docs[f"{module}.{function}"]
