"""The licences of what the executables bundle, gathered at build time from the installed
distributions' own metadata (``importlib.metadata``), never copied by hand.

    python build/licences.py [OUT]      writes THIRD-PARTY-LICENSES.txt (default build/work/licences/)

``build/solitaire.spec`` calls :func:`write` and puts the file, with the game's own LICENSE, into
every executable. What goes in:

* every distribution the game needs at run time, found by following ``Requires-Dist`` from the
  game's own distribution (markers evaluated for this machine, with the ``EXTRAS`` the
  executables carry where installed: the speech extra on Windows and macOS): its name, version, its
  ``License-Expression`` (or ``License``) and the full text of each licence file it ships (the
  ``License-File`` entries, and files named like a licence elsewhere in it, such as Babel's
  Unicode data licence or the font's OFL);
* the shared libraries that pygame-ce's wheel carries (SDL 2 and the libraries it loads), listed
  from the wheel's own RECORD; the wheel ships no licence file for them beyond the LGPL text in
  its documentation, so each is named with its licence's SPDX identifier (``SHARED_LIBRARIES``:
  published facts about those projects) and a build fails when it meets a library not listed;
* Python's own licence (the ``LICENSE.txt`` of the interpreter the build runs on), and
  PyInstaller's (its bootloader runs every executable: GPL-2.0 with the exception that allows
  distributing it with programs under any licence).
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import sys
import sysconfig
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "solitaire-five"
OUT_NAME = "THIRD-PARTY-LICENSES.txt"
DEFAULT_OUT = ROOT / "build" / "work" / "licences"
EXTRAS = ("speech",)
"""The game's extras the executables carry where installed (prismatoid on Windows and macOS)."""
BUILD_TOOLS = ("pyinstaller",)
"""Distributions whose code is in every executable though the game does not import them."""

LICENCE_NAME = re.compile(r"(^|/)(licen[cs]e|copying|notice|authors|lgpl|ofl)[^/]*$", re.IGNORECASE)

SHARED_LIBRARIES = {
    "libSDL2-": "Zlib",
    "libSDL2_image": "Zlib",
    "libSDL2_mixer": "Zlib",
    "libSDL2_ttf": "Zlib",
    "libFLAC": "BSD-3-Clause",
    "libasound": "LGPL-2.1-or-later",
    "libbrotli": "MIT",
    "libfluidsynth": "LGPL-2.1-or-later",
    "libfreetype": "FTL OR GPL-2.0-or-later",
    "libharfbuzz": "MIT-Modern-Variant",
    "libjpeg": "IJG AND BSD-3-Clause",
    "libmpg123": "LGPL-2.1-only",
    "libogg": "BSD-3-Clause",
    "libopus": "BSD-3-Clause",
    "libopusfile": "BSD-3-Clause",
    "libpng": "Libpng",
    "libportmidi": "MIT",
    "libsharpyuv": "BSD-3-Clause",
    "libsndfile": "LGPL-2.1-or-later",
    "libtiff": "libtiff",
    "libvorbis": "BSD-3-Clause",
    "libwavpack": "BSD-3-Clause",
    "libwebp": "BSD-3-Clause",
    "libxmp": "MIT",
    "libz": "Zlib",
    "zlib": "Zlib",
    "SDL2.dll": "Zlib",
    "SDL2_": "Zlib",
    # pygame-ce's Windows wheel names these two without "lib" (found by build/wine.py).
    "freetype": "FTL OR GPL-2.0-or-later",
    "portmidi": "MIT",
    # prismatoid's library (the speech extra); the parts it is built from have their licence
    # files in the wheel (LICENSES/...), which licence_files gives in full.
    "prism.dll": "MPL-2.0",
}
"""Library file-name prefix -> the SPDX licence of that project (longest prefix wins)."""

SEPARATOR = "=" * 78


def requirement_name(requirement: str) -> tuple[str, str]:
    """``"Babel>=2.14; python_version < '3.9'"`` -> ``("Babel", "python_version < '3.9'")``."""
    spec, _, marker = requirement.partition(";")
    name = re.match(r"[A-Za-z0-9._-]+", spec.strip())
    return (name[0] if name else spec.strip()), marker.strip()


def marker_holds(marker: str, extra: str = "") -> bool:
    """Whether a requirement's environment marker holds here (with ``extra`` asked for)."""
    if not marker:
        return True
    from packaging.markers import Marker  # packaging comes with PyInstaller

    return bool(Marker(marker).evaluate({"extra": extra}))


def run_time_distributions(root: str = GAME) -> list[metadata.Distribution]:
    """The distributions ``root`` needs at run time (its requirements, theirs, ...), sorted by
    name, ``root`` left out."""
    seen: dict[str, metadata.Distribution] = {}
    optional: set[str] = set()
    todo = [root]
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            if name in optional:
                continue  # an extra not installed is not bundled (the spec says so for speech)
            raise
        seen[key] = dist
        for requirement in dist.requires or []:
            required, marker = requirement_name(requirement)
            if marker_holds(marker):
                todo.append(required)
            elif name == root and any(marker_holds(marker, extra) for extra in EXTRAS):
                todo.append(required)
                optional.add(required)
    seen.pop(root.lower(), None)
    return sorted(seen.values(), key=lambda d: d.metadata["Name"].lower())


