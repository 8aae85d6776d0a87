"""Build the standalone game with PyInstaller, for the machine's own OS.

    python build/build.py [--onefile-only | --onedir-only] [--smoke] [--no-tarball] [--importtime]
                          [--package [--tag vX.Y.Z]]
    python build/build.py --dry-run [--target linux|windows|macos|all]

makes ``dist/solitaire/`` (the one-folder app, executable ``solitaire`` or ``solitaire.exe``)
and ``dist/solitaire-<version>-<os>-<arch>[.exe]`` (the one-file executable) from
``build/solitaire.spec``; PyInstaller's work files go to ``build/work/`` (ignored). On Linux
it also puts the desktop entry, metainfo and icons (``build/linux_desktop.py``), ``install.sh`` and the
licences beside the executable into the one-folder app and packs
it as ``dist/solitaire-<version>-linux-<arch>.tar.gz``.

``--smoke`` then runs what was built headless (``SDL_VIDEODRIVER=dummy``) from another
working directory: ``--version``, ``--autoplay --exit-when-done`` on a deal of every variant,
``deal`` and ``solve --budget 2``, Kansas deal 3 played through in each shipped language
(``LANGUAGE=de`` ...) and, for a catalog that translates the command line, its ``--help``
translated; a failure (an exit status other than 0, the wrong output or a
traceback on stderr, which a crashed worker process would print) makes the exit status 1.

The versions in ``build/constraints.txt`` are the ones the build is pinned to; install them with
``pip install -c build/constraints.txt -e '.[dev]'``. A mismatch is reported (and with
``--strict-pins`` fails the build).

``--package`` then puts the release files into ``dist/release/``: the one-file executable, the
one-folder app zipped (``solitaire-<version>-<os>-<arch>.zip``), on Linux the tarball and on macOS
``Solitaire.app`` zipped (``Solitaire-<version>-macos-<arch>.app.zip``); ``--tag`` fails the build
unless the tag is ``v`` and the package's version (the release workflow passes the pushed tag).

``--dry-run`` builds nothing: it runs the spec with stand-ins for PyInstaller's classes, for the
``--target`` system (default: this one; ``all`` for the three), and prints as JSON what each
executable and the macOS bundle would be made with: name, console, icon, Windows version resource,
bundle identifier and Info.plist. PyInstaller cannot build for another system, but this shows and
checks its settings for each here (tests/packaging does).

``--importtime`` builds executables that run Python with ``-X importtime`` (a report of every
import and its time on stderr): to see what a frozen launch imports. Not for release.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.metadata
import io
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SPEC = BUILD / "solitaire.spec"
WORK = BUILD / "work"
DIST = ROOT / "dist"
CONSTRAINTS = BUILD / "constraints.txt"

WINDOWS = sys.platform == "win32"
EXE_SUFFIX = ".exe" if WINDOWS else ""
RELEASE = DIST / "release"
TARGETS = ("linux", "windows", "macos")
SMOKE_DEAL = 5
SMOKE_TIMEOUT = 180
SMOKE_ENCODING = "utf-8" if WINDOWS else None
"""What the smoke test reads the executables' output as: on Windows they write UTF-8 (X utf8 in
build/solitaire.spec), whatever this Python's own code page; elsewhere the locale's encoding."""


def variants() -> list[str]:
    """Every registered game's key, in menu order (``game.variants``' registry, so a new game is
    smoke-tested without a line here)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.variants import VARIANTS

    return list(VARIANTS)


def version() -> str:
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if not m:
        raise SystemExit("build: no __version__ in game/__init__.py")
    return m[1]


def platform_tag() -> str:
    os_name = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{os_name}-{arch}"


def onedir_exe() -> Path:
    return DIST / "solitaire" / f"solitaire{EXE_SUFFIX}"


def onefile_exe() -> Path:
    return DIST / f"solitaire-{version()}-{platform_tag()}{EXE_SUFFIX}"


def app_exe() -> Path:
    """The executable inside the macOS bundle (BUNDLE names it after the one-folder app's)."""
    return DIST / "Solitaire.app" / "Contents" / "MacOS" / "solitaire"


def pinned() -> dict[str, str]:
    """``name -> version`` from build/constraints.txt, for the lines whose environment marker (if
    any, after ``;``) holds on this machine: pip installs only those."""
    pins: dict[str, str] = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        requirement, _, marker = line.split("#", 1)[0].partition(";")
        if "==" in requirement and _marker_holds(marker.strip()):
            name, ver = requirement.split("==", 1)
            pins[name.strip().lower().replace("_", "-")] = ver.strip()
    return pins


