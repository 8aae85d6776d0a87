"""Every test has a time limit (pytest-timeout, default in pyproject.toml), so a hang fails with
the test's name instead of stalling the run; the slow marker is registered for the quick set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_has_a_default_time_limit(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.hasplugin("timeout")
    assert 0 < float(request.config.getini("timeout")) <= 300


def test_slow_marker_is_registered(request: pytest.FixtureRequest) -> None:
    assert any(line.startswith("slow:") for line in request.config.getini("markers"))


@pytest.mark.slow
def test_a_hanging_test_fails_with_its_name(tmp_path: Path) -> None:
    probe = tmp_path / "test_probe_hang.py"
    probe.write_text(
        "import time\nimport pytest\n\n\n"
        "@pytest.mark.timeout(1)\ndef test_sleeps_too_long():\n    time.sleep(60)\n",
        encoding="utf-8",
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-c",
            str(ROOT / "pyproject.toml"),
            str(probe),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    # Where signals serve (POSIX) the test fails and the run goes on; elsewhere pytest-timeout
    # dumps the stacks and ends the run. Either way: a failure, the word Timeout, the test's name.
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "Timeout" in out and "test_sleeps_too_long" in out
