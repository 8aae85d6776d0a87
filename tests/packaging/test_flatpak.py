"""The Flatpak manifest (build/linux/<app-id>.json): the runtimes cannot be fetched here, so this
checks what can be checked without flatpak-builder: it parses, names the application's ID, the
freedesktop runtime and the command, builds pygame-ce from its source, pins each run-time Python
dependency of pyproject.toml to the version build/constraints.txt pins, every source from PyPI
with a sha256, and asks for no more than the game needs."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from game.desktop import APP_ID

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "build" / "linux" / f"{APP_ID}.json"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "build" / "constraints.txt").read_text(encoding="utf-8").splitlines():
        requirement = line.split("#", 1)[0].split(";", 1)[0].strip()
        if "==" in requirement:
            name, version = requirement.split("==")
            out[canonical(name)] = version.strip()
    return out


def run_time_dependencies() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [canonical(re.match(r"[A-Za-z0-9._-]+", d)[0]) for d in project["dependencies"]]  # type: ignore[index]


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    return dict(json.loads(MANIFEST.read_text(encoding="utf-8")))


def modules(manifest: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["name"]: m for m in manifest["modules"]}


def installed_by_pip(module: dict[str, Any]) -> dict[str, str]:
    """name -> version of each ``pip3 install ... "name==version"`` in the module's commands."""
    found = {}
    for command in module["build-commands"]:
        for name, version in re.findall(r'"([A-Za-z0-9._-]+)==([^"]+)"', command):
            found[canonical(name)] = version
    return found


def test_manifest_names_the_app_runtime_and_command(manifest: dict[str, Any]) -> None:
    assert manifest["app-id"] == APP_ID
    assert manifest["runtime"] == "org.freedesktop.Platform" and manifest["sdk"] == "org.freedesktop.Sdk"
    assert re.fullmatch(r"\d\d\.08", manifest["runtime-version"])
    assert manifest["command"] == "solitaire"


def test_each_run_time_dependency_is_a_module_at_the_pinned_version(manifest: dict[str, Any]) -> None:
    pinned, by_name = pins(), modules(manifest)
    for dependency in run_time_dependencies():
        module = by_name[f"python3-{dependency}"]
        assert installed_by_pip(module) == {dependency: pinned[dependency]}, dependency
        (source,) = module["sources"]
        filename = source["url"].rsplit("/", 1)[1]
        assert canonical(filename).startswith(f"{dependency}-{pinned[dependency]}".replace(".", "-")), (
            filename
        )
    python_modules = {name.removeprefix("python3-") for name in by_name if name.startswith("python3-")}
    assert python_modules - {"build-tools"} == set(run_time_dependencies())


def test_pygame_ce_is_built_from_its_source(manifest: dict[str, Any]) -> None:
    (source,) = modules(manifest)["python3-pygame-ce"]["sources"]
    assert source["url"].endswith(".tar.gz")


def test_every_download_is_from_pypi_with_a_sha256(manifest: dict[str, Any]) -> None:
    for module in manifest["modules"]:
        for source in module["sources"]:
            if source["type"] == "dir":
                continue
            assert source["url"].startswith("https://files.pythonhosted.org/packages/"), source
            assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"]), source


def test_build_tools_leave_the_app_and_the_game_installs_its_desktop_files(manifest: dict[str, Any]) -> None:
    by_name = modules(manifest)
    assert by_name["python3-build-tools"]["cleanup"] == ["*"]
    game = manifest["modules"][-1]
    assert game["name"] == "solitaire" and game["sources"] == [{"type": "dir", "path": "../.."}]
    assert (MANIFEST.parent / game["sources"][0]["path"]).resolve() == ROOT
    commands = "\n".join(game["build-commands"])
    assert "build/linux_desktop.py ${FLATPAK_DEST}" in commands and "LICENSE" in commands


def test_finish_args_ask_for_display_sound_and_gamepads_only(manifest: dict[str, Any]) -> None:
    args = set(manifest["finish-args"])
    assert {"--socket=wayland", "--socket=fallback-x11", "--socket=pulseaudio", "--device=input"} <= args
    assert not any(a.startswith(("--filesystem", "--socket=x11", "--socket=session-bus")) for a in args)
    assert "--device=all" not in args and "--share=network" not in args
