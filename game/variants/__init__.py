"""The five games, registered by key."""

from __future__ import annotations

from typing import Final

from game.engine.errors import UnknownVariant, shown
from game.variants.aunt_mary import AuntMary
from game.variants.bakers_game import BakersGame
from game.variants.base import Variant
from game.variants.kansas import Kansas
from game.variants.lady_jane import LadyJane
from game.variants.seahaven import Seahaven

VARIANTS: Final[dict[str, type[Variant]]] = {
    cls.key: cls for cls in (LadyJane, BakersGame, Kansas, AuntMary, Seahaven)
}
"""Every game by key, in menu order."""


def variant_class(key: str) -> type[Variant]:
    """The variant registered as ``key``, or ``UnknownVariant`` naming the known ones."""
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):  # TypeError: an unhashable key, a list say
        raise UnknownVariant(f"unknown variant {shown(key)}; choose one of: {', '.join(VARIANTS)}") from None


__all__ = ["VARIANTS", "Variant", "variant_class"]
