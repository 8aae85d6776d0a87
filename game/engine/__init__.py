"""The headless engine: cards, deals, states and their text form, moves and errors.

The layer under everything: it imports nothing else of the game (no variant, no pygame);
``game.play.Game`` joins it to the variants' rules. Its names load on first use, as
``game.lazy`` makes ``game``'s (written out here: the engine imports nothing of the game above
it), so the command line reads a deal number with ``game.engine.deals`` before its window is up
without loading the moves and states.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.cards import DECK, Card
    from game.engine.errors import (
        BadDealNumber,
        GameError,
        IllegalMove,
        InvalidPosition,
        NothingToUndo,
        UnknownVariant,
    )
    from game.engine.moves import Move
    from game.engine.state import State

_LAZY = {
    "DECK": "game.engine.cards",
    "Card": "game.engine.cards",
    "BadDealNumber": "game.engine.errors",
    "GameError": "game.engine.errors",
    "IllegalMove": "game.engine.errors",
    "InvalidPosition": "game.engine.errors",
    "NothingToUndo": "game.engine.errors",
    "UnknownVariant": "game.engine.errors",
    "Move": "game.engine.moves",
    "State": "game.engine.state",
}
"""Name -> the module defining it."""
_MODULES = ("cards", "errors", "moves", "state")


def _load(name: str) -> Any:
    """``name`` from its module, on first use (and kept)."""
    home = _LAZY.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home), name)
    elif name in _MODULES:  # attributes once the eager import made them
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def _names() -> list[str]:
    return sorted({*globals(), *_LAZY})


if not TYPE_CHECKING:  # mypy reads the imports above
    __getattr__ = _load
    __dir__ = _names

__all__ = [
    "DECK",
    "BadDealNumber",
    "Card",
    "GameError",
    "IllegalMove",
    "InvalidPosition",
    "Move",
    "NothingToUndo",
    "State",
    "UnknownVariant",
]
