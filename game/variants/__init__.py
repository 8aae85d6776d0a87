"""The games, registered by key: each is one file under game/variants and one line of ``GAMES``."""

from __future__ import annotations

import importlib
from typing import Final

from game.engine.errors import UnknownVariant, shown
from game.variants.base import Variant

GAMES: Final = (
    "lady_jane.LadyJane",
    "bakers_game.BakersGame",
    "kansas.Kansas",
    "aunt_mary.AuntMary",
    "seahaven.Seahaven",
)
"""Each game as ``module.Class`` under game/variants, in menu order (the chooser's, the menu's).
Adding a game is its file and its line here (docs/new-game.md)."""


def _load(entry: str) -> type[Variant]:
    module, _, name = entry.rpartition(".")
    cls = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    key: object = getattr(cls, "key", None)
    if not (isinstance(cls, type) and issubclass(cls, Variant) and isinstance(key, str) and key):
        raise TypeError(f"{entry} is not a game with a key")
    return cls


VARIANTS: Final[dict[str, type[Variant]]] = {cls.key: cls for cls in map(_load, GAMES)}
"""Every game by key, in menu order."""


def variant_class(key: str) -> type[Variant]:
    """The variant registered as ``key``, or ``UnknownVariant`` naming the known ones."""
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):  # TypeError: an unhashable key, a list say
        raise UnknownVariant(f"unknown variant {shown(key)}; choose one of: {', '.join(VARIANTS)}") from None


__all__ = ["GAMES", "VARIANTS", "Variant", "variant_class"]
