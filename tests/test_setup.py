"""The install's build step (``setup.py``): the solver's C compiled on every core, mypyc run only
by the commands that build, and a current in-place build kept as it is."""

from __future__ import annotations

import importlib.util
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def setup_py(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """``setup.py`` imported (not run: ``setup()`` runs only as ``__main__``), from the root."""
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("SOLITAIRE_PURE_PYTHON", raising=False)
    spec = importlib.util.spec_from_file_location("setup_under_test", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


class FakeCompiler:
    """Compiles nothing; each call waits until another call runs beside it (or gives up)."""

    def __init__(self) -> None:
        self.together = threading.Barrier(2, timeout=10)
        self.calls: list[list[str]] = []

    def compile(self, sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        self.calls.append(list(sources))
        if len(self.calls) <= 2:
            self.together.wait()  # raises BrokenBarrierError if the two never overlap
        return [source.replace(".c", ".o") for source in sources]


def test_the_c_files_of_an_extension_are_compiled_side_by_side(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(setup_py.os, "cpu_count", lambda: 2)
    compiler = FakeCompiler()
    seen: list[list[str]] = []

    def build_extensions(self: Any) -> None:
        seen.append(self.compiler.compile(["a.c", "b.c", "c.c"], "out"))

    monkeypatch.setattr(setup_py.build_ext, "build_extensions", build_extensions)
    build = setup_py.ParallelBuild.__new__(setup_py.ParallelBuild)
    build.compiler = compiler
    build.build_extensions()
    assert seen == [["a.o", "b.o", "c.o"]]  # in the order given
    assert sorted(compiler.calls) == [["a.c"], ["b.c"], ["c.c"]]  # one file per compiler run
    assert build.parallel == 2


def test_mypyc_writes_one_c_file_per_module(setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, Any] = {}

    def mypycify(paths: list[str], **options: Any) -> list[Any]:
        asked.update(options, paths=paths)
        return []

    monkeypatch.setattr("mypyc.build.mypycify", mypycify)
    monkeypatch.setattr(setup_py.sys, "argv", ["setup.py", "build_ext"])
    setup_py.native_extensions()
    assert asked["multi_file"] is True
    assert len(asked["paths"]) == len(setup_py.native.COMPILED)


@pytest.mark.parametrize("command", ["egg_info", "dist_info", "sdist"])
def test_commands_that_build_nothing_do_not_run_mypyc(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    def mypycify(paths: list[str], **options: Any) -> list[Any]:
        raise AssertionError("mypyc ran for a command that builds nothing")

    monkeypatch.setattr("mypyc.build.mypycify", mypycify)
    monkeypatch.setattr(setup_py.sys, "argv", ["setup.py", command])
    names = [e.name for e in setup_py.native_extensions()]
    assert names == [f"game.solver.{name}" for name in setup_py.native.C_MODULES]


def test_an_editable_install_keeps_a_current_build(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    def mypycify(paths: list[str], **options: Any) -> list[Any]:
        raise AssertionError("a current build was compiled again")

    monkeypatch.setattr("mypyc.build.mypycify", mypycify)
    monkeypatch.setattr(setup_py, "current_build", lambda: True)
    monkeypatch.setattr(setup_py.sys, "argv", ["setup.py", "editable_wheel", "--dist-dir", "x"])
    kept = setup_py.native_extensions()
    assert [(e.name, e.sources) for e in kept] == [(f"{setup_py.native.GROUP}__mypyc", [])]


def test_a_wheel_is_always_built_with_its_compiled_modules(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("mypyc.build.mypycify", lambda paths, **options: [])
    monkeypatch.setattr(setup_py, "current_build", lambda: True)
    monkeypatch.setattr(setup_py.sys, "argv", ["setup.py", "bdist_wheel"])
    names = [e.name for e in setup_py.native_extensions()]
    assert names == [f"game.solver.{name}" for name in setup_py.native.C_MODULES]  # compiled again


def test_a_build_is_current_only_when_newer_than_every_source(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    solver = tmp_path / "game" / "solver"
    solver.mkdir(parents=True)
    suffix = setup_py.importlib.machinery.EXTENSION_SUFFIXES[0]
    names = (*setup_py.native.COMPILED, *setup_py.native.C_MODULES)
    for name in setup_py.native.COMPILED:
        (solver / f"{name}.py").write_text("")
    for name in setup_py.native.C_MODULES:
        (solver / f"{name}.c").write_text("")
    (solver / "native.py").write_text("")
    (tmp_path / "setup.py").write_text("")
    monkeypatch.setattr(setup_py, "__file__", str(tmp_path / "setup.py"))
    monkeypatch.setattr(setup_py.native, "HERE", solver)
    monkeypatch.setattr(
        setup_py.native,
        "compiled_file",
        lambda name, folder=solver: p if (p := solver / f"{name}{suffix}").exists() else None,
    )
    monkeypatch.chdir(tmp_path)
    assert not setup_py.current_build()  # nothing built
    time.sleep(0.01)
    for name in names:
        (solver / f"{name}{suffix}").write_text("")
    (tmp_path / f"{setup_py.native.GROUP}__mypyc{suffix}").write_text("")
    assert setup_py.current_build()
    time.sleep(0.01)
    (solver / "cells.py").write_text("# edited")
    assert not setup_py.current_build()


def test_an_install_removes_a_compiled_module_no_longer_built(setup_py: ModuleType, tmp_path: Path) -> None:
    suffix = setup_py.importlib.machinery.EXTENSION_SUFFIXES[0]
    kept = [tmp_path / f"{name}{suffix}" for name in (*setup_py.native.COMPILED, *setup_py.native.C_MODULES)]
    retired = tmp_path / f"retired_search{suffix}"
    for path in [*kept, retired, tmp_path / "retired_search.py"]:
        path.write_text("")
    setup_py.forget_retired_builds(str(tmp_path))
    assert not retired.exists()
    assert all(path.exists() for path in kept)
    assert (tmp_path / "retired_search.py").exists()


def test_the_build_step_compiles_each_translation_before_gathering_the_files(
    setup_py: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``build_py`` (every install, editable or not) writes each .po's .mo beside it first, so an
    editable install runs from there and a wheel takes them as package data."""
    po = tmp_path / "de" / "LC_MESSAGES" / "solitaire.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "New game"\nmsgstr "Neues Spiel"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(setup_py.i18n_tools, "LOCALE", tmp_path)
    gathered: list[bool] = []
    monkeypatch.setattr(
        setup_py.build_py, "run", lambda self: gathered.append(po.with_suffix(".mo").exists())
    )
    setup_py.BuildWithCatalogs.run(setup_py.BuildWithCatalogs.__new__(setup_py.BuildWithCatalogs))
    assert gathered == [True]
    import gettext

    with po.with_suffix(".mo").open("rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("New game") == "Neues Spiel"


def test_the_translations_are_package_data_and_babel_a_build_requirement() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "locale/*/LC_MESSAGES/*.mo" in project["tool"]["setuptools"]["package-data"]["game"]
    pins = dict(line.split("==") for line in project["build-system"]["requires"] if "==" in line)
    constraints = (ROOT / "build" / "constraints.txt").read_text(encoding="utf-8")
    assert f"Babel=={pins['Babel']}\n" in constraints
    assert "build_py" in (ROOT / "setup.py").read_text(encoding="utf-8").split("setup(")[-1]
