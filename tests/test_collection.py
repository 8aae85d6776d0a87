"""Plain ``python -m pytest`` runs every test file under tests/: none is skipped by a folder name
pytest ignores by default (``build``, ``dist``, dot-folders…) or by a name pytest does not take
for a test file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def _test_files() -> list[str]:
    """Every ``test_*.py`` under tests/, as a path relative to the repository (``tests/x/test_y.py``)."""
    return sorted(p.relative_to(ROOT).as_posix() for p in TESTS.rglob("test_*.py") if ".venv" not in p.parts)


@pytest.mark.slow
def test_plain_pytest_collects_every_test_file() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-o", "addopts=", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    collected = {m.group(1) for m in re.finditer(r"^(tests/\S+?\.py)::", proc.stdout, re.MULTILINE)}
    missing = [path for path in _test_files() if path not in collected]
    assert not missing, f"plain pytest leaves out: {missing}"


def test_test_files_have_distinct_names() -> None:
    """tests/ has no __init__.py files, so pytest imports each test file by its bare name: two of
    the same name in different folders would fail to collect."""
    names = [Path(path).name for path in _test_files()]
    assert sorted(names) == sorted(set(names))


def test_no_test_folder_has_a_name_pytest_skips() -> None:
    skipped = {"build", "dist", "node_modules", "venv", "CVS", "_darcs", "{arch}"}
    folders = {p.name for p in TESTS.rglob("*") if p.is_dir() and p.name != "__pycache__"}
    assert not folders & skipped
