"""The engine's exceptions: narrow, and all of them ``ValueError``s."""

from __future__ import annotations


def shown(value: object, most: int = 60) -> str:
    """``repr(value)`` for a one-line message, cut short when long (input can be megabytes)."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


class GameError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalMove(GameError):
    """A move that the rules do not allow in the current position.

    The message says why, in one line. The game is left unchanged.
    """


class NothingToUndo(GameError):
    """``undo()`` with no action to take back, or ``redo()`` with none to replay."""


class InvalidPosition(GameError):
    """A position text that does not parse, or describes an impossible position."""


class UnknownVariant(GameError):
    """A variant key that is not one of the registered games."""


class BadDealNumber(GameError):
    """A deal number outside the supported range."""
