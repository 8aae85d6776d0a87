"""The looser game in C checks every argument at its boundary: a bad one is a ValueError or a
TypeError, never a crash; and the C-vs-Python agreement tests run clean under AddressSanitizer
and UndefinedBehaviorSanitizer (gcc)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.solver import native

if native.c_built("_loose"):
    from game.solver._loose import Table
else:  # pragma: no cover - without a compiler the C module is simply absent
    Table = None

needs_c = pytest.mark.skipif(Table is None, reason="the looser game's C module is not built")
REPO = Path(__file__).resolve().parents[2]


@needs_c
def test_a_table_made_without_init_raises_instead_of_crashing() -> None:
    table = Table.__new__(Table)
    with pytest.raises(TypeError, match="never set up"):
        table.known(0, 0, 0, 0, 0)
    with pytest.raises(TypeError, match="never set up"):
        table.verdict(0, 0, 0, 0, 0, 1000, float("inf"), None)


@needs_c
@pytest.mark.parametrize("heights", [14, 15, 14 << 4, 15 << 12, 1 << 16])
def test_a_foundation_height_beyond_13_is_refused(heights: int) -> None:
    table = Table(b"", b"", b"", 0)
    with pytest.raises(ValueError, match=r"height|foundations"):
        table.known(0, 0, 0, 0, heights)
    with pytest.raises(ValueError, match=r"height|foundations"):
        table.verdict(0, 0, 0, 0, heights, 1000, float("inf"), None)


@needs_c
def test_more_than_three_bottom_cards_are_refused() -> None:
    table = Table(b"", b"", b"", 0)
    cards = 0b1111
    with pytest.raises(ValueError, match="more than three bottom cards"):
        table.known(cards, cards, 0, 0, 0)


@needs_c
@pytest.mark.parametrize(("tableau", "bottoms"), [(1 << 52, 0), (1 << 63, 0), (0, 1)])
def test_cards_outside_the_deck_or_the_tableau_are_refused(tableau: int, bottoms: int) -> None:
    table = Table(b"", b"", b"", 0)
    with pytest.raises(ValueError, match=r"above 51|not in the tableau"):
        table.known(tableau, bottoms, 0, 0, 0)


LOADED = "import game.solver._loose as m, game.solver.native as n; print(m.__file__, n.c_built('_loose'))"
SANITIZE = [
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=undefined",
    "-fno-omit-frame-pointer",
    "-O1",
]


def _asan_runtime(gcc: str) -> str | None:
    found = subprocess.run(
        [gcc, "-print-file-name=libasan.so"], capture_output=True, text=True
    ).stdout.strip()
    return found if os.path.isabs(found) and os.path.exists(found) else None


def sanitizers() -> tuple[str, str]:
    """gcc and its AddressSanitizer runtime (the test skips where either is missing)."""
    gcc = shutil.which("gcc")
    runtime = _asan_runtime(gcc) if gcc else None
    if gcc is None or runtime is None:
        pytest.skip("gcc with AddressSanitizer is not installed")
    return gcc, runtime


def sanitized_env(runtime: str, copy: Path) -> dict[str, str]:
    """The environment that runs the sanitized build in ``copy``: its runtime preloaded, an
    undefined behaviour fatal, the compiled modules wanted."""
    env = {
        **os.environ,
        "LD_PRELOAD": runtime,
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0",
        "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
        "PYTHONPATH": str(copy),
    }
    env.pop("SOLITAIRE_PURE_PYTHON", None)
    return env


def _build_sanitized(copy: Path, gcc: str, name: str = "_loose") -> None:
    """The game package copied to ``copy`` with the C module ``name`` built there under the
    sanitizers and the mypyc-compiled modules left out (they run from source)."""
    shutil.copytree(
        REPO / "game", copy / "game", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    shutil.copytree(REPO / "tests", copy / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", copy / "pyproject.toml")
    script = (
        "from setuptools import Extension, setup\n"
        f"setup(name='{name[1:]}', ext_modules=[Extension('game.solver.{name}', ['game/solver/{name}.c'], "
        f"extra_compile_args={SANITIZE!r}, extra_link_args={SANITIZE[:1]!r})], "
        "script_args=['-q', 'build_ext', '--inplace'])\n"
    )
    subprocess.run(
        [sys.executable, "-c", script],
        cwd=copy,
        check=True,
        capture_output=True,
        env={**os.environ, "CC": gcc},
    )


@pytest.mark.slow
@pytest.mark.timeout(400)  # a sanitized C build, then the agreement tests under it
@pytest.mark.skipif(sys.platform != "linux", reason="the sanitizers' runtime is preloaded, as on Linux")
def test_the_c_and_python_agreement_tests_pass_under_address_and_undefined_sanitizers() -> None:
    gcc, runtime = sanitizers()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        _build_sanitized(copy, gcc)
        env = sanitized_env(runtime, copy)
        check = subprocess.run(
            [
                sys.executable,
                "-c",
                "import game.solver._loose as m, game.solver.native as n; "
                "print(m.__file__, n.c_built('_loose'))",
            ],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
        )
        assert check.stdout.split() == [str(next((copy / "game" / "solver").glob("_loose*.so"))), "True"], (
            check.stderr
        )
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "tests/solver/test_kansas_relaxed.py",
                "tests/solver/test_loose_boundaries.py",
                "-k",
                "in_c or refused or without_init",
            ],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        report = result.stdout[-3000:] + result.stderr[-3000:]
        assert result.returncode == 0, report
        assert "ERROR: AddressSanitizer" not in report and "runtime error" not in report
        assert result.stdout.count(".") >= 15 and "[100%]" in result.stdout  # they ran, all passed