def _marker_holds(marker: str) -> bool:
    if not marker:
        return True
    from packaging.markers import Marker  # packaging comes with PyInstaller (and pytest)

    return Marker(marker).evaluate()


def check_pins(strict: bool) -> None:
    wrong = []
    for name, wanted in pinned().items():
        try:
            have = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            have = "missing"
        if have != wanted:
            wrong.append(f"{name} {have} (pinned {wanted})")
    if wrong:
        msg = "build: not the pinned versions: " + ", ".join(wrong)
        msg += f"\n       install them with: pip install -c {CONSTRAINTS.relative_to(ROOT)} -e '.[dev]'"
        if strict:
            raise SystemExit(msg)
        print(msg, file=sys.stderr)


def run_pyinstaller(mode: str, importtime: bool = False) -> None:
    env = dict(os.environ, SOLITAIRE_BUILD=mode, SOLITAIRE_IMPORTTIME="1" if importtime else "0")
    env.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    env.setdefault("PYTHONHASHSEED", "0")
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--workpath",
        str(WORK),
        "--distpath",
        str(DIST),
        str(SPEC),
    ]
    print("+", " ".join(cmd), f"(SOLITAIRE_BUILD={mode})", flush=True)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


def linux_desktop() -> Any:
    """build/linux_desktop.py (the desktop entry, metainfo, icons and install.sh), by its path."""
    return sibling("linux_desktop")


def sibling(name: str) -> Any:
    """The module build/<name>.py, by its path (build/ is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_{name}", BUILD / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def desktop_entry(locale_root: Path | None = None) -> str:
    """The desktop entry with its translations (``build/linux_desktop.py``)."""
    return str(linux_desktop().desktop_entry(locale_root))


def linux_extras() -> Path:
    """The desktop entry, metainfo and hicolor icons (under share/), install.sh, and the
    licences beside the executable into dist/solitaire/, then the tarball."""
    folder = DIST / "solitaire"
    desktop = linux_desktop()
    desktop.stage(folder, WORK / "icon")
    install = folder / "install.sh"
    install.write_text(desktop.install_sh(), encoding="utf-8")
    install.chmod(0o755)
    for name in ("LICENSE", "THIRD-PARTY-LICENSES.txt"):
        shutil.copyfile(folder / "_internal" / name, folder / name)
    return make_tarball(folder, DIST / f"solitaire-{version()}-{platform_tag()}.tar.gz")


def make_tarball(folder: Path, out: Path) -> Path:
    """A reproducible .tar.gz of ``folder`` (sorted names, fixed times and owners)."""
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", "1700000000"))

    def clean(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = mtime
        return info

    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        paths = [folder, *sorted(folder.rglob("*"))]
        for path in paths:
            arc = Path(folder.name) / path.relative_to(folder)
            tar.add(path, arcname=arc.as_posix(), recursive=False, filter=clean)
    with (
        open(out, "wb") as fh,
        gzip.GzipFile(filename="", fileobj=fh, mode="wb", mtime=mtime, compresslevel=6) as gz,
    ):
        gz.write(raw.getvalue())
    return out


def make_zip(folder: Path, out: Path) -> Path:
    """A reproducible .zip of ``folder`` (under its own name) that keeps executable bits and
    symbolic links (as links, the way Info-ZIP and macOS store them)."""
    mtime = time.gmtime(max(int(os.environ.get("SOURCE_DATE_EPOCH", "1700000000")), 315532800))[:6]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in [folder, *sorted(folder.rglob("*"))]:
            arc = (Path(folder.name) / path.relative_to(folder)).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(arc, mtime)
                info.external_attr = (0o120777 << 16) | 0x20  # a link, whose content is its target
                info.create_system = 3
                archive.writestr(info, os.readlink(path))
            elif path.is_dir():
                info = zipfile.ZipInfo(arc + "/", mtime)
                info.external_attr = (0o40755 << 16) | 0x10
                info.create_system = 3
                archive.writestr(info, b"")
            else:
                info = zipfile.ZipInfo(arc, mtime)
                info.external_attr = (0o100755 if os.access(path, os.X_OK) else 0o100644) << 16
                info.create_system = 3
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
    return out


def zip_app(app: Path, out: Path) -> Path:
    """Solitaire.app zipped with macOS's own ditto (it keeps the bundle's links and attributes)."""
    subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(out)], check=True)
    return out


def package(mode: str) -> list[Path]:
    """The release files of this system into dist/release/ (see the module docstring)."""
    if RELEASE.exists():
        shutil.rmtree(RELEASE)
    RELEASE.mkdir(parents=True)
    stem = f"solitaire-{version()}-{platform_tag()}"
    files: list[Path] = []
    if mode != "onedir":
        files.append(Path(shutil.copy2(onefile_exe(), RELEASE / onefile_exe().name)))
    if mode != "onefile":
        files.append(make_zip(DIST / "solitaire", RELEASE / f"{stem}.zip"))
        tarball = DIST / f"{stem}.tar.gz"
        if sys.platform.startswith("linux") and tarball.is_file():
            files.append(Path(shutil.copy2(tarball, RELEASE / tarball.name)))
        if sys.platform == "darwin":
            app = DIST / "Solitaire.app"
            files.append(zip_app(app, RELEASE / f"Solitaire-{version()}-{platform_tag()}.app.zip"))
    return files


def check_tag(tag: str) -> None:
    """Fail unless ``tag`` is ``v`` followed by the package's version."""
    if tag != f"v{version()}":
        raise SystemExit(f"build: tag {tag!r} is not v{version()} (game/__init__.py's __version__)")


