"""The words a variant's declarations are written in: pile kinds, fans, builds, pile specs.

Plain data with no rules in it, so every other module of the variants (and the view, and the
solver) can import it without importing the rules.

Moves inside the engine are ``RawMove`` tuples ``(source index, target index, count)``;
``ALL_RESERVES`` as a target stands for "one card onto each reserve pile" (Lady Jane's deal).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

RawMove = tuple[int, int, int]
ALL_RESERVES: Final = -1
ALL_RESERVES_NAME: Final = "reserve"


class Kind(Enum):
    """What a pile is in the game."""

    STOCK = "stock"
    WASTE = "waste"
    RESERVE = "reserve"
    """A source only: the player never puts a card on it (Lady Jane, Kansas)."""
    CELL = "cell"
    """A reserve cell holding at most one card (Baker's Game, Seahaven Towers)."""
    FOUNDATION = "foundation"
    TABLEAU = "tableau"


class Fan(Enum):
    """How a pile spreads its cards on the table."""

    NONE = "none"
    DOWN = "down"
    RIGHT = "right"


class Build(Enum):
    """How the tableau builds down."""

    SUIT = "suit"
    ALTERNATE = "alternate colours"
    ANY = "regardless of suit"


class EmptyFill(Enum):
    """Which card may start an empty tableau pile."""

    KING = "a King"
    BELOW_BASE = "a card one rank below the base rank"
    ANY = "any card"


@dataclass(frozen=True, slots=True)
class PileSpec:
    """One pile: its name, its kind and its place in the logical layout (card units)."""

    name: str
    kind: Kind
    x: float
    y: float
    fan: Fan = Fan.NONE


def row_of(
    kind: Kind, count: int, x: float, y: float, fan: Fan = Fan.NONE, *, first: int = 1, name: str = ""
) -> list[PileSpec]:
    """``count`` piles named ``name-N`` (default: the kind's name) left to right from (x, y)."""
    prefix = name or kind.value
    return [PileSpec(f"{prefix}-{first + i}", kind, x + i, y, fan) for i in range(count)]


def column_of(kind: Kind, count: int, x: float, y: float, fan: Fan, step: float) -> list[PileSpec]:
    """``count`` piles named ``kind-1``… placed top to bottom from (x, y)."""
    return [PileSpec(f"{kind.value}-{i + 1}", kind, x, y + i * step, fan) for i in range(count)]
