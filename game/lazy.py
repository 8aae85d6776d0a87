"""A package's names loaded on first use (PEP 562's module ``__getattr__``).

The command line puts its window on screen before the engine, the five games and the store are
loaded; a package whose ``__init__`` imported all of its modules would load them with the first
of its modules anyone imports. A package using this keeps its names (``from game import Move``,
``game.Move``, ``dir(game)``, ``from game import *``) while importing a module of it loads only
that module. Type checkers read the package's ``if TYPE_CHECKING:`` imports instead.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any


def loader(
    package: str, namespace: dict[str, Any], homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` (its globals: ``namespace``), which
    gives each name of ``homes`` (name -> the module defining it) from its module on first use,
    and any of its subpackages or modules by name, as an eager ``__init__`` would have made them
    attributes."""

    def load(name: str) -> Any:
        home = homes.get(name)
        if home is not None:
            value = getattr(importlib.import_module(home), name)
        elif not name.startswith("__") and importlib.util.find_spec(f"{package}.{name}") is not None:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def names() -> list[str]:
        return sorted({*namespace, *homes})

    return load, names
