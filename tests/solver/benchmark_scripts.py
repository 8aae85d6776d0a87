"""The scripts in ``benchmarks/``, found and loaded by path for their tests (``benchmarks`` is
not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def script(name: str) -> Path:
    """The path of ``benchmarks/<name>.py``."""
    return BENCHMARKS / f"{name}.py"


def load(name: str) -> ModuleType:
    """A fresh module of ``benchmarks/<name>.py``, registered under its own name (dataclasses
    look their module up by name)."""
    spec = importlib.util.spec_from_file_location(f"_solitaire_benchmark_{name}", script(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
