"""The headless engine: cards, deals, states and their text form, moves and errors.

The layer under everything: it imports nothing else of the game (no variant, no pygame);
``game.play.Game`` joins it to the variants' rules.
"""

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