# --------------------------------------------------------------------------- dry run


class _StandIn:
    """Takes the place of one of PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE and records
    how the spec calls it."""

    def __init__(self, kind: str, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> None:
        self.kind, self.calls = kind, calls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((self.kind, args, kwargs))
        result = type(self.kind, (), {})()
        if self.kind == "Analysis":
            result.binaries = list(kwargs["binaries"])
            result.datas = list(kwargs["datas"])
            result.pure = []
            # As PyInstaller has it: its runtime hooks, then the entry script.
            result.scripts = [("pyi_rth_multiprocessing", "pyi_rth_multiprocessing.py", "PYSOURCE")]
            result.scripts += [(Path(s).stem, s, "PYSOURCE") for s in args[0]]
        return result


def render_spec(
    target: str, mode: str = "both"
) -> tuple[list[tuple[str, tuple[Any, ...], dict[str, Any]]], dict[str, Any]]:
    """Run build/solitaire.spec for ``target`` with stand-ins for PyInstaller's classes; returns
    the calls made (kind, positional and keyword arguments) and the spec's namespace."""
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    namespace: dict[str, Any] = {
        "SPECPATH": str(BUILD),
        "__file__": str(SPEC),
        "__name__": "__spec__",
        "SOLITAIRE_DRY_RUN": True,
    }
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _StandIn(kind, calls)
    saved_env = {k: os.environ.get(k) for k in ("SOLITAIRE_BUILD", "SOLITAIRE_TARGET_OS")}
    saved_path = list(sys.path)
    os.environ.update(SOLITAIRE_BUILD=mode, SOLITAIRE_TARGET_OS=target)
    try:
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    finally:
        sys.path[:] = saved_path
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return calls, namespace


def dry_run_settings(target: str) -> dict[str, Any]:
    """What each executable and the bundle of ``target`` would be built with (JSON-ready)."""
    calls, _ = render_spec(target)
    out: dict[str, Any] = {"target": target, "executables": [], "bundle": None}
    for kind, _, kw in calls:
        if kind == "EXE":
            version_file = kw.get("version")
            out["executables"].append(
                {
                    "name": kw["name"],
                    "console": kw["console"],
                    "icon": kw["icon"],
                    "strip": kw["strip"],
                    "version_file": version_file,
                    "version_resource": (
                        Path(version_file).read_text(encoding="utf-8") if version_file else None
                    ),
                }
            )
        elif kind == "BUNDLE":
            keys = ("name", "icon", "bundle_identifier", "version", "info_plist")
            out["bundle"] = {key: kw.get(key) for key in keys}
    return out


# --------------------------------------------------------------------------- smoke test


def smoke_env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SOLITAIRE_SPEED="off",
        SOLITAIRE_DATA_DIR=str(data_dir),
    )
    env.pop("SOLITAIRE_REPORT_FIRST_FRAME", None)
    return env


def worker_trouble(stderr: str) -> bool:
    """Whether ``stderr`` shows a failed solver worker process: a traceback, or the usage error a
    frozen app prints when multiprocessing's spawned child runs the game's command line instead
    of the worker (``freeze_support`` not diverting it)."""
    return "Traceback" in stderr or "unrecognized arguments" in stderr


