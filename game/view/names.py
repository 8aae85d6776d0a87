"""The names the player reads for things the rules name (games, cards, piles), in the player's
language; the rules and scripts keep the English names."""

from __future__ import annotations

from game.i18n import pgettext
from game.variants.base import Variant
from game.variants.words import card_words, pile_words

__all__ = ["capitalised", "card_words", "game_name", "pile_words"]


def game_name(variant: Variant | type[Variant]) -> str:
    """``variant``'s name in the player's language (a language may keep the English name).

    The names are marked for translation where the variants define them, in the context
    ``game name``."""
    return pgettext("game name", variant.name)


def capitalised(line: str) -> str:
    """``line`` with its first letter made upper case (a message that starts with a name)."""
    return line[:1].upper() + line[1:]
