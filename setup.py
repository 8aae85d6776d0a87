"""The build step beyond ``pyproject.toml``: the solver's search modules compiled to C with mypyc
(``game.solver.native`` lists them), about twice as fast as plain Python, and its modules written
in C (the looser Kansas, 4-7 times as fast as compiled Python).

The extensions are optional: without a C compiler, or with ``SOLITAIRE_PURE_PYTHON=1``, the
install still succeeds and the same modules run as plain Python.

The compile is spread over the machine's cores: mypyc writes one C file per module
(``multi_file``) and ``ParallelBuild`` compiles the C files of every extension at once, as many
at a time as there are cores (one 3.5 MB C file compiled alone took most of a fresh install).
A build that is current (every compiled module and the group's runtime newer than its source,
for this Python) is kept as it is: installing again compiles nothing.

The same step compiles the translations: each ``game/locale/<language>/LC_MESSAGES/solitaire.po``
to the ``solitaire.mo`` beside it (``game.i18n_tools``, with Babel, which the build requires), the
ones missing or older than their ``.po``; an editable install runs the game from there, a wheel
takes them as package data.
"""

from __future__ import annotations

import glob
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# game/solver/native.py alone, by path: importing the package would need its dependencies.
_spec = importlib.util.spec_from_file_location("_native", os.path.join("game", "solver", "native.py"))
assert _spec and _spec.loader
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)
# game/i18n_tools.py likewise (it imports Babel, from the build requirements, only when used).
_spec = importlib.util.spec_from_file_location("_i18n_tools", os.path.join("game", "i18n_tools.py"))
assert _spec and _spec.loader
i18n_tools = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(i18n_tools)


def native_extensions() -> list[Extension]:
    """The compiled group and the modules written in C; nothing when the pure-Python build is
    asked for, and only the latter when mypyc fails."""
    if native.pure_wanted():
        forget_earlier_builds()
        return []
    if not BUILDS.intersection(sys.argv[1:]):
        return [*c_extensions()]  # metadata only: mypyc (a type check and C code) is not needed
    if in_place():
        forget_retired_builds()
    if in_place() and current_build():
        print("setup.py: the compiled solver is current; kept as it is", file=sys.stderr)
        return kept_build()
    try:
        from mypyc.build import mypycify

        extensions = mypycify(
            [f"game/solver/{name}.py" for name in native.COMPILED],
            opt_level="3",
            multi_file=True,  # one C file per module, compiled in parallel (ParallelBuild)
            group_name=native.GROUP,
            target_dir=".mypyc",
        )
    except Exception as error:  # mypyc missing or failing: the plain modules still work
        print(f"setup.py: solver not compiled ({error}); it runs as plain Python", file=sys.stderr)
        return c_extensions()
    for extension in extensions:
        extension.optional = True  # no C compiler: a warning, not a failed install
    return [*extensions, *c_extensions()]


def kept_build() -> list[Extension]:
    """The group's runtime, declared with nothing to compile: ``build_ext`` finds it up to date
    and skips it, yet the editable install still maps the top-level module to its file (with
    no extension declared, a second install left the runtime out and the solver failed)."""
    return [Extension(f"{native.GROUP}__mypyc", sources=[], optional=True)]


def c_extensions() -> list[Extension]:
    """The modules written in C; optional like the others (each has a plain-Python twin)."""
    names = native.C_MODULES
    return [Extension(f"game.solver.{name}", [f"game/solver/{name}.c"], optional=True) for name in names]


BUILDS = {"build", "build_ext", "editable_wheel", "bdist_wheel", "develop", "install"}
"""The setup.py commands that build extensions (pip runs setup.py more than once per install)."""


def in_place() -> bool:
    """Whether this build puts the extensions beside their sources (an editable install)."""
    return bool({"editable_wheel", "develop", "--inplace", "-i"}.intersection(sys.argv[1:]))


def current_build() -> bool:
    """Whether every extension is built for this Python beside its source, none older than it,
    nor older than this file or ``native.py`` (which say how they are built)."""
    runtime = glob.glob(f"{native.GROUP}__mypyc{importlib.machinery.EXTENSION_SUFFIXES[0]}")
    binaries = [native.compiled_file(name) for name in (*native.COMPILED, *native.C_MODULES)]
    if not runtime or None in binaries:
        return False
    oldest = min(os.path.getmtime(p) for p in [*runtime, *binaries] if p is not None)
    sources = [f"game/solver/{name}.py" for name in native.COMPILED]
    sources += [f"game/solver/{name}.c" for name in native.C_MODULES]
    sources += [__file__, "game/solver/native.py"]
    return all(os.path.getmtime(s) <= oldest for s in sources if os.path.exists(s))


class ParallelBuild(build_ext):
    """Compiles the C files of all extensions at once, on every core (distutils compiles an
    extension's files one after another, and extensions one after another)."""

    def build_extensions(self) -> None:
        jobs = os.cpu_count() or 1
        self.parallel = jobs  # extensions at once...
        gate = threading.BoundedSemaphore(jobs)  # ...but no more compilers than cores in all
        compile_files = self.compiler.compile

        def compile_one(source: str, *args: Any, **kwargs: Any) -> list[str]:
            with gate:
                return compile_files([source], *args, **kwargs)  # type: ignore[no-any-return]

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(max(1, min(jobs, len(sources)))) as pool:
                parts = list(pool.map(lambda source: compile_one(source, *args, **kwargs), sources))
            return [obj for part in parts for obj in part]

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        """Builds ``ext``; one declared with no sources (:func:`kept_build`) is the file already
        built in place, copied to where the build would have put it (never linked empty)."""
        if ext.sources:
            super().build_extension(ext)
            return
        kept = os.path.join(*ext.name.split(".")) + importlib.machinery.EXTENSION_SUFFIXES[0]
        target = self.get_ext_fullpath(ext.name)
        if os.path.abspath(kept) != os.path.abspath(target):
            os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
            shutil.copy2(kept, target)


class BuildWithCatalogs(build_py):
    """Compiles the translations before the package's files are gathered (``build_py`` runs in
    every install, editable or not, and not when pip only asks for the metadata)."""

    def run(self) -> None:
        compile_catalogs()
        super().run()


def compile_catalogs() -> None:
    """Each ``.po`` whose ``.mo`` is missing or older, compiled beside it; without Babel (a
    build outside pip), a warning: the game then runs in English."""
    try:
        written = i18n_tools.compile_all()
    except ImportError as error:
        print(f"setup.py: translations not compiled ({error}); the game runs in English", file=sys.stderr)
        return
    for mo in written:
        print(f"setup.py: compiled {os.path.relpath(mo)}", file=sys.stderr)


def forget_retired_builds(folder: str = "game/solver") -> None:
    """Remove compiled modules an earlier install built that are no longer built: one would
    still load first, and fail without its place in the new group."""
    built = {*native.COMPILED, *native.C_MODULES}
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in glob.glob(os.path.join(folder, f"*{suffix}")):
            if os.path.basename(path).split(".")[0] not in built:
                os.unlink(path)


def forget_earlier_builds() -> None:
    """Remove the modules an earlier install compiled in place: they would still load first."""
    for name in (*native.COMPILED, *native.C_MODULES):
        path = native.compiled_file(name)
        if path is not None:
            path.unlink()
    for path in glob.glob(f"{native.GROUP}__mypyc.*"):
        os.unlink(path)


if __name__ == "__main__":  # as pip and setuptools run it; tests import it
    setup(
        ext_modules=native_extensions(), cmdclass={"build_ext": ParallelBuild, "build_py": BuildWithCatalogs}
    )
