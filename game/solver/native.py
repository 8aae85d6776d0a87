"""Which solver modules run compiled: the searches' hot modules are compiled to C by mypyc when
the game is installed (``setup.py``), which makes them about twice as fast; without a C
compiler they run as the plain Python they are written in. Both behave the same. A few modules
are written in C (``C_MODULES``), each the twin of a plain-Python class that is used without it.

A compiled module lies beside its source (an editable install builds in place) and Python would
load it first, so an edited source would be ignored until the next install. To keep an edit
from being silently shadowed, the whole group is loaded from source when any of its compiled
modules is older than its source (``stale``), or when ``SOLITAIRE_PURE_PYTHON`` is set
(``1``: also at install, to skip the compile). The group goes together because compiled classes
cannot extend ones loaded from source.

No pygame here.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

COMPILED = (
    "compact",
    "alternate_rules",
    "alternate",
    "alternate_stock",
    "cells",
    "kansas_position",
    "kansas_moves",
    "kansas",
)
"""The modules of ``game.solver`` that ``setup.py`` compiles, as one group. ``kansas_relaxed`` is
not among them: its search runs in C (``_loose``), and compiled it did not make Kansas faster
(deals 1-8, 19, 23 at 4 s: the same positions, 4.40 s in all without it against 4.67 s with it),
while it was a ninth of the C to compile at every install."""

C_MODULES = ("_loose", "_cells", "_alternate")
"""The modules of ``game.solver`` written in C (``setup.py`` builds each from ``<name>.c``);
each has a plain-Python equivalent that is used when it is not built, stale, or not wanted."""

GROUP = "solitaire_solver"
"""The compiled group's name: its shared runtime is the top-level module ``GROUP + "__mypyc"``."""

PURE_ENV = "SOLITAIRE_PURE_PYTHON"

HERE = Path(__file__).resolve().parent

SLACK = 2.0
"""Seconds a source may be newer than its compiled module and still count as built with it
(an install writes the files one after another)."""


def compiled_file(name: str, folder: Path = HERE) -> Path | None:
    """The compiled module of ``game.solver.<name>`` in ``folder``, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / f"{name}{suffix}"
        if path.exists():
            return path
    return None


def stale(names: Sequence[str] = COMPILED, folder: Path = HERE, suffix: str = ".py") -> bool:
    """Whether some compiled module in ``folder`` is older than its source, ``<name><suffix>``
    (a frozen app has no sources, so it is never stale)."""
    for name in names:
        binary, source = compiled_file(name, folder), folder / f"{name}{suffix}"
        if binary and source.exists() and source.stat().st_mtime > binary.stat().st_mtime + SLACK:
            return True
    return False


class SourceFirst:
    """Finds the compiled group's modules in their ``.py`` sources, ahead of the compiled ones
    (a finder for ``sys.meta_path``; not derived from ``importlib.abc.MetaPathFinder``, whose
    module loads ``importlib.resources`` and ``tempfile``: ~2 ms of every start)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source spec of a module of the group; ``None`` for any other module."""
        package, _, name = fullname.rpartition(".")
        source = HERE / f"{name}.py"
        if package != __package__ or name not in COMPILED or not source.exists():
            return None  # a frozen app has no sources: it keeps what it was built with
        return importlib.util.spec_from_file_location(fullname, source)


def pure_wanted() -> bool:
    """Whether ``SOLITAIRE_PURE_PYTHON`` asks for the plain modules (set, and not ``0``)."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def use_source_if_needed() -> None:
    """Load the group from source from now on when it is asked for or the build is stale."""
    if (pure_wanted() or stale()) and not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


def c_wanted(name: str) -> bool:
    """Whether the C module ``game.solver.<name>`` (of ``C_MODULES``) may be used: not when the
    plain modules are asked for, nor when its build is older than its source."""
    return not pure_wanted() and not stale([name], suffix=".c")


def c_built(name: str) -> bool:
    """Whether the C module ``game.solver.<name>`` is built and may be used (``c_wanted``)."""
    if not c_wanted(name):
        return False
    return importlib.util.find_spec(f"{__package__}.{name}") is not None


def describe() -> str:
    """How the solver runs here, for the benchmarks to print beside their figures."""
    searches = "compiled (mypyc)" if compiled() else "plain Python"
    in_c = [name for name in C_MODULES if c_built(name)]
    return f"{searches}; written in C: {', '.join(in_c) if in_c else 'none built'}"


def compiled() -> bool:
    """Whether the searches run compiled (``solitaire --version`` says it; benchmarks print it
    beside their figures): their module is an extension module, not a ``.py`` or, frozen, a
    ``.pyc`` file."""
    from game.solver import alternate

    return (alternate.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
