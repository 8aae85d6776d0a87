"""The GitHub workflows (.github/workflows): actionlint finds nothing in them, they use only
well-kept actions pinned to exact versions, and they run README's commands on the three systems."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
CI = WORKFLOWS / "ci.yml"
RELEASE = WORKFLOWS / "release.yml"
WELL_KEPT = {
    "actions/checkout",
    "actions/setup-python",
    "actions/upload-artifact",
    "actions/download-artifact",
    "softprops/action-gh-release",
}


def _actionlint() -> str | None:
    beside = Path(sys.executable).parent / ("actionlint.exe" if sys.platform == "win32" else "actionlint")
    return str(beside) if beside.is_file() else shutil.which("actionlint")


def _readme_command() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_readme_command", ROOT / ".ci" / "readme_command.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_actionlint_finds_nothing_in_the_workflows() -> None:
    actionlint = _actionlint()
    if actionlint is None:
        pytest.skip("actionlint is not installed (the dev extra brings it on x86-64 Linux)")
    files = sorted(str(p) for p in WORKFLOWS.glob("*.yml"))
    assert len(files) == 2
    proc = subprocess.run(
        [actionlint, "-no-color", *files], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_workflows_use_only_well_kept_actions_pinned_to_a_version() -> None:
    assert sorted(p.name for p in WORKFLOWS.glob("*.yml")) == ["ci.yml", "release.yml"]
    for path in WORKFLOWS.glob("*.yml"):
        for action, ref in re.findall(
            r"^\s*(?:-\s+)?uses:\s*([\w./-]+)@(\S+)", path.read_text(encoding="utf-8"), re.M
        ):
            assert action in WELL_KEPT, f"{path.name}: {action}"
            assert re.fullmatch(r"v\d+\.\d+\.\d+", ref), (
                f"{path.name}: {action}@{ref} is not an exact version"
            )


def test_ci_runs_readmes_test_and_build_commands_on_three_systems_and_two_pythons() -> None:
    text = CI.read_text(encoding="utf-8")
    assert re.search(r"^on:\n  push:", text, re.M)
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    assert 'python: ["3.11", "3.x"]' in text
    assert "python .ci/readme_command.py test" in text
    assert "python .ci/readme_command.py build" in text
    assert "tests/test_workflows.py" in text and "'.[dev]'" in text


def test_release_builds_on_a_version_tag_and_publishes_every_file() -> None:
    text = RELEASE.read_text(encoding="utf-8")
    assert re.search(r'^on:\n  push:\n    tags: \["v\*"\]', text, re.M)
    assert '--smoke --package --tag "$GITHUB_REF_NAME"' in text


def release_systems() -> list[str]:
    text = RELEASE.read_text(encoding="utf-8")
    found = re.search(r"^\s*os: \[([^\]]*)\]", text, re.M)
    assert found, "release.yml: no os matrix"
    return [name.strip() for name in found[1].split(",")]


def test_release_builds_linux_on_the_oldest_supported_ubuntu_and_readme_names_its_glibc() -> None:
    assert "ubuntu-22.04" in release_systems() and "ubuntu-latest" not in release_systems()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"glibc 2\.35 or later", readme)


def test_release_builds_for_apple_silicon_and_intel_macs() -> None:
    systems = release_systems()
    assert "macos-latest" in systems  # Apple silicon
    assert "macos-15-intel" in systems  # GitHub's Intel runner
    assert "windows-latest" in systems
    # One artifact per job: two macOS jobs must not upload under the same name.
    assert "name: release-${{ matrix.os }}" in RELEASE.read_text(encoding="utf-8")


def test_release_fails_when_an_executable_carries_the_plain_python_solver(tmp_path: Path) -> None:
    """The check step, run here with stand-in executables: it passes a compiled build and
    fails a plain one."""
    text = RELEASE.read_text(encoding="utf-8")
    step = text.split("- name: Check each executable carries the compiled solver", 1)[1]
    script = step.split("run: |\n", 1)[1].split("\n      - ", 1)[0]
    script = textwrap.dedent(script)
    for solver, wanted in (
        ("compiled with mypyc; written in C: _loose, _cells, _alternate", 0),
        ("compiled with mypyc; written in C: _loose, _cells", 1),  # Lady Jane's C module missing
        ("compiled with mypyc; written in C: _loose", 1),  # the cell games' C module missing
        ("plain Python, not compiled", 1),
    ):
        exe = tmp_path / "dist" / "solitaire" / "solitaire"
        exe.parent.mkdir(parents=True, exist_ok=True)
        exe.write_text(f"#!/bin/sh\necho 'solitaire 0.1.0'\necho 'Solver: {solver}'\n", encoding="utf-8")
        exe.chmod(0o755)
        proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, capture_output=True, text=True)
        assert proc.returncode == wanted, proc.stdout + proc.stderr
    assert "path: dist/release/*" in text
    assert "softprops/action-gh-release@" in text and "files: release/*" in text
    assert "contents: write" in text


def test_readme_commands_are_read_for_the_workflows() -> None:
    module = _readme_command()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test = module.readme_command("test", readme)
    assert test.endswith("&& .venv/bin/python -m pytest") and test.count("-m pytest") == 1  # one process
    assert "build/build.py --smoke" in module.readme_command("build", readme)
    with pytest.raises(SystemExit):
        module.readme_command("nothing", readme)


def test_readme_commands_use_windows_venv_programs_there() -> None:
    module = _readme_command()
    command = "python3 -m venv .venv && .venv/bin/pip install -e '.[dev]' && .venv/bin/python -m pytest"
    assert module.for_windows(command) == (
        "python -m venv .venv && .venv/Scripts/pip install -e '.[dev]' && .venv/Scripts/python -m pytest"
    )
