"""The headless engine: cards, states and their text form, moves, errors, and Game.

Nothing in here imports pygame.
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
from game.engine.game import Game
from game.engine.moves import Move
from game.engine.state import State

__all__ = [
    "DECK",
    "BadDealNumber",
    "Card",
    "Game",
    "GameError",
    "IllegalMove",
    "InvalidPosition",
    "Move",
    "NothingToUndo",
    "State",
    "UnknownVariant",
]
