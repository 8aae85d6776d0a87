"""The executables' settings for each of the three systems, rendered without building
(``build/build.py --dry-run``): icons, the Windows version resource, the macOS bundle's identifier,
version and Retina flag; and the release files' packing."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import stat
import struct
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import game
from tests.packaging.build_scripts import load

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"


@pytest.fixture(scope="module")
def build_script() -> ModuleType:
    return load("build")


@pytest.fixture(scope="module")
def settings(build_script: ModuleType) -> dict[str, dict[str, Any]]:
    """``build.py --dry-run --target all``, parsed: target -> its settings."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert build_script.main(["--dry-run", "--target", "all"]) == 0
    return {entry["target"]: entry for entry in json.loads(out.getvalue())}


def _version_resource(text: str) -> dict[str, Any]:
    """PyInstaller's version file read with stand-ins for its classes: the fixed numbers and the strings."""
    found: dict[str, Any] = {"strings": {}}

    def fixed(**kwargs: Any) -> None:
        found["fixed"] = kwargs

    def string(key: str, value: str) -> None:
        found["strings"][key] = value

    def translation(name: str, values: list[int]) -> None:
        found["translation"] = (name, values)

    names = {
        "VSVersionInfo": lambda ffi, kids: None,
        "FixedFileInfo": fixed,
        "StringFileInfo": lambda tables: None,
        "StringTable": lambda lang, strings: found.setdefault("language", lang),
        "StringStruct": string,
        "VarFileInfo": lambda structs: None,
        "VarStruct": translation,
    }
    eval(compile(text, "version-file", "eval"), {"__builtins__": {}}, names)
    return found


def test_dry_run_renders_all_three_systems(settings: dict[str, dict[str, Any]]) -> None:
    assert set(settings) == {"linux", "windows", "macos"}
    for target, entry in settings.items():
        names = [exe["name"] for exe in entry["executables"]]
        assert names[0] == "solitaire"
        assert re.fullmatch(rf"solitaire-{re.escape(game.__version__)}-{target}-[a-z0-9_]+", names[1])


def test_windows_executables_have_the_ico_icon_and_no_console(settings: dict[str, dict[str, Any]]) -> None:
    for exe in settings["windows"]["executables"]:
        assert exe["console"] is False
        ico = Path(exe["icon"]).read_bytes()
        assert Path(exe["icon"]).suffix == ".ico" and struct.unpack("<HH", ico[:4]) == (0, 1)


def test_windows_executables_carry_a_version_resource(settings: dict[str, dict[str, Any]]) -> None:
    release_info = load("release_info")
    for exe in settings["windows"]["executables"]:
        resource = _version_resource(exe["version_resource"])
        strings = resource["strings"]
        assert strings["ProductName"] == "Solitaire"
        assert strings["ProductVersion"] == strings["FileVersion"] == game.__version__
        assert "Kansas" in strings["FileDescription"]
        assert strings["OriginalFilename"] == f"{exe['name']}.exe"
        numbers = release_info.version_numbers(game.__version__)
        assert resource["fixed"]["filevers"] == resource["fixed"]["prodvers"] == numbers
        assert resource["language"] == "040904B0" and resource["translation"] == ("Translation", [1033, 1200])


