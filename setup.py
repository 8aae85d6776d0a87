"""The build step beyond ``pyproject.toml``: the solver's search modules compiled to C with mypyc
(``game.solver.native`` lists them), about twice as fast as plain Python, and its modules written
in C (the looser Kansas, 4-7 times as fast as compiled Python).

The extensions are optional: without a C compiler, or with ``SOLITAIRE_PURE_PYTHON=1``, the
install still succeeds and the same modules run as plain Python.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import sys

from setuptools import Extension, setup

# game/solver/native.py alone, by path: importing the package would need its dependencies.
_spec = importlib.util.spec_from_file_location("_native", os.path.join("game", "solver", "native.py"))
assert _spec and _spec.loader
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)


def native_extensions() -> list[Extension]:
    """The compiled group and the modules written in C; nothing when the pure-Python build is
    asked for, and only the latter when mypyc fails."""
    if native.pure_wanted():
        forget_earlier_builds()
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify(
            [f"game/solver/{name}.py" for name in native.COMPILED],
            opt_level="3",
            group_name=native.GROUP,
            target_dir=".mypyc",
        )
    except Exception as error:  # mypyc missing or failing: the plain modules still work
        print(f"setup.py: solver not compiled ({error}); it runs as plain Python", file=sys.stderr)
        return c_extensions()
    for extension in extensions:
        extension.optional = True  # no C compiler: a warning, not a failed install
    return [*extensions, *c_extensions()]


def c_extensions() -> list[Extension]:
    """The modules written in C; optional like the others (each has a plain-Python twin)."""
    names = native.C_MODULES
    return [Extension(f"game.solver.{name}", [f"game/solver/{name}.c"], optional=True) for name in names]


def forget_earlier_builds() -> None:
    """Remove the modules an earlier install compiled in place: they would still load first."""
    for name in (*native.COMPILED, *native.C_MODULES):
        path = native.compiled_file(name)
        if path is not None:
            path.unlink()
    for path in glob.glob(f"{native.GROUP}__mypyc.*"):
        os.unlink(path)


setup(ext_modules=native_extensions())