LANGUAGE_SMOKE = ["--variant", "kansas", "--deal", "3", "--autoplay", "--exit-when-done"]
"""Played through once per shipped language, with ``LANGUAGE=<code>``."""


def shipped_languages() -> list[str]:
    """The languages with a catalog (game/locale/<code>/LC_MESSAGES/solitaire.po)."""
    from game import i18n_tools

    return [i18n_tools.language_of(po) for po in i18n_tools.catalog_paths()]


def translated_help(language: str, locale_root: Path | None = None) -> bool:
    """Whether ``language``'s catalog translates a message of the command line's help."""
    from game import i18n_tools

    po = (locale_root or i18n_tools.LOCALE) / language / "LC_MESSAGES" / f"{i18n_tools.DOMAIN}.po"
    return any(
        message.string and not message.fuzzy and any(name == "game/cli.py" for name, _ in message.locations)
        for message in i18n_tools.messages(i18n_tools.read(po, language))
    )


def smoke_languages(exe: Path, cwd: Path, env: dict[str, str]) -> list[str]:
    """Each shipped language's catalog is in the build and read by it: its ``--help`` differs
    from the English one when the catalog translates the command line."""
    failures: list[str] = []
    run = {
        "cwd": cwd,
        "capture_output": True,
        "text": True,
        "encoding": SMOKE_ENCODING,
        "timeout": SMOKE_TIMEOUT,
    }
    english = subprocess.run([str(exe), "--help"], env=dict(env, LANGUAGE="en"), **run).stdout  # type: ignore[call-overload]
    for language in shipped_languages():
        if not translated_help(language):
            continue
        proc = subprocess.run([str(exe), "--help"], env=dict(env, LANGUAGE=language), **run)  # type: ignore[call-overload]
        ok = proc.returncode == 0 and proc.stdout.strip() and proc.stdout != english
        print(f"  {'ok  ' if ok else 'FAIL'}        LANGUAGE={language} --help  (translated)", flush=True)
        if not ok:
            failures.append(
                f"{exe.name}: LANGUAGE={language} --help is not translated: {proc.stdout[:300]!r}"
            )
    return failures


