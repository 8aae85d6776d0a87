"""The compiled solver (``game.solver.native``): a stale build never shadows an edited source, and
the compiled and the plain-Python searches give the same answers."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.solver import native

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _files(folder: Path, source_time: float, binary_time: float) -> None:
    for name, stamp in (("kansas.py", source_time), (f"kansas{SUFFIX}", binary_time)):
        (folder / name).write_text("")
        os.utime(folder / name, (stamp, stamp))


def test_a_build_newer_than_its_source_is_not_stale(tmp_path: Path) -> None:
    _files(tmp_path, source_time=1_000_000, binary_time=1_000_100)
    assert not native.stale(["kansas"], tmp_path)


def test_a_source_edited_after_the_build_makes_it_stale(tmp_path: Path) -> None:
    _files(tmp_path, source_time=1_000_100, binary_time=1_000_000)
    assert native.stale(["kansas"], tmp_path)


def test_files_written_together_by_an_install_are_not_stale(tmp_path: Path) -> None:
    _files(tmp_path, source_time=1_000_001, binary_time=1_000_000)
    assert not native.stale(["kansas"], tmp_path)


def test_sources_without_a_build_are_not_stale(tmp_path: Path) -> None:
    (tmp_path / "kansas.py").write_text("")
    assert native.compiled_file("kansas", tmp_path) is None
    assert not native.stale(["kansas"], tmp_path)


def test_a_c_source_edited_after_its_build_makes_it_stale(tmp_path: Path) -> None:
    for name, stamp in (("_loose.c", 1_000_100), (f"_loose{SUFFIX}", 1_000_000)):
        (tmp_path / name).write_text("")
        os.utime(tmp_path / name, (stamp, stamp))
    assert native.stale(["_loose"], tmp_path, suffix=".c")
    assert not native.stale(["_loose"], tmp_path)  # no _loose.py: only its C source counts


def test_a_c_module_is_not_used_when_the_plain_modules_are_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert not native.c_built("_loose")
    assert native.describe().endswith("; written in C: none built")


def test_source_first_finds_only_the_compiled_group_in_its_sources() -> None:
    finder = native.SourceFirst()
    spec = finder.find_spec("game.solver.kansas", None)
    assert spec is not None and spec.origin == str(native.HERE / "kansas.py")
    assert finder.find_spec("game.solver.search", None) is None
    assert finder.find_spec("kansas", None) is None


def _solve(variant: str, deal: int, pure: bool) -> dict[str, object]:
    env = {**os.environ, native.PURE_ENV: "1" if pure else "0"}
    code = (
        "import json, sys, game\n"
        "from game.solver import solve, Budget\n"
        "from game.solver.native import compiled\n"
        f"r = solve(game.new_game({variant!r}, deal={deal}), Budget(seconds=60))\n"
        "print(json.dumps({'compiled': compiled(), 'verdict': r.verdict.value,"
        " 'moves': [str(m) for m in r.moves], 'nodes': r.positions}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_pure_python_is_used_when_asked() -> None:
    assert _solve("kansas", 12, pure=True)["compiled"] is False


@pytest.mark.parametrize(
    ("variant", "deal"), [("kansas", 12), ("aunt-mary", 6), ("seahaven", 3), ("lady-jane", 2)]
)
def test_compiled_and_plain_searches_give_the_same_answer(variant: str, deal: int) -> None:
    plain, default = _solve(variant, deal, pure=True), _solve(variant, deal, pure=False)
    if not default["compiled"]:
        pytest.skip("the solver is not compiled here (no C compiler at install)")
    assert plain["verdict"] != "unknown"
    assert {k: v for k, v in plain.items() if k != "compiled"} == {
        k: v for k, v in default.items() if k != "compiled"
    }


REQUIRE_COMPILED = "SOLITAIRE_REQUIRE_COMPILED"
"""Set where the install must carry the compiled solver (.ci/run, the workflows): there a build
that fell back to plain Python fails here instead of skipping the compiled-only tests."""


@pytest.mark.skipif(not os.environ.get(REQUIRE_COMPILED), reason=f"{REQUIRE_COMPILED} is not set")
def test_an_install_that_must_be_compiled_carries_the_compiled_solver_and_its_c_module() -> None:
    assert not native.pure_wanted(), f"{native.PURE_ENV} is set"
    assert native.compiled(), native.describe()
    for name in native.C_MODULES:
        assert native.c_built(name), native.describe()
