"""The looser game in C checks every argument at its boundary: a bad one is a ValueError or a
TypeError, never a crash; and the C-vs-Python agreement tests run clean under AddressSanitizer
and UndefinedBehaviorSanitizer (gcc)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
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


def run_sanitized(name: str, tests: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """pytest with ``tests`` run in a copy of the game whose C module ``name`` is built under the
    sanitizers (checked to be the module loaded there); the caller checks what ran."""
    gcc, runtime = sanitizers()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        _build_sanitized(copy, gcc, name)
        env = sanitized_env(runtime, copy)
        loaded = (
            f"import game.solver.{name} as m, game.solver.native as n; print(m.__file__, n.c_built('{name}'))"
        )
        check = subprocess.run(
            [sys.executable, "-c", loaded], cwd=copy, env=env, capture_output=True, text=True
        )
        built = next((copy / "game" / "solver").glob(f"{name}*.so"))
        assert check.stdout.split() == [str(built), "True"], check.stderr
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-rs", "-p", "no:cacheprovider", *tests],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def assert_memory_flat(search: Callable[[int], None], warm: int, rounds: int) -> None:
    """``search(i)`` for ``warm`` rounds (the allocator's pools warm up), then ``rounds`` more
    leave the peak resident memory (``ru_maxrss``: KiB on Linux) within 4 MB."""
    import resource

    for i in range(warm):
        search(i)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for i in range(rounds):
        search(i)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert after - before < 4_000, f"{before} KiB, then {after} KiB"


@pytest.mark.slow
@pytest.mark.timeout(400)  # a sanitized C build, then the agreement tests under it
@pytest.mark.skipif(sys.platform != "linux", reason="the sanitizers' runtime is preloaded, as on Linux")
def test_the_c_and_python_agreement_tests_pass_under_address_and_undefined_sanitizers() -> None:
    tests = ["tests/solver/test_kansas_relaxed.py", "tests/solver/test_loose_boundaries.py"]
    result = run_sanitized("_loose", [*tests, "-k", "in_c or refused or without_init"], timeout=600)
    report = result.stdout[-3000:] + result.stderr[-3000:]
    assert result.returncode == 0, report
    assert "ERROR: AddressSanitizer" not in report and "runtime error" not in report
    assert result.stdout.count(".") >= 15 and "[100%]" in result.stdout  # they ran, all passed
