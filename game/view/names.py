"""The names the player reads for things the rules name: games, in the player's language."""

from __future__ import annotations

from game.i18n import pgettext
from game.variants.base import Variant


def game_name(variant: Variant | type[Variant]) -> str:
    """``variant``'s name in the player's language (a language may keep the English name).

    The names are marked for translation where the variants define them, in the context
    ``game name``."""
    return pgettext("game name", variant.name)
