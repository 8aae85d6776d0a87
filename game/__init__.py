"""Solitaire: five classic patience games played as GNOME AisleRiot plays them.

The scripting API::

    import game
    game.VARIANTS                        # key -> variant class
    g = game.new_game("kansas", deal=1234)
    g.legal_moves(); g.play(game.Move("stock", "waste", 1)); g.undo(); g.redo()

This package and its engine, variants, solver and store never import pygame.

The names below are loaded on first use (``game.Move``, ``from game import Move``): importing
one of the package's modules (the command line, ``game.i18n``) does not load the engine and the
five games, so the command line can put its window on screen first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.lazy import loader

if TYPE_CHECKING:
    from game.engine import (
        DECK,
        BadDealNumber,
        Card,
        GameError,
        IllegalMove,
        InvalidPosition,
        Move,
        NothingToUndo,
        State,
        UnknownVariant,
    )
    from game.engine.deals import MAX_DEAL, MIN_DEAL
    from game.engine.deals import check_deal_number as check_deal_number  # an attribute, not API
    from game.engine.deals import deal_order as deal_order
    from game.play import Game
    from game.variants import VARIANTS, Variant, variant_class

__version__ = "0.1.0"

_LAZY = {
    "DECK": "game.engine.cards",
    "BadDealNumber": "game.engine.errors",
    "Card": "game.engine.cards",
    "GameError": "game.engine.errors",
    "IllegalMove": "game.engine.errors",
    "InvalidPosition": "game.engine.errors",
    "Move": "game.engine.moves",
    "NothingToUndo": "game.engine.errors",
    "State": "game.engine.state",
    "UnknownVariant": "game.engine.errors",
    "MAX_DEAL": "game.engine.deals",
    "MIN_DEAL": "game.engine.deals",
    "check_deal_number": "game.engine.deals",
    "deal_order": "game.engine.deals",
    "Game": "game.play",
    "VARIANTS": "game.variants",
    "Variant": "game.variants",
    "variant_class": "game.variants",
}
"""Name -> the module it comes from, imported when the name is first asked for."""

if not TYPE_CHECKING:  # mypy reads the imports above, so a misspelt name stays an error
    __getattr__, __dir__ = loader(__name__, globals(), _LAZY)


def random_deal_number() -> int:
    """A deal number drawn at random from the whole range (from the system's entropy source).

    ``random.SystemRandom`` rather than ``secrets``, whose ``hmac`` import loads OpenSSL's
    libcrypto: ~3 ms of start-up and ~3 MiB of resident memory for nothing.
    """
    import random

    from game.engine.deals import MAX_DEAL, MIN_DEAL

    return random.SystemRandom().randint(MIN_DEAL, MAX_DEAL)


def new_game(variant: str, deal: int | None = None) -> Game:
    """A new game of ``variant`` (a key of ``VARIANTS``) from deal number ``deal``.

    Without a deal number one is drawn at random. The opening position is as dealt: the
    automatic foundation moves (``auto_moves()``) are left to the caller.

    >>> g = new_game("seahaven", deal=7)
    >>> g.score, g.auto_moves()
    (0, [Move(source='tableau-10', target='foundation-1', count=1)])
    """
    from game.engine.deals import check_deal_number, deal_order
    from game.play import Game
    from game.variants import variant_class

    v = variant_class(variant).instance()
    number = random_deal_number() if deal is None else check_deal_number(deal)
    return Game(v, v.deal(iter(deal_order(number))), number)


def from_text(text: str) -> Game:
    """A game set up from a one-line position text (see ``Game.text()``).

    Piles left out are empty:

    >>> g = from_text("kansas base=K foundation-1=KD tableau-1=AD")
    >>> g.legal_moves()
    [Move(source='tableau-1', target='foundation-1', count=1)]
    >>> from_text("kansas base=K foundation-1=KD tableau-1=KD")
    Traceback (most recent call last):
    ...
    game.engine.errors.InvalidPosition: KD appears twice
    """
    from game.play import Game

    return Game.from_text(text)


__all__ = [
    "DECK",
    "MAX_DEAL",
    "MIN_DEAL",
    "VARIANTS",
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
    "Variant",
    "from_text",
    "new_game",
    "random_deal_number",
    "variant_class",
]