def test_macos_app_bundle_identifier_version_icon_and_retina(settings: dict[str, dict[str, Any]]) -> None:
    bundle = settings["macos"]["bundle"]
    assert bundle["name"] == "Solitaire.app"
    assert bundle["bundle_identifier"] == "io.github.solitaire-five.solitaire"
    assert re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", bundle["bundle_identifier"])
    assert bundle["version"] == game.__version__
    plist = bundle["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == game.__version__
    assert plist["CFBundleName"] == "Solitaire"
    icns = Path(bundle["icon"]).read_bytes()
    assert Path(bundle["icon"]).suffix == ".icns" and icns[:4] == b"icns"


def test_macos_app_is_windowed_and_its_one_file_twin_a_terminal_program(
    settings: dict[str, dict[str, Any]],
) -> None:
    app, onefile = settings["macos"]["executables"]
    assert app["console"] is False and onefile["console"] is True
    assert all(exe["version_file"] is None and exe["strip"] is False for exe in (app, onefile))


def test_linux_has_no_embedded_icon_version_resource_or_bundle(settings: dict[str, dict[str, Any]]) -> None:
    linux = settings["linux"]
    assert linux["bundle"] is None
    for exe in linux["executables"]:
        assert exe["icon"] is None and exe["version_file"] is None and exe["strip"] is True


def test_the_spec_refuses_to_build_for_another_system(
    build_script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = "windows" if sys.platform != "win32" else "linux"
    monkeypatch.setenv("SOLITAIRE_TARGET_OS", other)
    namespace = {"SPECPATH": str(BUILD), "__file__": str(build_script.SPEC), "__name__": "__spec__"}
    saved_path = list(sys.path)
    try:
        with pytest.raises(SystemExit, match="builds for the system it runs on"):
            exec(compile(build_script.SPEC.read_text(encoding="utf-8"), "spec", "exec"), namespace)
    finally:
        sys.path[:] = saved_path


def test_windows_version_numbers_drop_a_prerelease_tail() -> None:
    release_info = load("release_info")
    assert release_info.version_numbers("1.2.3") == (1, 2, 3, 0)
    assert release_info.version_numbers("2.0rc1") == (2, 0, 0, 0)
    assert release_info.version_numbers("1.2.3.4.5") == (1, 2, 3, 4)


# ----------------------------------------------------------------------------- release files


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links and exec bits are POSIX's")
def test_one_folder_zip_keeps_exec_bits_and_links_and_is_reproducible(
    build_script: ModuleType, tmp_path: Path
) -> None:
    folder = tmp_path / "solitaire"
    (folder / "_internal").mkdir(parents=True)
    (folder / "solitaire").write_bytes(b"\x7fELF")
    (folder / "solitaire").chmod(0o755)
    (folder / "_internal" / "libx.so.1").write_bytes(b"lib")
    (folder / "_internal" / "libx.so").symlink_to("libx.so.1")
    one = build_script.make_zip(folder, tmp_path / "one.zip").read_bytes()
    os.utime(folder / "_internal" / "libx.so.1", (1, 1))
    assert build_script.make_zip(folder, tmp_path / "two.zip").read_bytes() == one
    with zipfile.ZipFile(tmp_path / "one.zip") as archive:
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
        assert stat.S_ISREG(modes["solitaire/solitaire"]) and modes["solitaire/solitaire"] & 0o111
        assert stat.S_ISLNK(modes["solitaire/_internal/libx.so"])
        assert archive.read("solitaire/_internal/libx.so") == b"libx.so.1"
        assert not modes["solitaire/_internal/libx.so.1"] & 0o111


def test_a_release_tag_must_name_the_version(build_script: ModuleType) -> None:
    build_script.check_tag(f"v{game.__version__}")
    with pytest.raises(SystemExit, match="is not v"):
        build_script.check_tag("v99.0.0")


def test_the_executables_carry_each_catalog_and_only_the_shipped_languages_babel_data(
    build_script: ModuleType, tmp_path: Path
) -> None:
    from game import i18n_tools

    calls, namespace = build_script.render_spec("linux")
    datas = next(kw["datas"] for kind, _, kw in calls if kind == "Analysis")
    for po in i18n_tools.catalog_paths():
        language = i18n_tools.language_of(po)
        assert (str(po.with_suffix(".mo")), f"game/locale/{language}/LC_MESSAGES") in datas
    po = tmp_path / "pt_BR" / "LC_MESSAGES" / "solitaire.po"  # one more language: one more .po
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: pt_BR\\n"\n', encoding="utf-8")
    assert namespace["translations"](tmp_path) == [
        (str(po.with_suffix(".mo")), "game/locale/pt_BR/LC_MESSAGES")
    ]
    assert namespace["babel_locales"](tmp_path) == {"root", "en", "pt_BR", "pt"}
    keep = namespace["keep_data"]
    shipped = {"root", "en", *(i18n_tools.language_of(po) for po in i18n_tools.catalog_paths())}
    for code in shipped:
        assert keep((f"babel/locale-data/{code}.dat", "src", "DATA"))
    assert not keep(("babel/locale-data/ja.dat", "src", "DATA")) or "ja" in shipped
    assert not keep(("babel/locale-data/en_AU.dat", "src", "DATA"))
    assert keep(("babel/global.dat", "src", "DATA"))
