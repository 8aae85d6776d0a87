"""Which search solves which game: declared, never inferred from a variant's attributes.

Each of the five games has a fast compact search written for its rules alone (its own move
generator, checked against the engine by ``tests/solver/test_rules_agree.py``). A search
written for one game may answer "unwinnable" wrongly for another that merely looks alike (a
draw-three Klondike has Aunt Mary's piles and builds, but not her stock), and an unwinnable
answer is not replayed the way a winning line is. So a variant gets a compact search only when
it is named here, by its key, as the very class registered under that key in
``game.VARIANTS``; every other variant (a new game, a test's subclass) gets the generic search
of ``game.solver.search``, which takes every move from the engine.

No pygame here.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from game.variants import VARIANTS
from game.variants.base import Variant


class Family(Enum):
    """The search a game is declared to have."""

    CELLS = "cells"
    """``game.solver.cells``: Baker's Game, Seahaven Towers."""
    LADY_JANE = "lady-jane"
    """``game.solver.alternate`` with Lady Jane's stock (``alternate_stock.LadyJaneStock``)."""
    AUNT_MARY = "aunt-mary"
    """``game.solver.alternate`` with Aunt Mary's stock (``alternate_stock.AuntMaryStock``)."""
    KANSAS = "kansas"
    """``game.solver.kansas``."""
    GENERIC = "generic"
    """``game.solver.search``'s search over the engine's own moves, and nothing else."""


FAMILIES: Final[dict[str, Family]] = {
    "lady-jane": Family.LADY_JANE,
    "bakers-game": Family.CELLS,
    "kansas": Family.KANSAS,
    "aunt-mary": Family.AUNT_MARY,
    "seahaven": Family.CELLS,
}
"""The declared search of each registered game, by key (a game left out gets ``GENERIC``)."""

ONE_CARD_DEALS: Final = frozenset({Family.KANSAS, Family.AUNT_MARY})
"""Families whose stock deals one card at a time to a waste, and only that: the generic
search may make "deal until card c is on the waste, then play it" one macro move for them."""


def family_of(variant: Variant) -> Family:
    """The search declared for ``variant``: ``GENERIC`` unless its class is the one registered
    under its key and that key is in ``FAMILIES``."""
    if VARIANTS.get(variant.key) is not type(variant):
        return Family.GENERIC
    return FAMILIES.get(variant.key, Family.GENERIC)
