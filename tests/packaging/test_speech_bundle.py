"""The Windows and macOS executables carry their speech back-end (prismatoid): pinned with its
dependencies for those systems, fetched by build/wine.py for Windows, bundled by the spec with
its compiled module and library, named in the licences; and every executable's smoke runs one
deal with ``--speech`` (build/speech_smoke.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.packaging.build_scripts import BUILD, ROOT, load

SPEECH_PINS = {"prismatoid": "0.18.3", "cffi": "2.1.1", "pycparser": "3.12"}
MARKER = "; sys_platform == 'win32' or sys_platform == 'darwin'"


def test_prismatoid_and_what_it_loads_with_are_pinned_for_windows_and_macos() -> None:
    lines = (BUILD / "constraints.txt").read_text(encoding="utf-8").splitlines()
    for name, version in SPEECH_PINS.items():
        assert f"{name}=={version}{MARKER}" in lines, name
    build = load("build")
    here = sys.platform in ("win32", "darwin")
    assert all((name in build.pinned()) == here for name in SPEECH_PINS)  # --strict-pins asks for them


def test_the_windows_prefix_gets_prismatoid_at_its_pins() -> None:
    """pip download --platform win_amd64 reads the constraints' markers for Linux: wine.py hands
    it the pins as Windows reads them, so prismatoid, cffi and pefile come at their versions."""
    wine = load("wine")
    assert "prismatoid" in wine.REQUIREMENTS
    pins = wine.windows_constraints((BUILD / "constraints.txt").read_text(encoding="utf-8")).splitlines()
    for name, version in {**SPEECH_PINS, "pefile": "2024.8.26"}.items():
        assert f"{name}=={version}" in pins
    assert not any(line.startswith("actionlint") for line in pins)  # Linux only
    assert all(";" not in line and "#" not in line for line in pins)


def test_the_licences_name_prismatoids_library_and_follow_the_speech_extra() -> None:
    licences = load("licences")
    assert licences.shared_library_licence("prism.dll") == "MPL-2.0"
    assert "speech" in licences.EXTRAS
    marker = "(sys_platform == 'win32' or sys_platform == 'darwin') and extra == \"speech\""
    assert licences.marker_holds(marker, "speech") == (sys.platform in ("win32", "darwin"))
    assert not licences.marker_holds(marker)


def test_the_workflows_and_the_readme_build_install_the_speech_extra() -> None:
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "pip\" install -q -c build/constraints.txt -e '.[dev,speech]'" in release
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    build_command = readme.split("<!-- build-command -->", 1)[1].split("```", 2)[1]
    assert "pip install -c build/constraints.txt -e '.[dev,speech]'" in build_command


@pytest.mark.slow  # renders the spec for three systems, making the icons each time
def test_the_windows_and_macos_analyses_import_and_carry_prismatoid() -> None:
    build = load("build")
    for target, carried in (("windows", True), ("macos", True), ("linux", False)):
        calls, _ = build.render_spec(target)
        (analysis,) = [kw for kind, _, kw in calls if kind == "Analysis"][:1]
        hidden = set(analysis["hiddenimports"])
        assert ({"prism", "prism.core", "_cffi_backend"} <= hidden) == carried, target


FAKE = """import os, sys
log = os.environ["SOLITAIRE_SPEECH_LOG"]
with open(log, "a", encoding="utf-8") as f:
    f.write({lines!r})
sys.stderr.write({stderr!r})
sys.exit({status})
"""


def fake_exe(folder: Path, lines: str, stderr: str = "", status: int = 0) -> Path:
    """A stand-in executable writing ``lines`` to the transcript."""
    script = folder / "fake.py"
    script.write_text(FAKE.format(lines=lines, stderr=stderr, status=status), encoding="utf-8")
    exe = folder / "fake"
    exe.write_text(f'#!/bin/sh\nexec {sys.executable} {script} "$@"\n', encoding="utf-8")
    exe.chmod(0o755)
    return exe


NO_VOICE = "Speech is on, but no voice could start (x); playing on without it.\n"


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in executable is a shell script")
@pytest.mark.parametrize(
    ("lines", "stderr", "status", "fails"),
    [
        ("Baker's Game, deal 5. R reads the table.\nWinnable: no\n", "", 0, False),
        ("Baker's Game, deal 5.\n" + NO_VOICE + "Winnable: no\n", "", 0, False),
        ("Baker's Game, deal 5.\n" + NO_VOICE + NO_VOICE, "", 0, True),
        ("Baker's Game, deal 5.\n", "Traceback (most recent call last):\n", 0, True),
        ("Baker's Game, deal 5.\n", "", 1, True),
        ("", "", 0, True),
    ],
    ids=["voice", "no-voice-once", "no-voice-twice", "traceback", "exit-1", "no-transcript"],
)
def test_the_speech_smoke_fails_a_traceback_a_repeated_no_voice_or_no_transcript(
    tmp_path: Path, lines: str, stderr: str, status: int, fails: bool
) -> None:
    smoke = load("speech_smoke")
    failures = smoke.check(fake_exe(tmp_path, lines, stderr, status), tmp_path, dict(os.environ), None, 60)
    assert bool(failures) == fails, failures


@pytest.mark.slow  # the game played through once
@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in executable is a shell script")
def test_the_game_with_speech_and_no_voice_says_so_once_and_keeps_its_transcript(tmp_path: Path) -> None:
    """The smoke the executables get, on the game run from source with no speech program."""
    exe = tmp_path / "solitaire"
    exe.write_text(f'#!/bin/sh\nexec {sys.executable} -m game "$@"\n', encoding="utf-8")
    exe.chmod(0o755)
    env = dict(os.environ, PATH=str(tmp_path / "nothing"), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    env.update(SDL_AUDIODRIVER="dummy", SOLITAIRE_SPEED="off", SOLITAIRE_DATA_DIR=str(tmp_path / "data"))
    assert load("speech_smoke").check(exe, tmp_path, env, None, 120) == []
    said = (tmp_path / "speech.log").read_text(encoding="utf-8")
    assert said.count("no voice could start") == 1
