"""The five games' keys and names, known without loading their rules.

The command line checks ``--variant`` and titles its first window before the engine and the
games are loaded (``game.variants.VARIANTS`` is the full registry, in this order; a test keeps
the two the same).
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
