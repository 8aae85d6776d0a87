"""The Linux desktop files (build/linux/, build/linux_desktop.py): one application ID throughout,
the entry clean under desktop-file-validate, the metainfo under ``appstreamcli validate
--pedantic``, hicolor icons 16-512 px, and install.sh following the XDG specifications.

The validators come from desktop-file-utils and appstream (.ci/run installs them); without one
its test skips and says so."""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest

from game import desktop, i18n_tools

ROOT = Path(__file__).resolve().parents[2]
APP_ID = desktop.APP_ID


@pytest.fixture(scope="module")
def linux() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "_solitaire_linux_desktop", ROOT / "build" / "linux_desktop.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(text)
    return parser["Desktop Entry"]


def validate(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(tool) is None:
        pytest.skip(
            f"{tool} is not installed (.ci/run installs it: apt-get install desktop-file-utils appstream)"
        )
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=120)


# ----------------------------------------------------------------------------- the ID


def test_the_application_id_is_reverse_dns_in_four_parts_as_flathub_wants() -> None:
    parts = APP_ID.split(".")
    assert parts[:2] == ["io", "github"] and len(parts) == 4
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", part) for part in parts), "no dash, no capital"


def test_one_id_names_entry_icon_metainfo_window_and_macos_bundle(linux: ModuleType) -> None:
    values = entry(linux.desktop_entry())
    assert values["Icon"] == APP_ID and values["StartupWMClass"] == APP_ID
    assert linux.DESKTOP_TEMPLATE.name == f"{APP_ID}.desktop"
    root = ElementTree.fromstring(linux.metainfo())
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert [b.text for b in root.iter("binary")] == ["solitaire"]
    spec = importlib.util.spec_from_file_location("_release_info", ROOT / "build" / "release_info.py")
    assert spec and spec.loader
    release_info = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(release_info)
    assert APP_ID.replace("_", "-") == release_info.BUNDLE_ID  # Apple allows no underscore


def test_the_window_class_is_the_application_id() -> None:
    """pygame names the X11 class after the script (``solitaire``) unless one is set: the game
    sets the application's ID before importing pygame."""
    code = (
        "import os; from game.view.lean_pygame import pygame; "
        "print(os.environ['SDL_VIDEO_X11_WMCLASS'], os.environ['SDL_VIDEO_WAYLAND_WMCLASS'])"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO_")}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.stdout.split() == [APP_ID, APP_ID], out.stderr


# ----------------------------------------------------------------------------- the validators


def test_ci_installs_both_validators_when_missing() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)" in run
    assert "command -v appstreamcli >/dev/null || need+=(appstream)" in run
    assert 'apt-get install -y -qq "${need[@]}"' in run


