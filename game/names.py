"""The shipped games' keys and names, known without loading their rules.

The command line checks ``--variant`` and titles its first window before the engine and the
games are loaded. ``game.variants.VARIANTS`` stays the one registry: a key not listed here (a
game added since, or one registered at run time) is looked up there, which loads the games
(``is_variant``, ``variant_name``); a test keeps this list the registry's first entries.
"""

from __future__ import annotations

VARIANT_NAMES: dict[str, str] = {
    "lady-jane": "Lady Jane",
    "bakers-game": "Baker's Game",
    "kansas": "Kansas",
    "aunt-mary": "Aunt Mary",
    "seahaven": "Seahaven Towers",
}
"""Variant key -> the game's English name (the window title's; the scenes translate it)."""


def variant_keys() -> list[str]:
    """Every registered game's key, in menu order (this loads the games)."""
    from game.variants import VARIANTS

    return list(VARIANTS)


def is_variant(key: str) -> bool:
    """Whether ``key`` names a registered game (the registry is loaded only for a key not
    listed here)."""
    return key in VARIANT_NAMES or key in variant_keys()


def variant_name(key: str) -> str | None:
    """The English name of the game ``key`` names, if any (as ``is_variant``)."""
    if key in VARIANT_NAMES:
        return VARIANT_NAMES[key]
    from game.variants import VARIANTS

    cls = VARIANTS.get(key)
    return None if cls is None else cls.name
