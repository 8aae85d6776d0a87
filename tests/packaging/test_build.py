"""The standalone build: spec, icon, .desktop file, pins and tarball without building; the built
app itself (from another working directory, headless) only when ``dist/solitaire/`` exists."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import struct
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from tests.packaging.build_scripts import load

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
SPEC = BUILD / "solitaire.spec"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def icon() -> ModuleType:
    return load("icon")


@pytest.fixture(scope="module")
def build_script() -> ModuleType:
    return load("build")


class _Recorder:
    """Stands in for PyInstaller's Analysis/PYZ/EXE/COLLECT/BUNDLE and records the arguments."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]

    def __init__(self, kind: str, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> None:
        self.kind, self.calls = kind, calls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((self.kind, args, kwargs))
        result = type(self.kind, (), {})()
        if self.kind == "Analysis":
            result.binaries = kwargs["binaries"]
            result.datas = list(kwargs["datas"])
            result.pure = []
            # As PyInstaller has it: its runtime hooks, then the entry script.
            result.scripts = [("pyi_rth_multiprocessing", "pyi_rth_multiprocessing.py", "PYSOURCE")]
            result.scripts += [(Path(s).stem, s, "PYSOURCE") for s in args[0]]
        return result


@pytest.fixture(scope="module")
def spec_calls() -> dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]]:
    """Execute the spec with the PyInstaller classes replaced by recorders (mode: both)."""
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    namespace: dict[str, Any] = {"SPECPATH": str(BUILD), "__file__": str(SPEC), "__name__": "__spec__"}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _Recorder(kind, calls)
    old = os.environ.pop("SOLITAIRE_BUILD", None)
    saved_path = list(sys.path)
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        sys.path[:] = saved_path
        if old is not None:
            os.environ["SOLITAIRE_BUILD"] = old
    out: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {}
    for kind, args, kwargs in calls:
        out.setdefault(kind, []).append((args, kwargs))
    out["_namespace"] = [((namespace,), {})]
    return out


# ----------------------------------------------------------------------------- the spec


def test_spec_bundles_every_card_svg(spec_calls: dict[str, Any]) -> None:
    (_, analysis), *_ = spec_calls["Analysis"]
    datas = {(Path(src).resolve(), dest) for src, dest in analysis["datas"]}
    svgs = sorted((ROOT / "game" / "assets" / "cards").glob("*/*.svg"))
    assert len(svgs) >= 53 * 2
    for svg in svgs:
        assert (svg.resolve(), f"game/assets/cards/{svg.parent.name}") in datas
    assert not any(src.suffix == ".py" for src, _ in datas), "make_cards.py is not run-time data"


def test_spec_bundles_the_font_and_its_licence_from_their_package(spec_calls: dict[str, Any]) -> None:
    """Source Sans Pro comes from the installed font-source-sans-pro package (PyPI), and lands in
    the bundle where the frozen game looks for it (game.resources.package_data_path)."""
    from game.view.lean_pygame import FONT_FILE, FONT_PACKAGE

    (_, analysis), *_ = spec_calls["Analysis"]
    datas = {(Path(src).resolve(), dest) for src, dest in analysis["datas"]}
    spec = importlib.util.find_spec(FONT_PACKAGE)
    assert spec and spec.submodule_search_locations
    folder = Path(next(iter(spec.submodule_search_locations)))
    dest = "/".join((FONT_PACKAGE, *FONT_FILE[:-1]))
    for name in (FONT_FILE[-1], "LICENSE.txt"):
        assert ((folder / "files" / name).resolve(), dest) in datas
    fonts = [src for src, _ in datas if src.suffix in (".ttf", ".otf") and FONT_PACKAGE in str(src)]
    assert len(fonts) == 1, "one weight of the font, not the whole family"


def test_spec_entry_point_hooks_and_excludes(spec_calls: dict[str, Any]) -> None:
    (args, analysis), *_ = spec_calls["Analysis"]
    assert [Path(s) for s in args[0]] == [ROOT / "game" / "__main__.py"]
    assert "game.app" in analysis["hiddenimports"]
    assert all(Path(h).is_file() for h in analysis["runtime_hooks"])
    excludes = set(analysis["excludes"])
    assert {"tkinter", "unittest", "ssl", "_hashlib", "numpy", "pygame.examples", "pygame.tests"} <= excludes
    needed = {"sqlite3", "_sqlite3", "multiprocessing", "ctypes", "hashlib", "pygame.font", "pygame.image"}
    assert not needed & excludes