def licence_of(dist: metadata.Distribution) -> str:
    """The distribution's declared licence: ``License-Expression``, else ``License`` (its first
    line), else its ``License ::`` classifiers."""
    expression = dist.metadata.get("License-Expression")
    if expression:
        return str(expression)
    declared = (dist.metadata.get("License") or "").strip()
    if declared and declared.upper() != "UNKNOWN":
        return declared.splitlines()[0]
    classifiers = dist.metadata.get_all("Classifier") or []
    named = [c.split("::")[-1].strip() for c in classifiers if c.startswith("License ::")]
    return "; ".join(named) or "not declared"


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(path in the distribution, text) of every licence file it ships."""
    declared = set(dist.metadata.get_all("License-File") or [])
    found = []
    for file in dist.files or []:
        path = str(file)
        if path.endswith((".py", ".pyc", ".pyi", ".so", ".pyd", ".dll", ".dylib")):
            continue
        if Path(path).name in declared or LICENCE_NAME.search(path):
            located = Path(str(file.locate()))
            if located.is_file():
                found.append((path, located.read_text(encoding="utf-8", errors="replace")))
    return sorted(found)


def shared_library_licence(name: str) -> str | None:
    """The SPDX licence of a bundled shared library by its file name, or None when unknown."""
    matches = [prefix for prefix in SHARED_LIBRARIES if name.startswith(prefix)]
    return SHARED_LIBRARIES[max(matches, key=len)] if matches else None


def bundled_libraries(dist: metadata.Distribution) -> list[str]:
    """The shared libraries a wheel carries outside its Python package (``pygame_ce.libs/``,
    ``.dylibs/``, the DLLs beside the modules), as its RECORD lists them."""
    names = []
    for file in dist.files or []:
        path = str(file)
        name = Path(path).name
        if ".libs/" in path or ".dylibs/" in path or name.lower().endswith(".dll"):
            names.append(name)
    return sorted(set(names))


def python_licence() -> tuple[str, str]:
    """(where, text) of the running Python's licence (CPython installs it beside its library)."""
    candidates = [
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
    ]
    for path in candidates:
        if path.is_file():
            return str(path), path.read_text(encoding="utf-8", errors="replace")
    raise SystemExit(f"licences: Python's LICENSE.txt not found in {[str(p) for p in candidates]}")


def section(title: str, lines: Iterable[str]) -> str:
    return "\n".join([SEPARATOR, title, SEPARATOR, *lines, ""])


def render(
    dists: list[metadata.Distribution] | None = None,
    keep_library: Callable[[str], bool] = lambda name: True,
) -> str:
    """The whole text: a table of contents, then each component with its licence files."""
    dists = run_time_distributions() if dists is None else dists
    tools = [metadata.distribution(name) for name in BUILD_TOOLS]
    parts = [
        "Third-party software in this program and its licences",
        "",
        "Solitaire itself is free software under the GNU General Public License, version 3 or",
        "later (GPL-3.0-or-later): see LICENSE. This file, generated when the program was built",
        "(build/licences.py) from the installed packages' metadata, gives the licences of what",
        "the program carries besides:",
        "",
    ]
    everything = [*dists, *tools]
    for dist in everything:
        parts.append(f"  {dist.metadata['Name']} {dist.version}: {licence_of(dist)}")
    where, python_text = python_licence()
    version = ".".join(map(str, sys.version_info[:3]))
    parts += [f"  Python {version}: PSF-2.0 (and the licences of its parts, below)", ""]
    for dist in everything:
        name = f"{dist.metadata['Name']} {dist.version}"
        body = [f"Licence: {licence_of(dist)}"]
        home = dist.metadata.get("Home-page") or next(
            (url.split(",", 1)[-1].strip() for url in dist.metadata.get_all("Project-URL") or []), ""
        )
        if home:
            body.append(f"Home: {home}")
        libraries = [lib for lib in bundled_libraries(dist) if keep_library(lib)]
        if libraries:
            body += ["", "Shared libraries it carries (file: licence):"]
            for library in libraries:
                licence = shared_library_licence(library)
                if licence is None:
                    raise SystemExit(
                        f"licences: no licence known for {library} ({name}): add it to SHARED_LIBRARIES"
                    )
                body.append(f"  {library}: {licence}")
        files = licence_files(dist)
        if not files:
            body.append("(the package ships no licence file)")
        for path, text in files:
            body += ["", f"--- {path}", "", text.rstrip()]
        parts.append(section(name, body))
    parts.append(section(f"Python {version}", [f"--- {Path(where).name}", "", python_text.rstrip()]))
    return "\n".join(parts) + "\n"


def write(out_dir: Path = DEFAULT_OUT, keep_library: Callable[[str], bool] = lambda name: True) -> Path:
    """Write THIRD-PARTY-LICENSES.txt into ``out_dir``; returns its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / OUT_NAME
    path.write_text(render(keep_library=keep_library), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    print(write(Path(argv[0]) if argv else DEFAULT_OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