def smoke(exe: Path) -> list[str]:
    """Run ``exe`` headless from a temporary working folder; returns the failures."""
    failures: list[str] = []
    if not exe.is_file():
        return [f"{exe}: not built"]
    with tempfile.TemporaryDirectory(prefix="solitaire-smoke-") as tmp:
        cwd = Path(tmp)
        env = smoke_env(cwd / "data")
        checks: list[tuple[list[str], str]] = [(["--version"], f"solitaire {version()}")]
        # LANGUAGE=<code> in the environment, as a player sets it: "LANGUAGE=de" is the first word.
        checks += [([f"LANGUAGE={code}", *LANGUAGE_SMOKE], "kansas") for code in shipped_languages()]
        checks += [
            (["--variant", v, "--deal", str(SMOKE_DEAL), "--autoplay", "--exit-when-done"], f"{v} deal ")
            for v in variants()
        ]
        checks.append(
            (
                ["--variant", "bakers-game", "--deal", "5", "--fullscreen", "--autoplay", "--exit-when-done"],
                "deal 5",
            )
        )
        baker = ["--variant", "bakers-game", "--deal", "5"]
        checks.append(([*baker, "--window", "900x700", "--autoplay", "--exit-when-done"], "deal 5"))
        checks.append(
            ([*baker, "--data-dir", str(cwd / "data2"), "--autoplay", "--exit-when-done"], "deal 5")
        )
        checks.append((["deal", "--variant", "seahaven", "--deal", "7"], "Freecells:"))
        checks.append((["deal", "--variant", "kansas", "--deal", "7"], "kansas"))
        checks.append(
            (["solve", "--variant", "bakers-game", "--deal", "1", "--budget", "2"], "bakers-game deal 1:")
        )
        for args, expect in checks:
            start = time.perf_counter()
            setting = [a.partition("=") for a in args if a.startswith("LANGUAGE=")]
            run_env = dict(env, **{name: value for name, _, value in setting})
            try:
                # Each run once: a crash, at exit too, fails the smoke. (The fault Wine 8 showed
                # at one exit in a few was XInput unloaded under its own thread, which the game
                # now prevents: game.controls.gamepad.pin_xinput.)
                proc = subprocess.run(
                    [str(exe), *args[len(setting) :]],
                    cwd=cwd,
                    env=run_env,
                    capture_output=True,
                    text=True,
                    encoding=SMOKE_ENCODING,
                    timeout=SMOKE_TIMEOUT,
                )
            except subprocess.TimeoutExpired:
                failures.append(f"{exe.name} {' '.join(args)}: timed out after {SMOKE_TIMEOUT} s")
                continue
            took = time.perf_counter() - start
            first = (proc.stdout.strip().splitlines() or [""])[0]
            ok = proc.returncode == 0 and expect in proc.stdout and not worker_trouble(proc.stderr)
            print(
                f"  {'ok  ' if ok else 'FAIL'} {took:5.2f}s  {' '.join(args)}  ->  {first[:90]}", flush=True
            )
            if not ok:
                failures.append(
                    f"{exe.name} {' '.join(args)}: exit {proc.returncode}, wanted {expect!r} in stdout\n"
                    f"    stdout: {proc.stdout.strip()[-500:]}\n    stderr: {proc.stderr.strip()[-500:]}"
                )
        failures += smoke_languages(exe, cwd, env)
        failures += sibling("speech_smoke").check(exe, cwd, env, SMOKE_ENCODING, SMOKE_TIMEOUT)
        if not (cwd / "data").is_dir():
            failures.append(f"{exe.name}: made no data folder at SOLITAIRE_DATA_DIR")
        if not (cwd / "data2").is_dir():
            failures.append(f"{exe.name}: made no data folder at --data-dir")
        bad = subprocess.run(
            [str(exe), "deal", "--variant", "nope", "--deal", "1"],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            encoding=SMOKE_ENCODING,
            timeout=60,
        )
        if bad.returncode != 2:
            failures.append(f"{exe.name} deal --variant nope: exit {bad.returncode}, wanted 2")
    return failures


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    which = p.add_mutually_exclusive_group()
    which.add_argument("--onefile-only", action="store_true", help="build only the one-file executable")
    which.add_argument("--onedir-only", action="store_true", help="build only the one-folder app")
    p.add_argument("--smoke", action="store_true", help="run the built executables headless afterwards")
    p.add_argument("--smoke-only", action="store_true", help="do not build; smoke-test what dist/ holds")
    p.add_argument("--no-tarball", action="store_true", help="Linux: skip the .tar.gz")
    p.add_argument("--importtime", action="store_true", help="executables that print -X importtime on stderr")
    p.add_argument(
        "--strict-pins", action="store_true", help="fail unless build/constraints.txt is installed"
    )
    p.add_argument("--package", action="store_true", help="put the release files into dist/release/")
    p.add_argument("--tag", help="with --package: fail unless this is v<version>")
    p.add_argument("--dry-run", action="store_true", help="build nothing: print the PyInstaller settings")
    p.add_argument(
        "--target", choices=(*TARGETS, "all"), help="with --dry-run: the system (default: this one)"
    )
    args = p.parse_args(argv)

    if args.dry_run:
        host = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
        targets = TARGETS if args.target == "all" else (args.target or host,)
        print(json.dumps([dry_run_settings(t) for t in targets], indent=2))
        return 0
    if args.tag:
        check_tag(args.tag)

    mode = "onefile" if args.onefile_only else "onedir" if args.onedir_only else "both"
    started = time.perf_counter()
    if not args.smoke_only:
        check_pins(args.strict_pins)
        WORK.mkdir(parents=True, exist_ok=True)
        run_pyinstaller(mode, args.importtime)
        if sys.platform.startswith("linux") and mode != "onefile" and not args.no_tarball:
            print(f"tarball: {linux_extras().relative_to(ROOT)}")
        for exe in (onedir_exe(),) * (mode != "onefile") + (onefile_exe(),) * (mode != "onedir"):
            print(f"built: {exe.relative_to(ROOT)}")
        print(f"build took {time.perf_counter() - started:.1f} s", flush=True)

    if args.smoke or args.smoke_only:
        failures: list[str] = []
        exes = (onedir_exe(),) * (mode != "onefile") + (onefile_exe(),) * (mode != "onedir")
        if sys.platform == "darwin" and mode != "onefile":
            exes += (app_exe(),)
        for exe in exes:
            if args.smoke_only and not exe.exists():
                continue
            print(f"smoke: {exe.relative_to(ROOT)}", flush=True)
            failures += smoke(exe)
        if failures:
            print("\nsmoke test FAILED:\n" + "\n".join(failures), file=sys.stderr)
            return 1
        print(f"smoke test passed ({time.perf_counter() - started:.1f} s in all)")
    if args.package:
        for path in package(mode):
            print(f"release: {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