def test_spec_windowed_no_upx_onedir_and_onefile(spec_calls: dict[str, Any]) -> None:
    exes = [kwargs for _, kwargs in spec_calls["EXE"]]
    assert {e["name"] for e in exes} == {"solitaire", spec_calls["_namespace"][0][0][0]["ONEFILE_NAME"]}
    for e in exes:
        assert e["console"] is False
        assert e["upx"] is False
        assert e["strip"] is sys.platform.startswith("linux")
    (_, coll), *_ = spec_calls["COLLECT"]
    assert coll["name"] == "solitaire"


def _imported_modules() -> set[str]:
    """Every module name imported anywhere in game/ (``import a.b`` and ``from a.b import c``
    give ``a``, ``a.b`` and, for the latter, ``a.b.c``, since c may be a submodule)."""
    names: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            for name in found:
                parts = name.split(".")
                names.update(".".join(parts[: i + 1]) for i in range(len(parts)))
    return names


def test_spec_excludes_nothing_the_game_imports(spec_calls: dict[str, Any]) -> None:
    (_, analysis), *_ = spec_calls["Analysis"]
    excluded = set(analysis["excludes"])
    clash = {name for name in _imported_modules() if name in excluded}
    assert not clash, f"game/ imports modules the spec leaves out: {sorted(clash)}"