def test_desktop_entry_passes_desktop_file_validate(linux: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / f"{APP_ID}.desktop"
    path.write_text(linux.desktop_entry(), encoding="utf-8")
    proc = validate("desktop-file-validate", str(path))
    assert proc.returncode == 0 and not (proc.stdout + proc.stderr).strip(), proc.stdout + proc.stderr


@pytest.mark.parametrize("which", ["template", "with translations"])
def test_metainfo_passes_appstreamcli_validate_pedantic(
    linux: ModuleType, tmp_path: Path, which: str
) -> None:
    if which == "template":
        path = linux.METAINFO_TEMPLATE
    else:
        path = tmp_path / f"{APP_ID}.metainfo.xml"
        path.write_text(linux.metainfo(), encoding="utf-8")
    proc = validate("appstreamcli", "validate", "--pedantic", "--no-net", "--no-color", str(path))
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert not re.search(r"^[EWIP]: ", output, re.M), output  # not even a pedantic hint


def test_metainfo_carries_each_catalogs_name_summary_and_keywords(linux: ModuleType) -> None:
    root = ElementTree.fromstring(linux.metainfo())
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    names = {e.get(lang): e.text for e in root.findall("name")}
    summaries = {e.get(lang): e.text for e in root.findall("summary")}
    keywords = {e.get(lang) for e in root.iter("keyword")}
    languages = [i18n_tools.language_of(po) for po in i18n_tools.catalog_paths()]
    assert len(languages) >= 6
    words = linux.translations()
    for language in languages:
        assert names[language] == words[desktop.NAME][language]
        assert summaries[language] == words[desktop.GENERIC_NAME][language]
        assert language in keywords
    assert names[None] == "Solitaire" and summaries[None] == desktop.GENERIC_NAME


def test_metainfo_screenshots_are_in_the_repository_at_their_stated_size(linux: ModuleType) -> None:
    root = ElementTree.fromstring(linux.metainfo())
    images = list(root.iter("image"))
    assert len(images) >= 2
    for image in images:
        url = image.text or ""
        assert url.startswith("https://raw.githubusercontent.com/") and "/main/" in url
        path = ROOT / url.split("/main/", 1)[1]
        data = path.read_bytes()
        width, height = struct.unpack(">II", data[16:24])  # the PNG's IHDR
        assert (str(width), str(height)) == (image.get("width"), image.get("height"))
        assert len(data) < 400_000, f"{path.name}: {len(data)} bytes"


def test_metainfo_rates_content_and_lists_the_release(linux: ModuleType) -> None:
    import game

    root = ElementTree.fromstring(linux.metainfo())
    rating = root.find("content_rating")
    assert rating is not None and rating.get("type") == "oars-1.1"
    assert next(r.get("version") for r in root.iter("release")) == game.__version__
    assert root.findtext("project_license") == "GPL-3.0-or-later"


# ----------------------------------------------------------------------------- icons, install.sh


@pytest.fixture(scope="module")
def icon_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec = importlib.util.spec_from_file_location("_solitaire_icon", ROOT / "build" / "icon.py")
    assert spec and spec.loader
    icon = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(icon)
    folder = tmp_path_factory.mktemp("icons")
    icon.make_icons(folder)
    return folder


def test_stage_writes_hicolor_icons_from_16_to_512_px(
    linux: ModuleType, icon_dir: Path, tmp_path: Path
) -> None:
    linux.stage(tmp_path, icon_dir)
    for size in (16, 32, 48, 64, 128, 256, 512):
        png = (
            tmp_path / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        ).read_bytes()
        assert struct.unpack(">II", png[16:24]) == (size, size)
    assert (tmp_path / "share" / "applications" / f"{APP_ID}.desktop").is_file()
    assert (tmp_path / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()


def exec_argv(value: str) -> list[str]:
    """The Desktop Entry specification's reading of an Exec value: the string escapes first,
    then the command line's quoting (no field codes expected here)."""
    value = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(m[1], m[1]), value)
    args, i = [], 0
    while i < len(value):
        if value[i] == " ":
            i += 1
            continue
        if value[i] == '"':
            i, arg = i + 1, ""
            while value[i] != '"':
                if value[i] == "\\":
                    assert value[i + 1] in '"`$\\', f"a backslash before {value[i + 1]!r}"
                    i += 1
                arg += value[i]
                i += 1
            args.append(arg)
            i += 1
        else:
            end = value.find(" ", i)
            arg = value[i:] if end < 0 else value[i:end]
            assert not set(arg) & set("\t\n\"'\\><~|&;$*?#()`"), f"reserved characters unquoted: {arg!r}"
            args.append(arg)
            i += len(arg)
    return [a.replace("%%", "%") for a in args]


ODD_FOLDER = "Spiele & Karten \"neu\" 'alt' $HOME `x` \\ 100%"


@pytest.fixture
def bundle(linux: ModuleType, icon_dir: Path, tmp_path: Path) -> Path:
    """An unpacked tarball in a folder whose name has every character a shell or the Exec
    line treats specially: the game is a stand-in script that says where it runs."""
    folder = tmp_path / ODD_FOLDER / "solitaire"
    folder.mkdir(parents=True)
    linux.stage(folder, icon_dir)
    (folder / "install.sh").write_text(linux.install_sh(), encoding="utf-8")
    (folder / "install.sh").chmod(0o755)
    (folder / "solitaire").write_text('#!/bin/sh\necho "solitaire ran: $0"\n', encoding="utf-8")
    (folder / "solitaire").chmod(0o755)
    return folder


def run_install(folder: Path, home: Path, *args: str, data: Path | None = None) -> str:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    if data is not None:
        env["XDG_DATA_HOME"] = str(data)
    proc = subprocess.run(
        ["sh", str(folder / "install.sh"), *args], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_install_sh_honours_xdg_data_home_and_any_folder_name(bundle: Path, tmp_path: Path) -> None:
    home, data = tmp_path / "home", tmp_path / "xdg data"
    run_install(bundle, home, data=data)
    installed = data / "applications" / f"{APP_ID}.desktop"
    values = entry(installed.read_text(encoding="utf-8"))
    argv = exec_argv(values["Exec"])
    assert argv == [str(bundle.resolve() / "solitaire")]
    ran = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    assert ran.stdout.startswith("solitaire ran:")
    assert values["TryExec"].replace("\\\\", "\\") == str(bundle.resolve() / "solitaire")
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (home / ".local" / "bin" / "solitaire").resolve() == (bundle / "solitaire").resolve()
    assert not (home / ".local" / "share").exists(), "wrote outside XDG_DATA_HOME"
    proc = validate("desktop-file-validate", str(installed))
    assert proc.returncode == 0 and not (proc.stdout + proc.stderr).strip(), proc.stdout


def test_install_sh_uninstall_removes_everything_it_installed(bundle: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    run_install(bundle, home)  # no XDG_DATA_HOME: ~/.local/share
    data = home / ".local" / "share"
    assert (data / "applications" / f"{APP_ID}.desktop").is_file()
    run_install(bundle, home, "--uninstall")
    left = [p for p in data.rglob("*") if (p.is_file() or p.is_symlink()) and p.name != "mimeinfo.cache"]
    assert not left, left
    assert not (home / ".local" / "bin" / "solitaire").exists()


def test_install_sh_refuses_an_unknown_option(bundle: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        ["sh", str(bundle / "install.sh"), "--bogus"],
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2 and "usage" in proc.stderr and not (tmp_path / ".local").exists()


if sys.platform == "win32":  # install.sh is for Linux
    pytestmark = pytest.mark.skip(reason="Linux only")
