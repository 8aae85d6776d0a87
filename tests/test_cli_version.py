"""``solitaire --version``: the version, the licence, and whether the solver runs compiled."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import game
from game import cli
from game.solver import native


def test_version_names_the_licence_and_how_the_solver_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.play_parser().parse_args(["--version"])
    assert stop.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"solitaire {game.__version__}"
    assert lines[1] == "License: GPL-3.0-or-later"
    wanted = "Solver: compiled with mypyc" if native.compiled() else "Solver: plain Python, not compiled"
    assert lines[2].startswith(wanted)


def test_version_says_plain_python_when_the_compiled_solver_is_not_used(tmp_path: Path) -> None:
    env = {"SOLITAIRE_PURE_PYTHON": "1", "LANGUAGE": "en", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-m", "game", "--version"],
        env=env,
        cwd=Path(game.__file__).parent.parent,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert "Solver: plain Python, not compiled; written in C: -" in out


def test_a_frozen_plain_module_is_not_taken_for_a_compiled_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.solver import alternate

    # A PyInstaller build keeps a plain module as .pyc: that is not compiled.
    monkeypatch.setattr(alternate, "__file__", "/tmp/_MEI123/game/solver/alternate.pyc")
    assert not native.compiled()
    monkeypatch.setattr(
        alternate, "__file__", "/tmp/_MEI123/game/solver/alternate.cpython-311-x86_64-linux-gnu.so"
    )
    assert native.compiled()