def test_spec_keeps_only_the_default_font_of_pygame(spec_calls: dict[str, Any]) -> None:
    keep_data = spec_calls["_namespace"][0][0][0]["keep_data"]
    assert keep_data(("pygame/freesansbold.ttf", "x", "DATA"))
    assert not keep_data(("pygame/examples/data/sans.ttf", "x", "DATA"))
    assert not keep_data(("pygame/docs/index.html", "x", "DATA"))
    assert keep_data(("game/assets/cards/classic/AS.svg", "x", "DATA"))
    assert keep_data(("pygame/colordict.pyc", "x", "DATA")), "noarchive collects modules as data"
    keep_binary = spec_calls["_namespace"][0][0][0]["keep_binary"]
    assert not keep_binary(("libcrypto.so.3", "x", "BINARY"))
    assert not keep_binary(("pygame_ce.libs/libportmidi-8a3ff27a.so.2.0.7", "x", "BINARY"))
    assert keep_binary(("pygame_ce.libs/libSDL2_mixer-2-6719e6f6.0.so.0.800.2", "x", "BINARY"))
    assert keep_binary(("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "x", "BINARY"))
    assert keep_binary(("libsqlite3.so.0", "x", "BINARY"))


def test_spec_onedir_loose_bytecode_onefile_archive(spec_calls: dict[str, Any]) -> None:
    """One-folder: .pyc files (quicker imports); one-file: a PYZ, extension modules stored."""
    assert [kwargs["noarchive"] for _, kwargs in spec_calls["Analysis"]] == [True, False]
    onefile = next(kw for _, kw in spec_calls["EXE"] if kw["name"] != "solitaire")
    assert onefile["cdict"]["EXTENSION"] is False
    assert onefile["cdict"]["BINARY"] is True and onefile["cdict"]["DATA"] is True


def test_spec_version_is_the_packages(spec_calls: dict[str, Any]) -> None:
    import game

    assert spec_calls["_namespace"][0][0][0]["VERSION"] == game.__version__


def test_spec_imports_multiprocessing_only_in_its_children(spec_calls: dict[str, Any]) -> None:
    """PyInstaller's eager hook is replaced by a copy that runs only in multiprocessing's children."""
    namespace = spec_calls["_namespace"][0][0][0]
    for _, analysis in spec_calls["Analysis"]:
        generated = Path(analysis["runtime_hooks"][-1])
        assert generated.is_file() and "pyi_rth_multiprocessing" in generated.read_text(encoding="utf-8")
    for result in namespace["a"], namespace["analysis"](noarchive=True):
        assert "pyi_rth_multiprocessing" not in [name for name, _, _ in result.scripts]

    def is_child(*args: str) -> bool:
        return bool(eval(namespace["MULTIPROCESSING_CHILD"], {"sys": SimpleNamespace(argv=["app", *args])}))

    assert is_child("--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7")
    assert is_child("-B", "-S", "-I", "-c", "from multiprocessing.resource_tracker import main;main(5)")
    assert not is_child()
    assert not is_child("--variant", "kansas", "--deal", "5", "--autoplay", "--exit-when-done")
    assert not is_child("solve", "--variant", "kansas", "--deal", "5")


def test_frozen_entry_point_calls_freeze_support() -> None:
    text = (ROOT / "game" / "__main__.py").read_text(encoding="utf-8")
    assert "multiprocessing.freeze_support()" in text
    assert '"--multiprocessing-fork"' in text and '"-c"' in text  # the spec's MULTIPROCESSING_CHILD
    assert text.index("freeze_support()") < text.index("main()")


# ----------------------------------------------------------------------------- the icon


def test_icon_png_ico_icns(icon: ModuleType, tmp_path: Path) -> None:
    paths = icon.make_icons(tmp_path)
    png = paths["png"].read_bytes()
    assert png.startswith(PNG_MAGIC)
    assert struct.unpack(">II", png[16:24]) == (256, 256)  # IHDR width, height

    ico = paths["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    for i in range(count):
        w, h, _, _, planes, bpp, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert w == h and planes == 1 and bpp == 32
        assert ico[offset : offset + 8] == PNG_MAGIC and offset + size <= len(ico)

    icns = paths["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, kinds = 8, []
    while pos < len(icns):
        kind_, length = icns[pos : pos + 4], struct.unpack(">I", icns[pos + 4 : pos + 8])[0]
        assert icns[pos + 8 : pos + 16] == PNG_MAGIC
        kinds.append(kind_)
        pos += length
    assert pos == len(icns)
    assert b"ic08" in kinds and b"ic10" in kinds


def test_icon_is_deterministic(icon: ModuleType) -> None:
    assert icon.render_png(48) == icon.render_png(48)


# ----------------------------------------------------------------------------- Linux extras


def test_desktop_file_is_valid(build_script: ModuleType) -> None:
    text = build_script.desktop_entry()
    assert text.startswith("[Desktop Entry]\n")
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(text)
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Solitaire"
    assert entry["Exec"].split()[0] == "solitaire"
    assert entry["Icon"] == "io.github.solitaire_five.solitaire"  # game.desktop.APP_ID
    assert entry["Terminal"] == "false"
    for key in ("Categories", "Keywords"):
        assert entry[key].endswith(";")
    assert "Game" in entry["Categories"].split(";")
    assert "@" not in text


def test_tarball_is_reproducible(build_script: ModuleType, tmp_path: Path) -> None:
    folder = tmp_path / "solitaire"
    (folder / "_internal").mkdir(parents=True)
    (folder / "solitaire").write_bytes(b"#!/bin/sh\n")
    (folder / "solitaire").chmod(0o755)
    (folder / "_internal" / "x.txt").write_text("x")
    one = build_script.make_tarball(folder, tmp_path / "one.tar.gz").read_bytes()
    os.utime(folder / "_internal" / "x.txt", (1, 1))
    two = build_script.make_tarball(folder, tmp_path / "two.tar.gz").read_bytes()
    assert one == two
    with tarfile.open(tmp_path / "one.tar.gz") as tar:
        names = tar.getnames()
        assert names[0] == "solitaire" and "solitaire/_internal/x.txt" in names
        assert tar.getmember("solitaire/solitaire").mode & 0o111


def test_constraints_pin_the_build(build_script: ModuleType) -> None:
    pins = build_script.pinned()
    wanted = {"pygame-ce", "pysol-cards", "platformdirs", "pyinstaller", "pyinstaller-hooks-contrib"}
    assert wanted <= set(pins)
    for line in build_script.CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        requirement = line.split("#", 1)[0].split(";", 1)[0].strip()
        assert not requirement or ("==" in requirement and not any(c in requirement for c in "<>~!*"))


def test_constraints_pin_the_dev_tools_ci_runs(build_script: ModuleType) -> None:
    """A new release of a linter, type checker or test tool cannot turn CI red: CI installs these."""
    tools = {"ruff", "mypy", "pytest", "pytest-timeout", "hypothesis"}
    assert tools <= set(build_script.pinned())
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q -c build/constraints.txt -e '.[dev]'" in run
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test_command = readme.split("<!-- test-command -->", 1)[1].split("```", 2)[1]
    assert "pip install -c build/constraints.txt -e '.[dev]'" in test_command


def test_ci_type_checks_all_of_game_strictly() -> None:
    """.ci/run and the lint job run plain ``mypy``: the config must name every package of game/."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["strict"] is True
    checked = mypy.get("packages", []) + [
        m.removesuffix(".py").replace("/", ".") for m in mypy.get("files", [])
    ]
    for package in sorted(p.parent for p in (ROOT / "game").rglob("__init__.py")):
        name = ".".join(package.relative_to(ROOT).parts)
        assert any(name == c or name.startswith(c + ".") for c in checked), f"mypy leaves out {name}"
    assert "\n.venv/bin/mypy\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_constraints_markers_decide_what_is_checked(
    build_script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pin for another system (actionlint's wheel is Linux x86-64 only) is not 'missing' here."""
    constraints = tmp_path / "constraints.txt"
    constraints.write_text("a==1\nb==2; sys_platform == 'nowhere'\nc==3 ; python_version >= '3'  # x\n")
    monkeypatch.setattr(build_script, "CONSTRAINTS", constraints)
    assert build_script.pinned() == {"a": "1", "c": "3"}


# ----------------------------------------------------------------------------- the built app

ONEDIR = ROOT / "dist" / "solitaire" / ("solitaire.exe" if sys.platform == "win32" else "solitaire")


# These run the app .ci/run builds before the tests (build/build.py --onedir-only --smoke); without
# a build they skip. Each launch imports the whole frozen app, so they are slow.
NO_BUILD = pytest.mark.skipif(not ONEDIR.is_file(), reason="no build: python build/build.py --onedir-only")


@NO_BUILD
@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("variant", ["kansas", "seahaven"])
def test_built_app_from_another_cwd_finds_its_cards(variant: str, tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLITAIRE_SPEED="off")
    env["SOLITAIRE_DATA_DIR"] = str(tmp_path / "data")
    env.pop("SOLITAIRE_REPORT_FIRST_FRAME", None)
    args = [str(ONEDIR), "--variant", variant, "--deal", "3", "--autoplay", "--exit-when-done"]
    proc = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert f"{variant} deal 3" in proc.stdout
    assert "missing card art" not in proc.stderr
    # The solver's worker is a "spawn" child: the frozen app must run it, not the game's command
    # line again (which would print a usage error and leave the advisor without answers).
    assert "unrecognized arguments" not in proc.stderr and "Traceback" not in proc.stderr
    assert (ONEDIR.parent / "_internal" / "game" / "assets" / "cards" / "classic" / "AS.svg").is_file()


@NO_BUILD
@pytest.mark.slow
@pytest.mark.timeout(300)
def test_built_app_prints_version_and_deal(tmp_path: Path) -> None:
    import game

    run = {"cwd": tmp_path, "capture_output": True, "text": True, "timeout": 60}
    version = subprocess.run([str(ONEDIR), "--version"], **run)  # type: ignore[call-overload]
    assert version.returncode == 0 and version.stdout.splitlines()[0] == f"solitaire {game.__version__}"
    assert "License: GPL-3.0-or-later" in version.stdout
    # The build carries the solver this install compiled (frozen plain modules are .pyc files).
    from game.solver import native

    wanted = "Solver: compiled with mypyc" if native.compiled() else "Solver: plain Python"
    assert wanted in version.stdout, version.stdout
    internal = ONEDIR.parent / "_internal"
    assert (internal / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert "pygame-ce" in (internal / "THIRD-PARTY-LICENSES.txt").read_text(encoding="utf-8")
    assert (ONEDIR.parent / "LICENSE").is_file() or sys.platform != "linux"
    deal = subprocess.run([str(ONEDIR), "deal", "--variant", "seahaven", "--deal", "7"], **run)  # type: ignore[call-overload]
    direct = subprocess.run(
        [sys.executable, "-m", "game", "deal", "--variant", "seahaven", "--deal", "7"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert deal.returncode == 0 and deal.stdout == direct.stdout
    bad = subprocess.run([str(ONEDIR), "deal", "--variant", "nope", "--deal", "7"], **run)  # type: ignore[call-overload]
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


@pytest.fixture(scope="module")
def cp1252_locale(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a Western system whose charset is cp1252 (a locale made with localedef)."""
    folder = tmp_path_factory.mktemp("locale")
    made = subprocess.run(
        ["localedef", "-f", "CP1252", "-i", "en_US", str(folder / "en_US.CP1252")],
        capture_output=True,
        text=True,
        check=False,
    )
    if not (folder / "en_US.CP1252").is_dir():
        pytest.skip(f"localedef could not make a cp1252 locale: {made.stderr.strip()[:200]}")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHON"))}
    return dict(env, LOCPATH=str(folder), LANG="en_US.CP1252", LC_ALL="en_US.CP1252")


@NO_BUILD
@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("language", ["ru", "de"])
def test_built_app_help_into_a_cp1252_pipe(
    language: str, cp1252_locale: dict[str, str], tmp_path: Path
) -> None:
    """The frozen app's --help in a cp1252 locale, piped: the German one whole, the Russian one
    (cp1252 has no Cyrillic) one line saying so with status 1, never a UnicodeEncodeError."""
    run = {"cwd": tmp_path, "capture_output": True, "timeout": 120}
    proc = subprocess.run([str(ONEDIR), "--help"], env=dict(cp1252_locale, LANGUAGE=language), **run)  # type: ignore[call-overload]
    assert b"Traceback" not in proc.stderr, proc.stderr[-500:]
    if language == "ru":
        assert proc.returncode == 1 and proc.stderr.count(b"\n") == 1 and b"character set" in proc.stderr
        return
    utf8 = dict(os.environ, LANGUAGE=language, LC_ALL="C.UTF-8")
    whole = subprocess.run([str(ONEDIR), "--help"], env=utf8, **run).stdout.decode("utf-8")  # type: ignore[call-overload]
    assert proc.returncode == 0 and proc.stdout.decode("cp1252") == whole
