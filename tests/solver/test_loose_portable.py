"""The looser Kansas in C (game/solver/_loose.c) is portable C: it compiles warning-free as C11 with
gcc and clang (Apple's compiler is a clang; MSVC gets its own branch), and its plain-C fallbacks
for the compiler built-ins, used where there are none, give the same answers."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest
from test_kansas_relaxed import twins

SOURCE = Path(__file__).resolve().parents[2] / "game" / "solver" / "_loose.c"
STRICT = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wvla"]
PLAIN_C = "-DSOLITAIRE_PLAIN_C"
"""Picks the plain-C fallbacks (no __builtin_*, no intrinsics) as on a compiler that has none."""


def _compiler(name: str) -> str:
    if sys.platform == "win32":
        pytest.skip("Windows builds the module with MSVC (setup.py); its Python headers are not for gcc")
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed here")
    return path


def _compile(compiler: str, *flags: str, source: Path = SOURCE) -> subprocess.CompletedProcess[str]:
    """``source`` (the looser game's C by default) compiled as strict C11 with ``flags``."""
    include = sysconfig.get_paths()["include"]
    args = [compiler, *STRICT, *flags, f"-I{include}", str(source)]
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", ["gcc", "clang"])
@pytest.mark.parametrize("flags", [(), (PLAIN_C,)], ids=["builtins", "plain-c"])
def test_loose_c_compiles_as_strict_c11_without_a_warning(name: str, flags: tuple[str, ...]) -> None:
    proc = _compile(_compiler(name), "-fsyntax-only", *flags)
    assert proc.returncode == 0, proc.stderr


def _plain_c_module(tmp_path: Path) -> ModuleType:
    out = tmp_path / f"_loose{sysconfig.get_config_var('EXT_SUFFIX')}"
    proc = _compile(_compiler("gcc"), PLAIN_C, "-O1", "-shared", "-fPIC", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    loader = importlib.machinery.ExtensionFileLoader("game.solver._loose", str(out))
    spec = importlib.util.spec_from_file_location("game.solver._loose", out, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)  # not put in sys.modules: the game keeps its own
    loader.exec_module(module)
    return module


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="links a Python module the Linux way")
@pytest.mark.parametrize(("deal", "budget"), [(6, 10**6), (1, 30_000)])
def test_the_plain_c_fallbacks_search_as_the_plain_python_twin(
    tmp_path: Path, deal: int, budget: int
) -> None:
    relaxed, plain, position = twins(deal)
    relaxed.table = _plain_c_module(tmp_path).Table(
        relaxed.reserve, relaxed.stock, relaxed.waste, relaxed.base
    )
    assert relaxed.verdict(*position, budget) == plain.verdict(*position, budget)
    assert len(relaxed) == len(plain) > 0
